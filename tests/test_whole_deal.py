"""Whole deals played again card by card (`kind: whole-deal`, docs/scenarios.md).

The engine half replays a deal worked out by hand from the Maison rules
(follow suit; on a trump lead go higher, even over a partner; void, trump
unless the partner holds the trick; card values J 20, 9 14, A 11, 10 10,
K 4, Q 3 in trump, A 11, 10 10, K 4, Q 3, J 2 elsewhere; 10 for the last
trick). The scenario half breaks the content's deals one fact at a time and
expects one error line at the line at fault, naming the trick, the seat and
the reason.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import CONTENT, E, N, S, W, cards
from helpers.rules import COINCHE, MAISON

from generator.cli import main
from generator.engine import (
    Card,
    IllegalPlayError,
    Play,
    Reason,
    Seat,
    Side,
    Trump,
    played_facts,
    replay_deal,
)

DEALS = CONTENT / "scenarios" / "deals"

# The deal of content/scenarios/deals/maison-made.yaml, hearts trump, North leading.
HANDS = {
    N: cards("9H 8H 10S 8S 10D 9D KC 7C"),
    E: cards("AH 7H KS QS AD 8D 10C 9C"),
    S: cards("JH KH QH AS 7S AC 8C 7D"),
    W: cards("10H JS 9S KD QD JD QC JC"),
}
LEADS = [N, S, S, S, E, E, S, N]
TRICKS = [
    "KC 10C AC JC",
    "JH 10H 8H 7H",
    "AS 9S 10S QS",
    "7S JS 8S KS",
    "AD 7D JD 9D",
    "8D QH QD 10D",
    "KH KD 9H AH",
    "7C 9C 8C QC",
]


def plays(leads: list[Seat], tricks: list[str]) -> list[list[Play]]:
    return [
        [Play(seat, card) for seat, card in zip(MAISON.order_from(lead), cards(codes), strict=True)]
        for lead, codes in zip(leads, tricks, strict=True)
    ]


# ---------------------------------------------------------------------------
# the engine


def test_a_recorded_deal_is_played_again() -> None:
    deal = replay_deal(MAISON, Trump.HEARTS, HANDS, N, plays(LEADS, TRICKS))
    # Worked by hand (see the scenario's comments): winners and points of each trick.
    assert [r.winner for r in deal.results] == [S, S, S, E, E, S, N, W]
    assert [r.points for r in deal.results] == [27, 30, 24, 6, 13, 16, 33, 13]
    assert deal.results[-1].last_trick_bonus == 10
    assert sum(r.points for r in deal.results) == 162


def test_each_card_comes_with_the_verdict_on_the_whole_hand() -> None:
    deal = replay_deal(MAISON, Trump.HEARTS, HANDS, N, plays(LEADS, TRICKS))
    # Trick 6: East leads the 8 of diamonds; South, void, holds KH QH 8C: an
    # opponent holds the trick, so any trump, and the club is refused.
    south = deal.steps[5][1]
    assert south.play == Play(S, Card.parse("QH"))
    assert {v.card.code: v.reason for v in south.hand} == {
        "KH": Reason.ANY_TRUMP,
        "QH": Reason.ANY_TRUMP,
        "8C": Reason.MUST_TRUMP,
    }
    assert south.verdict.reason is Reason.ANY_TRUMP
    # Trick 7: South leads the king of trump; North holds 9H 7C and must go higher.
    north = deal.steps[6][2]
    assert {v.card.code: v.reason for v in north.hand} == {
        "9H": Reason.BEAT_TRUMP,
        "7C": Reason.MUST_FOLLOW_SUIT,
    }
    # Every card of a lead is allowed.
    assert {v.reason for v in deal.steps[0][0].hand} == {Reason.LEAD}


def test_a_refused_card_names_the_trick_the_seat_and_the_reason() -> None:
    tricks = list(TRICKS)
    tricks[5] = "8D 8C QD 10D"  # South discards a club where he must trump
    with pytest.raises(IllegalPlayError) as refused:
        replay_deal(MAISON, Trump.HEARTS, HANDS, N, plays(LEADS, tricks))
    assert str(refused.value) == "trick 6, south: 8C refused: must trump (allowed: KH, QH)"
    assert (refused.value.trick, refused.value.card) == (6, 2)


def test_a_trick_led_by_the_wrong_seat_is_refused() -> None:
    leads = list(LEADS)
    leads[4] = S  # East took trick 4 with the king of spades
    tricks = list(TRICKS)
    tricks[4] = "7D JD 9D AD"
    with pytest.raises(IllegalPlayError, match="trick 5 is led by south, but east took trick 4"):
        replay_deal(MAISON, Trump.HEARTS, HANDS, N, plays(leads, tricks))


def test_a_card_not_held_or_played_twice_is_refused() -> None:
    tricks = list(TRICKS)
    tricks[0] = "AD 10C AC JC"  # the ace of diamonds is East's
    with pytest.raises(IllegalPlayError, match="trick 1, north: AD is not in north's hand"):
        replay_deal(MAISON, Trump.HEARTS, HANDS, N, plays(LEADS, tricks))
    tricks = list(TRICKS)
    tricks[7] = "7C 9C 8C JC"  # West's jack of clubs went in trick 1
    with pytest.raises(IllegalPlayError, match="JC is already played in trick 1"):
        replay_deal(MAISON, Trump.HEARTS, HANDS, N, plays(LEADS, tricks))


def test_too_few_tricks_or_cards_are_refused() -> None:
    with pytest.raises(IllegalPlayError, match="a deal has 8 tricks, this one 7"):
        replay_deal(MAISON, Trump.HEARTS, HANDS, N, plays(LEADS[:7], TRICKS[:7]))
    short = plays(LEADS, TRICKS)
    short[2] = short[2][:3]
    with pytest.raises(IllegalPlayError, match="trick 3 has 3 cards; a trick has 4"):
        replay_deal(MAISON, Trump.HEARTS, HANDS, N, short)


def test_the_facts_of_a_capot() -> None:
    # content/scenarios/deals/coinche-capot.yaml: North takes all eight tricks.
    hands = {
        N: cards("JH 9H AH 10H AS KS QS AC"),
        E: cards("7H JS 9S 8S QD JD 9D 8D"),
        S: cards("KH QH 8H AD 10D KD 10S 10C"),
        W: cards("7S 7D KC QC JC 9C 8C 7C"),
    }
    leads = [W, N, N, N, N, N, N, N]
    tricks = [
        "7D 10H 8D KD",
        "JH 7H 8H 7C",
        "AS 8S 10S 7S",
        "KS 9S 10C 8C",
        "QS JS 10D 9C",
        "9H 9D QH JC",
        "AH JD KH QC",
        "AC QD AD KC",
    ]
    recorded = [
        [Play(seat, card) for seat, card in zip(COINCHE.order_from(lead), cards(t), strict=True)]
        for lead, t in zip(leads, tricks, strict=True)
    ]
    deal = replay_deal(COINCHE, Trump.HEARTS, hands, W, recorded)
    facts = played_facts(COINCHE, Trump.HEARTS, hands, deal, S, W, None)
    assert facts.capot == Side((N, S)) and facts.generale is N
    assert facts.card_points == {}
    assert facts.belotes == (S,)
    # Two tierces each for North (A K Q of spades, J 10 9 of hearts) and West (clubs).
    assert sorted(len(d.cards) for d in facts.declarations[N]) == [3, 3]
    assert sorted(len(d.cards) for d in facts.declarations[W]) == [3, 3]
    assert E not in facts.declarations and S not in facts.declarations


# ---------------------------------------------------------------------------
# the scenario files


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(["--content", str(CONTENT), *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _broken(tmp_path: Path, name: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of a content deal with one fact changed, and the line it is on."""
    text = (DEALS / name).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    line = text[: text.index(old)].count("\n") + 1
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path, line


@pytest.mark.parametrize(
    ("name", "old", "new", "mentions"),
    [
        # A wrong card: East must follow clubs.
        (
            "maison-made.yaml",
            "[KC, 10C, AC, JC]",
            "[KC, AH, AC, JC]",
            "trick 1, east: AH refused: must follow suit",
        ),
        # South must trump the diamond.
        ("maison-made.yaml", "[8D, QH, QD, 10D]", "[8D, 8C, QD, 10D]", "trick 6, south: 8C"),
        # Coinche: East must overtrump North's queen with the nine.
        (
            "coinche-down.yaml",
            "[KD, QS, 9S, KH]",
            "[KD, QS, 8S, KH]",
            "trick 6, east: 8S refused: must overtrump (allowed: 9S)",
        ),
        # The wrong leader: East took trick 4.
        (
            "maison-made.yaml",
            "{lead: east, cards: [AD, 7D, JD, 9D]}",
            "{lead: south, cards: [7D, JD, 9D, AD]}",
            "trick 5 is led by south, but east took trick 4",
        ),
        # Too few cards in a trick.
        ("maison-made.yaml", "[7C, 9C, 8C, QC]", "[7C, 9C, 8C]", "trick 8 has 3 cards"),
        # A card its player does not hold.
        ("maison-made.yaml", "[KC, 10C, AC, JC]", "[AD, 10C, AC, JC]", "not in north's hand"),
        # A card twice: West is given North's king of clubs.
        (
            "maison-made.yaml",
            "[10H, JS, 9S, KD, QD, JD, QC, JC]",
            "[10H, JS, 9S, KD, QD, JD, QC, KC]",
            "KC",
        ),
        # A hand of seven cards.
        (
            "maison-made.yaml",
            "[10H, JS, 9S, KD, QD, JD, QC, JC]",
            "[10H, JS, 9S, KD, QD, JD, QC]",
            "7 cards",
        ),
        # An illegal call: take is a first-round call, choose a second-round one.
        (
            "maison-made.yaml",
            "{seat: south, call: take}",
            "{seat: south, call: choose spades}",
            "not-this-round",
        ),
        # A bid not above the last one.
        (
            "coinche-down.yaml",
            "{seat: north, call: 100 spades}",
            "{seat: north, call: 90 spades}",
            "not-higher",
        ),
        # A call out of turn.
        (
            "coinche-down.yaml",
            "{seat: west, call: 90 diamonds}",
            "{seat: north, call: 90 diamonds}",
            "west does",
        ),
        # The turned card must be the taker's.
        ("maison-made.yaml", "turned: JH ", "turned: 7H ", "not in south's hand"),
        # An auction that has not ended.
        ("maison-made.yaml", "  - {seat: south, call: take}\n", "", "the auction is not over"),
        # No card is turned where players bid.
        ("coinche-down.yaml", "dealer: east ", "turned: 7D\ndealer: east ", "bids"),
    ],
)
def test_a_broken_deal_is_one_line_at_the_line_at_fault(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    old: str,
    new: str,
    mentions: str,
) -> None:
    path, line = _broken(tmp_path, name, old, new)
    for command in ("check", "explain"):
        status, out, err = _run(capsys, command, str(path))
        assert status == 2 and out == ""
        [message] = err.splitlines()
        found = re.match(rf"error: {re.escape(str(path))}:(\d+): ", message)
        assert found, message
        # The hand, the call or the trick at fault (the whole `hands` or `calls` for
        # a fact between lines: a card twice, an auction cut short).
        assert int(found[1]) in {line, line - 1, line - 2, line - 3, line - 4}, message
        assert mentions in message, message


def test_a_wrong_expectation_is_reported_at_its_own_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (DEALS / "maison-made.yaml").read_text(encoding="utf-8")
    wrong = text.replace("- {winner: south, points: 24}", "- {winner: east, points: 25}")
    wrong = wrong.replace(
        "score: {north-south: 170, east-west: 32}", "score: {north-south: 160, east-west: 32}"
    )
    path = tmp_path / "deal.yaml"
    path.write_text(wrong, encoding="utf-8")
    lines = wrong.splitlines()
    trick_line = lines.index("    - {winner: east, points: 25}") + 1
    score_line = lines.index("  score: {north-south: 160, east-west: 32}") + 1
    status, out, _ = _run(capsys, "check", str(path))
    assert status == 1
    found = sorted(out.splitlines())
    assert found == sorted(
        [
            f"{path}:{trick_line}: scenario maison-deal-made: tricks.3.winner: expected east, "
            "computed south",
            f"{path}:{trick_line}: scenario maison-deal-made: tricks.3.points: expected 25, "
            "computed 24",
            f"{path}:{score_line}: scenario maison-deal-made: score: expected north-south 160, "
            "east-west 32, computed north-south 170, east-west 32",
        ]
    )


def test_explain_gives_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "explain", str(DEALS / "coinche-down.yaml"))
    assert status == 0
    [deal] = json.loads(out)
    assert [c["reason"] for c in deal["calls"]] == [
        "opening",
        "bid",
        "bid",
        "coinche",
        "pass",
        "pass",
        "pass",
    ]
    assert deal["contract"] == {
        "taker": "north",
        "trump": "spades",
        "bid": 100,
        "coinche": "coinche",
    }
    # Trick 6, worked by hand: North must trump (belote), East must overtrump, South
    # may play a lower trump but need not (FFB coinche 2015 §5).
    sixth = deal["tricks"][5]["plays"]
    assert [(p["seat"], p["card"], p["reason"]) for p in sixth] == [
        ("west", "KD", "lead"),
        ("north", "QS", "any-trump"),
        ("east", "9S", "overtrump"),
        ("south", "KH", "may-discard"),
    ]
    assert sixth[1]["announce"] == "belote"
    assert sixth[3]["hand"] == {"7S": "may-undertrump", "10H": "may-discard", "KH": "may-discard"}
    assert [p["holder"] for p in sixth] == ["west", "north", "east", "east"]
    assert deal["belote"] == [
        {"seat": "north", "suit": "spades", "belote_trick": 6, "rebelote_trick": 8}
    ]
    assert [(d["seat"], d["kind"], d["counts"]) for d in deal["declarations"]] == [
        ("west", "cinquante", True),
        ("north", "tierce", False),
    ]
    assert deal["score"] == {"north-south": 20, "east-west": 620}
    assert deal["terms"]["east-west"]["multiplier"] == 2
