"""The evaluation gate: fails when the shipped ranking significantly regresses, judged against a
baseline that a ranking change cannot silently rewrite, and when it breaks the absolute bars.

Baseline: the committed report *before its most recent change* in git history. A commit that worsens
ranking and regenerates ``eval/reports/latest.json`` is therefore compared with the report it replaced,
not with itself. A deliberate trade-off is allowed only as an explicit waiver in
``eval/gate-waivers.json``, bound to that baseline's SHA-256 (so it expires with the next report) and
carrying a reason; it shows in the diff like any other change.

Absolute bars (on every set in the report: the golden test split and each external set's test half):
the shipped arm is not significantly below plain BM25F or plain hybrid RRF on nDCG@10, and it answers
at least 98% of answerable queries with something.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from souk.evaluation.harness import GATE_METRICS
from souk.evaluation.stats import paired_randomization_test

SIGNIFICANCE = 0.05
MAX_EMPTY_SHARE = 0.02
ANCHOR_ARMS = ("bm25f", "hybrid")
WAIVERS_FILE = "gate-waivers.json"
LOWER_IS_BETTER = frozenset({"violations@5", "empty"})


@dataclass(frozen=True, slots=True)
class Baseline:
    report: dict[str, Any] | None
    source: str  # which commit it came from, or why there is none
    sha256: str | None


def _git(cwd: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(cwd), *args], capture_output=True, check=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.decode("utf-8")


def baseline_from_git(report: Path) -> Baseline:
    """``report`` as it was before its most recent change: HEAD's version when the working tree's file
    differs from it (an uncommitted regeneration), else the version before the last commit that changed it."""
    top = _git(report.parent, "rev-parse", "--show-toplevel") if report.parent.exists() else None
    if top is None:
        return Baseline(None, "not a git checkout", None)
    rel = report.resolve().relative_to(Path(top.strip()).resolve()).as_posix()
    log = _git(report.parent, "log", "--format=%H", "--", f":/{rel}")
    commits = (log or "").split()
    if not commits:
        return Baseline(None, "the report has no history", None)
    newest = _git(report.parent, "show", f"{commits[0]}:{rel}")
    if newest is not None and report.exists() and report.read_text(encoding="utf-8") != newest:
        return _baseline(newest, f"{commits[0][:12]} (working tree differs)")
    earlier = _git(report.parent, "show", f"{commits[0]}^:{rel}")
    if earlier is None:
        # The first version of the report, or its parent is missing from a shallow clone.
        return Baseline(None, f"no version of the report before {commits[0][:12]} in this clone", None)
    return _baseline(earlier, f"{commits[0][:12]}^")


def _baseline(text: str, source: str) -> Baseline:
    return Baseline(json.loads(text), source, hashlib.sha256(text.encode("utf-8")).hexdigest())


def load_waivers(reports_dir: Path, baseline: Baseline) -> list[dict[str, Any]]:
    """Waivers (``eval/gate-waivers.json``, beside the reports folder) written for this baseline; any
    other waiver is stale and ignored."""
    path = reports_dir.parent / WAIVERS_FILE
    if not path.exists() or baseline.sha256 is None:
        return []
    waivers = json.loads(path.read_text(encoding="utf-8"))
    return [w for w in waivers if w.get("baselineSha256") == baseline.sha256 and str(w.get("reason", "")).strip()]


def _sets(report: dict[str, Any]) -> dict[str, tuple[dict[str, Any], list[str]]]:
    """set name -> (per-query scores by arm, held-out query ids)."""
    test_ids = [qid for qid, q in (report.get("querySplits") or {}).items() if q == "test"]
    out = {"golden": (report["perQuery"], test_ids)}
    for name, row in (report.get("external") or {}).items():
        split = row.get("querySplits") or {}
        ids = [qid for qid in next(iter(row["perQuery"].values()), {}) if split.get(qid, "test") == "test"]
        out[name] = (row["perQuery"], ids)
    return out


def _moved(ids: list[str], cur: list[float], old: list[float], metric: str) -> str:
    sign = -1 if metric in LOWER_IS_BETTER else 1
    moved = sorted(((q, c - o) for q, c, o in zip(ids, cur, old, strict=True) if c != o), key=lambda t: sign * t[1])
    return ", ".join(f"{q} ({d:+.3f})" for q, d in moved[:12])


def _regressed(cur: list[float], old: list[float], metric: str) -> tuple[float, float] | None:
    delta = (sum(cur) - sum(old)) / len(cur)
    worse = delta > 0 if metric in LOWER_IS_BETTER else delta < 0
    if not worse:
        return None
    p = paired_randomization_test(cur, old, n_permutations=5000, seed=7)
    return (delta, p) if p < SIGNIFICANCE else None


def versus_baseline(
    current: dict[str, Any], baseline: dict[str, Any], arm: str, waivers: Iterable[dict[str, Any]] = ()
) -> list[str]:
    """Significant regressions of ``arm`` on each set's held-out queries, unless waived."""
    waived = {(w["set"], w["metric"]) for w in waivers}
    problems: list[str] = []
    old_sets = _sets(baseline)
    for name, (per_query, ids) in _sets(current).items():
        if name not in old_sets:
            continue
        cur, old = per_query.get(arm, {}), old_sets[name][0].get(arm, {})
        for metric in (*GATE_METRICS, "empty", "no_match", "violations@5"):
            common = [q for q in ids if metric in cur.get(q, {}) and metric in old.get(q, {})]
            if not common:
                continue
            a, b = [cur[q][metric] for q in common], [old[q][metric] for q in common]
            found = _regressed(a, b, metric)
            if found and (name, metric) not in waived:
                delta, p = found
                problems.append(
                    f"{name}: {arm} {metric} moved {delta:+.4f} against the baseline (p={p:.4f}, n={len(common)}); "
                    f"queries that moved: {_moved(common, a, b, metric)}"
                )
    return problems


def anchor_comparisons(report: dict[str, Any], arm: str) -> dict[str, Any]:
    """Per set (held-out queries): ``arm`` minus each anchor on nDCG@10 with its paired p-value, and the
    share of answerable queries ``arm`` answered with nothing. What the absolute bars judge."""
    out: dict[str, Any] = {}
    for name, (per_query, ids) in _sets(report).items():
        ours = per_query.get(arm, {})
        answerable = [q for q in ids if "empty" in ours.get(q, {})]
        row: dict[str, Any] = {
            "n": len(answerable),
            "emptyShare": sum(ours[q]["empty"] for q in answerable) / len(answerable) if answerable else None,
        }
        for anchor in ANCHOR_ARMS:
            theirs = per_query.get(anchor, {})
            common = [q for q in answerable if "ndcg@10" in theirs.get(q, {})]
            if common:
                a, b = [ours[q]["ndcg@10"] for q in common], [theirs[q]["ndcg@10"] for q in common]
                p = paired_randomization_test(a, b, n_permutations=5000, seed=7)
                row[anchor] = {"deltaNdcg@10": (sum(a) - sum(b)) / len(common), "p": p}
        out[name] = row
    return out


def absolute_bars(current: dict[str, Any], arm: str) -> list[str]:
    """The bars every set must clear, whatever the history."""
    problems: list[str] = []
    for name, (per_query, ids) in _sets(current).items():
        ours = per_query.get(arm, {})
        answerable = [q for q in ids if "empty" in ours.get(q, {})]
        if answerable:
            share = sum(ours[q]["empty"] for q in answerable) / len(answerable)
            if share > MAX_EMPTY_SHARE:
                problems.append(f"{name}: {arm} answers nothing to {share:.1%} of answerable held-out queries")
        for anchor in ANCHOR_ARMS:
            theirs = per_query.get(anchor, {})
            common = [q for q in answerable if "ndcg@10" in theirs.get(q, {})]
            if not common:
                continue
            a, b = [ours[q]["ndcg@10"] for q in common], [theirs[q]["ndcg@10"] for q in common]
            found = _regressed(a, b, "ndcg@10")
            if found:
                delta, p = found
                problems.append(
                    f"{name}: {arm} nDCG@10 is below {anchor} by {-delta:.4f} (p={p:.4f}); "
                    f"queries: {_moved(common, a, b, 'ndcg@10')}"
                )
    return problems
