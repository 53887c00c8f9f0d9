"""What each example's figure shows, decided from the engine's answer in no language.

Positions are built by hand; each test says, from the rules, who sits where,
who holds the trick, who plays next, which cards stay in the hand, and which
declarations count. The pages lay these values out (templates/figures.html);
tests/browser/test_presentation.py checks the layout in a browser.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from conftest import ROOT, E, N, S, W, card, cards

from generator.content.files import InputFiles
from generator.content.rulesets import RuleSets
from generator.engine import Kind, Play, Position, RuleSet, Seat, Trump
from generator.verify.figures import MeldsFigure, TrickFigure, place
from generator.verify.kinds.declarations import KIND as DECLARATIONS
from generator.verify.kinds.declarations import DeclarationsScenario
from generator.verify.kinds.play import KIND as PLAY
from generator.verify.kinds.play import PlayScenario


@cache
def ruleset(name: str) -> RuleSet:
    found = RuleSets(ROOT / "content" / "rulesets", InputFiles.of(ROOT)).find(name)
    assert found is not None
    return found


def trick(
    trump: Trump,
    played: list[tuple[Seat, str]],
    seat: Seat,
    hand: str,
    card_played: str | None = None,
    rules: str = "maison",
) -> TrickFigure:
    rule_set = ruleset(rules)
    plays = tuple(Play(s, card(code)) for s, code in played)
    position = Position(rule_set, trump, plays, seat, tuple(cards(hand)))
    scenario = PlayScenario(
        id="test",
        path=Path("test.yaml"),
        line=1,
        rules=rule_set,
        position=position,
        play=card(card_played) if card_played else None,
        last_trick=False,
    )
    return PLAY.figure(scenario, PLAY.compute(scenario))


def seats(figure: TrickFigure) -> dict[Seat, tuple[str, str | None, int | None, bool, bool]]:
    return {
        at.seat: (at.place, at.card.code if at.card else None, at.order, at.holds, at.to_play)
        for at in figure.seats
    }


@pytest.mark.parametrize("bottom", [N, E, S, W], ids=lambda s: s.value)
def test_the_table_turns_so_that_the_bottom_seat_is_at_the_bottom(bottom: Seat) -> None:
    # Clockwise as a map is drawn (N, E, S, W): the next seat clockwise sits on the left.
    compass = [N, E, S, W]
    start = compass.index(bottom)
    turned = [compass[(start + step) % 4] for step in range(4)]
    assert [place(seat, bottom) for seat in turned] == ["bottom", "left", "top", "right"]


def test_north_follows_west_ace_which_holds_the_trick_so_far() -> None:
    figure = trick(Trump.HEARTS, [(W, "AS")], N, "KS 7S JH 9C 10D")
    assert figure.bottom is N and figure.seats[0].seat is N
    assert seats(figure) == {
        N: ("bottom", None, None, False, True),
        E: ("left", None, None, False, False),
        S: ("top", None, None, False, False),
        W: ("right", "AS", 1, True, False),
    }
    # Maison: North has spades and must follow; any spade will do.
    assert [(held.card.code, held.allowed) for held in figure.hand] == [
        ("KS", True),
        ("7S", True),
        ("JH", False),
        ("9C", False),
        ("10D", False),
    ]
    assert not figure.complete


def test_the_table_is_shown_before_the_play_with_the_whole_hand() -> None:
    # South leads the ace of spades, West and North follow: East is void in spades, his
    # partner is not winning, so under Maison he must trump with the jack of hearts. The
    # reader chooses that card: it stays in the hand, the table waits for it.
    figure = trick(Trump.HEARTS, [(S, "AS"), (W, "10S"), (N, "7S")], E, "JH KD", "JH")
    assert seats(figure) == {
        E: ("bottom", None, None, False, True),
        S: ("left", "AS", 1, True, False),
        W: ("top", "10S", 2, False, False),
        N: ("right", "7S", 3, False, False),
    }
    assert [(held.card.code, held.allowed) for held in figure.hand] == [
        ("JH", True),
        ("KD", False),
    ]
    assert not figure.complete


def test_a_bare_table_has_nobody_holding_it_and_the_leader_to_play() -> None:
    figure = trick(Trump.NONE, [], S, "9H 10H AC JD")
    assert [at.seat for at in figure.seats if at.to_play] == [S]
    assert not any(at.holds or at.card for at in figure.seats)
    assert figure.trump is Trump.NONE
    assert all(held.allowed for held in figure.hand)  # a lead may be any card


def test_three_players_sit_at_three_places() -> None:
    rules = ruleset("three-players")
    figure = trick(Trump.HEARTS, [], rules.order[0], "9H 10H AC JD", rules="three-players")
    assert len(figure.seats) == 3
    assert len({at.place for at in figure.seats}) == 3
    assert figure.seats[0].place == "bottom"


def melds(trump: Trump, hands: dict[Seat, str]) -> MeldsFigure:
    scenario = DeclarationsScenario(
        id="test",
        path=Path("test.yaml"),
        line=1,
        rules=ruleset("maison"),
        trump=trump,
        hands={seat: tuple(cards(hand)) for seat, hand in hands.items()},
        leader=N,
    )
    return DECLARATIONS.figure(scenario, DECLARATIONS.compute(scenario))


def test_each_hand_shows_its_melds_and_what_counts() -> None:
    # North: four spades in sequence, a cinquante (50); East: four nines, a carré (150);
    # West: three diamonds, a tierce (20). Maison weighs sequences and carrés apart:
    # North's cinquante beats West's tierce, and East's carré stands alone.
    figure = melds(Trump.HEARTS, {N: "AS KS QS JS 8D", E: "9C 9D 9H 9S 7D", W: "KD QD JD"})
    north, east, west = figure.hands
    assert [hand.seat for hand in figure.hands] == [N, E, W]
    assert [(m.kind, m.points, m.counts) for m in north.melds] == [(Kind.CINQUANTE, 50, True)]
    assert sorted(c.code for c in north.melds[0].cards) == ["AS", "JS", "KS", "QS"]
    assert [c.code for c in north.rest] == ["8D"]
    assert [(m.kind, m.points, m.counts) for m in east.melds] == [(Kind.CARRE, 150, True)]
    assert [(m.kind, m.points, m.counts) for m in west.melds] == [(Kind.TIERCE, 20, False)]
    maison = ruleset("maison")
    assert dict(figure.totals) == {maison.side_of(N): 50, maison.side_of(E): 150}


def test_a_card_in_two_declarations_appears_in_both() -> None:
    # North: the carré of jacks and a tierce J-Q-K of hearts share the jack of hearts.
    figure = melds(Trump.SPADES, {N: "JH JS JD JC QH KH", E: "7C 8C 9C 10C"})
    north = figure.hands[0]
    groups = sorted(sorted(c.code for c in meld.cards) for meld in north.melds)
    assert groups == [["JC", "JD", "JH", "JS"], ["JH", "KH", "QH"]]
    assert north.rest == ()
