"""The build benchmark's generated sites build, so that `bench/build.py` cannot silently
break again: its sites are made from the project's own pages, which change under it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from helpers.project import ROOT

from generator.content.catalogs import discover_languages


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    # bench/build.py imports its neighbours (anchors, common) by their plain names.
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(ROOT / "bench"))
        spec = importlib.util.spec_from_file_location("bench_build", ROOT / "bench" / "build.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        # Dataclasses look their module up while the class is made.
        patch.setitem(sys.modules, spec.name, module)
        spec.loader.exec_module(module)
    return module


def test_a_small_generated_site_builds_with_every_edit_the_bench_times(
    bench: ModuleType, tmp_path: Path
) -> None:
    # Two languages (English and the first catalog) of one page more than the project
    # has: every page once, and one page copied; with the root and not-found pages.
    per_language = sum(len(file.keys) for file in bench.page_files(ROOT)) + 1
    size = 2 * per_language + 2
    site = bench.make_site(tmp_path, str(size))
    assert discover_languages(site.project / "locales") == ["en", "bg"]
    assert (site.shape.pages, site.shape.copied_pages) == (per_language, 1)
    run = bench.run_build(site.project, site.out)
    assert bench.html_pages(site.out) == size
    assert run.peak_mb > 0
    # Each edit the bench times finds what it edits in the generated project, and the
    # resident server rebuilds after each (a failed rebuild is an error, not a figure).
    edits = {
        "scenario": bench.scenario_edit(site.project),
        "translation": bench.translation_edit(site.project),
        "template": bench.template_edit(site.project),
    }
    for edit in edits.values():
        changed, original = edit.versions
        assert changed != original
        edit.apply(0)  # as the fresh builds leave it: the server's edit puts it back
    watched = bench.watched_edits(site, edits, 1)
    assert sorted(watched) == [
        f"{what}-{edit}" for what in ("site", "watch") for edit in sorted(edits)
    ]
    assert all(len(runs) == 1 and runs[0].peak_mb > 0 for runs in watched.values())


def test_a_site_too_small_for_the_home_page_and_what_it_needs_is_refused(
    bench: ModuleType,
) -> None:
    files = bench.page_files(ROOT)
    home = next(f for f in files if f.slug is None)
    # Home's `start:` links name the Learn pages: the smallest site has them.
    assert {
        ROOT / "content" / "pages" / f"{name}.yaml" for name in ("learn-belote", "learn-coinche")
    } <= home.needs
    with pytest.raises(bench.TooSmall):
        bench.choose_pages(files, len(home.keys))


def test_catalogs_are_copied_under_new_codes_up_to_sixty_languages(bench: ModuleType) -> None:
    locales = ROOT / "locales"
    sources = discover_languages(locales)[1:]
    copies = bench.language_copies(locales, 60)
    assert len(copies) == 60 - 1 - len(sources)
    assert not set(copies) & {*sources, "en"}
    assert set(copies.values()) <= set(sources)
