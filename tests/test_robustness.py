"""Whatever a content file says, the command answers in one line: never a traceback.

Hypothesis writes scenario files from the format's own vocabulary mixed with
garbage; every run must end with exit 0, 1 or 2, and a refusal must be one
`error: FILE...` line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from conftest import CONTENT
from helpers.effort import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import main

KEYS = [
    "id",
    "kind",
    "rules",
    "trump",
    "trick",
    "hand",
    "play",
    "last_trick",
    "expect",
    "title",
    "text",
    "hands",
    "leader",
    "taker",
    "points",
    "capot",
    "declarations",
    "belote",
    "deals",
    "target",
    "seat",
    "cards",
    "card",
    "allowed",
    "reasons",
    "winner",
    "breakdown",
    "outcome",
    "score",
    "held",
    "totals",
    "found",
]
WORDS = [
    "play",
    "deal",
    "game",
    "declarations",
    "maison",
    "coinche-official",
    "three-players",
    "ffb-classic",
    "hearts",
    "none",
    "all",
    "spades",
    "north",
    "east",
    "south",
    "west",
    "north-south",
    "east-west",
    "KS",
    "10H",
    "TH",
    "9D",
    "7C",
    "AS",
    "JH",
    "QS",
    "XX",
    "made",
    "dedans",
    "litige",
    "tierce",
    "carre",
    "../x",
    "",
    "lead",
    "may-discard",
]
scalars = st.one_of(
    st.sampled_from(WORDS),
    st.integers(-200, 400),
    st.booleans(),
    st.none(),
    st.text(max_size=8),
    st.floats(allow_nan=False, allow_infinity=False),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.sampled_from(KEYS + WORDS), inner, max_size=6),
    ),
    max_leaves=25,
)
scenario = st.dictionaries(st.sampled_from(KEYS), values, max_size=9)
documents = st.one_of(scenario, st.lists(scenario, max_size=3), values)


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site's content in a project of its own, without the catalogs: `check` reads every
    catalog of its project beside the files it is given, and these tests are about the files
    (the catalogs are fuzzed below)."""
    copy = tmp_path_factory.mktemp("bare") / "content"
    shutil.copytree(CONTENT, copy)
    return copy


def _run(capsys: pytest.CaptureFixture[str], content: Path, *args: str) -> tuple[int, str]:
    capsys.readouterr()
    status = main(["--content", str(content), *args])
    return status, capsys.readouterr().err


def _assert_answered(status: int, err: str, path: Path) -> None:
    assert status in (0, 1, 2)
    if status == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1, err
        assert lines[0].startswith(f"error: {path}"), err


# `make test-thorough` tries ten times as many (tests/helpers/effort.py).
FUZZ = settings(
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _answers_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Path, document: object
) -> None:
    path = tmp_path / "generated.yaml"
    path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    for command in ("check", "explain"):
        status, err = _run(capsys, content, command, str(path))
        _assert_answered(status, err, path)


@FUZZ
@given(documents)
def test_generated_scenario_files_never_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Path, document: object
) -> None:
    _answers_every_command(tmp_path, capsys, content, document)


@settings(
    max_examples=examples(200),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.text(max_size=200))
def test_arbitrary_text_never_crashes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Path, text: str
) -> None:
    path = tmp_path / "text.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    status, err = _run(capsys, content, "check", str(path))
    _assert_answered(status, err, path)


def test_an_empty_content_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["--project", str(tmp_path), "check"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and err.startswith(f"error: {tmp_path / 'content'}")


def test_a_rule_set_missing_an_option_names_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    rules = content / "rulesets" / "maison.yaml"
    rules.write_text(
        "\n".join(
            line
            for line in rules.read_text().splitlines()
            if not line.startswith("must_undertrump")
        )
        + "\n"
    )
    status = main(["--project", str(tmp_path), "check"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1
    assert err.startswith(f"error: {rules}:") and "must_undertrump" in err


@pytest.mark.parametrize(
    ("body", "mentions"),
    [
        ("points: {north-south: 100, east-west: 100}\n", "162"),
        ("points: {north-south: 100}\n", "east-west"),
        ("points: {north-south: 81, east-west: 81}\ncapot: north-south\n", "capot"),
        (
            "points: {north-south: 81, east-west: 81}\ndeclarations: {north: [[KS, QS]]}\n",
            "sequence",
        ),
        ("points: {north-south: 81, east-west: 81}\nbelote: nowhere\n", "seat"),
    ],
)
def test_bad_deals_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Path, body: str, mentions: str
) -> None:
    path = tmp_path / "deal.yaml"
    path.write_text("id: bad-deal\nkind: deal\nrules: maison\ntrump: hearts\ntaker: north\n" + body)
    status, err = _run(capsys, content, "explain", str(path))
    assert status == 2
    assert err.count("\n") == 1 and err.startswith(f"error: {path}:")
    assert mentions in err


def test_deals_after_the_game_ended_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Path
) -> None:
    path = tmp_path / "game.yaml"
    deal = "{trump: hearts, taker: north, capot: north-south}"
    # Two capots (252 each) pass a 500 target: a third deal cannot follow.
    path.write_text(
        f"id: too-long\nkind: game\nrules: maison\ntarget: 500\ndeals: [{deal}, {deal}, {deal}]\n"
    )
    status, err = _run(capsys, content, "explain", str(path))
    assert status == 2
    assert err.startswith(f"error: {path}:1:") and "deal 3" in err


def _real_scenarios() -> list[object]:
    documents: list[object] = []
    for path in sorted((CONTENT / "scenarios").rglob("*.yaml")):
        loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
        documents += loaded if isinstance(loaded, list) else [loaded]
    return documents


REAL = _real_scenarios()


@st.composite
def mutated(draw: st.DrawFn) -> object:
    """A real scenario with a few of its values (at any depth) replaced by anything."""
    import copy

    document = copy.deepcopy(draw(st.sampled_from(REAL)))
    for _ in range(draw(st.integers(1, 3))):
        node = document
        while True:
            if isinstance(node, dict) and node:
                key = draw(st.sampled_from(sorted(node, key=str)))
                if draw(st.booleans()) or not isinstance(node[key], (dict, list)):
                    node[key] = draw(values)
                    break
                node = node[key]
            elif isinstance(node, list) and node:
                index = draw(st.integers(0, len(node) - 1))
                if draw(st.booleans()) or not isinstance(node[index], (dict, list)):
                    node[index] = draw(values)
                    break
                node = node[index]
            else:
                break
    return document


@FUZZ
@given(mutated())
def test_mutated_real_scenarios_never_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Path, document: object
) -> None:
    _answers_every_command(tmp_path, capsys, content, document)


# ---------------------------------------------------------------------------
# catalogs and rule sets, fuzzed the same way

ROOT = CONTENT.parent
SK_CATALOG = (ROOT / "locales" / "sk" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
GOOD_SCENARIO = (
    "id: fuzz-target\nrules: {rules}\ntrump: hearts\ntrick:\n  - {{seat: west, card: AS}}\n"
    "hand: {{seat: north, cards: [KS, 7S, JH]}}\nexpect:\n  allowed: [KS, 7S]\n"
)
FRAGMENTS = st.sampled_from(
    [
        "%(card)s", "%(num)s", "%(name)s", "%", "%%", "%s", "%(", "<b>", "</b>", "<", ">",
        "<!--", "&amp;", '\\"', "\\\\", "\\n", "\\t", "\x01", "\x00", "é", "ř", "ữ", "\u202e",
        "a", " ", "msgstr", '"',
    ]
)  # fmt: skip
PLURAL_TOKENS = st.sampled_from(
    ["n", "0", "1", "2", "10", "100", "==", "!=", "<", ">=", "&&", "||", "?", ":", "(", ")",
     "%", "/", "+", "-", "*", "!", ";", "nplurals", "=", " "]
)  # fmt: skip


@st.composite
def fuzzed_catalog(draw: st.DrawFn) -> str:
    """The Slovak catalog with a few translations, lines or its plural header garbled."""
    lines = SK_CATALOG.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        choice = draw(st.integers(0, 3))
        index = draw(st.integers(0, len(lines) - 1))
        garbage = "".join(draw(st.lists(FRAGMENTS, max_size=8)))
        if choice == 0 and lines[index].startswith("msgstr"):
            keyword = lines[index].split(" ", 1)[0]
            lines[index] = f'{keyword} "{garbage}"'
        elif choice == 1:
            lines.insert(index, garbage)
        elif choice == 2:
            expression = "".join(draw(st.lists(PLURAL_TOKENS, max_size=12)))
            count = draw(st.sampled_from(["0", "1", "3", "7", "100000000", "-1", "x"]))
            lines = [
                f'"Plural-Forms: nplurals={count}; plural={expression};\\n"'
                if line.startswith('"Plural-Forms:')
                else line
                for line in lines
            ]
        else:
            lines[index : index + 1] = [lines[index]] * draw(st.integers(0, 3))
    return "\n".join(lines)


def _fuzz_project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    if not project.exists():
        (project / "locales" / "sk" / "LC_MESSAGES").mkdir(parents=True)
        shutil.copytree(CONTENT, project / "content")
    return project


@FUZZ
@given(fuzzed_catalog())
def test_fuzzed_catalogs_never_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    project = _fuzz_project(tmp_path)
    catalog = project / "locales" / "sk" / "LC_MESSAGES" / "messages.po"
    catalog.write_text(text, encoding="utf-8", errors="surrogatepass")
    scenario = tmp_path / "scenario.yaml"
    scenario.write_text(GOOD_SCENARIO.format(rules="maison"))
    capsys.readouterr()
    status = main(["--project", str(project), "check", str(scenario)])
    err = capsys.readouterr().err
    assert status in (0, 2), err
    if status == 2:
        lines = err.strip().splitlines()
        assert lines and all(line.startswith(f"error: {catalog}") for line in lines), err


MAISON = yaml.safe_load((CONTENT / "rulesets" / "maison.yaml").read_text(encoding="utf-8"))


@FUZZ
@given(st.data())
def test_fuzzed_rule_sets_never_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    import copy

    document = copy.deepcopy(MAISON)
    for _ in range(data.draw(st.integers(1, 3))):
        node = document
        while isinstance(node, dict) and node:
            key = data.draw(st.sampled_from(sorted(node, key=str)))
            if data.draw(st.booleans()) or not isinstance(node[key], dict):
                node[key] = data.draw(values)
                break
            node = node[key]
    content = tmp_path / "content"
    (content / "rulesets").mkdir(parents=True, exist_ok=True)
    rules = content / "rulesets" / "fuzz.yaml"
    rules.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    scenario = tmp_path / "scenario.yaml"
    scenario.write_text(GOOD_SCENARIO.format(rules="fuzz"))
    capsys.readouterr()
    status = main(["--content", str(content), "check", str(scenario)])
    err = capsys.readouterr().err
    assert status in (0, 1, 2), err
    if status == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1, err
        assert lines[0].startswith((f"error: {rules}", f"error: {scenario}")), err
