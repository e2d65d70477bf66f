"""Tune the shipped profile on DEV data only: the golden dev split, or the dev half of an external set
(the test split and test halves are held out: this script never prints a test number). Prints dev
means for each candidate profile.

    python eval/tune.py weights                 # golden dev split
    python eval/tune.py weights metatool        # dev half of ../shared/data/metatool-tools.json
"""

from __future__ import annotations

import itertools
import logging
import sys
from dataclasses import replace

from souk.config import get_settings
from souk.db.pool import database_url
from souk.evaluation import fixture_catalog as fc
from souk.evaluation.golden import load_golden
from souk.evaluation.harness import per_query_scores, run_arm
from souk.evaluation.run import EVAL_CLOCK, EvalPaths, prepare_semantic
from souk.search.profile import DEFAULT_PROFILE

METRICS = ("ndcg@10", "udcg@10", "mrr@10", "recall@20", "p@5", "empty", "no_match", "violations@5")


def external(name: str) -> int:
    from souk.evaluation.external import EXTERNAL_SETS, evaluate_external

    ext = next(e for e in EXTERNAL_SETS if e.name == name)
    grid = [dict(zip(k, v, strict=True)) for k, v in _grid()]
    arms = {str(changes): replace(DEFAULT_PROFILE, name=f"tune-{i}", **changes) for i, changes in enumerate(grid)}
    dev = evaluate_external(get_settings(), ext.path, limit=ext.sample, arms=arms, progress=False)["results"]["dev"]
    print(f"{name} dev half | " + " | ".join(METRICS))
    for label, results in dev.items():
        print(f"{label} | " + " | ".join(f"{results[m]['mean']:.4f}" if results[m].get("n") else "-" for m in METRICS))
    return 0


def main() -> int:
    logging.basicConfig(level=logging.WARNING)
    if len(sys.argv) > 2:
        return external(sys.argv[2])
    settings = get_settings()
    paths = EvalPaths()
    dev = load_golden(paths.golden).split("dev")
    conninfo = fc.reset_schema(database_url(settings), "souk_tune", settings)
    with fc.connect(conninfo) as conn:
        fc.load_fixture_catalog(conn, paths.events, settings)
        prepare_semantic(conn, settings)
        slug_of = fc.map_slugs(conn, paths.listings).by_id
        grid = [dict(zip(k, v, strict=True)) for k, v in _grid()]
        print("profile | " + " | ".join(METRICS))
        for changes in grid:
            profile = replace(DEFAULT_PROFILE, name="tune", **changes)
            runs = run_arm(conn, settings, profile, dev, slug_of, EVAL_CLOCK).rankings
            scores = [per_query_scores(runs[q.id], q) for q in dev]
            means = []
            for m in METRICS:
                vals = [s[m] for s in scores if m in s]
                means.append(f"{sum(vals) / len(vals):.4f}" if vals else "-")
            print(f"{changes} | " + " | ".join(means), flush=True)
    return 0


def _grid():
    spec = sys.argv[1] if len(sys.argv) > 1 else "weights"
    if spec == "weights":
        keys = ("lexical_weight", "semantic_weight", "rrf_k")
        for lw, k in itertools.product((0.7, 0.5, 0.3), (20, 10, 5)):
            yield keys, (lw, round(1 - lw, 2), k)
    elif spec == "abstention":
        keys = ("abstain_cosine", "constrained_cosine_drop", "constrained_lexical_ratio")
        for ac, drop, ratio in itertools.product((0.15, 0.2, 0.25, 0.3), (0.1, 0.15, 0.2), (0.5, 0.65, 0.8)):
            yield keys, (ac, drop, ratio)
    elif spec == "diversity":
        keys = ("diversity", "max_per_origin", "diversity_relax_ratio")
        for div, mpo, rr in itertools.product((True, False), (2, 3, 4), (0.0, 0.5, 0.7)):
            yield keys, (div, mpo, rr)
    elif spec == "signals":
        keys = ("diversity", "max_per_origin", "settlement_boost", "negation_penalty")
        for div, mpo, sb, neg in itertools.product((True, False), (2, 3), (0.0, 0.15, 0.3), (0.25, 0.1)):
            yield keys, (div, mpo, sb, neg)
    elif spec == "boosts":
        keys = ("asset_boost", "cheapest_boost")
        for ab, cb in itertools.product((0.1, 0.3, 0.6), (0.15, 0.4, 0.8)):
            yield keys, (ab, cb)
    elif spec == "payment":
        keys = ("payment_asset_boost",)
        for boost in (1.0, 0.6, 0.5, 0.3):
            yield keys, (boost,)
    elif spec == "chains":
        keys = ("chain_mismatch_penalty",)
        for penalty in (1.0, 0.8, 0.6, 0.5, 0.4, 0.2, 0.1):
            yield keys, (penalty,)
    elif spec == "negation":
        keys = ("negation_penalty",)
        for penalty in (0.25, 0.5, 0.75, 1.0):
            yield keys, (penalty,)
    elif spec == "direction":
        keys = ("direction_mismatch_penalty",)
        for penalty in (1.0, 0.7, 0.5, 0.3):
            yield keys, (penalty,)
    elif spec == "stuffing":
        keys = ("stuffing_penalty",)
        for penalty in (1.0, 0.75, 0.5, 0.25):
            yield keys, (penalty,)
    elif spec == "echo":
        keys = ("synthetic_margin",)
        for margin in (None, 0.2, 0.15, 0.1, 0.05):
            yield keys, (margin,)
    elif spec == "pool":
        keys = ("pool",)
        for pool in (250, 200, 150, 100):
            yield keys, (pool,)
    elif spec == "terms":
        keys = ("max_query_terms",)
        for limit in (32, 24, 20, 16):
            yield keys, (limit,)
    elif spec == "shipped":
        yield (), ()
    elif spec == "testnet":
        keys = ("testnet_penalty",)
        for penalty in (1.0, 0.9, 0.8, 0.7, 0.5):
            yield keys, (penalty,)
    elif spec == "fusion":
        keys = ("fusion", "lexical_weight", "semantic_weight")
        yield keys, ("rrf", 0.5, 0.5)
        for lw in (0.5, 0.4, 0.3):
            yield keys, ("convex", lw, round(1 - lw, 2))
        yield keys, ("learned", 0.3, 0.7)
    else:
        raise SystemExit(f"unknown grid {spec}")


if __name__ == "__main__":
    raise SystemExit(main())
