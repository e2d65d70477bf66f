"""Probes against real servers: an x402 seller answering 402 through the SDK's middleware, an MCP server
built with the mcp SDK, and plain servers answering 404, 410, 500, redirects and slow or huge bodies."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import pytest

from souk.catalog.ingest import catalog_event
from souk.lifecycle.job import due_targets, run_pass
from souk.lifecycle.probe import USER_AGENT, Target, probe
from souk.listing.pay_to import pay_to_key
from tests.conftest import table_snapshot
from tests.factories import pdf_tool, verified, weather


def _target(db, settings, listing) -> Target:
    outcome = catalog_event(db, verified(listing), settings)
    db.commit()
    [target] = [t for t in due_targets(db, settings, datetime.now(UTC), 100) if t.listing_id == outcome.listing_id]
    return target


def _probe(target, settings):
    return asyncio.run(probe(target, None, settings))


def test_the_real_seller_is_healthy_and_asked_without_payment(db, probe_settings, servers):
    target = _target(db, probe_settings, weather(url=servers.url("seller", "/weather")))
    result = _probe(target, probe_settings)
    assert (result.outcome, result.http_status, result.findings) == ("ok", 402, [])
    assert result.address == "127.0.0.1" and result.latency_ms is not None
    request = servers.seller_hits.requests[-1]
    assert request["path"] == "/weather" and request["method"] == "GET"
    assert request["headers"]["user-agent"] == USER_AGENT and "Souk" in USER_AGENT
    assert not {"payment-signature", "x-payment"} & set(request["headers"])


def test_price_drift_is_a_finding_and_never_changes_the_listing(db, probe_settings, servers):
    target = _target(db, probe_settings, weather(url=servers.url("seller", "/pricey")))
    before = table_snapshot(db)
    result = _probe(target, probe_settings)
    assert result.outcome == "ok"
    assert result.findings == [
        {"code": "price_changed", "network": "stellar:testnet", "listed": "10000", "offered": "25000"}
    ]
    assert table_snapshot(db) == before  # probing wrote nothing; recording writes health tables only


def test_a_seller_paying_someone_else_is_a_mismatch(db, probe_settings, servers):
    target = _target(db, probe_settings, weather(url=servers.url("seller", "/moved")))
    result = _probe(target, probe_settings)
    assert result.outcome == "mismatch"
    assert result.findings[0]["code"] == "payto_changed"


@pytest.mark.parametrize(
    ("path", "outcome"),
    [
        ("/status/404", "not_found"),
        ("/status/410", "gone"),
        ("/status/500", "not_402"),
        ("/status/200", "not_402"),
        ("/status/402", "invalid_402"),
        ("/json402", "invalid_402"),
        ("/redirect-same", "invalid_402"),  # a same-host redirect is followed (to a bare 402)
    ],
)
def test_plain_answers(db, probe_settings, servers, path, outcome):
    target = _target(db, probe_settings, weather(url=servers.url("plain", path)))
    assert _probe(target, probe_settings).outcome == outcome


def test_a_redirect_to_loopback_is_not_followed(db, probe_settings, servers):
    target = _target(db, probe_settings, weather(url=servers.url("plain", "/redirect-loopback")))
    seen = len(servers.seller_hits.requests)
    result = _probe(target, probe_settings)
    assert result.outcome == "redirect_refused" and result.detail == "redirect to another host not followed"
    assert len(servers.seller_hits.requests) == seen  # the redirect target was never contacted


def test_localhost_without_the_allowlist_is_never_contacted(db, settings, probe_settings, servers):
    target = _target(db, probe_settings, weather(url=servers.url("seller", "/weather")))
    seen = len(servers.seller_hits.requests)
    strict = probe_settings.model_copy(update={"probe_allowed_hosts": ""})
    result = _probe(target, strict)
    assert result.outcome == "refused_address" and "loopback" in result.detail
    assert len(servers.seller_hits.requests) == seen


def test_a_slow_body_hits_the_deadline(db, probe_settings, servers):
    target = _target(db, probe_settings, weather(url=servers.url("plain", "/slow")))
    started = time.monotonic()
    result = _probe(target, probe_settings)
    assert result.outcome == "timeout"
    # The body drips for 30 s; ending within a few seconds of the deadline proves the deadline ended it
    # (the slack is for a loaded machine, not for the probe).
    assert time.monotonic() - started < probe_settings.probe_deadline_s + 5


def test_a_huge_body_is_cut_at_the_cap(db, probe_settings, servers):
    target = _target(db, probe_settings, weather(url=servers.url("plain", "/big")))
    result = _probe(target, probe_settings)
    assert result.outcome == "too_large"


def test_mcp_tool_listed_missing_and_endpoint_gone(db, probe_settings, servers):
    listed = _target(db, probe_settings, pdf_tool(url=servers.url("mcp", "/mcp")))
    assert _probe(listed, probe_settings).outcome == "ok"
    paths = [r["path"] for r in servers.mcp_hits.requests]
    assert paths and set(paths) == {"/mcp"}
    assert servers.mcp_hits.requests[0]["headers"]["user-agent"] == USER_AGENT
    missing = _target(db, probe_settings, pdf_tool(url=servers.url("mcp", "/mcp"), tool_name="split_pdf"))
    result = _probe(missing, probe_settings)
    assert result.outcome == "tool_missing" and "split_pdf" in result.detail
    gone = _target(db, probe_settings, pdf_tool(url=servers.url("plain", "/status/404")))
    assert _probe(gone, probe_settings).outcome == "not_found"


def test_one_pass_is_bounded_and_records_results(db, probe_settings, servers, monkeypatch):
    from souk.db import get_pool
    from souk.lifecycle import safety

    public_dns = safety.resolve

    async def resolve(host: str, port: int) -> list[str]:  # a name that resolves to a private address
        return ["10.0.0.7"] if host == "private.example" else await public_dns(host, port)

    monkeypatch.setattr(safety, "resolve", resolve)

    urls = [servers.url("seller", "/weather"), servers.url("plain", "/slow")]
    urls += [servers.url("plain", f"/status/{code}") for code in (404, 410, 500, 200)]
    for url in urls:
        catalog_event(db, verified(weather(url=url)), probe_settings)
    catalog_event(db, verified(weather(url="http://private.example/weather")), probe_settings)
    db.commit()
    bounded = probe_settings.model_copy(update={"probe_max_per_host": 3, "probe_batch_size": 50})
    summary = run_pass(get_pool().connection, bounded)
    # localhost: 3 per host, capped in the selection (the seller and plain servers share the host name);
    # private.example (10.0.0.7) refused unvisited
    assert summary["due"] == 4 and summary["probed"] == 4 and summary["skipped"] == 0
    assert summary["outcomes"].get("refused_address") == 1
    assert summary["seconds"] < 3 * (bounded.probe_deadline_s + 1)
    rows = db.execute("SELECT outcome, probed_at FROM probe_results ORDER BY id").fetchall()
    assert len(rows) == 4 and all(r["probed_at"] is not None for r in rows)
    # the listings not reached come first next time (the interval is 0 here, so all are due again)
    again = run_pass(get_pool().connection, bounded)
    assert again["outcomes"] == {"gone": 1, "not_402": 2, "refused_address": 1}


SOLANA_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dKwFsk"


def _offer(network: str, asset: str, pay_to: str) -> dict[str, str]:
    return {"scheme": "exact", "network": network, "asset": asset, "payTo": pay_to, "amount": "1000"}


def _listed(network: str, asset: str, pay_to: str, bound: str) -> Target:
    listed = _offer(network, asset, pay_to)
    return Target(1, "k", "http", "https://x.example/a", "GET", None, (listed,), frozenset({pay_to_key(bound)}))


def test_payto_and_asset_compare_as_the_catalog_does():
    from souk.lifecycle.probe import compare_accepts

    evm = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01"
    usdc_base = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
    base = _listed("eip155:8453", usdc_base, evm, evm)
    assert compare_accepts(base, [_offer("eip155:8453", usdc_base.lower(), evm.lower())]) == (True, [])

    seller = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU"
    solana = _listed(SOLANA, SOLANA_USDC, seller, seller)
    assert compare_accepts(solana, [_offer(SOLANA, SOLANA_USDC, seller)]) == (True, [])
    # A base58 address in other letters is another address: another seller, another token.
    healthy, findings = compare_accepts(solana, [_offer(SOLANA, SOLANA_USDC, seller.swapcase())])
    assert not healthy and findings[0]["code"] == "payto_changed"
    healthy, findings = compare_accepts(solana, [_offer(SOLANA, SOLANA_USDC.swapcase(), seller)])
    assert not healthy and {f["code"] for f in findings} == {"option_dropped", "option_added"}
