"""Declarations (tierce, cinquante, cent, carrés), belote-rebelote, and which side scores them."""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .cards import Card, Rank, Suit
from .rules import Comparison, DeclarationRules, ExactTie
from .seats import Seat, Side
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

    def points(self, rules: DeclarationRules, trump: Trump) -> int:
        if self.kind is Kind.CARRE:
            return rules.carre_points(self.rank, trump)
        return rules.sequences[min(len(self.cards), 5)]

    def strength(self, rules: DeclarationRules, trump: Trump) -> tuple[int, int, int, int]:
        """Sort key: a carré over any sequence, then points, then top card, then trump."""
        return (
            self.kind is Kind.CARRE,
            self.points(rules, trump),
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


def _runs(cards: set[Card]) -> list[list[Card]]:
    """Each maximal run of three or more cards in one suit, low to high."""
    runs: list[list[Card]] = []
    for suit in Suit:
        run: list[Card] = []
        for rank in [*NATURAL_ORDER, None]:
            card = Card.of(rank, suit) if rank is not None else None
            if card is not None and card in cards:
                run.append(card)
                continue
            if len(run) >= 3:
                runs.append(run)
            run = []
    return runs


def find_declarations(
    hand: Iterable[Card], rules: DeclarationRules, trump: Trump
) -> list[Declaration]:
    """Every declaration a hand holds: each maximal run of three or more, each carré that scores.

    A run of six or more is one cent. Where the rule set lets a card count
    in a sequence and a carré at once, every maximal run and carré is
    declared; otherwise the player declares the set of separate
    declarations worth the most (a carré and the rest of a run, say).
    """
    cards = set(hand)
    runs = _runs(cards)
    carres = [
        Declaration(Kind.CARRE, tuple(sorted(four, key=lambda c: c.ordinal)))
        for rank in Rank
        if len(four := [card for card in cards if card.rank is rank]) == 4
        and rules.carre_points(rank, trump) > 0
    ]
    whole = [Declaration(Kind.of_length(len(run)), tuple(run)) for run in runs]
    carre_cards = {card for carre in carres for card in carre.cards}
    if rules.shared_cards or not any(carre_cards & set(run) for run in runs):
        return whole + carres
    return _best_apart(runs, carres, rules, trump)


def _best_apart(
    runs: list[list[Card]], carres: list[Declaration], rules: DeclarationRules, trump: Trump
) -> list[Declaration]:
    """The carrés kept and the runs left around their cards that together score most."""
    best: tuple[tuple[int, tuple[int, int, int, int]], list[Declaration]] | None = None
    for keep in itertools.product((True, False), repeat=len(carres)):
        chosen = [carre for carre, kept in zip(carres, keep, strict=True) if kept]
        used = {card for carre in chosen for card in carre.cards}
        found = list(chosen)
        for run in runs:
            # What is left of the run between the carrés' cards, in pieces of three or more.
            piece: list[Card] = []
            for card in [*run, None]:
                if card is not None and card not in used:
                    piece.append(card)
                    continue
                if len(piece) >= 3:
                    found.append(Declaration(Kind.of_length(len(piece)), tuple(piece)))
                piece = []
        points = sum(d.points(rules, trump) for d in found)
        strongest = max((d.strength(rules, trump) for d in found), default=(0, 0, 0, 0))
        key = (points, strongest)
        if best is None or key > best[0]:
            best = (key, found)
    assert best is not None
    return best[1]


@dataclass(frozen=True)
class DeclarationAward:
    """What each side scores from declarations, and why."""

    points: Mapping[Side, int]
    # The declarations that count, by the seat that declared them.
    scoring: Mapping[Seat, tuple[Declaration, ...]]


def _best_side(
    declared: Mapping[Seat, Sequence[Declaration]],
    sides: Sequence[Side],
    rules: DeclarationRules,
    trump: Trump,
    announce_order: Sequence[Seat],
) -> Side | None:
    best: dict[Side, tuple[tuple[int, int, int, int], int]] = {}
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
    sides: Sequence[Side],
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
                points[winner] += sum(d.points(rules, trump) for d in kept)
    return DeclarationAward(points, scoring)
