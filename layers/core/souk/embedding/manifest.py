"""The model directory's manifest.json: what the model is and the hash of every file."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from souk.embedding.provider import EmbeddingUnavailable, GenerationIdentity

MANIFEST_NAME = "manifest.json"
FORMAT_VERSION = 1


class ModelMissingError(EmbeddingUnavailable):
    """The model directory, its manifest or one of its files does not exist."""


class ModelIntegrityError(EmbeddingUnavailable):
    """The manifest is unreadable or a file does not match its recorded hash or size."""


@dataclass(frozen=True, slots=True)
class FileEntry:
    sha256: str
    size: int


@dataclass(frozen=True, slots=True)
class Manifest:
    model_id: str
    model_revision: str
    provider: str
    dimension: int
    pooling: str
    normalization: str
    max_tokens: int
    files: dict[str, FileEntry]
    sources: dict[str, str] = field(default_factory=dict)
    format_version: int = FORMAT_VERSION

    @property
    def identity(self) -> GenerationIdentity:
        return GenerationIdentity.of(self)

    def to_json(self) -> str:
        # sorted keys and no timestamps: the same inputs give a byte-identical manifest
        return json.dumps(asdict(self), indent=2, sort_keys=True) + "\n"

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Manifest:
        files = {name: FileEntry(sha256=str(e["sha256"]), size=int(e["size"])) for name, e in data["files"].items()}
        return cls(
            model_id=str(data["model_id"]),
            model_revision=str(data["model_revision"]),
            provider=str(data["provider"]),
            dimension=int(data["dimension"]),
            pooling=str(data["pooling"]),
            normalization=str(data["normalization"]),
            max_tokens=int(data["max_tokens"]),
            files=files,
            sources={str(k): str(v) for k, v in data.get("sources", {}).items()},
            format_version=int(data.get("format_version", FORMAT_VERSION)),
        )


def file_entry(path: Path) -> FileEntry:
    """sha256 and size of a file, read in chunks."""
    digest = hashlib.sha256()
    size = 0
    with path.open("rb") as fh:
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
            size += len(chunk)
    return FileEntry(sha256=digest.hexdigest(), size=size)


def load_manifest(model_dir: Path, *, verify: bool = True) -> Manifest:
    """Read ``model_dir/manifest.json`` and, unless ``verify`` is false, check every file's hash."""
    model_dir = Path(model_dir)
    path = model_dir / MANIFEST_NAME
    if not model_dir.is_dir():
        raise ModelMissingError(
            f"model directory {model_dir} does not exist; build it with "
            f"`python -m souk.embedding.model_build {model_dir}`"
        )
    if not path.is_file():
        raise ModelMissingError(f"{path} is missing; the model directory was never built or the build was cut short")
    try:
        manifest = Manifest.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ModelIntegrityError(f"{path} is not a valid manifest: {exc!r}") from exc
    if manifest.format_version != FORMAT_VERSION:
        raise ModelIntegrityError(f"{path} has format_version {manifest.format_version}, expected {FORMAT_VERSION}")
    if not manifest.files:
        raise ModelIntegrityError(f"{path} lists no files")
    for name, expected in manifest.files.items():
        file_path = model_dir / name
        # a manifest naming ../x must not make us hash files outside the model directory
        if model_dir.resolve() not in file_path.resolve().parents:
            raise ModelIntegrityError(f"{path} names a file outside the model directory: {name!r}")
        if not file_path.is_file():
            raise ModelMissingError(f"{file_path} is listed in the manifest but missing")
        if not verify:
            continue
        actual = file_entry(file_path)
        if actual != expected:
            raise ModelIntegrityError(
                f"{file_path} does not match the manifest: sha256 {actual.sha256} size {actual.size}, "
                f"expected sha256 {expected.sha256} size {expected.size}"
            )
    return manifest
