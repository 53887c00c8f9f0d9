"""Declarations (tierce, cinquante, cent, carrés), belote-rebelote, and which side scores them."""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .cards import Card, Rank, Suit
from .rules import Comparison, DeclarationRules, ExactTie
from .seats import Seat
from .trump import Trump

# Sequences run in the natural order, not the order of play: A K Q J 10 9 8 7.
NATURAL_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)
_NATURAL = {rank: i for i, rank in enumerate(NATURAL_ORDER)}


class Kind(enum.Enum):
    TIERCE = "tierce"  # three in sequence
    CINQUANTE = "cinquante"  # four (quarte)
    CENT = "cent"  # five or more (quinte)
    CARRE = "carre"  # four of a kind

    @staticmethod
    def of_length(length: int) -> Kind:
        return (Kind.TIERCE, Kind.CINQUANTE)[length - 3] if length < 5 else Kind.CENT


@dataclass(frozen=True)
class Declaration:
    kind: Kind
    cards: tuple[Card, ...]  # low to high for sequences

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def suit(self) -> Suit | None:
        return None if self.kind is Kind.CARRE else self.cards[0].suit

    @property
    def rank(self) -> Rank:
        """The carré's rank, or the sequence's top rank."""
        return self.top.rank

    def points(self, rules: DeclarationRules) -> int:
        if self.kind is Kind.CARRE:
            return rules.carres.get(self.rank, 0)
        return rules.sequences[min(len(self.cards), 5)]

    def strength(self, rules: DeclarationRules, trump: Trump) -> tuple[int, int, int, int]:
        """Sort key: a carré over any sequence, then points, then top card, then trump."""
        return (
            self.kind is Kind.CARRE,
            self.points(rules),
            _NATURAL[self.rank],
            self.suit is not None and self.suit is trump.suit,
        )


def sequence_of(cards: Iterable[Card]) -> Declaration | None:
    """The declaration these cards make as one sequence (three or more in a row, one suit)."""
    ordered = sorted(cards, key=lambda card: _NATURAL[card.rank])
    if len(ordered) < 3 or len({card.suit for card in ordered}) != 1:
        return None
    steps = [_NATURAL[b.rank] - _NATURAL[a.rank] for a, b in itertools.pairwise(ordered)]
    if any(step != 1 for step in steps):
        return None
    return Declaration(Kind.of_length(len(ordered)), tuple(ordered))


def carre_of(cards: Iterable[Card]) -> Declaration | None:
    cards = tuple(cards)
    if len(cards) != 4 or len({card.rank for card in cards}) != 1:
        return None
    return Declaration(Kind.CARRE, tuple(sorted(cards, key=lambda card: card.ordinal)))


def find_declarations(hand: Iterable[Card], rules: DeclarationRules) -> list[Declaration]:
    """Every declaration a hand holds: each maximal run of three or more, each carré that scores.

    A card may serve in a sequence and a carré at once; a run of six or more
    is one cent.
    """
    cards = set(hand)
    found: list[Declaration] = []
    for suit in Suit:
        run: list[Card] = []
        for rank in [*NATURAL_ORDER, None]:
            card = Card(rank, suit) if rank is not None else None
            if card is not None and card in cards:
                run.append(card)
                continue
            if len(run) >= 3:
                found.append(Declaration(Kind.of_length(len(run)), tuple(run)))
            run = []
    for rank in Rank:
        four = [card for card in cards if card.rank is rank]
        if len(four) == 4 and rules.carres.get(rank, 0) > 0:
            found.append(Declaration(Kind.CARRE, tuple(sorted(four, key=lambda c: c.ordinal))))
    return found


def has_belote(hand: Iterable[Card], trump: Trump) -> bool:
    """King and queen of trump in one hand (only when one suit is trump)."""
    if trump.suit is None:
        return False
    cards = set(hand)
    return Card(Rank.KING, trump.suit) in cards and Card(Rank.QUEEN, trump.suit) in cards


@dataclass(frozen=True)
class DeclarationAward:
    """What each side scores from declarations, and why."""

    points: Mapping[frozenset[Seat], int]
    # The declarations that count, by the seat that declared them.
    scoring: Mapping[Seat, tuple[Declaration, ...]]


def _best_side(
    declared: Mapping[Seat, Sequence[Declaration]],
    sides: Sequence[frozenset[Seat]],
    rules: DeclarationRules,
    trump: Trump,
    announce_order: Sequence[Seat],
) -> frozenset[Seat] | None:
    best: dict[frozenset[Seat], tuple[tuple[int, int, int, int], int]] = {}
    for side in sides:
        for seat in side:
            for declaration in declared.get(seat, ()):
                # Among equal declarations the earlier announcement ranks first.
                key = (declaration.strength(rules, trump), -announce_order.index(seat))
                if side not in best or key > best[side]:
                    best[side] = key
    if not best:
        return None
    ranked = sorted(best.items(), key=lambda item: item[1], reverse=True)
    tied = len(ranked) > 1 and ranked[0][1][0] == ranked[1][1][0]
    if tied and rules.exact_tie is ExactTie.NOBODY:
        return None
    return ranked[0][0]


def award_declarations(
    declared: Mapping[Seat, Sequence[Declaration]],
    sides: Sequence[frozenset[Seat]],
    rules: DeclarationRules,
    trump: Trump,
    announce_order: Sequence[Seat],
) -> DeclarationAward:
    """Weigh the sides' declarations as the rule set says; `announce_order` starts at the leader."""
    groups: list[Mapping[Seat, Sequence[Declaration]]]
    if rules.comparison is Comparison.SEQUENCES_AND_CARRES_APART:
        groups = [
            {seat: [d for d in ds if d.kind is not Kind.CARRE] for seat, ds in declared.items()},
            {seat: [d for d in ds if d.kind is Kind.CARRE] for seat, ds in declared.items()},
        ]
    else:
        groups = [declared]
    points = {side: 0 for side in sides}
    scoring: dict[Seat, tuple[Declaration, ...]] = {}
    for group in groups:
        winner = _best_side(group, sides, rules, trump, announce_order)
        if winner is None:
            continue
        for seat in winner:
            kept = tuple(group.get(seat, ()))
            if kept:
                scoring[seat] = scoring.get(seat, ()) + kept
                points[winner] += sum(d.points(rules) for d in kept)
    return DeclarationAward(points, scoring)
