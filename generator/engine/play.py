"""Which cards a player may play to a trick, and why.

Every card of the hand gets a verdict: allowed or not, with the rule that
decides it as a stable `Reason` code. Pages and explanations are built from
these codes, so their values are part of the public contract.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .rules import RuleSet
from .seats import Seat
from .trick import Play, winning_play
from .trump import Trump, TrumpMode, strength


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
        return self not in _REFUSING


_REFUSING = frozenset({
    Reason.MUST_FOLLOW_SUIT,
    Reason.MUST_BEAT_TRUMP,
    Reason.MUST_TRUMP,
    Reason.MUST_OVERTRUMP,
    Reason.MUST_UNDERTRUMP,
})


@dataclass(frozen=True, slots=True)
class Verdict:
    card: Card
    reason: Reason

    @property
    def allowed(self) -> bool:
        return self.reason.allows


def _split(
    hand: Sequence[Card], chosen: set[Card] | list[Card], yes: Reason, no: Reason
) -> list[Verdict]:
    return [Verdict(card, yes if card in chosen else no) for card in hand]


def legal_cards(
    rules: RuleSet, trump: Trump, trick: Sequence[Play], seat: Seat, hand: Sequence[Card]
) -> list[Verdict]:
    """A verdict for every card of `hand`, in hand order, for `seat` playing to `trick`."""
    if not trick:
        return [Verdict(card, Reason.LEAD) for card in hand]

    lead = trick[0].card
    holding = winning_play(trick, trump)
    partner_holds = rules.are_partners(seat, holding.seat)
    of_led_suit = [card for card in hand if card.suit is lead.suit]

    if of_led_suit:
        # Only a trump lead (every lead, in all trumps) obliges a player to go higher.
        if trump.is_trump(lead):
            may_spare_partner = not (
                rules.beat_partner_in_all_trumps
                if trump is Trump.ALL
                else rules.beat_partner_on_trump_lead
            )
            best = strength(holding.card, trump)
            higher = [c for c in of_led_suit if strength(c, trump) > best]
            if higher and not (partner_holds and may_spare_partner):
                return [
                    Verdict(card, Reason.BEAT_TRUMP) if card in higher
                    else Verdict(card, Reason.MUST_BEAT_TRUMP) if card.suit is lead.suit
                    else Verdict(card, Reason.MUST_FOLLOW_SUIT)
                    for card in hand
                ]
        return _split(hand, of_led_suit, Reason.FOLLOW_SUIT, Reason.MUST_FOLLOW_SUIT)

    trump_suit = trump.suit
    if trump.mode is not TrumpMode.SUIT:
        return [Verdict(card, Reason.MAY_DISCARD) for card in hand]
    trumps = [card for card in hand if card.suit is trump_suit]
    if not trumps:
        return [Verdict(card, Reason.MAY_DISCARD) for card in hand]
    if partner_holds and rules.partner_winning_frees:
        return [Verdict(card, Reason.PARTNER_WINNING_FREE) for card in hand]
    if holding.card.suit is not trump_suit:
        return _split(hand, trumps, Reason.ANY_TRUMP, Reason.MUST_TRUMP)

    best = strength(holding.card, trump)
    higher = [c for c in trumps if strength(c, trump) > best]
    if higher:
        return _split(hand, higher, Reason.OVERTRUMP, Reason.MUST_OVERTRUMP)
    if rules.must_undertrump:
        return _split(hand, trumps, Reason.UNDERTRUMP, Reason.MUST_UNDERTRUMP)
    return _split(hand, trumps, Reason.MAY_UNDERTRUMP, Reason.MAY_DISCARD)


def allowed_cards(
    rules: RuleSet, trump: Trump, trick: Sequence[Play], seat: Seat, hand: Sequence[Card]
) -> list[Card]:
    """The cards of `hand` that may be played, in hand order."""
    return [v.card for v in legal_cards(rules, trump, trick, seat, hand) if v.allowed]


@dataclass(frozen=True)
class Position:
    """The moment a player must choose a card: like a chess position, it knows its legal moves."""

    rules: RuleSet
    trump: Trump
    trick: tuple[Play, ...]
    seat: Seat
    hand: tuple[Card, ...]

    @property
    def verdicts(self) -> list[Verdict]:
        return legal_cards(self.rules, self.trump, self.trick, self.seat, self.hand)

    @property
    def legal_moves(self) -> list[Card]:
        return allowed_cards(self.rules, self.trump, self.trick, self.seat, self.hand)

    def is_legal(self, card: Card) -> bool:
        return card in self.legal_moves
