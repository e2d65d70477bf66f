"""Calibrate ``relevance.matchStrength`` offline: how often is the #1 result relevant when the response
says "strong", and when it says "weak"? (a tuning aid; shipped numbers come from ``souk eval``).

Reads the dumps of ``eval/experiments/features.py`` (both arms' raw hits per query, judgments, split).
Per query: the ``Evidence`` that ``souk.search.abstention.gather`` builds from the dumped hits; queries
``should_abstain`` would empty are left out (no label); the #1 result is the top of
``souk.search.fusion.learned.learned_fusion`` over the dumped hits (the shipped fusion, with the
pipeline's query length, every topical term). Not modelled: the multiplicative query signals,
settlement boost, health demotion and diversity applied after fusion, and the constrained-topic
abstention (it needs the unconstrained reference). "Relevant" is a judgment grade >= 1 (the metrics'
default); golden no-match queries count as a wrong #1 when labelled.

Per set and split: ``strong``/``weak`` counts, the precision of each (the #1 is relevant) and the
coverage of ``strong`` (answerable queries labelled strong / answerable queries). Then a grid over the
rule family "each arm's #1 is in the other arm's top ``depth``, and the top cosine >= c or the best
lexical IDF share >= s" on the dev halves only, and the labels on probe queries over the real crawl
(``eval/experiments/strength_crawl.py``), which has no judgments.

    python eval/experiments/features.py golden /tmp/feat/golden.json   # and metatool, restbench, apibench
    python eval/experiments/strength_crawl.py /work/shared/data/cdp-bazaar-crawl-2025-12-31.json /tmp/feat/crawl.json
    python eval/experiments/strength_offline.py /tmp/feat/{golden,metatool,restbench,apibench}.json \
        [--crawl /tmp/feat/crawl.json] > eval/experiments/strength_offline.txt
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from souk.search.abstention import AGREEMENT_DEPTH, Evidence, gather, should_abstain, strength
from souk.search.bm25f import LexicalHit
from souk.search.fusion.learned import learned_fusion
from souk.search.profile import DEFAULT_PROFILE
from souk.search.semantic import SemanticHit

ABSENT = 10**6
ATTACKS = ("yoga class booking", "flight booking api", "hotel booking", "dentist appointment booking", "recipe search")


@dataclass
class Row:
    set: str
    split: str
    query: str
    answerable: bool
    abstained: bool
    relevant_top: bool  # the fused #1 is judged relevant (grade >= 1)
    top: str
    evidence: Evidence
    lex1_in_sem: int  # rank (0-based) of the lexical #1 in the semantic hits; ABSENT when missing
    sem1_in_lex: int
    lex1_idf: float


def rows(path: Path) -> list[Row]:
    data = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for q in data["queries"]:
        answerable = not q["no_match"] and any(v >= 1 for v in q["relevant"].values())
        if q["split"] != "probe" and not q["no_match"] and not answerable:
            continue  # judged, but nothing relevant: no #1 can be right or wrong
        ids: dict[str, int] = {}
        lex = [LexicalHit(ids.setdefault(h[0], len(ids)), h[1], h[2], h[3]) for h in q["lexical"]]
        sem = [SemanticHit(ids.setdefault(h[0], len(ids)), h[1], h[2]) for h in q["semantic"]]
        slug = {v: k for k, v in ids.items()}
        evidence = gather(lex, sem)
        abstained = should_abstain(evidence, max_cosine=DEFAULT_PROFILE.abstain_cosine)
        scores = learned_fusion(lex, sem, len(q["terms"]))
        top = min(scores, key=lambda d: (-scores[d], d)) if scores else None
        sem_rank = {h.listing_id: r for r, h in enumerate(sem)}
        lex_rank = {h.listing_id: r for r, h in enumerate(lex)}
        out.append(
            Row(
                set=data["set"],
                split=q["split"],
                query=q["q"],
                answerable=answerable,
                abstained=abstained,
                relevant_top=answerable and top is not None and q["relevant"].get(slug[top], 0) >= 1,
                top="" if top is None else slug[top],
                evidence=evidence,
                lex1_in_sem=sem_rank.get(lex[0].listing_id, ABSENT) if lex else ABSENT,
                sem1_in_lex=lex_rank.get(sem[0].listing_id, ABSENT) if sem else ABSENT,
                lex1_idf=lex[0].idf_coverage if lex else 0.0,
            )
        )
    return out


def before(e: Evidence, c: float = DEFAULT_PROFILE.strong_cosine, s: float = DEFAULT_PROFILE.strong_idf_share) -> str:
    """The rule this calibration replaced: any listing in both arms' top 10 and one confident arm."""
    confident = (e.top_cosine or 0.0) >= c or e.best_idf_share >= s
    if e.agreement and confident:
        return "strong"
    return "weak" if e.lexical_hits or e.top_cosine else "none"


def after(e: Evidence) -> str:
    return strength(e, strong_cosine=DEFAULT_PROFILE.strong_cosine, strong_idf_share=DEFAULT_PROFILE.strong_idf_share)


def family(depth: int, c: float, s: float) -> Callable[[Row], bool]:
    def strong(r: Row) -> bool:
        confident = (r.evidence.top_cosine or 0.0) >= c or r.evidence.best_idf_share >= s
        return r.lex1_in_sem < depth and r.sem1_in_lex < depth and confident

    return strong


def cell(rs: list[Row], is_strong: Callable[[Row], bool]) -> dict[str, float]:
    answerable = sum(r.answerable for r in rs)
    shown = [r for r in rs if not r.abstained]
    strong = [r for r in shown if is_strong(r)]
    weak = [r for r in shown if not is_strong(r)]
    return {
        "answerable": answerable,
        "no_match": len(rs) - answerable,
        "abstained": len(rs) - len(shown),
        "strong": len(strong),
        "p_strong": sum(r.relevant_top for r in strong) / len(strong) if strong else float("nan"),
        "weak": len(weak),
        "p_weak": sum(r.relevant_top for r in weak) / len(weak) if weak else float("nan"),
        "coverage": sum(r.answerable for r in strong) / answerable if answerable else float("nan"),
        "no_match_strong": sum(not r.answerable for r in strong),
    }


def table(by_set: dict[str, list[Row]]) -> None:
    print("== before (any listing in both top 10) vs after (each arm's #1 in the other's top 10);")
    print(
        f"   thresholds unchanged: top cosine >= {DEFAULT_PROFILE.strong_cosine} or IDF share >= "
        f"{DEFAULT_PROFILE.strong_idf_share}; P = share with a relevant #1; cov = strong / answerable"
    )
    print(
        f"{'set':<10}{'split':<6}{'rule':<8}{'n':>5}{'nm':>4}{'abst':>5}{'strong':>7}{'P(str)':>8}"
        f"{'weak':>6}{'P(weak)':>8}{'cov':>7}{'nm->str':>8}"
    )
    for name, rs in by_set.items():
        for split in ("dev", "test"):
            part = [r for r in rs if r.split == split]
            for label, rule in (
                ("before", lambda r: before(r.evidence) == "strong"),
                ("after", lambda r: after(r.evidence) == "strong"),
            ):
                c = cell(part, rule)
                print(
                    f"{name:<10}{split:<6}{label:<8}{c['answerable']:>5}{c['no_match']:>4}{c['abstained']:>5}"
                    f"{c['strong']:>7}{c['p_strong']:>8.3f}{c['weak']:>6}{c['p_weak']:>8.3f}{c['coverage']:>7.3f}"
                    f"{c['no_match_strong']:>8}"
                )


def grid(by_set: dict[str, list[Row]]) -> None:
    print("\n== dev grid: each arm's #1 in the other's top `depth`, and cosine >= c or IDF share >= s")
    print("   (c is profile.strong_cosine, which also bounds the constrained-topic abstention: 0.40 ships)")
    print("   per set: P(strong) / coverage; mean3 = mean coverage over golden, MetaTool, RestBench")
    names = list(by_set)
    print(f"{'depth':>5}{'c':>6}{'s':>5}  " + "  ".join(f"{n[:9]:>13}" for n in names) + f"{'mean3':>8}")
    rules: list[tuple[str, Callable[[Row], bool]]] = [("any", lambda r: before(r.evidence) == "strong")]
    for depth in (1, 2, 3, 5, AGREEMENT_DEPTH):
        for c in (0.40, 0.45, 0.50):
            for s in (0.3, 0.4, 0.5, 0.6):
                rules.append((f"{depth:>5}{c:>6.2f}{s:>5.1f}", family(depth, c, s)))
    for label, rule in rules:
        cells = [cell([r for r in by_set[n] if r.split == "dev"], rule) for n in names]
        mean3 = sum(c["coverage"] for c in cells[:3]) / 3
        text = "  ".join(f"{c['p_strong']:>6.2f} /{c['coverage']:>5.2f}" for c in cells)
        print(f"{label:>16}  {text}{mean3:>8.3f}")


def probes(crawl: list[Row]) -> None:
    print("\n== real crawl probes (no judgments): label before -> after, fused #1, what the tops agreement saw")
    for r in crawl:
        if r.abstained:
            print(f"{r.query[:40]:<42}abstains")
            continue
        mark = "  <- reported" if r.query in ATTACKS else ""
        e = r.evidence
        print(
            f"{r.query[:40]:<42}{before(e):>6} -> {after(e):<6}"
            f" cos {e.top_cosine or 0:.2f} idf {e.best_idf_share:.2f}"
            f" lex#1@sem {r.lex1_in_sem if r.lex1_in_sem < ABSENT else '-':>3}"
            f" sem#1@lex {r.sem1_in_lex if r.sem1_in_lex < ABSENT else '-':>3}"
            f"  #1 {r.top.split(':', 1)[-1][:44]}{mark}"
        )


def main(argv: list[str]) -> None:
    crawl_path = None
    if "--crawl" in argv:
        i = argv.index("--crawl")
        crawl_path = Path(argv[i + 1])
        argv = argv[:i] + argv[i + 2 :]
    by_set: dict[str, list[Row]] = {}
    for path in argv:
        rs = rows(Path(path))
        by_set[rs[0].set] = rs
    table(by_set)
    grid(by_set)
    if crawl_path is not None:
        probes(rows(crawl_path))


if __name__ == "__main__":
    main(sys.argv[1:])
