"""Computing each scenario with the engine and comparing with what its author wrote.

This is the project's promise: a page shows an example only after the
engine's answer and the author's hand-worked answer agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .content.scenarios import Scenario
from .engine import Card, Play, TrickResult, Verdict, score_trick


@dataclass(frozen=True)
class Answer:
    """The engine's answer for one scenario."""

    scenario: Scenario
    verdicts: tuple[Verdict, ...]
    result: TrickResult | None

    @property
    def allowed(self) -> list[Card]:
        return [v.card for v in self.verdicts if v.allowed]

    def as_json(self) -> dict[str, Any]:
        scenario = self.scenario
        data: dict[str, Any] = {
            "id": scenario.id,
            "file": str(scenario.path),
            "line": scenario.line,
            "rules": scenario.rules.id,
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


def compute(scenario: Scenario) -> Answer:
    position = scenario.position
    result = None
    if scenario.play is not None and scenario.completes_trick:
        plays = (*position.trick, Play(position.seat, scenario.play))
        result = score_trick(plays, position.rules, position.trump, last_trick=scenario.last_trick)
    return Answer(scenario, tuple(position.verdicts), result)


@dataclass(frozen=True)
class Mismatch:
    scenario: Scenario
    line: int
    field: str
    expected: str
    computed: str

    def __str__(self) -> str:
        return (
            f"{self.scenario.path}:{self.line}: scenario {self.scenario.id}: "
            f"{self.field}: expected {self.expected}, computed {self.computed}"
        )


def _cards(cards: object) -> str:
    return "[" + ", ".join(card.code for card in cards) + "]"  # type: ignore[attr-defined]


def mismatches(answer: Answer) -> list[Mismatch]:
    """Every field of the scenario's `expect` that the engine computed differently."""
    scenario = answer.scenario
    expect = scenario.expect
    if expect is None:
        return []
    found: list[Mismatch] = []

    def differs(name: str, expected: str, computed: str) -> None:
        found.append(Mismatch(scenario, expect.line, name, expected, computed))

    hand_order = list(scenario.position.hand)
    if expect.allowed is not None and expect.allowed != frozenset(answer.allowed):
        in_hand_order = sorted(
            expect.allowed, key=lambda c: hand_order.index(c) if c in hand_order else 99
        )
        differs("allowed", _cards(in_hand_order), _cards(answer.allowed))
    if expect.reasons is not None:
        computed = {v.card: v.reason for v in answer.verdicts}
        for card, reason in expect.reasons:
            if computed[card] is not reason:
                differs(f"reasons.{card.code}", reason.value, computed[card].value)
    result = answer.result
    if result is not None:
        if expect.winner is not None and expect.winner is not result.winner:
            differs("winner", expect.winner.value, result.winner.value)
        if expect.points is not None and expect.points != result.points:
            differs("points", str(expect.points), str(result.points))
        if expect.breakdown is not None and expect.breakdown != result.breakdown:
            differs("breakdown", str(list(expect.breakdown)), str(list(result.breakdown)))
    return found
