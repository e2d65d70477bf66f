"""Operators by registrable domain (bundled Public Suffix List, private section included)."""

import pytest

from souk.search.origins import operator_of


@pytest.mark.parametrize(
    ("host", "operator"),
    [
        ("api.acme.com", "acme.com"),
        ("mcp.acme.com", "acme.com"),
        ("API.Acme.COM.", "acme.com"),
        ("foo.bar.co.uk", "bar.co.uk"),
        ("alice.vercel.app", "alice.vercel.app"),
        ("preview-1.alice.vercel.app", "alice.vercel.app"),
        ("svc.up.railway.app", "svc.up.railway.app"),
        ("worker.bob.workers.dev", "bob.workers.dev"),
        ("api.skycast.example", "skycast.example"),
        ("127.0.0.1", "127.0.0.1"),
        ("localhost", "localhost"),
        ("", ""),
    ],
)
def test_operator_of(host: str, operator: str) -> None:
    assert operator_of(host) == operator


def test_platform_customers_are_different_operators() -> None:
    assert operator_of("a.vercel.app") != operator_of("b.vercel.app")
    assert operator_of("a.up.railway.app") != operator_of("b.up.railway.app")
