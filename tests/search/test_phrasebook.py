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
        ("nuevos tokens lanzados en Solana", (), None),
    ],
)
def test_other_languages_are_read_like_english(query: str, networks: tuple[str, ...], price: Decimal | None) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.networks)), iq.max_usd_price) == (networks, price)


def test_no_english_query_of_the_evaluation_sets_is_rewritten() -> None:
    root = Path(__file__).resolve().parents[2] / "eval"
    files = ["golden/queries.draft.jsonl", "crawl_constraints/queries.jsonl", "crawl_graded/queries.jsonl"]
    queries = [json.loads(line)["query"] for f in files for line in (root / f).read_text().splitlines() if line]
    assert len(queries) > 700
    assert [q for q in queries if to_english(q) != q] == []
