"""Cold imports: what each function's module pulls in before its first request (run in fresh interpreters)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import REPO

HEAVY = ("onnxruntime", "tokenizers", "souk.embedding.onnx_local", "aws_xray_sdk", "fastapi", "mangum", "psycopg")


def _cold_import(function: str, env: dict[str, str] | None = None) -> dict[str, bool]:
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import app; "
        f"print(json.dumps({{m: m in sys.modules for m in {HEAVY!r}}}))"
    )
    environ = {
        k: v for k, v in os.environ.items() if k not in ("AWS_LAMBDA_FUNCTION_NAME", "POWERTOOLS_TRACE_DISABLED")
    }
    out = subprocess.run(
        [sys.executable, "-c", code, str(REPO / "functions" / function)],
        env=environ | (env or {}),
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("function", ["catalog", "resources"])
def test_catalog_and_listing_functions_never_import_the_model_runtime(function):
    loaded = _cold_import(function)
    assert not loaded["onnxruntime"] and not loaded["tokenizers"] and not loaded["souk.embedding.onnx_local"]
    assert loaded["psycopg"]  # a function that reads the catalog, so the check above is not vacuous
    assert not loaded["aws_xray_sdk"]  # tracing is off outside Lambda


@pytest.mark.parametrize("function", ["embed_job", "eval_job"])
def test_scheduled_functions_import_neither_fastapi_nor_the_xray_sdk(function):
    loaded = _cold_import(function)
    assert not loaded["fastapi"] and not loaded["mangum"] and not loaded["aws_xray_sdk"]


def test_on_lambda_the_xray_sdk_loads_only_when_tracing_is_on():
    lambda_env = {
        "AWS_LAMBDA_FUNCTION_NAME": "souk-resources",
        "SOUK_PAYER_HASH_KEY": "k" * 48,
        "SOUK_CURSOR_SECRET": "c" * 48,
        "SOUK_CATALOG_SECRET": "s" * 48,
        "AWS_DEFAULT_REGION": "eu-west-1",
    }
    assert _cold_import("resources", lambda_env)["aws_xray_sdk"]
    assert not _cold_import("resources", lambda_env | {"POWERTOOLS_TRACE_DISABLED": "true"})["aws_xray_sdk"]


def test_the_embedding_package_still_exports_its_providers_lazily():
    import souk.embedding as embedding
    from souk.embedding.onnx_local import OnnxEmbedder
    from souk.embedding.remote import OpenAICompatibleEmbedder

    assert embedding.OnnxEmbedder is OnnxEmbedder and embedding.OpenAICompatibleEmbedder is OpenAICompatibleEmbedder
    with pytest.raises(AttributeError):
        _ = embedding.NoSuchProvider


def test_the_search_function_loads_its_model_and_pool_during_init_but_not_the_suffix_list(database_url):
    # origin diversity reads each listing's operator as stored when it was cataloged (souk.catalog.derived)
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import app; "
        "from souk.db.pool import _pools; "
        "print(json.dumps(['souk.embedding.onnx_local' in sys.modules, 'tldextract' in sys.modules, "
        "'fastapi' in sys.modules, sorted(_pools)]))"
    )
    environ = {k: v for k, v in os.environ.items() if k not in ("AWS_LAMBDA_FUNCTION_NAME",)}
    out = subprocess.run(
        [sys.executable, "-c", code, str(REPO / "functions" / "search")],
        env=environ | {"DATABASE_URL": database_url},
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "warm-up failed" not in out.stderr
    model, psl, fastapi, pools = json.loads(out.stdout.strip().splitlines()[-1])
    assert model and not psl and not fastapi
    assert pools == ["read"]
