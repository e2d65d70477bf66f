"""Payer-hash and cursor keys: generated once locally, never a public default on Lambda or a public address."""

from __future__ import annotations

import json
import stat

import pytest

from souk.config import Settings
from souk.keys import InsecureKeys
from souk.runner.serve import check_keys_for_bind, serve
from tests.conftest import REPO

STRONG = "k" * 40


@pytest.fixture
def no_env_keys(monkeypatch, tmp_path):
    for name in (
        "SOUK_PAYER_HASH_KEY",
        "SOUK_CURSOR_SECRET",
        "SOUK_CATALOG_SECRET",
        "AWS_LAMBDA_FUNCTION_NAME",
        "SOUK_ALLOW_DEV_KEYS",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SOUK_KEYS_FILE", str(tmp_path / "souk" / "keys.json"))
    return tmp_path / "souk" / "keys.json"


def test_local_keys_are_random_generated_once_and_private(no_env_keys):
    first = Settings()
    path = no_env_keys
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    stored = json.loads(path.read_text())
    assert stored["payer_hash_key"] == first.payer_hash_key.get_secret_value()
    assert stored["cursor_secret"] == first.cursor_secret.get_secret_value()
    assert len(stored["cursor_secret"]) >= 32 and stored["cursor_secret"] != stored["payer_hash_key"]
    again = Settings()
    assert again.cursor_secret == first.cursor_secret and again.payer_hash_key == first.payer_hash_key
    assert again.explicit_keys == {"payer_hash_key": None, "cursor_secret": None}


@pytest.mark.parametrize(
    ("payer", "cursor", "problem"),
    [
        (None, None, "SOUK_PAYER_HASH_KEY is not set"),
        ("", STRONG, "SOUK_PAYER_HASH_KEY is not set"),
        ("souk-local-development-key", STRONG, "public development default"),
        (STRONG, "short-key", "shorter than 32 bytes"),
        (STRONG, "souk-local-cursor-key", "public development default"),
    ],
)
def test_a_lambda_function_refuses_weak_keys(no_env_keys, monkeypatch, payer, cursor, problem):
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "souk-search")
    for name, value in (("SOUK_PAYER_HASH_KEY", payer), ("SOUK_CURSOR_SECRET", cursor)):
        if value is not None:
            monkeypatch.setenv(name, value)
    with pytest.raises(InsecureKeys, match=problem):
        Settings()
    assert not no_env_keys.exists()  # nothing generated on Lambda
    monkeypatch.setenv("SOUK_ALLOW_DEV_KEYS", "1")
    assert Settings().cursor_secret.get_secret_value()  # the explicit development escape hatch


def test_a_lambda_function_starts_with_strong_keys(no_env_keys, monkeypatch):
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "souk-search")
    monkeypatch.setenv("SOUK_PAYER_HASH_KEY", STRONG)
    monkeypatch.setenv("SOUK_CURSOR_SECRET", "c" * 32)
    assert Settings().cursor_secret.get_secret_value() == "c" * 32


def test_serve_on_a_public_address_refuses_generated_or_weak_keys(no_env_keys, monkeypatch, capsys):
    local = Settings()
    for host in ("127.0.0.1", "::1", "localhost"):
        check_keys_for_bind(local, host)  # loopback: generated keys are fine
    for host in ("0.0.0.0", "192.0.2.10", "::"):
        with pytest.raises(InsecureKeys, match="SOUK_CURSOR_SECRET is not set"):
            check_keys_for_bind(local, host)
    monkeypatch.setenv("SOUK_CURSOR_SECRET", "short")
    monkeypatch.setenv("SOUK_PAYER_HASH_KEY", STRONG)
    with pytest.raises(InsecureKeys, match="shorter than 32 bytes"):
        check_keys_for_bind(Settings(), "0.0.0.0")
    check_keys_for_bind(Settings(allow_dev_keys=True), "0.0.0.0")
    check_keys_for_bind(Settings(cursor_secret="s" * 32), "0.0.0.0")

    from souk.config import get_settings

    get_settings.cache_clear()
    try:
        # The command itself exits 2 before starting anything (no database, no port).
        assert serve(host="0.0.0.0", port=1, demo=False, template=REPO / "template.yaml") == 2
    finally:
        get_settings.cache_clear()
    assert "refusing to start souk serve on non-loopback address 0.0.0.0" in capsys.readouterr().err


def test_generated_keys_for_your_own_postgres_in_a_relative_path_are_announced(monkeypatch, tmp_path, caplog):
    # With DATABASE_URL the generated keys are .souk/keys.json under the working directory: a command run from elsewhere
    # hashes the same payer under another key (a hunt counted unique payers 2 -> 3 -> 4). Said once, with the path.
    import logging

    from souk import config

    for name in ("SOUK_PAYER_HASH_KEY", "SOUK_CURSOR_SECRET", "SOUK_KEYS_FILE", "SOUK_DATA_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(config, "_warned_keys", set())
    with caplog.at_level(logging.WARNING, logger="souk.config"):
        Settings(database_url="postgresql://souk@db.internal:5432/souk")
        Settings(database_url="postgresql://souk@db.internal:5432/souk")
    said = [r.getMessage() for r in caplog.records if "keys generated in" in r.getMessage()]
    assert len(said) == 1 and str(tmp_path / ".souk" / "keys.json") in said[0] and "SOUK_KEYS_FILE" in said[0]
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="souk.config"):
        Settings()  # the embedded database: the keys sit beside it
        Settings(database_url="postgresql://souk@db.internal:5432/souk", keys_file=tmp_path / "k.json")
    assert not [r for r in caplog.records if "keys generated in" in r.getMessage()]


def test_serve_on_a_public_address_refuses_a_guessable_catalog_secret(no_env_keys):
    # Only the payer-hash and cursor keys were checked: a 1-character bearer token guarded catalog writes on 0.0.0.0.
    strong = {"payer_hash_key": STRONG, "cursor_secret": STRONG}
    with pytest.raises(InsecureKeys, match="SOUK_CATALOG_SECRET is shorter than 32 bytes"):
        check_keys_for_bind(Settings(**strong, catalog_secret="x"), "0.0.0.0")
    check_keys_for_bind(Settings(**strong, catalog_secret="x"), "127.0.0.1")  # loopback: yours to choose
    check_keys_for_bind(Settings(**strong, catalog_secret=STRONG), "0.0.0.0")
    check_keys_for_bind(Settings(**strong), "0.0.0.0")  # unset: every catalog event is refused anyway
