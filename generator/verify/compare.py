"""Comparing an engine answer with a scenario's `expect`, field by field.

A mismatch is a typed problem (exit 1), reported at the line of the
`expect` field it concerns, never a string to be parsed again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..content.errors import EXIT_MISMATCH, printable
from ..engine import Card, Side


@dataclass(frozen=True)
class Mismatch:
    """An `expect` field the engine computed differently."""

    scenario_id: str
    path: Path
    line: int
    field: str
    expected: str
    computed: str

    exit_code = EXIT_MISMATCH

    @property
    def message(self) -> str:
        return f"{self.field}: expected {self.expected}, computed {self.computed}"

    def __str__(self) -> str:
        return printable(f"{self.path}:{self.line}: scenario {self.scenario_id}: {self.message}")


def cards_text(cards: Iterable[Card]) -> str:
    return "[" + ", ".join(card.code for card in cards) + "]"


def sides_text(points: Mapping[Side, int]) -> str:
    """Points by side, written `north-south 92, east-west 70`."""
    return ", ".join(f"{side.name} {value}" for side, value in points.items())


class Comparer:
    """Collects mismatches, each at the line of the `expect` field it concerns."""

    def __init__(self, scenario_id: str, path: Path, line: int, lines: Mapping[str, int]) -> None:
        self.scenario_id = scenario_id
        self.path = path
        self.line = line
        self.lines = lines
        self.found: list[Mismatch] = []

    def differs(self, field: str, expected: object, computed: object) -> None:
        # The line of the field's own entry where the author's `expect` has one
        # (`tricks.3.winner`: the third trick's), else of the key it is under.
        parts = field.split(".")
        prefixes = (".".join(parts[:n]) for n in range(len(parts), 0, -1))
        line = next((self.lines[p] for p in prefixes if p in self.lines), self.line)
        self.found.append(
            Mismatch(self.scenario_id, self.path, line, field, str(expected), str(computed))
        )

    def compare(self, field: str, expected: object, computed: object) -> None:
        """Expected None means the author did not state the field."""
        if expected is not None and expected != computed:
            self.differs(field, expected, computed)

    def compare_sides(
        self, field: str, expected: Mapping[Side, int] | None, computed: Mapping[Side, int]
    ) -> None:
        if expected is not None and dict(expected) != dict(computed):
            self.differs(field, sides_text(expected), sides_text(computed))

    def compare_named(
        self, field: str, expected: Side | None, computed: Side | None, stated: bool
    ) -> None:
        """A side or seat that may be `none`, compared when the author stated it."""
        if stated and expected != computed:
            self.differs(
                field,
                expected.name if expected else "none",
                computed.name if computed else "none",
            )
