"""The payer-hash and cursor keys: never a public default outside local development.

Local use (no key in the environment) gets random keys, generated once and kept in a 0600 file next to
the data directory, so payer hashes and cursors stay valid across restarts. On Lambda, and when
``souk serve`` listens on a non-loopback address, a key must come from the environment and be at least
32 bytes; ``SOUK_ALLOW_DEV_KEYS=1`` is the explicit way to run there with development keys anyway.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import tempfile
from ipaddress import ip_address
from pathlib import Path

KEY_FIELDS = ("payer_hash_key", "cursor_secret")
ENV_NAMES = {"payer_hash_key": "SOUK_PAYER_HASH_KEY", "cursor_secret": "SOUK_CURSOR_SECRET"}
MIN_KEY_BYTES = 32
# The values earlier versions shipped as defaults: public, so never acceptable where keys matter.
PUBLIC_DEFAULTS = frozenset({"souk-local-development-key", "souk-local-cursor-key"})
DEV_KEYS = {"payer_hash_key": "souk-local-development-key", "cursor_secret": "souk-local-cursor-key"}


class InsecureKeys(RuntimeError):
    """A key is missing, public or short where Souk must not run with one."""


def key_problem(value: str | None) -> str | None:
    """Why ``value`` is not a production key, or None when it is fine."""
    if not value:
        return "is not set"
    if value in PUBLIC_DEFAULTS:
        return "is a public development default"
    if len(value.encode("utf-8")) < MIN_KEY_BYTES:
        return f"is shorter than {MIN_KEY_BYTES} bytes"
    return None


def require_strong_keys(explicit: dict[str, str | None], where: str) -> None:
    """Raise InsecureKeys naming every key that was not set explicitly to a strong value."""
    problems = [
        f"{ENV_NAMES[name]} {problem}"
        for name in KEY_FIELDS
        if (problem := key_problem(explicit.get(name))) is not None
    ]
    if problems:
        raise InsecureKeys(
            f"refusing to start {where}: " + "; ".join(problems) + ". Set each to a random value of at least "
            f"{MIN_KEY_BYTES} bytes (e.g. `python -c 'import secrets; print(secrets.token_urlsafe(48))'`), "
            "or set SOUK_ALLOW_DEV_KEYS=1 for a development deployment."
        )


def local_keys(path: Path) -> dict[str, str]:
    """The generated local keys in ``path``, creating the file (mode 0600) exactly once."""
    path = path.expanduser()
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = {name: secrets.token_urlsafe(48) for name in KEY_FIELDS}
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".keys-", suffix=".tmp")  # mkstemp: mode 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(fresh, fh)
        # link() fails if the file exists, so two processes starting together agree on one set.
        with contextlib.suppress(FileExistsError):
            os.link(tmp, path)
    finally:
        os.unlink(tmp)
    return _read(path)


def _read(path: Path) -> dict[str, str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or any(not isinstance(data.get(k), str) or not data[k] for k in KEY_FIELDS):
        raise InsecureKeys(f"{path} does not hold {', '.join(KEY_FIELDS)}; delete it to generate new keys")
    return {k: data[k] for k in KEY_FIELDS}


def is_loopback(host: str) -> bool:
    if host in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
