import pytest

from souk.networks import BASE, SOLANA, normalize_network


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("eip155:08453", BASE),
        (" eip155:8453 ", BASE),
        ("eip155:0", "eip155:0"),
        ("eip155:000", "eip155:0"),
        ("solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ", SOLANA),
        ("cosmos:0123", "cosmos:0123"),  # other namespaces' references are names, kept as given
        ("base", BASE),
        ("eip155:", None),
        ("eip155:-8453", None),
        ("eip155:base", None),
        ("stellar:PUBNET", "stellar:pubnet"),
        ("solana:5EYKT4UsFv8P8NJdTREpY1vzqKqZKvdp", SOLANA),
        ("not a chain", None),
    ],
)
def test_normalize_network(raw, expected):
    assert normalize_network(raw) == expected
