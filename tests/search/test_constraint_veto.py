"""The second reading of hard filters (souk.search.constraint_veto) and its fit (constraint_veto_training)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from souk import networks as n
from souk.evaluation import constraint_veto_training
from souk.evaluation import understanding as understanding_score
from souk.search import constraint_veto
from souk.search.understanding import constraint_readings, interpret


@pytest.fixture(autouse=True)
def fresh_readings() -> Iterator[None]:
    interpret.cache_clear()
    yield
    interpret.cache_clear()


def doubting(monkeypatch: pytest.MonkeyPatch, weights: dict[str, float] | None = None, bias: float = -20.0) -> None:
    """Swap in a model that reads every phrase as the subject, except where ``weights`` lift it."""
    kinds = constraint_veto.KINDS
    model = constraint_veto.Model(
        thresholds=dict.fromkeys(kinds, 0.5),
        bias=dict.fromkeys(kinds, bias),
        weights={kind: dict(weights or {}) for kind in kinds},
    )
    monkeypatch.setattr(constraint_veto, "model", lambda: model)


def test_features_of_a_phrase_by_hand() -> None:
    words = ["weather", "api", "paid", "on", "base", "please"]
    assert constraint_veto.features(words, 3, 4, sentences=1) == [
        "len=1",
        "sentences=1",
        "L:paid",
        "L0:paid",
        "L:api",
        "L1:api",
        "L:weather",
        "L2:weather",
        "R:please",
        "R0:please",
        "LB:weather_api",
        "LB:api_paid",
        "L0M:paid_on",
        "M:on",
        "M:base",
        "Q:api",
        "Q:base",
        "Q:on",
        "Q:paid",
        "Q:please",
        "Q:weather",
    ]


def test_probability_is_the_logistic_of_bias_plus_weights() -> None:
    model = constraint_veto.Model(
        thresholds={"network": 0.5}, bias={"network": -1.0}, weights={"network": {"L0:paid": 2.0, "M:base": 0.5}}
    )
    # -1 + 2 + 0.5 = 1.5; a feature the model never saw weighs nothing
    assert model.probability("network", ["L0:paid", "M:base", "Q:unseen"]) == pytest.approx(1 / (1 + math.exp(-1.5)))


def test_a_model_file_without_a_kind_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "model.json"
    kinds = [k for k in constraint_veto.KINDS if k != "method"]
    path.write_text(
        json.dumps(
            {
                "thresholds": dict.fromkeys(kinds, 0.5),
                "bias": dict.fromkeys(kinds, 0.0),
                "weights": {k: {} for k in kinds},
            }
        )
    )
    with pytest.raises(ValueError, match="no model for method"):
        constraint_veto.load(path)


def test_short_queries_keep_the_rules_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not constraint_veto.reviews(["w"] * constraint_veto.SHORT_QUERY_WORDS)
    assert constraint_veto.reviews(["w"] * (constraint_veto.SHORT_QUERY_WORDS + 1))
    doubting(monkeypatch)
    iq = interpret("weather api paid on base under 1 cent per call")  # 10 words
    assert (iq.networks, iq.max_usd_price) == ((n.BASE,), Decimal("0.01"))


def test_a_doubted_filter_becomes_the_topic_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    doubting(monkeypatch)
    iq = interpret("find a weather forecast API for my agent, it pays on base, under $0.01 per call")
    assert (iq.networks, iq.max_usd_price) == ((), None)
    assert iq.soft_networks == (n.BASE,)  # a network read as the topic still gets its small boost
    notes = {note.kind: note for note in iq.constraints}
    assert notes["network"].applied_as == notes["price"].applied_as == "topic"
    assert "second reading: 0.00 < 0.50" in notes["network"].why


def test_networks_are_judged_together_so_a_filter_never_narrows(monkeypatch: pytest.MonkeyPatch) -> None:
    # only "base" reads as a rail; Solana and Polygon, joined to it, stay in the filter with it
    doubting(monkeypatch, weights={"M:base": 40.0})
    iq = interpret("Find a geocoding API for my delivery app, payable on Base, Solana or Polygon, anything works")
    assert set(iq.networks) == {n.BASE, n.SOLANA, "eip155:137"}
    doubting(monkeypatch)
    interpret.cache_clear()
    iq = interpret("Find a geocoding API for my delivery app, payable on Base, Solana or Polygon, anything works")
    assert iq.networks == ()


@pytest.mark.parametrize(
    "query",
    [
        # written for this test, not in the understanding set: what the shipped model reads as the subject
        "enumerate the MCP servers our engineers installed that can read the filesystem, for a security audit",
        "a rate limiter that counts POST and PATCH requests separately for each API key",
        "Freelance translators quote us $0.12 per word for German. Find a machine translation API to compare quality.",
        "generate fixtures for x402 payment requirements using the networks eip155:8453 and eip155:137 for our tests",
    ],
)
def test_the_shipped_model_gives_up_filters_the_rules_read_from_a_task_s_subject(query: str) -> None:
    filters = [r for r in constraint_readings(query) if r.filter]
    assert filters, "the rules read a hard filter here"
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price, iq.type, iq.method) == ((), None, None, None)


@pytest.mark.parametrize(
    ("query", "networks", "price", "method"),
    [
        ("find a weather forecast API for my agent, it pays on base, under $0.01 per call", (n.BASE,), "0.01", None),
        (
            "I need an OCR API that I can call with POST and pay for on solana, max 2 cents per page",
            (n.SOLANA,),
            "0.02",
            "POST",
        ),
    ],
)
def test_the_shipped_model_keeps_real_constraints_of_a_long_request(
    query: str, networks: tuple[str, ...], price: str, method: str | None
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price, iq.method) == (networks, Decimal(price), method)


# Real constraints the rules read right (test_understanding.py pins them with the second reading off) and the shipped
# second reading gives up: its measured cost, 11 of the ~1,700 hand-written cases. Strict, so a refit that keeps
# one of them shows here.
KNOWN_LOSSES = [
    ("under $0.01 on stellar testnet that takes usdc, weather, not forecasts", "max_usd_price", Decimal("0.01")),
    ("we have 2 USDC per request to spend on a translation api", "max_usd_price", Decimal("2")),
    (
        "Which API can give me the balance and the transaction history of an address? The agent pays with USDC on "
        "Ethereum.",
        "networks",
        ("eip155:1",),
    ),
    ("Find me a translation API with a price under $0.01 that my agent can use.", "max_usd_price", Decimal("0.01")),
    ("Find me a POST API for my agent to send the SMS and the email notifications.", "method", "POST"),
    ("Is there any MCP server in the registry with the tools for the Jira tickets and the sprints?", "type", "mcp"),
    (
        "Check the balance of a list of addresses and report any change over the last week. Need an API for that "
        "which settles on Base.",
        "networks",
        (n.BASE,),
    ),
    (
        "Real Madrid vs Barcelona odds api under $0.01 on polygon, other feeds cost $0.02",
        "max_usd_price",
        Decimal("0.01"),
    ),
    ("ocr api, it would be great if calls were under $0.01", "max_usd_price", Decimal("0.01")),
    ("which network is eip155:137, I need a price api on it", "networks", ("eip155:137",)),
    # tests/evaluation/test_understanding_score.py
    ("cheapest mcp server under $0.02 that takes usdc, not for images", "max_usd_price", Decimal("0.02")),
]


# Real constraints of the same kind that the second reading, fitted with the crawl probes, keeps.
KEPT = [
    ("Each time a GET request is made it should return the latest BTC price, under $0.001 per call", "method", "GET"),
    ("I need to know how many calls an MCP server can take; find one for load testing", "type", "mcp"),
    ("Our monthly x402 budget of $50 is spent on Base. Find a cheaper web search API", "networks", (n.BASE,)),
    ("Which API has the best ESG scores for listed companies? I'd cap it at 2 cents", "max_usd_price", Decimal("0.02")),
    (
        "Need trending tokens. Requirements:\n* settlement: Base mainnet\n* price ceiling: 0.25¢ per call",
        "networks",
        (n.BASE,),
    ),
]


@pytest.mark.parametrize(("query", "field", "expected"), KEPT)
def test_the_second_reading_keeps_these(query: str, field: str, expected: object) -> None:
    assert getattr(interpret(query), field) == expected


@pytest.mark.parametrize(("query", "field", "expected"), KNOWN_LOSSES)
def test_the_rules_read_the_known_losses(query: str, field: str, expected: object) -> None:
    assert getattr(interpret(query, second_reading=False), field) == expected


@pytest.mark.xfail(strict=True, reason="a real constraint the shipped second reading gives up (its measured cost)")
@pytest.mark.parametrize(("query", "field", "expected"), KNOWN_LOSSES)
def test_the_second_reading_keeps_the_known_losses(query: str, field: str, expected: object) -> None:
    assert getattr(interpret(query), field) == expected


def test_the_understanding_score_can_leave_the_second_reading_out() -> None:
    query = (
        "Freelance translators quote us $0.12 per word for German. Find a machine translation API to compare quality."
    )
    case = {"id": "x", "query": query, "split": "test", "expect": {"maxUsdPrice": None}}
    price = {
        second: understanding_score.score_understanding([case], second_reading=second)["splits"]["test"]["kinds"][
            "price"
        ]
        for second in (True, False)
    }
    assert (price[True]["fp"], price[False]["fp"]) == (0, 1)


def test_a_reading_is_labeled_by_its_case() -> None:
    (network,) = [r for r in constraint_readings("weather api paid on base") if r.kind == "network"]
    assert constraint_veto_training.label(network, {"networks": [n.BASE]})
    assert not constraint_veto_training.label(network, {"networks": [n.SOLANA]})
    (price,) = [r for r in constraint_readings("weather api under 1 cent per call") if r.kind == "price"]
    assert constraint_veto_training.label(price, {"maxUsdPrice": 0.01})
    assert not constraint_veto_training.label(price, {"maxUsdPrice": None})


def test_a_fit_separates_a_word_that_decides_the_label() -> None:
    rows = [constraint_veto_training.Example(("M:paid", "Q:x"), True, True)] * 20 + [
        constraint_veto_training.Example(("M:about", "Q:x"), False, True)
    ] * 20
    bias, weights = constraint_veto_training.fit(rows)
    model = constraint_veto.Model(thresholds={"k": 0.5}, bias={"k": bias}, weights={"k": weights})
    # L2 keeps the weights finite: symmetric data, symmetric weights, no bias
    assert weights["M:paid"] == -weights["M:about"] > 1.5 and bias == 0.0
    assert model.probability("k", ["M:paid", "Q:x"]) > 0.8 > 0.2 > model.probability("k", ["M:about", "Q:x"])
    # a threshold keeps the rows at or above it; precision and the share of right rows kept, by hand
    probabilities = [0.9] * 20 + [0.6] * 20
    assert constraint_veto_training.precision_recall(rows, probabilities, 0.5) == (0.5, 1.0)
    assert constraint_veto_training.precision_recall(rows, probabilities, 0.7) == (1.0, 1.0)


def test_the_committed_model_is_what_a_refit_of_the_dev_half_gives(capsys: pytest.CaptureFixture[str]) -> None:
    assert constraint_veto_training.main(["--check"]) == 0, capsys.readouterr().out
