"""Cataloging refuses a resource on a loopback, private, link-local or metadata address, or a local-only name (a
probe, 2026-12-07: a cloud-metadata URL described as the "cheapest weather API" was cataloged, `active`, and #1)."""

from __future__ import annotations

import pytest

from souk.catalog.ingest import catalog_event
from souk.errors import CatalogRejection
from souk.listing.addresses import host_refusal
from tests.conftest import table_snapshot
from tests.factories import verified, weather


@pytest.mark.parametrize(
    ("url", "category"),
    [
        ("http://169.254.169.254/latest/meta-data/iam/security-credentials/", "metadata"),
        ("http://localhost:2375/containers/json", "local_name"),
        ("https://api.localhost/v1", "local_name"),
        ("https://printer.local/v1", "local_name"),
        ("https://svc.internal/v1", "local_name"),
        ("https://127.0.0.1/x", "loopback"),
        ("https://[::1]/x", "loopback"),
        ("https://[::ffff:10.0.0.1]/x", "private"),
        ("https://10.0.0.1/api", "private"),
        ("https://192.168.1.20:8080/api", "private"),
        ("https://100.64.0.9/api", "cgnat"),
        ("https://0x7f000001/x", "loopback"),  # what an HTTP client reads as 127.0.0.1
        ("https://2130706433/x", "loopback"),
        ("https://0177.0.0.1/x", "loopback"),
        ("https://0.0.0.0/x", "unspecified"),
    ],
)
def test_a_resource_off_the_public_internet_is_refused_and_nothing_is_written(db, settings, url, category):
    before = table_snapshot(db)
    with pytest.raises(CatalogRejection) as refused:
        catalog_event(db, verified(weather(url=url)), settings)
    assert refused.value.error == "non_public_host" and category.replace("_", "-") in refused.value.reason
    db.rollback()
    assert table_snapshot(db) == before


@pytest.mark.parametrize(
    "host",
    ["weather.example.com", "8.8.8.8", "[2001:4860:4860::8888]", "api.2130706433.com", "1.2.3", "localhost.example"],
)
def test_public_hosts_pass(host):
    assert host_refusal(host) is None


def test_an_operator_allowed_host_is_cataloged(db, settings):
    # the hosts an operator lets the probe reach (a local test seller) may be cataloged too
    allowed = settings.model_copy(update={"probe_allowed_hosts": "localhost, 127.0.0.1"})
    assert catalog_event(db, verified(weather(url="http://127.0.0.1:8080/v1/weather")), allowed).status == "success"
    assert catalog_event(db, verified(weather(url="http://localhost:8080/v1/weather")), allowed).status == "success"
