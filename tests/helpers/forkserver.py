"""Runs the command-line tool in children forked from one process that has imported it.

A forked child is a process of its own, as a subprocess is: its own memory cap,
file-size limit, environment, output and exit status, and a crash or a runaway
in it ends it alone. What it saves is the interpreter's start and the imports,
the same for every run (about 0.3 s of a 0.35 s refused build), since the
server does them once before it forks.

Run as a script, it serves requests, one JSON line each on its standard input,
one at a time, and answers each with one JSON line. `Server` is the client.
The server itself is single-threaded, so forking it is safe.
"""

from __future__ import annotations

import importlib
import json
import os
import resource
import signal
import subprocess
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Done:
    status: int
    out: str
    err: str
    seconds: float


class Server:
    """One server process; `run` is one forked run at a time (keep one per thread)."""

    def __init__(self) -> None:
        self._process = subprocess.Popen(
            [sys.executable, "-P", __file__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def run(
        self,
        argv: list[str],
        *,
        env: dict[str, str],
        work: Path,
        memory: int,
        file_size: int | None,
        seconds: float,
    ) -> Done:
        out, err = work / "stdout", work / "stderr"
        request = {
            "argv": argv,
            "env": env,
            "out": str(out),
            "err": str(err),
            "memory": memory,
            "file_size": file_size,
            "seconds": seconds,
        }
        assert self._process.stdin is not None and self._process.stdout is not None
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        answer = json.loads(self._process.stdout.readline())
        return Done(
            answer["status"],
            out.read_text(encoding="utf-8", errors="replace"),
            err.read_text(encoding="utf-8", errors="replace"),
            answer["seconds"],
        )

    def close(self) -> None:
        assert self._process.stdin is not None
        self._process.stdin.close()
        self._process.wait(timeout=30)


def _child(request: dict[str, Any]) -> None:
    """In the forked child: the limits, the environment and the output files, then the tool."""
    from generator.cli import main

    os.setpgid(0, 0)
    resource.setrlimit(resource.RLIMIT_AS, (request["memory"], request["memory"]))
    if request["file_size"] is not None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write fails with EFBIG instead
        size = request["file_size"]
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    os.environ.clear()
    os.environ.update(request["env"])
    quiet = os.open(os.devnull, os.O_RDONLY)  # not the server's requests
    os.dup2(quiet, 0)
    os.close(quiet)
    for fd, name in ((1, "out"), (2, "err")):
        target = os.open(request[name], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(target, fd)
        os.close(target)
    status = 1
    try:
        status = main(request["argv"])
    except SystemExit as leaving:
        code = leaving.code
        status = code if isinstance(code, int) else (0 if code is None else 1)
    except BaseException:
        traceback.print_exc()  # as the interpreter does for an exception nobody caught
        status = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _wait(pid: int, seconds: float) -> int:
    """The child's exit status; past its time it is killed (status -9)."""
    deadline = time.monotonic() + seconds
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return -9
        time.sleep(0.005)


def serve() -> None:
    # Everything a run imports, imported once here, before any fork.
    for name in ("generator.cli", "generator.site.pipeline.build"):
        importlib.import_module(name)

    for line in sys.stdin:
        request = json.loads(line)
        started = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            _child(request)
        status = _wait(pid, request["seconds"])
        answer = {"status": status, "seconds": time.perf_counter() - started}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve()
