"""The engine's own exceptions, as python-chess has `IllegalMoveError`.

Each derives from `BeloteError`, so a caller can catch everything the engine
refuses at once, and from `ValueError`, since each is a bad value handed in.
"""

from __future__ import annotations


class BeloteError(ValueError):
    """Something the rules of the game do not allow."""


class CardCodeError(BeloteError):
    """A card code that names no card of the 32-card deck."""


class InvalidPositionError(BeloteError):
    """A position that cannot occur: a card twice, a trick out of turn, a hand too big."""


class IllegalMoveError(BeloteError):
    """A card the player to move may not play."""


class IllegalCallError(BeloteError):
    """A call the auction does not allow at this point."""


class InvalidDealError(BeloteError):
    """Facts of a deal that cannot go together: points that do not add up, a capot and points."""


class GameOverError(BeloteError):
    """A deal recorded after the one that ended the game."""


class IllegalPlayError(IllegalMoveError):
    """A card of a recorded deal its player could not play there, or a trick out of turn.

    `trick` (from 1) and `card` (its place in the trick, from 1; None for the
    trick as a whole) say where, so that a reader can point at the line.
    """

    def __init__(self, message: str, trick: int | None, card: int | None = None) -> None:
        super().__init__(message)
        self.trick = trick
        self.card = card
