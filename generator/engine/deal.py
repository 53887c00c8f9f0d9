"""Playing a whole deal out, card by card, with a chosen strategy."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .cards import DECK, Card
from .play import allowed_cards
from .rules import RuleSet
from .seats import Seat
from .trick import Play, TrickResult, score_trick
from .trump import Trump

# Given the allowed cards, the trick so far and the trump, pick one.
Strategy = Callable[[Sequence[Card], Sequence[Play], Trump], Card]


def lowest_card(allowed: Sequence[Card], trick: Sequence[Play], trump: Trump) -> Card:
    """The weakest allowed card (ties broken by deck order, so the choice is repeatable)."""
    suit = trump.suit
    everything = trump is Trump.ALL
    return min(
        allowed,
        key=lambda card: (
            card.trump_strength if everything or card.suit is suit else card.plain_strength,
            card.ordinal,
        ),
    )


def deal_hands(rules: RuleSet, rng: random.Random) -> dict[Seat, list[Card]]:
    """Shuffle and deal each seat the rule set's hand (eight each at four players)."""
    cards = list(DECK)
    rng.shuffle(cards)
    size = rules.hand_size
    return {seat: cards[i * size : (i + 1) * size] for i, seat in enumerate(rules.order)}


@dataclass(frozen=True)
class PlayedDeal:
    tricks: tuple[tuple[Play, ...], ...]
    results: tuple[TrickResult, ...]

    def points_by_seat(self) -> dict[Seat, int]:
        totals: dict[Seat, int] = {}
        for result in self.results:
            totals[result.winner] = totals.get(result.winner, 0) + result.points
        return totals


def play_deal(
    rules: RuleSet,
    trump: Trump,
    hands: Mapping[Seat, Sequence[Card]],
    leader: Seat,
    strategy: Strategy = lowest_card,
) -> PlayedDeal:
    """Play every card of `hands`, each trick led by the previous trick's winner."""
    # Keyed by seat name: str keys hash in C, enum members in Python.
    remaining = {seat.value: list(cards) for seat, cards in hands.items()}
    rounds = min(len(cards) for cards in remaining.values())
    tricks: list[tuple[Play, ...]] = []
    results: list[TrickResult] = []
    for number in range(rounds):
        plays: list[Play] = []
        seat = leader
        for _ in range(rules.players):
            hand = remaining[seat.value]
            card = strategy(allowed_cards(rules, trump, plays, seat, hand), plays, trump)
            hand.remove(card)
            plays.append(Play(seat, card))
            seat = rules.next_seat(seat)
        result = score_trick(plays, rules, trump, last_trick=number == rounds - 1)
        tricks.append(tuple(plays))
        results.append(result)
        leader = result.winner
    return PlayedDeal(tuple(tricks), tuple(results))
