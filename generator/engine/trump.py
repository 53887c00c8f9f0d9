"""What is trump in a deal, and how cards rank under it."""

from __future__ import annotations

import enum

from .cards import PLAIN_ORDER, TRUMP_ORDER, Card, Suit

__all__ = ["PLAIN_ORDER", "TRUMP_ORDER", "Trump", "TrumpMode", "strength"]


class TrumpMode(enum.Enum):
    SUIT = "suit"
    NO_TRUMP = "none"
    ALL_TRUMPS = "all"


class Trump(enum.Enum):
    """The deal's trump: one suit, no trump (sans atout) or all trumps (tout atout)."""

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    NONE = "none"
    ALL = "all"

    @property
    def suit(self) -> Suit | None:
        return self._suit  # type: ignore[attr-defined,no-any-return]

    @property
    def mode(self) -> TrumpMode:
        if self is Trump.NONE:
            return TrumpMode.NO_TRUMP
        if self is Trump.ALL:
            return TrumpMode.ALL_TRUMPS
        return TrumpMode.SUIT

    @staticmethod
    def of_suit(suit: Suit) -> Trump:
        return _TRUMP_OF[suit]

    def is_trump(self, card: Card) -> bool:
        """Whether the card is a trump: in all trumps every card is one."""
        return self is Trump.ALL or card.suit is self.suit


_SUIT_OF = {
    Trump.SPADES: Suit.SPADES,
    Trump.HEARTS: Suit.HEARTS,
    Trump.DIAMONDS: Suit.DIAMONDS,
    Trump.CLUBS: Suit.CLUBS,
}
_TRUMP_OF = {suit: trump for trump, suit in _SUIT_OF.items()}
# Looked up on every card played: an attribute, not a dict keyed by enum
# members (whose hashing runs in Python).
for _trump in Trump:
    _trump._suit = _SUIT_OF.get(_trump)  # type: ignore[attr-defined]
del _trump


def strength(card: Card, trump: Trump) -> int:
    """Rank of the card within its own suit under this trump (higher beats lower)."""
    if trump is Trump.ALL or card.suit is trump.suit:
        return card.trump_strength
    return card.plain_strength
