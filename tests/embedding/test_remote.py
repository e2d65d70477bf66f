"""OpenAICompatibleEmbedder against a small HTTP server on 127.0.0.1, started per module."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np
import pytest

from souk.embedding import (
    DimensionMismatchError,
    EmbeddingProvider,
    EmbeddingUnavailable,
    OpenAICompatibleEmbedder,
    ProviderTimeoutError,
    get_provider,
)

DIM = 4
# The slow model answers after this long; a client with a 0.2 s timeout must give up well before (a wide margin,
# so a loaded machine cannot make an honest timeout look like a wait).
SLOW_S = 5.0


class _Handler(BaseHTTPRequestHandler):
    seen: list[dict[str, Any]] = []  # noqa: RUF012 - shared record of requests for assertions

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        _Handler.seen.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
        model = body["model"]
        if model == "slow":
            time.sleep(SLOW_S)
        if model == "broken":
            self._send(500, {"error": "boom"})
            return
        if model in ("drip", "flood"):
            self._stream(model)
            return
        dim = 3 if model == "wrong-dim" else DIM
        count = len(body["input"]) - (1 if model == "short" else 0)
        # unnormalized, distinct per text, listed in reverse to check that "index" is honoured
        data = [{"index": i, "embedding": [float(i + 1)] * (dim - 1) + [2.0]} for i in range(count)]
        self._send(200, {"object": "list", "data": data[::-1], "model": model})

    def _stream(self, model: str) -> None:
        # "drip": a byte every 0.1 s, each read well inside the timeout; "flood": an answer that never ends
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            for _ in range(int(SLOW_S / 0.1) if model == "drip" else 10_000):
                self.wfile.write(b" " if model == "drip" else b" " * 65536)
                self.wfile.flush()
                if model == "drip":
                    time.sleep(0.1)

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        raw = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        # the client may have given up already (timeout test)
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.wfile.write(raw)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def _embedder(base_url: str, model: str, timeout_s: float = 5.0) -> OpenAICompatibleEmbedder:
    return OpenAICompatibleEmbedder(base_url, "sk-test", model, DIM, timeout_s)


def test_right_dimension_gives_normalized_rows_in_order(base_url: str) -> None:
    embedder = _embedder(base_url, "ok")
    assert isinstance(embedder, EmbeddingProvider)
    vectors = embedder.embed(["a", "b", "c"])
    assert vectors.shape == (3, DIM)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)
    expected = np.array([1.0, 1.0, 1.0, 2.0]) / np.sqrt(7.0)
    np.testing.assert_allclose(vectors[0], expected, atol=1e-6)
    assert vectors[2][0] > vectors[0][0]  # index order kept although the server reversed it
    request = _Handler.seen[-1]
    assert request["path"] == "/v1/embeddings"
    assert request["auth"] == "Bearer sk-test"
    assert request["body"]["input"] == ["a", "b", "c"]
    assert embedder.identity.dimension == DIM
    assert embedder.embed([]).shape == (0, DIM)


def test_wrong_dimension_raises(base_url: str) -> None:
    with pytest.raises(DimensionMismatchError, match=r"returned dimension \[3\], configured 4"):
        _embedder(base_url, "wrong-dim").embed(["a"])


def test_slow_response_times_out(base_url: str) -> None:
    started = time.monotonic()
    with pytest.raises(ProviderTimeoutError):
        _embedder(base_url, "slow", timeout_s=0.2).embed(["a"])
    assert time.monotonic() - started < SLOW_S


def test_an_answer_dripped_a_byte_at_a_time_times_out_as_a_whole(base_url: str) -> None:
    # each read arrives within the 0.5 s timeout, so only a deadline on the whole answer stops it
    started = time.monotonic()
    with pytest.raises(ProviderTimeoutError, match=r"did not answer within 0\.5 s"):
        _embedder(base_url, "drip", timeout_s=0.5).embed(["a"])
    assert time.monotonic() - started < SLOW_S


def test_an_answer_far_larger_than_the_vectors_asked_for_is_cut_off(base_url: str) -> None:
    with pytest.raises(EmbeddingUnavailable, match="answered more than"):
        _embedder(base_url, "flood").embed(["a"])


def test_server_error_and_short_answer_are_unavailable(base_url: str) -> None:
    with pytest.raises(EmbeddingUnavailable, match="500"):
        _embedder(base_url, "broken").embed(["a"])
    with pytest.raises(EmbeddingUnavailable, match="asked for 2 embeddings, got 1"):
        _embedder(base_url, "short").embed(["a", "b"])


def test_unreachable_server_is_unavailable() -> None:
    with pytest.raises(EmbeddingUnavailable):
        OpenAICompatibleEmbedder("http://127.0.0.1:9", None, "ok", DIM, 1.0).embed(["a"])


def test_get_provider_remote(base_url: str, tmp_path) -> None:
    kwargs = {"base_url": base_url, "api_key": None, "model": "ok", "dimension": DIM, "timeout_s": 2.0}
    provider = get_provider("openai-compatible", tmp_path, 1, **kwargs)
    assert get_provider("remote", tmp_path, 1, **kwargs) is provider
    assert provider.embed(["x"]).shape == (1, DIM)
    assert _Handler.seen[-1]["auth"] is None
