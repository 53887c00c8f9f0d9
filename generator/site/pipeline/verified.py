"""Verified scenarios, remembered per file: a file unchanged since it was checked is not
computed again (Pelican's reader cache, for the engine's answers).

A record is named (`Cache.name`) by the file's place in the content folder
and bytes, and the bytes of every rule-set file: everything its answers
follow from. It holds the file's checked scenarios, pickled. Rule sets are
not pickled but named, and taken back from this build's own, so a record
can only ever point at rules the build loaded.
"""

from __future__ import annotations

import contextlib
import os
import pickle
from pathlib import Path
from typing import Any

from ...content.errors import ContentError
from ...content.files import InputFiles, scenario_files
from ...content.rulesets import RuleSets
from ...verify import Checked, check_all, scenario_kinds
from ...verify.coverage import demonstrates
from .cache import Cache
from .records import dumps, loads, rules_digest


def verified_scenarios(
    content: Path, rulesets: RuleSets, files: InputFiles, cache: Cache
) -> list[Checked]:
    """Every scenario of the content folder, checked; ids unique across all files.

    A file whose record the cache holds is taken from the record, the others
    read and verified (and kept, if they hold no mismatch).
    """
    rules = rules_digest(rulesets)
    found: list[Checked] = []
    first_seen: dict[str, Checked] = {}
    kept = cache.remembered("scenarios as read")
    before: dict[tuple[object, ...], Checked] = kept if isinstance(kept, dict) else {}
    for path in scenario_files([content], files):
        # Named by the file's place in the content folder, and its paths kept relative to
        # it: a copy of the project (a second checkout, a test's) takes the record back.
        place = os.fsencode(path.relative_to(content))
        name = Cache.name("scenarios", rules, place, files.read_bytes(path))

        def verified(path: Path = path, name: str = name) -> list[Checked]:
            checked = _load(cache.get(name), rulesets, content)
            if checked is None:
                checked = check_all([path], rulesets, files)
                if not any(result.mismatches for result in checked):
                    _store(cache, name, checked, content)
            return checked

        # A resident process keeps the very objects, which point at these rule sets; and a
        # scenario whose entry, place and rule sets are the last build's, in a file edited
        # elsewhere, is the very object that build had: a page file showing it is not read
        # again (page._PagesRead compares by identity).
        checked = [
            before.get(_as_read(one, rulesets), one)
            for one in cache.recall(f"{name} {id(rulesets)}", verified)
        ]
        for result in checked:
            earlier = first_seen.get(result.id)
            if earlier is not None:
                scenario = result.scenario
                raise ContentError(
                    scenario.path,
                    scenario.line,
                    f"id {result.id!r} is already used at "
                    f"{earlier.scenario.path}:{earlier.scenario.line}",
                    result.id,
                )
            first_seen[result.id] = result
        found += checked
    cache.remember("scenarios as read", {_as_read(c, rulesets): c for c in found})
    return found


def _as_read(checked: Checked, rulesets: RuleSets) -> tuple[object, ...]:
    scenario = checked.scenario
    return (os.fspath(scenario.path), scenario.line, scenario.id, scenario.written, id(rulesets))


def _store(cache: Cache, name: str, checked: list[Checked], content: Path) -> None:
    # Kinds go by name: the registry's own objects come back, not copies of them.
    records = [(c.kind.name, c.scenario, c.answer, c.mismatches) for c in checked]
    # An answer that cannot be kept is merely computed again next time.
    with contextlib.suppress(pickle.PicklingError, TypeError, AttributeError):
        cache.put(name, dumps(records, content))


def _load(data: bytes | None, rulesets: RuleSets, content: Path) -> list[Checked] | None:
    if data is None:
        return None
    kinds = scenario_kinds()
    try:
        records: list[tuple[str, Any, Any, Any]] = loads(data, rulesets, content)
        return [
            Checked(scenario, kinds[name], answer, mismatches, kinds[name].figure(scenario, answer))
            for name, scenario, answer, mismatches in records
        ]
    except (pickle.UnpicklingError, KeyError, ValueError, TypeError, AttributeError, EOFError):
        return None


class Demonstrations:
    """`coverage.demonstrates`, remembered per scenario file.

    Whether changing an option changes a scenario's answer follows from the
    scenario's file, the rule-set files and the code, like the file's record:
    the answers asked about one file are kept together under the name of those
    bytes (`save`), so that an edit to one scenario file asks the engine again
    about that file's scenarios only, and the search for witnesses, run again
    in full, is otherwise a matter of looking answers up.
    """

    def __init__(self, cache: Cache, rulesets: RuleSets, files: InputFiles) -> None:
        self.cache = cache
        self.rules = rules_digest(rulesets)
        self.files = files
        self.tables: dict[Path, tuple[str, dict[tuple[str, str], bool]]] = {}
        self.grown: set[Path] = set()

    def __call__(self, checked: Checked, path: str) -> bool:
        file = checked.scenario.path
        if file not in self.tables:
            name = Cache.name("demonstrations", self.rules, self.files.read_bytes(file))
            self.tables[file] = (name, _table(self.cache.get(name)))
        table = self.tables[file][1]
        key = (checked.id, path)
        if key not in table:
            table[key] = demonstrates(checked, path)
            self.grown.add(file)
        return table[key]

    def save(self) -> None:
        for file in sorted(self.grown):
            name, table = self.tables[file]
            self.cache.put(name, pickle.dumps(table))
        self.grown.clear()


def _table(data: bytes | None) -> dict[tuple[str, str], bool]:
    if data is not None:
        with contextlib.suppress(pickle.UnpicklingError, ValueError, TypeError, EOFError):
            table = pickle.loads(data)
            if isinstance(table, dict):
                return table
    return {}
