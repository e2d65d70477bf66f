"""Cataloging refuses a resource no client could pay: a cloud-metadata, link-local, unspecified, multicast or
reserved address, or one written as a number (a probe, 2026-12-07: a cloud-metadata URL described as the "cheapest
weather API" was cataloged, `active`, and #1). Loopback and private ones are left to the probe."""

from __future__ import annotations

import pytest

from souk.catalog.ingest import catalog_event
from souk.errors import CatalogRejection
from souk.listing.addresses import catalog_refusal, host_refusal
from tests.conftest import table_snapshot
from tests.factories import verified, weather


@pytest.mark.parametrize(
    ("url", "category"),
    [
        ("http://169.254.169.254/latest/meta-data/iam/security-credentials/", "a cloud metadata address"),
        ("http://[::ffff:169.254.169.254]/latest/meta-data/", "a cloud metadata address"),
        ("https://[fe80::1]/x", "a link-local address"),
        ("https://169.254.10.10/x", "a link-local address"),
        ("https://0.0.0.0/x", "an unspecified address"),
        ("https://224.0.0.1/x", "a multicast address"),
        ("https://0x7f000001/x", "an IPv4 address written as a number"),  # what an HTTP client reads as 127.0.0.1
        ("https://2130706433/x", "an IPv4 address written as a number"),
        ("https://0177.0.0.1/x", "an IPv4 address written as a number"),
        ("https://8.8.8/x", "an IPv4 address written as a number"),  # 8.8.0.8
    ],
)
def test_a_resource_no_client_could_pay_is_refused_and_nothing_is_written(db, settings, url, category):
    before = table_snapshot(db)
    with pytest.raises(CatalogRejection) as refused:
        catalog_event(db, verified(weather(url=url)), settings)
    assert refused.value.error == "non_public_host" and f" is {category}," in refused.value.reason
    db.rollback()
    assert table_snapshot(db) == before


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost:4021/v1/weather",  # a self-hosted catalog's own sellers, a test harness
        "http://127.0.0.1:4021/v1/weather",
        "https://10.0.0.7/v1/weather",
        "http://seller.internal/v1/weather",
    ],
)
def test_loopback_and_private_resources_are_cataloged_and_left_to_the_probe(db, settings, url):
    # the probe refuses to contact them, so the listing turns unreachable (souk.lifecycle.status)
    assert catalog_event(db, verified(weather(url=url)), settings).status == "success"
    assert catalog_refusal(url.split("/")[2].rsplit(":", 1)[0]) is None
    assert host_refusal(url.split("/")[2].rsplit(":", 1)[0]) is not None


@pytest.mark.parametrize(
    "host",
    ["weather.example.com", "8.8.8.8", "[2001:4860:4860::8888]", "api.2130706433.com", "localhost.example"],
)
def test_public_hosts_pass(host):
    assert host_refusal(host) is None and catalog_refusal(host) is None


def test_an_operator_allowed_host_is_cataloged(db, settings):
    # the hosts an operator lets the probe reach may be cataloged whatever they are
    allowed = settings.model_copy(update={"probe_allowed_hosts": "169.254.10.10"})
    assert catalog_event(db, verified(weather(url="http://169.254.10.10/v1/weather")), allowed).status == "success"
