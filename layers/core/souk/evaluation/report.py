"""Deterministic evaluation reports: JSON (UTF-8, LF, sorted keys, rounded floats), Markdown and an SVG plot."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

PRECISION = 6
PLOT_METRICS = ("ndcg@10", "udcg@10", "mrr@10", "recall@20")


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def module_digests(root: Path, packages: tuple[str, ...]) -> dict[str, str]:
    """SHA-256 of every ranking module, keyed by path relative to ``root``."""
    out: dict[str, str] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            out[path.relative_to(root).as_posix()] = sha256_file(path)
    return out


def _round(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, PRECISION)
    if isinstance(value, dict):
        return {k: _round(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_round(v) for v in value]
    return value


def dumps(report: dict[str, Any]) -> str:
    return json.dumps(_round(report), sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def write_json(report: dict[str, Any], path: Path) -> str:
    text = dumps(report)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _fmt(entry: dict[str, Any]) -> str:
    if not entry or entry.get("n", 0) == 0:
        return "–"
    low, high = entry["ci95"]
    text = f"{entry['mean']:.3f} [{low:.3f}, {high:.3f}]"
    if "p_vs_baseline_holm" in entry:
        text += f" p={entry['p_vs_baseline_holm']:.3g}"
    return text


def markdown(report: dict[str, Any]) -> str:
    lines = [
        f"# Souk search evaluation — golden set v{report['goldenSet']['version']}",
        "",
        f"Clock `{report['clock']}`; catalog `{report['catalog']['eventsSha256'][:12]}` "
        f"({report['catalog']['listings']} listings); golden `{report['goldenSet']['sha256'][:12]}`; "
        f"model `{(report.get('modelGeneration') or {}).get('model_id', 'none')}`; "
        f"shipped profile `{report['profiles'][report['shippedArm']]['name']}`.",
        "",
        "Means with 95% bootstrap intervals; p = paired randomization test against the "
        f"`{report['baselineArm']}` baseline, Holm-corrected across arms. No-match = share of no-match "
        "queries answered with an empty list; violations@5 = constraint-ineligible results in the top 5.",
        "",
    ]
    metrics = ["ndcg@10", "udcg@10", "mrr@10", "recall@20", "p@5", "empty", "no_match", "violations@5"]
    for split in ("test", "dev"):
        results = report["results"].get(split)
        if not results:
            continue
        n = report["goldenSet"]["splits"].get(split, 0)
        lines += [
            f"## {split} split ({n} queries)",
            "",
            "| arm | " + " | ".join(metrics) + " |",
            "|---|" + "---|" * len(metrics),
        ]
        for arm in report["arms"]:
            lines.append(f"| {arm} | " + " | ".join(_fmt(results[arm].get(mt, {})) for mt in metrics) + " |")
        lines.append("")
    if report.get("degraded"):
        lines += ["Degraded arms: " + json.dumps(report["degraded"], sort_keys=True), ""]
    lines += ["![arms](arms.svg)", ""]
    lines += _anchors_markdown(report)
    lines += _external_markdown(report)
    lines += _understanding_markdown(report)
    return "\n".join(lines)


EXTERNAL_METRICS = ("ndcg@10", "mrr@10", "recall@20", "empty")


def _external_markdown(report: dict[str, Any]) -> list[str]:
    rows = report.get("external") or {}
    if not rows:
        return []
    lines = [
        "## External sets",
        "",
        "Public tool-retrieval sets (third-party files in `../shared/data/`, loaded at evaluation time, not "
        "in this repository), cataloged through the real path. Each query is in a dev or test half by a "
        "hash of its id; only dev halves were looked at while choosing the shipped profile. `empty` = share "
        "of (answerable) queries answered with nothing. p against the phrase baseline as above.",
        "",
    ]
    for name, row in rows.items():
        for split in ("test", "dev"):
            results = row["results"].get(split) or {}
            if not results:
                continue
            lines += [
                f"### {name}, {split} half ({row['splits'].get(split, 0)} queries; {row['docs']} docs, "
                f"`{row['sha256'][:12]}`)",
                "",
                "| arm | " + " | ".join(EXTERNAL_METRICS) + " |",
                "|---|" + "---|" * len(EXTERNAL_METRICS),
            ]
            for arm in report["arms"]:
                cells = [_fmt(results.get(arm, {}).get(mt, {})) for mt in EXTERNAL_METRICS]
                lines.append(f"| {arm} | " + " | ".join(cells) + " |")
            lines.append("")
    return lines


def _anchors_markdown(report: dict[str, Any]) -> list[str]:
    anchors = report.get("anchors") or {}
    if not anchors:
        return []
    lines = [
        "## Shipped arm against the simple anchors (held-out queries of every set)",
        "",
        "nDCG@10 of the shipped arm minus plain BM25F and minus plain hybrid RRF, with paired randomization "
        "p-values, and the share of answerable queries it answered with nothing. The gate fails when the "
        "shipped arm is significantly below either anchor or answers nothing to more than 2%.",
        "",
        "| set | n | − bm25f | − hybrid | answered nothing |",
        "|---|---|---|---|---|",
    ]
    for name, row in anchors.items():
        cells = []
        for anchor in ("bm25f", "hybrid"):
            entry = row.get(anchor)
            cells.append("–" if not entry else f"{entry['deltaNdcg@10']:+.3f} (p={entry['p']:.3g})")
        empty = row.get("emptyShare")
        lines.append(
            f"| {name} | {row['n']} | " + " | ".join(cells) + f" | {'–' if empty is None else f'{empty:.1%}'} |"
        )
    lines.append("")
    return lines


def _understanding_markdown(report: dict[str, Any]) -> list[str]:
    row = report.get("understanding")
    if not row:
        return []
    lines = [
        "## Query understanding",
        "",
        f"`eval/understanding/cases.jsonl` (`{row['sha256'][:12]}`), labeled by a session that did not write "
        f"the rules. Precision / recall per constraint kind (target precision for hard filters: "
        f"{row['precisionTarget']}). The dev half also fitted the second reading of hard filters in longer queries "
        "(`souk.search.constraint_veto`), so its hard-filter figures are in-sample; the test half was read by "
        "neither the rules' writer nor the fit. Cross-fitted dev figures are in `constraint_veto.json`.",
        "",
        "| kind | " + " | ".join(f"{s} P / R" for s in ("dev", "test")) + " |",
        "|---|---|---|",
    ]
    kinds = next(iter(row["splits"].values()))["kinds"]
    for kind in kinds:
        cells = []
        for split in ("dev", "test"):
            k = row["splits"][split]["kinds"][kind]
            p, r = k["precision"], k["recall"]
            cells.append(
                f"{'–' if p is None else f'{p:.3f}'} / {'–' if r is None else f'{r:.3f}'} "
                f"({k['tp']} {k['fp']} {k['fn']})"
            )
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    per_query = [row["splits"][split].get("queryPrecision") for split in ("dev", "test")]
    if all(per_query):
        lines += [
            "",
            "Per query (counted per id above, one query filtered on every testnet counts sixteen wrong ids): of the "
            "queries given a hard filter of a kind, the share whose filter is exactly the labeled one.",
            "",
            "| kind | dev | test |",
            "|---|---|---|",
        ]
        for kind in per_query[0]:
            values = [pq[kind] for pq in per_query if pq is not None]
            lines.append(f"| {kind} | " + " | ".join("–" if v is None else f"{v:.3f}" for v in values) + " |")
    lines.append("")
    return lines


def svg_plot(report: dict[str, Any], split: str = "test") -> str:
    """Grouped bars: one group per arm, one bar per metric, with the 95% interval as a whisker."""
    arms = list(report["arms"])
    results = report["results"].get(split, {})
    width, height, left, bottom, top = 120 + 110 * len(arms), 320, 50, 260, 30
    colors = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        'font-size="11">',
        f'<text x="{left}" y="18">Souk arms, {split} split (mean and 95% CI)</text>',
    ]
    scale = bottom - top
    for tick in range(0, 11, 2):
        y = bottom - scale * tick / 10
        out.append(f'<line x1="{left}" x2="{width - 10}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 30}" y="{y + 4:.1f}">{tick / 10:.1f}</text>')
    for i, arm in enumerate(arms):
        x0 = left + 10 + i * 110
        for j, metric in enumerate(PLOT_METRICS):
            entry = results.get(arm, {}).get(metric, {})
            if not entry.get("n"):
                continue
            x = x0 + j * 22
            h = scale * entry["mean"]
            out.append(f'<rect x="{x}" y="{bottom - h:.1f}" width="18" height="{h:.1f}" fill="{colors[j]}"/>')
            low, high = entry["ci95"]
            out.append(
                f'<line x1="{x + 9}" x2="{x + 9}" y1="{bottom - scale * low:.1f}" '
                f'y2="{bottom - scale * high:.1f}" stroke="#000"/>'
            )
        out.append(f'<text x="{x0}" y="{bottom + 16}">{arm}</text>')
    for j, metric in enumerate(PLOT_METRICS):
        out.append(f'<rect x="{left + j * 110}" y="{bottom + 30}" width="10" height="10" fill="{colors[j]}"/>')
        out.append(f'<text x="{left + 14 + j * 110}" y="{bottom + 39}">{metric}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
