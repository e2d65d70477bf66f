"""Amounts are uint256 atomic units written as ASCII decimal digits.

``str.isdigit()`` also accepts superscripts (``²``), Arabic-Indic digits (``١٢٣``) and mathematical
digits (``𝟏``), which then either crash ``Decimal``/``int`` or are served back to SDK clients that cannot
parse them; and it puts no bound on length, so a 4,300-digit amount overflowed the USD price filter.
"""

from __future__ import annotations

import re
from typing import Any

from souk.errors import CatalogRejection

_UINT256_DIGITS = re.compile(r"[0-9]{1,78}")
_UINT256_MAX = 2**256 - 1


def is_atomic_amount(value: Any) -> bool:
    return isinstance(value, str) and _UINT256_DIGITS.fullmatch(value) is not None and int(value) <= _UINT256_MAX


def check_amount(value: Any, where: str) -> str:
    """Return ``value`` when it is a uint256 decimal string; otherwise raise CatalogRejection."""
    if not is_atomic_amount(value):
        shown = repr(value)[:40] if isinstance(value, str) else type(value).__name__
        raise CatalogRejection(
            "invalid_amount",
            f"{where} must be a string of 1-78 ASCII digits (uint256 atomic units), got {shown}",
        )
    return value
