"""Which checked scenario shows each stated option value at work.

A page that says "a player who cannot follow must trump" states an option
value (`partner_winning_frees: false`). The statement has earned its place
when a checked scenario under a rule set with that value would come out
otherwise if the value were different: the engine, run again with the option
changed, gives another answer or refuses the scenario. Nothing here takes the
author's word that an example is about an option; the engine is asked.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..content.errors import ContentError
from ..content.rulesets import (
    ABSENT,
    OptionPath,
    option_field,
    option_paths,
    option_value,
    type_hints,
    with_option,
)
from ..engine import BeloteError, InvalidRuleSetError, RuleSet
from . import Checked

_SCHEMA: Mapping[str, OptionPath] = {each.path: each for each in option_paths()}


@dataclass(frozen=True)
class Stated:
    """An option value a page states: the option (its YAML path) in a rule set."""

    path: str
    rules: RuleSet

    @property
    def value(self) -> Any:
        return option_value(self.rules, self.path)


@dataclass(frozen=True)
class Coverage:
    """For each stated value, the scenario that shows it at work, or None."""

    shown_by: Mapping[tuple[str, str], Checked | None]  # (path, rule set id) -> scenario

    def example(self, path: str, rules: RuleSet) -> Checked | None:
        return self.shown_by.get((path, rules.id))

    @property
    def missing(self) -> list[tuple[str, str]]:
        return [key for key, found in self.shown_by.items() if found is None]


def _bounds(path: str) -> tuple[int, int]:
    """The bounds the schema puts on an option's numbers (rules.option's low and high)."""
    cls: Any = RuleSet
    metadata: Mapping[str, Any] = {}
    for key in path.split("."):
        found = option_field(cls, key)
        metadata = found.metadata
        cls = _group(type_hints(cls)[found.name])
    low, high = metadata.get("low"), metadata.get("high")
    return (0 if low is None else low, 1_000_000 if high is None else high)


def _group(hint: Any) -> Any:
    args = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    return args[0] if args else hint


def alternatives(path: str, value: Any) -> Iterator[Any]:
    """Other values the option could take, each enough to tell whether a scenario
    depends on it: the other flag, the other members, a point or ten more or less."""
    low, high = _bounds(path)
    for other in _others(path, value):
        numbers = other.values() if isinstance(other, Mapping) else [other]
        if all(not isinstance(n, int) or low <= n <= high for n in numbers):
            yield other


def _others(path: str, value: Any) -> Iterator[Any]:
    bounds = _SCHEMA[path]
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, enum.Enum):
        yield from (member for member in type(value) if member is not value)
    elif isinstance(value, int):
        # Ten as well as one: scores rounded to tens would hide a point; double and half
        # for a target a game passes by more than that.
        yield from (value + 1, value - 1, value + 10, value - 10, value * 2, value // 2)
    elif isinstance(value, Mapping):
        yield from ({key: points + step for key, points in value.items()} for step in (1, 10))
    elif isinstance(value, tuple) and len(value) > 1:
        yield from (value[:i] + value[i + 1 :] for i in range(len(value)))
    elif value is None and "int" in str(bounds.hint):
        # An unset number (no ceiling, no short game): any setting of it.
        yield from (10, 100, 1000)


def _under(value: Any, rules: RuleSet) -> Any:
    """The value with every rule set inside it (a position's, an auction's) replaced,
    each rebuilt so that it checks itself again under the new rules."""
    if isinstance(value, RuleSet):
        return rules
    if isinstance(value, tuple):
        return tuple(_under(item, rules) for item in value)
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    changes = {}
    for f in dataclasses.fields(value):
        if f.init:
            inner = getattr(value, f.name)
            replaced = _under(inner, rules)
            if replaced is not inner:
                changes[f.name] = replaced
    return dataclasses.replace(value, **changes) if changes else value


def _answer(checked: Checked, rules: RuleSet) -> Any:
    """The scenario's answer under other rules, or the refusal itself."""
    try:
        # Another scenario, named apart: the checked one was verified once, and stays so.
        scenario = dataclasses.replace(
            _under(checked.scenario, rules), id=f"{checked.id}~changed-rules"
        )
        answer = checked.kind.compute(scenario)
    except (BeloteError, ContentError) as refused:
        return ("refused", type(refused).__name__)
    return checked.kind.as_json(scenario, answer)


def demonstrates(checked: Checked, path: str) -> bool:
    """Whether changing this option changes what the engine makes of the scenario."""
    rules = checked.scenario.rules
    value = option_value(rules, path)
    if value is ABSENT:
        return False
    before = checked.kind.as_json(checked.scenario, checked.answer)
    for other in alternatives(path, value):
        try:
            changed = with_option(rules, path, other)
        except (InvalidRuleSetError, TypeError, ValueError):
            continue  # a value the rule set cannot have with its other options
        if _answer(checked, changed) != before:
            return True
    return False


def coverage(
    stated: Iterable[Stated],
    checked: Sequence[Checked],
    shown: Collection[str] = (),
    demonstrated: Callable[[Checked, str], bool] = demonstrates,
) -> Coverage:
    """Find, for every stated value, a scenario under a rule set with that value that
    shows it at work: one of the same rule set first, then one of the `shown` ids.

    `demonstrated` answers as `demonstrates` does (the build's remembers its answers
    per scenario file, so that an edit asks the engine again only about that file).
    """
    by_rules: dict[str, list[Checked]] = {}
    rules_of: dict[str, RuleSet] = {}
    place = {one.id: at for at, one in enumerate(checked)}
    for one in checked:
        by_rules.setdefault(one.scenario.rules.id, []).append(one)
        rules_of[one.scenario.rules.id] = one.scenario.rules
    found: dict[tuple[str, str], Checked | None] = {}
    # Each option's value in each rule set, looked up once per option, not per statement.
    values: dict[str, dict[str, object]] = {}
    for each in stated:
        key = (each.path, each.rules.id)
        if key in found:
            continue
        wanted = each.value
        if each.path not in values:
            values[each.path] = {
                rules_id: option_value(rules, each.path) for rules_id, rules in rules_of.items()
            }
        candidates = sorted(
            (
                one
                for rules_id, value in values[each.path].items()
                if value == wanted
                for one in by_rules[rules_id]
            ),
            key=lambda one: (
                one.id not in shown,
                one.scenario.rules.id != each.rules.id,
                place[one.id],
            ),
        )
        found[key] = next((one for one in candidates if demonstrated(one, each.path)), None)
    return Coverage(found)
