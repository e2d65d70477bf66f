"""Property-based API fuzzing with schemathesis (4.x), shared by tests/test_api_fuzz.py and eval/fuzz_api.py.

Cases come from the combined OpenAPI document (souk.runner.openapi), positive (values the document calls
valid) and negative (values it calls invalid), each operation with its own Hypothesis run under a fixed
seed. Every response is checked, never just the first failure: schemathesis's ``not_a_server_error``
(no status >= 500), and Souk's own contract that every 4xx is JSON ``{"error", "reason"}`` with non-empty
strings. Operations run in document order with writes first, so reads see what the fuzzed writes stored.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import schemathesis
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import Case, GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.generation.hypothesis.builder import add_examples
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.fuzz_mutations import mutated_events

# Writes first: the reads that follow then page through and rank whatever the fuzzed events stored.
ORDER = ("/catalog/v1/events", "/discovery/v1/conversions", "/discovery/resources", "/discovery/search")
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
MODES = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)


@dataclass
class Failure:
    operation: str
    mode: str
    status: int
    problem: str
    request: str


@dataclass
class FuzzReport:
    cases: Counter[str] = field(default_factory=Counter)  # "<METHOD> <path> <mode>" -> cases sent
    statuses: Counter[int] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    by_label: dict[str, Counter[int]] = field(default_factory=dict)  # statuses per operation and mode
    impossible: list[str] = field(default_factory=list)  # e.g. negative cases of an operation with no inputs

    @property
    def total(self) -> int:
        return sum(self.cases.values())

    @property
    def server_errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if status >= 500)


def load_schema(app: Any, document: dict[str, Any]) -> Any:
    """A schemathesis schema over ``document`` whose cases are sent to the ASGI ``app`` in-process."""
    schema = schemathesis.openapi.from_dict(document)
    schema.app = app  # what schemathesis.openapi.from_asgi sets; the document is built, not fetched
    return schema


def _contract_problem(response: Any) -> str | None:
    """Souk's error contract for a 4xx; None when it holds."""
    if not 400 <= response.status_code < 500:
        return None
    try:
        body = json.loads(response.content)
    except ValueError:
        return f"a {response.status_code} whose body is not JSON: {response.content[:200]!r}"
    if not isinstance(body, dict):
        return f"a {response.status_code} whose body is not an object"
    for key in ("error", "reason"):
        if not isinstance(body.get(key), str) or not body[key]:
            return f"a {response.status_code} without a non-empty string {key!r}: {body}"
    return None


def _describe(case: Case) -> str:
    body = case.body if not isinstance(case.body, bytes | bytearray) else case.body[:300]
    text = f"{case.method} {case.formatted_path} query={case.query!r} body={body!r}"
    return text[:1500]


def _sort_key(operation: Any) -> tuple[int, str]:
    path = operation.path
    return (ORDER.index(path) if path in ORDER else len(ORDER), f"{path} {operation.method}")


@dataclass
class Live:
    """Real data to splice into some generated cases, so they get past "unknown session" to the real work."""

    session_id: str | None = None
    resource: str | None = None
    catalog_seeds: list[dict[str, Any]] = field(default_factory=list)  # events to mutate


def live_data(document: dict[str, Any], search_body: dict[str, Any]) -> Live:
    """Live data from a search response (its session and top result) and the document's catalog examples."""
    content = document["paths"]["/catalog/v1/events"]["post"]["requestBody"]["content"]["application/json"]
    resources = search_body.get("resources") or [{}]
    return Live(
        session_id=search_body.get("sessionId"),
        resource=resources[0].get("resource"),
        catalog_seeds=[example["value"] for example in content.get("examples", {}).values()],
    )


def run_fuzz(
    schema: Any,
    *,
    cases_per_operation: int,
    fuzz_seed: int,
    headers: dict[str, str],
    modes: tuple[GenerationMode, ...] = MODES,
    live: Live | None = None,
) -> FuzzReport:
    """Run up to ``cases_per_operation`` cases per operation and mode; collect every failure.

    With ``live.catalog_seeds``, catalog events also get a ``mutated`` run (tests/fuzz_mutations.py)
    right after their generated ones, before any read.
    """
    report = FuzzReport()
    live = live or Live()
    operations = sorted((result.ok() for result in schema.get_all_operations()), key=_sort_key)
    for operation in operations:
        for mode in modes:
            label = f"{operation.method.upper()} {operation.path} {mode.value}"
            strategy = operation.as_strategy(generation_mode=mode)
            if mode is GenerationMode.POSITIVE and operation.path == "/discovery/v1/conversions":
                strategy = strategy.map(functools.partial(_splice_session, live))
            examples = mode is GenerationMode.POSITIVE
            _run(operation, strategy, label, report, cases_per_operation, fuzz_seed, headers, examples=examples)
        if operation.path == "/catalog/v1/events" and live.catalog_seeds:
            bodies = mutated_events(live.catalog_seeds).map(
                lambda body, op=operation: op.Case(body=body, media_type="application/json")
            )
            label = f"{operation.method.upper()} {operation.path} mutated"
            _run(operation, bodies, label, report, cases_per_operation, fuzz_seed, headers, examples=False)
    return report


def _splice_session(live: Live, case: Case) -> Case:
    # Half the valid-looking bodies name a live session (and a quarter also its top result), so the fuzz
    # reaches canonicalization, the session's results, the caps and the rate limits, not only a 404.
    if live.session_id and isinstance(case.body, dict) and "sessionId" in case.body:
        marker = sum(map(ord, repr(case.body)))
        if marker % 2 == 0:
            case.body["sessionId"] = live.session_id
            if live.resource and marker % 4 == 0:
                case.body["resource"] = live.resource
    return case


def _run(
    operation: Any,
    strategy: Any,
    label: str,
    report: FuzzReport,
    max_examples: int,
    fuzz_seed: int,
    headers: dict[str, str],
    *,
    examples: bool,
) -> None:
    @seed(fuzz_seed)
    @settings(
        max_examples=max_examples,
        database=None,  # no example database: a run depends on the seed alone
        deadline=None,
        phases=[Phase.explicit, Phase.generate],  # no shrinking: failures are collected, not raised
        suppress_health_check=list(HealthCheck),
        derandomize=False,
    )
    @given(case=strategy)
    def one(case: Case) -> None:
        _send(case, label, report, headers)

    if examples:
        # The document's own examples (real events) run first, as schemathesis's pytest integration does.
        one = add_examples(one, operation, fill_missing=True)
    try:
        one()
    except Unsatisfiable:
        # Nothing to generate in this mode (the status route takes no input, so it has no invalid input).
        report.impossible.append(label)


def _send(case: Case, label: str, report: FuzzReport, headers: dict[str, str]) -> None:
    response = case.call(headers=headers)
    report.cases[label] += 1
    report.statuses[response.status_code] += 1
    report.by_label.setdefault(label, Counter())[response.status_code] += 1
    problems: list[str] = []
    try:
        case.validate_response(response, checks=CHECKS, headers=headers)
    except FailureGroup as group:  # a BaseExceptionGroup: one member per failed check
        problems += [f"{type(exc).__name__}: {str(exc)[:800]}" for exc in group.exceptions]
    contract = _contract_problem(response)
    if contract:
        problems.append(contract)
    for problem in problems:
        report.failures.append(Failure(label, label.rsplit(" ", 1)[1], response.status_code, problem, _describe(case)))


def summary(report: FuzzReport) -> str:
    lines = [
        f"{n:>6}  {label:<45} " + ", ".join(f"{s}: {c}" for s, c in sorted(report.by_label[label].items()))
        for label, n in sorted(report.cases.items())
    ]
    lines.append(f"{report.total:>6}  cases in all")
    if report.impossible:
        lines.append("no cases possible: " + ", ".join(report.impossible))
    lines.append("statuses: " + ", ".join(f"{s}: {n}" for s, n in sorted(report.statuses.items())))
    lines.append(f"server errors (>= 500): {report.server_errors}; contract failures: {len(report.failures)}")
    for failure in report.failures[:20]:
        lines.append(f"  FAIL {failure.operation} [{failure.status}] {failure.problem}\n       {failure.request}")
    return "\n".join(lines)
