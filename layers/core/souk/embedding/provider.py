"""The embedding provider contract: identity of a vector generation and the errors."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt


class EmbeddingUnavailable(RuntimeError):
    """No embedding can be produced right now; callers fall back to lexical search."""


class DimensionMismatchError(EmbeddingUnavailable):
    """A provider returned vectors of a dimension other than the one configured."""


class ProviderTimeoutError(EmbeddingUnavailable):
    """A remote provider did not answer within its timeout."""


@dataclass(frozen=True, slots=True)
class GenerationIdentity:
    """What makes two vectors comparable: same identity, same vector space."""

    provider: str
    model_id: str
    model_revision: str
    dimension: int
    pooling: str
    normalization: str

    @classmethod
    def of(cls, source: Any) -> GenerationIdentity:
        """The identity fields of any object or mapping that carries them (a row, a manifest, ...)."""
        get = source.__getitem__ if isinstance(source, Mapping) else lambda name: getattr(source, name)
        return cls(**{name: get(name) for name in IDENTITY_FIELDS})

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in IDENTITY_FIELDS}


IDENTITY_FIELDS = ("provider", "model_id", "model_revision", "dimension", "pooling", "normalization")


@runtime_checkable
class EmbeddingProvider(Protocol):
    """Turns texts into float32, L2-normalized rows of shape (n, identity.dimension)."""

    identity: GenerationIdentity

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]: ...


def l2_normalize(vectors: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Row-wise L2 normalization; all-zero rows stay zero instead of becoming NaN.

    Uses element-wise ufuncs only, so no BLAS thread pool is woken up.
    """
    norms = np.sqrt(np.add.reduce(vectors * vectors, axis=1, keepdims=True))
    np.maximum(norms, np.float32(1e-12), out=norms)
    return (vectors / norms).astype(np.float32, copy=False)
