"""Settings from the environment (template.yaml ``Globals`` in the cloud, the shell locally)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SOUK_", env_file=None, extra="ignore")

    # Unset: Souk starts an embedded Postgres (pgserver) in ``data_dir``.
    database_url: str | None = Field(default=None, validation_alias="DATABASE_URL")
    data_dir: Path = Path(".souk/pgdata")
    pool_min_size: int = 1
    pool_max_size: int = 4
    # None: the repository's migrations/ folder (Lambda sets it to where the layer ships them).
    migrations_dir: Path | None = None

    # Shared secret for POST /catalog/v1/events (Bearer token). Unset: the endpoint refuses everything.
    catalog_secret: SecretStr | None = None
    # Key for the payer hash (HMAC-SHA256): payers are counted, never stored in the clear.
    payer_hash_key: SecretStr = SecretStr("souk-local-development-key")
    # Key that signs search cursors.
    cursor_secret: SecretStr = SecretStr("souk-local-cursor-key")

    model_dir: Path = Path(".souk/model")
    embedding_provider: str = "onnx-local"
    embedding_threads: int = 1
    embedding_timeout_s: float = 2.0
    remote_embedding_url: str | None = None
    remote_embedding_api_key: SecretStr | None = None
    remote_embedding_model: str | None = None
    remote_embedding_dimension: int | None = None

    # Listing bounds beyond the Bazaar schema checks.
    max_event_bytes: int = 256 * 1024
    max_description_chars: int = 4000
    max_schema_bytes: int = 64 * 1024
    max_params: int = 100
    max_example_bytes: int = 16 * 1024
    max_schema_depth: int = 8

    quality_window_days: int = 30


@lru_cache
def get_settings() -> Settings:
    return Settings()
