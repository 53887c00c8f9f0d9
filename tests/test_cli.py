"""The `belote-site` command line: check, explain, and how bad input is reported."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import BAD_INPUT, CONTENT, ROOT, RULESETS

from generator.cli import main

SEED = CONTENT / "scenarios" / "legal-cards" / "seed.yaml"


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    status = main(["--content", str(CONTENT), *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    """The 1-based number of the only line of `path` that contains `needle`."""
    found = [i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line]
    assert len(found) == 1, (needle, found)
    return found[0]


def line_starting(path: Path, key: str) -> int:
    """The 1-based number of the only line of `path` that starts (indented or not) with `key`."""
    lines = path.read_text().splitlines()
    found = [i for i, line in enumerate(lines, 1) if line.lstrip().startswith(key)]
    assert len(found) == 1, (key, found)
    return found[0]


@pytest.fixture(autouse=True)
def _in_the_project(monkeypatch: pytest.MonkeyPatch) -> None:
    # `check` also looks at the project around the content folder: run from its root.
    monkeypatch.chdir(ROOT)


# The seed's "who wins the trick" position, worked out by hand from the rules:
# south leads AS, west 10S, north 7S; east, void in spades with an opponent
# winning, must trump: JH takes 11 + 10 + 0 + 20 = 41 (51 as the last trick).
TRICK = """\
- id: {id}
  rules: maison
  trump: hearts
  trick:
    - {{seat: south, card: AS}}
    - {{seat: west, card: 10S}}
    - {{seat: north, card: 7S}}
  hand: {{seat: east, cards: [JH, KD]}}
  play: JH
{extra}  expect:
{expect}"""


def trick_file(folder: Path, expect: str, *, id: str = "east-trumps", extra: str = "") -> Path:
    return write(folder, f"{id}.yaml", TRICK.format(id=id, expect=expect, extra=extra))


# ---------------------------------------------------------------------------
# check: content as it stands


def test_check_content_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "check", CONTENT)
    assert status == 0
    assert out == ""
    assert "error" not in err
    assert "Traceback" not in err


def test_check_without_paths_checks_the_content_folder(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check")
    assert status == 0
    assert out == ""


def test_check_seed_file_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "check", SEED)
    assert status == 0
    assert out == ""
    assert "Traceback" not in err


def test_check_a_right_hand_worked_answer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = trick_file(
        tmp_path,
        "    allowed: [JH]\n    winner: east\n    points: 41\n    breakdown: [11, 10, 0, 20]\n"
        "    reasons: {JH: any-trump, KD: must-trump}\n",
    )
    status, out, _ = run(capsys, "check", path)
    assert (status, out) == (0, "")


def test_check_last_trick_adds_ten(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = trick_file(tmp_path, "    points: 51\n", extra="  last_trick: true\n")
    status, out, _ = run(capsys, "check", path)
    assert (status, out) == (0, "")


# ---------------------------------------------------------------------------
# check: wrong expectations


MISMATCH = re.compile(
    r"^(?P<file>.+):(?P<line>\d+): scenario (?P<id>[a-z0-9-]+): (?P<field>[\w.]+): "
    r"expected (?P<expected>.+), computed (?P<computed>.+)$"
)


def mismatch_lines(out: str) -> list[re.Match[str]]:
    lines = out.splitlines()
    matches = [MISMATCH.match(line) for line in lines]
    assert all(matches), lines
    return [m for m in matches if m]


def test_wrong_allowed_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = trick_file(tmp_path, "    allowed: [JH, KD]\n")
    status, out, err = run(capsys, "check", path)
    assert status == 1
    [found] = mismatch_lines(out)
    assert found["file"] == str(path)
    assert int(found["line"]) in {line_of(path, "expect:"), line_of(path, "allowed:")}
    assert found["id"] == "east-trumps"
    assert found["field"] == "allowed"
    assert "KD" in found["expected"] and "JH" in found["expected"]
    assert "JH" in found["computed"] and "KD" not in found["computed"]
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("expect", "field", "expected", "computed"),
    [
        ("    winner: west\n", "winner", "west", "east"),
        ("    points: 40\n", "points", "40", "41"),
        ("    reasons: {JH: overtrump}\n", "reasons.JH", "overtrump", "any-trump"),
        ("    reasons: {KD: may-discard}\n", "reasons.KD", "may-discard", "must-trump"),
    ],
)
def test_wrong_field_reports_expected_and_computed(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    expect: str,
    field: str,
    expected: str,
    computed: str,
) -> None:
    path = trick_file(tmp_path, expect)
    status, out, _ = run(capsys, "check", path)
    assert status == 1
    [found] = mismatch_lines(out)
    assert found["file"] == str(path)
    assert found["line"] == str(line_of(path, expect.split(":")[0].strip() + ":"))
    assert (found["field"], found["expected"], found["computed"]) == (field, expected, computed)


def test_wrong_breakdown(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = trick_file(tmp_path, "    breakdown: [11, 10, 0, 14]\n")
    status, out, _ = run(capsys, "check", path)
    assert status == 1
    [found] = mismatch_lines(out)
    assert found["field"] == "breakdown"
    assert re.findall(r"\d+", found["expected"]) == ["11", "10", "0", "14"]
    assert re.findall(r"\d+", found["computed"]) == ["11", "10", "0", "20"]


def test_points_without_last_trick_bonus_is_a_mismatch_when_last(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = trick_file(tmp_path, "    points: 41\n", extra="  last_trick: true\n")
    status, out, _ = run(capsys, "check", path)
    assert status == 1
    [found] = mismatch_lines(out)
    assert (found["field"], found["expected"], found["computed"]) == ("points", "41", "51")


def test_mismatch_line_points_at_the_wrong_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # `points` is the third key of `expect`: the line reported should be that
    # of `points:` (or of `expect:`), not that of the first key, `allowed:`.
    path = trick_file(tmp_path, "    allowed: [JH]\n    winner: east\n    points: 40\n")
    status, out, _ = run(capsys, "check", path)
    assert status == 1
    [found] = mismatch_lines(out)
    assert found["field"] == "points"
    assert int(found["line"]) in {line_of(path, "expect:"), line_of(path, "points:")}


def test_every_mismatch_gets_its_own_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = trick_file(tmp_path, "    allowed: [KD]\n    winner: north\n    points: 0\n")
    status, out, _ = run(capsys, "check", path)
    assert status == 1
    found = mismatch_lines(out)
    assert sorted(m["field"] for m in found) == ["allowed", "points", "winner"]


def test_mismatches_across_files_and_scenarios(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = trick_file(tmp_path, "    points: 41\n", id="good-one")
    bad = trick_file(tmp_path, "    winner: south\n", id="bad-one")
    status, out, _ = run(capsys, "check", good, bad)
    assert status == 1
    [found] = mismatch_lines(out)
    assert (found["file"], found["id"]) == (str(bad), "bad-one")


# ---------------------------------------------------------------------------
# Bad input: one line on stderr, error: FILE:LINE:, exit 2


def _corpus() -> list[Path]:
    return sorted(BAD_INPUT.glob("*.yaml"))


def _marks(path: Path) -> set[int]:
    text = path.read_bytes().decode("utf-8", errors="replace")
    marked = {i for i, line in enumerate(text.splitlines(), 1) if re.search(r"#\s*<-\s*$", line)}
    return marked or {1}


def _mentions(path: Path) -> list[str]:
    first = path.read_bytes().decode("utf-8", errors="replace").partition("\n")[0]
    if first.startswith("# mentions:"):
        return [part.strip() for part in first.removeprefix("# mentions:").split("|")]
    return []


def assert_one_error_line(err: str, path: Path, lines: set[int], mentions: list[str]) -> None:
    assert "Traceback" not in err
    assert err.endswith("\n")
    err_lines = err.splitlines()
    assert len(err_lines) == 1, err_lines
    found = re.match(rf"^error: {re.escape(str(path))}:(\d+): \S", err_lines[0])
    assert found, err_lines[0]
    assert int(found[1]) in lines, (int(found[1]), sorted(lines))
    for text in mentions:
        assert text.lower() in err_lines[0].lower(), text


def test_the_corpus_is_there() -> None:
    assert len(_corpus()) >= 20


@pytest.mark.parametrize("command", ["check", "explain"])
@pytest.mark.parametrize("path", _corpus(), ids=lambda p: p.stem)
def test_bad_input_is_one_error_line(
    capsys: pytest.CaptureFixture[str], path: Path, command: str
) -> None:
    status, out, err = run(capsys, command, path)
    assert status == 2
    assert out == ""
    assert_one_error_line(err, path, _marks(path), _mentions(path))


def test_duplicate_id_across_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    first = trick_file(tmp_path, "    points: 41\n", id="same-id")
    second = write(tmp_path, "second.yaml", first.read_text())
    status, out, err = run(capsys, "check", first, second)
    assert status == 2
    assert out == ""
    assert_one_error_line(err, second, {1}, ["same-id", f"{first}:1"])


def test_check_requires_expect_explain_does_not(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(
        tmp_path,
        "no-expect.yaml",
        "id: no-expect\nrules: maison\ntrump: hearts\ntrick: []\n"
        "hand: {seat: north, cards: [KS]}\n",
    )
    status, out, err = run(capsys, "check", path)
    assert status == 2
    assert_one_error_line(err, path, {1}, ["expect"])
    status, out, err = run(capsys, "explain", path)
    assert (status, err) == (0, "")
    assert json.loads(out)[0]["allowed"] == ["KS"]


def test_missing_path_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.yaml"
    status, out, err = run(capsys, "check", missing)
    assert status == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith(f"error: {missing}")


# ---------------------------------------------------------------------------
# Rule sets from another content folder


def _content_with(tmp_path: Path, name: str, text: str) -> Path:
    content = tmp_path / "content"
    (content / "rulesets").mkdir(parents=True)
    write(content / "rulesets", f"{name}.yaml", text)
    return content


def _maison_with(**changes: str) -> str:
    text = (RULESETS / "maison.yaml").read_text(encoding="utf-8")
    for key, value in changes.items():
        text, count = re.subn(rf"(?m)^{key}:.*$", f"{key}: {value}", text)
        assert count == 1, key
    return text


def test_anticlockwise_rule_set(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    content = _content_with(tmp_path, "ffb", _maison_with(direction="anticlockwise"))
    # Anticlockwise, west plays after north and south after west; south's
    # partner north holds the trick: south, void in clubs, may play anything.
    good = write(
        tmp_path,
        "good.yaml",
        "id: anticlockwise\nrules: ffb\ntrump: hearts\n"
        "trick:\n  - {seat: north, card: AC}\n  - {seat: west, card: 7C}\n"
        "hand: {seat: south, cards: [8H, KS]}\nexpect:\n  allowed: [8H, KS]\n",
    )
    assert main(["--content", str(content), "check", str(good)]) == 0
    # Clockwise order is refused: east does not play after north.
    bad = write(
        tmp_path,
        "bad.yaml",
        "id: clockwise\nrules: ffb\ntrump: hearts\n"
        "trick:\n  - {seat: north, card: AC}\n  - {seat: east, card: 7C}\n"
        "hand: {seat: south, cards: [8H, KS]}\nexpect:\n  allowed: [8H, KS]\n",
    )
    capsys.readouterr()
    assert main(["--content", str(content), "check", str(bad)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert_one_error_line(err, bad, {line_of(bad, "east")}, ["east"])


def test_three_player_rule_set(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    content = _content_with(
        tmp_path, "three", _maison_with(seats="[north, east, west]", partnerships="[]")
    )
    # North leads, east takes over with the ace; west has no partner, so
    # void in clubs he must trump.
    good = write(
        tmp_path,
        "good.yaml",
        "id: three\nrules: three\ntrump: hearts\n"
        "trick:\n  - {seat: north, card: 7C}\n  - {seat: east, card: AC}\n"
        "hand: {seat: west, cards: [8H, KS]}\nexpect:\n  allowed: [8H]\n",
    )
    assert main(["--content", str(content), "check", str(good)]) == 0
    capsys.readouterr()
    # South is not at this table.
    bad = write(
        tmp_path,
        "bad.yaml",
        "id: absent-seat\nrules: three\ntrump: hearts\ntrick: []\n"
        "hand: {seat: south, cards: [8H]}\nexpect:\n  allowed: [8H]\n",
    )
    assert main(["--content", str(content), "check", str(bad)]) == 2
    _out, err = capsys.readouterr()
    assert_one_error_line(err, bad, {line_of(bad, "south")}, ["south"])


@pytest.mark.parametrize(
    ("changes", "needle"),
    [
        ({"must_undertrump": '"sometimes"'}, "must_undertrump"),
        ({"direction": "widdershins"}, "direction"),
        ({"seats": "[north, east, south, sky]"}, "seats"),
        ({"partnerships": "[[north, east], [south, west], [north, south]]"}, "partnerships"),
        ({"last_trick_bonus": "ten"}, "last_trick_bonus"),
    ],
)
def test_bad_rule_set_is_one_error_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, changes: dict[str, str], needle: str
) -> None:
    content = _content_with(tmp_path, "broken", _maison_with(**changes))
    ruleset = content / "rulesets" / "broken.yaml"
    scenario = write(
        tmp_path,
        "s.yaml",
        "id: s\nrules: broken\ntrump: hearts\ntrick: []\n"
        "hand: {seat: north, cards: [KS]}\nexpect:\n  allowed: [KS]\n",
    )
    assert main(["--content", str(content), "check", str(scenario)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert_one_error_line(err, ruleset, {line_starting(ruleset, f"{needle}:")}, [])


def test_empty_rule_set_file_is_one_error_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    content = _content_with(tmp_path, "blank", "")
    scenario = write(
        tmp_path,
        "s.yaml",
        "id: s\nrules: blank\ntrump: hearts\ntrick: []\n"
        "hand: {seat: north, cards: [KS]}\nexpect:\n  allowed: [KS]\n",
    )
    assert main(["--content", str(content), "check", str(scenario)]) == 2
    _out, err = capsys.readouterr()
    assert_one_error_line(err, content / "rulesets" / "blank.yaml", {1}, [])


def test_rule_set_values_missing_a_rank(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = _maison_with().replace('"8": 0, "7": 0}', '"8": 0}', 1)
    content = _content_with(tmp_path, "short", text)
    ruleset = content / "rulesets" / "short.yaml"
    scenario = write(
        tmp_path,
        "s.yaml",
        "id: s\nrules: short\ntrump: hearts\ntrick: []\n"
        "hand: {seat: north, cards: [KS]}\nexpect:\n  allowed: [KS]\n",
    )
    assert main(["--content", str(content), "check", str(scenario)]) == 2
    _out, err = capsys.readouterr()
    assert_one_error_line(err, ruleset, {line_starting(ruleset, "trump:")}, ["7"])


# ---------------------------------------------------------------------------
# explain


def test_explain_seed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "explain", SEED)
    assert status == 0
    assert err == ""
    answers = json.loads(out)
    assert isinstance(answers, list)
    by_id = {answer["id"]: answer for answer in answers}
    assert len(by_id) == len(answers)
    for answer in answers:
        assert {"id", "seat", "allowed", "reasons"} <= answer.keys()
        assert set(answer["allowed"]) <= set(answer["reasons"])
        for code, reason in answer["reasons"].items():
            assert (code in answer["allowed"]) is (not reason.startswith("must-"))

    follow = by_id["follow-led-suit"]
    assert follow["seat"] == "north"
    assert sorted(follow["allowed"]) == ["7S", "KS"]
    assert follow["reasons"] == {
        "KS": "follow-suit",
        "7S": "follow-suit",
        "JH": "must-follow-suit",
        "9C": "must-follow-suit",
        "10D": "must-follow-suit",
    }
    assert "winner" not in follow and "points" not in follow and "breakdown" not in follow

    trick = by_id["who-wins-the-trick"]
    assert trick["seat"] == "east"
    assert trick["allowed"] == ["JH"]
    assert trick["winner"] == "east"
    assert trick["points"] == 41
    assert trick["breakdown"] == [11, 10, 0, 20]

    assert sorted(by_id["cannot-overtrump-undertrump-maison"]["allowed"]) == ["7S", "9S"]
    assert sorted(by_id["cannot-overtrump-coinche-official"]["allowed"]) == [
        "7S",
        "9S",
        "KH",
        "QC",
    ]


def test_explain_play_that_does_not_complete_the_trick(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(
        tmp_path,
        "half.yaml",
        "id: half\nrules: maison\ntrump: hearts\ntrick:\n  - {seat: south, card: AS}\n"
        "hand: {seat: west, cards: [10S, KD]}\nplay: 10S\n",
    )
    status, out, _ = run(capsys, "explain", path)
    assert status == 0
    [answer] = json.loads(out)
    assert answer["allowed"] == ["10S"]
    assert "winner" not in answer and "points" not in answer and "breakdown" not in answer


def test_explain_last_trick(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = trick_file(tmp_path, "    points: 51\n", extra="  last_trick: true\n")
    status, out, _ = run(capsys, "explain", path)
    assert status == 0
    [answer] = json.loads(out)
    assert (answer["winner"], answer["points"], answer["breakdown"]) == (
        "east",
        51,
        [11, 10, 0, 20],
    )


def test_explain_needs_a_path() -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--content", str(CONTENT), "explain"])
    assert exit_info.value.code == 2


# ---------------------------------------------------------------------------
# The real command, in a subprocess


def _python_m_generator(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "--content", str(CONTENT), *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_subprocess_check_content() -> None:
    done = _python_m_generator("check", CONTENT)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert "Traceback" not in done.stderr


def test_subprocess_bad_input_has_no_traceback() -> None:
    path = BAD_INPUT / "bad-card-code.yaml"
    done = _python_m_generator("check", path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert_one_error_line(done.stderr, path, _marks(path), ["ZS"])


def test_subprocess_mismatch(tmp_path: Path) -> None:
    path = trick_file(tmp_path, "    points: 40\n")
    done = _python_m_generator("check", path)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    [found] = mismatch_lines(done.stdout)
    assert (found["field"], found["expected"], found["computed"]) == ("points", "40", "41")


def test_copying_content_elsewhere_still_checks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    copy = tmp_path / "content"
    shutil.copytree(CONTENT, copy)
    assert main(["--content", str(copy), "check", str(copy)]) == 0
