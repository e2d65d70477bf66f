"""A seller's schema is checked without its regular expressions: a backtracking pattern is a ReDoS."""

from __future__ import annotations

from souk.catalog.ingest import catalog_event
from souk.catalog.seller_schema import without_regex
from tests.factories import verified, weather

EVIL = "(a+)+$"  # catastrophic backtracking on "aaaa...!" in Python's re


def test_patterns_are_removed_at_any_depth_and_names_and_data_stay():
    schema = {
        "type": "object",
        "properties": {
            "pattern": {"type": "string", "pattern": EVIL},  # a property called "pattern" is a name
            "patternProperties": {"enum": [{"pattern": "kept: data"}]},
        },
        "patternProperties": {EVIL: {"type": "string"}},
        "items": [{"pattern": EVIL}],
        "anyOf": [{"not": {"pattern": EVIL}}],
        "$defs": {"x": {"propertyNames": {"pattern": EVIL}}},
        "elsewhere": {"pattern": EVIL},  # a $ref can point anywhere in the document
        "$ref": "#/elsewhere",
    }
    assert without_regex(schema) == {
        "type": "object",
        "properties": {
            "pattern": {"type": "string"},
            "patternProperties": {"enum": [{"pattern": "kept: data"}]},
        },
        "items": [{}],
        "anyOf": [{"not": {}}],
        "$defs": {"x": {"propertyNames": {}}},
        "elsewhere": {},
        "$ref": "#/elsewhere",
    }


def test_a_backtracking_pattern_in_the_sellers_schema_is_not_run(db, settings):
    ev = verified(weather())
    bazaar = ev["paymentPayload"]["extensions"]["bazaar"]
    bazaar["info"]["input"]["queryParams"]["city"] = "a" * 14 + "!"  # 2^14 steps: quick, and it does not match
    city = bazaar["schema"]["properties"]["input"]["properties"]["queryParams"]["properties"]["city"]
    city["pattern"] = EVIL
    outcome = catalog_event(db, ev, settings)  # run, the pattern would refuse the seller's own example
    assert outcome.status == "success"
    stored = db.execute("SELECT search_text FROM listings").fetchone()["search_text"]
    assert "city (required)" in stored
