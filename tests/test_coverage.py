"""Which scenario shows a stated option value at work: the engine, run again with the
option changed, must answer otherwise (or refuse the scenario).

Each case says by hand, from the rules, whether the option decides the scenario.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.files import InputFiles
from generator.content.rulesets import RuleSets
from generator.verify import Checked, check_all
from generator.verify.coverage import Stated, coverage, demonstrates

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


def _checked(tmp_path: Path, text: str) -> list[Checked]:
    path = tmp_path / "cases.yaml"
    path.write_text(text, encoding="utf-8")
    files = InputFiles.of(ROOT, tmp_path)
    return check_all([path], RuleSets(CONTENT / "rulesets", files), files, need_expect=False)


def _one(tmp_path: Path, text: str) -> Checked:
    (found,) = _checked(tmp_path, text)
    return found


# South is void in clubs and his partner North holds the trick with the ace: under
# maison (partner winning frees) any card goes; were it not so, he would have to trump.
VOID_PARTNER_WINNING = """
id: void-partner-winning
rules: maison
trump: hearts
trick: [{seat: north, card: AC}, {seat: east, card: 7C}]
hand: {seat: south, cards: [8H, QH, KS, 9D]}
"""

# South holds a club: he follows suit, whoever wins the trick and whatever the trump rules.
CAN_FOLLOW = """
id: can-follow
rules: maison
trump: hearts
trick: [{seat: north, card: AC}, {seat: east, card: 7C}]
hand: {seat: south, cards: [8C, QH, KS, 9D]}
"""


def test_a_void_hand_with_partner_winning_shows_the_partner_rule(tmp_path: Path) -> None:
    assert demonstrates(_one(tmp_path, VOID_PARTNER_WINNING), "partner_winning_frees")


def test_a_hand_that_can_follow_shows_no_trumping_rule(tmp_path: Path) -> None:
    case = _one(tmp_path, CAN_FOLLOW)
    for path in ("partner_winning_frees", "must_undertrump", "beat_partner_on_trump_lead"):
        assert not demonstrates(case, path), path


def test_a_failed_contract_shows_its_points_through_the_rounding(tmp_path: Path) -> None:
    # FFB coinche: 160 + 90 to the defence = 250. 161 would still round to 250, but
    # 170 gives 260: the failed contract's 160 is at work.
    case = _one(
        tmp_path,
        """
id: failed-90
kind: deal
rules: coinche-official
trump: clubs
taker: east
contract: 90
points: {north-south: 92, east-west: 70}
""",
    )
    assert demonstrates(case, "contract.failed_points")
    # A made contract never counts a failed contract's points.
    made = _one(
        tmp_path,
        """
id: made-90
kind: deal
rules: coinche-official
trump: clubs
taker: east
contract: 90
points: {north-south: 40, east-west: 122}
""",
    )
    assert not demonstrates(made, "contract.failed_points")


def test_a_game_shows_its_target_only_when_it_ends_there(tmp_path: Path) -> None:
    ended, unfinished = _checked(
        tmp_path,
        """
# Two capots with a carré of jacks: 252 + 200 = 452 each, 904; a third deal, East-West
# dedans: North-South 162 more, 1066, past maison's 1000.
- id: ends-at-1000
  kind: game
  rules: maison
  deals:
    - {trump: spades, taker: north, capot: north-south, declarations: {north: [[JS, JH, JD, JC]]}}
    - {trump: spades, taker: north, capot: north-south, declarations: {north: [[JS, JH, JD, JC]]}}
    - {trump: hearts, taker: east, points: {north-south: 102, east-west: 60}}
# Played to 5000, whatever the rule set's target: that target plays no part.
- id: its-own-target
  kind: game
  rules: maison
  target: 5000
  deals:
    - {trump: spades, taker: north, capot: north-south}
""",
    )
    assert demonstrates(ended, "scoring.target")
    assert not demonstrates(unfinished, "scoring.target")


def test_an_option_of_another_rule_set_value_is_not_shown_by_this_one(tmp_path: Path) -> None:
    # Maison makes a player undertrump, the official Coinche rules do not: a maison
    # scenario cannot witness coinche-official's must_undertrump, whatever it shows.
    case = _one(tmp_path, VOID_PARTNER_WINNING)
    rulesets = RuleSets(CONTENT / "rulesets", InputFiles.of(ROOT))
    found = coverage([Stated("must_undertrump", rulesets.get_id("coinche-official"))], [case])
    assert found.missing == [("must_undertrump", "coinche-official")]


@pytest.mark.parametrize("path", ["bidding.double_name"])
def test_a_name_of_a_call_shows_in_the_auction(tmp_path: Path, path: str) -> None:
    # Contrée calls the double a contre: an auction with one says so.
    case = _one(
        tmp_path,
        """
id: contre-called
kind: auction
rules: contree
dealer: west
calls:
  - {seat: north, call: 80 hearts}
  - {seat: east, call: coinche}
""",
    )
    assert demonstrates(case, path)


def test_the_engine_is_asked_again_only_about_an_edited_scenario_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search asks the engine whether an option changes a scenario's answer; the
    build keeps the answers per scenario file, so the next build asks nothing, and a
    build after an edit asks only about the edited file's scenarios."""
    from generator.site.pipeline import verified
    from generator.site.pipeline.build import load_inputs
    from generator.site.pipeline.cache import Cache
    from generator.site.pipeline.project import Project
    from generator.site.rendering.statements import covered

    inputs = load_inputs(Project(ROOT))
    asked: list[Path] = []

    def counted(one: Checked, path: str) -> bool:
        asked.append(Path(one.scenario.path))
        return demonstrates(one, path)

    monkeypatch.setattr(verified, "demonstrates", counted)

    def search(files: InputFiles) -> dict[tuple[str, str], str | None]:
        kept = verified.Demonstrations(Cache(tmp_path), inputs.rulesets, files)
        found = covered(inputs.pages, inputs.checked, kept)
        kept.save()
        return {key: one.id if one else None for key, one in found.shown_by.items()}

    first = search(inputs.project.files)
    edited, asked_first = asked[-1], set(asked)
    asked.clear()
    assert search(inputs.project.files) == first and asked == []

    class Edited(InputFiles):
        def read_bytes(self, path: Path) -> bytes:
            return super().read_bytes(path) + (b"#" if path == edited else b"")

    assert search(Edited(inputs.project.files.roots)) == first
    assert set(asked) == {edited} and len(asked_first) > 1
