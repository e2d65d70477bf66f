"""A payment option's ``maxTimeoutSeconds`` and ``extra`` are what the x402 SDK's models read, or the event is
refused: Souk serves every option back unchanged, and the SDK's ``PaymentRequirements`` refused an item carrying
``"extra": "x"`` ("Input should be a valid dictionary") or a timeout of 1e40."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from x402.extensions.bazaar.facilitator_client import _parse_list_response
from x402.schemas import PaymentRequirements, PaymentRequirementsV1

from souk.catalog.extract import MAX_TIMEOUT_SECONDS
from souk.catalog.ingest import catalog_event
from souk.discovery.resources import list_resources
from souk.errors import CatalogRejection
from tests.conftest import table_snapshot
from tests.factories import pdf_tool, settled, verified, weather
from tests.hostile.recipes import v1_event

BAD_TIMEOUTS = [10**40, MAX_TIMEOUT_SECONDS + 1, 0, -1, True, 60.0, "60", "soon", None, [60], {}]
BAD_V2_EXTRAS = ["x", [1], 1, True, None]


def _rejected(db: Any, settings: Any, event: dict[str, Any], code: str) -> CatalogRejection:
    before = table_snapshot(db)
    with pytest.raises(CatalogRejection) as info:
        catalog_event(db, event, settings)
    assert info.value.error == code
    assert info.value.reason
    assert table_snapshot(db) == before  # a rejection writes nothing
    return info.value


def _served(db: Any, settings: Any) -> dict[str, Any]:
    (item,) = list_resources(db, {}, settings)["items"]
    return item


def _parses(item: dict[str, Any]) -> None:
    """Every option parses under the SDK model of the item's own x402Version (as the Bazaar client reads it)."""
    model = PaymentRequirementsV1 if item["x402Version"] == 1 else PaymentRequirements
    for option in item["accepts"]:
        model.model_validate(option)
    _parse_list_response({"x402Version": 2, "items": [item], "pagination": {"limit": 1, "offset": 0, "total": 1}})


def _both(event: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    """The requirements and the payer's copy of them (``accepted``) both carrying ``value``."""
    out = copy.deepcopy(event)
    out["paymentRequirements"][field] = copy.deepcopy(value)
    out["paymentPayload"]["accepted"][field] = copy.deepcopy(value)
    return out


def _set_in(event: dict[str, Any], where: str, field: str, value: Any) -> dict[str, Any]:
    """``event`` with ``field`` set to ``value`` in the requirements, in ``accepted``, or in both (``where``)."""
    if where in ("both", "paymentRequirements"):
        event["paymentRequirements"][field] = value
    if where in ("both", "accepted"):
        event["paymentPayload"]["accepted"][field] = value
    return event


def test_the_attackers_event_is_refused_and_writes_nothing(db, settings):
    # /tmp/atk2/repro_badextra.json: the requirements and accepted disagree, and neither is valid.
    event = verified(weather())
    event["paymentRequirements"] |= {"extra": "x", "maxTimeoutSeconds": 10**40}
    event["paymentPayload"]["accepted"] |= {"extra": [1], "maxTimeoutSeconds": "soon"}
    rejection = _rejected(db, settings, event, "invalid_requirements")
    assert "paymentRequirements.maxTimeoutSeconds" in rejection.reason


@pytest.mark.parametrize("value", BAD_TIMEOUTS, ids=repr)
@pytest.mark.parametrize("where", ["both", "paymentRequirements", "accepted"])
def test_a_timeout_that_is_no_integer_in_range_is_refused(db, settings, value, where):
    event = _set_in(verified(weather()), where, "maxTimeoutSeconds", value)
    rejection = _rejected(db, settings, event, "invalid_requirements")
    assert "maxTimeoutSeconds" in rejection.reason and str(MAX_TIMEOUT_SECONDS) in rejection.reason


def test_a_v2_option_without_a_timeout_is_refused(db, settings):
    # Required in x402 v2 (spec §5.1.2 and the SDK's PaymentRequirements): a served option without it does not parse.
    event = verified(weather())
    del event["paymentRequirements"]["maxTimeoutSeconds"], event["paymentPayload"]["accepted"]["maxTimeoutSeconds"]
    _rejected(db, settings, event, "invalid_requirements")


@pytest.mark.parametrize("value", BAD_V2_EXTRAS, ids=repr)
@pytest.mark.parametrize("where", ["both", "paymentRequirements", "accepted"])
def test_an_extra_that_is_no_object_is_refused(db, settings, value, where):
    event = _set_in(verified(pdf_tool()), where, "extra", value)
    rejection = _rejected(db, settings, event, "invalid_requirements")
    assert "extra must be an object" in rejection.reason


def test_accepted_must_carry_the_requirements_timeout(db, settings):
    # The SDK's own server matches a payment to its requirements on maxTimeoutSeconds, as on price and payTo.
    event = verified(weather())
    event["paymentPayload"]["accepted"]["maxTimeoutSeconds"] = 120
    rejection = _rejected(db, settings, event, "requirements_mismatch")
    assert "maxTimeoutSeconds" in rejection.reason


def test_accepted_may_carry_more_extra_than_the_requirements(db, settings):
    # A client may append to extra, and a scheme's dynamic extra fields change between the 402 and the payment.
    event = verified(pdf_tool())
    event["paymentPayload"]["accepted"]["extra"] = {"name": "USDC", "version": "2", "nonceHint": "abc"}
    assert catalog_event(db, event, settings).status == "success"
    item = _served(db, settings)
    assert item["accepts"][0]["extra"] == {"name": "USDC", "version": "2"}  # the requirements', as declared
    _parses(item)


@pytest.mark.parametrize("timeout", [1, 60, MAX_TIMEOUT_SECONDS])
def test_timeouts_in_range_catalog_and_serve_as_the_sdk_reads_them(db, settings, timeout):
    event = _both(settled(weather()), "maxTimeoutSeconds", timeout)
    assert catalog_event(db, event, settings).status == "success"
    item = _served(db, settings)
    assert item["accepts"][0]["maxTimeoutSeconds"] == timeout
    _parses(item)


def test_an_absent_extra_catalogs(db, settings):
    event = verified(weather())
    del event["paymentRequirements"]["extra"], event["paymentPayload"]["accepted"]["extra"]
    assert catalog_event(db, event, settings).status == "success"
    _parses(_served(db, settings))


@pytest.mark.parametrize(("field", "value"), [*(("maxTimeoutSeconds", v) for v in BAD_TIMEOUTS if v is not None)])
def test_a_v1_timeout_is_checked_the_same_way(db, settings, field, value):
    event = v1_event()
    event["paymentRequirements"][field] = value
    _rejected(db, settings, event, "invalid_requirements")


@pytest.mark.parametrize("value", ["x", [1], 1, True])
def test_a_v1_extra_that_is_no_object_is_refused(db, settings, value):
    event = v1_event()
    event["paymentRequirements"]["extra"] = value
    _rejected(db, settings, event, "invalid_requirements")


def test_a_v1_extra_of_null_catalogs_as_the_v1_model_reads_it(db, settings):
    # PaymentRequirementsV1.extra is optional (None); v2's is not, so only v1 takes null.
    event = v1_event()
    event["paymentRequirements"]["extra"] = None
    assert catalog_event(db, event, settings).status == "success"
    item = _served(db, settings)
    assert item["x402Version"] == 1
    _parses(item)


def test_a_v1_event_without_a_timeout_is_refused(db, settings):
    # The SDK's PaymentRequirementsV1 requires it as its v2 model does: served without one, no client parses the item.
    event = v1_event()
    del event["paymentRequirements"]["maxTimeoutSeconds"]
    with pytest.raises(CatalogRejection) as info:
        catalog_event(db, event, settings)
    assert info.value.error == "invalid_requirements" and "maxTimeoutSeconds" in info.value.reason
    assert db.execute("SELECT count(*) AS n FROM listings").fetchone()["n"] == 0


def test_an_extra_stored_before_the_check_is_not_served(db, settings):
    # Listings catalogued before such events were refused: the served copy leaves the bad extra out (optional).
    assert catalog_event(db, verified(pdf_tool()), settings).status == "success"
    db.execute("UPDATE listings SET accepts = jsonb_set(accepts, '{0,extra}', '\"x\"')")
    item = _served(db, settings)
    assert "extra" not in item["accepts"][0]
    _parses(item)
