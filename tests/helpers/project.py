"""Temporary copies of the project, the command line run on them, and one shared build.

The tests never touch the real project: each works on a copy under pytest's
temporary folder. Building draws card pictures, which is slow the first time;
every copy shares the machine's picture cache (keyed on what each picture
shows), and the real site is built once per test session.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import io
import os
import shutil
import sys
from collections.abc import Collection
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from generator.cli import main
from helpers.expected import (
    advertised_languages,
    expected_languages,
    expected_pages,
)

ROOT = Path(__file__).resolve().parents[2]
PYBABEL = Path(sys.executable).parent / "pybabel"
# The languages and pages the content says the site has (tests/helpers/expected.py).
LANGUAGES = expected_languages()
PAGES = expected_pages()
ADVERTISED = advertised_languages()

_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo")
_SHARED: dict[str, object] = {}


def copy_project(target: Path, source: Path = ROOT) -> Path:
    """A copy of the project's inputs: content, templates, catalogs, babel.cfg.

    The generator's own sources come along too (they hold a few messages
    that extraction collects); the copy still runs the installed generator.
    """
    target.mkdir(parents=True, exist_ok=True)
    for name in ("content", "templates", "locales", "generator"):
        shutil.copytree(source / name, target / name, ignore=_IGNORE)
    shutil.copy2(source / "babel.cfg", target / "babel.cfg")
    return target


FIXTURE = ROOT / "tests" / "fixture"
# What a fixture copy takes from the real project: the templates and wording the site ships.
_FROM_ROOT = (
    "templates",
    "babel.cfg",
    "content/vocabulary.yaml",
    "content/options.yaml",
    "content/rulesets",
)


def fixture_copy(target: Path) -> Path:
    """A copy of the small project the tests of the build's mechanics run on
    (tests/fixture/README.md): it builds in about a second."""
    shutil.copytree(FIXTURE, target, ignore=shutil.ignore_patterns("README.md"))
    for name in _FROM_ROOT:
        source, copy = ROOT / name, target / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, copy, ignore=_IGNORE)
        else:
            shutil.copy2(source, copy)
    return target


def built_fixture(factory: pytest.TempPathFactory, name: str = "fixture") -> Path:
    """A fixture copy, built into `site` beside it: its project folder."""
    project = fixture_copy(factory.mktemp(name) / "project")
    cli_quiet(project, "build", "--out", project.parent / "site")
    return project


def cli(
    capsys: pytest.CaptureFixture[str], project: Path, *args: str | Path
) -> tuple[int, str, str]:
    """Run `belote-site --project PROJECT ARGS...` in this process."""
    capsys.readouterr()
    status = main(["--project", str(project), *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


def cli_quiet(project: Path, *args: str | Path) -> int:
    """The same for fixtures, which have no capsys: output is kept for the error message."""
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        status = main(["--project", str(project), *map(str, args)])
    if status:
        raise AssertionError(f"belote-site {' '.join(map(str, args))}: {status}\n{sink.getvalue()}")
    return status


def run_captured(project: Path, *args: str | Path) -> tuple[int, str, str]:
    """`belote-site --project PROJECT ARGS...` in this process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--project", str(project), *map(str, args)])
    return status, out.getvalue(), err.getvalue()


def tree_hash(folder: Path) -> dict[str, str]:
    """Every file and folder below `folder`: relative path -> content hash ("dir" for folders)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_dir():
            found[key] = "dir"
        else:
            found[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def leftovers(site: Path) -> list[Path]:
    """What a build left beside its output folder (it keeps its lock in the machine's cache)."""
    return [path for path in site.parent.iterdir() if path.name.startswith(f".{site.name}.")]


def all_files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def shared_build(factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The real project, copied and built once per run: (project copy, site folder).

    Built by whichever of the run's workers asks first, in the folder they share (the
    parent of each xdist worker's own); the others wait for it and read the same site.
    Nothing may write into it: a test that changes the site or the project copies it."""
    if "build" not in _SHARED:
        base = factory.getbasetemp()
        shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
        folder = shared / "shared-build"
        project, site = folder / "project", folder / "site"
        with (shared / "shared-build.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (folder / "built").exists():
                shutil.rmtree(folder, ignore_errors=True)
                copy_project(project)
                cli_quiet(project, "build", "--out", site)
                (folder / "built").touch()
        _SHARED["build"] = (project, site)
    found = _SHARED["build"]
    assert isinstance(found, tuple)
    return found


def fresh_copy(factory: pytest.TempPathFactory, name: str = "copy") -> Path:
    """A new copy, made from the built copy so that it has every picture cached."""
    project, _ = shared_build(factory)
    return copy_project(factory.mktemp(name) / "project", project)


# ---------------------------------------------------------------------------
# catalogs


def po_path(project: Path, lang: str) -> Path:
    return project / "locales" / lang / "LC_MESSAGES" / "messages.po"


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def write_catalog(path: Path, catalog: Catalog) -> None:
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0)


def pretend_translation(text: str, marker: str) -> str:
    """A stand-in translation that keeps every placeholder: the English after a marker."""
    return f"{marker} {text}"


def fill(catalog: Catalog, marker: str, *, skip: Collection[tuple[str | None, str]] = ()) -> int:
    """Translate every message (except `skip`, keyed (context, msgid)) with stand-in text."""
    done = 0
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, (list, tuple)):
            key = (message.context, message.id[0])
            forms = [message.id[0]] + [message.id[1]] * (catalog.num_plurals - 1)
            string: str | tuple[str, ...] = tuple(pretend_translation(f, marker) for f in forms)
        else:
            key = (message.context, message.id)
            string = pretend_translation(message.id, marker)
        if key in skip:
            continue
        message.string = string
        message.flags.discard("fuzzy")
        done += 1
    return done
