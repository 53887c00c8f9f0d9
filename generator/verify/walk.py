"""A whole deal as a page walks through it, step by step, in the engine's values and no language.

Each step is what happened and the engine's verdict on it: a call with its
reason, a card with the verdict on every card its player held (so that a
reader can try one first), who holds the trick after it, and the belote or
rebelote it announces; then each trick's winner and points, the
declarations as announced and which count, the count and the score sheet.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..engine import (
    Call,
    CallReason,
    Card,
    Contract,
    DealScore,
    Declaration,
    Seat,
    Side,
    Step,
    Suit,
    TrickResult,
    Trump,
    Verdict,
)


class Announce(enum.Enum):
    """What a player says as he plays the king or queen of a belote suit."""

    BELOTE = "belote"  # the first of the two
    REBELOTE = "rebelote"  # the second


@dataclass(frozen=True)
class CallStep:
    seat: Seat
    call: Call
    reason: CallReason  # why the call was allowed at its turn


@dataclass(frozen=True)
class PlayStep:
    """One card played, the engine's verdict on it and on every card its player held."""

    number: int  # the card's place in the deal, from 1 to 32
    step: Step
    holder: Seat  # who holds the trick once the card is down
    announce: Announce | None = None

    @property
    def seat(self) -> Seat:
        return self.step.play.seat

    @property
    def card(self) -> Card:
        return self.step.play.card

    @property
    def verdict(self) -> Verdict:
        return self.step.verdict

    @property
    def hand(self) -> tuple[Verdict, ...]:
        return self.step.hand


@dataclass(frozen=True)
class TrickWalk:
    number: int  # from 1
    plays: tuple[PlayStep, ...]
    result: TrickResult

    @property
    def leader(self) -> Seat:
        return self.plays[0].seat

    @property
    def last(self) -> bool:
        return self.result.last_trick_bonus > 0


@dataclass(frozen=True)
class Announced:
    """A declaration as announced at the first trick, and whether it counts."""

    seat: Seat
    declaration: Declaration
    points: int
    counts: bool


@dataclass(frozen=True)
class BeloteWalk:
    seat: Seat
    suit: Suit
    belote: int  # the trick where the first of king and queen was played
    rebelote: int  # and the second


@dataclass(frozen=True)
class DealWalk:
    """A whole deal, from the hands dealt to the score sheet."""

    dealer: Seat
    leader: Seat  # who speaks first and leads the first trick
    hands: tuple[tuple[Seat, tuple[Card, ...]], ...]  # in the order of play from the leader
    turned: Card | None  # classic Belote: the card turned for trump
    calls: tuple[CallStep, ...]
    contract: Contract
    trump: Trump
    tricks: tuple[TrickWalk, ...]
    declarations: tuple[Announced, ...]
    belotes: tuple[BeloteWalk, ...]
    # Each side's card points, last trick included (a capot's 252 and 0).
    card_points: tuple[tuple[Side, int], ...]
    capot: Side | None
    score: DealScore

    @property
    def plays(self) -> tuple[PlayStep, ...]:
        return tuple(play for trick in self.tricks for play in trick.plays)
