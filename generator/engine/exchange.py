"""Rule sets as plain data (JSON's lists, numbers, texts) and back.

The build hands every rule set to the browser's runtime this way; the
runtime turns the data back into the same `RuleSet` value with this very
module, so the browser's engine never reads a rule set's file. Both
directions walk the schema's own dataclasses by their type hints: an
option added to the schema needs nothing here.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any

from .rules import RuleSet


def rules_to_data(rules: RuleSet) -> dict[str, Any]:
    """Every field a rule set is made from, as JSON's values."""
    data = _dump(rules)
    assert isinstance(data, dict)
    return data


def rules_from_data(data: Mapping[str, Any]) -> RuleSet:
    """The rule set `rules_to_data` wrote: equal to the one it was written from."""
    value = _load(RuleSet, data)
    assert isinstance(value, RuleSet)
    return value


def _dump(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _dump(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
    if isinstance(value, enum.Enum):
        return value.value
    # Pairs, not an object: keys are ranks, lengths and modes, and JSON's keys are texts.
    if isinstance(value, Mapping):
        return [[_dump(key), _dump(item)] for key, item in value.items()]
    if isinstance(value, frozenset):
        return sorted(_dump(item) for item in value)
    if isinstance(value, tuple):
        return [_dump(item) for item in value]
    return value


@cache
def _hints(owner: type) -> dict[str, Any]:
    return typing.get_type_hints(owner)


def _load(hint: Any, data: Any) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        if data is None:
            return None
        return _load(next(arg for arg in args if arg is not type(None)), data)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = _hints(hint)
        fields = [f for f in dataclasses.fields(hint) if f.init and f.name in data]
        return hint(**{f.name: _load(hints[f.name], data[f.name]) for f in fields})
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(data)
    if origin is Mapping:
        key_hint, value_hint = args
        return types.MappingProxyType(
            {_load(key_hint, key): _load(value_hint, item) for key, item in data}
        )
    if origin is frozenset:
        return frozenset(_load(args[0], item) for item in data)
    if origin is tuple:
        return tuple(_load(args[0], item) for item in data)
    if hint in (bool, int, str) and type(data) is hint:
        return data
    raise TypeError(f"no {hint!r} in {data!r}")
