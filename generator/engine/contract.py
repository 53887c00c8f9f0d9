"""The contract an auction ends in: who took, at which trump, for what, and how doubled."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .rules import RuleSet
from .seats import Seat
from .trump import Trump


class Level(enum.Enum):
    """What the takers undertook."""

    TAKEN = "taken"  # classic Belote: the turned card taken, or a suit named (score more)
    POINTS = "points"  # a bid of a number of points
    CAPOT = "capot"  # every trick, by the taking side
    GENERALE = "generale"  # every trick, by the taker alone


class Coinche(enum.Enum):
    NONE = "none"
    COINCHE = "coinche"  # doubled by the defence (contre)
    SURCOINCHE = "surcoinche"  # redoubled by the takers (surcontre)


@dataclass(frozen=True)
class Contract:
    taker: Seat
    trump: Trump
    level: Level
    # The points bid, for a contract of Level.POINTS.
    bid: int | None = None
    coinche: Coinche = Coinche.NONE

    def value(self, rules: RuleSet) -> int:
        """What the contract is worth: the points bid, or the rule set's capot or générale."""
        bidding = rules.bidding
        if self.level is Level.POINTS and self.bid is not None:
            return self.bid
        if bidding is not None and self.level is Level.CAPOT and bidding.capot is not None:
            return bidding.capot
        if bidding is not None and self.level is Level.GENERALE and bidding.generale is not None:
            return bidding.generale
        return 0

    def multiplier(self, rules: RuleSet) -> int:
        bidding = rules.bidding
        if bidding is None or self.coinche is Coinche.NONE:
            return 1
        return bidding.coinche if self.coinche is Coinche.COINCHE else bidding.surcoinche

    @property
    def all_tricks(self) -> bool:
        """Whether the contract is every trick (capot or générale)."""
        return self.level in (Level.CAPOT, Level.GENERALE)
