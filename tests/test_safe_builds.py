"""A build that fails keeps the last site whole, and writes nothing outside its output
folder: on the fixture project (tests/fixture/)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.project import (
    all_files,
    built_fixture,
    cli,
    copy_project,
    fixture_copy,
    po_path,
    run_captured,
    tree_hash,
)


def _break_an_expectation(project: Path) -> None:
    seed = project / "content" / "scenarios" / "examples.yaml"
    text = seed.read_text(encoding="utf-8")
    # follow-led-suit: north holds KS 7S JH 9C 10D after west's AS; both spades are allowed.
    assert "    allowed: [KS, 7S]\n" in text
    seed.write_text(text.replace("    allowed: [KS, 7S]\n", "    allowed: [KS]\n", 1))


def _previous_build(site: Path, into: Path) -> Path:
    """A previous build's output, copied from the module's."""
    shutil.copytree(site, into)
    return into


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_fixture(tmp_path_factory, "built").parent / "site"


def _copy(factory: pytest.TempPathFactory, name: str) -> Path:
    return fixture_copy(factory.mktemp(name) / "project")


def test_build_refuses_a_wrong_expectation_and_keeps_the_previous_site(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str], site: Path
) -> None:
    project = _copy(tmp_path_factory, "wrong")
    out = _previous_build(site, project.parent / "site")
    before = tree_hash(out)
    around = all_files(project.parent)
    _break_an_expectation(project)
    status, out_text, _err = cli(capsys, project, "build", "--out", out)
    assert status == 1
    assert "follow-led-suit" in out_text
    assert "examples.yaml:" in out_text
    assert tree_hash(out) == before
    assert all_files(project.parent) == around  # no half-built folder left beside it


def test_build_failing_midway_keeps_the_previous_site_then_a_good_build_replaces_it(
    tmp_path_factory: pytest.TempPathFactory, site: Path
) -> None:
    project = _copy(tmp_path_factory, "midway")
    out = _previous_build(site, project.parent / "site")
    (out / "stale.html").write_text("from an old build\n")
    before = tree_hash(out)
    # A template that fails while pages are being written.
    template = project / "templates" / "legal_cards.html"
    good = template.read_text(encoding="utf-8")
    template.write_text(good.replace("{% block main %}", "{% block main %}{{ no_such.thing }}"))
    command = [sys.executable, "-m", "generator", "--project", str(project), "build"]
    failed = subprocess.run([*command, "--out", str(out)], capture_output=True, text=True)
    assert failed.returncode != 0
    assert "no_such" in failed.stderr
    assert tree_hash(out) == before
    assert {p.name for p in project.parent.iterdir()} == {"project", "site"}
    # With the template mended, the next build replaces the old output whole.
    template.write_text(good)
    status, _, err = run_captured(project, "build", "--out", out)
    assert status == 0, err
    assert not (out / "stale.html").exists()
    assert (out / "fr" / "legal-cards" / "index.html").is_file()
    leftovers = {p.name for p in project.parent.iterdir()} - {"project", "site"}
    assert not leftovers


def test_build_refuses_to_replace_a_folder_that_is_not_a_build(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _copy(tmp_path_factory, "notbuild")
    out = project.parent / "documents"
    out.mkdir()
    (out / "thesis.txt").write_text("years of work\n")
    (out / "sub").mkdir()
    (out / "sub" / "data.csv").write_text("1,2\n")
    before = tree_hash(out)
    around = all_files(project.parent)
    status, _, err = cli(capsys, project, "build", "--out", out)
    assert status in (1, 2)
    assert "documents" in err
    assert tree_hash(out) == before
    assert all_files(project.parent) == around


def test_build_refuses_a_catalog_that_injects_a_script(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _copy(tmp_path_factory, "script")
    catalog = po_path(project, "fr")
    text = catalog.read_text(encoding="utf-8")
    needle = 'msgid "Card by card"\nmsgstr "'
    assert needle in text
    catalog.write_text(text.replace(needle, needle + "<script>alert(1)</script>", 1))
    out = project.parent / "site"
    status, _, err = cli(capsys, project, "build", "--out", out)
    assert status == 2
    assert "locales/fr/LC_MESSAGES/messages.po:" in err
    assert not out.exists()


def _escape_by_scenario_id(project: Path) -> None:
    (project / "content" / "scenarios" / "escape.yaml").write_text(
        "id: ../../escape\nrules: maison\ntrump: hearts\ntrick: []\n"
        "hand: {seat: north, cards: [KS]}\nexpect:\n  allowed: [KS]\n"
    )


def _escape_by_page_slug(project: Path) -> None:
    page = project / "content" / "pages" / "legal-cards.yaml"
    text = page.read_text(encoding="utf-8")
    assert "\nslug: legal-cards\n" in text
    page.write_text(text.replace("\nslug: legal-cards\n", "\nslug: ../../escape\n", 1))


def _escape_by_variant_file(project: Path) -> None:
    variants = project / "content" / "variants"
    shutil.copy(variants / "classic-team.yaml", variants / "..escape.yaml")


def _escape_by_locale_folder(project: Path) -> None:
    source = po_path(project, "fr")
    target = project / "locales" / "..escape" / "LC_MESSAGES" / "messages.po"
    target.parent.mkdir(parents=True)
    shutil.copy(source, target)


@pytest.mark.parametrize(
    ("escape", "copy"),
    [
        (_escape_by_scenario_id, fixture_copy),
        (_escape_by_page_slug, fixture_copy),
        # Variant files are read by the variant page, which only the real site has.
        (_escape_by_variant_file, copy_project),
        (_escape_by_locale_folder, fixture_copy),
    ],
    ids=["scenario-id", "page-slug", "variant-file", "locale-folder"],
)
def test_nothing_is_written_outside_the_output_folder(
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
    escape: Callable[[Path], None],
    copy: Callable[[Path], Path],
) -> None:
    top = tmp_path_factory.mktemp("escape")
    project = copy(top / "a" / "b" / "project")
    escape(project)
    out = project.parent / "out"
    before = tree_hash(top)
    status, _, err = cli(capsys, project, "build", "--out", out)
    assert status == 2, err
    assert [line for line in err.splitlines() if line.startswith("error: ")], err
    assert tree_hash(top) == before
    outside = [p for p in top.rglob("*escape*") if project not in p.parents]
    assert not outside
