"""Deal scenarios: what happened in one deal, and the score sheet's line for it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...content import fields
from ...content.errors import excerpt
from ...content.nodes import Source
from ...content.scenarios import COMMON_KEYS, Entry
from ...engine import DealFacts, DealScore, InvalidDealError, Outcome, Side, score_deal
from ..compare import Comparer
from ..deal_facts import DEAL_KEYS, read_deal
from ..figures import ScoreFigure
from ..kind import Expectation, Scenario, ScenarioKind


@dataclass(frozen=True, kw_only=True)
class DealExpectation(Expectation):
    outcome: Outcome | None = None
    score: Mapping[Side, int] | None = None
    held: int | None = None


@dataclass(frozen=True, kw_only=True)
class DealScenario(Scenario):
    facts: DealFacts
    expect: DealExpectation | None = None


def outcome(source: Source, what: str) -> Outcome:
    name = source.text(what)
    try:
        return Outcome(name)
    except ValueError:
        known = " | ".join(o.value for o in Outcome)
        raise source.error(f"unknown outcome {excerpt(name)} ({known})") from None


def scored(scenario: Scenario, facts: DealFacts) -> DealScore:
    """The engine's score of one deal, its refusal reported at the scenario."""
    try:
        return score_deal(scenario.rules, facts)
    except InvalidDealError as error:
        raise scenario.error(str(error)) from None


def sides_json(points: Mapping[Side, int]) -> dict[str, int]:
    return {side.name: value for side, value in points.items()}


class DealKind(ScenarioKind[DealScenario, DealScore]):
    name = "deal"
    keys = DEAL_KEYS
    required = frozenset({"kind", "trump", "taker"})

    def parse(self, entry: Entry, given: Mapping[str, Source]) -> DealScenario:
        rules = entry.rules
        facts = read_deal(entry.source, rules, DEAL_KEYS | COMMON_KEYS)
        expect = None
        if "expect" in given:
            source = given["expect"]
            wanted = source.fields("expect", frozenset({"outcome", "score", "held"}))
            found: dict[str, Any] = {}
            if "outcome" in wanted:
                found["outcome"] = outcome(wanted["outcome"], "expect.outcome")
            if "score" in wanted:
                found["score"] = fields.sides_mapping(wanted["score"], rules, "expect.score")
            if "held" in wanted:
                found["held"] = wanted["held"].integer("expect.held", 0)
            expect = DealExpectation(**found, **Expectation.where(source))
        return DealScenario(**Scenario.common(entry), facts=facts, expect=expect)

    def compute(self, scenario: DealScenario) -> DealScore:
        return scored(scenario, scenario.facts)

    def results(self, answer: DealScore) -> frozenset[int]:
        """What the deal's sums end in: each side's score."""
        return frozenset(answer.scores.values())

    def compare(self, scenario: DealScenario, answer: DealScore, check: Comparer) -> None:
        expect = scenario.expect
        if expect is None:
            return
        if expect.outcome is not None and expect.outcome is not answer.outcome:
            check.differs("outcome", expect.outcome.value, answer.outcome.value)
        check.compare_sides("score", expect.score, answer.scores)
        check.compare("held", expect.held, answer.held)

    def figure(self, scenario: DealScenario, answer: DealScore) -> ScoreFigure:
        """The deal's score sheet: the home page shows it beside a scoring page."""
        return ScoreFigure(scenario.facts, answer)

    def as_json(self, scenario: DealScenario, answer: DealScore) -> dict[str, Any]:
        return {
            "outcome": answer.outcome.value,
            "score": sides_json(answer.scores),
            "held": answer.held,
            "declaration_points": sides_json(answer.declaration_points),
        }


KIND = DealKind()
