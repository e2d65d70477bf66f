"""Load a JSONL file of facilitator events through the real cataloging path."""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from souk.catalog.ingest import ingest_many
from souk.config import Settings
from souk.db.types import Connection, one


def read_events(path: Path) -> list[dict[str, Any]]:
    """Every line's JSON; raises ValueError for a line that is not JSON (too deeply nested included) or not UTF-8."""
    with path.open(encoding="utf-8") as fh:
        try:
            return [json.loads(line) for line in fh if line.strip()]
        except RecursionError:
            raise ValueError("a line is nested too deeply") from None


def rebase(events: list[dict[str, Any]], now: datetime) -> list[dict[str, Any]]:
    """Shift every ``observedAt`` so the newest event happened at ``now`` (keeps a demo's recency alive)."""
    stamps = [datetime.fromisoformat(e["observedAt"].replace("Z", "+00:00")) for e in events if e.get("observedAt")]
    if not stamps:
        return events
    shift = now - max(stamps)
    out = []
    for e in events:
        if e.get("observedAt"):
            at = datetime.fromisoformat(e["observedAt"].replace("Z", "+00:00")) + shift
            e = {**e, "observedAt": at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")}
        out.append(e)
    return out


def load_events(
    conn: Connection, events: list[dict[str, Any]], settings: Settings, *, now: datetime | None = None
) -> dict[str, Any]:
    outcomes = ingest_many(conn, events, settings, now=now)
    rejected = Counter(o.error for o in outcomes if o.status == "rejected")
    return {
        "events": len(events),
        "cataloged": sum(o.status == "success" for o in outcomes),
        "rejected": dict(sorted(rejected.items())),
        "listings": one(conn.execute("SELECT count(*) AS n FROM listings"))["n"],
    }


def load_events_file(
    conn: Connection, path: Path, settings: Settings, *, rebase_to_now: bool = False
) -> dict[str, Any]:
    events = read_events(path)
    if rebase_to_now:
        events = rebase(events, datetime.now(UTC))
    return load_events(conn, events, settings)
