"""What the benchmarks share: timing, and a fresh build of the site."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The fastest of several runs, in seconds: the least disturbed by the machine."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def build_site(out: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "generator", "--project", str(ROOT), "build", "--out", str(out)],
        check=True,
        capture_output=True,
    )
