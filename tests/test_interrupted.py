"""A build killed at any moment leaves the old site or the new one, whole, and nothing else.

Two versions of the fixture project (tests/fixture/) are built in turn into one folder, each build
killed (SIGKILL) after a random delay: 12 rounds under `make test`, 120 under
`make test-thorough`. After every kill the folder must be
one of the two complete sites; once the next build has run to its end, no
temporary folder may be left beside it.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.effort import examples
from helpers.project import fixture_copy, leftovers, tree_hash

# Each round kills one build and runs one to its end; a round costs about two builds.
KILLS = examples(12)


def _build(project: Path, site: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "generator", "--project", str(project), "build", "--out", str(site)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )


def _complete(project: Path, site: Path) -> float:
    started = time.perf_counter()
    assert _build(project, site).wait(timeout=300) == 0
    return time.perf_counter() - started


def test_killed_builds_leave_a_whole_site(tmp_path_factory: pytest.TempPathFactory) -> None:
    project = fixture_copy(tmp_path_factory.mktemp("killed") / "project")
    site = project.parent / "site"
    page = project / "content" / "pages" / "legal-cards.yaml"
    versions = [page.read_text(encoding="utf-8")]
    title = "title: Which card may I play?"
    versions.append(versions[0].replace(title, f"{title} Again", 1))
    assert versions[0] != versions[1]
    sites = []
    duration = 0.0
    for text in versions:
        page.write_text(text, encoding="utf-8")
        duration = max(duration, _complete(project, site))
        sites.append(tree_hash(site))
    assert sites[0] != sites[1]
    chance = random.Random(20261201)
    current = 1
    seen_kill_mid_swap = 0
    for kill in range(KILLS):
        wanted = 1 - current
        page.write_text(versions[wanted], encoding="utf-8")
        build = _build(project, site)
        time.sleep(chance.uniform(0.0, duration * 1.1))
        build.send_signal(signal.SIGKILL)
        build.wait(timeout=60)
        found = tree_hash(site)
        assert found in sites, f"kill {kill}: the site is neither the old nor the new one"
        if found == sites[wanted]:
            seen_kill_mid_swap += 1
        current = sites.index(found)
        # The next build, run to its end, sweeps what the killed one left.
        page.write_text(versions[current], encoding="utf-8")
        _complete(project, site)
        assert tree_hash(site) == sites[current]
        assert not leftovers(site), f"kill {kill}: {leftovers(site)}"
    # The random delays cover the whole build: some kills came after the swap.
    assert 0 < seen_kill_mid_swap < KILLS


def test_a_swap_interrupted_between_its_renames_is_finished_by_the_next_build(
    tmp_path: Path,
) -> None:
    """Where the system cannot exchange two folders, the swap is two renames: a build killed
    between them left the old site in its `old` folder, found by name, never by a record."""
    from generator.site.pipeline.output import MARKER, Output

    out = tmp_path / "site"
    out.mkdir()
    (out / MARKER).write_text("built\n")
    (out / "index.html").write_text("old site")
    output = Output(out)
    # Killed after the first rename: the old site is in an `old` folder, none at `out`.
    old = tmp_path / ".site.old-x"
    old.mkdir()
    out.rename(old / "site")
    fresh = tmp_path / ".site.new-y"
    fresh.mkdir()
    (fresh / "index.html").write_text("half a new site")
    assert not out.exists()
    output.recover()
    assert (out / "index.html").read_text() == "old site"
    assert not old.exists() and not fresh.exists()


def test_a_link_beside_the_output_is_never_followed(tmp_path: Path) -> None:
    """An `old` folder that is a link (planted by a pull request) leads nowhere: the folder
    it names, outside the project, is neither moved in nor removed."""
    from generator.site.pipeline.output import MARKER, Output

    outside = tmp_path / "outside"
    (outside / "site").mkdir(parents=True)
    (outside / "site" / MARKER).write_text("built\n")
    (outside / "site" / "keep.txt").write_text("not the build's")
    project = tmp_path / "project"
    project.mkdir()
    (project / ".site.old-planted").symlink_to(outside)
    (project / ".site.new-planted").symlink_to(outside / "site")
    Output(project / "site").recover()
    assert (outside / "site" / "keep.txt").read_text() == "not the build's"
    assert not (project / "site").exists()


def test_the_fallback_swap_replaces_the_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.site.pipeline import output as module

    monkeypatch.setattr(module, "_exchange", lambda a, b: False)
    out = tmp_path / "site"
    out.mkdir()
    (out / module.MARKER).write_text("built\n")
    (out / "index.html").write_text("old")
    output = module.Output(out)
    fresh = output.fresh()
    (fresh / "index.html").write_text("new")
    output.swap_in(fresh)
    assert (out / "index.html").read_text() == "new"
    assert not leftovers(out)
