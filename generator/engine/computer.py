"""The computer players at the app's levels (seed 003): how each calls and plays.

- Easy plays its lowest legal card, and takes a trump only with its jack.
- Normal judges the trick: it wins it with its cheapest winning card (so
  it saves its high trumps), gives its points to a partner who holds the
  trick when it plays last, and otherwise plays its lowest card; it leads
  an ace where it has one, and keeps its trumps for last. It takes a trump
  holding the jack or the nine and at least three cards of the suit.

Both play only the cards the rules allow: the engine's own verdicts are
their choice, so "trumps when it must" is the rules', not theirs.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from .auction import Auction, Call, CallKind
from .cards import Card, Rank, Suit
from .deal import lowest_card
from .rules import RuleSet
from .seats import Seat
from .trick import Play, winning_play
from .trump import Trump


class Skill(enum.Enum):
    EASY = "easy"
    NORMAL = "normal"


# Normal takes with the jack or the nine and at least this many cards of the suit.
NORMAL_TAKES_WITH = 3


def would_take(skill: Skill, cards: Sequence[Card], suit: Suit) -> bool:
    """Whether a computer player holding `cards` takes `suit` as trump."""
    ranks = {card.rank for card in cards if card.suit is suit}
    if skill is Skill.EASY:
        return Rank.JACK in ranks
    return bool(ranks & {Rank.JACK, Rank.NINE}) and len(ranks) >= NORMAL_TAKES_WITH


def computer_call(
    skill: Skill, rules: RuleSet, auction: Auction, hand: Sequence[Card], turned: Card
) -> Call:
    """The call of a computer player with `hand` at its turn in a turned-card auction:
    the turned card's suit in the first round (its cards counted with the turned card,
    which the taker receives), in the second the suit it is strongest in, or pass."""
    if len(auction.calls) < rules.players:
        take = would_take(skill, [*hand, turned], turned.suit)
        return Call(CallKind.TAKE) if take else Call(CallKind.PASS)
    suits = sorted(
        (suit for suit in Suit if suit is not turned.suit),
        key=lambda suit: -sum(card.suit is suit for card in hand),
    )
    for suit in suits:
        trump = Trump.of_suit(suit)
        if rules.offers(trump) and would_take(skill, hand, suit):
            return Call(CallKind.CHOOSE, trump=trump)
    return Call(CallKind.PASS)


def computer_card(
    skill: Skill,
    rules: RuleSet,
    seat: Seat,
    allowed: Sequence[Card],
    trick: Sequence[Play],
    trump: Trump,
) -> Card:
    """The card a computer player at `seat` plays to `trick`, among the `allowed` ones."""
    if skill is Skill.EASY:
        return lowest_card(allowed, trick, trump)
    if not trick:
        return _lead(rules, allowed, trump)
    holder = winning_play(trick, trump).seat
    if rules.are_partners(holder, seat):
        plain = [card for card in allowed if not trump.is_trump(card)]
        if plain and len(trick) == rules.players - 1:
            return max(plain, key=lambda card: (rules.values.points(card, trump), card.ordinal))
        return lowest_card(allowed, trick, trump)
    winners = [
        card for card in allowed if winning_play([*trick, Play(seat, card)], trump).seat is seat
    ]
    return lowest_card(winners or allowed, trick, trump)


def _lead(rules: RuleSet, allowed: Sequence[Card], trump: Trump) -> Card:
    plain = [card for card in allowed if not trump.is_trump(card)]
    aces = [card for card in plain if card.rank is Rank.ACE]
    if aces:
        return min(aces, key=lambda card: card.ordinal)
    return lowest_card(plain or allowed, (), trump)
