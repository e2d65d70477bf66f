"""Operators by registrable domain (bundled Public Suffix List, private section included)."""

import json
import subprocess
import sys

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


def test_tldextract_loads_on_first_lookup_not_on_import() -> None:
    # a fresh interpreter: importing the module (as the search function's module does) costs no tldextract,
    # and the first lookup builds the extractor the later ones reuse
    code = (
        "import sys, json; import souk.search.origins as o; before = 'tldextract' in sys.modules; "
        "o.operator_of('api.acme.com'); built = o._extractor.cache_info().currsize; o.operator_of('b.acme.org'); "
        "print(json.dumps([before, built, o._extractor.cache_info().currsize, o.operator_of('api.acme.com')]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [False, 1, 1, "acme.com"]
