"""Sentence embeddings for search: a local ONNX model or an OpenAI-compatible endpoint.

The providers are imported when first used, not with the package: every function that catalogs imports
``souk.embedding.jobs`` (and so this package), and onnxruntime costs ~0.8 s and ~40 MB of a cold start
that the catalog and listing functions never use.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from souk.embedding.manifest import Manifest, ModelIntegrityError, ModelMissingError, load_manifest
from souk.embedding.provider import (
    DimensionMismatchError,
    EmbeddingProvider,
    EmbeddingUnavailable,
    GenerationIdentity,
    ProviderTimeoutError,
)

if TYPE_CHECKING:
    from souk.embedding.onnx_local import OnnxEmbedder
    from souk.embedding.remote import OpenAICompatibleEmbedder

__all__ = [
    "DimensionMismatchError",
    "EmbeddingProvider",
    "EmbeddingUnavailable",
    "GenerationIdentity",
    "Manifest",
    "ModelIntegrityError",
    "ModelMissingError",
    "OnnxEmbedder",
    "OpenAICompatibleEmbedder",
    "ProviderTimeoutError",
    "get_provider",
    "load_manifest",
]

_LAZY = {"OnnxEmbedder": "souk.embedding.onnx_local", "OpenAICompatibleEmbedder": "souk.embedding.remote"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


LOCAL_KINDS = frozenset({"onnx-local", "onnx", "local"})
REMOTE_KINDS = frozenset({"openai-compatible", "openai", "remote"})


@lru_cache(maxsize=4)
def _onnx_embedder(model_dir: Path, threads: int) -> OnnxEmbedder:
    # one session per process: loading costs ~0.25 s and ~100 MB; failures are not cached
    from souk.embedding.onnx_local import OnnxEmbedder

    return OnnxEmbedder(model_dir, threads=threads)


@lru_cache(maxsize=4)
def _remote_embedder(kwargs: tuple[tuple[str, Any], ...]) -> OpenAICompatibleEmbedder:
    # reusing the client keeps its HTTP connection pool warm across queries
    from souk.embedding.remote import OpenAICompatibleEmbedder

    return OpenAICompatibleEmbedder(**dict(kwargs))


def get_provider(kind: str, model_dir: Path, threads: int = 1, **remote_kwargs: Any) -> EmbeddingProvider:
    """The provider for ``kind``; the local one is built on first use and then reused.

    Remote kinds take OpenAICompatibleEmbedder's arguments (base_url, api_key, model,
    dimension, timeout_s, ...) as ``remote_kwargs``; one client per distinct set is reused.
    Raises EmbeddingUnavailable (ModelMissingError, ModelIntegrityError) when the local
    model cannot be used.
    """
    normalized = kind.strip().lower()
    if normalized in LOCAL_KINDS:
        return _onnx_embedder(Path(model_dir).resolve(), int(threads))
    if normalized in REMOTE_KINDS:
        return _remote_embedder(tuple(sorted(remote_kwargs.items())))
    raise ValueError(f"unknown embedding provider kind {kind!r}; expected one of {sorted(LOCAL_KINDS | REMOTE_KINDS)}")
