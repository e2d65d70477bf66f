import shutil
import subprocess
import sys
from pathlib import Path

from souk.runner.template import load_template, routes_and_schedules
from tests.conftest import REPO


def test_template_passes_cfn_lint():
    exe = shutil.which("cfn-lint") or str(Path(sys.executable).parent / "cfn-lint")
    result = subprocess.run([exe, str(REPO / "template.yaml")], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_function_handler_file_exists_and_routes_are_unique():
    routes, schedules = routes_and_schedules(load_template(REPO / "template.yaml"), REPO)
    keys = [(r.method, r.path) for r in routes]
    assert len(keys) == len(set(keys))
    assert ("GET", "/discovery/resources") in keys and ("POST", "/catalog/v1/events") in keys
    for ref in [r.handler_ref for r in routes] + [s.handler_ref for s in schedules]:
        directory, dotted = ref.rsplit("/", 1)
        assert (Path(directory) / (dotted.split(".")[0] + ".py")).is_file(), ref


def test_core_layer_requirements_follow_pyproject():
    import re
    import tomllib

    declared = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    local_only = {"pgserver", "uvicorn"}
    expected = [d for d in declared if re.split(r"[\[<>=]", d)[0] not in local_only]
    layer = [
        line
        for line in (REPO / "layers/core/requirements.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert layer == expected
