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

    # The embedding job (souk.embedding.worker): listings per claim, lease length, retries.
    embed_batch_size: int = Field(default=32, ge=1)
    lease_seconds: int = Field(default=120, ge=1)
    max_attempts: int = Field(default=5, ge=1)
    retry_base_seconds: float = Field(default=30.0, gt=0)
    retry_max_seconds: float = Field(default=3600.0, gt=0)
    # A scheduled run stops claiming after this long, well inside the function's 300 s timeout.
    embed_run_seconds: float = Field(default=240.0, gt=0)
    # Vector rows above which a generation gets an HNSW index; below it an exact scan is fast enough.
    hnsw_threshold: int = Field(default=20000, ge=0)

    # Listing bounds beyond the Bazaar schema checks.
    max_event_bytes: int = 256 * 1024
    max_description_chars: int = 4000
    max_schema_bytes: int = 64 * 1024
    max_params: int = 100
    max_example_bytes: int = 16 * 1024
    max_schema_depth: int = 8

    quality_window_days: int = 30
    # Search sessions (and so their cursors) expire after this long; conversions are kept.
    search_session_ttl_hours: float = 24.0

    # Scheduled evaluation: reports go to S3 when a bucket is set, else to report_dir.
    report_bucket: str | None = None
    report_dir: Path = Path("eval/reports/scheduled")
    eval_dir: Path | None = None  # where the fixture catalog and golden set live (Lambda: /var/task/eval)


@lru_cache
def get_settings() -> Settings:
    return Settings()
