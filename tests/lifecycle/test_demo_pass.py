"""One probe pass over the demo catalog: bounded in time and work, and no refused address is contacted
(every demo host is made to resolve to loopback here, as a hostile DNS answer would; no network is used)."""

from __future__ import annotations

import json

from souk.catalog.ingest import catalog_event
from souk.catalog.loader import load_events_file
from souk.cli import main
from souk.db import get_pool
from souk.lifecycle import safety
from souk.lifecycle.job import run_pass
from souk.runner.serve import DEMO_EVENTS
from tests.factories import verified, weather


def test_a_pass_over_the_demo_catalog_is_bounded_and_contacts_no_refused_address(db, settings, monkeypatch):
    summary = load_events_file(db, DEMO_EVENTS, settings, rebase_to_now=True)
    db.commit()
    resolved: list[str] = []
    connected: list[str] = []

    async def loopback(host, port):
        resolved.append(host)
        return ["127.0.0.1"]

    async def never(self, host, port, **kwargs):  # a connection attempt would be recorded, then refused
        connected.append(host)
        raise OSError("no network in tests")

    monkeypatch.setattr(safety, "resolve", loopback)
    monkeypatch.setattr(safety.PinnedBackend, "connect_tcp", never)
    bounded = settings.model_copy(update={"probe_batch_size": 500, "probe_run_seconds": 30.0})
    result = run_pass(get_pool().connection, bounded)

    assert result["due"] == min(summary["listings"], 500) and result["probed"] == result["due"]
    assert result["outcomes"] == {"refused_address": result["probed"]}
    assert connected == []
    assert len(resolved) == len(set(resolved))  # each host resolved once for the whole pass
    assert result["seconds"] < bounded.probe_run_seconds
    # Refusals are network-class failures: listings degrade, nothing is gone after one pass.
    assert set(result["statuses"]) == {"degraded"}


def test_souk_probe_run_prints_the_pass(db, settings, monkeypatch, capsys):
    for i in range(7):
        catalog_event(db, verified(weather(url=f"https://w{i}.example/weather")), settings)
    db.commit()

    async def loopback(host, port):
        return ["127.0.0.1"]

    monkeypatch.setattr(safety, "resolve", loopback)
    assert main(["probe", "run", "--limit", "5"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["due"] == 5 and printed["probed"] == 5 and printed["outcomes"] == {"refused_address": 5}
