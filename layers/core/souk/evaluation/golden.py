"""The golden query set: versioned JSONL with graded judgments (0-3) and a dev/test split."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Split = Literal["dev", "test"]


@dataclass(frozen=True, slots=True)
class GoldenQuery:
    id: str
    query: str
    rationale: str
    judgments: dict[str, int]  # listing slug -> grade 0..3; absent = unjudged
    constraint_ineligible: tuple[str, ...] = ()
    no_match_expected: bool = False
    tags: tuple[str, ...] = ()
    split: Split = "dev"
    extra: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GoldenSet:
    version: str
    queries: tuple[GoldenQuery, ...]

    def split(self, name: str) -> list[GoldenQuery]:
        return [q for q in self.queries if name in ("all", q.split)]


class GoldenSetError(ValueError):
    pass


def load_golden(path: Path) -> GoldenSet:
    """Read ``golden.jsonl`` and the version from ``VERSION.json`` beside it."""
    version_file = path.parent / "VERSION.json"
    version = json.loads(version_file.read_text(encoding="utf-8"))["version"] if version_file.exists() else "0"
    queries: list[GoldenQuery] = []
    seen: set[str] = set()
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        raw = json.loads(line)
        qid = raw["id"]
        if qid in seen:
            raise GoldenSetError(f"line {n}: duplicate query id {qid}")
        seen.add(qid)
        grades = {str(k): int(v) for k, v in raw.get("judgments", {}).items()}
        if any(not 0 <= g <= 3 for g in grades.values()):
            raise GoldenSetError(f"line {n}: grades must be 0..3")
        if raw.get("split") not in ("dev", "test"):
            raise GoldenSetError(f"line {n}: split must be dev or test")
        queries.append(
            GoldenQuery(
                id=qid,
                query=raw["query"],
                rationale=raw.get("rationale", ""),
                judgments=grades,
                constraint_ineligible=tuple(raw.get("constraint_ineligible", [])),
                no_match_expected=bool(raw.get("no_match_expected", False)),
                tags=tuple(raw.get("tags", [])),
                split=raw["split"],
            )
        )
    return GoldenSet(version, tuple(queries))
