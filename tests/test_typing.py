"""The type check make test runs (pyproject [tool.mypy]) refuses a float where a price is a Decimal."""

from __future__ import annotations

from pathlib import Path

from mypy import api

from tests.conftest import REPO


def _check(tmp_path: Path, source: str) -> tuple[str, int]:
    module = tmp_path / "prices.py"
    module.write_text(source, encoding="utf-8")
    out, err, status = api.run(["--config-file", str(REPO / "pyproject.toml"), "--no-incremental", str(module)])
    return out + err, status


def test_a_float_price_is_refused(tmp_path: Path):
    out, status = _check(
        tmp_path,
        "from decimal import Decimal\n\n\n"
        "def cap(max_usd: Decimal) -> Decimal:\n    return max_usd\n\n\n"
        "cap(0.01)\n",
    )
    assert status == 1 and 'incompatible type "float"; expected "Decimal"' in out, out


def test_an_unannotated_function_is_refused(tmp_path: Path):
    out, status = _check(tmp_path, "def price(x):\n    return x\n")
    assert status == 1 and "no-untyped-def" in out, out
