"""payTo equality: an EVM address (0x and 40 hex digits) in any case, every other address exactly.

EVM addresses are case-insensitive (the mixed case is only EIP-55's checksum); Solana's base58 and
Stellar's base32 addresses are not, so lower-casing them would match another seller's address. The
comparison keeps ``lower(column)`` first so the ``lower(pay_to)`` indexes still answer it.
"""

from __future__ import annotations

import re

# The one payTo grammar: what the catalog accepts, the payTo filter, the seller view and binding changes take
# (fullmatch). Printable ASCII without spaces: every chain's address is; a spaced or multi-line "address" would be a
# listing no seller view could name and no operator could unbind.
PAY_TO = re.compile(r"[\x21-\x7e]{1,128}")

_EVM_ADDRESS_PATTERN = "0[xX][0-9a-fA-F]{40}"
_EVM_ADDRESS = f"'^{_EVM_ADDRESS_PATTERN}$'"  # as a SQL literal
_EVM_ADDRESS_RE = re.compile(_EVM_ADDRESS_PATTERN)


def is_evm_address(text: str) -> bool:
    """``text`` is an EVM address: 0x and 40 hex digits, in any case (the mixed case is only EIP-55's checksum)."""
    return _EVM_ADDRESS_RE.fullmatch(text) is not None


def same_pay_to(column: str, param: str) -> str:
    """SQL true when ``column`` is the address in the named parameter ``param`` (``%(name)s``)."""
    return f"(lower({column}) = lower({param}) AND ({column} = {param} OR {param} ~ {_EVM_ADDRESS}))"


def pay_to_key(address: str) -> str:
    """One spelling per address, for comparing in Python as ``same_pay_to`` does in SQL: an EVM address in
    lower case, every other address as it is."""
    return address.lower() if is_evm_address(address) else address
