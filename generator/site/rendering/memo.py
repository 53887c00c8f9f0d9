"""Work done once per value, not once per language.

A build loads its rule sets and scenarios once and never changes them, so a
table computed from them is the same for every language that shows it. A
function wrapped here answers from memory when called again with the very
same objects (by identity: rule sets hold read-only mappings and cannot be
hashed). The first language's pages are rendered in the build's own process
before the workers fork, so the workers inherit what it computed.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

# Enough for every table of one build (a few hundred); a long `serve --watch`, whose
# every build loads new rule sets and languages, forgets the oldest and keeps no more.
_SIZE = 1024


def per_value(function: Callable[P, R]) -> Callable[P, R]:
    """`function`, remembered for the same argument objects (compared by identity)."""
    memory: OrderedDict[tuple[Any, ...], tuple[tuple[Any, ...], R]] = OrderedDict()

    @wraps(function)
    def remembered(*args: P.args, **kwargs: P.kwargs) -> R:
        values = (*args, *sorted(kwargs.items()))
        key = tuple(id(value) for value in values)
        found = memory.get(key)
        if found is not None and all(a is b for a, b in zip(found[0], values, strict=True)):
            memory.move_to_end(key)
            return found[1]
        result = function(*args, **kwargs)
        # The arguments are kept with the answer: their ids cannot be reused meanwhile.
        memory[key] = (values, result)
        if len(memory) > _SIZE:
            memory.popitem(last=False)
        return result

    return remembered
