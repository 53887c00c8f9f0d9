"""Computing each scenario with the engine and comparing with what its author wrote.

This is the project's promise: a page shows an example only after the
engine's answer and the author's hand-worked answer agree. Each scenario is
read, computed and compared once (`check_all`), and the answer is passed on
to the pages that show it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..content.files import InputFiles
from ..content.rulesets import RuleSets
from ..content.scenarios import read_entries
from ..engine import BeloteError
from .compare import Comparer, Mismatch
from .kind import Scenario, ScenarioKind, scenario_kinds

__all__ = [
    "Checked",
    "Mismatch",
    "Scenario",
    "ScenarioKind",
    "check_all",
    "checked",
    "scenario_kinds",
]


@dataclass(frozen=True)
class Checked:
    """A scenario, the engine's answer, and where they disagree with its `expect`."""

    scenario: Scenario
    kind: ScenarioKind[Any, Any]
    answer: Any
    mismatches: tuple[Mismatch, ...]
    # What its figure shows, computed once for every language (None: the kind has none).
    figure: object | None = None

    @property
    def id(self) -> str:
        return self.scenario.id

    def explain(self) -> dict[str, Any]:
        """The JSON object `belote-site explain` prints for this scenario."""
        scenario = self.scenario
        return {
            "id": scenario.id,
            "kind": self.kind.name,
            "file": str(scenario.path),
            "line": scenario.line,
            "rules": scenario.rules.id,
            **self.kind.as_json(scenario, self.answer),
        }


def check(kind: ScenarioKind[Any, Any], scenario: Scenario) -> Checked:
    """Compute one scenario and compare it with its `expect`."""
    try:
        answer = kind.compute(scenario)
    except BeloteError as error:
        # The engine refused the facts: the scenario's input is bad, not its expectation.
        raise scenario.error(str(error)) from None
    found: tuple[Mismatch, ...] = ()
    expect = scenario.expect
    if expect is not None:
        comparer = Comparer(scenario.id, scenario.path, expect.line, expect.lines)
        kind.compare(scenario, answer, comparer)
        found = tuple(comparer.found)
    return Checked(scenario, kind, answer, found, kind.figure(scenario, answer))


def checked(
    paths: Iterable[Path], rulesets: RuleSets, files: InputFiles, *, need_expect: bool = True
) -> Iterator[Checked]:
    """Every scenario of the given files and folders, read, computed and compared, in turn."""
    registry = scenario_kinds()
    for entry in read_entries(paths, rulesets, files, registry):
        kind = registry[entry.kind]
        yield check(kind, kind.read(entry, need_expect=need_expect))


def check_all(
    paths: Iterable[Path], rulesets: RuleSets, files: InputFiles, *, need_expect: bool = True
) -> list[Checked]:
    """Every scenario, each verified exactly once; bad input raises a ContentError."""
    return list(checked(paths, rulesets, files, need_expect=need_expect))


def by_id(results: Iterable[Checked]) -> Mapping[str, Checked]:
    return {result.id: result for result in results}
