"""Scenario files read into their scenarios' common parts: id, kind, rule set, the node.

The public format is documented in docs/scenarios.md. A file holds one
scenario (a mapping) or a list of them; `kind` says which (play by default).
What each kind's other keys mean is up to that kind (see generator/verify).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..engine import RuleSet
from .errors import ContentError, excerpt
from .files import InputFiles, scenario_files
from .nodes import Source, read_yaml
from .rulesets import RuleSets

SCENARIO_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
DEFAULT_KIND = "play"
# Keys every scenario may have, whatever its kind.
COMMON_KEYS = frozenset({"id", "kind", "rules", "expect", "title", "text"})


@dataclass(frozen=True)
class Entry:
    """One scenario of a file, before its kind reads it: what every kind has."""

    id: str
    kind: str
    rules: RuleSet
    source: Source

    @property
    def path(self) -> Path:
        return self.source.path

    @property
    def line(self) -> int:
        return self.source.line


def read_entry(source: Source, rulesets: RuleSets, kinds: Iterable[str]) -> Entry:
    """The common keys of one scenario, checked: an id, a known kind, a known rule set."""
    if not source.is_mapping:
        raise source.error("a scenario must be a mapping")
    id_source = source.get("id")
    if id_source is None:
        raise source.error("a scenario needs an `id`")
    raw_id = id_source.node.value if id_source.is_scalar else None
    scenario_id = raw_id if isinstance(raw_id, str) and SCENARIO_ID.fullmatch(raw_id) else None
    if scenario_id is None:
        raise id_source.error(
            f"id {excerpt(id_source.value())} must be lower-case letters, digits and dashes"
        )
    source = source.about(scenario_id)
    kind_source = source.get("kind")
    kind = kind_source.text("kind") if kind_source is not None else DEFAULT_KIND
    known = list(kinds)
    if kind not in known:
        raise (kind_source or source).error(f"unknown kind {excerpt(kind)} ({' | '.join(known)})")
    rules_source = source.get("rules")
    if rules_source is None:
        raise source.error("a scenario needs `rules`")
    rules = rulesets.get(rules_source.text("rules"), rules_source)
    return Entry(scenario_id, kind, rules, source)


def file_entries(path: Path, files: InputFiles) -> Iterator[Source]:
    """The scenario nodes of one file: the file's mapping, or each item of its list."""
    root = read_yaml(path, files)
    if root is None:
        raise ContentError(path, 1, "the file is empty: expected a scenario or a list of them")
    if root.is_mapping:
        yield root
    elif root.is_sequence:
        yield from root.items("the file")
    else:
        raise root.error("expected a scenario (a mapping) or a list of scenarios")


def read_entries(
    paths: Iterable[Path], rulesets: RuleSets, files: InputFiles, kinds: Iterable[str]
) -> Iterator[Entry]:
    """Every scenario of the given files and folders, with ids unique across them all."""
    known = tuple(kinds)
    first_seen: dict[str, Entry] = {}
    for path in scenario_files(paths, files):
        for source in file_entries(path, files):
            entry = read_entry(source, rulesets, known)
            earlier = first_seen.get(entry.id)
            if earlier is not None:
                raise entry.source.error(
                    f"id {entry.id!r} is already used at {earlier.path}:{earlier.line}"
                )
            first_seen[entry.id] = entry
            yield entry
