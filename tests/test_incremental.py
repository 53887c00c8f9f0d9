"""Incremental builds: whatever input changes, the site is byte for byte what a clean build makes.

A copy of the fixture project (tests/fixture/) is built, then edited one kind of input at a time and
built again; after each edit a second copy with the same inputs and no
build cache (its pictures aside) is built clean, and the two sites must be
identical. Files the edit does not touch keep their bytes and their
modification time; a build with nothing changed writes nothing at all.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.project import built_fixture, cli_quiet, fixture_copy, run_captured, tree_hash

from generator.site.pipeline.build import build
from generator.site.pipeline.cache import Cache
from generator.site.pipeline.preview import preview
from generator.site.pipeline.project import Project


def _times(site: Path) -> dict[str, int]:
    return {
        str(path.relative_to(site)): path.stat().st_mtime_ns
        for path in site.rglob("*")
        if path.is_file()
    }


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _msgstr(path: Path, msgid: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(r'(?m)^(msgid "' + re.escape(msgid) + r'"\nmsgstr )".*"$')
    assert pattern.search(text), msgid
    path.write_text(pattern.sub(lambda m: m.group(1) + '"' + new + '"', text, count=1))


# Each kind of input of the fixture project (tests/fixture/), edited so that the site
# changes and stays valid.
EDITS: dict[str, Callable[[Path], None]] = {
    "scenario": lambda p: _replace(
        p / "content" / "scenarios" / "examples.yaml",
        "hand: {seat: north, cards: [KS, 7S, JH, 9C, 10D]}",
        "hand: {seat: north, cards: [KS, 7S, JH, 8C, 10D]}",
    ),
    # An example's English text (issue 35: `serve --watch` was seen leaving this page stale).
    "example text": lambda p: _replace(
        p / "content" / "pages" / "legal-cards.yaml",
        "West leads a spade. North has spades",
        "West leads spades. North holds spades",
    ),
    # Shown on another page too: the trumping page's "see it worked" link names it.
    "example title": lambda p: _replace(
        p / "content" / "pages" / "legal-cards.yaml",
        "title: 'Void, your partner is winning: any card'",
        "title: 'Void, your partner winning: any card'",
    ),
    "page text": lambda p: _replace(
        p / "content" / "pages" / "legal-cards.yaml",
        "Two examples, computed",
        "Two examples, each computed",
    ),
    "translation": lambda p: _msgstr(
        p / "locales" / "fr" / "LC_MESSAGES" / "messages.po",
        "Which card may I play?",
        "Quelle carte jouer ?",
    ),
    "template": lambda p: _replace(
        p / "templates" / "base.html", '<main id="main">', '<main id="main" class="page">'
    ),
    "rule set": lambda p: _replace(
        p / "content" / "rulesets" / "maison.yaml", "name: Maison", "name: Maison, at home"
    ),
    "vocabulary": lambda p: _replace(
        p / "content" / "vocabulary.yaml", "  north: North\n", "  north: North seat\n"
    ),
    "static file": lambda p: _replace(
        p / "templates" / "static" / "site.css", "body { margin: 0; }", "body { margin: 0 0 1px; }"
    ),
    "practice seeds": lambda p: _replace(
        p / "content" / "pages" / "practice.yaml", "seeds: [2026]", "seeds: [2027]"
    ),
    "new page": lambda p: (p / "content" / "pages" / "extra.yaml").write_text(
        "kind: article\nslug: extra\nrules: maison\ntitle: Extra\n"
        "sections:\n  - heading: One\n    blocks:\n      - text: A text.\n"
    ),
    "removed page": lambda p: (p / "content" / "pages" / "practice.yaml").unlink(),
}
# Edits after which most of the site is taken over, not written again.
_LOCAL = ("scenario", "example text", "page text", "translation", "practice seeds")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_fixture(tmp_path_factory, "incremental")


def _clean_build(project: Path, target: Path) -> Path:
    """The same inputs built with no build cache (the machine's pictures are shared)."""
    clean = target / "project"
    shutil.copytree(project, clean)
    cli_quiet(clean, "build", "--out", target / "site")
    return target / "site"


def test_a_build_with_nothing_changed_writes_nothing(project: Path) -> None:
    site = project.parent / "site"
    before, times = tree_hash(site), _times(site)
    status, _, err = run_captured(project, "build", "--out", site)
    assert status == 0
    assert "nothing changed" in err
    assert tree_hash(site) == before
    assert _times(site) == times


@pytest.mark.parametrize("kind", list(EDITS))
def test_an_edited_input_builds_what_a_clean_build_builds(
    project: Path, tmp_path: Path, kind: str
) -> None:
    site = project.parent / "site"
    times = _times(site)
    EDITS[kind](project)
    status, _, err = run_captured(project, "build", "--out", site)
    assert status == 0, err
    clean = _clean_build(project, tmp_path)
    assert tree_hash(site) == tree_hash(clean)
    # What the edit did not touch was taken over: the same file, not written again.
    after = _times(site)
    kept = [name for name in after if times.get(name) == after[name]]
    if kind in _LOCAL:
        assert len(kept) > len(after) // 2, f"{kind}: only {len(kept)} of {len(after)} kept"


def test_a_resident_process_builds_what_a_clean_build_builds(tmp_path: Path) -> None:
    """`serve --watch` builds again and again in one process, keeping what it read in
    memory: after every kind of edit in turn (a scenario, a catalog, a template, a rule
    set, a file added and one removed...), its site is byte for byte a clean build's."""
    project = fixture_copy(tmp_path / "watched")
    site = tmp_path / "site"
    records = Cache(Project(project).records, resident=True)
    build(Project(project), site, records=records)
    for number, (kind, edit) in enumerate(EDITS.items()):
        edit(project)
        build(Project(project), site, records=records)
        clean = tmp_path / f"clean-{number}"
        shutil.copytree(project, clean / "project")
        build(Project(clean / "project"), clean / "site")
        assert tree_hash(site) == tree_hash(clean / "site"), kind


def test_an_open_page_rendered_ahead_is_the_page_the_build_then_publishes(tmp_path: Path) -> None:
    """`serve --watch` shows the open pages before the build (pipeline/preview.py): after
    every kind of edit, each is byte for byte the page the build then publishes, and so are
    the pictures it shows (a new page has no preview: the menu needs every page's messages)."""
    project = fixture_copy(tmp_path / "watched")
    site = tmp_path / "site"
    records = Cache(Project(project).records, resident=True)
    build(Project(project), site, records=records)
    open_pages = ["en/index.html", "en/legal-cards/index.html", "fr/legal-cards/index.html"]
    open_pages += ["en/trumping/index.html", "fr/practice/index.html"]
    for kind, edit in EDITS.items():
        edit(project)
        ahead = preview(Project(project), open_pages, records)
        build(Project(project), site, records=records)
        if kind == "new page":
            assert ahead == {}
            continue
        pages = [path for path in open_pages if (site / path).is_file()]
        assert sorted(path for path in ahead if path.endswith(".html")) == sorted(pages), kind
        for path, data in ahead.items():
            assert data == (site / path).read_bytes(), (kind, path)


def test_a_cache_in_the_tree_is_never_read(tmp_path: Path, project: Path) -> None:
    """The cache lives in the machine's folder, not the project's: a `.cache/` a pull
    request commits (a manifest saying the site is current, a planted picture) says
    nothing, and the copy's own cache starts empty."""
    copy = tmp_path / "copy"
    shutil.copytree(project, copy)
    site = copy.parent / "site"
    shutil.copytree(project.parent / "site", site)
    planted = copy / ".cache" / "build"
    planted.mkdir(parents=True)
    shutil.copy2(Project(project).cache / "manifest.json", planted / "manifest.json")
    (copy / ".cache" / "pictures").mkdir()
    (copy / ".cache" / "pictures" / "planted.png").write_bytes(b"not drawn here")
    assert Project(copy).cache != Project(project).cache
    status, _, err = run_captured(copy, "build", "--out", site)
    assert status == 0, err
    assert "nothing changed" not in err  # the committed manifest was not read
    assert "(0 unchanged)" in err
    assert not [path for path in site.rglob("*") if path.name.startswith("planted")]
    assert len(err.strip().splitlines()) == 1
