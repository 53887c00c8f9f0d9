"""Practice drawn from random deals: positions to try a card in, and deals to score.

Everything comes from a `random.Random(seed)`, so a seed kept in content
gives the same practice on every build. The deals are played with random
legal cards; the positions are the moments of those deals where a player
must choose, picked so that together they show every reason the rule set
gives for allowing or refusing a card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import Card
from .contract import Coinche, Contract, Level
from .deal import PlayedDeal, deal_hands, played_facts
from .play import Position, Reason, reasons
from .rules import RuleSet
from .scoring import DealFacts, DealScore, score_deal
from .seats import Seat
from .trick import Play, score_trick
from .trump import Trump

# Deals are played for positions until this many in a row bring no reason
# not met before: the rarest reasons (must-undertrump) turn up in about one
# deal in ten, so a reason still unmet after so many is one the rule set
# cannot give. The first MIN_DEALS deals are always played.
QUIET_DEALS = 100
MIN_DEALS = 60


def _trumps(rules: RuleSet) -> list[Trump]:
    return [trump for trump in Trump if rules.offers(trump)]


@dataclass(frozen=True)
class _Moment:
    """A player about to choose a card in a deal played at random, and the reasons of each card."""

    trump: Trump
    trick: tuple[Play, ...]
    seat: Seat
    hand: tuple[Card, ...]
    reasons: frozenset[Reason]

    @property
    def lesson(self) -> bool:
        """Worth trying: some cards allowed, some refused, more than two to choose from."""
        return {reason.allows for reason in self.reasons} == {True, False} and len(self.hand) >= 3

    def position(self, rules: RuleSet) -> Position:
        return Position(rules, self.trump, self.trick, self.seat, self.hand)


def _play_randomly(
    rules: RuleSet, trump: Trump, rng: random.Random
) -> tuple[list[_Moment], list[tuple[Play, ...]], dict[Seat, list[Card]], Seat]:
    """One deal played with random legal cards: every moment met, the tricks, the hands dealt."""
    hands = deal_hands(rules, rng)
    dealt = {seat: list(cards) for seat, cards in hands.items()}
    first = leader = rng.choice(rules.order)
    moments: list[_Moment] = []
    tricks: list[tuple[Play, ...]] = []
    for number in range(rules.tricks):
        plays: list[Play] = []
        for seat in rules.order_from(leader):
            hand = hands[seat]
            given = reasons(rules, trump, plays, seat, hand)
            moments.append(_Moment(trump, tuple(plays), seat, tuple(hand), frozenset(given)))
            card = rng.choice([card for card, why in zip(hand, given, strict=True) if why.allows])
            hand.remove(card)
            plays.append(Play(seat, card))
        tricks.append(tuple(plays))
        leader = score_trick(plays, rules, trump, last_trick=number == rules.tricks - 1).winner
    return moments, tricks, dealt, first


def practice_positions(rules: RuleSet, seed: int, count: int = 20) -> tuple[Position, ...]:
    """`count` positions from random deals that, together, show every reason the deals gave.

    Positions with a choice to make (allowed and refused cards) come first;
    the one reason such positions never have, a lead, is shown by a lead.
    """
    rng = random.Random(seed)
    trumps = _trumps(rules)
    met: list[_Moment] = []
    wanted: set[Reason] = set()
    deals = quiet = 0
    while deals < MIN_DEALS or quiet < QUIET_DEALS:
        moments, _, _, _ = _play_randomly(rules, rng.choice(trumps), rng)
        before = len(wanted)
        for moment in moments:
            met.append(moment)
            wanted |= moment.reasons
        deals += 1
        quiet = 0 if len(wanted) > before else quiet + 1
    taken: set[int] = set()
    covered: set[Reason] = set()
    # Greedy cover: each step takes the moment showing most reasons not yet shown,
    # a lesson before a plain one, the earliest met among equals.
    while covered != wanted and len(taken) < count:
        best = max(
            (i for i in range(len(met)) if i not in taken),
            key=lambda i: (len(met[i].reasons - covered), met[i].lesson, -i),
        )
        taken.add(best)
        covered |= met[best].reasons
    chosen = [met[i] for i in sorted(taken)]
    # The rest: lessons spread over the deals, each mode in turn.
    spare = [moment for i, moment in enumerate(met) if moment.lesson and i not in taken]
    rng.shuffle(spare)
    by_mode = {trump.mode: [m for m in spare if m.trump.mode is trump.mode] for trump in trumps}
    while len(chosen) < count and any(by_mode.values()):
        for group in by_mode.values():
            if group and len(chosen) < count:
                chosen.append(group.pop())
    rng.shuffle(chosen)
    return tuple(moment.position(rules) for moment in chosen)


@dataclass(frozen=True)
class PracticeDeal:
    """A deal to score: what happened, and the engine's score."""

    facts: DealFacts
    tricks: tuple[tuple[Play, ...], ...]
    score: DealScore


def _contract(rules: RuleSet, taker: Seat, trump: Trump, rng: random.Random) -> Contract | None:
    """A bid the takers might have made: from the floor up to about what a deal is worth."""
    bidding = rules.bidding
    if bidding is None:
        return None
    top = min(bidding.ceiling or rules.deal_points(trump), rules.deal_points(trump))
    bids = list(range(bidding.floor, top + 1, bidding.step)) or [bidding.floor]
    coinche = rng.choice([Coinche.NONE, Coinche.NONE, Coinche.COINCHE, Coinche.SURCOINCHE])
    return Contract(
        taker, trump, Level.POINTS, rng.choice(bids[: max(1, len(bids) * 2 // 3)]), coinche
    )


def practice_deals(rules: RuleSet, seed: int, count: int = 3) -> tuple[PracticeDeal, ...]:
    """`count` deals played with random legal cards, each with a taker (and a bid), scored."""
    rng = random.Random(seed)
    found: list[PracticeDeal] = []
    trumps = _trumps(rules)
    while len(found) < count:
        trump = rng.choice(trumps)
        _, tricks, dealt, leader = _play_randomly(rules, trump, rng)
        taker = rng.choice(rules.order)
        results = tuple(
            score_trick(trick, rules, trump, last_trick=number == len(tricks) - 1)
            for number, trick in enumerate(tricks)
        )
        contract = _contract(rules, taker, trump, rng)
        played = PlayedDeal(tuple(tricks), results)
        facts = played_facts(rules, trump, dealt, played, taker, leader, contract)
        found.append(PracticeDeal(facts, tuple(tricks), score_deal(rules, facts)))
    return tuple(found)
