"""The hostile-input corpus, written as code: ``python -m tests.hostile.build_cases`` rewrites cases.jsonl.

Each case names the issue item it covers, a recipe (see recipes.py) and the expected verdict and error
code. Edit here and regenerate; test_hostile_corpus checks the committed file matches.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CASES_FILE = Path(__file__).with_name("cases.jsonl")


def build_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []

    def add(id: str, item: object, expect: dict[str, Any], **recipe: Any) -> None:
        cases.append({"id": id, "item": str(item), **recipe, "expect": expect})

    def rej(code: str, **kw: Any) -> dict[str, Any]:
        return {"verdict": "rejected", "error": code, **kw}

    def acc(**kw: Any) -> dict[str, Any]:
        return {"verdict": "accepted", **kw}

    W = {"base": "weather"}
    T = {"base": "pdf_tool"}
    WKEY = "http GET https://weather.example.com/v1/current"

    # ---- controls
    add("control-weather", "control", acc(key=WKEY, listings=1), base="weather")
    add("control-weather-settled", "control", acc(key=WKEY), base="weather_settled")
    add("control-mcp-tool", "control", acc(key="mcp https://docs.example.org/mcp merge_pdf_files"), base="pdf_tool")
    add("control-v1", "control", acc(key="http POST https://tokens.example.net/analyze"), base="v1")

    # ---- item 2: observedAt
    OA = "ev.observedAt"
    for cid, value in [
        ("observed-9999-minus-14", "9999-12-31T23:59:59-14:00"),
        ("observed-9999-utc", "9999-12-31T23:59:59Z"),
        ("observed-2999", "2999-01-01T00:00:00Z"),
        ("observed-2100", "2100-06-01T00:00:00+00:00"),
        ("observed-plus-1h", {"$now": 3600}),
        ("observed-plus-10min", {"$now": 600}),
        ("observed-year-1-plus-14", "0001-01-01T00:00:00+14:00"),
        ("observed-1970", "1970-01-01T00:00:00Z"),
        ("observed-2019", "2019-12-31T23:59:59Z"),
        ("observed-no-timezone", "2026-10-20T12:00:00"),
        ("observed-garbage", "yesterday at noon"),
        ("observed-empty", ""),
        ("observed-month-13", "2026-13-01T00:00:00Z"),
        ("observed-feb-30", "2026-02-30T00:00:00Z"),
        ("observed-offset-25h", "2026-10-20T12:00:00+25:00"),
        ("observed-epoch-number", 1792497600),
        ("observed-bool", True),
        ("observed-list", ["2026-10-20T12:00:00Z"]),
        ("observed-object", {"at": "2026-10-20T12:00:00Z"}),
        ("observed-long-string", {"$repeat": ["2026-10-20T12:00:00Z", 50]}),
        ("observed-trailing-junk", "2026-10-20T12:00:00Zjunk"),
        ("observed-nul", "2026-10-20T12:00:00\u0000Z"),
    ]:
        code = "invalid_text" if cid == "observed-nul" else "invalid_observed_at"
        add(cid, 2, rej(code), base="weather", set={OA: value})
    add(
        "observed-future-on-bound-listing",
        2,
        rej("invalid_observed_at"),
        seed=[W],
        base="weather",
        listing={"description": "Frozen forever?"},
        set={OA: "2999-01-01T00:00:00Z"},
    )
    add("observed-within-skew-stored-as-now", 2, acc(key=WKEY), base="weather", set={OA: {"$now": 120}})
    add("observed-offset-accepted", 2, acc(key=WKEY), base="weather", set={OA: "2026-10-20T17:30:00+05:30"})
    add("observed-space-separator", 2, acc(key=WKEY), base="weather", set={OA: "2026-10-20 12:00:00Z"})
    add("observed-null-means-now", 2, acc(key=WKEY), base="weather", set={OA: None})
    add("observed-absent-means-now", 2, acc(key=WKEY), base="weather", **{"del": [OA]})
    add("observed-2020-floor", 2, acc(key=WKEY), base="weather", set={OA: "2020-01-01T00:00:00Z"})

    # ---- item 3: amounts
    AMT = "pr+acc.amount"
    for cid, value in [
        ("amount-superscript-two", "²"),
        ("amount-math-bold-one", "𝟏"),
        ("amount-arabic-indic", "١٢٣"),
        ("amount-fullwidth", "１２３"),
        ("amount-devanagari", "१०"),
        ("amount-empty", ""),
        ("amount-negative", "-1"),
        ("amount-decimal", "1.5"),
        ("amount-exponent", "1e6"),
        ("amount-leading-space", " 100"),
        ("amount-trailing-newline", "100\n"),
        ("amount-hex", "0x10"),
        ("amount-plus", "+100"),
        ("amount-underscore", "1_000"),
        ("amount-79-digits", {"$digits": 79}),
        ("amount-4300-digits", {"$digits": 4300}),
        ("amount-uint256-overflow", {"$uint256over": True}),
        ("amount-78-nines", {"$nines": 78}),
        ("amount-number", 10000),
        ("amount-null", None),
        ("amount-list", ["10000"]),
    ]:
        add(cid, 3, rej("invalid_amount"), base="weather", set={AMT: value})
    add("amount-uint256-max", 3, acc(key=WKEY), base="weather", set={AMT: {"$uint256max": True}})
    add("amount-zero", 3, acc(key=WKEY), base="weather", set={AMT: "0"})
    add("amount-leading-zeros", 3, acc(key=WKEY), base="weather", set={AMT: "00010000"})
    add("amount-extra-max-amount-required", 3, rej("invalid_amount"), base="weather", set={"pr.maxAmountRequired": "²"})
    add("amount-accepted-only-superscript", 3, rej("invalid_amount"), base="weather", set={"acc.amount": "²"})
    add("amount-missing", 3, rej("invalid_amount"), base="weather", **{"del": ["pr.amount", "acc.amount"]})
    add("amount-v1-superscript", 3, rej("invalid_amount"), base="v1", set={"pr.maxAmountRequired": "²"})
    add("amount-v1-arabic", 3, rej("invalid_amount"), base="v1", set={"pr.maxAmountRequired": "١٠"})
    add("amount-v1-79-digits", 3, rej("invalid_amount"), base="v1", set={"pr.maxAmountRequired": {"$digits": 79}})
    for cid, value in [
        ("settlement-amount-superscript", "²"),
        ("settlement-amount-math-one", "𝟏"),
        ("settlement-amount-arabic", "١٢٣"),
        ("settlement-amount-79-digits", {"$digits": 79}),
        ("settlement-amount-4300-digits", {"$digits": 4300}),
        ("settlement-amount-empty", ""),
        ("settlement-amount-negative", "-5"),
    ]:
        add(cid, 3, rej("invalid_amount"), base="weather_settled", set={"st.amount": value})
    add("settlement-amount-number", 3, rej("invalid_event"), base="weather_settled", set={"st.amount": 5})
    # An exact payment may pay more than asked (v1's maxAmountRequired is a floor), never less.
    add(
        "settlement-amount-uint256-max",
        3,
        acc(key=WKEY),
        base="weather_settled",
        set={"st.amount": {"$uint256max": True}},
    )
    add("settlement-amount-one-unit", 3, rej("settlement_mismatch"), base="weather_settled", set={"st.amount": "1"})
    add("settlement-amount-absent", 3, acc(key=WKEY), base="weather_settled", **{"del": ["st.amount"]})

    # ---- item 4: v1 bounds identical to v2
    add(
        "v1-description-192k", 4, rej("field_too_large"), base="v1", listing={"description": {"$repeat": ["z", 192000]}}
    )
    add("v1-description-4001", 4, rej("field_too_large"), base="v1", listing={"description": {"$repeat": ["z", 4001]}})
    add("v1-description-4000", 4, acc(), base="v1", listing={"description": {"$repeat": ["z", 4000]}})
    add(
        "v2-description-4001",
        4,
        rej("field_too_large"),
        base="weather",
        listing={"description": {"$repeat": ["z", 4001]}},
    )
    add("v1-500-body-params", 4, rej("field_too_large"), base="v1", listing={"params": {"$fields": 500}})
    add("v1-101-body-params", 4, rej("field_too_large"), base="v1", listing={"params": {"$fields": 101}})
    add("v1-100-body-params", 4, acc(), base="v1", listing={"params": {"$fields": 100}})
    add(
        "v1-101-query-params",
        4,
        rej("field_too_large"),
        base="v1",
        listing={"method": "GET", "params": {"$fields": 101}},
    )
    add("v2-101-params", 4, rej("field_too_large"), base="weather", listing={"params": {"$params": 101}})
    add("v2-100-params", 4, acc(key=WKEY), base="weather", listing={"params": {"$params": 100}})
    add(
        "v1-input-over-64k",
        4,
        rej("field_too_large"),
        base="v1",
        listing={"params": {"blob": {"type": "string", "description": {"$repeat": ["x", 70000]}}}},
    )
    add(
        "v1-output-over-16k",
        4,
        rej("field_too_large"),
        base="v1",
        set={"os.output": {"rows": {"$repeat": ["y", 17000]}}},
    )
    add(
        "v1-param-nested-12",
        4,
        rej("schema_too_deep"),
        base="v1",
        listing={"params": {"deep": {"$nest": [12, "schema"]}}},
    )
    add(
        "v2-param-nested-12",
        4,
        rej("schema_too_deep"),
        base="pdf_tool",
        set={
            "bz.info.input.inputSchema": {"$nest": [12, "schema"]},
            "bz.schema.properties.input.properties.inputSchema": {"type": "object"},
        },
    )
    add("v1-numeric-description", 4, rej("invalid_resource"), base="v1", listing={"description": 12345})
    add(
        "v1-resource-not-string",
        4,
        rej("invalid_resource"),
        base="v1",
        set={"pr.resource": {"url": "https://x.example"}},
    )
    add("v1-mime-type-number", 4, rej("invalid_resource"), base="v1", set={"pr.mimeType": 7})
    add("v1-nul-description", 4, rej("invalid_text"), base="v1", listing={"description": "Token\u0000analysis"})
    add(
        "v1-url-variant-of-bound-listing",
        4,
        rej("payto_mismatch"),
        seed=[W],
        base="v1",
        listing={"url": "https://WEATHER.example.com/v1/current/", "method": "GET", "params": {}},
    )
    add(
        "v1-userinfo-url",
        4,
        rej("userinfo_in_url"),
        base="v1",
        listing={"url": "https://user@tokens.example.net/analyze"},
    )
    add("v1-version-true", 4, rej("unsupported_version"), base="v1", set={"pp.x402Version": True})
    add("v2-version-string", 4, rej("unsupported_version"), base="weather", set={"pp.x402Version": "2"})
    add("v2-version-3", 4, rej("unsupported_version"), base="weather", set={"pp.x402Version": 3})

    # ---- item 5: URL variants against a bound listing
    SP = "spoof"
    variants = [
        ("url-trailing-slash", "https://weather.example.com/v1/current/"),
        ("url-upper-host", "https://WEATHER.EXAMPLE.COM/v1/current"),
        ("url-mixed-case-host", "https://Weather.Example.Com/v1/current"),
        ("url-upper-scheme", "HTTPS://weather.example.com/v1/current"),
        ("url-default-port", "https://weather.example.com:443/v1/current"),
        ("url-default-port-leading-zero", "https://weather.example.com:0443/v1/current"),
        ("url-double-slash-start", "https://weather.example.com//v1/current"),
        ("url-double-slash-middle", "https://weather.example.com/v1//current"),
        ("url-many-slashes", "https://weather.example.com///v1///current///"),
        ("url-dot-segment", "https://weather.example.com/v1/./current"),
        ("url-dot-dot-segment", "https://weather.example.com/v1/x/../current"),
        ("url-encoded-unreserved", "https://weather.example.com/v1/%63urrent"),
        ("url-encoded-lowercase-hex", "https://weather.example.com/%76%31/current"),
        ("url-trailing-dot-host", "https://weather.example.com./v1/current"),
        ("url-fullwidth-host", "https://ｗｅａｔｈｅｒ.example.com/v1/current"),
        ("url-with-query", "https://weather.example.com/v1/current?city=paris"),
        ("url-with-fragment", "https://weather.example.com/v1/current#x"),
        ("url-everything", "HTTPS://WEATHER.example.com.:443//v1/./x/..//%63urrent/?a=1#f"),
    ]
    for cid, url in variants:
        add(cid, 5, rej("payto_mismatch"), seed=[W], base=SP, listing={"url": url})
    refused = [
        ("url-zero-width-space-host", "https://wea\u200bther.example.com/v1/current", "invisible_characters"),
        ("url-zero-width-joiner-host", "https://weather\u200d.example.com/v1/current", "invisible_characters"),
        ("url-zero-width-non-joiner", "https://we\u200cather.example.com/v1/current", "invisible_characters"),
        ("url-word-joiner", "https://weather.exa\u2060mple.com/v1/current", "invisible_characters"),
        ("url-bom-in-host", "https://\ufeffweather.example.com/v1/current", "invisible_characters"),
        ("url-soft-hyphen", "https://weat\u00adher.example.com/v1/current", "invisible_characters"),
        ("url-rtl-override", "https://weather.example.com/v1/\u202ecurrent", "invisible_characters"),
        ("url-zero-width-in-path", "https://weather.example.com/v1/cur\u200brent", "invisible_characters"),
        ("url-cyrillic-e", "https://w\u0435ather.example.com/v1/current", "confusable_host"),
        ("url-cyrillic-a", "https://weather.ex\u0430mple.com/v1/current", "confusable_host"),
        ("url-greek-omicron", "https://weather.example.c\u03bfm/v1/current", "confusable_host"),
        (
            "url-whole-cyrillic-lookalike",
            "https://\u0440\u0430\u0443\u0440\u0430\u0456.com/v1/current",
            "confusable_host",
        ),
        ("url-punycode-mixed-script", "https://xn--wather-4we.example.com/v1/current", "confusable_host"),
        ("url-userinfo", "https://user@weather.example.com/v1/current", "userinfo_in_url"),
        ("url-userinfo-password", "https://user:pass@weather.example.com/v1/current", "userinfo_in_url"),
        ("url-userinfo-host-lookalike", "https://weather.example.com@evil.example/v1/current", "userinfo_in_url"),
        ("url-ftp", "ftp://weather.example.com/v1/current", "invalid_resource"),
        ("url-javascript", "javascript:alert(1)", "invalid_resource"),
        ("url-relative", "/v1/current", "invalid_resource"),
        ("url-no-host", "https:///v1/current", "invalid_resource"),
        ("url-port-out-of-range", "https://weather.example.com:99999/v1/current", "invalid_resource"),
        ("url-port-not-number", "https://weather.example.com:https/v1/current", "invalid_resource"),
        ("url-bad-ipv6", "https://[::g]/v1/current", "invalid_resource"),
        ("url-encoded-host", "https://weather%2eexample.com/v1/current", "invalid_resource"),
        ("url-empty-label", "https://weather..example.com/v1/current", "invalid_resource"),
        ("url-space", "https://weather.example.com/v1/cur rent", "invalid_resource"),
        ("url-tab", "https://weather.example.com/v1/\tcurrent", "invisible_characters"),
        ("url-over-2048", "https://weather.example.com/" + "a" * 2100, "invalid_resource"),
        ("url-bad-punycode", "https://xn--zz.example.com/v1/current", "invalid_resource"),
        ("url-empty", "", "invalid_resource"),
    ]
    for cid, url, code in refused:
        add(cid, 5, rej(code), seed=[W], base=SP, listing={"url": url})
    add("url-number", 5, rej("invalid_resource"), base="weather", set={"res.url": 42})
    add("url-missing-resource", 5, rej("invalid_resource"), base="weather", **{"del": ["pp.resource"]})
    add(
        "url-same-seller-variant-merges",
        5,
        acc(key=WKEY, listings=1),
        seed=[W],
        base="weather",
        listing={"url": "HTTPS://Weather.Example.com:443//v1/current/"},
    )
    add(
        "url-same-seller-other-port-is-new",
        5,
        acc(key="http GET https://weather.example.com:8443/v1/current", listings=2),
        seed=[W],
        base="weather",
        listing={"url": "https://weather.example.com:8443/v1/current"},
    )
    add(
        "url-idn-host-a-label-key",
        5,
        acc(key="http GET https://xn--mnchen-3ya.example/wetter"),
        base="weather",
        listing={"url": "https://münchen.example/wetter"},
    )
    add(
        "url-idn-same-as-a-label",
        5,
        rej("payto_mismatch"),
        seed=[{"base": "weather", "listing": {"url": "https://münchen.example/wetter"}}],
        base=SP,
        listing={"url": "https://xn--mnchen-3ya.example/wetter"},
    )
    add(
        "url-non-latin-host-accepted",
        5,
        acc(key="http GET https://xn--e1afmkfd.xn--p1ai/v1"),
        base="weather",
        listing={"url": "https://пример.рф/v1"},
    )
    add(
        "url-root-path",
        5,
        acc(key="http GET https://weather.example.com/"),
        base="weather",
        listing={"url": "https://weather.example.com"},
    )
    add(
        "url-ipv6-literal",
        5,
        acc(key="http GET https://[2606:4700:4700::1111]/v1/current"),
        base="weather",
        listing={"url": "https://[2606:4700:4700:0000::1111]/v1/current"},
    )
    add(
        "url-ipv6-link-local-literal",
        5,
        rej("non_public_host"),
        base="weather",
        listing={"url": "https://[fe80:0000::1]/v1/current"},
    )
    add(
        "url-mcp-variant-of-bound-tool",
        5,
        rej("payto_mismatch"),
        seed=[T],
        base="spoof_tool",
        listing={"url": "https://DOCS.example.org:443/mcp/"},
    )
    add(
        "url-mcp-cyrillic-host",
        5,
        rej("confusable_host"),
        seed=[T],
        base="spoof_tool",
        listing={"url": "https://d\u043ecs.example.org/mcp"},
    )
    RT = "bz.routeTemplate"
    for cid, template in [
        ("route-double-slash", "//evil.example/x"),
        ("route-nul", "/files/%00/x"),
        ("route-double-encoded-nul", "/files/%2500"),
        ("route-triple-encoded-nul", "/files/%252500"),
        ("route-dot-dot-encoded", "/v1/%2e%2e/admin"),
        ("route-dot-dot", "/v1/../admin"),
        ("route-scheme", "/x/http://evil.example"),
        ("route-relative", "files/:id"),
        ("route-number", 12),
        ("route-space", "/files/ :id"),
    ]:
        add(
            cid,
            5,
            rej("invalid_route_template"),
            base="weather",
            listing={"url": "https://weather.example.com/files/42"},
            set={RT: template},
        )
    add(
        "route-template-canonical-key",
        5,
        acc(key="http GET https://weather.example.com/files/:"),  # parameter names folded (migration 0036)
        base="weather",
        listing={"url": "https://weather.example.com/files/42"},
        set={RT: "/files/:id/"},
    )

    # ---- item 6: 500s that must be 4xx
    for cid, value in [
        ("description-int", 12345),
        ("description-float", 1.5),
        ("description-list", ["a"]),
        ("description-object", {"a": 1}),
        ("description-bool", True),
    ]:
        add(cid, 6, rej("invalid_resource"), base="weather", set={"res.description": value})
    add("mime-type-number", 6, rej("invalid_resource"), base="weather", set={"res.mimeType": 5})
    nul = "\u0000"
    for cid, path, value in [
        ("nul-description", "res.description", f"weather{nul}forecast"),
        ("nul-url", "res.url", f"https://weather.example.com/v1/cur{nul}rent"),
        ("nul-pay-to", "pr+acc.payTo", f"GBWEATHER{nul}SELLER"),
        ("nul-service-name", "res.serviceName", f"Weather{nul}"),
        ("nul-tag", "res.tags", ["weather", f"x{nul}"]),
        ("nul-bazaar-output", "bz.info.output.example", {"temperature": f"12{nul}"}),
        ("nul-bazaar-query-param", "bz.info.input.queryParams", {"city": f"Par{nul}is"}),
        ("nul-in-key", "bz.info.output.example", {f"temp{nul}": 1}),
        ("nul-asset", "pr+acc.asset", f"USDC{nul}"),
        ("nul-scheme", "pr+acc.scheme", f"exact{nul}"),
        ("nul-network", "pr+acc.network", f"stellar:testnet{nul}"),
        ("surrogate-description", "res.description", "weather \ud800 forecast"),
        ("surrogate-url", "res.url", "https://weather.example.com/\udfff"),
        ("surrogate-pay-to", "pr+acc.payTo", "GB\ud83dWEATHER"),
        ("surrogate-in-key", "bz.info.output.example", {"\udc00": 1}),
        ("surrogate-bazaar-info", "bz.info.input.queryParams", {"city": "\ud800"}),
    ]:
        add(cid, 6, rej("invalid_text"), base="weather", set={path: value})
    add(
        "nul-settlement-transaction",
        6,
        rej("invalid_text"),
        base="weather_settled",
        set={"st.transaction": f"0xabc{nul}def"},
    )
    add("surrogate-settlement-payer", 6, rej("invalid_text"), base="weather_settled", set={"st.payer": "0x\ud800"})
    add("nul-tool-name", 6, rej("invalid_text"), base="pdf_tool", set={"bz.info.input.toolName": f"merge{nul}"})
    add(
        "mcp-input-schema-400-deep",
        6,
        rej("nesting_too_deep"),
        base="pdf_tool",
        set={"bz.info.input.inputSchema": {"$nest": [400, "schema"]}},
    )
    add(
        "mcp-input-schema-20-deep",
        6,
        rej("schema_too_deep"),
        base="pdf_tool",
        set={"bz.info.input.inputSchema": {"$nest": [20, "schema"]}},
    )
    add(
        "output-example-5000-deep",
        6,
        rej("nesting_too_deep"),
        base="weather",
        set={"bz.info.output.example": {"$nest": [5000, "plain"]}},
    )
    add("body-deep-array-5000", 6, rej("nesting_too_deep"), body={"$deep_array": 5000})
    add("body-deep-array-900", 6, rej("nesting_too_deep"), body={"$deep_array": 900})
    add("body-int-5000-digits", 6, rej("invalid_json"), body={"$bigint": 5000})
    add("body-nan", 6, rej("invalid_json"), body='{"event": "verified", "x": NaN}')
    add("body-infinity", 6, rej("invalid_json"), body='{"event": "verified", "x": -Infinity}')
    add("body-float-overflow", 6, rej("invalid_number"), body='{"event": "verified", "x": 1e400}')
    add("body-not-json", 6, rej("invalid_json"), body="{not json")
    add("body-duplicate-key", 6, rej("duplicate_key"), body='{"event": "verified", "event": "settled"}')
    add("body-empty", 6, rej("invalid_json"), body="")
    add("body-array", 6, rej("invalid_event"), body="[]")
    add("body-null", 6, rej("invalid_event"), body="null")
    add("body-string", 6, rej("invalid_event"), body='"verified"')
    add("body-number", 6, rej("invalid_event"), body="42")
    add("body-unknown-field", 6, rej("invalid_event"), base="weather", set={"ev.extra": 1})
    add(
        "body-over-256k",
        6,
        rej("field_too_large", status=413),
        base="weather",
        set={"res.description": {"$repeat": ["z", 300000]}},
    )
    add("payment-payload-not-object", 6, rej("invalid_event"), base="weather", set={"ev.paymentPayload": "x"})
    add("requirements-not-object", 6, rej("invalid_event"), base="weather", set={"ev.paymentRequirements": []})
    add("event-kind-unknown", 6, rej("invalid_event"), base="weather", set={"ev.event": "refunded"})
    add("settled-without-settlement", 6, rej("invalid_event"), base="weather_settled", **{"del": ["st"]})
    add(
        "verified-with-settlement",
        6,
        rej("invalid_event"),
        base="weather",
        set={"st": {"success": True, "transaction": "0x1", "network": "stellar:testnet"}},
    )
    add("settlement-success-string", 6, rej("invalid_event"), base="weather_settled", set={"st.success": "maybe"})
    add("settlement-transaction-empty", 6, rej("invalid_event"), base="weather_settled", set={"st.transaction": ""})
    add(
        "settlement-transaction-huge",
        6,
        rej("invalid_event"),
        base="weather_settled",
        set={"st.transaction": {"$repeat": ["a", 5000]}},
    )
    add(
        "settlement-network-mismatch",
        6,
        rej("settlement_mismatch"),
        base="weather_settled",
        set={"st.network": "eip155:8453"},
    )
    add(
        "tool-name-3000",
        6,
        rej("field_too_large"),
        base="pdf_tool",
        set={"bz.info.input.toolName": {"$repeat": ["t", 3000]}},
    )
    add(
        "tool-name-zero-width-twin",
        5,
        rej("invisible_characters"),
        seed=[T],
        base="spoof_tool",
        set={"bz.info.input.toolName": "merge_pdf_files\u200b"},
    )
    add(
        "tool-name-newline",
        6,
        rej("invisible_characters"),
        base="pdf_tool",
        set={"bz.info.input.toolName": "merge\npdf"},
    )
    add("tool-name-number", 6, rej("invalid_discovery_extension"), base="pdf_tool", set={"bz.info.input.toolName": 5})
    add("scheme-5000", 6, rej("invalid_requirements"), base="weather", set={"pr+acc.scheme": {"$repeat": ["s", 5000]}})
    add("asset-5000", 6, rej("invalid_requirements"), base="weather", set={"pr+acc.asset": {"$repeat": ["a", 5000]}})
    add("pay-to-5000", 6, rej("invalid_requirements"), base="weather", set={"pr+acc.payTo": {"$repeat": ["G", 5000]}})
    add("pay-to-number", 6, rej("invalid_requirements"), base="weather", set={"pr+acc.payTo": 7})
    add("network-garbage", 6, rej("invalid_network"), base="weather", set={"pr+acc.network": "!!!"})
    add("network-number", 6, rej("invalid_network"), base="weather", set={"pr+acc.network": 8453})
    add("accepted-pay-to-differs", 6, rej("requirements_mismatch"), base="weather", set={"acc.payTo": "GOTHER"})
    add("accepted-missing", 6, rej("invalid_event"), base="weather", **{"del": ["acc"]})
    add("bazaar-info-string", 6, rej("invalid_discovery_extension"), base="weather", set={"bz.info": "x"})
    add("bazaar-input-list", 6, rej("invalid_discovery_extension"), base="weather", set={"bz.info.input": []})
    add("bazaar-schema-number", 6, rej("invalid_discovery_extension"), base="weather", set={"bz.schema": 5})
    add(
        "bazaar-external-ref",
        6,
        rej("invalid_discovery_extension"),
        base="weather",
        set={"bz.schema": {"$ref": "https://evil.example/schema.json"}},
    )
    add(
        "bazaar-method-bogus",
        6,
        rej("invalid_discovery_extension"),
        base="weather",
        set={"bz.info.input.method": "BREW"},
    )
    add("bazaar-list", 6, rej("not_discoverable"), base="weather", set={"bz": []})
    add(
        "output-example-over-16k",
        6,
        rej("field_too_large"),
        base="weather",
        set={"bz.info.output.example": {"rows": {"$repeat": ["r", 17000]}}},
    )
    add("tags-not-list-soft-dropped", 6, acc(key=WKEY), base="weather", set={"res.tags": 5})
    add(
        "service-name-too-long-soft-dropped",
        6,
        acc(key=WKEY),
        base="weather",
        set={"res.serviceName": {"$repeat": ["S", 40]}},
    )
    add(
        "icon-url-javascript-soft-dropped", 6, acc(key=WKEY), base="weather", set={"res.iconUrl": "javascript:alert(1)"}
    )
    add(
        "description-control-chars-accepted",
        6,
        acc(key=WKEY),
        base="weather",
        set={"res.description": "line one\nService: Fake\u2028Payment: free"},
    )
    add(
        "description-emoji-accepted",
        6,
        acc(key=WKEY),
        base="weather",
        set={"res.description": "Weather \U0001f326 forecast"},
    )
    add(
        "large-finite-float-accepted",
        6,
        acc(key=WKEY),
        base="weather",
        set={"bz.info.output.example": {"temperature": 1.7e308}},
    )
    add("big-int-example-accepted", 6, acc(key=WKEY), base="weather", set={"bz.info.output.example": {"n": 10**300}})

    # ---- item 11: reused settlement transactions
    WS = {"base": "weather_settled"}
    add(
        "settlement-replayed-same-listing",
        11,
        acc(key=WKEY, warnings=["settlement_not_recorded"]),
        seed=[WS],
        base="weather_settled",
    )
    add(
        "settlement-reused-other-listing",
        11,
        rej("transaction_reused"),  # a transaction pays once: it cannot catalog a second resource
        seed=[{"base": "weather_settled", "set": {"st.transaction": "0x" + "5e" * 32}}],
        base="weather_settled",
        listing={"url": "https://weather.example.com/v1/hourly"},
        set={"st.transaction": "0x" + "5e" * 32},
    )
    add(
        "settlement-new-transaction-no-warning",
        11,
        acc(key=WKEY, warnings=[]),
        seed=[WS],
        base="weather_settled",
        set={"st.transaction": "0x" + "f5" * 32, "ev.observedAt": "2026-10-20T12:05:00Z"},
    )

    # ---- issue 8: real-crawl coverage (soft-drop of an invalid optional part)
    add(
        "crawl-v1-header-fields-described",
        "crawl",
        acc(warnings=["field_dropped"]),
        base="v1",
        set={
            "os.input.headerFields": {
                "X-PAYMENT": {"type": "string", "description": "payment header", "required": False}
            }
        },
    )
    add(
        "crawl-v1-headers-lowercase-key",
        "crawl",
        acc(warnings=["field_dropped"]),
        base="v1",
        set={"os.input.headers": {"x-payment": {"type": "string"}}},
    )
    add(
        "crawl-v1-valid-headers-kept",
        "crawl",
        acc(warnings=[]),
        base="v1",
        set={"os.input.headerFields": {"X-Api-Version": "2"}},
    )
    add(
        "crawl-v2-headers-described",
        "crawl",
        acc(key=WKEY, warnings=["field_dropped"]),
        base="weather",
        set={"bz.info.input.headers": {"X-PAYMENT": {"type": "string"}}},
    )
    add("crawl-v2-no-bazaar-extension", "crawl", rej("not_discoverable"), base="weather", **{"del": ["bz"]})
    add("crawl-v1-no-method", "crawl", rej("not_discoverable"), base="v1", **{"del": ["os.input.method"]})
    add("crawl-v1-no-output-schema", "crawl", rej("not_discoverable"), base="v1", **{"del": ["os"]})
    add(
        "crawl-v2-method-missing-still-rejected",
        "crawl",
        rej("invalid_discovery_extension"),
        base="weather",
        **{"del": ["bz.info.input.method"]},
    )

    return cases


def render(cases: list[dict[str, Any]]) -> str:
    lines = []
    for case in cases:
        line = json.dumps(case, ensure_ascii=False)
        try:
            line.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates can only be written escaped
            line = json.dumps(case)
        lines.append(line)
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    CASES_FILE.write_text(render(build_cases()), encoding="utf-8")
