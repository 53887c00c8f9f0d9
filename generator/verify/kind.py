"""What every scenario kind provides, and the registry that finds the kinds.

A kind is one module of `generator/verify/kinds/` defining `KIND`, an
instance of a `ScenarioKind` subclass: how its scenarios are read, computed
by the engine, compared with their `expect`, and written as JSON. Its page
template is `templates/example_<name>.html`. Adding a kind is adding that
module and that template; nothing lists the kinds.
"""

from __future__ import annotations

import hashlib
import importlib
import pkgutil
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from ..content.errors import ContentError
from ..content.nodes import Source
from ..content.scenarios import COMMON_KEYS, Entry
from ..engine import RuleSet
from .compare import Comparer

BASE_REQUIRED = frozenset({"id", "rules"})


@dataclass(frozen=True, kw_only=True)
class Expectation:
    """What a scenario's author worked out by hand (None where not stated), and where.

    Each kind's expectation adds its fields; a mismatch in a field is
    reported at that field's own line.
    """

    line: int
    lines: Mapping[str, int] = field(default_factory=dict)

    @staticmethod
    def where(source: Source) -> dict[str, Any]:
        return {"line": source.line, "lines": source.key_lines()}


@dataclass(frozen=True, kw_only=True)
class Scenario:
    """What every scenario has; each kind's scenario type adds its position or facts."""

    id: str
    path: Path
    line: int
    rules: RuleSet
    expect: Expectation | None = None
    # The digest of its entry as written (the parsed YAML): all a page shows of it follows
    # from that, the rule sets and the code, so a page's key names this, not its file's
    # bytes (site/pipeline/keys.py): an edit to one scenario re-renders the pages showing it.
    written: str = ""

    @staticmethod
    def common(entry: Entry) -> dict[str, Any]:
        return {
            "id": entry.id,
            "path": entry.path,
            "line": entry.line,
            "rules": entry.rules,
            "written": hashlib.sha256(repr(entry.source.node.plain()).encode()).hexdigest(),
        }

    def error(self, message: str) -> ContentError:
        """Bad input found while computing: reported at the scenario's first line."""
        return ContentError(self.path, self.line, message, self.id)


S = TypeVar("S", bound=Scenario)
A = TypeVar("A")


class ScenarioKind(ABC, Generic[S, A]):
    """One kind of scenario: its keys, and how it is read, computed, compared and shown."""

    name: str
    # The keys this kind adds to the common ones, and which of them are required.
    keys: frozenset[str] = frozenset()
    required: frozenset[str] = frozenset()
    # Whether its examples let the reader try something (a page showing one loads the script).
    interactive: bool = False

    @property
    def template(self) -> str:
        return f"example_{self.name}.html"

    def read(self, entry: Entry, *, need_expect: bool) -> S:
        """The scenario of this kind in `entry`, its keys checked."""
        required = BASE_REQUIRED | self.required | ({"expect"} if need_expect else set())
        given = entry.source.fields(f"a {self.name} scenario", COMMON_KEYS | self.keys, required)
        return self.parse(entry, given)

    @abstractmethod
    def parse(self, entry: Entry, given: Mapping[str, Source]) -> S:
        """The scenario from its keys (each key's value is a `Source`)."""

    @abstractmethod
    def compute(self, scenario: S) -> A:
        """The engine's answer."""

    @abstractmethod
    def compare(self, scenario: S, answer: A, check: Comparer) -> None:
        """Report every field of the scenario's `expect` that the answer contradicts."""

    @abstractmethod
    def as_json(self, scenario: S, answer: A) -> dict[str, Any]:
        """The answer as `belote-site explain` prints it."""

    def results(self, answer: A) -> frozenset[int]:
        """The numbers an example's text may state as the outcome of its sums ("= 560",
        "rounded to 500"): each must be one of these (empty: the kind's texts state none)."""
        return frozenset()

    def figure(self, scenario: S, answer: A) -> object | None:
        """What the example's figure shows, in no language (generator/verify/figures.py), or
        None for a kind without one. A kind with a figure lays it out in
        `templates/figure_<name>.html`, which the home page shows beside its page."""
        return None

    @property
    def figure_template(self) -> str:
        return f"figure_{self.name}.html"


@cache
def scenario_kinds() -> Mapping[str, ScenarioKind[Any, Any]]:
    """Every kind of `generator/verify/kinds/`, by name, found by importing its modules."""
    kinds = modules_kinds(f"{__package__}.kinds")
    return {kind.name: kind for kind in kinds if isinstance(kind, ScenarioKind)}


def modules_kinds(package: str) -> list[object]:
    """The `KIND` each module of `package` defines (None if it has none), in the modules'
    name order: the scenario kinds here, the page kinds of generator/site/pages/."""
    modules = sorted(
        pkgutil.iter_modules(importlib.import_module(package).__path__), key=lambda m: m.name
    )
    return [getattr(importlib.import_module(f"{package}.{m.name}"), "KIND", None) for m in modules]
