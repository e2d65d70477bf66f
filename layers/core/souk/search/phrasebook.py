"""Payment and price phrases of Spanish, Portuguese, French, German and Italian requests (and the rail phrases of
Chinese, Japanese, Russian, Indonesian and Hindi-English ones), rewritten into the
English that souk.search.understanding reads ("zahlbar auf Solana" -> "payable on Solana", "máximo 1 centavo por
llamada" -> "at most 1 cent per call", "0,05 USD" -> "0.05 USD").

Only the phrases that state a payment rail or a per-call price are rewritten; every other word is left as it
is, so a chain or an amount that is the topic ("precio de SOL en Solana", "tokens lanzados en Base") still
reads as the topic. Agents relay what non-English-speaking developers ask; without this a rail or a cap
in their words was never read (understanding batch 13, eval/understanding/README.md). Common misspellings of chain
names ("stellr", "arbitum", "etherium") are spelled out too (batch 24).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_ARTICLE = r"(?:(?:la|el|a|o|le|der|die|dem|den|das|il|lo|the)\s+)?"
_NETWORK_NOUN = r"(?:(?:red|rede|réseau|reseau|netzwerk|rete|blockchain|cadena|chain)\s+(?:de\s+|di\s+)?)?"
_PAY_WORDS = (
    r"pagable|pagables|pague|paguen|pagar|pago|pagos|pagando|pagamento|pagável|pagavel|payable|payables|"
    r"paiement|payer|payée|payé|payés|payées|zahlbar|bezahlbar|bezahlung|zahlung|bezahlen|zahlen|pagabile|pagare"
)
_POLISH_CHAINS = {
    "solan": "solana",
    "stell": "stellar",
    "polyg": "polygon",
    "base": "base",
    "ether": "ethereum",
    "arbit": "arbitrum",
    "avala": "avalanche",
}
# What a call is payable with, said with the asset between it and the rail ("payable en USDC sur Stellar", "Paiement
# en USDC sur Solana"); not participles and verbs, which as often describe the task's data ("factures payées en USDC
# sur Stellar", "Transaktionen bezahlt mit USDC auf Base analysieren", "wie zahlen mit USDC auf Base funktioniert")
_PAYABLE_WORDS = (
    r"payable|payables|pagable|pagables|pagável|pagavel|zahlbar|bezahlbar|pagabile|paiement|pagamento|pago|bezahlung|zahlung"
)
# a refused payment: "nicht zahlbar auf", "che non sia pagabile su", "que no se pague en", "ne doit pas être payée sur"
_NOT_PAID = r"(?:nicht|non|nie|bez|não|nao|no(?:\s+se)?|pas(?:\s+être)?|jamais)\s+(?:(?:sia|è|ist|sea|seja|jest)\s+)?"
# What is refused, in a request's own words ("kein MCP", "sans MCP", "nicht auf Ethereum", "non su Ethereum"): said
# in English, so the refusal is read as one and never as the interface or rail it names
_NO_WORDS = (
    r"(?:kein|keine|keinen|keiner|ohne|sans|pas\s+de|pas\s+d['’]|sin|sem|senza|niente|nessun|nessuna|ningún|ninguna"
    r"|nenhum|nenhuma|aucun|aucune|geen|zonder|bez)"
)
# not "pas en base" (in the database), "non in base a" (according to), "nicht mit Ethereum kompatibel"
_NOT_ON = r"(?:nicht\s+(?:auf|über|ueber)|pas\s+sur|non\s+(?:su|sulla|sul)|no\s+en|não\s+(?:na|no)|nie\s+na)"
# "REST" only as an interface ("kein REST-API", "sin REST API"); "Division ohne Rest" is a remainder
_INTERFACES = r"(mcp(?:-server|-tools?)?|http|rest(?=[\s-]*(?:api|endpoint|schnittstelle|interface|service)))"
# a clause ends right after: "Base ist ok, ..." accepts Base; "Base ist ok für Micropayments?", "está bien caro" do not
_CLAUSE_ENDS = r"(?=\s*(?:[,.;:!)\-–—]|$))"
# not "in", "no", "via": English words ("payable in USDC" stays as it is)
_ON = r"(?:en|em|na|sur|auf|über|ueber|su|sulla|sul|con|mit|par)"
_CURRENCY_AFTER = r"(?=\s*(?:usd|\$|us\$|dollars?|dólares|dolares|dollari|dolar|cents?|centavos?|€))"
# Spanish "en base a(l)": "based on"; "en base mensual": "on a monthly basis"
# Italian "su base mensile" (monthly), Spanish "con base en el uso" (based on usage)
_NOT_BASED_ON = (
    r"(?!base\s+(?:al?|en|de|di|del|della|mensual|semanal|diaria|diario|anual|horaria|mensile|settimanale|giornaliera"
    r"|giornaliero|annua|annuale|oraria|orario)\b)"
)
_ONLY = r"(?:nur|ausschließlich|solo|sólo|só|somente|solamente|seulement|uniquement|soltanto)"
_NEED_WORDS = (
    r"necesito|necesitamos|busco|buscamos|preciso\s+de|precisamos\s+de|procuro|je\s+cherche|nous\s+cherchons"
    r"|j['’]ai\s+besoin\s+d['’]|ich\s+brauche|wir\s+brauchen|ich\s+suche|wir\s+suchen|cerco|mi\s+serve"
)
_ACCEPT_WORDS = r"acepte|acepta|aceptan|aceite|aceita|accepte|acceptent|akzeptiert|akzeptieren|accetti|accetta"
_CHAINS = r"(base|solana|stellar|polygon|ethereum|avalanche|sei|arbitrum|iotex)"
# Hindi-English: what a request asks to happen ("... pe pay ho", "payment Solana pe USDC se karna hai")
_HI_ASKED = r"(?:ho\s+jaye|hona|ho|lena|le|kare|karo|karna|karni|karunga|karenge|chahiye)\b(?!\s+(?:waqt|time|ke|ki))"
# what one call costs, said before the amount ("price 0.001 dollar ...", "per call 2 cents ...")
_HI_CALL_BEFORE = r"(?:(?:price|cost|fee|per\s+call|har\s+call|call|request|query)\s+(?:ke\s+|ka\s+)?)"
_AMOUNT = r"(?<![\d.$])(?:\d[\d.]*|\.\d+)"  # anchored on its left: a long run of digits is scanned once
_MONEY = rf"(?:(?<![\d.])\$\s?{_AMOUNT}|{_AMOUNT}\s?(?:cents?|dollars?|usdc|usd|\$)(?![a-z]))"
# a unit after "pro / je / per / par / por" that is no call ("pro Liter", "par kWh"): the amount is no call price
_NOT_PER_CALL = (
    r"(?![^,;.]*\b(?:pro|je|per|par|por)\s+(?!(?:abruf|aufruf|anfrage|abfrage|call|request|query|seite|bild)\b)\w)"
)
# Chinese: the amount's unit, and the words that make it what one call costs ("每次调用", "单次", "预算")
_ZH_UNITS = {"美元": "dollars", "美金": "dollars", "美分": "cents"}
_ZH_PER_CALL = r"(?:每次(?:调用|请求|查询)|单次(?:调用|请求)|每个请求)"
# "每次" (each time), "单次" (once), "预算" (budget) alone: a call's price only in cents
_ZH_EACH = r"(?:每次|单次|预算)"
# a clause ends: not "Base 链支付的博客" / "支付记录" (payments as the data), "以内的礼物" (a budget's gift)
_ZH_CLAUSE_END = r"(?=\s*(?:[，。、,;；!！?？)）]|$))"
_ZH_AT_MOST = r"(?:不超过|不高于|最多|最高|以内)"
_ZH_UNDER = r"(?:低于|少于|小于)"
_ZH_UNIT = r"(美元|美金|美分|usdc|cents?|dollars?|usd)(?![a-z])"
_ZH_NOT_MINIMUM = r"(?!\s*(?:以上|起|或以上|及以上))"  # "0.01 美元以上" is at least
# Japanese: a rail phrase ends its clause or describes what is sought ("Baseで支払い。", "...決済できるAPI"); not
# "Baseでの支払い履歴" (the payment history on Base), "Solanaで決済された取引" (transactions settled there)
_JA_DESCRIBES = (
    r"(?=\s*(?:[、。,，.!！?？)）]|$|(?:の|な|する)?\s*[\u4e00-\u9fff\u30a0-\u30ffー]{0,10}"
    r"(?:API|ツール|サービス|MCP|エンドポイント|サーバー|もの)))"
)
# "Baseでの支払い履歴API", "Solanaでの決済履歴ツール": the payments' records are the data sought
_JA_NOT_DATA = (
    r"(?!\s*(?:の)?\s*(?:履歴|記録|データ|状況|明細|一覧|件数|金額|額|情報|手数料|取引|監視|集計|検証|確認|通知|分析))"
)
_JA_LIST = re.compile(r"\s*(?:と|や|か|または|、|/)\s*")
# Texts that refuse something: a rail phrase in them may be the refused one ("Ethereumで支払いたくない")
_JA_REFUSAL = re.compile(r"除外|除く|以外|不可|禁止|たくない|しない|できない|避け|(?<![A-Za-z])NG(?![A-Za-z])")
# ... and questions whether a payment went through ("прошла ли оплата в сети Base", "apakah ... sudah bayar di Base")
_RU_REFUSAL = re.compile(r"(?<!\w)(?:не|без|кроме|нельзя|ли)(?!\w)|исключ", re.IGNORECASE)
_ID_REFUSAL = re.compile(
    r"\b(?:tidak|tak|jangan|tanpa|hindari|kecuali|bukan|apakah|sudah|belum|telah)\b", re.IGNORECASE
)

_KO_CHAINS = {
    "베이스": "base",
    "솔라나": "solana",
    "스텔라": "stellar",
    "폴리곤": "polygon",
    "이더리움": "ethereum",
    "아비트럼": "arbitrum",
    "아발란체": "avalanche",
}
_KO_QUALIFIERS = {"테스트넷": "testnet", "메인넷": "mainnet", "데브넷": "devnet"}
_KO_NOT_DATA = r"(?!\s*(?:내역|기록|데이터|수수료|금액|건수|분석|현황|통계|확인|조회))"
_KO_REFUSAL = re.compile(r"아닌|제외|말고|없이|빼고|않는|않은|안\s*되는|안\s*하는|금지")

# Rewrites that lengthen the text apply a few times a line: a request states its rail and cap once or twice, and a
# 4,000-character line of "每次1美分," must not become 18,000 characters of caps.
_FEW = 8

Replacement = str | Callable[[re.Match[str]], str]

# After an auxiliary or an amount, a participle says what was paid: "si el pedido fue pagado en Solana", "è stata
# pagata su Base", "el total pagado en Base", "quanto ho pagato su Base" (a negation before it is read as "not" first)
_PARTICIPLE_KEPT_AFTER = frozenset(
    re.findall(
        r"\S+",
        "fue fué está esta es sea sido estado esté era è e ha ho he hemos han hanno abbiamo stato stata sia "
        "no non nunca mai total importe monto gas cantidad cuánto cuanto quanto importo totale già ya",
    )
)


def _paid_on(m: re.Match[str]) -> str:
    before = m["before"] or ""
    return m.group(0) if before.strip().lower() in _PARTICIPLE_KEPT_AFTER else f"{before}paid on "


def _rule(pattern: str, replacement: Replacement, count: int = 0) -> tuple[re.Pattern[str], Replacement, int]:
    return re.compile(pattern, re.IGNORECASE), replacement, count


_RULES: tuple[tuple[re.Pattern[str], Replacement, int], ...] = tuple(
    _rule(*rule)
    for rule in (
        # a decimal comma in an amount with a currency: "0,05 USD", "0,003 dollari", "1,5 centavos"; not a
        # thousands separator ("1,000 USD")
        (rf"(?<![\d,.])0,(\d{{1,4}})(?!\d){_CURRENCY_AFTER}", r"0.\1"),
        (rf"(?<![\d,.])([1-9]\d*),(\d{{1,2}})(?!\d){_CURRENCY_AFTER}", r"\1.\2"),
        (r"\bus\$\s*", "$"),
        # ... and after a currency sign or code: "under $0,01", "€0,005", "USD 0,01" (a leading 0 is no thousands;
        # "$1,000" is a thousand: three digits after the comma)
        (r"(?<=[$€])(\s?)0,(\d{1,6})(?![\d,])", r"\g<1>0.\2"),
        (r"(?<=[$€])(\s?[1-9]\d*),(\d{1,2})(?![\d,])", r"\1.\2"),
        (r"\b(usdc?|eurc?)\s+0,(\d{1,6})(?![\d,])", r"\1 0.\2"),
        # the rail stated as a requirement opening a clause: "network must be solana", "OCR; settlement chain should be
        # Base" read as the field they are ("network: solana"); "our network must be fast" and "errors that say chain
        # must be base" are left alone (red team, 2026-12-07)
        (
            rf"(^|[,;:.]\s*|\band\s+)((?:the\s+)?(?:settlement\s+|payment\s+|payments\s+)?(?:network|chain|rail))\s+"
            rf"(?:must|should|has\s+to|needs\s+to)\s+be\s+(?={_CHAINS}\b)",
            r"\1\2: ",
        ),
        # a middle dot as the decimal point, as British writing has it: "$0·005 per call"
        (r"(?<=\d)·(?=\d)", "."),
        # a field's value with a decimal comma: "MAX_PRICE_USD=0,005", "max_price: 0,01" (a leading 0 is no thousands)
        (r"([=:]\s*[\"'`]?\$?)0,(\d{1,4})(?!\d|,\d)", r"\g<1>0.\2"),
        # a refused payment, said as English reads one: "nicht bezahlt auf Ethereum", "non pagato su Ethereum"
        (rf"\b{_NOT_PAID}(?=(?:{_PAY_WORDS}|płatn\w*|pagad[oa]|pagat[oa])\b)", "not "),
        # "payable en USDC sur Stellar", "bezahlt mit USDC auf Base": the asset between the payment word and the rail
        (
            rf"\b(?:{_PAYABLE_WORDS})\s+(?:en|em|in|con|mit)\s+(usdc|eurc|xlm)\s+{_ON}\s+{_ARTICLE}{_NETWORK_NOUN}"
            rf"{_NOT_BASED_ON}(?={_CHAINS}\b)",
            r"payable in \1 on ",
        ),
        # a singular participle before a rail: "pronóstico del tiempo pagado en Solana", "API pagata su Solana" (the
        # service); a plural one agrees with the task's data ("fatture pagate su Solana", "transacciones pagadas en
        # Base") and German "bezahlt" cannot tell ("Rechnungen, bezahlt mit USDC auf Solana"): both stay as they are
        (
            rf"(?P<before>\b[\w']+\s+)?\b(?:pagado|pagada|pagato|pagata)\s+{_ON}\s+{_ARTICLE}{_NETWORK_NOUN}"
            rf"{_NOT_BASED_ON}(?={_CHAINS}\b)",
            _paid_on,
        ),
        # a rail: "zahlbar auf Solana", "que se pague en Solana", "com pagamento na rede Polygon"
        (rf"\b(?:que\s+se\s+)?(?:{_PAY_WORDS})\s+{_ON}\s+{_ARTICLE}{_NETWORK_NOUN}{_NOT_BASED_ON}", "payable on "),
        # "Bezahlung nur über Base", "pago solo en Base", "paiement uniquement sur Solana"
        (
            rf"\b(?:que\s+se\s+)?(?:{_PAY_WORDS})\s+{_ONLY}\s+{_ON}\s+{_ARTICLE}{_NETWORK_NOUN}{_NOT_BASED_ON}",
            "payable only on ",
        ),
        # Polish: "płatne w USDC na Solanie" (payable; not "płatności", the payments, nor "na basenie", a pool)
        (
            r"\bpłatn(?:e|y|a)\s+(?:w\s+(usdc|eurc|xlm)\s+)?(?:na|przez)\s+(?:sieci\s+)?"
            r"(solan(?:a|ie|y)|stellar(?:ze|a)?|polygon(?:ie|a)?|base|ethereum|arbitrum|avalanche)\b",
            lambda m: f"payable {'in ' + m[1] + ' ' if m[1] else ''}on {_POLISH_CHAINS[m[2].lower()[:5]]}",
        ),
        # refusals: "kein MCP", "sans MCP", "senza MCP", "nicht auf Ethereum", "non su Ethereum", "no en Solana"
        (rf"\b{_NO_WORDS}\s*(?={_INTERFACES}\b)", "no ", _FEW),
        (rf"\b{_NOT_ON}\s+{_NOT_BASED_ON}(?={_CHAINS}\b)", "not on ", _FEW),
        # a rail allowed, closing its clause: "va bene Base", "Base ist ok", "Base está bien" (not "sei": six)
        (rf"(?<!non )\bva\s+bene\s+(?:anche\s+)?(?!sei\b){_CHAINS}\b{_CLAUSE_ENDS}", r"\1 is fine", _FEW),
        (
            rf"\b(?!sei\b){_CHAINS}\s+(?:ist|est|está|esta|è)\s+(?:ok|okay|in\s+ordnung|bien|bon|bene){_CLAUSE_ENDS}",
            r"\1 is fine",
            _FEW,
        ),
        (
            rf"\b(?:que\s+|qui\s+|die\s+|che\s+)?(?:{_ACCEPT_WORDS})(\s+usdc|\s+eurc|\s+usdt)?\s+{_ON}\s+",
            r"that accepts\1 on ",
        ),
        # "una API que cobre en Base" (that charges on Base); not "¿cuánto cobra en Solana un validador?", "un bot que
        # cobre en Stellar a mis clientes" (the caller's own business)
        (
            rf"\bque\s+cobren?\s+en\s+{_ARTICLE}{_NETWORK_NOUN}{_NOT_BASED_ON}"
            rf"(?={_CHAINS}\b(?!\s+a\s+(?:mis|nuestros|nuestras|sus|los|las)\b))",
            "payable on ",
        ),
        (r"\b(?:oder|ou|oppure)\b", "or"),
        # Hindi-English: "Solana pe pay ho", "sei pe payment le", "payment Solana pe USDC se karna hai"
        # (not "Base pe payout status", "payment Solana pe fail ho gaya", "Base pe payment karte waqt")
        (rf"\b{_CHAINS}\s+(?:pe|par)\s+(?:pay|payment)\s+{_HI_ASKED}", r"payable on \1"),
        (rf"\bpay(?:ment)?\s+{_CHAINS}\s+(?:pe|par)\s+(?:usdc\s+se\s+)?{_HI_ASKED}", r"payable on \1"),
        # "price 0.001 dollar se zyada nahi" (not more than), "1 cent se kam per call" (less than), "per call 2 cents
        # se mehenga na ho"; not "1 dollar se kam price wale tokens" (tokens priced under a dollar)
        (rf"\b{_HI_CALL_BEFORE}({_MONEY})\s+se\s+kam\b", r"under \1"),
        (rf"({_MONEY})\s+se\s+kam(?=\s+(?:per|har)\s+(?:call|request)\b)", r"under \1"),
        (
            rf"\b{_HI_CALL_BEFORE}({_MONEY})\s+se\s+(?:zyada|jyada|zyaada|mehenga|mehnga)\s+(?:nahi|nahin|na)\b",
            r"at most \1",
        ),
        # Chinese: "用 Base 链支付", "在 Base 上付款", "Base 主网付款", "用 Base 上的 USDC 支付"
        (
            rf"(?:用|在|通过)?\s*(?<![a-z]){_CHAINS}(?![a-z])\s*(主网|测试网)?\s*(?:链|网络)?\s*(?:上的?\s*(?:USDC)?\s*)?"
            rf"(?:付款|支付|结算){_ZH_CLAUSE_END}",
            lambda m: f" payable on {m[1]}{' mainnet' if m[2] == '主网' else ' testnet' if m[2] else ''} ",
            _FEW,
        ),
        # "每次调用不超过 0.005 美元(的 MCP 工具)" (at most $0.005 a call); not "价格低于 1 美分的代币" (tokens priced
        # below a cent)
        (
            rf"{_ZH_PER_CALL}\s*({_ZH_AT_MOST}|{_ZH_UNDER})?\s*(\d[\d.]*|\.\d+)\s*{_ZH_UNIT}{_ZH_NOT_MINIMUM}\s*(?:以内)?",
            lambda m: f" {'under' if m[1] and m[1] in '低于少于小于' else 'at most'} {m[2]} "
            f"{_ZH_UNITS.get(m[3], m[3])} per call ",
            _FEW,
        ),
        (
            rf"{_ZH_EACH}\s*({_ZH_AT_MOST}|{_ZH_UNDER})?\s*(\d[\d.]*|\.\d+)\s*(美分|cents?)(?![a-z]){_ZH_NOT_MINIMUM}\s*(?:以内)?"
            rf"{_ZH_CLAUSE_END}",
            lambda m: f" {'under' if m[1] and m[1] in '低于少于小于' else 'at most'} {m[2]} cents per call ",
            _FEW,
        ),
        # Japanese: "Baseで支払い", "Solanaネットワークで決済できる", "BaseとSolanaで支払えるAPI"; only where the phrase
        # ends a clause or describes the API sought, not "Baseでの支払い履歴", "Solanaで決済された取引" (payments as the
        # data), and never in a text that refuses something ("Ethereumで支払いたくない", "...は除外して")
        (
            rf"(?<![a-z])({_CHAINS}(?:\s*(?:と|や|か|または|、|/)\s*{_CHAINS})*)(?![a-z])\s*(?:ネットワーク|チェーン)?\s*"
            rf"(?:上)?\s*で\s*(?:の)?\s*(?:支払い|支払える|決済|払える)(?:\s*(?:できる|可能な?|OK))?{_JA_NOT_DATA}{_JA_DESCRIBES}",
            lambda m: m[0] if _JA_REFUSAL.search(m.string) else f" payable on {_JA_LIST.sub(' or ', m[1])} ",
            _FEW,
        ),
        # Russian: "оплата в сети Stellar", "с оплатой только на Base", "оплата в сети Base или Solana"; not
        # "отслеживать оплату в сети Base" (the payments as the data), nor in a text that refuses ("не хочу платить
        # в сети Ethereum")
        (
            rf"(?:\bс\s+)?(?<!\w)(?:оплата|оплатой|оплачивается)\s+(только\s+)?(?:в|на|через)\s+"
            rf"(?:сети\s+|блокчейне\s+)?(?={_CHAINS}\b)",
            lambda m: m[0] if _RU_REFUSAL.search(m.string) else ("payable only on " if m[1] else "payable on "),
        ),
        # Indonesian: "bayar pakai USDC di jaringan Polygon", "bayar di Base atau Solana", "..., pembayaran via Solana";
        # not "biaya pembayaran di Solana", "memantau pembayaran di Base" (payments as the data), nor in a text that
        # refuses ("jangan bayar di Ethereum")
        (
            rf"(?:\bbayar|(?:^|(?<=[,;:]\s)|(?<=[,;:]))pembayaran)\s+(?:(?:pakai|dengan|menggunakan)\s+(usdc|eurc)\s+)?"
            rf"(?:di|lewat|via|melalui)\s+(?:jaringan\s+)?(?={_CHAINS}\b)",
            lambda m: m[0]
            if _ID_REFUSAL.search(m.string)
            else (f"payable in {m[1]} on " if m[1] else "payable on "),
        ),
        # Korean: "스텔라 테스트넷에서 결제하는 번역 API", "베이스에서 결제 가능한"; not "베이스에서 결제 내역"
        # (the payments as the data), nor in a text that refuses something ("이더리움에서 결제하지 않는")
        (
            rf"({'|'.join(_KO_CHAINS)})\s*(테스트넷|메인넷|데브넷)?\s*(?:에서|으로|로)\s*결제(?:하는|할\s*수\s*있는|가능한|되는)?"
            rf"{_KO_NOT_DATA}",
            lambda m: m[0]
            if _KO_REFUSAL.search(m.string)
            else f" payable on {_KO_CHAINS[m[1]]}{' ' + _KO_QUALIFIERS[m[2]] if m[2] else ''} ",
            _FEW,
        ),
        (rf"(?<=\w)\s+(?:или|atau)\s+(?={_CHAINS}\b)", " or "),
        # "per GET abrufbar" (callable with GET); "GETable", "POSTable" (callable with that method)
        (r"\bper\s+(GET|POST)\s+(?:abrufbar|aufrufbar|erreichbar)\b", r"callable with \1"),
        # only before what it describes ("GETable ip lookup"); not "are our routes POSTable?", "GETable for partners"
        (r"(?-i:\b(GET|POST)able\b)(?=\s+(?!for\b)[a-z])", r"callable with \1", _FEW),
        (r"(?<=[,|;] )(?-i:(GET|POST)able)(?=\s*(?:[,|;]|$))", r"callable with \1", _FEW),  # "..., <2c, GETable"
        # a colon after a payment phrase introduces its chains: "rails we can pay on: base or solana"
        (r"\b(pay|pays|paying|paid|payable|settle|settles|settled|settling)\s+(on|in|via)\s*:\s*", r"\1 \2 "),
        # "Solana's fine too": the contraction spelled out, so the chain is a word of its own
        (rf"\b{_CHAINS}['’]s\s+(?=(?:also\s+)?(?:fine|ok|okay|good|acceptable)\b)", r"\1 is ", _FEW),
        # "solana's devnet": the chain's own test network, named as one ("devnet" alone means every testnet)
        (rf"\b{_CHAINS}['’]s\s+(?=(?:devnet|testnet|mainnet|sepolia|fuji|amoy)\b)", r"\1 ", _FEW),
        # chain names as they get mistyped or misheard, in any language ("pay on stellr pubnet", "etherium")
        (r"\b(?:stellr|stelar|stellarr)\b", "stellar"),
        (r"\b(?:arbitum|arbitrm|arbitram|arbritrum|abritrum|arbitrium)\b", "arbitrum"),
        (r"\b(?:solanna|soalna|solanaa)\b", "solana"),
        (r"\b(?:polgon|polyon)\b", "polygon"),
        (r"\b(?:etherium|etherum|ethereun|etheruem)\b", "ethereum"),
        (r"\b(?:avalance|avalanch|avax-c)\b", "avalanche"),
        # a cap: "máximo 1 centavo", "höchstens 0.05 USD", "al massimo 0.003 dollari", "menos de un décimo"
        (
            r"\b(?:como\s+máximo|no\s+máximo|al\s+máximo|máximo|maximo|máx|au\s+maximum|maximal|höchstens|hoechstens"
            r"|al\s+massimo|massimo|hasta|até|jusqu'à|bis\s+zu|fino\s+a)\s+(?=[\d$€]|un|uno|una|um|uma|ein|eine)",
            "at most ",
        ),
        (r"\b(?:menos\s+de|moins\s+de|weniger\s+als|meno\s+di|por\s+debajo\s+de|abaixo\s+de)\s+", "under "),
        # "à moins d'un centime" (not "à un centime près", accurate to the cent, nor a rounding error)
        (r"\bmoins\s+d['’](?=une?\b)(?![^,.;]*\b(?:près|d['’]erreur)\b)", "under "),
        # "unter 0,5 Cent", "unter 0.01 USD": a fraction of a dollar (not "unter 1 Dollar pro Tasse")
        (rf"\bunter\s+(?=(?:[$€]\s?)?0?[.,]\d|\d+(?:[.,]\d+)?\s*(?:cents?|ct)\b){_NOT_PER_CALL}", "under "),
        # "≤ 1 ct" (French and German shorthand for a cent), only right after a cap sign
        (rf"([≤<]\s*(?:\d(?:\.\d+)?|\.\d+))\s*cts?\b{_NOT_PER_CALL}", r"\1 cents", _FEW),  # not "≤ 30 ct pro kWh"
        (r"\b(?:un|uno|una|um|uma)\s+(?:décimo|decimo|dixième|zehntel)\s+(?:de|di)\s+(?=cent)", "a tenth of a "),
        (r"\b(?:medio|meio|mezzo|demi|halben?)\s+(?=cent)", "half a "),
        (r"\b(?:centavos|céntimos|centimes|centesimi)\b", "cents"),
        (r"\b(?:centavo|céntimo|centime|centesimo)\b", "cent"),
        # "under un cent", "at most one centime": one
        (r"\b(under|at\s+most)\s+(?:un|une|uno|una|um|uma|ein|eine|einen|einem)\s+(?=cents?\b)", r"\1 1 "),
        (r"\b(?:dólares|dolares|dollari)\b", "dollars"),
        # Turkish: "istek başına en fazla 0,02 dolar" (at most $0.02 per request)
        (r"\ben\s+fazla\s+(?=[\d$])", "at most "),
        (r"\b(?:istek|çağrı|sorgu)\s+başına\b", "per call"),
        (r"(?<=\d)\s+dolar\b", " dollars"),
        (r"\b(?:dólar|dollaro)\b", "dollar"),
        (
            r"\b(?:por|par|pro|a|per|cada)\s+(?:llamada|petición|peticion|solicitud|consulta|chamada|requisição"
            r"|requisicao|appel|requête|requete|aufruf|anfrage|abfrage|abruf|chiamata|richiesta)\b",
            "per call",
        ),
        # "máximo 2 centavos por verificación": a unit of work after an amount is one call (not "por persona",
        # "pro Liter", "par action": those units keep their words and read as no call price)
        (
            r"\b(cents?|dollars?|usd|usdc)\s+(?:por|pro|par)\s+(?:verificación|verificacion|vérification|prüfung"
            r"|página|pagina|page|seite|imagen|imagem|image|bild|búsqueda|busqueda|recherche|suche|análisis|analisis"
            r"|analyse|traducción|traduccion|traduction|übersetzung|documento|document|dokument|uso|utilisation)\b",
            r"\1 per call",
        ),
        # an MCP server asked for: "necesito un servidor MCP para ...", "Ich brauche einen MCP-Server für ..." (not
        # "estoy escribiendo un servidor MCP": one the asker writes)
        (
            rf"\b(?:{_NEED_WORDS})\s*(?:un|una|um|uma|einen|eine|ein)\s+(?:(?:servidor|serveur|server)\s+mcp|mcp-server)\b"
            r"(\s+(?:para|pour|für|fuer|per|pra)\b)?",
            lambda m: "I need an MCP server" + (" for" if m[1] else ""),
        ),
        # a pasted conversation's speakers: "Usuario: ...", "Asistente: ..."
        (r"^(?:usuario|usuária|usuário|utilisateur|benutzer|nutzer|utente|用户)\s*[:：]", "User:"),
        (r"^(?:asistente|assistente|assistent|assistant|助手|助理)\s*[:：]", "Assistant:"),
        # "pero no de Google", "aber nicht von Microsoft", "mas não do Google": a refused provider (not French "mais
        # pas de frais": "but no fees")
        (r"\b(?:pero\s+no\s+de|aber\s+nicht\s+von|mas\s+n[ãa]o\s+d[ao])\b", "but not from"),
    )
)


def to_english(text: str) -> str:
    """``text`` with its payment and price phrases in English; unchanged when it has none."""
    original = text
    for pattern, replacement, count in _RULES:
        text = pattern.sub(replacement, text, count=count)
    return text if text == original else " ".join(text.split())  # the Chinese rewrites add spaces
