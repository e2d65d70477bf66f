"""A seller's info is checked against the seller's schema without running the seller's regexes (a ReDoS)."""

from __future__ import annotations

import copy
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from souk.catalog.ingest import catalog_event
from souk.catalog.seller_schema import MAX_NESTING, MAX_STEPS, info_errors
from souk.errors import CatalogRejection
from tests.conftest import table_snapshot
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


# --- References: a dangling or cyclic $ref, and a $ref fan-out, are reasons, never exceptions or minutes. ---

OVER_BUDGET = f"schema takes over {MAX_STEPS} steps to check this info, the limit"
OUTPUT_INFO = {"input": {"type": "http", "method": "GET"}, "output": {"type": "json", "example": {"t": 1}}}


def _schema_for_output(output: object, **top: object) -> dict:
    return {"type": "object", "properties": {"output": output}, **top}


def _fan_out(width: int, levels: int) -> dict:
    """atk2's repro_fanout.json shape: $defs d0..d{levels-1}, each an allOf of ``width`` $refs to the next."""
    defs: dict[str, object] = {
        f"d{i}": {"allOf": [{"$ref": f"#/$defs/{f'd{i + 1}' if i + 1 < levels else 'leaf'}"}] * width}
        for i in range(levels)
    }
    defs["leaf"] = {"type": "object"}
    return _schema_for_output({"$ref": "#/$defs/d0"}, **{"$defs": defs})


def _ref_chain(length: int) -> dict:
    defs: dict[str, object] = {f"d{i}": {"$ref": f"#/$defs/d{i + 1}"} for i in range(length)}
    defs[f"d{length}"] = {"type": "object"}
    return _schema_for_output({"$ref": "#/$defs/d0"}, **{"$defs": defs})


@pytest.mark.parametrize(
    ("schema", "reason"),
    [
        (_schema_for_output({"$ref": "#/nope"}), "schema's $ref '#/nope' does not resolve"),
        (_schema_for_output({"$ref": "#/%zz"}), "schema's $ref '#/%zz' does not resolve"),
        (
            _schema_for_output({"$ref": "#/properties/output"}),
            "schema's $ref '#/properties/output' is cyclic: it leads back to itself for the same value",
        ),
        (
            _schema_for_output(
                {"$ref": "#/$defs/a"}, **{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}
            ),
            "schema's $ref '#/$defs/b' is cyclic: it leads back to itself for the same value",
        ),
        (
            _schema_for_output({}, dependentSchemas={"input": {"$ref": "#"}}),
            "schema's $ref '#' is cyclic: it leads back to itself for the same value",
        ),
        # unevaluatedProperties follows $refs by itself, before the $ref keyword when it comes first.
        (
            _schema_for_output({"unevaluatedProperties": False, "$ref": "#/properties/output"}),
            "schema is cyclic: its $ref/allOf/anyOf/oneOf/if chain leads back to itself",
        ),
        # Each $ref followed is a level of the Python stack: 1,000 of them overflowed it (RecursionError).
        (_ref_chain(1000), f"schema nests too deeply to check: over {MAX_NESTING} keywords inside one another"),
        # 20^5 checks, 40 s of CPU before; refused within MAX_STEPS (0.1 s).
        (_fan_out(20, 5), OVER_BUDGET),
        # The same through unevaluatedProperties' own walk (it comes first here), 3^12 subschemas.
        (
            _schema_for_output(
                {"unevaluatedProperties": False, "$ref": "#/$defs/d0"}, **{"$defs": _fan_out(3, 12)["$defs"]}
            ),
            OVER_BUDGET,
        ),
    ],
    ids=[
        "dangling",
        "bad-escape",
        "self",
        "a-b-a",
        "dependent-root",
        "unevaluated-self",
        "chain",
        "fan-out",
        "fan-out-u",
    ],
)
def test_a_schema_whose_references_cannot_be_followed_is_a_reason(schema, reason):
    assert info_errors(OUTPUT_INFO, schema) == [reason]


def test_a_pairwise_comparison_is_charged_too():
    # uniqueItems compares every pair of objects: 2,000 of them were 3.5 s.
    info = {**OUTPUT_INFO, "output": {"type": "json", "example": [{"a": i} for i in range(2000)]}}
    schema = _schema_for_output({"properties": {"example": {"uniqueItems": True}}})
    assert info_errors(info, schema) == [OVER_BUDGET]
    info["output"]["example"] = [{"a": i} for i in range(20)]
    assert info_errors(info, schema) == []


def test_a_schema_with_a_few_local_references_still_checks():
    defs = {
        "kind": {"type": "string", "enum": ["json", "text"]},
        "reading": {"type": "object", "properties": {"t": {"$ref": "#/$defs/number"}}, "required": ["t"]},
        "number": {"type": "number"},
    }
    output = {"properties": {"type": {"$ref": "#/$defs/kind"}, "example": {"$ref": "#/$defs/reading"}}}
    schema = _schema_for_output(output, **{"$defs": defs})
    assert info_errors(OUTPUT_INFO, schema) == []
    # A recursive schema is fine: each level descends into the value.
    tree = {"type": "object", "properties": {"t": {"type": "number"}, "next": {"$ref": "#/$defs/tree"}}}
    nested = {**OUTPUT_INFO, "output": {"type": "json", "example": {"t": 1, "next": {"t": 2, "next": {"t": 3}}}}}
    recursive = _schema_for_output({"properties": {"example": {"$ref": "#/$defs/tree"}}}, **{"$defs": {"tree": tree}})
    assert info_errors(nested, recursive) == []
    # And the referenced checks still apply.
    nested["output"]["example"]["next"]["next"]["t"] = "three"
    assert info_errors(nested, recursive) == ["output/example/next/next/t: 'three' is not of type 'number'"]
    assert info_errors({**OUTPUT_INFO, "output": {"type": "xml"}}, schema) == [
        "output/type: 'xml' is not one of ['json', 'text']"
    ]


def test_a_nested_dollar_schema_does_not_bring_the_stock_keywords_back():
    # jsonschema picks the class by a subschema's own $schema: the stock one runs patterns (and no budget).
    nested = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "string", "pattern": PROBE}
    assert info_errors(INFO, _schema_for_q(nested)) == []
    assert info_errors(INFO, _schema_for_q({"$ref": "#/$defs/p"}, **{"$defs": {"p": nested}})) == []


@pytest.mark.parametrize(
    "output",
    [{"$ref": "#/nope"}, {"$ref": "#/properties/output"}, {"$ref": "#/$defs/d0"}],
    ids=["dangling", "cyclic", "fan-out"],
)
def test_such_an_event_is_rejected_and_writes_nothing(db, settings, output):
    ev = verified(weather())
    bazaar = ev["paymentPayload"]["extensions"]["bazaar"]
    bazaar["schema"]["properties"]["output"] = output
    bazaar["schema"]["$defs"] = _fan_out(20, 5)["$defs"]
    before = table_snapshot(db)
    with pytest.raises(CatalogRejection) as info:
        catalog_event(db, ev, settings)
    assert info.value.error == "invalid_discovery_extension"
    assert info.value.reason.startswith("bazaar info fails its schema: schema")
    assert table_snapshot(db) == before


def test_a_huge_integer_under_multiple_of_is_a_rejection_not_a_500(db, settings):
    # jsonschema divides the instance as a float outside its own OverflowError guard (JSON safety allows 4,300 digits).
    event = verified(weather())
    bazaar = event["paymentPayload"]["extensions"]["bazaar"]
    bazaar["info"]["output"] = {"type": "json", "example": {"t": 10**400}}
    example = {"properties": {"t": {"multipleOf": 0.5}}}
    bazaar["schema"]["properties"]["output"] = {"properties": {"example": example}}
    before = table_snapshot(db)
    with pytest.raises(CatalogRejection) as info:
        catalog_event(db, event, settings)
    assert info.value.error == "invalid_discovery_extension" and "numeric" in info.value.reason
    assert table_snapshot(db) == before


@pytest.mark.parametrize(
    ("schema", "reason"),
    [
        # referencing indexes into the number 1; jsonschema builds a validator from the string "abc"
        ({"minLength": 1, "properties": {"input": {"$ref": "#/minLength/a"}}}, "$ref '#/minLength/a'"),
        ({"title": "abc", "$ref": "#/title"}, "$ref '#/title'"),
        ({"const": [], "$dynamicRef": "#/const"}, "$dynamicRef '#/const'"),
        ({"unevaluatedProperties": False, "minLength": 1, "$ref": "#/minLength/a"}, "$ref '#/minLength/a'"),
    ],
    ids=["through-a-number", "onto-a-string", "onto-a-list", "unevaluated-walk"],
)
def test_a_reference_onto_something_that_is_not_a_schema_is_a_reason(schema, reason):
    assert info_errors(INFO, schema) == [f"schema's {reason} does not point at a schema"]


@pytest.mark.parametrize("pattern", ["a{4294967296}", "[\\U99999999]", "(" * 1000 + ")" * 1000])
def test_a_pattern_python_cannot_compile_is_a_reason(pattern):
    # re raises OverflowError or RecursionError for these, not re.error, while the metaschema checks "regex"
    assert info_errors(INFO, _schema_for_q({"type": "string", "pattern": pattern})) == [
        "schema is not a valid JSON Schema: a pattern cannot be compiled"
    ]


@pytest.mark.parametrize("keyword", ["type", "disallow"])
def test_a_draft3_type_name_the_dialect_does_not_define_is_a_reason(keyword):
    schema = {"$schema": "http://json-schema.org/draft-03/schema#", keyword: "x"}
    assert info_errors(INFO, schema) == ["schema names a type its dialect does not define: 'x'"]


def test_a_base_uri_hidden_where_the_scan_cannot_see_it_is_never_fetched():
    # A draft-04 "id" under "default" moves the base of "#/q" to a URL; jsonschema's default registry fetched it
    # (urlopen, no timeout). The listener answers 404 so that a fetch fails this test instead of hanging it.
    fetched: list[str] = []

    class Listener(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            fetched.append(self.path)
            self.send_error(404)

        def log_message(self, *_: object) -> None:
            pass

    with ThreadingHTTPServer(("127.0.0.1", 0), Listener) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        moved = {"id": f"http://127.0.0.1:{server.server_address[1]}/x.json", "properties": {"type": {"$ref": "#/q"}}}
        schema = {
            "$schema": "http://json-schema.org/draft-04/schema#",
            "$ref": "#/default",
            "default": {"properties": {"input": moved}},
        }
        try:
            assert info_errors(INFO, schema) == ["schema's $ref '#/q' does not resolve"]
        finally:
            server.shutdown()
    assert fetched == []


def test_an_uncheckable_schema_in_an_event_is_a_rejection_that_writes_nothing(db, settings):
    event = verified(weather())
    event["paymentPayload"]["extensions"]["bazaar"]["schema"] = {"title": "abc", "$ref": "#/title"}
    before = table_snapshot(db)
    with pytest.raises(CatalogRejection) as info:
        catalog_event(db, event, settings)
    assert info.value.error == "invalid_discovery_extension"
    assert table_snapshot(db) == before
