"""A seller's info is checked against the seller's schema without running the seller's regexes (a ReDoS)."""

from __future__ import annotations

import copy

import pytest

from souk.catalog.ingest import catalog_event
from souk.catalog.seller_schema import info_errors
from souk.errors import CatalogRejection
from tests.factories import verified, weather

# Harmless, and "zzz" fails it: an error naming it proves the pattern ran.
PROBE = "^a"
INFO = {"input": {"type": "http", "method": "GET", "queryParams": {"q": "zzz"}}}


def _schema_for_q(q: dict, **top: object) -> dict:
    params = {"type": "object", "properties": {"q": q}}
    return {"type": "object", "properties": {"input": {"properties": {"queryParams": params}}}, **top}


@pytest.mark.parametrize(
    "schema",
    [
        _schema_for_q({"type": "string", "pattern": PROBE}),
        # A $ref may point anywhere in the document, data keywords included.
        _schema_for_q({"$ref": "#/default"}, default={"type": "string", "pattern": PROBE}),
        _schema_for_q({"$ref": "#/examples/0"}, examples=[{"type": "string", "pattern": PROBE}]),
        _schema_for_q({"$ref": "#/$defs/d/const"}, **{"$defs": {"d": {"const": {"pattern": PROBE}}}}),
        _schema_for_q({"type": "string", "propertyNames": {"pattern": PROBE}}),
    ],
)
def test_no_pattern_of_the_sellers_runs_wherever_it_sits(schema):
    assert info_errors(INFO, schema) == []


def test_pattern_properties_never_make_the_check_stricter():
    params = {"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": False}
    schema = {"properties": {"input": {"properties": {"queryParams": params}}}}
    info = {"input": {"type": "http", "method": "GET", "queryParams": {"x-city": "Paris"}}}
    assert info_errors(info, schema) == []
    closed = {"properties": {"input": {"properties": {"queryParams": {"unevaluatedProperties": False, **params}}}}}
    assert info_errors(info, closed) == []


def test_every_other_keyword_still_checks():
    wrong_type = ["input/queryParams/q: 'zzz' is not of type 'integer'"]
    assert info_errors(INFO, _schema_for_q({"type": "integer"})) == wrong_type
    closed = {"properties": {"input": {"properties": {"queryParams": {"additionalProperties": False}}}}}
    assert info_errors(INFO, closed)  # no pattern beside it: additionalProperties holds
    assert info_errors(INFO, _schema_for_q({"$ref": "https://evil.example/schema.json"})) == [
        "schema must not contain external $ref/$id references"
    ]


def test_a_backtracking_pattern_in_an_event_is_not_run(db, settings):
    ev = verified(weather())
    bazaar = ev["paymentPayload"]["extensions"]["bazaar"]
    bazaar["info"]["input"]["queryParams"]["city"] = "a" * 14 + "!"  # 2^14 steps: quick, and it does not match
    query = bazaar["schema"]["properties"]["input"]["properties"]["queryParams"]
    query["properties"]["city"] = {"$ref": "#/default"}
    bazaar["schema"]["default"] = {"type": "string", "pattern": "(a+)+$"}
    assert catalog_event(db, copy.deepcopy(ev), settings).status == "success"
    query["properties"]["city"] = {"type": "integer"}
    with pytest.raises(CatalogRejection) as info:
        catalog_event(db, ev, settings)
    assert info.value.error == "invalid_discovery_extension"
