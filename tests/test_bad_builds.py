"""Every kind of bad input stops `build` with one line, and the previous site stays as it was.

One project copy is built once; then each bad input is put in, the build is
run into the same output folder, and the bad input is taken out again.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import BAD_INPUT
from helpers.project import (
    cli,
    cli_quiet,
    fixture_copy,
    fresh_copy,
    leftovers,
    po_path,
    read_catalog,
    tree_hash,
    write_catalog,
)

ERROR_LINE = re.compile(r"^error: (?P<file>[^:]+):(?P<line>\d+):")
PROBLEM_LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): ")


def _built(project: Path) -> tuple[Path, Path, dict[str, str]]:
    site = project.parent / "site"
    cli_quiet(project, "build", "--out", site)
    return project, site, tree_hash(site)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """The fixture project (tests/fixture/), built: every bad input that stops at reading."""
    return _built(fixture_copy(tmp_path_factory.mktemp("bad-builds") / "project"))


@pytest.fixture(scope="module")
def built_real(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """The real project, built: for what only its pages read (the comparison's wording)."""
    return _built(fresh_copy(tmp_path_factory, "bad-builds-real"))


def _assert_refused(
    capsys: pytest.CaptureFixture[str], built: tuple[Path, Path, dict[str, str]]
) -> str:
    project, site, before = built
    status, out, err = cli(capsys, project, "build", "--out", site)
    assert status in (1, 2)
    if status == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and ERROR_LINE.match(lines[0]), err
        named = lines[0]
    else:
        lines = out.strip().splitlines()
        assert lines and all(PROBLEM_LINE.match(line) for line in lines), out
        named = lines[0]
    assert tree_hash(site) == before, "the previous site was changed"
    assert not leftovers(site), "leftovers"
    return named


@pytest.fixture
def put(built: tuple[Path, Path, dict[str, str]]) -> Iterator[Callable[[str, bytes], None]]:
    """Put a file into the project copy for one test; it is restored afterwards."""
    yield from _putting(built[0])


@pytest.fixture
def put_real(
    built_real: tuple[Path, Path, dict[str, str]],
) -> Iterator[Callable[[str, bytes], None]]:
    yield from _putting(built_real[0])


def _putting(project: Path) -> Iterator[Callable[[str, bytes], None]]:
    saved: dict[Path, bytes | None] = {}

    def put_file(relative: str, data: bytes) -> None:
        target = project / relative
        if target not in saved:
            saved[target] = target.read_bytes() if target.exists() else None
        target.write_bytes(data)

    yield put_file
    for target, data in saved.items():
        if data is None:
            target.unlink()
        else:
            target.write_bytes(data)


@pytest.mark.parametrize("bad", sorted(BAD_INPUT.glob("*.yaml")), ids=lambda p: p.stem)
def test_each_bad_scenario_file_stops_the_build(
    capsys: pytest.CaptureFixture[str],
    built: tuple[Path, Path, dict[str, str]],
    put: Callable[[str, bytes], None],
    bad: Path,
) -> None:
    put("content/scenarios/bad.yaml", bad.read_bytes())
    assert "bad.yaml" in _assert_refused(capsys, built)


def test_a_wrong_expectation_stops_the_build(
    capsys: pytest.CaptureFixture[str],
    built: tuple[Path, Path, dict[str, str]],
    put: Callable[[str, bytes], None],
) -> None:
    put(
        "content/scenarios/wrong.yaml",
        b"""id: wrong-expectation
rules: maison
trump: hearts
trick: [{seat: west, card: AS}]
hand: {seat: north, cards: [KS, 7S]}
expect:
  allowed: [KS]
""",
    )
    assert "wrong.yaml" in _assert_refused(capsys, built)


def test_a_rule_set_missing_an_option_stops_the_build(
    capsys: pytest.CaptureFixture[str],
    built: tuple[Path, Path, dict[str, str]],
    put: Callable[[str, bytes], None],
) -> None:
    path = built[0] / "content" / "rulesets" / "contree.yaml"
    text = path.read_text(encoding="utf-8").replace("extends: coinche-official\n", "")
    put("content/rulesets/contree.yaml", text.encode())
    assert "contree.yaml" in _assert_refused(capsys, built)


@pytest.mark.parametrize(
    "translation",
    ['"Karta %(sat)s"', '"<script>alert(1)</script>Karta po karte"', '"Karta <b>po karte"'],
)
def test_a_broken_translation_stops_the_build(
    capsys: pytest.CaptureFixture[str],
    built: tuple[Path, Path, dict[str, str]],
    put: Callable[[str, bytes], None],
    translation: str,
) -> None:
    path = po_path(built[0], "fr")
    catalog = read_catalog(path, "fr")
    message = catalog.get("Card by card")
    assert message is not None
    message.string = translation.strip('"')
    original = path.read_bytes()
    write_catalog(path, catalog)
    broken = path.read_bytes()
    path.write_bytes(original)
    put(str(path.relative_to(built[0])), broken)
    assert "messages.po" in _assert_refused(capsys, built)


def test_a_scenario_folder_with_nothing_in_it_stops_the_build(
    capsys: pytest.CaptureFixture[str],
    built: tuple[Path, Path, dict[str, str]],
) -> None:
    scenarios = built[0] / "content" / "scenarios"
    hidden = scenarios.parent / "scenarios-hidden"
    scenarios.rename(hidden)
    scenarios.mkdir()
    try:
        status, _, err = cli(capsys, built[0], "build", "--out", built[1])
        assert status == 2 and err.count("\n") == 1 and "scenarios" in err
        assert tree_hash(built[1]) == built[2]
    finally:
        shutil.rmtree(scenarios)
        hidden.rename(scenarios)


@pytest.mark.parametrize("name", ["..", "../evil", "x/../../y"])
def test_a_locale_folder_named_with_dots_is_refused(
    capsys: pytest.CaptureFixture[str],
    built: tuple[Path, Path, dict[str, str]],
    name: str,
) -> None:
    project = built[0]
    outside = project.parent / "evil"
    assert cli(capsys, project, "locale", "add", name)[0] == 2
    assert not outside.exists()
    assert tree_hash(built[1]) == built[2]


@pytest.mark.parametrize(
    ("change", "named"),
    [
        # An option of the schema left without its wording.
        (
            lambda text: text.replace("  must_undertrump:\n", "  must_undertrump_gone:\n"),
            "options.yaml",
        ),
        # A value of an enum option without its sentence.
        (
            lambda text: text.replace(
                "      tens-five-down: To the nearest ten, a five down.\n", ""
            ),
            "options.yaml",
        ),
        # A number's sentence that drops its value.
        (
            lambda text: text.replace('value: "%(value)s points."', 'value: "Some points."', 1),
            "options.yaml",
        ),
        # A row linked to an example no scenario has.
        (
            lambda text: text.replace(
                "example: trump-led-beat-partner", "example: no-such-scenario"
            ),
            "options.yaml",
        ),
    ],
    ids=["option-unworded", "value-unworded", "value-dropped", "unknown-example"],
)
def test_a_rule_set_option_the_comparison_cannot_word_stops_the_build(
    capsys: pytest.CaptureFixture[str],
    built_real: tuple[Path, Path, dict[str, str]],
    put_real: Callable[[str, bytes], None],
    change: Callable[[str], str],
    named: str,
) -> None:
    text = (built_real[0] / "content" / "options.yaml").read_text(encoding="utf-8")
    changed = change(text)
    assert changed != text
    put_real("content/options.yaml", changed.encode())
    assert named in _assert_refused(capsys, built_real)


def test_a_rule_set_that_sets_options_without_a_source_stops_the_build(
    capsys: pytest.CaptureFixture[str],
    built: tuple[Path, Path, dict[str, str]],
    put: Callable[[str, bytes], None],
) -> None:
    put(
        "content/rulesets/unsourced.yaml",
        b"extends: maison\nname: Unsourced\nmust_undertrump: false\n",
    )
    assert "unsourced.yaml" in _assert_refused(capsys, built)


# A rule set whose belote is worth 30: no scenario of the site follows it.
LONELY_RULES = b"""extends: maison
name: Belote at thirty
source: A house rule, for this test.
declarations:
  belote: 30
"""
LONELY_PAGE = b"""kind: article
slug: lonely
rules: lonely
title: A belote of its own
sections:
  - heading: Belote
    blocks:
      - text: Belote-rebelote is worth %(belote_points)s.
"""


def test_a_page_stating_a_value_no_scenario_shows_stops_the_build(
    capsys: pytest.CaptureFixture[str],
    built: tuple[Path, Path, dict[str, str]],
    put: Callable[[str, bytes], None],
) -> None:
    put("content/rulesets/lonely.yaml", LONELY_RULES)
    put("content/pages/lonely.yaml", LONELY_PAGE)
    named = _assert_refused(capsys, built)
    assert "lonely.yaml:8:" in named and "declarations.belote: 30" in named


def test_a_page_stating_a_value_only_an_unshown_scenario_shows_stops_the_build(
    capsys: pytest.CaptureFixture[str],
    built: tuple[Path, Path, dict[str, str]],
    put: Callable[[str, bytes], None],
) -> None:
    put("content/rulesets/lonely.yaml", LONELY_RULES)
    put("content/pages/lonely.yaml", LONELY_PAGE)
    # North takes and makes it with belote: 100 + 30 = 130 against 62.
    put(
        "content/scenarios/lonely.yaml",
        b"""id: lonely-belote
kind: deal
rules: lonely
trump: hearts
taker: north
points: {north-south: 100, east-west: 62}
belote: north
expect:
  score: {north-south: 130, east-west: 62}
""",
    )
    named = _assert_refused(capsys, built)
    assert "lonely-belote" in named and "no page shows" in named


def test_a_choice_of_paragraph_states_its_option(
    capsys: pytest.CaptureFixture[str],
    built: tuple[Path, Path, dict[str, str]],
    put: Callable[[str, bytes], None],
) -> None:
    # A paragraph picked by an option states that option's value: maison has no belote
    # in all trumps, and no scenario of the site shows that at work.
    put("content/rulesets/lonely.yaml", LONELY_RULES)
    put(
        "content/pages/lonely.yaml",
        LONELY_PAGE.replace(
            b"      - text: Belote-rebelote is worth %(belote_points)s.\n",
            b"""      - choose: declarations.belote_in_all_trumps
        texts:
          "true": Each king and queen of trumps makes a belote.
          "false": There is no belote in all trumps.
""",
        ),
    )
    named = _assert_refused(capsys, built)
    assert "lonely.yaml:8:" in named and "declarations.belote_in_all_trumps: false" in named
