"""Payment and price phrases of Spanish, Portuguese, French, German and Italian requests, rewritten into the
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

_ARTICLE = r"(?:(?:la|el|a|o|le|der|die|dem|den|das|il|lo|the)\s+)?"
_NETWORK_NOUN = r"(?:(?:red|rede|réseau|reseau|netzwerk|rete|blockchain|cadena|chain)\s+(?:de\s+|di\s+)?)?"
_PAY_WORDS = (
    r"pagable|pagables|pague|paguen|pagar|pago|pagos|pagando|pagamento|pagável|pagavel|payable|payables|"
    r"paiement|payer|payée|payé|payés|payées|zahlbar|bezahlbar|bezahlung|zahlung|bezahlen|zahlen|pagabile|pagare"
)
# not "in", "no", "via": English words ("payable in USDC" stays as it is)
_ON = r"(?:en|em|na|sur|auf|über|ueber|su|sulla|sul|con|mit|par)"
_CURRENCY_AFTER = r"(?=\s*(?:usd|\$|us\$|dollars?|dólares|dolares|dollari|cents?|centavos?|€))"
_ACCEPT_WORDS = r"acepte|acepta|aceptan|aceite|aceita|accepte|acceptent|akzeptiert|akzeptieren|accetti|accetta"

_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        # a decimal comma in an amount with a currency: "0,05 USD", "0,003 dollari", "1,5 centavos"; not a
        # thousands separator ("1,000 USD")
        (rf"(?<![\d,.])0,(\d{{1,4}})(?!\d){_CURRENCY_AFTER}", r"0.\1"),
        (rf"(?<![\d,.])([1-9]\d*),(\d{{1,2}})(?!\d){_CURRENCY_AFTER}", r"\1.\2"),
        (r"\bus\$\s*", "$"),
        # a field's value with a decimal comma: "MAX_PRICE_USD=0,005", "max_price: 0,01" (a leading 0 is no thousands)
        (r"([=:]\s*[\"'`]?\$?)0,(\d{1,4})(?!\d|,\d)", r"\g<1>0.\2"),
        # a rail: "zahlbar auf Solana", "que se pague en Solana", "com pagamento na rede Polygon"
        (rf"\b(?:que\s+se\s+)?(?:{_PAY_WORDS})\s+{_ON}\s+{_ARTICLE}{_NETWORK_NOUN}", "payable on "),
        (
            rf"\b(?:que\s+|qui\s+|die\s+|che\s+)?(?:{_ACCEPT_WORDS})(\s+usdc|\s+eurc|\s+usdt)?\s+{_ON}\s+",
            r"that accepts\1 on ",
        ),
        (r"\b(?:oder|ou|oppure)\b", "or"),
        # a colon after a payment phrase introduces its chains: "rails we can pay on: base or solana"
        (r"\b(pay|pays|paying|paid|payable|settle|settles|settled|settling)\s+(on|in|via)\s*:\s*", r"\1 \2 "),
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
        (r"\b(?:un|uno|una|um|uma)\s+(?:décimo|decimo|dixième|zehntel)\s+(?:de|di)\s+(?=cent)", "a tenth of a "),
        (r"\b(?:medio|meio|mezzo|demi|halben?)\s+(?=cent)", "half a "),
        (r"\b(?:centavos|céntimos|centimes|centesimi)\b", "cents"),
        (r"\b(?:centavo|céntimo|centime|centesimo)\b", "cent"),
        (r"\b(?:dólares|dolares|dollari)\b", "dollars"),
        (r"\b(?:dólar|dollaro)\b", "dollar"),
        (
            r"\b(?:por|par|pro|a|per|cada)\s+(?:llamada|petición|peticion|solicitud|consulta|chamada|requisição"
            r"|requisicao|appel|requête|requete|aufruf|anfrage|abfrage|chiamata|richiesta)\b",
            "per call",
        ),
    )
)


def to_english(text: str) -> str:
    """``text`` with its payment and price phrases in English; unchanged when it has none."""
    for pattern, replacement in _RULES:
        text = pattern.sub(replacement, text)
    return text
