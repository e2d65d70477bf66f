"""souk.search.phrasebook: payment and price phrases of other languages, in the English the rules read."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from souk import networks as n
from souk.search.phrasebook import to_english
from souk.search.understanding import interpret

SOLANA_MAIN = (n.SOLANA,)


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("API de traducción, zahlbar auf Solana", "API de traducción, payable on Solana"),
        ("un service OCR payable sur Base", "un service OCR payable on Base"),
        ("uma API de frete com pagamento na rede Base", "uma API de frete com payable on Base"),
        ("API de voz que acepte USDC en Solana", "API de voz that accepts USDC on Solana"),
        ("massimo 0,02 dollari per chiamata", "at most 0.02 dollars per call"),
        ("weniger als 1,5 Cent pro Anfrage", "under 1.5 Cent per call"),
        ("menos de medio centavo por consulta", "under half a cent per call"),
        ("convert 1,000 USD to EUR", "convert 1,000 USD to EUR"),  # a thousands separator stays
        ("payable in USDC on base", "payable in USDC on base"),  # English is left alone
    ],
)
def test_payment_and_price_phrases_become_english(text: str, english: str) -> None:
    assert to_english(text) == english


@pytest.mark.parametrize(
    ("query", "networks", "price"),
    [
        ("necesito una API de traducción que se pague en Solana", SOLANA_MAIN, None),
        ("API für Übersetzungen, höchstens 0,02 USD pro Aufruf", (), Decimal("0.02")),
        (
            "je veux une API de traduction payable sur Solana, moins de 1 centime par appel",
            SOLANA_MAIN,
            Decimal("0.01"),
        ),
        ("precio de SOL en Solana hoy", (), None),  # the chain is the topic
        ("API del clima que cobre en Base, menos de 1 centavo por llamada", (n.BASE,), Decimal("0.01")),
        ("sentiment API chahiye, Solana pe pay ho, 1 cent se kam per call", SOLANA_MAIN, Decimal("0.01")),
        ("xlsx to PDF API, price 0.001 dollar se zyada nahi hona chahiye", (), Decimal("0.001")),
        ("查询任意地点天气的接口，用 Base 链支付，每次调用不超过 0.005 美元", (n.BASE,), Decimal("0.005")),
        ("识别验证码的接口，Base 主网付款", (n.BASE,), None),
        ("查询 Solana 上价格低于 1 美分的代币", (), None),  # tokens priced under a cent: the data
        ("Zufallszahlen, unter 0,5 Cent pro Abruf", (), Decimal("0.005")),
        ("verificar un contrato, máximo 2 centavos por verificación", (), Decimal("0.02")),
        ("hotel en Madrid, 50 dólares por noche", (), None),
        ("whois lookup, ≤ 1 ct", (), Decimal("0.01")),
        ("ocr api paid on base. Solana's fine too", (n.BASE, SOLANA_MAIN[0]), None),
        # the attack on those rules: payments, prices and budgets as the data
        ("mujhe Base pe payout status check karna hai", (), None),
        ("payment Solana pe fail ho gaya, debug tool chahiye", (), None),
        ("1 dollar se kam price wale tokens dikhao", (), None),
        ("查询 Solana 上的支付记录", (), None),
        ("写一篇关于 Base 链支付的博客", (), None),
        ("预算 3 美元以内的午餐食谱", (), None),
        ("单次不超过 20 美元的信用卡交易", (), None),
        ("¿cuánto cobra en Solana un validador por transacción?", (), None),
        ("un bot de Telegram que cobre en Stellar a mis clientes", (), None),
        ("busca restaurantes de menos de 30 dólares por persona", (), None),
        ("Kaffee unter 1 Dollar pro Tasse", (), None),
        ("Stromtarife API: Arbeitspreis ≤ 30 ct pro kWh", (), None),
        # ... and a review of them
        ("una API de clima que cobre en base a consultas", (), None),  # "en base a": based on
        ("天气 API，通过 Coinbase 付款。", (), None),
        ("每次调用 0.01 美元以上的 API", (), None),  # at least a cent
        ("每次调用不超过 0.005 USDC", (), Decimal("0.005")),
        ("Benzinpreis-API, unter 5 Cent pro Liter", (), None),
        ("Strompreis API ≤ 1 ct pro kWh", (), None),
        ("nuevos tokens lanzados en Solana", (), None),
        # Korean rails (batch 41): not payment records, nor in a text that refuses
        ("스텔라 테스트넷에서 결제하는 번역 API", ("stellar:testnet",), None),
        ("베이스에서 결제 가능한 OCR API", (n.BASE,), None),
        ("베이스에서 결제 내역 조회 API", (), None),
        ("이더리움에서 결제하지 않는 번역 API", (), None),
    ],
)
def test_other_languages_are_read_like_english(query: str, networks: tuple[str, ...], price: Decimal | None) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.networks)), iq.max_usd_price) == (networks, price)


def test_no_english_query_of_the_evaluation_sets_is_rewritten() -> None:
    root = Path(__file__).resolve().parents[2] / "eval"
    files = ["golden/queries.draft.jsonl", "crawl_constraints/queries.jsonl", "crawl_graded/queries.jsonl"]
    rows = [json.loads(line) for f in files for line in (root / f).read_text().splitlines() if line]
    # the crawl probes' batch 8 (c631-c720) is written in other languages and shorthand on purpose
    queries = [
        r["query"] for r in rows if not ("id" in r and r["id"].startswith("c") and 630 < int(r["id"][1:]) <= 720)
    ]
    assert len(queries) > 700
    assert [q for q in queries if to_english(q) != q] == []


def test_lengthening_rewrites_are_bounded_per_line() -> None:
    line = "每次1美分," * 667
    assert to_english(line).count("per call") == 8


# Batch 38 (dev half): "only" between the payment word and the chain, and an MCP server asked for in other languages.
@pytest.mark.parametrize(
    ("query", "networks", "query_type"),
    [
        ("Ich brauche eine Geocoding-API, Bezahlung nur über Base", (n.BASE,), None),
        ("geocodificación, que se pague solo en Solana", (n.SOLANA,), None),
        ("necesito un servidor MCP para horarios de trenes", (), "mcp"),
        ("je cherche un serveur MCP pour les horaires de train", (), "mcp"),
        ("Ich brauche einen MCP-Server für Fahrplanauskünfte der Deutschen Bahn", (), "mcp"),
        ("una lista de servidores MCP populares", (), None),
        ("necesito un informe sobre el servidor MCP de GitHub", (), None),
        ("Estoy escribiendo un servidor MCP. ¿Qué API de clima me recomiendas con pago en Base?", (n.BASE,), None),
        ("Necesito una API de nóminas con pago solo en base mensual", (), None),
    ],
)
def test_only_on_a_chain_and_mcp_servers_in_other_languages(
    query: str, networks: tuple[str, ...], query_type: str | None
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.type) == (networks, query_type)


# Batch 40 and its attack: rails in Japanese, Russian and Indonesian; payments that are the data, and texts that
# refuse, stay as they are.
@pytest.mark.parametrize(
    ("query", "networks"),
    [
        ("天気予報API、Baseで支払い", (n.BASE,)),
        ("Solanaネットワークで決済できる翻訳API", (n.SOLANA,)),
        ("BaseとSolanaで支払いできるAPI", (n.BASE, n.SOLANA)),
        ("Ethereumで支払いたくない", ()),
        ("Ethereumで決済するAPIは除外して", ()),
        ("Solanaで決済された取引の一覧を取得するAPI", ()),
        ("Baseでの支払い履歴を取得するAPI", ()),
        ("API для распознавания текста на чеках, оплата в сети Stellar", (n.STELLAR_PUBNET,)),
        ("оплата в сети Base или Solana", (n.BASE, n.SOLANA)),
        ("не хочу платить в сети Ethereum", ()),
        ("отслеживать оплату в сети Base", ()),
        ("API cek ongkir, bayar pakai USDC di jaringan Polygon", ("eip155:137",)),
        ("API untuk terjemahan, pembayaran via Solana", (n.SOLANA,)),
        ("jangan bayar di Ethereum, cari API cuaca", ()),
        ("memantau pembayaran di jaringan Base", ()),
        ("riwayat pembayaran di Solana", ()),
    ],
)
def test_rails_in_japanese_russian_and_indonesian(query: str, networks: tuple[str, ...]) -> None:
    assert interpret(query).networks == tuple(sorted(networks))


# A review of the above: payment records as the data, a refusal marker inside a word, questions whether a payment
# went through.
@pytest.mark.parametrize(
    ("query", "networks"),
    [
        ("Baseでの支払い履歴API", ()),
        ("Solanaでの決済履歴ツール", ()),
        ("PNG画像変換API、Baseで支払いできる", (n.BASE,)),
        ("API для проверки, прошла ли оплата в сети Base", ()),
        ("API untuk cek apakah pelanggan sudah bayar di Base", ()),
    ],
)
def test_payment_records_and_checks_are_the_data(query: str, networks: tuple[str, ...]) -> None:
    assert interpret(query).networks == networks
