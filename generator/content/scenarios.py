"""Scenarios of every kind, read from files under `content/scenarios/`.

The public format is documented in docs/scenarios.md. A file holds one
scenario (a mapping) or a list of them; `kind` says which (play by default).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ..engine import RuleSet
from .errors import ContentError
from .nodes import Source, read_yaml
from .play_scenarios import Expectation, PlayScenario, parse_play
from .rulesets import RuleSets
from .scoring_scenarios import (
    DealScenario,
    DeclarationsScenario,
    GameScenario,
    parse_deal,
    parse_declarations,
    parse_game,
)

__all__ = [
    "DealScenario",
    "DeclarationsScenario",
    "Expectation",
    "GameScenario",
    "PlayScenario",
    "Scenario",
    "load_scenarios",
    "parse_scenario",
    "scenario_files",
]

Scenario = PlayScenario | DeclarationsScenario | DealScenario | GameScenario
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_PARSERS: dict[str, Callable[..., Scenario]] = {
    "play": parse_play,
    "declarations": parse_declarations,
    "deal": parse_deal,
    "game": parse_game,
}


def _known_value(source: Source, key: str) -> object:
    """A key's value before the whole mapping is checked (for id and kind)."""
    for key_source, value in source.pairs("a scenario"):
        if key_source.value() == key:
            return value.value()
    return None


def parse_scenario(source: Source, rulesets: RuleSets, *, need_expect: bool) -> Scenario:
    if not source.is_mapping:
        raise source.error("a scenario must be a mapping")
    scenario_id = _known_value(source, "id")
    source = source.about(scenario_id if isinstance(scenario_id, str) else None)
    for key, value in source.pairs("a scenario"):
        if key.value() == "id":
            text = value.text("id")
            if not _ID.fullmatch(text):
                raise value.error(f"id {text!r} must be lower-case letters, digits and dashes")
    if not isinstance(scenario_id, str):
        raise source.error("a scenario needs an `id`")
    kind_source = next(
        (value for key, value in source.pairs("a scenario") if key.value() == "kind"), None
    )
    kind = kind_source.text("kind") if kind_source is not None else "play"
    if kind not in _PARSERS:
        raise source.error(f"unknown kind {kind!r} ({' | '.join(_PARSERS)})")
    rules_source = next(
        (value for key, value in source.pairs("a scenario") if key.value() == "rules"), None
    )
    if rules_source is None:
        raise source.error("a scenario needs `rules`")
    rules: RuleSet = rulesets.get(rules_source.text("rules"), rules_source)
    return _PARSERS[kind](source, scenario_id, rules, need_expect=need_expect)


def scenario_files(paths: Iterable[Path]) -> Iterator[Path]:
    """The scenario files under the given files and folders, rule sets and pages left out."""
    for path in paths:
        if path.is_dir():
            found = [
                file
                for file in sorted(path.rglob("*.yaml"))
                if "scenarios" in file.relative_to(path).parts or path.name == "scenarios"
            ]
            if not found:
                raise ContentError(path, None, "no scenario files here (content/scenarios/*.yaml)")
            yield from found
        elif path.exists():
            yield path
        else:
            raise ContentError(path, None, "no such file or folder")


def load_scenarios(
    paths: Iterable[Path], rulesets: RuleSets, *, need_expect: bool
) -> list[Scenario]:
    """Every scenario of the given files, ids unique across them all."""
    scenarios: list[Scenario] = []
    first_seen: dict[str, Scenario] = {}
    for path in scenario_files(paths):
        root = read_yaml(path)
        if root is None:
            raise ContentError(path, 1, "the file is empty: expected a scenario or a list of them")
        if root.is_mapping:
            items = [root]
        elif root.is_sequence:
            items = list(root.items("the file"))
        else:
            raise root.error("expected a scenario (a mapping) or a list of scenarios")
        for item in items:
            scenario = parse_scenario(item, rulesets, need_expect=need_expect)
            if scenario.id in first_seen:
                earlier = first_seen[scenario.id]
                raise item.about(scenario.id).error(
                    f"id {scenario.id!r} is already used at {earlier.path}:{earlier.line}"
                )
            first_seen[scenario.id] = scenario
            scenarios.append(scenario)
    return scenarios
