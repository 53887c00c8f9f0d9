"""A deal to play: the reader holds one seat against the computer players, from a seed.

A game is replayed from what identifies it: the rule set, the seed (which
deals the cards and names the dealer), the computer players' level, and
the calls and cards the reader chose so far. The same inputs always give
the same deal, so a deal can be shared, reopened and played again, and the
engine keeps no state between two questions.

The deal is classic Belote's: five cards each, one turned; the turned-card
auction (Auction); the taker receives the turned card and two more, the
others three; eight tricks, the first led by the dealer's left; the deal
scored by score_deal under the chosen rule set.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .auction import REDEAL, Auction, Call, CallKind, CallVerdict
from .cards import DECK, Card
from .computer import Skill, computer_call, computer_card
from .contract import Contract
from .deal import PlayedDeal, played_facts
from .errors import BeloteError, IllegalCallError, IllegalMoveError
from .play import Verdict, allowed_cards, legal_cards
from .rules import RuleSet
from .scoring import DealScore, score_deal
from .seats import Seat
from .trick import Play, TrickResult, score_trick, winning_play
from .trump import Trump

# Cards each player holds before the auction, as the turned-card deal goes (seed 003).
FIRST_CARDS = 5


class Phase(enum.Enum):
    CALL = "call"  # the reader's turn to call
    PLAY = "play"  # the reader's turn to play a card
    OVER = "over"  # every trick played, the deal scored
    REDEAL = "redeal"  # everyone passed twice: the cards are dealt again


@dataclass(frozen=True)
class DealtCards:
    dealer: Seat
    first: Mapping[Seat, tuple[Card, ...]]  # the five cards each holds for the auction
    turned: Card
    rest: tuple[Card, ...]  # dealt once a player has taken, from the dealer's left


@dataclass(frozen=True)
class Game:
    """Where a deal to play stands after the reader's calls and cards."""

    dealt: DealtCards
    auction: Auction
    phase: Phase
    you: Seat
    # The reader's cards now: the five of the auction, then the hand as it shrinks.
    hand: tuple[Card, ...]
    contract: Contract | None = None
    # The tricks played, the last one possibly incomplete.
    tricks: tuple[tuple[Play, ...], ...] = ()
    results: tuple[TrickResult, ...] = ()
    # At the reader's turn: every call offered with its verdict, or every card's.
    offered: tuple[CallVerdict, ...] = ()
    verdicts: tuple[Verdict, ...] = ()
    score: DealScore | None = None
    hands: Mapping[Seat, tuple[Card, ...]] = field(default_factory=dict)  # as dealt, all eight

    @property
    def holder(self) -> Seat | None:
        """Who holds the trick being played, if a card is on it."""
        if self.contract is None or len(self.tricks) == len(self.results) or not self.tricks[-1]:
            return None
        return winning_play(self.tricks[-1], self.contract.trump).seat


def deal_cards(rules: RuleSet, seed: int) -> DealtCards:
    """The deal a seed makes: shuffled by it, with the dealer it names."""
    if not deals_a_turned_card(rules):
        raise BeloteError(f"rule set {rules.id} is not dealt with a turned card")
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    dealer = rules.order[seed % rules.players]
    order = rules.order_from(rules.next_seat(dealer))
    first = {
        seat: tuple(cards[i * FIRST_CARDS : (i + 1) * FIRST_CARDS]) for i, seat in enumerate(order)
    }
    dealt = FIRST_CARDS * rules.players
    return DealtCards(dealer, first, cards[dealt], tuple(cards[dealt + 1 :]))


def complete_hands(rules: RuleSet, dealt: DealtCards, taker: Seat) -> dict[Seat, tuple[Card, ...]]:
    """Every hand once the taker has the turned card: the rest dealt from the dealer's left,
    the taker's share one card short for the turned card he already holds."""
    rest = iter(dealt.rest)
    more = rules.hand_size - FIRST_CARDS
    hands = {}
    for seat in rules.order_from(rules.next_seat(dealt.dealer)):
        given = [dealt.turned] if seat is taker else []
        given += [next(rest) for _ in range(more - len(given))]
        hands[seat] = (*dealt.first[seat], *given)
    return hands


def offered_calls(rules: RuleSet) -> tuple[Call, ...]:
    """Every call a player of a turned-card auction could name: pass, take, choose a trump."""
    chosen = tuple(Call(CallKind.CHOOSE, trump=trump) for trump in Trump if rules.offers(trump))
    return (Call(CallKind.PASS), Call(CallKind.TAKE), *chosen)


def play_game(
    rules: RuleSet,
    seed: int,
    skill: Skill,
    calls: Sequence[Call],
    cards: Sequence[Card],
    you: Seat = Seat.SOUTH,
) -> Game:
    """The deal of `seed` with the reader at `you` making `calls` and playing `cards` in turn,
    the computer players at `skill` doing the rest, up to the reader's next turn or the score.

    Raises IllegalCallError or IllegalMoveError for a call or card the reader could not make
    there, or one left over when the deal no longer waits on the reader.
    """
    dealt = deal_cards(rules, seed)
    if you not in rules.order:
        raise BeloteError(f"{you.value} has no seat at this table")
    waiting_calls = list(calls)
    auction = Auction(rules, dealt.dealer, (), dealt.turned)
    while (seat := auction.to_speak) is not None:
        if seat is you:
            if not waiting_calls:
                offered = tuple(auction.verdict(call) for call in offered_calls(rules))
                return Game(dealt, auction, Phase.CALL, you, dealt.first[you], offered=offered)
            call = waiting_calls.pop(0)
            if not auction.verdict(call).allowed:
                raise IllegalCallError(f"{you.value} cannot call {call} here")
        else:
            call = computer_call(skill, rules, auction, dealt.first[seat], dealt.turned)
        auction = auction.push(call)
    if waiting_calls:
        raise IllegalCallError("the auction is over")
    outcome = auction.outcome
    if outcome == REDEAL or not isinstance(outcome, Contract):
        if cards:
            raise IllegalMoveError("the cards are dealt again: nobody took")
        return Game(dealt, auction, Phase.REDEAL, you, dealt.first[you])
    return _play(rules, skill, dealt, auction, outcome, list(cards), you)


def _play(
    rules: RuleSet,
    skill: Skill,
    dealt: DealtCards,
    auction: Auction,
    contract: Contract,
    waiting: list[Card],
    you: Seat,
) -> Game:
    hands = complete_hands(rules, dealt, contract.taker)
    trump = contract.trump
    first_leader = leader = rules.next_seat(dealt.dealer)
    remaining = {seat: list(cards) for seat, cards in hands.items()}
    tricks: list[tuple[Play, ...]] = []
    results: list[TrickResult] = []
    for number in range(1, rules.tricks + 1):
        plays: list[Play] = []
        for seat in rules.order_from(leader):
            hand = remaining[seat]
            if seat is you:
                if not waiting:
                    return Game(
                        dealt,
                        auction,
                        Phase.PLAY,
                        you,
                        tuple(hand),
                        contract,
                        (*tricks, tuple(plays)),
                        tuple(results),
                        verdicts=tuple(legal_cards(rules, trump, plays, seat, hand)),
                        hands=hands,
                    )
                card = waiting.pop(0)
                if card not in allowed_cards(rules, trump, plays, seat, hand):
                    raise IllegalMoveError(f"trick {number}: {you.value} cannot play {card}")
            else:
                card = computer_card(
                    skill, rules, seat, allowed_cards(rules, trump, plays, seat, hand), plays, trump
                )
            hand.remove(card)
            plays.append(Play(seat, card))
        result = score_trick(plays, rules, trump, last_trick=number == rules.tricks)
        tricks.append(tuple(plays))
        results.append(result)
        leader = result.winner
    if waiting:
        raise IllegalMoveError("every trick is played")
    played = PlayedDeal(tuple(tricks), tuple(results))
    facts = played_facts(rules, trump, hands, played, contract.taker, first_leader, None)
    return Game(
        dealt,
        auction,
        Phase.OVER,
        you,
        (),
        contract,
        tuple(tricks),
        tuple(results),
        score=score_deal(rules, facts),
        hands=hands,
    )


def deals_a_turned_card(rules: RuleSet) -> bool:
    """Whether the rule set is played with a turned card, the whole pack dealt: the deals
    this module plays."""
    dealt_whole = rules.players * rules.hand_size == len(DECK)
    return rules.bidding is None and dealt_whole and rules.hand_size > FIRST_CARDS
