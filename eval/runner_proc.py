"""Shared by eval/load_runner.py and eval/fault_pg.py: start a real `souk serve --demo`, time requests.

Not a test. The runner gets its own temporary data directory (embedded Postgres), keys and catalog
secret, so a script never touches .souk/ and never needs the developer's environment.
"""

from __future__ import annotations

import os
import platform
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import psutil

REPO = Path(__file__).resolve().parents[1]


def machine() -> str:
    model = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kib = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f", {kib / 1024 / 1024:.0f} GB"
    except (OSError, ValueError, IndexError):
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{model}, {os.cpu_count()} cores{mem}, Python {platform.python_version()}, load average {load:.2f} at start"


def cpu_seconds(processes: list[psutil.Process]) -> float:
    """User + system CPU time of ``processes`` and their children (processes that went away count 0)."""
    total = 0.0
    for proc in processes:
        try:
            family = [proc, *proc.children(recursive=True)]
        except psutil.Error:
            continue
        for member in family:
            try:
                times = member.cpu_times()
            except psutil.Error:
                continue
            total += times.user + times.system
    return total


def postmasters(data_dir: Path) -> list[psutil.Process]:
    """The Postgres server(s) serving ``data_dir`` (their backends are their children)."""
    return [
        p
        for p in psutil.process_iter(["name", "cmdline"])
        if p.info["name"] == "postgres" and str(data_dir) in " ".join(p.info["cmdline"] or [])
    ]


@dataclass
class Runner:
    proc: subprocess.Popen[bytes]
    base: str
    data_dir: Path
    secret: str
    workdir: Path

    def postmaster_pid(self) -> int:
        return int((self.data_dir / "postmaster.pid").read_text().splitlines()[0])

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        shutil.rmtree(self.workdir, ignore_errors=True)
        return int(self.proc.returncode)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_runner(*, embedded_wait_s: float = 300.0, log: Path | None = None) -> Runner:
    """`souk serve --demo` on a free loopback port; returns once the demo is cataloged and fully embedded."""
    workdir = Path(tempfile.mkdtemp(prefix="souk-eval-runner-"))
    data_dir = workdir / "pgdata"
    secret = secrets.token_urlsafe(24)
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env |= {
        "SOUK_DATA_DIR": str(data_dir),
        "SOUK_KEYS_FILE": str(workdir / "keys.json"),
        "SOUK_CATALOG_SECRET": secret,
        "SOUK_MODEL_DIR": env.get("SOUK_MODEL_DIR", str(REPO / ".souk" / "model")),
        "OMP_NUM_THREADS": "1",
    }
    out = log.open("wb") if log else subprocess.DEVNULL
    proc = subprocess.Popen(
        [sys.executable, "-m", "souk.cli", "serve", "--demo", "--port", str(port)],
        cwd=REPO,
        env=env,
        stdout=out,
        stderr=subprocess.STDOUT,
    )
    runner = Runner(proc, f"http://127.0.0.1:{port}", data_dir, secret, workdir)
    deadline = time.monotonic() + embedded_wait_s
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"souk serve exited with {proc.returncode}")
        try:
            status = httpx.get(f"{runner.base}/analytics/v1/search/status", timeout=5)
            if status.status_code == 200 and status.json().get("degradedReason") is None:
                return runner
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            runner.stop()
            raise RuntimeError("souk serve did not finish embedding the demo in time")
        time.sleep(1.0)


def percentiles(values: list[float]) -> str:
    if not values:
        return "n=0"
    ms = sorted(v * 1000 for v in values)
    q = statistics.quantiles(ms, n=100, method="inclusive") if len(ms) > 1 else [ms[0]] * 99
    return f"n={len(ms)} p50 {q[49]:.1f} ms, p95 {q[94]:.1f} ms, p99 {q[98]:.1f} ms, max {ms[-1]:.1f} ms"


QUERIES = [
    "weather forecast for a city",
    "pdf text extraction under 1 cent",
    "translate text to french",
    "stock price api",
    "mcp tool to merge pdf files",
    "geocode an address",
    "email verification",
    "image generation",
    "currency conversion rates",
    "weather API that takes USDC on stellar",
    "crypto token prices on base",
    "sentiment analysis",
    "web page screenshot",
    "speech to text transcription",
    "cheapest ocr",
    "news headlines search",
]
