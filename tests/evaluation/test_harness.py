"""The harness end to end on a small authored set: reproducible reports, a gate that catches a worse
ranking (a deliberately degraded profile) and passes an unchanged one."""

from __future__ import annotations

import json

import pytest

from souk.evaluation.arms import ARMS
from souk.evaluation.run import check, run_eval
from souk.search.profile import with_name
from tests.evaluation.small_eval import write_small_eval

ARMS_UNDER_TEST = {name: ARMS[name] for name in ("phrase", "bm25f", "full")}


@pytest.fixture(scope="module")
def committed(tmp_path_factory, database_url, settings):
    paths = write_small_eval(tmp_path_factory.mktemp("small-eval"))
    outcome = run_eval(settings, paths=paths, arms=ARMS_UNDER_TEST, progress=False)
    return paths, outcome


def test_report_is_reproducible_and_complete(committed, settings):
    paths, _ = committed
    again = run_eval(settings, paths=paths, arms=ARMS_UNDER_TEST, write=False, progress=False)
    from souk.evaluation.report import dumps

    assert dumps(again.report) == (paths.reports / "latest.json").read_text(encoding="utf-8")
    report = json.loads((paths.reports / "latest.json").read_text(encoding="utf-8"))
    full = report["results"]["test"]["full"]
    assert full["ndcg@10"]["n"] == 12 and 0 <= full["ndcg@10"]["ci95"][0] <= full["ndcg@10"]["mean"]
    assert "p_vs_baseline_holm" in full["ndcg@10"]
    assert report["goldenSet"]["sha256"] and report["catalog"]["eventsSha256"] and report["rankingModules"]
    assert (paths.reports / "latest.md").read_text(encoding="utf-8").startswith("# Souk search evaluation")
    assert (paths.reports / "arms.svg").read_text(encoding="utf-8").startswith("<svg")
    # The phrase baseline finds nothing for paraphrases; the shipped pipeline finds the right listing.
    assert report["results"]["test"]["phrase"]["ndcg@10"]["mean"] == 0.0
    assert full["ndcg@10"]["mean"] > 0.8
    assert full["no_match"]["mean"] == 1.0


def test_gate_passes_an_unchanged_ranking(committed, settings):
    paths, _ = committed
    again = run_eval(settings, paths=paths, arms=ARMS_UNDER_TEST, write=False, check_gate=True, progress=False)
    assert again.regressions == []


def test_gate_fails_a_degraded_profile_naming_metric_and_queries(committed, settings):
    paths, _ = committed
    degraded = dict(ARMS_UNDER_TEST)
    degraded["full"] = with_name(ARMS["full"], "degraded-phrase", lexical="phrase", semantic=False)
    outcome = run_eval(settings, paths=paths, arms=degraded, write=False, check_gate=True, progress=False)
    assert outcome.regressions, "a phrase-only ranking must fail the gate"
    text = "\n".join(outcome.regressions)
    assert "ndcg@10" in text and "t02 (-1.000)" in text
    committed_report = json.loads((paths.reports / "latest.json").read_text(encoding="utf-8"))
    problems, source = check(committed_report, paths.reports)
    assert problems == [] and "file on disk" in source
