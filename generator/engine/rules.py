"""Rule sets: the options that differ between rule books, as data.

A rule set is read from `content/rulesets/<id>.yaml` by the content loader;
the engine only ever looks at these options, never at a rule set's name.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .cards import DECK, Card, Rank
from .seats import Direction, Seat, table_order
from .trump import Trump, TrumpMode


@dataclass(frozen=True)
class CardValues:
    """Card points by rank for each kind of card (trump, plain, no trump, all trumps)."""

    trump: Mapping[Rank, int]
    plain: Mapping[Rank, int]
    no_trump: Mapping[Rank, int]
    all_trumps: Mapping[Rank, int]
    # Points by card ordinal under each trump, filled on first use.
    _by_trump: dict[str, tuple[int, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def points(self, card: Card, trump: Trump) -> int:
        table = self._by_trump.get(trump.value)
        if table is None:
            table = tuple(self._points(each, trump) for each in DECK)
            self._by_trump[trump.value] = table
        return table[card.ordinal]

    def _points(self, card: Card, trump: Trump) -> int:
        mode = trump.mode
        if mode is TrumpMode.NO_TRUMP:
            return self.no_trump[card.rank]
        if mode is TrumpMode.ALL_TRUMPS:
            return self.all_trumps[card.rank]
        return (self.trump if card.suit is trump.suit else self.plain)[card.rank]


VALUE_KINDS = ("trump", "plain", "no_trump", "all_trumps")


class Comparison(enum.Enum):
    """How the two sides' declarations are weighed against each other."""

    # Only the side with the best single declaration scores, and all of its own.
    BEST_DECLARATION = "best-declaration"
    # Sequences and carrés are weighed apart: the best sequence's side scores
    # its sequences, the best carré's side its carrés (seed 004).
    SEQUENCES_AND_CARRES_APART = "apart"


class ExactTie(enum.Enum):
    NOBODY = "nobody"  # FFB: equal best declarations cancel out
    FIRST_ANNOUNCED = "first-announced"  # the one declared first (nearest the leader) wins


@dataclass(frozen=True)
class DeclarationRules:
    enabled: bool
    # Points by sequence length (3, 4 and 5, the last for five cards or more).
    sequences: Mapping[int, int]
    carres: Mapping[Rank, int]
    comparison: Comparison
    exact_tie: ExactTie
    belote_points: int


class Tie(enum.Enum):
    """What a deal is when the taker scores exactly as much as the defence."""

    LITIGE = "litige"  # the defence scores; the taker's points wait for the next deal's winner
    FAILED = "failed"  # as if the contract failed (dedans)
    MADE = "made"  # as if the contract was made


class Rounding(enum.Enum):
    NONE = "none"
    TENS = "tens"  # to the nearest ten, a five rounding up


class BothOverTarget(enum.Enum):
    """Who wins when both sides pass the target in the same deal."""

    HIGHER_TOTAL = "higher-total"
    TAKER = "taker"


@dataclass(frozen=True)
class ScoringRules:
    capot_points: int
    belote_kept_on_failure: bool
    tie: Tie
    rounding: Rounding
    target: int
    both_over_target: BothOverTarget
    # The target of a short game, where the rule set offers one.
    short_target: int | None = None


@dataclass(frozen=True)
class RuleSet:
    """The play and scoring options of one rule book or house."""

    id: str
    name: str
    seats: tuple[Seat, ...]
    direction: Direction
    # Pairs of partners; empty when everyone plays for himself.
    partnerships: tuple[frozenset[Seat], ...]
    # Trump led: must a player beat the highest trump even when his partner holds it?
    beat_partner_on_trump_lead: bool
    # All trumps: the same question for the led suit.
    beat_partner_in_all_trumps: bool
    # Void in the led suit while the partner wins the trick: any card may be played.
    partner_winning_frees: bool
    # Void, an opponent's trump cannot be beaten: must a lower trump still be played?
    must_undertrump: bool
    values: CardValues
    last_trick_bonus: int
    declarations: DeclarationRules
    scoring: ScoringRules
    # Whether the defence may double the contract (coinche / contre).
    coinche: bool = False
    # The trump modes a deal may be played in (suit, no trump, all trumps).
    modes: tuple[TrumpMode, ...] = (TrumpMode.SUIT, TrumpMode.NO_TRUMP, TrumpMode.ALL_TRUMPS)
    description: str = ""
    order: tuple[Seat, ...] = field(init=False)
    _partner: Mapping[Seat, Seat] = field(init=False, repr=False, compare=False)
    # Keyed by the seat's name: a str hashes in C, an enum member in Python.
    _partner_by_name: Mapping[str, Seat] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", table_order(self.seats, self.direction))
        partner: dict[Seat, Seat] = {}
        for pair in self.partnerships:
            first, second = sorted(pair, key=lambda seat: seat.value)
            partner[first], partner[second] = second, first
        object.__setattr__(self, "_partner", MappingProxyType(partner))
        by_name = {seat.value: other for seat, other in partner.items()}
        object.__setattr__(self, "_partner_by_name", MappingProxyType(by_name))

    def card_points(self, trump: Trump) -> int:
        """All the cards' points under this trump (152 with the usual values)."""
        return sum(self.values.points(card, trump) for card in DECK)

    @property
    def players(self) -> int:
        return len(self.order)

    def partner_of(self, seat: Seat) -> Seat | None:
        return self._partner.get(seat)

    def are_partners(self, a: Seat, b: Seat) -> bool:
        return self._partner_by_name.get(a.value) is b

    def next_seat(self, seat: Seat) -> Seat:
        """The seat that plays after `seat`."""
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    @property
    def sides(self) -> tuple[frozenset[Seat], ...]:
        """The sides that score: the partnerships, or each seat alone."""
        sides: list[frozenset[Seat]] = []
        for seat in self.order:
            side = self.side_of(seat)
            if side not in sides:
                sides.append(side)
        return tuple(sides)

    def side_of(self, seat: Seat) -> frozenset[Seat]:
        """The seats that score together with `seat` (itself alone without partners)."""
        partner = self._partner.get(seat)
        return frozenset((seat, partner)) if partner else frozenset((seat,))
