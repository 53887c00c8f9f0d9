"""Shared fixtures and small helpers for the engine and CLI tests.

Expected values in the tests are worked out by hand from
/work/shared/rules-reference.md; the helpers here only build inputs.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from generator.content.rulesets import RuleSets
from generator.engine import (
    Card,
    Direction,
    Play,
    RuleSet,
    Seat,
    Trump,
    legal_cards,
)

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
RULESETS = CONTENT / "rulesets"
BAD_INPUT = Path(__file__).resolve().parent / "bad_input"

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# The card values of the rules reference, written out by hand (not read from
# the rule set files), indexed by rank code.
TRUMP_VALUES = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
NO_TRUMP_VALUES = {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
ALL_TRUMPS_PAGAT = {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0}
ALL_TRUMPS_FFB2015 = {"J": 13, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 2, "8": 0, "7": 0}

# Strongest first, as the rules reference states them.
TRUMP_RANKS_HIGH_FIRST = ["J", "9", "A", "10", "K", "Q", "8", "7"]
PLAIN_RANKS_HIGH_FIRST = ["A", "10", "K", "Q", "J", "9", "8", "7"]


def card(code: str) -> Card:
    return Card.parse(code)


def cards(codes: str) -> list[Card]:
    """`cards("KS 7S JH")` -> the three cards, in that order."""
    return [Card.parse(code) for code in codes.split()]


def trick(*plays: tuple[Seat, str]) -> list[Play]:
    """`trick((W, "AS"), (N, "8S"))` -> the plays, in that order."""
    return [Play(seat, Card.parse(code)) for seat, code in plays]


def verdicts(
    rules: RuleSet, trump: Trump, plays: list[Play], seat: Seat, hand: str
) -> dict[str, str]:
    """The engine's verdicts as {card code: reason code}, for compact comparison."""
    return {
        v.card.code: v.reason.value for v in legal_cards(rules, trump, plays, seat, cards(hand))
    }


def allowed(rules: RuleSet, trump: Trump, plays: list[Play], seat: Seat, hand: str) -> set[str]:
    return {v.card.code for v in legal_cards(rules, trump, plays, seat, cards(hand)) if v.allowed}


def rank_of(code: str) -> str:
    return code[:-1]


def load_rulesets() -> RuleSets:
    return RuleSets(RULESETS)


@pytest.fixture(scope="session")
def rulesets() -> RuleSets:
    return load_rulesets()


@pytest.fixture(scope="session")
def maison(rulesets: RuleSets) -> RuleSet:
    found = rulesets.find("maison")
    assert found is not None
    return found


@pytest.fixture(scope="session")
def coinche(rulesets: RuleSets) -> RuleSet:
    found = rulesets.find("coinche-official")
    assert found is not None
    return found


@pytest.fixture(scope="session", params=["maison", "coinche-official"])
def any_rules(request: pytest.FixtureRequest, rulesets: RuleSets) -> RuleSet:
    """Each of the two content rule sets in turn (for rules they agree on)."""
    found = rulesets.find(request.param)
    assert found is not None
    return found


def three_player_rules(base: RuleSet) -> RuleSet:
    """Three players, each for himself: north, east and west, clockwise.

    Built from `base` (for its card values and options) with the table
    replaced: seats north, east, west and no partnerships.
    """
    return replace(
        base,
        id="three-player",
        name="Three players",
        seats=(N, E, W),
        direction=Direction.CLOCKWISE,
        partnerships=(),
        beat_partner_on_trump_lead=True,
        beat_partner_in_all_trumps=True,
        partner_winning_frees=True,
        must_undertrump=True,
    )


@pytest.fixture(scope="session")
def three_player(maison: RuleSet) -> RuleSet:
    return three_player_rules(maison)


@pytest.fixture(scope="session")
def anticlockwise(maison: RuleSet) -> RuleSet:
    """Maison with the FFB's anticlockwise play."""
    return replace(maison, id="maison-anticlockwise", direction=Direction.ANTICLOCKWISE)
