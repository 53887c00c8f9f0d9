"""A trick: the cards played to it, who takes it and what it is worth."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Suit
from .rules import RuleSet
from .seats import Seat
from .trump import Trump, strength


@dataclass(frozen=True, slots=True)
class Play:
    seat: Seat
    card: Card


def beats(card: Card, best: Card, trump: Trump) -> bool:
    """Whether `card` takes the trick from `best`, the card winning it so far.

    `best` is always of the led suit or a trump, so a card of any other suit
    can never take the trick.
    """
    if card.suit is best.suit:
        return strength(card, trump) > strength(best, trump)
    return card.suit is trump.suit


def winning_play(plays: Sequence[Play], trump: Trump) -> Play:
    """The play that holds the trick so far (or takes it, once complete)."""
    if not plays:
        raise ValueError("an empty trick has no winner")
    # `beats`, inlined: this runs for every card of every simulated deal.
    trump_suit = trump.suit
    all_trumps = trump is Trump.ALL
    best = plays[0]
    for play in plays[1:]:
        card, top = play.card, best.card
        if card.suit is top.suit:
            if all_trumps or card.suit is trump_suit:
                stronger = card.trump_strength > top.trump_strength
            else:
                stronger = card.plain_strength > top.plain_strength
        else:
            stronger = card.suit is trump_suit
        if stronger:
            best = play
    return best


def led_suit(plays: Sequence[Play]) -> Suit | None:
    return plays[0].card.suit if plays else None


@dataclass(frozen=True)
class TrickResult:
    """A complete trick's winner and value, with each card's points in play order."""

    winner: Seat
    breakdown: tuple[int, ...]
    last_trick_bonus: int

    @property
    def points(self) -> int:
        return sum(self.breakdown) + self.last_trick_bonus


def score_trick(
    plays: Sequence[Play], rules: RuleSet, trump: Trump, *, last_trick: bool = False
) -> TrickResult:
    if len(plays) != rules.players:
        raise ValueError(
            f"a trick is complete with {rules.players} cards, this one has {len(plays)}"
        )
    return TrickResult(
        winner=winning_play(plays, trump).seat,
        breakdown=tuple(rules.values.points(play.card, trump) for play in plays),
        last_trick_bonus=rules.last_trick_bonus if last_trick else 0,
    )
