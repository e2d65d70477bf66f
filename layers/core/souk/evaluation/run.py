"""``souk eval``: load the fixture catalog into a scratch schema, run every arm, score, compare, report, gate."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tqdm import tqdm

from souk.config import Settings
from souk.db.pool import database_url
from souk.evaluation import fixture_catalog as fc
from souk.evaluation.arms import ARMS, BASELINE_ARM, SHIPPED_ARM
from souk.evaluation.golden import GoldenSet, load_golden
from souk.evaluation.harness import GATE_METRICS, compare, per_query_scores, run_arm
from souk.evaluation.report import dumps, markdown, module_digests, sha256_file, svg_plot, write_json
from souk.search.profile import Profile

logger = logging.getLogger(__name__)

REPO = Path(__file__).resolve().parents[4]
EVAL_DIR = REPO / "eval"
EVAL_CLOCK = datetime(2026, 10, 20, 12, 0, tzinfo=UTC)
RANKING_PACKAGES = (
    "layers/core/souk/search",
    "layers/core/souk/catalog",
    "layers/core/souk/embedding",
    "layers/core/souk/listing",
)
SIGNIFICANCE = 0.05


@dataclass
class EvalPaths:
    golden: Path = EVAL_DIR / "golden" / "golden.jsonl"
    events: Path = EVAL_DIR / "catalog" / "events.jsonl"
    listings: Path = EVAL_DIR / "catalog" / "listings.jsonl"
    reports: Path = EVAL_DIR / "reports"

    @classmethod
    def under(cls, root: Path) -> EvalPaths:
        return cls(
            root / "golden" / "golden.jsonl",
            root / "catalog" / "events.jsonl",
            root / "catalog" / "listings.jsonl",
            root / "reports",
        )


@dataclass
class EvalOutcome:
    report: dict[str, Any]
    digest: str | None = None
    regressions: list[str] = field(default_factory=list)
    comparison: dict[str, Any] | None = None
    baseline_source: str | None = None


def check(report: dict[str, Any], reports_dir: Path | None = None, arm: str = SHIPPED_ARM) -> tuple[list[str], str]:
    """The gate (souk.evaluation.gate): against the report before its latest change in git history
    (the file on disk when there is no history), plus the absolute bars."""
    from souk.evaluation import gate

    reports_dir = reports_dir or EvalPaths().reports
    # Compare the report as it is written: the baseline's scores are rounded (souk.evaluation.report),
    # and unrounded ones differ from them by float noise that a paired test over 100+ queries calls
    # significant.
    report = json.loads(dumps(report))
    baseline = gate.baseline_from_git(reports_dir / "latest.json")
    if baseline.report is None and (reports_dir / "latest.json").exists():
        committed = load_previous(reports_dir / "latest.json")
        baseline = gate.Baseline(committed, f"{baseline.source}; compared with the file on disk", None)
    problems = gate.absolute_bars(report, arm)
    if baseline.report is not None:
        problems += gate.versus_baseline(report, baseline.report, arm, gate.load_waivers(reports_dir, baseline))
    return problems, baseline.source


def prepare_semantic(conn: Any, settings: Settings) -> dict[str, Any] | None:
    """Create the configured generation in the eval schema and embed everything (same code as serving)."""
    try:
        from souk.embedding.generations import ensure_default_generation
        from souk.embedding.worker import drain

        generation = ensure_default_generation(conn, settings)
        drain(conn, settings)
        conn.commit()
        return generation.identity.to_dict()
    except Exception as exc:
        conn.rollback()
        logger.warning("semantic index unavailable for evaluation: %s", exc)
        return None


def load_previous(path: Path) -> dict[str, Any] | None:
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def evaluate(
    settings: Settings,
    *,
    paths: EvalPaths | None = None,
    arms: dict[str, Profile] | None = None,
    schema: str = "souk_eval",
    progress: bool = True,
    external: bool = False,
) -> dict[str, Any]:
    paths = paths or EvalPaths()
    arms = arms or ARMS
    golden: GoldenSet = load_golden(paths.golden)
    conninfo = fc.reset_schema(database_url(settings), schema, settings)
    with fc.connect(conninfo) as conn:
        summary = fc.load_fixture_catalog(conn, paths.events, settings)
        needs_semantic = any(p.semantic for p in arms.values())
        generation = prepare_semantic(conn, settings) if needs_semantic else None
        slugs = fc.map_slugs(conn, paths.listings)
        slug_of = slugs.by_id
        bar = tqdm(total=len(arms) * len(golden.queries), desc="souk eval", disable=not progress, unit="q")
        runs = {}
        degraded: dict[str, list[str]] = {}
        for name, profile in arms.items():
            arm_run = run_arm(conn, settings, profile, golden.queries, slug_of, EVAL_CLOCK, bar.update)
            runs[name] = arm_run.rankings
            if arm_run.degraded:
                degraded[name] = sorted(arm_run.degraded)
        bar.close()
        conn.rollback()
    per_query = {arm: {q.id: per_query_scores(runs[arm][q.id], q) for q in golden.queries} for arm in arms}
    results = {split: compare(per_query, golden.split(split), BASELINE_ARM) for split in ("dev", "test", "all")}
    unjudged = {
        arm: sum(
            1 for q in golden.queries for s in runs[arm][q.id][:10] if s not in q.judgments and not q.no_match_expected
        )
        for arm in arms
    }
    report = {
        "reportVersion": 1,
        "clock": EVAL_CLOCK.isoformat(),
        "goldenSet": {
            "version": golden.version,
            "sha256": sha256_file(paths.golden),
            "queries": len(golden.queries),
            "splits": {s: len(golden.split(s)) for s in ("dev", "test")},
        },
        "catalog": {
            "eventsSha256": sha256_file(paths.events),
            "listingsSha256": sha256_file(paths.listings),
            "listings": summary["listings"],
            "rejected": summary["rejected"],
            "mappedSlugs": len(slugs.by_slug),
        },
        "rankingModules": module_digests(REPO, RANKING_PACKAGES),
        "modelGeneration": generation,
        "arms": list(arms),
        "baselineArm": BASELINE_ARM,
        "shippedArm": SHIPPED_ARM,
        "profiles": {arm: p.describe() for arm, p in arms.items()},
        "results": results,
        "perQuery": per_query,
        "querySplits": {q.id: q.split for q in golden.queries},
        "rankings": runs,
        "unjudgedInTop10": unjudged,
        "degraded": degraded,
        "external": external_rows(settings, arms, progress) if external else {},
        "understanding": understanding_row(),
    }
    if SHIPPED_ARM in arms:
        from souk.evaluation.gate import anchor_comparisons

        report["anchors"] = anchor_comparisons(report, SHIPPED_ARM)
    return report


def external_rows(settings: Settings, arms: dict[str, Profile], progress: bool) -> dict[str, Any]:
    """Every external set whose file is present (third-party data is never in the repository)."""
    from souk.evaluation.external import EXTERNAL_SETS, evaluate_external

    rows: dict[str, Any] = {}
    for ext in EXTERNAL_SETS:
        if not ext.path.exists():
            logger.warning("external set %s not found at %s; its row is skipped", ext.name, ext.path)
            continue
        rows[ext.name] = evaluate_external(settings, ext.path, limit=ext.sample, arms=arms, progress=progress)
    return rows


def understanding_row() -> dict[str, Any] | None:
    from souk.evaluation.understanding import CASES_PATH, load_cases, score_understanding

    if not CASES_PATH.exists():
        return None
    scored = score_understanding(load_cases(CASES_PATH))
    # Failing case ids of the held-out half are kept out of the report, so nobody tunes rules on them.
    scored["failing"] = {"dev": scored["failing"].get("dev", {})}
    return {"sha256": sha256_file(CASES_PATH), **scored}


def versus_previous(current: dict[str, Any], committed: dict[str, Any], golden: GoldenSet) -> dict[str, Any]:
    """Each arm against the same arm in the last committed report: mean delta and a paired randomization
    p-value per split and metric, Holm-corrected across arms. Kept out of the report itself so that
    re-running an unchanged tree reproduces the committed report byte for byte."""
    from souk.evaluation.stats import holm_adjust, paired_randomization_test

    out: dict[str, Any] = {"committedGolden": committed.get("goldenSet", {}).get("version")}
    for split in ("dev", "test"):
        ids_in_split = [q.id for q in golden.split(split)]
        per_metric_p: dict[str, dict[str, float]] = {}
        block: dict[str, Any] = {}
        for arm in current["arms"]:
            cur, old = current["perQuery"][arm], committed.get("perQuery", {}).get(arm)
            if old is None:
                continue
            block[arm] = {}
            for metric in (*GATE_METRICS, "p@5", "no_match", "violations@5"):
                ids = [q for q in ids_in_split if metric in cur.get(q, {}) and metric in old.get(q, {})]
                if not ids:
                    continue
                a, b = [cur[q][metric] for q in ids], [old[q][metric] for q in ids]
                p = paired_randomization_test(a, b, n_permutations=5000, seed=11)
                block[arm][metric] = {"delta": (sum(a) - sum(b)) / len(ids), "p": p, "n": len(ids)}
                per_metric_p.setdefault(metric, {})[arm] = p
        for metric, by_arm in per_metric_p.items():
            for arm, adjusted in holm_adjust(by_arm).items():
                block[arm][metric]["p_holm"] = adjusted
        out[split] = block
    return out


def run_eval(
    settings: Settings,
    *,
    paths: EvalPaths | None = None,
    write: bool = True,
    check_gate: bool = False,
    arms: dict[str, Profile] | None = None,
    progress: bool = True,
    external: bool = False,
) -> EvalOutcome:
    paths = paths or EvalPaths()
    committed = load_previous(paths.reports / "latest.json")
    report = evaluate(settings, paths=paths, arms=arms, progress=progress, external=external)
    outcome = EvalOutcome(report)
    golden = load_golden(paths.golden)
    if committed is not None:
        outcome.comparison = versus_previous(report, committed, golden)
    if check_gate:
        outcome.regressions, outcome.baseline_source = check(report, paths.reports)
    if write:
        outcome.digest = write_json(report, paths.reports / "latest.json")
        (paths.reports / "latest.md").write_bytes(markdown(report).encode("utf-8"))
        (paths.reports / "arms.svg").write_bytes(svg_plot(report).encode("utf-8"))
        if outcome.comparison is not None:
            write_json(outcome.comparison, paths.reports / "versus-previous.json")
    return outcome
