import json
from pathlib import Path

import pytest

from souk.evaluation.understanding import CASES_PATH
from souk.search import reading_model
from souk.search.understanding import interpret, reading_examples


def test_features_are_the_phrase_its_neighbours_and_the_query_words() -> None:
    words = ["tokens", "launched", "on", "solana", "paid", "on", "base"]
    assert reading_model.features(words, 5, 6) == sorted(
        {
            "L0:paid",
            "L1:solana",
            "L2:on",
            "L3:launched",
            "L:launched",
            "L:on",
            "L:solana",
            "L:paid",
            "LL:solana paid",
            "M:on",
            "M:base",
            *(f"Q:{w}" for w in words),
            "len:0",
        }
    )


def test_features_at_the_edges_of_the_query() -> None:
    assert reading_model.features(["mcp"], 0, 0) == ["M:mcp", "Q:mcp", "len:0"]


def test_a_kind_without_a_model_is_never_taken_away() -> None:
    assert reading_model.probability("asset", ["M:usdc"]) == 1.0


def test_probability_is_the_logistic_of_the_bias_and_the_scaled_weights(monkeypatch: pytest.MonkeyPatch) -> None:
    model = reading_model.KindModel(bias=-1.0, weights={"M:on": 2.0, "L0:paid": 2.0})
    monkeypatch.setattr(reading_model, "_models", lambda: {"network": model})
    # four features, two of them weighted: z = -1 + (2 + 2) / sqrt(4) = 1
    assert reading_model.probability("network", ["M:on", "L0:paid", "Q:x", "Q:y"]) == pytest.approx(
        1 / (1 + 2.718281828459045**-1)
    )


def test_the_weights_were_fitted_on_the_current_labeled_set() -> None:
    """Adding cases without refitting (eval/understanding/train_reading.py) would ship a model of an older set."""
    import hashlib

    data = json.loads(reading_model.WEIGHTS_PATH.read_text(encoding="utf-8"))
    assert data["cases_sha256"] == hashlib.sha256(CASES_PATH.read_bytes()).hexdigest()[:12]
    probes = Path(__file__).resolve().parents[2] / "eval" / "crawl_constraints" / "queries.jsonl"
    assert data["probes_sha256"] == hashlib.sha256(probes.read_bytes()).hexdigest()[:12]
    assert set(data["kinds"]) == set(reading_model.KINDS)


def test_an_unlikely_filter_becomes_topical_text_and_says_why() -> None:
    # a crawl probe of the dev half: Solana is where the tokens were created, not the rail
    query = "Step 2/4: list the tokens most recently created on Pump.fun on Solana."
    rules_alone = [ex for ex in reading_examples(query) if ex.kind == "network"]
    assert [ex.role for ex in rules_alone] == ["filter"]
    iq = interpret(query)
    assert iq.networks == ()
    (note,) = [c for c in iq.constraints if c.kind == "network"]
    assert note.applied_as == "topic"
    assert "model probability" in note.why
    assert "solana" in iq.topical_terms


def test_a_plain_payment_phrase_keeps_its_filter() -> None:
    iq = interpret("pdf to text, paid on solana")
    assert iq.networks == ("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",)


def test_networks_of_one_sentence_give_way_only_together() -> None:
    # alone, the model doubts the list's later members (p 0.11-0.19); with the sentence's best they stay
    iq = interpret("I use Base, Solana and Polygon for payments; find a transcription API")
    assert len(iq.networks) >= 3
