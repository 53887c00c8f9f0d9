"""The Belote rules engine: pure functions and types, no I/O.

Modelled on python-chess: small immutable types (`Card`, `Seat`, `Trump`,
`RuleSet`), a `Position` that knows its legal moves, and free functions for
the hot paths.
"""

from .cards import DECK, Card, CardCodeError, Rank, Suit
from .deal import PlayedDeal, deal_hands, lowest_card, play_deal
from .play import Position, Reason, Verdict, allowed_cards, legal_cards
from .rules import VALUE_KINDS, CardValues, RuleSet
from .seats import Direction, Seat, table_order
from .trick import Play, TrickResult, beats, led_suit, score_trick, winning_play
from .trump import PLAIN_ORDER, TRUMP_ORDER, Trump, TrumpMode, strength

__all__ = [
    "DECK",
    "PLAIN_ORDER",
    "TRUMP_ORDER",
    "VALUE_KINDS",
    "Card",
    "CardCodeError",
    "CardValues",
    "Direction",
    "Play",
    "PlayedDeal",
    "Position",
    "Rank",
    "Reason",
    "RuleSet",
    "Seat",
    "Suit",
    "TrickResult",
    "Trump",
    "TrumpMode",
    "Verdict",
    "allowed_cards",
    "beats",
    "deal_hands",
    "led_suit",
    "legal_cards",
    "lowest_card",
    "play_deal",
    "score_trick",
    "strength",
    "table_order",
    "winning_play",
]
