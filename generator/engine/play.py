"""Which cards a player may play to a trick, and why.

Every card of the hand gets a verdict: allowed or not, with the rule that
decides it as a stable `Reason` code. Pages and explanations are built from
these codes, so their values are part of the public contract.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .errors import IllegalMoveError, InvalidPositionError
from .rules import RuleSet
from .seats import Seat
from .trick import Play, winning_play
from .trump import Trump


class Reason(enum.Enum):
    # Reasons a card is allowed.
    LEAD = "lead"
    """First card of the trick: any card may be led."""
    FOLLOW_SUIT = "follow-suit"
    """A card of the led suit, with no obligation to beat (plain suit, no trump,
    nothing higher in hand, or a partner's card the rule set lets stand)."""
    BEAT_TRUMP = "beat-trump"
    """Trump led (or any suit in all trumps): a card above the best one played."""
    PARTNER_WINNING_FREE = "partner-winning-free"
    """Void in the led suit while the partner holds the trick: any card."""
    ANY_TRUMP = "any-trump"
    """Void, an opponent holds the trick with a plain card: any trump will do."""
    OVERTRUMP = "overtrump"
    """Void, an opponent has trumped: a trump above his."""
    UNDERTRUMP = "undertrump"
    """Void, an opponent's trump cannot be beaten: a lower trump, as required."""
    MAY_UNDERTRUMP = "may-undertrump"
    """Void, an opponent's trump cannot be beaten: a lower trump, by choice."""
    MAY_DISCARD = "may-discard"
    """Void, and nothing obliges a trump: any card."""

    # Reasons a card is refused.
    MUST_FOLLOW_SUIT = "must-follow-suit"
    """The player holds the led suit and this card is of another suit."""
    MUST_BEAT_TRUMP = "must-beat-trump"
    """A card of the led suit that does not beat the best one, while a higher one is held."""
    MUST_TRUMP = "must-trump"
    """Void, an opponent holds the trick, trumps in hand: this card is no trump."""
    MUST_OVERTRUMP = "must-overtrump"
    """Void, an opponent has trumped and a higher trump is held: this card is not one."""
    MUST_UNDERTRUMP = "must-undertrump"
    """Void, an opponent's trump cannot be beaten: the rule set still requires a trump."""

    @property
    def allows(self) -> bool:
        return self not in REFUSING


# A tuple, not a set: membership by identity, with no Python-level enum hashing.
REFUSING: tuple[Reason, ...] = (
    Reason.MUST_FOLLOW_SUIT,
    Reason.MUST_BEAT_TRUMP,
    Reason.MUST_TRUMP,
    Reason.MUST_OVERTRUMP,
    Reason.MUST_UNDERTRUMP,
)


@dataclass(frozen=True, slots=True)
class Verdict:
    card: Card
    reason: Reason

    @property
    def allowed(self) -> bool:
        return self.reason not in REFUSING


def reasons(
    rules: RuleSet, trump: Trump, trick: Sequence[Play], seat: Seat, hand: Sequence[Card]
) -> list[Reason]:
    """The reason deciding each card of `hand`, in hand order."""
    if not trick:
        return [Reason.LEAD] * len(hand)

    lead = trick[0].card
    led = lead.suit
    holding = winning_play(trick, trump)
    partner_holds = rules.are_partners(seat, holding.seat)
    trump_suit = trump.suit
    all_trumps = trump is Trump.ALL

    if any(card.suit is led for card in hand):
        # Only a trump lead (every lead, in all trumps) obliges a player to go higher.
        if all_trumps or led is trump_suit:
            spare_partner = partner_holds and not (
                rules.beat_partner_in_all_trumps if all_trumps else rules.beat_partner_on_trump_lead
            )
            best = holding.card.trump_strength
            if not spare_partner and any(
                card.suit is led and card.trump_strength > best for card in hand
            ):
                return [
                    (Reason.BEAT_TRUMP if card.trump_strength > best else Reason.MUST_BEAT_TRUMP)
                    if card.suit is led
                    else Reason.MUST_FOLLOW_SUIT
                    for card in hand
                ]
        return [
            Reason.FOLLOW_SUIT if card.suit is led else Reason.MUST_FOLLOW_SUIT for card in hand
        ]

    if trump_suit is None or not any(card.suit is trump_suit for card in hand):
        return [Reason.MAY_DISCARD] * len(hand)
    if partner_holds and rules.partner_winning_frees:
        return [Reason.PARTNER_WINNING_FREE] * len(hand)
    if holding.card.suit is not trump_suit:
        return [Reason.ANY_TRUMP if card.suit is trump_suit else Reason.MUST_TRUMP for card in hand]

    best = holding.card.trump_strength
    if any(card.suit is trump_suit and card.trump_strength > best for card in hand):
        return [
            Reason.OVERTRUMP
            if card.suit is trump_suit and card.trump_strength > best
            else Reason.MUST_OVERTRUMP
            for card in hand
        ]
    if rules.must_undertrump:
        return [
            Reason.UNDERTRUMP if card.suit is trump_suit else Reason.MUST_UNDERTRUMP
            for card in hand
        ]
    return [
        Reason.MAY_UNDERTRUMP if card.suit is trump_suit else Reason.MAY_DISCARD for card in hand
    ]


def legal_cards(
    rules: RuleSet, trump: Trump, trick: Sequence[Play], seat: Seat, hand: Sequence[Card]
) -> list[Verdict]:
    """A verdict for every card of `hand`, in hand order, for `seat` playing to `trick`."""
    return [
        Verdict(card, reason)
        for card, reason in zip(hand, reasons(rules, trump, trick, seat, hand), strict=True)
    ]


def allowed_cards(
    rules: RuleSet, trump: Trump, trick: Sequence[Play], seat: Seat, hand: Sequence[Card]
) -> list[Card]:
    """The cards of `hand` that may be played, in hand order."""
    return [
        card
        for card, reason in zip(hand, reasons(rules, trump, trick, seat, hand), strict=True)
        if reason not in REFUSING
    ]


@dataclass(frozen=True)
class Position:
    """The moment a player must choose a card: like a chess position, it knows its legal moves.

    Raises InvalidPositionError for a position that cannot occur.
    """

    rules: RuleSet
    trump: Trump
    trick: tuple[Play, ...]
    seat: Seat
    hand: tuple[Card, ...]

    def __post_init__(self) -> None:
        rules = self.rules
        if not rules.offers(self.trump):
            raise InvalidPositionError(
                f"rule set {rules.id} does not play {self.trump.value} deals"
            )
        if len(self.trick) >= rules.players:
            raise InvalidPositionError(
                f"at most {rules.players - 1} cards can be on the trick before the player to move"
            )
        seats = [play.seat for play in self.trick] + [self.seat]
        for seat in seats:
            if seat not in rules.seats:
                raise InvalidPositionError(f"{seat.value} has no seat at a {rules.id} table")
        for before, after in itertools.pairwise(seats):
            if rules.next_seat(before) is not after:
                raise InvalidPositionError(f"{after.value} does not play after {before.value}")
        if not 1 <= len(self.hand) <= rules.hand_size:
            raise InvalidPositionError(
                f"a hand holds 1 to {rules.hand_size} cards, this one {len(self.hand)}"
            )
        cards = [play.card for play in self.trick] + list(self.hand)
        if len(set(cards)) != len(cards):
            raise InvalidPositionError("a card appears twice on the table and in the hand")

    @property
    def verdicts(self) -> list[Verdict]:
        return legal_cards(self.rules, self.trump, self.trick, self.seat, self.hand)

    @property
    def legal_moves(self) -> list[Card]:
        return allowed_cards(self.rules, self.trump, self.trick, self.seat, self.hand)

    def is_legal(self, card: Card) -> bool:
        return card in self.legal_moves

    def play(self, card: Card) -> tuple[Play, ...]:
        """The trick once `card` is played; IllegalMoveError if it may not be."""
        if card not in self.hand:
            raise IllegalMoveError(f"{card} is not in {self.seat.value}'s hand")
        if not self.is_legal(card):
            allowed = ", ".join(c.code for c in self.legal_moves)
            raise IllegalMoveError(f"{card} may not be played here (allowed: {allowed})")
        return (*self.trick, Play(self.seat, card))
