"""The problems content readers report, each printed as one line.

A problem names a file and line and says what is wrong. Input comes from
people we do not know, so whatever of it a message quotes is escaped (no
newline, terminal code or NUL reaches the terminal) and bounded in length.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

# Longest excerpt of the input a message quotes.
EXCERPT = 60

# Exit statuses of the command line.
EXIT_MISMATCH = 1
EXIT_INVALID = 2


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """`value` as a short, printable quotation: repr-escaped, cut to about `limit` characters."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "…"
    text = _bounded_repr(value, limit)
    return text if len(text) <= limit + 3 else text[:limit] + "…"


def _bounded_repr(value: object, limit: int) -> str:
    """repr of a value that may be huge, built no further than needed."""
    if isinstance(value, (list, tuple)):
        parts: list[str] = []
        size = 0
        for item in value:
            part = _bounded_repr(item, limit)
            parts.append(part)
            size += len(part) + 2
            if size > limit:
                parts.append("…")
                break
        open_, close = ("[", "]") if isinstance(value, list) else ("(", ")")
        return open_ + ", ".join(parts) + close
    if isinstance(value, dict):
        items: list[str] = []
        size = 0
        for key, item in value.items():
            part = f"{_bounded_repr(key, limit)}: {_bounded_repr(item, limit)}"
            items.append(part)
            size += len(part) + 2
            if size > limit:
                items.append("…")
                break
        return "{" + ", ".join(items) + "}"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return "a number of more than 60 digits"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def printable(text: str) -> str:
    """The text with control characters escaped, for a one-line message."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


class ContentError(Exception):
    """Bad input in a content file: where it is and what is wrong, in one line (exit 2)."""

    exit_code = EXIT_INVALID

    def __init__(
        self, path: Path | str, line: int | None, message: str, scenario: str | None = None
    ) -> None:
        super().__init__(message)
        self.path = Path(path)
        self.line = line
        self.message = message
        self.scenario = scenario

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Raised in a worker process, it crosses back to the build whole.
        return type(self), (self.path, self.line, self.message, self.scenario)

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}" if self.line else str(self.path)

    def __str__(self) -> str:
        who = f" scenario {printable(self.scenario[:EXCERPT])}:" if self.scenario else ""
        return printable(f"{self.where}:{who} {self.message}")


class UserError(ContentError):
    """A wrong command, not wrong content: an output folder, a port. The same one line and
    exit status; `path` names what was given (a folder, 127.0.0.1:PORT)."""


class Reported(Protocol):
    """A problem reported as one line (a mismatch, a broken translation), with its status."""

    @property
    def exit_code(self) -> int: ...


class Problems(Exception):
    """Several problems found at once (mismatches, broken translations), each one line."""

    def __init__(self, problems: Sequence[Reported]) -> None:
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = list(problems)

    @property
    def exit_code(self) -> int:
        return max(problem.exit_code for problem in self.problems)
