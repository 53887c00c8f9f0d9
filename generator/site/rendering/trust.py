"""What a template may touch: values, and the site's own helpers; never a file.

Templates come in pull requests, so the objects a page is rendered with are
the boundary. A template may read plain values (text, numbers, `Markup`,
enums, tuples, lists, mappings and frozen dataclasses of those) and call the
methods of the helpers the site declares (`@helper`: they turn engine values
into words and pictures, and do no I/O). Anything else (a `Path`, a file, the
picture store, a loader, an object of a kind this module has never heard
of) is out of reach: the sandbox (`generator/site/rendering/render.py`) asks
`template_value` about every attribute it looks up, every item, everything it
calls and everything a call returns.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import io
import os
import types
from collections.abc import Iterator, MappingView
from typing import Any, TypeVar

from markupsafe import Markup

# Values as such: nothing in them reads or writes a file.
_PLAIN = (
    str,
    int,
    float,
    bool,
    type(None),
    Markup,
    tuple,
    list,
    dict,
    frozenset,
    set,
    range,
    types.MappingProxyType,
)
# Modules whose functions a template may be handed (filters, tests, the site's tables).
_CODE = ("generator.", "jinja2.", "markupsafe")
# The generator's own modules that read or write files: nothing of theirs is a value.
_IO_MODULES = frozenset(
    {
        "generator.content.files",
        "generator.content.rulesets",
        "generator.site.pipeline.build",
        "generator.site.pipeline.cache",
        "generator.site.pipeline.manifest",
        "generator.site.pipeline.output",
        "generator.site.pipeline.project",
        "generator.site.serving.serve",
        "generator.site.serving.watch",
        "generator.site.pipeline.workers",
    }
)

_HELPERS: set[type] = set()
T = TypeVar("T", bound=type)


def helper(cls: T) -> T:
    """Declare a class whose methods templates call: they compute words and markup, no I/O.

    Only the methods are reachable, never the instance's fields (its gettext,
    its picture collector); and a template that prints one (`{{ words|pprint }}`,
    `|string`, `~`) gets its kind's name, not the dataclass's repr of those
    fields (source paths, a collector's contents, object addresses).
    """
    _HELPERS.add(cls)
    shown = f"<{cls.__name__}>"
    setattr(cls, "__repr__", lambda self: shown)  # noqa: B010 (a class attribute, on purpose)
    setattr(cls, "__str__", lambda self: shown)  # noqa: B010
    return cls


@functools.cache
def _value_type(kind: type) -> bool:
    if issubclass(kind, (os.PathLike, io.IOBase)) or kind.__module__ in _IO_MODULES:
        return False
    if kind in _HELPERS or issubclass(kind, (*_PLAIN, enum.Enum)):
        return True
    if kind.__module__ == "builtins" and issubclass(kind, (Iterator, MappingView)):
        return True  # a dict's items, a zip, a reversed list: over values
    if dataclasses.is_dataclass(kind):
        return bool(kind.__dataclass_params__.frozen)  # type: ignore[attr-defined]
    # Jinja's own runtime objects: loops, macros, namespaces, undefined values.
    return kind.__module__.startswith("jinja2.")


# Kinds whose every instance is, or is not, a template value (decided once per kind), and
# the kinds where it depends on the instance: a function's module, a method's owner.
_BY_INSTANCE = (
    types.MethodType,
    types.FunctionType,
    types.BuiltinFunctionType,
    functools.partial,
    type,
)


@functools.cache
def _decided(kind: type) -> bool | None:
    by_instance = issubclass(kind, _BY_INSTANCE)
    return None if by_instance else _value_type(kind)


def decided_by_kind(obj: Any) -> bool:
    """Whether `template_value(obj)` is the same for every object of its type (what the
    sandbox may then decide once per type)."""
    kind: type = type(obj)
    return _decided(kind) is not None


def template_value(obj: Any) -> bool:
    """Whether a template may hold `obj`: a value, a helper, or a function of the site's code."""
    kind: type = type(obj)
    decided = _decided(kind)
    if decided is not None:
        return decided
    if isinstance(obj, types.MethodType):
        return template_value(obj.__self__)
    if isinstance(obj, (types.FunctionType, types.BuiltinFunctionType)):
        owner = getattr(obj, "__self__", None)
        if owner is not None and not isinstance(owner, types.ModuleType):
            return template_value(owner)  # a builtin method (str.upper of a value)
        return str(getattr(obj, "__module__", "") or "").startswith(_CODE)
    if isinstance(obj, functools.partial):
        return template_value(obj.func) and all(map(template_value, obj.args))
    # A class (the only kind left): Jinja's own `namespace`, `cycler` and `joiner`, and
    # `dict`; any other class would construct anything.
    return obj is dict or str(getattr(obj, "__module__", "")).startswith("jinja2.")


def reachable(obj: Any, attr: str, value: Any) -> bool:
    """Whether `obj.attr` (whose value is `value`) is open to templates."""
    if not template_value(obj) or not template_value(value):
        return False
    if type(obj) in _HELPERS:
        # A helper's methods, not its fields.
        return callable(getattr(type(obj), attr, None))
    return True
