"""Suits, ranks and the 32 cards of the Belote deck."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Suit(enum.Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def word(self) -> str:
        """The suit's English name as used in content files (`hearts`)."""
        return self.name.lower()


class Rank(enum.Enum):
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"


class CardCodeError(ValueError):
    """A card code that names no card of the 32-card deck."""


@dataclass(frozen=True, slots=True)
class Card:
    rank: Rank
    suit: Suit

    @property
    def code(self) -> str:
        """Canonical code: rank then suit, ten written `10` (`10H`, `QS`)."""
        return self.rank.value + self.suit.value

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    @staticmethod
    def parse(code: str) -> Card:
        """Read a card code; `T` is accepted for ten (`TH` is `10H`)."""
        try:
            return _BY_CODE[code.strip().upper()]
        except (KeyError, AttributeError):
            raise CardCodeError(
                f"{code!r} is not a card code (rank 7 8 9 10 J Q K A, then suit S H D C)"
            ) from None


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)

_BY_CODE: dict[str, Card] = {}
for _card in DECK:
    _BY_CODE[_card.code] = _card
    if _card.rank is Rank.TEN:
        _BY_CODE["T" + _card.suit.value] = _card
del _card
