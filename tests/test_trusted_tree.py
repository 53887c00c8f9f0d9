"""No unreviewed file decides what `make test` runs (scripts/check-tree, docs/security.md).

A pull request may add any file but Python code and the Makefile without a
code review. Each case below is a file some tool of the build or the tests
would read from the tree and act on; the tree check must refuse every one,
and the real tree must pass.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from conftest import ROOT

SCRIPT = ROOT / "scripts" / "check-tree"


def _check_tree() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("check_tree", str(SCRIPT))
    spec = importlib.util.spec_from_loader("check_tree", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


CHECK = _check_tree()


def test_the_real_tree_passes() -> None:
    done = subprocess.run([sys.executable, "-I", str(SCRIPT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    "name",
    [
        "GNUmakefile",  # make reads it before the Makefile
        "makefile",
        "pytest.ini",  # testpaths = templates/static: a doctest there runs
        ".pytest.ini",
        "tox.ini",
        "setup.cfg",
        "templates/pyproject.toml",
        "mypy.ini",  # plugins = …: code mypy imports
        ".mypy.ini",
        "ruff.toml",
        ".npmrc",  # registry=…, ignore-scripts=false
        "npm-shrinkwrap.json",  # npm ci prefers it to the lock
        "content/package.json",
        ".python-version",
        ".envrc",
        ".gitmodules",
        ".pdbrc",
        "jinja2.pyc",  # a sourceless module on sys.path shadows Jinja2
        "tests/hypothesis.cpython-311-x86_64-linux-gnu.so",
        "templates/static/x.pth",
        "vendor/vnu-jar-26.9.27.tgz",  # what a lock entry could resolve to
        "tests/vnu.jar",
        ".venv/bin/python",  # the Makefile runs it as it is
        ".venv/.installed-test",
        "node_modules/vnu-jar/build/dist/vnu.jar",
        "bench/lighthouse/node_modules/.package-lock.json",
        "tests/__pycache__/conftest.cpython-311.pyc",
        ".hypothesis/examples/x",
        "site/index.html",
    ],
)
def test_a_file_that_decides_what_runs_is_refused(name: str) -> None:
    assert CHECK.file_problem(name), name


@pytest.mark.parametrize(
    "name",
    ["Makefile", "pyproject.toml", "package-lock.json", ".ci/run", ".github/workflows/site.yml"],
)
def test_the_reviewed_files_are_named(name: str) -> None:
    assert CHECK.file_problem(name) is None


def _lock_copy(tmp_path: Path) -> Path:
    for name in ("package.json", "package-lock.json"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def _edit_lock(top: Path, edit: dict[str, object], key: str = "node_modules/vnu-jar") -> None:
    path = top / "package-lock.json"
    lock = json.loads(path.read_text())
    lock["packages"][key] = {**lock["packages"].get(key, {}), **edit}
    path.write_text(json.dumps(lock))


def test_the_real_locks_pass(tmp_path: Path) -> None:
    assert CHECK.lock_problems(_lock_copy(tmp_path), ".") == []


@pytest.mark.parametrize(
    "edit",
    [
        {"resolved": "file:vendor/vnu-jar-26.9.27.tgz"},
        {"resolved": "https://evil.example/vnu-jar-26.9.27.tgz"},
        {"resolved": "git+https://example.org/vnu.git"},
        {"version": "file:vendor/vnu"},
        {"link": True, "resolved": "vendor/vnu"},
        {"integrity": None},
    ],
    ids=["a-tarball", "another-host", "a-git-url", "a-file-version", "a-link", "no-hash"],
)
def test_a_lock_entry_that_is_not_the_registrys_is_refused(
    tmp_path: Path, edit: dict[str, object]
) -> None:
    top = _lock_copy(tmp_path)
    _edit_lock(top, edit)
    assert CHECK.lock_problems(top, "."), edit


def test_a_tool_that_is_not_pinned_is_refused(tmp_path: Path) -> None:
    top = _lock_copy(tmp_path)
    manifest = json.loads((top / "package.json").read_text())
    manifest["devDependencies"]["left-pad"] = "1.3.0"
    (top / "package.json").write_text(json.dumps(manifest))
    assert CHECK.lock_problems(top, ".")


def test_a_committed_configuration_fails_the_check_in_a_checkout(tmp_path: Path) -> None:
    """Through git, as CI sees a clone: a tracked pytest.ini stops `make` before any tool."""
    top = tmp_path / "tree"
    (top / "scripts").mkdir(parents=True)
    shutil.copy(SCRIPT, top / "scripts" / "check-tree")
    _lock_copy(top)
    (top / "bench" / "lighthouse").mkdir(parents=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy(ROOT / "bench" / "lighthouse" / name, top / "bench" / "lighthouse" / name)
    (top / "pytest.ini").write_text("[pytest]\ntestpaths = templates/static\n")
    git = ["git", "-C", str(top), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    done = subprocess.run(
        [sys.executable, "-I", str(top / "scripts" / "check-tree")], capture_output=True, text=True
    )
    assert done.returncode == 1
    assert "pytest.ini" in done.stderr


def _doctest_tree(top: Path, ran: Path) -> None:
    (top / "tests").mkdir(parents=True)
    (top / "templates" / "static").mkdir(parents=True)
    (top / "pyproject.toml").write_text('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    (top / "pytest.ini").write_text("[pytest]\naddopts = templates/static --doctest-glob=*.txt\n")
    doctest = f">>> open({str(ran)!r}, 'a').write('x')\n1\n"
    (top / "templates" / "static" / "test_notes.txt").write_text(doctest)
    (top / "tests" / "test_notes.txt").write_text(doctest)
    (top / "tests" / "test_one.py").write_text("def test_one() -> None:\n    assert True\n")


def test_pytest_reads_only_the_reviewed_configuration(tmp_path: Path) -> None:
    """A pytest.ini that adds an untrusted folder and collects its doctests, and a doctest file
    among the tests: run as the Makefile runs pytest, neither is collected; run as plain
    `pytest tests` was, both run (so the case is a real attack)."""
    makefile = (ROOT / "Makefile").read_text()
    found = re.search(r"^PYTEST := \$\(BIN\)/python (.*)$", makefile, re.MULTILINE)
    assert found, "the Makefile names its pytest command"
    top = tmp_path / "tree"
    ran = tmp_path / "ran"
    _doctest_tree(top, ran)
    safe = subprocess.run(
        [sys.executable, *found.group(1).split(), "-p", "no:xdist", "tests"],
        cwd=top,
        capture_output=True,
        text=True,
    )
    assert not ran.exists(), safe.stdout
    assert "1 passed" in safe.stdout, safe.stdout
    plain = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "tests"],
        cwd=top,
        capture_output=True,
        text=True,
    )
    assert ran.exists() and "3 passed" in plain.stdout, plain.stdout
