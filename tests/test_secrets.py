"""Secrets at runtime: ids in the environment, values read from Secrets Manager (moto), cached, re-read on expiry."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import boto3
import pytest
from moto import mock_aws

from souk.aws_secrets import SecretUnreadable
from souk.config import Settings, get_settings

PAYER_KEY = "payer-hash-key-from-secrets-manager-0123456789"
CURSOR_KEY = "cursor-secret-from-secrets-manager-0123456789"
ROTATED_CURSOR_KEY = "cursor-secret-after-rotation-0123456789abcdef"
DB_URL = "postgresql://souk:pw@db.internal:5432/souk"


@pytest.fixture
def secrets_manager(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    from aws_lambda_powertools.utilities import parameters

    for name in ("SOUK_PAYER_HASH_KEY", "SOUK_CURSOR_SECRET", "SOUK_CATALOG_SECRET", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_DEFAULT_REGION", "eu-west-1")
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    with mock_aws():
        client = boto3.client("secretsmanager", region_name="eu-west-1")
        client.create_secret(Name="souk/db", SecretString=json.dumps({"url": DB_URL, "user": "souk"}))
        client.create_secret(Name="souk/catalog-secret", SecretString="catalog-bearer-token")
        client.create_secret(Name="souk/payer-hash-key", SecretString=PAYER_KEY)
        client.create_secret(Name="souk/cursor-secret", SecretString=CURSOR_KEY)
        monkeypatch.setenv("SOUK_DATABASE_URL_SECRET_ID", "souk/db")
        monkeypatch.setenv("SOUK_CATALOG_SECRET_ID", "souk/catalog-secret")
        monkeypatch.setenv("SOUK_PAYER_HASH_KEY_SECRET_ID", "souk/payer-hash-key")
        monkeypatch.setenv("SOUK_CURSOR_SECRET_ID", "souk/cursor-secret")
        parameters.clear_caches()  # Powertools' cache is per process; moto's secrets are per test
        get_settings.cache_clear()
        yield client
        parameters.clear_caches()
    get_settings.cache_clear()


def test_values_come_from_secrets_manager_on_lambda(secrets_manager, monkeypatch):
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "souk-search")  # strong keys are required there
    settings = Settings()
    assert settings.database_url == DB_URL
    assert settings.catalog_secret is not None and settings.catalog_secret.get_secret_value() == "catalog-bearer-token"
    assert settings.payer_hash_key.get_secret_value() == PAYER_KEY
    assert settings.cursor_secret.get_secret_value() == CURSOR_KEY
    assert settings.explicit_keys == {"payer_hash_key": PAYER_KEY, "cursor_secret": CURSOR_KEY}


def test_an_environment_value_wins_over_the_secret_id(secrets_manager, monkeypatch):
    monkeypatch.setenv("SOUK_CURSOR_SECRET", "cursor-from-the-environment-0123456789abcd")
    settings = Settings()
    assert settings.cursor_secret.get_secret_value() == "cursor-from-the-environment-0123456789abcd"
    assert settings.payer_hash_key.get_secret_value() == PAYER_KEY


def test_cached_until_max_age_then_the_rotated_value_is_read(secrets_manager, monkeypatch):
    # Long enough that the rotation and the cached read below always fall inside it, even on a loaded machine.
    max_age = 3
    monkeypatch.setenv("SOUK_SECRETS_MAX_AGE_S", str(max_age))
    first = get_settings()
    read_at = time.monotonic()
    assert first.cursor_secret.get_secret_value() == CURSOR_KEY
    secrets_manager.put_secret_value(SecretId="souk/cursor-secret", SecretString=ROTATED_CURSOR_KEY)
    cached = get_settings()
    assert time.monotonic() - read_at < max_age, "too slow to observe the cache; the check below would be void"
    assert cached is first  # within max_age: no Secrets Manager call, same settings
    # Past max_age of Souk's clock and of Powertools' cache (both started before read_at).
    time.sleep(max(0.0, read_at + max_age + 0.1 - time.monotonic()))
    second = get_settings()
    assert second is not first
    assert second.cursor_secret.get_secret_value() == ROTATED_CURSOR_KEY
    assert second.payer_hash_key.get_secret_value() == PAYER_KEY


def test_settings_without_secret_ids_never_expire(monkeypatch):
    monkeypatch.delenv("SOUK_CURSOR_SECRET_ID", raising=False)
    assert not Settings().secrets_expired()


def test_a_missing_secret_stops_the_cold_start_with_its_name(secrets_manager, monkeypatch):
    monkeypatch.setenv("SOUK_PAYER_HASH_KEY_SECRET_ID", "souk/no-such-secret")
    with pytest.raises(SecretUnreadable, match="souk/no-such-secret"):
        Settings()


def test_a_database_secret_without_url_is_refused(secrets_manager):
    secrets_manager.put_secret_value(SecretId="souk/db", SecretString=json.dumps({"host": "db.internal"}))
    with pytest.raises(SecretUnreadable, match="'url'"):
        Settings()
