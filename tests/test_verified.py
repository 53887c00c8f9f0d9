"""Verified scenarios remembered per file: taken back only while the file, the rule sets
and the code are the ones they were checked with."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.project import copy_project

from generator.content.errors import ContentError
from generator.content.rulesets import RuleSets
from generator.site.pipeline import verified
from generator.site.pipeline.cache import Cache
from generator.site.pipeline.project import Project
from generator.site.pipeline.verified import verified_scenarios
from generator.verify import check_all


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return Project(copy_project(tmp_path / "project"))


def _explained(project: Project, cache: Path) -> list[dict[str, object]]:
    rulesets = RuleSets(project.content / "rulesets", project.files)
    found = verified_scenarios(project.content, rulesets, project.files, Cache(cache))
    return [checked.explain() for checked in found]


def _computed(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files verified from scratch (not taken from a record) from now on."""
    calls: list[Path] = []

    def counting(paths: list[Path], *args: object, **kwargs: object) -> object:
        calls.extend(paths)
        return check_all(paths, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(verified, "check_all", counting)
    return calls


def test_records_give_back_what_verifying_gives(
    project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    rulesets = RuleSets(project.content / "rulesets", project.files)
    fresh = [c.explain() for c in check_all([project.content], rulesets, project.files)]
    assert _explained(project, cache) == fresh
    computed = _computed(monkeypatch)
    assert _explained(project, cache) == fresh
    assert computed == []


def test_a_changed_file_or_rule_set_is_verified_again(
    project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    _explained(project, cache)
    computed = _computed(monkeypatch)
    edited = project.content / "scenarios" / "legal-cards" / "seed.yaml"
    edited.write_text(edited.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    _explained(project, cache)
    assert computed == [edited]
    computed.clear()
    ruleset = project.content / "rulesets" / "maison.yaml"
    text = ruleset.read_text(encoding="utf-8")
    ruleset.write_text(text.replace("name: ", "name: Renamed ", 1), encoding="utf-8")
    _explained(project, cache)
    assert len(computed) == len(list((project.content / "scenarios").rglob("*.yaml")))


def test_a_record_that_no_longer_loads_is_verified_again(
    project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    _explained(project, cache)
    computed = _computed(monkeypatch)
    for record in cache.iterdir():
        record.write_bytes(record.read_bytes()[:-9])
    _explained(project, cache)
    assert len(computed) == len(list((project.content / "scenarios").rglob("*.yaml")))


def test_ids_stay_unique_across_files_taken_from_records(project: Project, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _explained(project, cache)
    seed = project.content / "scenarios" / "legal-cards" / "seed.yaml"
    copy = project.content / "scenarios" / "copy.yaml"
    copy.write_bytes(seed.read_bytes())
    with pytest.raises(ContentError, match="is already used at"):
        _explained(project, cache)


def test_a_copy_of_the_project_takes_the_records_back_with_its_own_paths(
    project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second checkout (or a test's copy) verifies nothing again, and every scenario it
    takes back points at its own files, never at the copy it came from."""
    cache = tmp_path / "cache"
    _explained(project, cache)
    other = Project(copy_project(tmp_path / "other"))
    computed = _computed(monkeypatch)
    rulesets = RuleSets(other.content / "rulesets", other.files)
    found = verified_scenarios(other.content, rulesets, other.files, Cache(cache))
    assert computed == []
    assert found and all(c.scenario.path.is_relative_to(other.content) for c in found)
