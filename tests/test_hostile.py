"""Hostile and broken input never reaches the published site, and every failure is one line.

Each case of the corpus (tests/hostile/cases.py, and the scenario files of
tests/bad_input/) is put into its own copy of a built project: the fixture
project (tests/fixture/) when the case applies to it, the real one else; the build
then runs in a separate process under a memory cap and a time limit: a child forked
from a server that has imported the tool once (tests/helpers/forkserver.py). It must
exit with the case's status, say what is wrong in one line naming the file,
print no traceback, and leave the previous site byte for byte as it was.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from queue import Queue

import pytest
from conftest import BAD_INPUT
from helpers.forkserver import Server
from helpers.project import copy_project, fixture_copy, leftovers, tree_hash
from hostile.cases import CASES, GIT_SECRET, Case

from generator.site.pipeline.output import Output

# Every case runs under these bounds: a build that needed more is a failure.
MEMORY_CAP = 1536 * 1024 * 1024
TIME_LIMIT = 90.0
ERROR_LINE = re.compile(r"^error: (?P<file>[^:]*?)(?::(?P<line>\d+))?: (?P<message>.+)$")
PROBLEM_LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): ")
RUNS = 2  # cases built at the same time (the machine's cores)


def _bad_input_cases() -> list[Case]:
    cases = []
    for path in sorted(BAD_INPUT.glob("*.yaml")):
        data = path.read_bytes()
        first = data.split(b"\n", 1)[0].decode("utf-8", "replace")
        mentions = (
            tuple(m.strip() for m in first.removeprefix("# mentions:").split("|") if m.strip())
            if first.startswith("# mentions:")
            else ()
        )
        target = "content/scenarios/bad-input.yaml"
        cases.append(Case(f"bad-input-{path.stem}", 2, mentions, target, writes=((target, data),)))
    return cases


ALL_CASES = [*CASES, *_bad_input_cases()]


@dataclass(frozen=True)
class Result:
    status: int
    out: str
    err: str
    seconds: float
    site_before: dict[str, str]
    site_after: dict[str, str]
    leftovers: list[Path]
    project: Path


# Cases about what only the real site has: a template the fixture's pages never render
# (the rules page's, the option sentences'), a slug or scenario of the real site.
_REAL_SITE = frozenset(
    {
        "template-reaches-a-scenario-file",
        "template-reaches-a-scenario-kind",
        "markup-in-an-option-sentence",
        "two-pages-with-one-slug",
        "a-deal-on-the-legal-cards-page",
    }
)


def _fits(case: Case, base: Path) -> bool:
    """Whether the case applies to this project: every file it edits holds the text it
    replaces, every file it removes is there."""
    if case.name in _REAL_SITE:
        return False
    for name, old, _ in case.edits:
        path = base / name
        if not path.is_file() or old not in path.read_text(encoding="utf-8"):
            return False
    return all((base / name).exists() for name in case.removes)


def _copy_tree(source: Path, target: Path) -> None:
    # Hard links are cheap, and a build never rewrites a file in place.
    shutil.copytree(source, target, symlinks=True, copy_function=os.link)


def _prepare(case: Case, base: Path, site: Path, work: Path) -> Path:
    project = work / "project"
    project.mkdir(parents=True)
    for name in ("content", "templates", "locales"):
        shutil.copytree(base / name, project / name)  # real copies: cases edit them
    shutil.copy2(base / "babel.cfg", project / "babel.cfg")
    _copy_tree(site, work / "site")
    for name in case.removes:
        (project / name).unlink()
    for name, data in case.writes:
        target = project / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            target.write_bytes(data)
        else:
            target.write_text(data, encoding="utf-8")
    for name, old, new in case.edits:
        target = project / name
        text = target.read_text(encoding="utf-8")
        assert old in text, f"{case.name}: {old!r} is not in {name}"
        target.write_text(text.replace(old, new, 1), encoding="utf-8")
    for name, to in case.links:
        link = project / name
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(to)
    for name in case.fifos:
        os.mkfifo(project / name)
    for name, size in case.sparse:
        with (project / name).open("wb") as handle:
            handle.truncate(size)
    if case.prepare is not None:
        case.prepare(project)
    return project


def _environment(case: Case) -> dict[str, str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("BELOTE_RENDER_SECONDS", None)
    # The time bound, shortened where a case proves it (the loop: 5 s of processing). A
    # memory case keeps the build's own bound, so that the memory bound is the one that trips:
    # on a loaded machine, faulting in a gigabyte costs seconds of processor time.
    if "processor time" in case.mentions:
        env["BELOTE_RENDER_SECONDS"] = "5"
    return env


def _run(case: Case, base: Path, site: Path, work: Path, servers: Queue[Server]) -> Result:
    project = _prepare(case, base, site, work)
    out_site = work / "site"
    before = tree_hash(out_site)
    command = [part.format(site=out_site, project=project) for part in case.command]
    server = servers.get()
    try:
        done = server.run(
            ["--project", str(project), *command],
            env=_environment(case),
            work=work,
            memory=MEMORY_CAP,
            file_size=case.file_size_limit,
            seconds=TIME_LIMIT * 2,
        )
    finally:
        servers.put(server)
    return Result(
        done.status,
        done.out,
        done.err,
        done.seconds,
        before,
        tree_hash(out_site),
        leftovers(out_site),
        project,
    )


# The one catalog the real site's cases edit: the copy they run on keeps it alone, so that
# its build and each case's make English and Slovak pages only.
REAL_CASES_LANGUAGE = "sk"


def _real_base(target: Path) -> Path:
    """A copy of the real project for the cases only it has (see _REAL_SITE and _fits),
    with one catalog beside English."""
    project = copy_project(target)
    for folder in (project / "locales").iterdir():
        if folder.is_dir() and folder.name != REAL_CASES_LANGUAGE:
            shutil.rmtree(folder)
    return project


def _built(project: Path) -> tuple[Path, Path]:
    site = project.parent / "site"
    subprocess.run(
        [sys.executable, "-m", "generator", "--project", str(project), "build", "--out", str(site)],
        check=True,
        capture_output=True,
    )
    return project, site


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    """Every case, built once, two at a time: on a copy of the fixture project
    (tests/fixture/) when the case applies to it, else on a copy of the real one."""
    fixture = _built(fixture_copy(tmp_path_factory.mktemp("hostile-fixture") / "project"))
    bases = {case.name: fixture for case in ALL_CASES if _fits(case, fixture[0])}
    if len(bases) < len(ALL_CASES):
        real = _built(_real_base(tmp_path_factory.mktemp("hostile-base") / "project"))
        bases = {case.name: bases.get(case.name, real) for case in ALL_CASES}
    top = tmp_path_factory.mktemp("hostile")
    servers: Queue[Server] = Queue()
    for _ in range(RUNS):
        servers.put(Server())
    try:
        with ThreadPoolExecutor(RUNS) as pool:
            futures = {
                case.name: pool.submit(_run, case, *bases[case.name], top / case.name, servers)
                for case in ALL_CASES
            }
            return {name: future.result() for name, future in futures.items()}
    finally:
        while not servers.empty():
            servers.get().close()


def test_case_names_are_unique() -> None:
    """Results are kept by name: a repeated name would leave a case unrun, silently."""
    names = [case.name for case in ALL_CASES]
    assert len(names) == len(set(names)), "case names repeat"


@pytest.mark.parametrize("case", ALL_CASES, ids=lambda case: case.name)
def test_hostile_input_is_refused_in_one_line(results: dict[str, Result], case: Case) -> None:
    result = results[case.name]
    report = f"exit {result.status}\nstdout: {result.out}\nstderr: {result.err}"
    assert "Traceback" not in result.out + result.err, report
    assert GIT_SECRET not in result.out + result.err, "an error line quotes a linked file"
    assert result.status == case.exit, report
    assert result.seconds < TIME_LIMIT, f"{result.seconds:.1f} s"
    if case.exit == 2:
        lines = result.err.strip().splitlines()
        assert len(lines) == 1, report
        match = ERROR_LINE.match(lines[0])
        assert match, report
        named = match["file"]
    else:
        lines = result.out.strip().splitlines()
        assert lines and all(PROBLEM_LINE.match(line) for line in lines), report
        assert len(result.err.strip().splitlines()) == 1, report
        named = lines[0]
    line = lines[0]
    assert line.isprintable(), repr(line)
    for mention in case.mentions:
        assert mention.lower() in line.lower(), report
    if case.names:
        assert case.names in named, report
    assert result.site_after == result.site_before, "the previous site was changed"
    assert not result.leftovers, result.leftovers


def test_a_port_in_use_is_one_line(tmp_path_factory: pytest.TempPathFactory) -> None:
    base = fixture_copy(tmp_path_factory.mktemp("port") / "project")
    (base / "site").mkdir()
    (base / "site" / "index.html").write_text("<!doctype html>")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "generator",
                "--project",
                str(base),
                "serve",
                "--port",
                str(port),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "cannot serve" in lines[0]


@pytest.fixture
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    yield _built(fixture_copy(tmp_path_factory.mktemp("locked") / "project"))


def test_a_second_build_at_the_same_time_fails_in_one_line(built: tuple[Path, Path]) -> None:
    project, site = built
    before = tree_hash(site)
    lock = Output(site).lock_path  # in the machine's cache, outside the project
    with lock.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "generator",
                "--project",
                str(project),
                "build",
                "--out",
                str(site),
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "another build" in lines[0], done.stderr
    assert tree_hash(site) == before
