"""Assemble golden.jsonl: the writer's queries (text, rationale, tags, split) with the independent
judges' grades, constraint_ineligible lists and no-match decisions. Deterministic; run after judging.

    python eval/golden/assemble.py
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent


def main() -> int:
    drafts = {}
    for path in sorted(HERE.glob("queries*.draft.jsonl")):  # v1.0 drafts, then later rounds (1.2: long tasks)
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                d = json.loads(line)
                if d["id"] in drafts:
                    raise SystemExit(f"{d['id']} drafted twice")
                drafts[d["id"]] = d
    judged: dict[str, dict] = {}
    for path in sorted((HERE / "judgments").glob("judge_*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            j = json.loads(line)
            first = judged.get(j["query"])
            if first is None:
                judged[j["query"]] = j
                continue
            # A later round grades candidates the earlier pools did not contain; never re-grades one.
            overlap = set(first["grades"]) & set(j["grades"])
            if overlap:
                raise SystemExit(f"{j['query']}: {sorted(overlap)} graded twice")
            first["grades"] |= j["grades"]
            first["constraint_ineligible"] = sorted(
                set(first["constraint_ineligible"]) | set(j["constraint_ineligible"])
            )
            first["no_match_expected"] = first["no_match_expected"] and max(j["grades"].values(), default=0) < 2
            first["judge"] = f"{first['judge']}+{j['judge']}"
    missing = sorted(set(drafts) - set(judged))
    if missing:
        raise SystemExit(f"unjudged queries: {missing}")
    lines = []
    for qid in sorted(drafts):
        d, j = drafts[qid], judged[qid]
        lines.append(
            json.dumps(
                {
                    "id": qid,
                    "query": d["query"],
                    "rationale": d["rationale"],
                    "judgments": dict(sorted(j["grades"].items())),
                    "constraint_ineligible": sorted(j["constraint_ineligible"]),
                    "no_match_expected": bool(j["no_match_expected"]),
                    "tags": d["tags"],
                    "split": d["split"],
                    "judge": j["judge"],
                },
                sort_keys=True,
                ensure_ascii=False,
            )
        )
    (HERE / "golden.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} queries")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
