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
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.pool import AsyncResult
from typing import Any, TypeVar, cast

Job = TypeVar("Job")
Result = TypeVar("Result")

# Below this many jobs the build renders in its own process.
MIN_JOBS = 24
# Jobs a worker is sent at a time (fewer for few jobs, so that every worker has some),
# and chunks in flight per worker: enough that a worker never waits for its next chunk.
CHUNK = 8
IN_FLIGHT = 2

# What the forked workers run: set just before the fork, read by the children.
_TASK: tuple[Callable[[Any], Any], Sequence[Any]] | None = None


def _ignore_interrupt() -> None:
    # Ctrl-C reaches the whole process group: a worker that took it would die mid-task and
    # leave the pool waiting for it. The build's own process handles it and ends the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run(start: int, end: int) -> list[Any]:
    assert _TASK is not None
    work, jobs = _TASK
    return [work(jobs[index]) for index in range(start, end)]


def cores() -> int:
    """The cores this process may run on (the CPU affinity, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def run_all(
    work: Callable[[Job], Result], jobs: Sequence[Job], workers: int, min_jobs: int = MIN_JOBS
) -> Iterator[Result]:
    """`work` applied to every job, results in the jobs' order; in workers when it pays:
    from `min_jobs` jobs on (fewer where each job costs more than a page).

    Workers start at once, before the first result is asked for, so the caller may do
    other work while they run; in its own process a job runs only when its result is
    asked for (a page at a time)."""
    if (
        workers <= 1
        or len(jobs) < min_jobs
        or "fork" not in multiprocessing.get_all_start_methods()
    ):
        return (work(job) for job in jobs)
    running = _in_workers(work, jobs, workers)
    next(running)  # forks the workers and sends them their first chunks
    return cast(Iterator[Result], running)  # past its first item, every item is a result


def _in_workers(
    work: Callable[[Job], Result], jobs: Sequence[Job], workers: int
) -> Iterator[Result | None]:
    """None once the workers have their first chunks, then every result in order."""
    global _TASK
    _TASK = (work, jobs)
    try:
        context = multiprocessing.get_context("fork")
        with context.Pool(workers, initializer=_ignore_interrupt) as pool:
            # A few small chunks in flight, the next sent as one is taken: results wait for
            # the caller a chunk at a time. (Pool.imap sends every job at once, and the
            # pages the workers finish pile up in this process until the caller takes
            # them: 29 MB of a 1,000-page build's peak.)
            chunk = max(1, min(CHUNK, len(jobs) // (workers * 8)))
            starts = iter(range(0, len(jobs), chunk))
            pending: deque[AsyncResult[list[Result]]] = deque()

            def send() -> None:
                start = next(starts, None)
                if start is not None:
                    end = min(start + chunk, len(jobs))
                    pending.append(pool.apply_async(_run, (start, end)))

            for _ in range(workers * IN_FLIGHT):
                send()
            yield None
            while pending:
                done = pending.popleft().get()
                send()
                yield from done
    finally:
        _TASK = None
