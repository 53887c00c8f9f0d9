"""Scoring a deal (contract made, dedans, litige, capot) and a game to its target."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .declarations import Declaration, award_declarations
from .rules import BothOverTarget, Rounding, RuleSet, Tie
from .seats import Seat
from .trump import Trump

Side = frozenset[Seat]


class Outcome(enum.Enum):
    MADE = "made"
    DEDANS = "dedans"
    LITIGE = "litige"


@dataclass(frozen=True)
class DealFacts:
    """What happened in a deal, as a score sheet records it."""

    trump: Trump
    taker: Seat
    # Card points each side took, last trick included; ignored for a capot.
    card_points: Mapping[Side, int]
    declarations: Mapping[Seat, Sequence[Declaration]] = field(default_factory=dict)
    belote: Seat | None = None
    capot: Side | None = None
    # Who played first to the first trick: among equal declarations, nearest announces first.
    leader: Seat | None = None


@dataclass(frozen=True)
class DealScore:
    outcome: Outcome
    taker: Side
    scores: Mapping[Side, int]
    # The taker's points in a litige, waiting for the winner of the next deal.
    held: int
    # What each side brought: card points (252 and 0 after a capot), declarations, belote.
    card_points: Mapping[Side, int]
    declaration_points: Mapping[Side, int]
    belote_points: Mapping[Side, int]
    capot: Side | None

    @property
    def winner(self) -> Side | None:
        """The side that wins the deal: the taker if made, the defence if dedans."""
        if self.outcome is Outcome.MADE:
            return self.taker
        if self.outcome is Outcome.DEDANS:
            return next(side for side in self.scores if side != self.taker)
        return None


def _round(points: int, rounding: Rounding) -> int:
    if rounding is Rounding.TENS:
        return (points + 5) // 10 * 10
    return points


def score_deal(rules: RuleSet, facts: DealFacts) -> DealScore:
    scoring = rules.scoring
    sides = rules.sides
    if len(sides) != 2:
        raise ValueError("a deal is scored between two sides")
    taker = rules.side_of(facts.taker)
    defence = next(side for side in sides if side != taker)

    if facts.capot is not None:
        cards = {side: scoring.capot_points if side == facts.capot else 0 for side in sides}
    else:
        cards = {side: facts.card_points[side] for side in sides}
    leader = facts.leader or rules.order[0]
    start = rules.order.index(leader)
    announce_order = rules.order[start:] + rules.order[:start]
    award = award_declarations(
        facts.declarations, sides, rules.declarations, facts.trump, announce_order
    )
    belote = {side: 0 for side in sides}
    if facts.belote is not None:
        belote[rules.side_of(facts.belote)] = rules.declarations.belote_points

    totals = {side: cards[side] + award.points[side] + belote[side] for side in sides}
    if totals[taker] > totals[defence]:
        outcome = Outcome.MADE
    elif totals[taker] < totals[defence]:
        outcome = Outcome.DEDANS
    else:
        outcome = {
            Tie.LITIGE: Outcome.LITIGE,
            Tie.FAILED: Outcome.DEDANS,
            Tie.MADE: Outcome.MADE,
        }[scoring.tie]

    held = 0
    scores = dict(totals)
    if outcome is Outcome.DEDANS:
        whole = sum(cards.values())  # the deal's card points: 162, or the capot's 252
        scores[defence] = whole + sum(award.points.values()) + belote[defence]
        scores[taker] = belote[taker] if scoring.belote_kept_on_failure else 0
    elif outcome is Outcome.LITIGE:
        # Belote stays with its side at once; the rest of the taker's points wait.
        held = _round(totals[taker] - belote[taker], scoring.rounding)
        scores[taker] = belote[taker]
    return DealScore(
        outcome=outcome,
        taker=taker,
        scores={side: _round(points, scoring.rounding) for side, points in scores.items()},
        held=held,
        card_points=cards,
        declaration_points=award.points,
        belote_points=belote,
        capot=facts.capot,
    )


@dataclass(frozen=True)
class GameResult:
    totals: Mapping[Side, int]
    winner: Side | None
    deals_played: int
    # Litige points still waiting for a deal's winner when the record ends.
    held: int


def score_game(rules: RuleSet, deals: Sequence[DealScore], target: int | None = None) -> GameResult:
    """Add up deal scores until a side reaches the target.

    Raises ValueError when deals follow the one that ended the game.
    """
    scoring = rules.scoring
    target = scoring.target if target is None else target
    totals = {side: 0 for side in rules.sides}
    held = 0
    for number, deal in enumerate(deals, start=1):
        for side, points in deal.scores.items():
            totals[side] += points
        if deal.winner is not None and held:
            totals[deal.winner] += held
            held = 0
        held += deal.held
        winner = _game_winner(totals, target, deal, scoring.both_over_target)
        if winner is not None:
            if number < len(deals):
                raise ValueError(f"the game ended after deal {number}; deal {number + 1} is extra")
            return GameResult(totals, winner, number, held)
    return GameResult(totals, None, len(deals), held)


def _game_winner(
    totals: Mapping[Side, int], target: int, deal: DealScore, policy: BothOverTarget
) -> Side | None:
    over = [side for side, points in totals.items() if points >= target]
    if len(over) == 1:
        return over[0]
    if len(over) < 2:
        return None
    if policy is BothOverTarget.TAKER:
        return deal.taker
    first, second = sorted(over, key=lambda side: totals[side], reverse=True)
    return first if totals[first] > totals[second] else None
