"""The tables a page draws from engine values: an auction round by round, a contract's score sheet.

Every figure in them is the engine's: the score table scores a deal for
each bid and doubling through `score_deal`, so it follows the rule set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...engine import (
    Auction,
    Call,
    Card,
    Coinche,
    Contract,
    DealFacts,
    DealScore,
    InvalidPositionError,
    Level,
    Position,
    Reason,
    RuleSet,
    Seat,
    Side,
    Term,
    TermKind,
    Trump,
    Verdict,
    score_deal,
)
from .memo import per_value


@dataclass(frozen=True)
class AuctionTable:
    """The calls in rounds, one column per seat from the first to speak."""

    seats: tuple[Seat, ...]
    rows: tuple[tuple[Call | None, ...], ...]
    dealer: Seat


@per_value
def auction_table(auction: Auction) -> AuctionTable:
    rules = auction.rules
    seats = rules.order_from(rules.next_seat(auction.dealer))
    rows: list[list[Call | None]] = []
    for seat, call in zip(auction.speakers, auction.calls, strict=True):
        column = seats.index(seat)
        if not rows or rows[-1][column] is not None or any(rows[-1][column + 1 :]):
            rows.append([None] * len(seats))
        rows[-1][column] = call
    return AuctionTable(seats, tuple(tuple(row) for row in rows), auction.dealer)


@dataclass(frozen=True)
class SheetRow:
    """One line of a deal's score sheet: a term for each side (or none)."""

    term: TermKind
    points: tuple[int | None, ...]


@dataclass(frozen=True)
class ScoreSheet:
    """How each side's score was reached: its terms, the coinche's multiplier, the total."""

    sides: tuple[Side, ...]
    rows: tuple[SheetRow, ...]
    multipliers: tuple[int, ...]
    outside: tuple[SheetRow, ...]
    raw: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def multiplied(self) -> bool:
        return any(m > 1 for m in self.multipliers)

    @property
    def rounded(self) -> bool:
        return self.raw != self.scores


def _rows(terms: list[tuple[Term, ...]]) -> tuple[SheetRow, ...]:
    kinds = dict.fromkeys(term.kind for side_terms in terms for term in side_terms)
    return tuple(
        SheetRow(
            kind,
            tuple(
                sum(t.points for t in side_terms if t.kind is kind)
                if any(t.kind is kind for t in side_terms)
                else None
                for side_terms in terms
            ),
        )
        for kind in kinds
    )


@per_value
def score_sheet(score: DealScore, sides: tuple[Side, ...]) -> ScoreSheet:
    parts = [score.sides[side] for side in sides]
    return ScoreSheet(
        sides=sides,
        rows=_rows([part.terms for part in parts]),
        multipliers=tuple(part.multiplier for part in parts),
        outside=_rows([part.outside for part in parts]),
        raw=tuple(part.raw for part in parts),
        scores=tuple(part.score for part in parts),
    )


@dataclass(frozen=True)
class ContractRow:
    """What one contract is worth: made and failed, plain, coinched and surcoinched."""

    contract: Contract
    # For each coinche level: (the takers' score when made, the defence's when failed).
    cells: tuple[tuple[int, int], ...]
    # Made without a coinche, the takers add their card points to this figure.
    plus_points: bool


@dataclass(frozen=True)
class ContractTable:
    levels: tuple[Coinche, ...]
    rows: tuple[ContractRow, ...]
    points: int  # the card points the made contracts are scored with


# The card points the table scores a made contract with: enough for any bid up
# to 160, a multiple of ten (so that rounding changes nothing), and far ahead.
MADE_POINTS = 160


def _score(rules: RuleSet, contract: Contract, made: bool) -> DealScore:
    takers = rules.side_of(contract.taker)
    defence = rules.opponents(takers)[0]
    total = rules.deal_points(contract.trump)
    if contract.level is not Level.CAPOT:
        points = MADE_POINTS if made else total - MADE_POINTS
    elif made:
        capot = DealFacts(contract.trump, contract.taker, {}, capot=takers, contract=contract)
        return score_deal(rules, capot)
    else:
        points = total - 12
    facts = DealFacts(
        contract.trump, contract.taker, {takers: points, defence: total - points}, contract=contract
    )
    return score_deal(rules, facts)


@per_value
def contract_table(rules: RuleSet, highest: int = 160) -> ContractTable:
    """Every bid from the floor to `highest` (or the rule set's ceiling) and capot."""
    bidding = rules.bidding
    assert bidding is not None
    taker = rules.order[0]
    trump = next(t for t in Trump if rules.offers(t) and t.suit is not None)
    top = min(highest, bidding.ceiling or highest)
    contracts = [
        Contract(taker, trump, Level.POINTS, bid)
        for bid in range(bidding.floor, top + 1, bidding.step)
    ]
    if bidding.capot is not None:
        contracts.append(Contract(taker, trump, Level.CAPOT))
    levels = tuple(Coinche)
    takers = rules.side_of(taker)
    defence = rules.opponents(takers)[0]
    rows = []
    for base in contracts:
        cells = []
        for level in levels:
            contract = replace(base, coinche=level)
            made = _score(rules, contract, made=True).scores[takers]
            if level is Coinche.NONE and base.level is Level.POINTS:
                made -= MADE_POINTS  # the figure the takers add to their points
            cells.append((made, _score(rules, contract, made=False).scores[defence]))
        rows.append(ContractRow(base, tuple(cells), plus_points=base.level is Level.POINTS))
    return ContractTable(levels, tuple(rows), MADE_POINTS)


@dataclass(frozen=True)
class Ruling:
    """The other rule sets that allow the same cards in a position, and why."""

    rules: tuple[RuleSet, ...]
    allowed: tuple[Card, ...]
    reasons: tuple[Reason, ...]  # the reasons of the allowed cards, each once
    # Whether these cards are not the example's own: the rule sets rule otherwise.
    flips: bool


@per_value
def rulings(position: Position, others: Sequence[RuleSet]) -> tuple[Ruling, ...]:
    """The same position under every other rule set that can hold it (same table, its mode).

    Rule sets that allow the same cards make one ruling, those that rule
    otherwise first, so that a page shows a flip at once and an agreement
    in one line.
    """
    own = tuple(v.card for v in position.verdicts if v.allowed)
    groups: dict[tuple[Card, ...], list[tuple[RuleSet, tuple[Verdict, ...]]]] = {}
    for rules in others:
        if rules.id == position.rules.id:
            continue
        try:
            other = Position(rules, position.trump, position.trick, position.seat, position.hand)
        except InvalidPositionError:
            continue  # another table, another direction of play, or a mode it does not play
        verdicts = tuple(other.verdicts)
        allowed = tuple(v.card for v in verdicts if v.allowed)
        groups.setdefault(allowed, []).append((rules, verdicts))
    found = [
        Ruling(
            tuple(rules for rules, _ in members),
            allowed,
            tuple(dict.fromkeys(v.reason for _, vs in members for v in vs if v.allowed)),
            allowed != own,
        )
        for allowed, members in groups.items()
    ]
    return tuple(sorted(found, key=lambda ruling: not ruling.flips))
