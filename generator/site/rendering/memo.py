"""Work done once per value, not once per language.

A build loads its rule sets and scenarios once and never changes them, so a
table computed from them is the same for every language that shows it. A
function wrapped here answers from memory when called again with the very
same objects (by identity: rule sets hold read-only mappings and cannot be
hashed). The first language's pages are rendered in the build's own process
before the workers fork, so the workers inherit what it computed.

A resident process (`serve --watch`) keeps what its next build can use, and
no more: after each good build it forgets every answer that build did not ask
for (`forget_unused`), as its records are forgotten. An answer holds the very
objects it was computed from, so an edited catalog or rule set would otherwise
stay in memory, every older version of it, as long as the server runs.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

# Enough for every table of one build (a few hundred): past it, the oldest is forgotten.
_SIZE = 1024


class _Memory:
    """One function's answers, by the ids of its arguments, and the ids asked for since
    `forget_unused`."""

    def __init__(self) -> None:
        self.answers: OrderedDict[tuple[int, ...], tuple[tuple[Any, ...], Any]] = OrderedDict()
        self.used: set[tuple[int, ...]] = set()


_MEMORIES: list[_Memory] = []


def per_value(function: Callable[P, R]) -> Callable[P, R]:
    """`function`, remembered for the same argument objects (compared by identity)."""
    memory = _Memory()
    _MEMORIES.append(memory)

    @wraps(function)
    def remembered(*args: P.args, **kwargs: P.kwargs) -> R:
        values = (*args, *sorted(kwargs.items()))
        key = tuple(id(value) for value in values)
        memory.used.add(key)
        found = memory.answers.get(key)
        if found is not None and all(a is b for a, b in zip(found[0], values, strict=True)):
            memory.answers.move_to_end(key)
            answer: R = found[1]
            return answer
        result = function(*args, **kwargs)
        # The arguments are kept with the answer: their ids cannot be reused meanwhile.
        memory.answers[key] = (values, result)
        if len(memory.answers) > _SIZE:
            memory.answers.popitem(last=False)
        return result

    return remembered


def forget_unused() -> None:
    """Forget every answer not asked for since the last call (after a good build: what
    it did not use), and the objects it was computed from with it."""
    for memory in _MEMORIES:
        for key in [key for key in memory.answers if key not in memory.used]:
            del memory.answers[key]
        memory.used.clear()
