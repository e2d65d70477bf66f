"""A hostile seller cannot make the probe read without bound, follow redirects without end, or wedge the job:
a real local server that ignores ``Accept-Encoding``, streams bodies without a length, sends gzip bombs and
redirect loops, on the plain HTTP path and on the MCP path (where the ``mcp`` SDK reads JSON answers)."""

from __future__ import annotations

import asyncio
import resource
import threading
import time
from collections.abc import Iterator

import pytest

from souk.catalog.ingest import catalog_event
from souk.lifecycle.job import run_pass
from souk.lifecycle.probe import probe
from tests.factories import pdf_tool, verified, weather
from tests.lifecycle.servers import Hits, hostile_app, serving
from tests.lifecycle.test_probe import _target


@pytest.fixture(scope="module")
def hostile() -> Iterator[tuple[int, Hits]]:
    hits = Hits()
    with serving(hostile_app(hits)) as port:
        yield port, hits


def _url(hostile, path: str) -> str:
    return f"http://localhost:{hostile[0]}{path}"


def _run(target, settings):
    return asyncio.run(probe(target, None, settings))


def _max_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_the_probe_asks_for_identity_encoding(db, probe_settings, hostile):
    target = _target(db, probe_settings, weather(url=_url(hostile, "/plain402")))
    assert _run(target, probe_settings).outcome == "ok"
    assert hostile[1].requests[-1]["headers"]["accept-encoding"] == "identity"


def test_a_gzip_402_sent_anyway_is_decoded(db, probe_settings, hostile):
    target = _target(db, probe_settings, weather(url=_url(hostile, "/gzip402")))
    result = _run(target, probe_settings)
    assert (result.outcome, result.http_status, result.findings) == ("ok", 402, [])


def test_a_gzip_bomb_on_the_http_path_is_cut_at_the_cap(db, probe_settings, hostile):
    target = _target(db, probe_settings, weather(url=_url(hostile, "/bomb402")))
    before = _max_rss_mb()
    result = _run(target, probe_settings)
    assert result.outcome == "too_large" and "decoded" in result.detail
    assert _max_rss_mb() - before < 100  # 200 MB inflated would show; the cap is 64 kB


def test_an_encoding_the_probe_cannot_decode_is_a_protocol_error(db, probe_settings, hostile):
    target = _target(db, probe_settings, weather(url=_url(hostile, "/brotli402")))
    result = _run(target, probe_settings)
    assert result.outcome == "protocol_error" and "br" in result.detail


def test_an_mcp_json_answer_without_length_is_cut_at_the_cap(db, probe_settings, hostile):
    target = _target(db, probe_settings, pdf_tool(url=_url(hostile, "/mcp-chunked")))
    started = time.monotonic()
    result = _run(target, probe_settings)
    assert result.outcome == "too_large" and "received" in result.detail
    assert time.monotonic() - started < probe_settings.probe_deadline_s  # stopped, not timed out


def test_an_mcp_gzip_bomb_is_cut_at_the_cap(db, probe_settings, hostile):
    target = _target(db, probe_settings, pdf_tool(url=_url(hostile, "/mcp-bomb")))
    before = _max_rss_mb()
    started = time.monotonic()
    result = _run(target, probe_settings)
    assert result.outcome == "too_large" and "decoded" in result.detail
    assert time.monotonic() - started < probe_settings.probe_deadline_s
    assert _max_rss_mb() - before < 100  # 500 MB inflated would show


def test_the_mcp_probe_follows_at_most_two_redirects(db, probe_settings, hostile):
    target = _target(db, probe_settings, pdf_tool(url=_url(hostile, "/mcp-loop")))
    seen = len(hostile[1].requests)
    result = _run(target, probe_settings)
    assert not result.healthy
    posts = [r for r in hostile[1].requests[seen:] if r["method"] == "POST" and r["path"] == "/mcp-loop"]
    assert len(posts) == 3  # the request and two redirects (httpx2's default would be 21)


def test_a_hostile_listing_is_recorded_and_does_not_open_the_next_pass(db, probe_settings, hostile):
    from souk.db import get_pool

    hourly = probe_settings.model_copy(update={"probe_interval_minutes": 60.0})
    bomb = catalog_event(db, verified(pdf_tool(url=_url(hostile, "/mcp-bomb"))), hourly).listing_id
    db.commit()
    assert run_pass(get_pool().connection, hourly)["outcomes"] == {"too_large": 1}
    row = db.execute("SELECT outcome, detail FROM probe_results WHERE listing_id = %s", (bomb,)).fetchone()
    assert row["outcome"] == "too_large" and "65536" in row["detail"]
    honest = catalog_event(db, verified(weather(url=_url(hostile, "/plain402"))), hourly).listing_id
    db.commit()
    second = run_pass(get_pool().connection, hourly)
    assert second["outcomes"] == {"ok": 1}  # the bomb waits its interval; the pass reached the next listing
    assert (
        db.execute("SELECT outcome FROM probe_results WHERE listing_id = %s", (honest,)).fetchone()["outcome"] == "ok"
    )


def test_results_are_recorded_as_each_probe_finishes(db, probe_settings, hostile, servers):
    """A quick probe's result is in the database while a slow probe of the same pass is still running."""
    from souk.db import get_pool

    patient = probe_settings.model_copy(
        update={"probe_allowed_hosts": "localhost,127.0.0.1", "probe_deadline_s": 6.0, "probe_read_timeout_s": 5.0}
    )
    quick = catalog_event(db, verified(weather(url=_url(hostile, "/plain402"))), patient).listing_id
    # another host name for the same machine, so the two listings are probed side by side
    slow_url = f"http://127.0.0.1:{servers.plain}/slow"
    catalog_event(db, verified(weather(url=slow_url)), patient)
    db.commit()
    summary: dict = {}
    job = threading.Thread(target=lambda: summary.update(run_pass(get_pool().connection, patient)))
    job.start()
    recorded_while_running = False
    while job.is_alive():
        db.rollback()  # a fresh snapshot each look
        if db.execute("SELECT 1 FROM probe_results WHERE listing_id = %s", (quick,)).fetchone():
            recorded_while_running = job.is_alive()
            break
        time.sleep(0.1)
    job.join()
    assert recorded_while_running
    assert summary["outcomes"] == {"ok": 1, "timeout": 1}


def test_a_402_with_unstorable_strings_is_recorded_and_the_pass_goes_on(db, probe_settings, hostile):
    # One seller's 402 offering an option whose asset holds a NUL ended every probe pass: jsonb refused the finding,
    # the result was never stored, the listing stayed first in line and ended the next pass the same way.
    from souk.db import get_pool

    hourly = probe_settings.model_copy(update={"probe_interval_minutes": 60.0})
    odd = catalog_event(db, verified(weather(url=_url(hostile, "/nul402"))), hourly).listing_id
    honest = catalog_event(db, verified(weather(url=_url(hostile, "/plain402"), description="Honest")), hourly)
    db.commit()
    summary = run_pass(get_pool().connection, hourly)
    assert summary["probed"] == 2 and sum(summary["outcomes"].values()) == 2
    rows = {r["listing_id"]: r for r in db.execute("SELECT listing_id, outcome, findings FROM probe_results")}
    assert set(rows) == {odd, honest.listing_id}
    assert "\x00" not in str(rows[odd]["findings"])


def test_a_redirects_seller_text_is_not_copied_into_the_detail(db, probe_settings, hostile):
    from souk.db import get_pool

    listing = catalog_event(db, verified(weather(url=_url(hostile, "/redirect-text"))), probe_settings).listing_id
    db.commit()
    run_pass(get_pool().connection, probe_settings)
    row = db.execute("SELECT outcome, detail FROM probe_results WHERE listing_id = %s", (listing,)).fetchone()
    assert row == {"outcome": "redirect_refused", "detail": "redirect to another host not followed"}


def test_a_pass_started_after_shutdown_began_sends_no_probe(db, probe_settings, hostile):
    # `souk serve` stopped the embedding job on shutdown but not a probe pass, which went on sending new probes for
    # up to a minute after SIGINT.
    from souk.db import get_pool
    from souk.lifecycle import job

    catalog_event(db, verified(weather(url=_url(hostile, "/plain402"))), probe_settings)
    db.commit()
    seen = len(hostile[1].requests)
    job.request_stop()
    try:
        summary = run_pass(get_pool().connection, probe_settings)
    finally:
        job._stop_requested.clear()
    assert (summary["due"], summary["probed"], summary["skipped"]) == (1, 0, 1)
    assert len(hostile[1].requests) == seen


def test_a_result_that_cannot_be_stored_is_recorded_without_findings_and_the_pass_goes_on(
    db, probe_settings, hostile, monkeypatch
):
    import psycopg

    from souk.db import get_pool
    from souk.lifecycle import store

    first = catalog_event(db, verified(weather(url=_url(hostile, "/plain402"))), probe_settings).listing_id
    second = catalog_event(db, verified(weather(url=_url(hostile, "/gzip402"))), probe_settings).listing_id
    db.commit()
    real, refused = store.record_probe, []

    def refuse_once(conn, result, settings):  # type: ignore[no-untyped-def]
        if result.listing_id == first and not refused:
            refused.append(result)
            raise psycopg.DataError("unsupported Unicode escape sequence")
        return real(conn, result, settings)

    monkeypatch.setattr(store, "record_probe", refuse_once)
    both = probe_settings.model_copy(update={"probe_max_per_host": 5, "probe_host_interval_s": 0.0})
    summary = run_pass(get_pool().connection, both)
    assert refused and summary["probed"] == 2
    rows = {r["listing_id"]: r for r in db.execute("SELECT listing_id, outcome, detail, findings FROM probe_results")}
    assert rows[first]["outcome"] == "protocol_error" and rows[first]["findings"] == []
    assert rows[first]["detail"] == "the answer could not be stored"
    assert rows[second]["outcome"] == "ok"
