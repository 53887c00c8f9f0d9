"""What an example's figure shows, decided once from the engine's answer, in no language.

A scenario kind that has a figure says what is on it (`ScenarioKind.figure`):
a trick on the table, or the hands and their declarations. The values are
the engine's (seats, cards, points); every page lays them out as markup in
its own language (templates/figures.html), as `chess.svg` turns a position
into a picture, so nothing on a figure is drawn per language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Card, DealFacts, DealScore, Kind, Play, RuleSet, Seat, Side, Trump, Verdict

# A seat's place on the page is its quarter turns, clockwise as a map is drawn, from
# the seat at the bottom: the table turns and the seats keep their order.
COMPASS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
PLACES = ("bottom", "left", "top", "right")


def place(seat: Seat, bottom: Seat) -> str:
    """Where `seat` sits on a table turned so that `bottom` is at the bottom."""
    return PLACES[(COMPASS.index(seat) - COMPASS.index(bottom)) % len(COMPASS)]


@dataclass(frozen=True)
class SeatAtTable:
    """One player at the table, and what lies before him in this trick."""

    seat: Seat
    place: str  # bottom, left, top or right
    card: Card | None  # the card he played to the trick, if any
    order: int | None  # its place in the order of play, from 1
    holds: bool  # whether his card holds the trick (so far, or once complete)
    to_play: bool  # whether he plays next


@dataclass(frozen=True)
class TrickFigure:
    """A trick as it lies on the table, and the hand of the player at the bottom."""

    seats: tuple[SeatAtTable, ...]  # every seat at the table, the bottom one first
    trick: tuple[Play, ...]  # in the order of play
    bottom: Seat
    trump: Trump
    hand: tuple[Verdict, ...]  # the cards still held, each with whether it may be played

    @property
    def complete(self) -> bool:
        return len(self.trick) == len(self.seats)


def trick_figure(
    rules: RuleSet,
    trump: Trump,
    table: Sequence[Play],
    bottom: Seat,
    to_move: Seat | None,
    holder: Seat | None,
    hand: Sequence[Verdict],
) -> TrickFigure:
    """The figure of a trick: who sits where, who played what, who holds it, who plays next."""
    played = {play.seat: (order, play.card) for order, play in enumerate(table, start=1)}
    seats = sorted(rules.order, key=lambda seat: PLACES.index(place(seat, bottom)))
    return TrickFigure(
        seats=tuple(
            SeatAtTable(
                seat,
                place(seat, bottom),
                played[seat][1] if seat in played else None,
                played[seat][0] if seat in played else None,
                seat == holder and seat in played,
                seat == to_move,
            )
            for seat in seats
        ),
        trick=tuple(table),
        bottom=bottom,
        trump=trump,
        hand=tuple(hand),
    )


@dataclass(frozen=True)
class Meld:
    """One declaration as the figure shows it: its cards, its worth, whether it counts."""

    kind: Kind
    cards: tuple[Card, ...]
    points: int
    counts: bool


@dataclass(frozen=True)
class MeldHand:
    seat: Seat
    melds: tuple[Meld, ...]
    rest: tuple[Card, ...]  # the cards of the hand in no declaration


@dataclass(frozen=True)
class MeldsFigure:
    """Every hand with its declarations, and what each side scores from them."""

    trump: Trump
    hands: tuple[MeldHand, ...]
    totals: tuple[tuple[Side, int], ...]


@dataclass(frozen=True)
class ScoreFigure:
    """A deal's score as its sheet shows it: what was played for, then every amount."""

    facts: DealFacts
    score: DealScore
