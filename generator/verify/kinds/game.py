"""Game scenarios: deal after deal to the target, and who wins."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...content import fields
from ...content.nodes import Source
from ...content.scenarios import Entry
from ...engine import DealFacts, DealScore, GameOverError, GameResult, Side, score_game
from ..compare import Comparer
from ..deal_facts import DEAL_KEYS, read_deal
from ..kind import Expectation, Scenario, ScenarioKind
from .deal import scored, sides_json

# A game longer than this is refused: no score sheet runs that long.
MAX_DEALS = 200


@dataclass(frozen=True, kw_only=True)
class GameExpectation(Expectation):
    totals: Mapping[Side, int] | None = None
    winner: Side | None = None
    winner_stated: bool = False
    held: int | None = None
    deals_played: int | None = None


@dataclass(frozen=True, kw_only=True)
class GameScenario(Scenario):
    target: int | None  # None: the rule set's own (`scoring.target`)
    deals: tuple[DealFacts, ...]
    expect: GameExpectation | None = None
    short: bool = False  # `target: short`: the rule set's short game (`scoring.short_target`)

    @property
    def played_to(self) -> int:
        scoring = self.rules.scoring
        if self.short:
            # A rule set without a short game was refused when the scenario was read.
            return scoring.short_target or scoring.target
        return self.target or scoring.target


@dataclass(frozen=True)
class GameAnswer:
    deals: tuple[DealScore, ...]
    result: GameResult


class GameKind(ScenarioKind[GameScenario, GameAnswer]):
    name = "game"
    keys = frozenset({"target", "deals"})
    required = frozenset({"kind", "deals"})

    def parse(self, entry: Entry, given: Mapping[str, Source]) -> GameScenario:
        rules = entry.rules
        target, short = None, False
        if "target" in given and given["target"].value() == "short":
            if rules.scoring.short_target is None:
                raise given["target"].error(f"rule set {rules.id} has no short game")
            short = True
        elif "target" in given:
            target = given["target"].integer("target", 1, 1_000_000)
        items = list(given["deals"].items("deals"))
        if not items:
            raise given["deals"].error("a game needs at least one deal")
        if len(items) > MAX_DEALS:
            raise given["deals"].error(f"a game of more than {MAX_DEALS} deals is refused")
        deals = tuple(read_deal(item, rules, DEAL_KEYS) for item in items)
        expect = None
        if "expect" in given:
            source = given["expect"]
            wanted = source.fields(
                "expect", frozenset({"totals", "winner", "held", "deals_played"})
            )
            found: dict[str, Any] = {}
            if "totals" in wanted:
                found["totals"] = fields.sides_mapping(wanted["totals"], rules, "expect.totals")
            if "winner" in wanted:
                found["winner_stated"] = True
                if wanted["winner"].value() != "none":
                    found["winner"] = fields.side(wanted["winner"], rules)
            if "held" in wanted:
                found["held"] = wanted["held"].integer("expect.held", 0)
            if "deals_played" in wanted:
                found["deals_played"] = wanted["deals_played"].integer("expect.deals_played", 0)
            expect = GameExpectation(**found, **Expectation.where(source))
        return GameScenario(
            **Scenario.common(entry), target=target, deals=deals, expect=expect, short=short
        )

    def compute(self, scenario: GameScenario) -> GameAnswer:
        deals = tuple(scored(scenario, facts) for facts in scenario.deals)
        try:
            result = score_game(scenario.rules, deals, scenario.played_to)
        except GameOverError as error:
            # More deals than the game lasted: the scenario itself is wrong.
            raise scenario.error(str(error)) from None
        return GameAnswer(deals, result)

    def compare(self, scenario: GameScenario, answer: GameAnswer, check: Comparer) -> None:
        expect = scenario.expect
        if expect is None:
            return
        result = answer.result
        check.compare_sides("totals", expect.totals, result.totals)
        check.compare_named("winner", expect.winner, result.winner, expect.winner_stated)
        check.compare("held", expect.held, result.held)
        check.compare("deals_played", expect.deals_played, result.deals_played)

    def as_json(self, scenario: GameScenario, answer: GameAnswer) -> dict[str, Any]:
        winner = answer.result.winner
        return {
            "deals": [sides_json(deal.scores) for deal in answer.deals],
            "totals": sides_json(answer.result.totals),
            "winner": winner.name if winner else None,
            "held": answer.result.held,
            "deals_played": answer.result.deals_played,
        }


KIND = GameKind()
