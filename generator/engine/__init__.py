"""The Belote rules engine: pure functions and types, no I/O.

Modelled on python-chess: small immutable types (`Card`, `Seat`, `Trump`,
`RuleSet`), a `Position` that knows its legal moves, and free functions for
the hot paths.
"""

from .cards import DECK, HAND_SIZE, Card, CardCodeError, Rank, Suit
from .deal import PlayedDeal, deal_hands, lowest_card, play_deal
from .declarations import Declaration, Kind, award_declarations, find_declarations, has_belote
from .play import Position, Reason, Verdict, allowed_cards, legal_cards
from .rules import (
    VALUE_KINDS,
    BothOverTarget,
    CardValues,
    Comparison,
    DeclarationRules,
    ExactTie,
    Rounding,
    RuleSet,
    ScoringRules,
    Tie,
)
from .scoring import DealFacts, DealScore, GameResult, Outcome, score_deal, score_game
from .seats import Direction, Seat, table_order
from .trick import Play, TrickResult, beats, led_suit, score_trick, winning_play
from .trump import PLAIN_ORDER, TRUMP_ORDER, Trump, TrumpMode, strength

__all__ = [
    "DECK",
    "HAND_SIZE",
    "PLAIN_ORDER",
    "TRUMP_ORDER",
    "VALUE_KINDS",
    "BothOverTarget",
    "Card",
    "CardCodeError",
    "CardValues",
    "Comparison",
    "DealFacts",
    "DealScore",
    "Declaration",
    "DeclarationRules",
    "Direction",
    "ExactTie",
    "GameResult",
    "Kind",
    "Outcome",
    "Play",
    "PlayedDeal",
    "Position",
    "Rank",
    "Reason",
    "Rounding",
    "RuleSet",
    "ScoringRules",
    "Seat",
    "Suit",
    "Tie",
    "TrickResult",
    "Trump",
    "TrumpMode",
    "Verdict",
    "allowed_cards",
    "award_declarations",
    "beats",
    "deal_hands",
    "find_declarations",
    "has_belote",
    "led_suit",
    "legal_cards",
    "lowest_card",
    "play_deal",
    "score_deal",
    "score_game",
    "score_trick",
    "strength",
    "table_order",
    "winning_play",
]
