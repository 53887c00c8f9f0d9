"""Playing a whole deal out, card by card: with a chosen strategy, or as it was recorded."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .cards import DECK, Card
from .contract import Contract
from .declarations import Declaration, find_declarations
from .errors import IllegalPlayError, InvalidPositionError
from .play import Verdict, allowed_cards, legal_cards
from .rules import RuleSet
from .scoring import DealFacts
from .seats import Seat, Side
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


@dataclass(frozen=True)
class Step:
    """One card of a recorded deal: who played it, and the verdict on every card he held."""

    play: Play
    hand: tuple[Verdict, ...]  # the cards he held, in hand order, each allowed or not and why

    @property
    def verdict(self) -> Verdict:
        """The verdict on the card he played."""
        return next(v for v in self.hand if v.card == self.play.card)


@dataclass(frozen=True)
class ReplayedDeal(PlayedDeal):
    """A recorded deal played again: each trick's cards with their verdicts, winner and value."""

    steps: tuple[tuple[Step, ...], ...]

    def winners(self) -> tuple[Seat, ...]:
        return tuple(result.winner for result in self.results)


def check_hands(rules: RuleSet, hands: Mapping[Seat, Sequence[Card]]) -> None:
    """Every seat of the table with a full hand, no card twice; InvalidPositionError if not."""
    if set(hands) != set(rules.order):
        raise InvalidPositionError(
            f"a deal gives a hand to every seat: {', '.join(s.value for s in rules.order)}"
        )
    for seat in rules.order:
        if len(hands[seat]) != rules.hand_size:
            raise InvalidPositionError(
                f"{seat.value}'s hand holds {len(hands[seat])} cards, not {rules.hand_size}"
            )
    dealt = [card for seat in rules.order for card in hands[seat]]
    if len(set(dealt)) != len(dealt):
        twice = next(card for card in dealt if dealt.count(card) > 1)
        raise InvalidPositionError(f"card {twice} is dealt twice")


def _refusal(number: int, seat: Seat, card: Card, hand: Sequence[Verdict]) -> str:
    verdict = next(v for v in hand if v.card == card)
    allowed = ", ".join(v.card.code for v in hand if v.allowed)
    why = verdict.reason.value.replace("-", " ")
    return f"trick {number}, {seat.value}: {card} refused: {why} (allowed: {allowed})"


def replay_deal(
    rules: RuleSet,
    trump: Trump,
    hands: Mapping[Seat, Sequence[Card]],
    leader: Seat,
    tricks: Sequence[Sequence[Play]],
) -> ReplayedDeal:
    """Play the recorded `tricks` again, checking each card against the rules.

    The first trick is led by `leader`, each next one by the previous trick's
    winner, and every card must be in its player's hand and allowed there:
    anything else raises IllegalPlayError naming the trick, the seat and the
    engine's reason.
    """
    check_hands(rules, hands)
    if len(tricks) != rules.tricks:
        raise IllegalPlayError(f"a deal has {rules.tricks} tricks, this one {len(tricks)}", None)
    remaining = {seat: list(cards) for seat, cards in hands.items()}
    played_in: dict[Card, int] = {}
    steps: list[tuple[Step, ...]] = []
    results: list[TrickResult] = []
    for number, trick in enumerate(tricks, start=1):
        if len(trick) != rules.players:
            raise IllegalPlayError(
                f"trick {number} has {len(trick)} cards; a trick has {rules.players}", number
            )
        if trick[0].seat is not leader:
            after = (
                f"{leader.value} took trick {number - 1}"
                if number > 1
                else f"{leader.value} leads the first trick"
            )
            raise IllegalPlayError(
                f"trick {number} is led by {trick[0].seat.value}, but {after}", number
            )
        plays: list[Play] = []
        taken: list[Step] = []
        for place, (play, seat) in enumerate(
            zip(trick, rules.order_from(leader), strict=True), start=1
        ):
            if play.seat is not seat:
                raise IllegalPlayError(
                    f"trick {number}: {seat.value} plays card {place}, not {play.seat.value} "
                    f"(play goes {rules.direction.value})",
                    number,
                    place,
                )
            hand = remaining[seat]
            if play.card not in hand:
                where = (
                    f"already played in trick {played_in[play.card]}"
                    if play.card in played_in
                    else f"not in {seat.value}'s hand"
                )
                raise IllegalPlayError(
                    f"trick {number}, {seat.value}: {play.card} is {where}", number, place
                )
            verdicts = tuple(legal_cards(rules, trump, plays, seat, hand))
            if not next(v for v in verdicts if v.card == play.card).allowed:
                raise IllegalPlayError(_refusal(number, seat, play.card, verdicts), number, place)
            taken.append(Step(play, verdicts))
            hand.remove(play.card)
            played_in[play.card] = number
            plays.append(play)
        result = score_trick(plays, rules, trump, last_trick=number == rules.tricks)
        steps.append(tuple(taken))
        results.append(result)
        leader = result.winner
    return ReplayedDeal(
        tuple(tuple(step.play for step in trick) for trick in steps), tuple(results), tuple(steps)
    )


def played_facts(
    rules: RuleSet,
    trump: Trump,
    hands: Mapping[Seat, Sequence[Card]],
    played: PlayedDeal,
    taker: Seat,
    leader: Seat,
    contract: Contract | None,
) -> DealFacts:
    """What a score sheet records of a deal played out: each side's card points (or the
    capot), every declaration each hand holds, the belotes, the contract."""
    points: dict[Side, int] = {side: 0 for side in rules.sides}
    for result in played.results:
        points[rules.side_of(result.winner)] += result.points
    winners = {result.winner for result in played.results}
    sides = {rules.side_of(seat) for seat in winners}
    capot = next(iter(sides)) if len(sides) == 1 else None
    declarations: dict[Seat, Sequence[Declaration]] = {}
    if rules.declarations.enabled:
        declarations = {
            seat: found
            for seat in rules.order
            if (found := find_declarations(hands[seat], rules.declarations, trump))
        }
    return DealFacts(
        trump=trump,
        taker=taker,
        card_points={} if capot else points,
        declarations=declarations,
        belotes=tuple(rules.belotes(hands, trump)),
        capot=capot,
        generale=next(iter(winners)) if len(winners) == 1 else None,
        leader=leader,
        contract=contract,
    )
