"""Local sentence embeddings: all-MiniLM-L6-v2 (int8 ONNX) with mean pooling and L2 norm.

Reproducibility: texts are grouped by token count and each batch holds texts of a
single length, so no padding ever enters the graph. A text's vector is then the same
whether it is encoded alone or in any batch (see tests/embedding for the tolerance).

Threads: onnxruntime gets ``threads`` intra-op threads and one inter-op thread. The
numpy work after inference (pooling, normalization) uses element-wise ufuncs only, never
BLAS, so numpy's BLAS pool stays idle and cannot compete with onnxruntime for cores.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import onnxruntime as ort
from tokenizers import Tokenizer

from souk.embedding.manifest import Manifest, load_manifest
from souk.embedding.provider import EmbeddingUnavailable, GenerationIdentity, l2_normalize

DEFAULT_BATCH_SIZE = 32
_OUTPUT_NAME = "last_hidden_state"


class OnnxEmbedder:
    """EmbeddingProvider backed by a verified model directory (see model_build)."""

    def __init__(self, model_dir: Path, threads: int = 1, *, batch_size: int = DEFAULT_BATCH_SIZE) -> None:
        if threads < 1 or batch_size < 1:
            raise ValueError("threads and batch_size must be >= 1")
        self.model_dir = Path(model_dir)
        self.manifest: Manifest = load_manifest(self.model_dir)
        self.identity: GenerationIdentity = self.manifest.identity
        self.batch_size = batch_size
        self.threads = threads
        self._tokenizer = self._load_tokenizer(self.model_dir / "tokenizer.json", self.manifest.max_tokens)
        self._session = self._load_session(self.model_dir / "model.onnx", threads)
        inputs = {i.name for i in self._session.get_inputs()}
        missing = {"input_ids", "attention_mask"} - inputs
        if missing:
            raise EmbeddingUnavailable(f"{self.model_dir}/model.onnx lacks inputs {sorted(missing)}")
        self._wants_type_ids = "token_type_ids" in inputs
        outputs = [o.name for o in self._session.get_outputs()]
        self._output = _OUTPUT_NAME if _OUTPUT_NAME in outputs else outputs[0]

    @staticmethod
    def _load_tokenizer(path: Path, max_tokens: int) -> Tokenizer:
        tokenizer = Tokenizer.from_file(str(path))
        # tokenizer.json ships fixed 128-token padding/truncation; the model was trained at 256
        tokenizer.enable_truncation(max_length=max_tokens)
        tokenizer.no_padding()
        return tokenizer

    @staticmethod
    def _load_session(path: Path, threads: int) -> ort.InferenceSession:
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        opts.log_severity_level = 3
        try:
            return ort.InferenceSession(str(path), sess_options=opts, providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own untyped errors
            raise EmbeddingUnavailable(f"cannot load {path}: {exc}") from exc

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """Float32 rows of shape (len(texts), dimension), L2-normalized, in input order."""
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not a single str")
        dim = self.identity.dimension
        out = np.empty((len(texts), dim), dtype=np.float32)
        if not texts:
            return out
        encodings = self._tokenizer.encode_batch(list(texts))
        by_length: dict[int, list[int]] = {}
        for idx, enc in enumerate(encodings):
            by_length.setdefault(len(enc.ids), []).append(idx)
        for indices in by_length.values():
            for start in range(0, len(indices), self.batch_size):
                chunk = indices[start : start + self.batch_size]
                out[chunk] = self._run([encodings[i] for i in chunk])
        return out

    def _run(self, encodings: list) -> npt.NDArray[np.float32]:  # list[tokenizers.Encoding]
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask}
        if self._wants_type_ids:
            feeds["token_type_ids"] = np.array([e.type_ids for e in encodings], dtype=np.int64)
        (hidden,) = self._session.run([self._output], feeds)
        if hidden.ndim != 3 or hidden.shape[2] != self.identity.dimension:
            raise EmbeddingUnavailable(
                f"model output {self._output} has shape {hidden.shape}, expected (n, seq, {self.identity.dimension})"
            )
        weights = mask.astype(np.float32)[:, :, None]
        summed = np.add.reduce(hidden * weights, axis=1)
        counts = np.maximum(np.add.reduce(weights, axis=1), np.float32(1.0))
        return l2_normalize((summed / counts).astype(np.float32, copy=False))
