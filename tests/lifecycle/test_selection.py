"""The probe job's selection: the per-host cap applies before the batch limit, so one host with many
listings cannot fill the batch and starve the others."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

from souk.catalog.ingest import catalog_event
from souk.lifecycle.job import due_targets
from tests.factories import verified, weather


def test_one_busy_host_does_not_fill_the_batch(db, settings):
    for i in range(12):
        catalog_event(db, verified(weather(url=f"https://spam.example.com/api/{i}")), settings)
    catalog_event(db, verified(weather(url="https://Honest.example.org:8443/forecast")), settings)
    catalog_event(db, verified(weather(url="https://third.example.net/w?city=x")), settings)
    db.commit()
    s = settings.model_copy(update={"probe_batch_size": 10, "probe_max_per_host": 3})
    targets = due_targets(db, s, datetime.now(UTC), s.probe_batch_size)
    by_host = Counter(t.host for t in targets)
    assert by_host == {"spam.example.com": 3, "honest.example.org": 1, "third.example.net": 1}
    # the spam host's oldest three (lowest ids) are the ones taken; the rest wait for the next pass
    spam = sorted(t.listing_id for t in targets if t.host == "spam.example.com")
    assert spam == sorted(spam)[:3] and len(spam) == 3


def test_the_batch_limit_still_holds_across_many_hosts(db, settings):
    for i in range(8):
        catalog_event(db, verified(weather(url=f"https://host{i}.example.com/api")), settings)
    db.commit()
    s = settings.model_copy(update={"probe_batch_size": 5, "probe_max_per_host": 3})
    targets = due_targets(db, s, datetime.now(UTC), s.probe_batch_size)
    assert len(targets) == 5 and len({t.host for t in targets}) == 5
