"""Practice drawn from random deals: a pool of positions to try a card in, and deals to score.

Everything comes from `random.Random(seed)`, so seeds kept in content give
the same practice on every build. The deals are played with random legal
cards; the positions are the moments of those deals where a player must
choose and some card of his hand is refused (a position where every card
will do teaches nothing). The deals to score are chosen so that some were
made, some failed, one was a capot, and (where the rule set has one) one a
litige.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, Suit
from .contract import Coinche, Contract, Level
from .deal import PlayedDeal, deal_hands, played_facts
from .errors import BeloteError
from .play import Position, Reason, reasons
from .rules import RuleSet, Tie
from .scoring import DealFacts, DealScore, Outcome, score_deal
from .seats import Seat, Side
from .trick import Play, score_trick
from .trump import Trump, strength

# At most this many positions of one deal, drawn at random among its choices: a pool of
# neighbouring moments of few deals would repeat the same hands.
PER_DEAL = 2
# Deals a seed may play for its share of the pool (about 6 positions come of a deal):
# a rule set that refuses no card in that many deals cannot be practised.
DEALS_PER_POSITION = 20
# Deals played in search of the scoring questions' mix: a capot comes in about one
# deal in 30 of those played to win every trick, a litige in one deal in 60.
MAX_SCORING_DEALS = 6000

_SUITS = tuple(Suit)


def _trumps(rules: RuleSet) -> list[Trump]:
    return [trump for trump in Trump if rules.offers(trump)]


def sorted_hand(cards: Iterable[Card], trump: Trump) -> tuple[Card, ...]:
    """A hand as a player holds it: the trump suit first, then the other suits in the
    deck's order (spades, hearts, diamonds, clubs), each strongest card first by its
    rank under this trump."""
    return tuple(
        sorted(
            cards,
            key=lambda card: (
                card.suit is not trump.suit,
                _SUITS.index(card.suit),
                -strength(card, trump),
            ),
        )
    )


@dataclass(frozen=True)
class _Moment:
    """A player about to choose a card in a deal played at random, and the reasons of each card."""

    trump: Trump
    trick: tuple[Play, ...]
    seat: Seat
    hand: tuple[Card, ...]
    reasons: frozenset[Reason]

    @property
    def refusals(self) -> frozenset[Reason]:
        return frozenset(reason for reason in self.reasons if not reason.allows)

    @property
    def question(self) -> bool:
        """Worth asking: some card refused, and more than two to choose from."""
        return bool(self.refusals) and len(self.hand) >= 3

    def position(self, rules: RuleSet) -> Position:
        return Position(
            rules, self.trump, self.trick, self.seat, sorted_hand(self.hand, self.trump)
        )


# How a player chooses among his allowed cards: at random, or to win or lose tricks.
Chooser = Callable[[Seat, list[Card]], Card]


def _play(
    rules: RuleSet, trump: Trump, rng: random.Random, choose: Chooser | None = None
) -> tuple[list[_Moment], list[tuple[Play, ...]], dict[Seat, list[Card]], Seat]:
    """One deal played with legal cards: every moment met, the tricks, the hands dealt."""
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
            allowed = [card for card, why in zip(hand, given, strict=True) if why.allows]
            card = rng.choice(allowed) if choose is None else choose(seat, allowed)
            hand.remove(card)
            plays.append(Play(seat, card))
        tricks.append(tuple(plays))
        leader = score_trick(plays, rules, trump, last_trick=number == rules.tricks - 1).winner
    return moments, tricks, dealt, first


def practice_pool(rules: RuleSet, seeds: Sequence[int], per_seed: int) -> tuple[Position, ...]:
    """`per_seed` positions from each seed's random deals, each with a card refused.

    A seed's positions do not depend on the other seeds: adding a seed adds
    positions and keeps the others. A position met twice is kept once.
    """
    trumps = _trumps(rules)
    pool: list[Position] = []
    seen: set[tuple[Trump, tuple[Play, ...], Seat, frozenset[Card]]] = set()
    asked: Counter[Reason] = Counter()
    for seed in seeds:
        rng = random.Random(seed)
        found = deals = 0
        while found < per_seed:
            if deals >= per_seed * DEALS_PER_POSITION:
                raise BeloteError(
                    f"{deals} random deals gave only {found} positions with a card refused"
                )
            moments, _, _, _ = _play(rules, rng.choice(trumps), rng)
            deals += 1
            questions = [moment for moment in moments if moment.question]
            rng.shuffle(questions)
            for _ in range(PER_DEAL):
                if not questions or found == per_seed:
                    break
                # The moment refusing a card for the reason least asked so far: the common
                # "follow suit" would otherwise crowd out the rarer obligations.
                moment = min(questions, key=lambda m: min(asked[r] for r in m.refusals))
                questions.remove(moment)
                key = (moment.trump, moment.trick, moment.seat, frozenset(moment.hand))
                if key in seen:
                    continue
                seen.add(key)
                asked.update(moment.refusals)
                pool.append(moment.position(rules))
                found += 1
    return tuple(pool)


class Question(enum.Enum):
    """What a deal to score shows: a contract made, one failed, a tie held over, a capot."""

    MADE = "made"
    FAILED = "failed"
    LITIGE = "litige"
    CAPOT = "capot"


@dataclass(frozen=True)
class PracticeDeal:
    """A deal to score: what happened, and the engine's score."""

    facts: DealFacts
    tricks: tuple[tuple[Play, ...], ...]
    score: DealScore

    @property
    def question(self) -> Question:
        # The takers' capot: the defence's is one more contract failed.
        if self.facts.capot is not None and self.facts.taker in self.facts.capot:
            return Question.CAPOT
        return {
            Outcome.MADE: Question.MADE,
            Outcome.DEDANS: Question.FAILED,
            Outcome.LITIGE: Question.LITIGE,
        }[self.score.outcome]


def scoring_mix(rules: RuleSet) -> dict[Question, int]:
    """How many deals of each question the practice scores: a litige only where a tie is one."""
    litige = rules.bidding is None and rules.scoring.tie is Tie.LITIGE
    return {Question.MADE: 2, Question.FAILED: 1, Question.LITIGE: int(litige), Question.CAPOT: 1}


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


def _to_win(rules: RuleSet, trump: Trump, side: Side) -> Chooser:
    """Players of `side` play their strongest allowed card, the others their weakest: a
    deal played so sometimes gives one side every trick."""

    def weight(card: Card) -> tuple[bool, int]:
        return trump.is_trump(card), strength(card, trump)

    def choose(seat: Seat, allowed: list[Card]) -> Card:
        return (max if rules.side_of(seat) == side else min)(allowed, key=weight)

    return choose


def practice_deals(rules: RuleSet, seed: int) -> tuple[PracticeDeal, ...]:
    """Deals played with legal cards, each with a taker (and a bid), scored: as many of
    each question as `scoring_mix` says, in an order drawn from the seed."""
    rng = random.Random(seed)
    wanted = scoring_mix(rules)
    found: list[PracticeDeal] = []
    trumps = _trumps(rules)
    for played in range(MAX_SCORING_DEALS):
        if not any(wanted.values()):
            break
        trump = rng.choice(trumps)
        taker = rng.choice(rules.order)
        # Every other deal is played for a capot while one is still wanted.
        choose = None
        if wanted[Question.CAPOT] and played % 2:
            choose = _to_win(rules, trump, rules.side_of(taker))
        _, tricks, dealt, leader = _play(rules, trump, rng, choose)
        results = tuple(
            score_trick(trick, rules, trump, last_trick=number == len(tricks) - 1)
            for number, trick in enumerate(tricks)
        )
        contract = _contract(rules, taker, trump, rng)
        deal = PlayedDeal(tuple(tricks), results)
        facts = played_facts(rules, trump, dealt, deal, taker, leader, contract)
        practice = PracticeDeal(facts, tuple(tricks), score_deal(rules, facts))
        if wanted[practice.question]:
            wanted[practice.question] -= 1
            found.append(practice)
    if any(wanted.values()):
        missing = ", ".join(question.value for question, count in wanted.items() if count)
        raise BeloteError(f"{MAX_SCORING_DEALS} random deals gave no deal to score for {missing}")
    rng.shuffle(found)
    return tuple(found)
