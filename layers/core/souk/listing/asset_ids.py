"""CAIP-19 asset ids (``eip155:8453/erc20:0x8335…``) as the ``asset`` filter: the chain and the address in one.

Wallets and agents name a token by its CAIP-19 id; a payment option stores the two halves apart, ``network``
in CAIP-2 and ``asset`` as the chain spells it. So an id is read per chain namespace into the option's pair:

- ``eip155``: ``erc20:<0x address>`` (x402's EVM schemes move ERC-20 tokens, never the native coin);
- ``solana``: ``token:<mint>``, the SPL mint (namespaces/solana/caip19);
- ``stellar``: ``sep41:<C… contract>``, and the classic spellings ``asset:<CODE>-<G… issuer>`` and
  ``slip44:148`` (lumens), which x402 pays through their Stellar Asset Contract: its address is derived
  here exactly as the network derives it (namespaces/stellar/caip19).

Other chain namespaces, asset namespaces and NFT ids (a ``/token_id``) are refused rather than guessed at: no
option could be paid in them, and a quiet empty page would read as "nothing sells for that".
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import struct
from dataclasses import dataclass

from souk import networks as n
from souk.errors import SoukError
from souk.listing.pay_to import is_evm_address

# The shape that claims to be CAIP-19: a chain id's colon before the first slash. A bare address has neither.
_LOOKS_LIKE = re.compile(r"[^/:]*:[^/]*/.*")
# "/erc20:0x83...", "8453/erc20:0x83...": an asset type after a slash with no chain id before it (no address has one)
_CHAINLESS = re.compile(r"[^:]*/[-a-z0-9]{3,8}:.+")
_ASSET_NAMESPACE = re.compile(r"[-a-z0-9]{3,8}")
_BASE58 = "[1-9A-HJ-NP-Za-km-z]"
_CHAIN_REFERENCES = {
    "eip155": re.compile(r"[1-9][0-9]{0,31}", re.ASCII),
    "solana": re.compile(f"{_BASE58}{{32}}"),
    # Only these two have a known passphrase, which the Stellar Asset Contract address depends on.
    "stellar": re.compile(r"pubnet|testnet"),
}
_CHAIN_SPELLINGS = {
    "eip155": "a decimal chain id such as 8453",
    "solana": "32 base58 characters such as 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
    "stellar": "pubnet or testnet",
}
_SOLANA_MINT = re.compile(f"{_BASE58}{{32,44}}")
# The protocol's alphabet (alphanum4/alphanum12); the namespace profile's own regex is wider.
_STELLAR_ASSET_CODE = re.compile(r"[A-Za-z0-9]{1,12}", re.ASCII)
_STRKEY = re.compile(r"[A-Z2-7]{56}")
_STELLAR_PASSPHRASES = {
    n.STELLAR_PUBNET: "Public Global Stellar Network ; September 2015",
    n.STELLAR_TESTNET: "Test SDF Network ; September 2015",
}
_LUMENS_SLIP44 = "148"
# strkey version bytes (SEP-23): G… an account, C… a contract.
_ACCOUNT, _CONTRACT = 6 << 3, 2 << 3

_EXAMPLE = "e.g. eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
_ASSET_SPELLINGS = {
    "eip155": "erc20:<0x address>",
    "solana": "token:<mint address>",
    "stellar": "sep41:<C… contract>, asset:<CODE>-<G… issuer> or slip44:148",
}


@dataclass(frozen=True, slots=True)
class AssetId:
    """A CAIP-19 id as a payment option spells it: ``network`` in CAIP-2, ``address`` its ``asset``."""

    network: str
    address: str


def _invalid(reason: str) -> SoukError:
    return SoukError("invalid_asset", f"{reason} (a CAIP-19 asset id, {_EXAMPLE})")


def parse_asset_id(value: str) -> AssetId | None:
    """The option pair ``value`` names when it is shaped as a CAIP-19 id, None when it is not (a symbol or a
    bare address); SoukError ``invalid_asset`` when it is shaped as one but is not one Souk can hold to."""
    if not _LOOKS_LIKE.fullmatch(value):
        if _CHAINLESS.fullmatch(value):
            raise _invalid("a chain id is expected before the slash")
        return None
    chain, _, asset_type = value.partition("/")
    network = n.normalize_network(chain)
    if network is None or not n.is_caip2(chain):  # "base/erc20:..." names no chain id
        raise _invalid("the chain id must be CAIP-2, namespace:reference")
    namespace, _, reference = network.partition(":")  # eip155:08453 is eip155:8453
    if namespace not in _CHAIN_REFERENCES:
        raise _invalid("asset ids are read on eip155, solana and stellar chains")
    if not _CHAIN_REFERENCES[namespace].fullmatch(reference):
        raise _invalid(f"a {namespace} chain reference is {_CHAIN_SPELLINGS[namespace]}")
    if "/" in asset_type:
        raise _invalid("an asset type is expected: a token id after it names one NFT, not a payment asset")
    asset_namespace, colon, asset_reference = asset_type.partition(":")
    if not colon or not asset_reference or not _ASSET_NAMESPACE.fullmatch(asset_namespace):
        raise _invalid("after the chain id comes asset_namespace:asset_reference")
    address = _address(namespace, network, asset_namespace, asset_reference)
    if address is None:
        raise _invalid(f"on {namespace} the asset is {_ASSET_SPELLINGS[namespace]}")
    return AssetId(network, address)


def _address(namespace: str, network: str, asset_namespace: str, reference: str) -> str | None:
    if namespace == "eip155" and asset_namespace == "erc20":
        return reference if is_evm_address(reference) else None
    if namespace == "solana" and asset_namespace == "token":
        return reference if _SOLANA_MINT.fullmatch(reference) else None
    if namespace != "stellar":
        return None
    if asset_namespace == "sep41":
        return reference if _strkey_payload(reference, _CONTRACT) is not None else None
    if asset_namespace == "slip44":
        return stellar_asset_contract(network) if reference == _LUMENS_SLIP44 else None
    if asset_namespace == "asset":
        code, dash, issuer = reference.partition("-")
        if dash and _STELLAR_ASSET_CODE.fullmatch(code):
            return stellar_asset_contract(network, code, issuer)
    return None


def _strkey_payload(value: str, version: int) -> bytes | None:
    """The 32-byte key a strkey (SEP-23) encodes, or None when it is not one of that kind (a checksum too)."""
    if not _STRKEY.fullmatch(value):
        return None
    raw = base64.b32decode(value)
    data, checksum = raw[:-2], raw[-2:]
    if data[0] != version or binascii.crc_hqx(data, 0).to_bytes(2, "little") != checksum:
        return None
    return data[1:]


def _strkey(payload: bytes, version: int) -> str:
    data = bytes([version]) + payload
    return base64.b32encode(data + binascii.crc_hqx(data, 0).to_bytes(2, "little")).decode("ascii")


def stellar_asset_contract(network: str, code: str | None = None, issuer: str | None = None) -> str | None:
    """The Stellar Asset Contract address of lumens (no ``code``) or of ``code`` issued by ``issuer`` on
    ``network``: SHA-256 of the XDR ``HashIDPreimage`` ENVELOPE_TYPE_CONTRACT_ID from that asset, as strkey.
    None when the issuer is not an account strkey or the network's passphrase is unknown."""
    passphrase = _STELLAR_PASSPHRASES.get(network)
    if passphrase is None:
        return None
    if code is None:
        asset = struct.pack(">i", 0)  # ASSET_TYPE_NATIVE
    else:
        key = _strkey_payload(issuer or "", _ACCOUNT)
        if key is None:
            return None
        # ASSET_TYPE_CREDIT_ALPHANUM4 or 12: the code zero-padded, then the issuer as PUBLIC_KEY_TYPE_ED25519.
        kind, width = (1, 4) if len(code) <= 4 else (2, 12)
        asset = struct.pack(">i", kind) + code.encode("ascii").ljust(width, b"\0") + struct.pack(">i", 0) + key
    # ENVELOPE_TYPE_CONTRACT_ID, the network id, CONTRACT_ID_PREIMAGE_FROM_ASSET, the asset.
    preimage = struct.pack(">i", 8) + hashlib.sha256(passphrase.encode()).digest() + struct.pack(">i", 1) + asset
    return _strkey(hashlib.sha256(preimage).digest(), _CONTRACT)
