"""The ``souk`` command refuses bad input with one line on stderr and a non-zero exit, never a traceback, and
writes nothing: seller binding changes, probe limits, listing relists, unknown generations, unreadable files."""

from __future__ import annotations

import json

import pytest

from souk import cli
from souk.catalog.ingest import catalog_event
from souk.errors import SoukError
from tests.conftest import table_snapshot
from tests.factories import SPOOFER, STELLAR_SELLER, verified, weather


@pytest.fixture
def listing_key(db, settings) -> str:
    key = catalog_event(db, verified(weather()), settings).listing_key
    db.commit()
    return key


def _refused(capsys, argv: list[str], prefix: str) -> str:
    assert cli.main(argv) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    [line] = captured.err.strip().splitlines()
    assert line.startswith(f"{prefix}: ") and len(line) > len(prefix) + 2
    return line


def test_seller_refusals_are_one_line_and_write_nothing(db, listing_key, capsys):
    before = table_snapshot(db)
    cases = [
        (["seller", "bind", "999999", "0xabc", "--reason", "x"], "seller bind"),
        (["seller", "bind", listing_key, "0xabc", "--reason", "  "], "seller bind"),
        (["seller", "unbind", listing_key, STELLAR_SELLER, "--reason", "the only address"], "seller unbind"),
        (["seller", "unbind", listing_key, "0xnotbound", "--reason", "x"], "seller unbind"),
        (["seller", "bind", listing_key, "has spaces in it", "--reason", "x"], "seller bind"),
        (["seller", "move", listing_key, "", "--reason", "empty payTo"], "seller move"),
    ]
    lines = [_refused(capsys, argv, prefix) for argv, prefix in cases]
    assert "reason" in lines[1] and "move" in lines[2] and "not bound" in lines[3] and "payTo" in lines[4]
    db.rollback()
    assert table_snapshot(db) == before


def test_a_seller_change_that_changes_nothing_is_refused_and_writes_nothing(db, listing_key, capsys):
    """No row in binding_changes for a bind of an address bound already (an EVM one in any letters), nor for a
    move to the one address bound."""
    assert cli.main(["seller", "bind", listing_key, SPOOFER, "--reason", "second chain"]) == 0
    capsys.readouterr()
    other_letters = "0X" + SPOOFER[2:]
    for address in (other_letters, STELLAR_SELLER):
        db.rollback()
        before = table_snapshot(db)
        argv = ["seller", "bind", listing_key, address, "--reason", "again"]
        assert "bound to this listing already" in _refused(capsys, argv, "seller bind")
        db.rollback()
        assert table_snapshot(db) == before
    assert cli.main(["seller", "move", listing_key, SPOOFER, "--reason", "one wallet"]) == 0  # drops Stellar: a change
    capsys.readouterr()
    db.rollback()
    before = table_snapshot(db)
    argv = ["seller", "move", listing_key, other_letters, "--reason", "again"]
    assert "already" in _refused(capsys, argv, "seller move")
    db.rollback()
    assert table_snapshot(db) == before


def test_seller_changes_still_succeed(db, listing_key, capsys):
    assert cli.main(["seller", "bind", listing_key, SPOOFER, "--reason", "second chain"]) == 0
    assert json.loads(capsys.readouterr().out)["boundPayTo"] == sorted([SPOOFER, STELLAR_SELLER])
    assert cli.main(["seller", "unbind", listing_key, SPOOFER.upper().replace("0X", "0x"), "--reason", "done"]) == 0
    assert json.loads(capsys.readouterr().out)["boundPayTo"] == [STELLAR_SELLER]


@pytest.mark.parametrize("limit", ["0", "-5", "abc", "1.5", ""])
def test_a_probe_limit_below_one_is_a_usage_error(db, listing_key, capsys, limit):
    before = table_snapshot(db)
    with pytest.raises(SystemExit) as info:
        cli.main(["probe", "run", "--limit", limit])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "--limit" in err and "Traceback" not in err
    db.rollback()
    assert table_snapshot(db) == before


def test_a_relist_of_a_listing_not_delisted_is_refused(db, listing_key, capsys):
    before = table_snapshot(db)
    line = _refused(capsys, ["listing", "relist", listing_key, "--reason", "was never delisted"], "listing relist")
    assert "not delisted" in line
    assert cli.main(["listing", "delist", listing_key, "--reason", "abuse"]) == 0
    capsys.readouterr()
    after_delist = table_snapshot(db)
    _refused(capsys, ["listing", "delist", listing_key, "--reason", "again"], "listing delist")
    db.rollback()
    assert table_snapshot(db) == after_delist != before


def test_any_command_that_meets_a_soukerror_prints_one_line(db, capsys, monkeypatch):
    def refuse(_args):  # type: ignore[no-untyped-def]
        raise SoukError("unknown_listing", "no listing nope")

    monkeypatch.setattr(cli, "cmd_inspect", refuse)
    monkeypatch.setattr(cli, "cmd_generation", refuse)
    assert _refused(capsys, ["inspect", "nope"], "inspect") == "inspect: no listing nope"
    assert _refused(capsys, ["generation", "list"], "generation list") == "generation list: no listing nope"


def test_reindex_of_an_unknown_generation_is_refused(db, capsys, monkeypatch):
    monkeypatch.setattr(cli, "_provider", lambda: object())
    line = _refused(capsys, ["reindex", "--generation", "999999"], "reindex")
    assert "999999" in line


def test_load_of_an_unreadable_file_is_refused(db, tmp_path, capsys):
    before = table_snapshot(db)
    _refused(capsys, ["load", str(tmp_path / "missing.jsonl")], "load")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    _refused(capsys, ["load", str(bad)], "load")
    bad.write_bytes(b"\xff\xfe\n")
    _refused(capsys, ["load", str(bad)], "load")
    bad.write_text('[1, 2]\n{"observedAt": 7}\n', encoding="utf-8")
    _refused(capsys, ["load", str(bad), "--rebase"], "load --rebase")
    bad.write_text('{"observedAt": "yesterday"}\n', encoding="utf-8")
    _refused(capsys, ["load", str(bad), "--rebase"], "load --rebase")
    db.rollback()
    assert table_snapshot(db) == before


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--workers", "-1"],
        ["serve", "--port", "-1"],
        ["serve", "--port", "70000"],
        ["reindex", "--workers", "-2"],
    ],
)
def test_negative_workers_and_ports_are_usage_errors(capsys, argv):
    with pytest.raises(SystemExit) as info:
        cli.build_parser().parse_args(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert argv[1] in err and "Traceback" not in err


def test_zero_workers_still_means_one_per_core():
    assert cli.build_parser().parse_args(["serve", "--workers", "0"]).workers == 0
    assert cli.build_parser().parse_args(["reindex", "--workers", "0"]).workers == 0


def test_a_self_hosters_misconfiguration_is_one_line_naming_what_to_fix(database_url, capsys, monkeypatch):
    # These gave 17-49 lines of traceback (a hunt): a bad SOUK_* value, a database never migrated, one unreachable.
    import uuid

    import psycopg
    from psycopg.conninfo import make_conninfo

    from souk.config import get_settings
    from souk.db.pool import close_pool

    def one_line(argv: list[str]) -> str:
        get_settings.cache_clear()
        close_pool()
        assert cli.main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        return err[-1]

    monkeypatch.setenv("SOUK_READ_POOL_SIZE", "abc")
    line = one_line(["listing", "show", "1"])
    assert line.startswith("listing show: invalid setting (SOUK_READ_POOL_SIZE: ") and "integer" in line
    monkeypatch.delenv("SOUK_READ_POOL_SIZE")

    name = f"souk_unmigrated_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        monkeypatch.setenv("DATABASE_URL", make_conninfo(database_url, dbname=name))
        assert "run `souk migrate` first" in one_line(["listing", "show", "1"])
        latin1 = f"{name}_latin1"
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {latin1} ENCODING 'LATIN1' TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C'")
        monkeypatch.setenv("DATABASE_URL", make_conninfo(database_url, dbname=latin1))
        assert "needs a UTF8 database" in one_line(["migrate"])
        monkeypatch.setenv("DATABASE_URL", make_conninfo(database_url, port=1))
        monkeypatch.setenv("SOUK_POOL_TIMEOUT_S", "0.5")
        assert one_line(["listing", "show", "1"]).startswith("listing show: cannot reach the database")
    finally:
        monkeypatch.setenv("DATABASE_URL", database_url)
        get_settings.cache_clear()
        close_pool()
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            admin.execute(f"DROP DATABASE IF EXISTS {name}_latin1 WITH (FORCE)")


def test_an_argument_that_is_not_utf8_is_refused_in_one_line(db, listing_key, capsys):
    # A non-UTF-8 byte reaches Python as a lone surrogate ("\udcff"); psycopg could not encode it (a traceback).
    before = table_snapshot(db)
    cases = [
        (["listing", "show", "\udcff"], "listing show"),
        (["listing", "delist", listing_key, "--reason", "bad \udcff byte"], "listing delist"),
        (["seller", "bind", listing_key, "0xabc", "--reason", "\udcff"], "seller bind"),
        (["inspect", "\udcff"], "inspect"),
    ]
    lines = [_refused(capsys, argv, prefix) for argv, prefix in cases]
    assert all("not UTF-8" in line and "\\xff" in line for line in lines)
    db.rollback()
    assert table_snapshot(db) == before


def test_files_that_cannot_be_read_or_written_are_refused_in_one_line(db, tmp_path, capsys):
    missing = str(tmp_path / "nowhere" / "x.json")
    line = _refused(capsys, ["openapi", "--out", missing], "openapi")
    assert "nowhere" in line
    _refused(capsys, ["openapi", "--template", str(tmp_path / "missing.yaml")], "openapi")
    nested = tmp_path / "nested.jsonl"
    nested.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    assert "nested too deeply" in _refused(capsys, ["load", str(nested)], "load")


def test_a_file_whose_name_is_not_utf8_is_still_read(db, tmp_path, capsys):
    # The argument check refuses a non-UTF-8 value, not a path Python can open as it is.
    path = tmp_path / "caf\udce9.jsonl"
    path.write_bytes(b"")
    assert cli.main(["load", str(path)]) == 0
    capsys.readouterr()


def test_ctrl_c_in_a_command_is_one_line_and_exit_130(capsys, monkeypatch):
    def interrupted(_args):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "cmd_migrate", interrupted)
    assert cli.main(["migrate"]) == 130
    err = capsys.readouterr().err
    assert err.strip() == "migrate: interrupted" and "Traceback" not in err
