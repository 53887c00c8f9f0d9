"""Rendering pages on every core: forked workers that share the loaded inputs.

The inputs are read and verified once, in the build's own process; the
workers are forked from it after that, so each has them without pickling
anything, and sends back only the rendered text and what went into it.
Workers only pay with enough pages: forking and collecting cost about as
much as rendering a dozen pages (measured in bench/build.py).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")

# Below this many jobs the build renders in its own process.
MIN_JOBS = 24

# What the forked workers run: set just before the fork, read by the children.
_TASK: tuple[Callable[[Any], Any], Sequence[Any]] | None = None


def _ignore_interrupt() -> None:
    # Ctrl-C reaches the whole process group: a worker that took it would die mid-task and
    # leave the pool waiting for it. The build's own process handles it and ends the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run(index: int) -> Any:
    assert _TASK is not None
    work, jobs = _TASK
    return work(jobs[index])


def cores() -> int:
    """The cores this process may run on (the CPU affinity, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def run_all(work: Callable[[Job], Result], jobs: Sequence[Job], workers: int) -> Iterator[Result]:
    """`work` applied to every job, results in the jobs' order; in workers when it pays."""
    global _TASK
    if (
        workers <= 1
        or len(jobs) < MIN_JOBS
        or "fork" not in multiprocessing.get_all_start_methods()
    ):
        yield from (work(job) for job in jobs)
        return
    _TASK = (work, jobs)
    try:
        context = multiprocessing.get_context("fork")
        with context.Pool(workers, initializer=_ignore_interrupt) as pool:
            chunk = max(1, len(jobs) // (workers * 8))
            yield from pool.imap(_run, range(len(jobs)), chunksize=chunk)
    finally:
        _TASK = None
