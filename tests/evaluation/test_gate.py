"""The gate compares with the report before its latest change (from git history), so worsening the
ranking and regenerating the report in the same commit fails."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from souk.evaluation import gate
from souk.evaluation.run import check

IDS = [f"q{i:03d}" for i in range(40)]
REPORT = "eval/reports/latest.json"


def _report(full: float, *, bm25f: float = 0.5, empty: float = 0.0) -> dict[str, Any]:
    def scores(value: float, empty_value: float = 0.0) -> dict[str, dict[str, float]]:
        # Two query kinds so the paired test has variance to work with.
        return {
            q: {m: value - (0.1 if i % 2 else 0.0) for m in ("ndcg@10", "udcg@10", "mrr@10", "recall@20")}
            | {"empty": empty_value if i % 4 == 0 else 0.0}
            for i, q in enumerate(IDS)
        }

    return {
        "perQuery": {"full": scores(full, empty), "bm25f": scores(bm25f), "hybrid": scores(bm25f)},
        "querySplits": dict.fromkeys(IDS, "test"),
        "external": {},
    }


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


def _commit_report(repo: Path, report: dict[str, Any], message: str) -> None:
    path = repo / REPORT
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, sort_keys=True), encoding="utf-8")
    _git(repo, "add", REPORT)
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", message)


def _repo(tmp_path: Path) -> Path:
    _git(tmp_path, "init", "-q")
    return tmp_path


def test_worsen_and_regenerate_in_one_commit_fails(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    _commit_report(repo, _report(0.9), "good ranking")
    worse = _report(0.6)
    _commit_report(repo, worse, "worse ranking, report regenerated")
    problems, source = check(worse, repo / "eval/reports")
    assert source.endswith("^")
    assert any("ndcg@10" in p and "against the baseline" in p for p in problems), problems


def test_worsen_then_an_unrelated_commit_still_fails(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    _commit_report(repo, _report(0.9), "good ranking")
    worse = _report(0.6)
    _commit_report(repo, worse, "worse ranking, report regenerated")
    (repo / "README").write_text("unrelated\n", encoding="utf-8")
    _git(repo, "add", "README")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "docs")
    problems, _ = check(worse, repo / "eval/reports")
    assert any("against the baseline" in p for p in problems)


def test_uncommitted_regeneration_is_compared_with_head(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    _commit_report(repo, _report(0.9), "good ranking")
    worse = _report(0.6)
    (repo / REPORT).write_text(json.dumps(worse), encoding="utf-8")
    problems, source = check(worse, repo / "eval/reports")
    assert "working tree differs" in source
    assert any("against the baseline" in p for p in problems)


def test_improvement_passes(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    _commit_report(repo, _report(0.7), "ranking")
    better = _report(0.9)
    _commit_report(repo, better, "better ranking")
    assert check(better, repo / "eval/reports")[0] == []


def test_a_waiver_must_name_the_baseline_and_a_reason(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    _commit_report(repo, _report(0.9), "good ranking")
    worse = _report(0.6)
    _commit_report(repo, worse, "trade-off")
    baseline = gate.baseline_from_git(repo / REPORT)
    metrics = ("ndcg@10", "udcg@10", "mrr@10", "recall@20")
    stale = [{"set": "golden", "metric": m, "baselineSha256": "0" * 64, "reason": "x"} for m in metrics]
    (repo / "eval" / gate.WAIVERS_FILE).write_text(json.dumps(stale), encoding="utf-8")
    assert check(worse, repo / "eval/reports")[0]
    bound = [{"set": "golden", "metric": m, "baselineSha256": baseline.sha256, "reason": "why"} for m in metrics]
    (repo / "eval" / gate.WAIVERS_FILE).write_text(json.dumps(bound), encoding="utf-8")
    assert check(worse, repo / "eval/reports")[0] == []


def test_absolute_bars_without_history(tmp_path: Path) -> None:
    below_bm25 = _report(0.3, bm25f=0.8)
    problems, source = check(below_bm25, tmp_path)  # not a git checkout, no report on disk: bars only
    assert source == "not a git checkout"
    assert any("below bm25f" in p for p in problems) and any("below hybrid" in p for p in problems)
    silent = _report(0.9, empty=1.0)  # a quarter of the answerable queries get nothing
    assert any("answers nothing" in p for p in gate.absolute_bars(silent, "full"))
    assert gate.absolute_bars(_report(0.9), "full") == []


def test_a_report_equal_up_to_its_written_rounding_passes(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    _commit_report(repo, _report(0.7), "ranking")
    same = _report(0.8)
    _commit_report(repo, json.loads(json.dumps(same)), "same ranking, report rewritten")
    # A fresh run carries float noise below the report's 6 written decimals on every query.
    noisy = _report(0.8)
    for scores in noisy["perQuery"]["full"].values():
        scores["recall@20"] -= 1e-12
    assert check(noisy, repo / "eval/reports")[0] == []
