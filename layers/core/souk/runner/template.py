"""Read the routes and schedules out of the SAM template (the one routing table)."""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml


class _CfnLoader(yaml.SafeLoader):
    """SafeLoader that reads CloudFormation short-form tags (!Ref, !Sub, ...) as plain values."""


def _any_tag(loader: yaml.SafeLoader, _suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)
    return loader.construct_mapping(node)  # type: ignore[arg-type]


_CfnLoader.add_multi_constructor("!", _any_tag)


@dataclass(frozen=True, slots=True)
class Route:
    method: str
    path: str
    function: str
    handler_ref: str  # "<CodeUri>/<module>.<callable>"
    pattern: re.Pattern[str]


@dataclass(frozen=True, slots=True)
class Schedule:
    function: str
    handler_ref: str
    every_seconds: int


def load_template(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_CfnLoader)


def _rate_seconds(expression: str) -> int:
    match = re.fullmatch(r"rate\((\d+)\s+(minute|minutes|hour|hours|day|days)\)", expression.strip())
    if not match:
        raise ValueError(f"unsupported schedule expression {expression!r}; use rate(N minutes|hours|days)")
    unit = {"minute": 60, "hour": 3600, "day": 86400}[match.group(2).rstrip("s")]
    return int(match.group(1)) * unit


def _path_pattern(path: str) -> re.Pattern[str]:
    regex = re.sub(r"\\\{([A-Za-z0-9_]+)\\\}", r"(?P<\1>[^/]+)", re.escape(path))
    return re.compile(f"^{regex}$")


def routes_and_schedules(template: dict[str, Any], root: Path) -> tuple[list[Route], list[Schedule]]:
    routes: list[Route] = []
    schedules: list[Schedule] = []
    for name, resource in (template.get("Resources") or {}).items():
        if resource.get("Type") != "AWS::Serverless::Function":
            continue
        props = resource.get("Properties") or {}
        handler_ref = str(root / props["CodeUri"] / props["Handler"])
        for event in (props.get("Events") or {}).values():
            ev_props = event.get("Properties") or {}
            if event.get("Type") == "HttpApi":
                method = str(ev_props["Method"]).upper()
                path = str(ev_props["Path"])
                routes.append(Route(method, path, name, handler_ref, _path_pattern(path)))
            elif event.get("Type") == "Schedule":
                schedules.append(Schedule(name, handler_ref, _rate_seconds(str(ev_props["Schedule"]))))
    return routes, schedules


def load_module(handler_ref: str) -> ModuleType:
    """Import the module of ``<dir>/<module>.<callable>`` from its file, as Lambda would from CodeUri."""
    directory, dotted = handler_ref.rsplit("/", 1)
    module_name = dotted.rsplit(".", 1)[0]
    file = Path(directory) / f"{module_name.replace('.', '/')}.py"
    unique = "souk_fn_" + re.sub(r"\W", "_", str(file))
    spec = importlib.util.spec_from_file_location(unique, file)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load handler {handler_ref}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_handler(handler_ref: str) -> Any:
    """Import ``<dir>/<module>.<callable>`` from its file and return the callable."""
    return getattr(load_module(handler_ref), handler_ref.rsplit(".", 1)[1])
