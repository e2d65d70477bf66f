"""What of a payment's ``extensions`` a listing serves: the ``bazaar`` declaration, and the other extensions' names.

A client echoes the server's extensions in its payment and may add to them (x402 v2, "Extensions"): an
``eip2612GasSponsoring`` echo carries the payer's address, amount and permit signature, a ``payment-identifier`` the
client's idempotency id. Served as sent, one payer's data became part of the public listing, replaced by the next
payer's, and a seller could set ``extensions.souk`` to ``{"verified": true, ...}`` beside Souk's own fields (a probe,
2026-12-07). The names stay (``?extensions=`` filters on them); only the discovery declaration, validated and
soft-dropped at cataloging (souk.catalog), keeps its contents.
"""

from __future__ import annotations

from typing import Any

SERVED_WHOLE = "bazaar"


def public_extensions(extensions: Any) -> dict[str, Any]:
    """``extensions`` as a listing may show it: ``bazaar`` whole, every other extension as its name and ``{}``."""
    if not isinstance(extensions, dict):
        return {}
    return {str(name): value if name == SERVED_WHOLE else {} for name, value in extensions.items()}
