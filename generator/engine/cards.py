"""Suits, ranks and the 32 cards of the Belote deck."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .errors import CardCodeError


class Suit(enum.Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def word(self) -> str:
        """The suit's English name as used in content files (`hearts`)."""
        return self.name.lower()

    @property
    def symbol(self) -> str:
        """The suit's sign as cards print it (♥)."""
        return _SYMBOLS[self]


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(enum.Enum):
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"


# Lowest first: a rank's index is its strength within a suit.
TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
    Rank.NINE,
    Rank.JACK,
)
PLAIN_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)


# Each rank's place in the orders, and each suit's: a card's derived numbers, looked up.
_TRUMP_PLACE = {rank: place for place, rank in enumerate(TRUMP_ORDER)}
_PLAIN_PLACE = {rank: place for place, rank in enumerate(PLAIN_ORDER)}
_RANK_PLACE = {rank: place for place, rank in enumerate(Rank)}
_SUIT_PLACE = {suit: place for place, suit in enumerate(Suit)}


@dataclass(frozen=True, slots=True)
class Card:
    rank: Rank
    suit: Suit
    # Derived once, because legal-card evaluation looks them up in its inner loop.
    trump_strength: int = field(init=False, repr=False, compare=False)
    plain_strength: int = field(init=False, repr=False, compare=False)
    ordinal: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "trump_strength", _TRUMP_PLACE[self.rank])
        object.__setattr__(self, "plain_strength", _PLAIN_PLACE[self.rank])
        ordinal = _SUIT_PLACE[self.suit] * 8 + _RANK_PLACE[self.rank]
        object.__setattr__(self, "ordinal", ordinal)

    def __hash__(self) -> int:
        # The default would hash two enums through Python-level __hash__ calls.
        return self.ordinal

    @property
    def code(self) -> str:
        """Canonical code: rank then suit, ten written `10` (`10H`, `QS`)."""
        return self.rank.value + self.suit.value

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    @staticmethod
    def of(rank: Rank, suit: Suit) -> Card:
        """The deck's card of this rank and suit (none is made anew)."""
        return _BY_RANK_SUIT[rank, suit]

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

_BY_RANK_SUIT: dict[tuple[Rank, Suit], Card] = {(card.rank, card.suit): card for card in DECK}
_BY_CODE: dict[str, Card] = {}
for _card in DECK:
    _BY_CODE[_card.code] = _card
    if _card.rank is Rank.TEN:
        _BY_CODE["T" + _card.suit.value] = _card
del _card
