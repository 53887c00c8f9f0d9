"""Rule sets: the options that differ between rule books, as data.

A rule set is read from `content/rulesets/<id>.yaml` by the content loader;
the engine only ever looks at these options, never at a rule set's name.

The dataclasses below are also the rule sets' schema: the loader reads every
field of them from YAML by its name (or the `key` its metadata gives), with
the bounds its metadata sets, so an option is added here and nowhere else.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .cards import DECK, Card, Rank, Suit
from .errors import BeloteError, InvalidPositionError
from .seats import Direction, Seat, Side, table_order
from .trump import Trump, TrumpMode


class InvalidRuleSetError(BeloteError):
    """Options that cannot go together (a partnership of one, a deal of 40 cards)."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


def option(
    *,
    key: str | None = None,
    low: int | None = None,
    high: int | None = None,
    default: Any = ...,
    default_factory: Any = None,
    url: bool = False,
) -> Any:
    """A rule-set field with what the loader needs to know: its YAML key and its bounds.

    `low` and `high` bound a number, or every number of a mapping; `url` makes
    a text a web address (`https:` only), which pages show as a link.
    """
    metadata = {"key": key, "low": low, "high": high, "url": url}
    if default_factory is not None:
        return field(metadata=metadata, default_factory=default_factory)
    if default is ...:
        return field(metadata=metadata)
    return field(metadata=metadata, default=default)


@dataclass(frozen=True)
class CardValues:
    """Card points by rank for each kind of card (trump, plain, no trump, all trumps)."""

    trump: Mapping[Rank, int] = option(low=0, high=1000)
    plain: Mapping[Rank, int] = option(low=0, high=1000)
    no_trump: Mapping[Rank, int] = option(low=0, high=1000)
    all_trumps: Mapping[Rank, int] = option(low=0, high=1000)
    # Points by card ordinal under each trump, filled on first use.
    _by_trump: dict[str, tuple[int, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        for name in ("trump", "plain", "no_trump", "all_trumps"):
            table = getattr(self, name)
            missing = [rank.value for rank in Rank if rank not in table]
            if missing:
                raise InvalidRuleSetError(
                    name,
                    f"values.{name} needs a value for every rank: {', '.join(missing)} missing",
                )

    def points(self, card: Card, trump: Trump) -> int:
        table = self._by_trump.get(trump.value)
        if table is None:
            table = tuple(self._points(each, trump) for each in DECK)
            self._by_trump[trump.value] = table
        return table[card.ordinal]

    def _points(self, card: Card, trump: Trump) -> int:
        mode = trump.mode
        if mode is TrumpMode.NO_TRUMP:
            return self.no_trump[card.rank]
        if mode is TrumpMode.ALL_TRUMPS:
            return self.all_trumps[card.rank]
        return (self.trump if card.suit is trump.suit else self.plain)[card.rank]


class Comparison(enum.Enum):
    """How the two sides' declarations are weighed against each other."""

    # Only the side with the best single declaration scores, and all of its own.
    BEST_DECLARATION = "best-declaration"
    # Sequences and carrés are weighed apart: the best sequence's side scores
    # its sequences, the best carré's side its carrés (seed 004).
    SEQUENCES_AND_CARRES_APART = "apart"


class ExactTie(enum.Enum):
    NOBODY = "nobody"  # FFB: equal best declarations cancel out
    FIRST_ANNOUNCED = "first-announced"  # the one declared first (nearest the leader) wins


@dataclass(frozen=True)
class DeclarationRules:
    enabled: bool
    # Points by sequence length (3, 4 and 5, the last for five cards or more).
    sequences: Mapping[int, int] = option(low=0, high=10_000)
    carres: Mapping[Rank, int] = option(low=0, high=10_000)
    comparison: Comparison = option()
    exact_tie: ExactTie = option()
    belote_points: int = option(key="belote", low=0, high=10_000)
    # Carrés in a no-trump deal, where they differ (FFB coinche 2015, §11.2: aces 200, tens 150).
    carres_no_trump: Mapping[Rank, int] | None = option(low=0, high=10_000, default=None)
    # In all trumps, whether each suit's king and queen make a belote (FFB coinche 2015, §11.3).
    belote_in_all_trumps: bool = option(default=False)
    # Whether one card may count in a sequence and a carré at once (FFB coinche §8: no).
    shared_cards: bool = option(default=True)

    def carre_points(self, rank: Rank, trump: Trump) -> int:
        table = self.carres
        if trump.mode is TrumpMode.NO_TRUMP and self.carres_no_trump is not None:
            table = self.carres_no_trump
        return table.get(rank, 0)

    def __post_init__(self) -> None:
        if set(self.sequences) != {3, 4, 5}:
            raise InvalidRuleSetError(
                "sequences", "declarations.sequences needs lengths 3, 4 and 5 (five or more)"
            )


class Tie(enum.Enum):
    """What a deal is when the taker scores exactly as much as the defence."""

    LITIGE = "litige"  # the defence scores; the taker's points wait for the next deal's winner
    FAILED = "failed"  # as if the contract failed (dedans)
    MADE = "made"  # as if the contract was made


class Rounding(enum.Enum):
    NONE = "none"
    TENS = "tens"  # to the nearest ten, a five rounding up (85 -> 90: FFB 2015)
    TENS_FIVE_DOWN = "tens-five-down"  # to the nearest ten, a five rounding down (85 -> 80)

    def apply(self, points: int) -> int:
        if self is Rounding.TENS:
            return (points + 5) // 10 * 10
        if self is Rounding.TENS_FIVE_DOWN:
            return (points + 4) // 10 * 10
        return points


class BeloteOnFailure(enum.Enum):
    """What becomes of the takers' belote-rebelote when their contract fails.

    And of the defence's when a coinched contract is made (the beaten side scores
    nothing else).
    """

    KEPT = "kept"  # "imprenable": it stays with its side whatever happens
    LOST = "lost"  # nobody scores it
    TAKEN = "taken"  # "prenable": the other side scores it


class BeloteCannotFinish(enum.Enum):
    """Which sides cannot win the game on the belote points of the deal alone."""

    NONE = "none"
    CAPOT = "capot"  # a side that took no trick
    CAPOT_OR_FAILED = "capot-or-failed"  # that, or a taker whose contract failed


class BothOverTarget(enum.Enum):
    """Who wins when both sides pass the target in the same deal."""

    HIGHER_TOTAL = "higher-total"
    TAKER = "taker"


@dataclass(frozen=True)
class ScoringRules:
    # What a capot's cards are worth instead of the deal's points (252: 152, last trick 100).
    capot_points: int = option(key="capot", low=0, high=10_000)
    belote_on_failure: BeloteOnFailure = option()
    tie: Tie = option()
    rounding: Rounding = option()
    target: int = option(low=1, high=1_000_000)
    both_over_target: BothOverTarget = option()
    belote_cannot_finish: BeloteCannotFinish = option()
    # The target of a short game, where the rule set offers one.
    short_target: int | None = option(low=1, high=1_000_000, default=None)


class AuctionKind(enum.Enum):
    """How a deal's trump and taker are found: the rule set's auction."""

    BIDS = "bids"  # Coinche and Contrée: bids of points and a trump
    TURNED_CARD = "turned-card"  # classic Belote: take the turned card, or name a suit


class AfterCoinche(enum.Enum):
    """Who speaks once a contract is coinched."""

    EVERYONE = "everyone"  # the three next players, in turn (FFB coinche 2015, §4.1)
    COINCHED_SIDE = "coinched-side"  # only the coinched side; the coincher's partner is silent


class DoubleName(enum.Enum):
    """What the rule book calls doubling a bid.

    Coinche in the FFB's coinche rules (2015), contre in its contrée rules (2016).
    """

    COINCHE = "coinche"  # and surcoinche
    CONTRE = "contre"  # and surcontre


@dataclass(frozen=True)
class BiddingRules:
    """The auction of Coinche and Contrée: bids of a value and a trump, coinche, surcoinche."""

    floor: int = option(low=1, high=1000)
    step: int = option(low=1, high=1000)
    coinche: int = option(low=1, high=10)  # the multiplier of a coinche (contre)
    surcoinche: int = option(low=1, high=100)  # and of a surcoinche (surcontre)
    after_coinche: AfterCoinche = option()
    # The words the book uses for a double and a redouble (the calls are the same).
    double_name: DoubleName = option(default=DoubleName.COINCHE)
    # The highest bid in points; none where the book sets none.
    ceiling: int | None = option(low=1, high=10_000, default=None)
    # What a capot contract is worth (a bid of all the tricks); none where capot cannot be bid.
    capot: int | None = option(low=1, high=10_000, default=None)
    # A générale (one player takes every trick), where offered, and its worth.
    generale: int | None = option(low=1, high=10_000, default=None)

    @property
    def has_ceiling(self) -> bool:
        """Whether bids of points stop at a highest one (FFB contrée: 160)."""
        return self.ceiling is not None

    def __post_init__(self) -> None:
        if self.ceiling is not None and self.ceiling < self.floor:
            raise InvalidRuleSetError("ceiling", "the highest bid is below the lowest")
        if self.generale is not None and self.capot is None:
            raise InvalidRuleSetError("generale", "a générale needs a capot bid below it")


class MadeWhen(enum.Enum):
    BID = "bid"  # the takers reach their bid, whatever the defence scores (FFB contrée)
    # ... and score more than the defence too (FFB coinche 2015, §10.1.1); a tie is `tie`
    BID_AND_MORE = "bid-and-more"


class MadeScore(enum.Enum):
    """What the takers write down when they make their contract."""

    POINTS_AND_BID = "points-and-bid"  # their points and the bid (FFB)
    BID = "bid"  # the bid alone
    POINTS = "points"  # their points alone


class FailedScore(enum.Enum):
    """What the defence writes down when the contract fails (before any coinche)."""

    POINTS_AND_BID = "points-and-bid"  # failed_points (160) and the bid (FFB)
    POINTS = "points"  # failed_points alone
    BID = "bid"  # the bid alone


class Multiplies(enum.Enum):
    """What a coinche or surcoinche multiplies."""

    WHOLE = "whole"  # the whole score of the deal (FFB)
    BID = "bid"  # the bid alone (Pagat; FFB contrée 2016, note 1)


@dataclass(frozen=True, kw_only=True)
class ContractRules:
    """How a contract from the auction is scored."""

    made_when: MadeWhen = option()
    # What the lowest bid needs to be made, where that is more than the bid: pagat.com's
    # 82 ("by convention, 82 is bid by saying 80"); none where the bid is the target.
    floor_needs: int | None = option(low=0, high=1000, default=None)
    # Whether belote-rebelote and declarations count toward reaching the bid.
    counts_belote: bool = option()
    counts_declarations: bool = option()
    made: MadeScore = option()
    failed: FailedScore = option()
    # The card points a failed contract gives the defence (160 or 162).
    failed_points: int = option(low=0, high=1000)
    multiplies: Multiplies = option()
    # What a coinched contract counts the cards as, instead of the points taken:
    # 160, or the capot's worth after a capot (FFB coinche 2015, §10.1.1).
    coinche_points: int = option(low=0, high=1000)
    coinche_capot_points: int = option(low=0, high=10_000)
    # What a coinched side that makes a capot it did not bid adds after the multiplier:
    # 100 in the FFB contrée's "points faits" (2016, §10.2 note 2: "320 points auxquels
    # s'ajoutent les 100 points du dix de der, soit 420 points").
    coinche_capot_bonus: int = option(low=0, high=10_000, default=0)
    # Whether a coinched contract, made, still counts each side's cards as taken, only the
    # bid multiplied (Cannes 2016: "Le contre double les points de l'enchère demandée, le
    # surcontre les triple"), instead of `coinche_points` to the takers and nothing else.
    coinche_keeps_cards: bool = option(default=False)
    # Whether a coinche multiplies the belote too (FFB coinche) or not (FFB contrée 2016).
    belote_multiplied: bool = option()
    # A capot by the takers moves the defence's declarations to them, bid or not.
    capot_takes_declarations: bool = option()
    # A capot bid scored as a flat amount (times the coinche) instead of points and bid.
    capot_flat: int | None = option(low=0, high=100_000, default=None)


# Keyword-only: an option goes where it belongs in the schema, default or not.
@dataclass(frozen=True, kw_only=True)
class RuleSet:
    """The play and scoring options of one rule book or house."""

    id: str
    name: str
    seats: tuple[Seat, ...]
    direction: Direction
    # Pairs of partners; empty when everyone plays for himself.
    partnerships: tuple[frozenset[Seat], ...]
    # Cards each player holds once the deal is complete: the number of tricks.
    hand_size: int = option(low=1, high=len(DECK))
    # The trump modes a deal may be played in (suit, no trump, all trumps).
    modes: tuple[TrumpMode, ...] = option()
    # Trump led: must a player beat the highest trump even when his partner holds it?
    beat_partner_on_trump_lead: bool = option()
    # All trumps: the same question for the led suit.
    beat_partner_in_all_trumps: bool = option()
    # Void in the led suit while the partner wins the trick: any card may be played.
    partner_winning_frees: bool = option()
    # Void, an opponent's trump cannot be beaten: must a lower trump still be played?
    must_undertrump: bool = option()
    values: CardValues = option()
    last_trick_bonus: int = option(low=0, high=1000)
    declarations: DeclarationRules = option()
    scoring: ScoringRules = option()
    # The auction of Coinche and Contrée; none for the turned card of classic Belote.
    bidding: BiddingRules | None = option(default=None)
    contract: ContractRules | None = option(default=None)
    # What the pages call the rule set; the engine never reads these.
    description: str = option(default="")
    # The rule book, edition and sections the options come from.
    source: str = option(default="")
    # Where a reader finds that source (an https address), if anywhere.
    source_url: str = option(key="url", default="", url=True)
    # A table's own choices over a book's rules: the comparison page sets them beside the
    # books, the examples do not list them among "the other rules".
    table_options: bool = option(default=False)
    # The line that opens each example: game mode, rule set and trump (a message).
    mode_lines: Mapping[TrumpMode, str] = option(key="mode_line", default_factory=dict)
    order: tuple[Seat, ...] = field(init=False)
    _partner: Mapping[Seat, Seat] = field(init=False, repr=False, compare=False)
    # Keyed by the seat's name: a str hashes in C, an enum member in Python.
    _partner_by_name: Mapping[str, Seat] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(set(self.seats)) != len(self.seats) or not 2 <= len(self.seats) <= 4:
            raise InvalidRuleSetError("seats", "seats must name two, three or four different seats")
        partnered = sorted(seat.value for pair in self.partnerships for seat in pair)
        if any(len(pair) != 2 for pair in self.partnerships) or (
            self.partnerships and partnered != sorted(seat.value for seat in self.seats)
        ):
            raise InvalidRuleSetError(
                "partnerships",
                "partnerships must pair every seat once, or be [] when each plays for himself",
            )
        if len(self.seats) - len(self.partnerships) < 2:
            raise InvalidRuleSetError("partnerships", "a table needs at least two sides")
        if self.hand_size * len(self.seats) > len(DECK):
            raise InvalidRuleSetError(
                "hand_size",
                f"{len(self.seats)} hands of {self.hand_size} need more than the "
                f"{len(DECK)} cards of the pack",
            )
        if not self.modes or len(set(self.modes)) != len(self.modes):
            raise InvalidRuleSetError("modes", "modes must name one or more different trump modes")
        if (self.bidding is None) != (self.contract is None):
            raise InvalidRuleSetError(
                "bidding", "bidding and contract go together: an auction needs its scoring"
            )
        if self.bidding is not None and self.scoring.tie is Tie.LITIGE:
            raise InvalidRuleSetError(
                "scoring", "a litige is classic Belote's: with bidding, a tie is failed or made"
            )
        object.__setattr__(self, "order", table_order(self.seats, self.direction))
        partner: dict[Seat, Seat] = {}
        for pair in self.partnerships:
            first, second = sorted(pair, key=lambda seat: seat.value)
            partner[first], partner[second] = second, first
        object.__setattr__(self, "_partner", MappingProxyType(partner))
        by_name = {seat.value: other for seat, other in partner.items()}
        object.__setattr__(self, "_partner_by_name", MappingProxyType(by_name))

    def card_points(self, trump: Trump) -> int:
        """All the cards' points under this trump (152 with the usual values)."""
        return sum(self.values.points(card, trump) for card in DECK)

    def deal_points(self, trump: Trump) -> int:
        """What a deal's cards and last trick are worth under this trump (162 usually)."""
        return self.card_points(trump) + self.last_trick_bonus

    @property
    def auction(self) -> AuctionKind:
        return AuctionKind.TURNED_CARD if self.bidding is None else AuctionKind.BIDS

    @property
    def other_modes(self) -> bool:
        """Whether a deal may be played in no trump or all trumps as well as in a suit (named
        in classic Belote's second round, bid in Coinche)."""
        return any(mode is not TrumpMode.SUIT for mode in self.modes)

    def offers(self, trump: Trump) -> bool:
        """Whether a deal may be played under this trump in this rule set."""
        return trump.mode in self.modes

    @property
    def players(self) -> int:
        return len(self.order)

    @property
    def tricks(self) -> int:
        """Tricks in a deal: one per card in a hand."""
        return self.hand_size

    def order_from(self, seat: Seat) -> tuple[Seat, ...]:
        """Every seat in the order of play, starting with `seat`."""
        start = self.order.index(seat)
        return self.order[start:] + self.order[:start]

    def partner_of(self, seat: Seat) -> Seat | None:
        return self._partner.get(seat)

    def are_partners(self, a: Seat, b: Seat) -> bool:
        return self._partner_by_name.get(a.value) is b

    def next_seat(self, seat: Seat) -> Seat:
        """The seat that plays after `seat`."""
        order = self.order
        if seat not in order:
            raise InvalidPositionError(f"{seat.value} has no seat at a {self.id} table")
        return order[(order.index(seat) + 1) % len(order)]

    @property
    def sides(self) -> tuple[Side, ...]:
        """The sides that score: the partnerships, or each seat alone."""
        sides: list[Side] = []
        for seat in self.order:
            side = self.side_of(seat)
            if side not in sides:
                sides.append(side)
        return tuple(sides)

    def side_of(self, seat: Seat) -> Side:
        """The seats that score together with `seat` (itself alone without partners)."""
        partner = self._partner.get(seat)
        return Side((seat, partner)) if partner else Side((seat,))

    def side_named(self, name: str) -> Side | None:
        """The side called `north-south` (or a seat's name), if this table has it."""
        return next((side for side in self.sides if side.name == name), None)

    def opponents(self, side: Side) -> tuple[Side, ...]:
        return tuple(other for other in self.sides if other != side)

    def belote_suits(self, trump: Trump) -> tuple[Suit, ...]:
        """The suits whose king and queen make a belote under this trump."""
        if trump.suit is not None:
            return (trump.suit,)
        if trump is Trump.ALL and self.declarations.belote_in_all_trumps:
            return tuple(Suit)
        return ()

    def belotes(self, hands: Mapping[Seat, Iterable[Card]], trump: Trump) -> list[Seat]:
        """The seats holding a belote-rebelote (king and queen of a belote suit), one per belote."""
        found = []
        held = {seat: set(hand) for seat, hand in hands.items()}
        for suit in self.belote_suits(trump):
            pair = {Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)}
            found += [seat for seat, cards in held.items() if pair <= cards]
        return found
