"""Computing each scenario with the engine and comparing with what its author wrote.

This is the project's promise: a page shows an example only after the
engine's answer and the author's hand-worked answer agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .content.errors import ContentError
from .content.fields import side_name
from .content.scenarios import (
    DealScenario,
    DeclarationsScenario,
    GameScenario,
    PlayScenario,
    Scenario,
)
from .content.scoring_scenarios import DeclarationKey
from .engine import Card, Play, RuleSet, Seat, TrickResult, Verdict, score_trick
from .engine.declarations import Declaration, award_declarations, find_declarations, has_belote
from .engine.scoring import DealScore, GameResult, score_deal, score_game

Side = frozenset[Seat]


def _sides(points: Mapping[Side, int], rules: RuleSet) -> dict[str, int]:
    return {side_name(side, rules): value for side, value in points.items()}


def _side_text(points: Mapping[Side, int], rules: RuleSet) -> str:
    return ", ".join(f"{name} {value}" for name, value in _sides(points, rules).items())


@dataclass(frozen=True)
class Answer:
    """The engine's answer for a play scenario."""

    scenario: PlayScenario
    verdicts: tuple[Verdict, ...]
    result: TrickResult | None

    @property
    def allowed(self) -> list[Card]:
        return [v.card for v in self.verdicts if v.allowed]

    def as_json(self) -> dict[str, Any]:
        scenario = self.scenario
        data: dict[str, Any] = {
            "trump": scenario.position.trump.value,
            "seat": scenario.position.seat.value,
            "allowed": [card.code for card in self.allowed],
            "reasons": {v.card.code: v.reason.value for v in self.verdicts},
        }
        if scenario.play is not None:
            data["play"] = scenario.play.code
        if self.result is not None:
            data["winner"] = self.result.winner.value
            data["points"] = self.result.points
            data["breakdown"] = list(self.result.breakdown)
            data["last_trick_bonus"] = self.result.last_trick_bonus
        return data


@dataclass(frozen=True)
class DeclarationsAnswer:
    scenario: DeclarationsScenario
    found: Mapping[Seat, tuple[Declaration, ...]]
    points: Mapping[Side, int]
    belote: Seat | None

    def as_json(self) -> dict[str, Any]:
        rules = self.scenario.rules
        return {
            "found": {
                seat.value: [str(DeclarationKey.of(d)) for d in found]
                for seat, found in self.found.items()
            },
            "points": _sides(self.points, rules),
            "belote": self.belote.value if self.belote else None,
        }


@dataclass(frozen=True)
class DealAnswer:
    scenario: DealScenario
    score: DealScore

    def as_json(self) -> dict[str, Any]:
        rules = self.scenario.rules
        return {
            "outcome": self.score.outcome.value,
            "score": _sides(self.score.scores, rules),
            "held": self.score.held,
            "declaration_points": _sides(self.score.declaration_points, rules),
        }


@dataclass(frozen=True)
class GameAnswer:
    scenario: GameScenario
    deals: tuple[DealScore, ...]
    result: GameResult

    def as_json(self) -> dict[str, Any]:
        rules = self.scenario.rules
        winner = self.result.winner
        return {
            "deals": [_sides(deal.scores, rules) for deal in self.deals],
            "totals": _sides(self.result.totals, rules),
            "winner": side_name(winner, rules) if winner else None,
            "held": self.result.held,
            "deals_played": self.result.deals_played,
        }


AnyAnswer = Answer | DeclarationsAnswer | DealAnswer | GameAnswer


def _compute_play(scenario: PlayScenario) -> Answer:
    position = scenario.position
    result = None
    if scenario.play is not None and scenario.completes_trick:
        plays = (*position.trick, Play(position.seat, scenario.play))
        result = score_trick(plays, position.rules, position.trump, last_trick=scenario.last_trick)
    return Answer(scenario, tuple(position.verdicts), result)


def _compute_declarations(scenario: DeclarationsScenario) -> DeclarationsAnswer:
    rules = scenario.rules
    found = {
        seat: tuple(find_declarations(hand, rules.declarations))
        for seat, hand in scenario.hands.items()
    }
    start = rules.order.index(scenario.leader)
    order = rules.order[start:] + rules.order[:start]
    award = award_declarations(found, rules.sides, rules.declarations, scenario.trump, order)
    belote = next(
        (seat for seat, hand in scenario.hands.items() if has_belote(hand, scenario.trump)), None
    )
    return DeclarationsAnswer(scenario, found, award.points, belote)


def compute(scenario: Scenario) -> AnyAnswer:
    if isinstance(scenario, PlayScenario):
        return _compute_play(scenario)
    if isinstance(scenario, DeclarationsScenario):
        return _compute_declarations(scenario)
    if isinstance(scenario, DealScenario):
        return DealAnswer(scenario, score_deal(scenario.rules, scenario.facts))
    deals = tuple(score_deal(scenario.rules, facts) for facts in scenario.deals)
    try:
        result = score_game(scenario.rules, deals, scenario.target)
    except ValueError as error:
        # More deals than the game lasted: the scenario itself is wrong.
        raise ContentError(scenario.path, scenario.line, str(error), scenario.id) from None
    return GameAnswer(scenario, deals, result)


def explain(answer: AnyAnswer) -> dict[str, Any]:
    """The JSON object `belote-site explain` prints for one scenario."""
    scenario = answer.scenario
    kind = {
        Answer: "play",
        DeclarationsAnswer: "declarations",
        DealAnswer: "deal",
        GameAnswer: "game",
    }[type(answer)]
    return {
        "id": scenario.id,
        "kind": kind,
        "file": str(scenario.path),
        "line": scenario.line,
        "rules": scenario.rules.id,
        **answer.as_json(),
    }


@dataclass(frozen=True)
class Mismatch:
    scenario_id: str
    path: Path
    line: int
    field: str
    expected: str
    computed: str

    def __str__(self) -> str:
        return (
            f"{self.path}:{self.line}: scenario {self.scenario_id}: "
            f"{self.field}: expected {self.expected}, computed {self.computed}"
        )


def _cards(cards: Iterable[Card]) -> str:
    return "[" + ", ".join(card.code for card in cards) + "]"


class _Comparer:
    """Collects mismatches, each at the line of the `expect` field it concerns."""

    def __init__(self, scenario: Scenario, line: int, lines: Mapping[str, int]) -> None:
        self.scenario = scenario
        self.line = line
        self.lines = lines
        self.found: list[Mismatch] = []

    def differs(self, field: str, expected: object, computed: object) -> None:
        line = self.lines.get(field.split(".")[0], self.line)
        self.found.append(
            Mismatch(
                self.scenario.id, self.scenario.path, line, field, str(expected), str(computed)
            )
        )

    def compare_sides(
        self,
        field: str,
        expected: Mapping[Side, int] | None,
        computed: Mapping[Side, int],
        rules: RuleSet,
    ) -> None:
        """Points by side, written `north-south 92, east-west 70` in the message."""
        if expected is not None and dict(expected) != dict(computed):
            self.differs(field, _side_text(expected, rules), _side_text(computed, rules))

    def compare(self, field: str, expected: object, computed: object) -> None:
        if expected is not None and expected != computed:
            self.differs(field, expected, computed)


def _compare_play(answer: Answer, check: _Comparer) -> None:
    scenario = answer.scenario
    expect = scenario.expect
    assert expect is not None
    hand = list(scenario.position.hand)
    if expect.allowed is not None and expect.allowed != frozenset(answer.allowed):
        in_hand_order = sorted(expect.allowed, key=lambda c: hand.index(c) if c in hand else 99)
        check.differs("allowed", _cards(in_hand_order), _cards(answer.allowed))
    if expect.reasons is not None:
        computed = {v.card: v.reason for v in answer.verdicts}
        for card, reason in expect.reasons:
            if computed[card] is not reason:
                check.differs(f"reasons.{card.code}", reason.value, computed[card].value)
    result = answer.result
    if result is not None:
        if expect.winner is not None and expect.winner is not result.winner:
            check.differs("winner", expect.winner.value, result.winner.value)
        check.compare("points", expect.points, result.points)
        if expect.breakdown is not None and expect.breakdown != result.breakdown:
            check.differs("breakdown", list(expect.breakdown), list(result.breakdown))


def _compare_declarations(answer: DeclarationsAnswer, check: _Comparer) -> None:
    scenario = answer.scenario
    expect = scenario.expect
    assert expect is not None
    rules = scenario.rules
    if expect.found is not None:
        for seat in scenario.hands:
            wanted = expect.found.get(seat, frozenset())
            got = frozenset(DeclarationKey.of(d) for d in answer.found.get(seat, ()))
            if wanted != got:
                check.differs(
                    f"found.{seat.value}",
                    sorted(map(str, wanted)) or "none",
                    sorted(map(str, got)) or "none",
                )
    check.compare_sides("points", expect.points, answer.points, rules)
    if expect.belote_stated and expect.belote is not answer.belote:
        check.differs(
            "belote",
            expect.belote.value if expect.belote else "none",
            answer.belote.value if answer.belote else "none",
        )


def _compare_deal(answer: DealAnswer, check: _Comparer) -> None:
    scenario = answer.scenario
    expect = scenario.expect
    assert expect is not None
    rules = scenario.rules
    score = answer.score
    if expect.outcome is not None and expect.outcome is not score.outcome:
        check.differs("outcome", expect.outcome.value, score.outcome.value)
    check.compare_sides("score", expect.score, score.scores, rules)
    check.compare("held", expect.held, score.held)


def _compare_game(answer: GameAnswer, check: _Comparer) -> None:
    scenario = answer.scenario
    expect = scenario.expect
    assert expect is not None
    rules = scenario.rules
    result = answer.result
    check.compare_sides("totals", expect.totals, result.totals, rules)
    if expect.winner_stated and expect.winner != result.winner:
        check.differs(
            "winner",
            side_name(expect.winner, rules) if expect.winner else "none",
            side_name(result.winner, rules) if result.winner else "none",
        )
    check.compare("held", expect.held, result.held)
    check.compare("deals_played", expect.deals_played, result.deals_played)


def mismatches(answer: AnyAnswer) -> list[Mismatch]:
    """Every field of the scenario's `expect` that the engine computed differently."""
    expect = answer.scenario.expect
    if expect is None:
        return []
    check = _Comparer(answer.scenario, expect.line, expect.lines)
    if isinstance(answer, Answer):
        _compare_play(answer, check)
    elif isinstance(answer, DeclarationsAnswer):
        _compare_declarations(answer, check)
    elif isinstance(answer, DealAnswer):
        _compare_deal(answer, check)
    else:
        _compare_game(answer, check)
    return check.found
