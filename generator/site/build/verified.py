"""Verified scenarios, remembered per file: a file unchanged since it was checked is not
computed again (Pelican's reader cache, for the engine's answers).

A record is keyed by everything its answers follow from: the file's bytes
and path, every rule set as loaded, and the generator's code. It holds the
file's checked scenarios, pickled, and this machine's signature: the cache
lives outside every project (`machine_cache`), and a record not signed here
is read as absent. Rule sets are not pickled but named, and taken back from
this build's own, so a record can only ever point at rules the build loaded.
"""

from __future__ import annotations

import contextlib
import copyreg
import hashlib
import hmac
import io
import os
import pickle
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ...content.errors import ContentError
from ...content.files import InputFiles, scenario_files
from ...content.rulesets import RuleSets
from ...engine import RuleSet
from ...verify import Checked, check_all, scenario_kinds
from ..cache import canonical, signature
from ..manifest import code_version

_VERSION = b"1"

T = TypeVar("T")


def verified_scenarios(
    content: Path, rulesets: RuleSets, files: InputFiles, cache: Path | None, key: bytes
) -> list[Checked]:
    """Every scenario of the content folder, checked; ids unique across all files.

    Without a cache, or for a file not checked before, the file is read and
    verified; a file whose record this machine wrote is taken from the record.
    """
    if cache is None:
        return check_all([content], rulesets, files)
    stamp = _stamp(rulesets)
    found: list[Checked] = []
    first_seen: dict[str, Checked] = {}
    for path in scenario_files([content], files):
        # Named by the file's place in the content folder, and its paths kept relative to
        # it: a copy of the project (a second checkout, a test's) takes the record back.
        place = path.relative_to(content)
        record = cache / _record_name(stamp, place, files.read_bytes(path))
        checked = _load(record, rulesets, key, content)
        if checked is None:
            checked = check_all([path], rulesets, files)
            if not any(result.mismatches for result in checked):
                _store(record, checked, key, content)
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
    return found


def _stamp(rulesets: RuleSets) -> bytes:
    text = "\n".join(canonical(rules) for rules in rulesets.all())
    return hashlib.sha256(f"{code_version()}\n{text}".encode()).digest()


def _record_name(stamp: bytes, path: Path, data: bytes) -> str:
    digest = hashlib.sha256(_VERSION + stamp + os.fsencode(path) + b"\0" + data)
    return digest.hexdigest()[:40]


class _Pickler(pickle.Pickler):
    """Rule sets by their id; the read-only mappings the engine uses, as plain ones; the
    paths of the content folder relative to it."""

    dispatch_table = copyreg.dispatch_table.copy()
    dispatch_table[types.MappingProxyType] = lambda proxy: (types.MappingProxyType, (dict(proxy),))

    def __init__(self, buffer: io.BytesIO, content: Path | None = None) -> None:
        super().__init__(buffer, protocol=pickle.HIGHEST_PROTOCOL)
        self.content = content

    def persistent_id(self, obj: Any) -> Any:
        if isinstance(obj, RuleSet):
            return ("rules", obj.id)
        if self.content is not None and isinstance(obj, Path) and obj.is_relative_to(self.content):
            return ("path", obj.relative_to(self.content).as_posix())
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, data: bytes, rulesets: RuleSets, content: Path | None = None) -> None:
        super().__init__(io.BytesIO(data))
        self.rulesets = rulesets
        self.content = content

    def persistent_load(self, pid: Any) -> Any:
        kind, name = pid
        if kind == "rules":
            return self.rulesets.get_id(name)
        if kind == "path" and self.content is not None:
            return self.content / name
        raise pickle.UnpicklingError("unknown reference")


def _store(path: Path, checked: list[Checked], key: bytes, content: Path) -> None:
    # Kinds go by name: the registry's own objects come back, not copies of them.
    if not key:
        return  # without the machine's key nothing kept could be believed back
    records = [(c.kind.name, c.scenario, c.answer, c.mismatches) for c in checked]
    buffer = io.BytesIO()
    try:
        _Pickler(buffer, content).dump(records)
    except (pickle.PicklingError, TypeError, AttributeError):
        return  # an answer that cannot be kept is merely computed again next time
    _write_signed(path, buffer.getvalue(), key)


def _load(path: Path, rulesets: RuleSets, key: bytes, content: Path) -> list[Checked] | None:
    try:
        signed, _, payload = path.read_bytes().partition(b"\n")
    except OSError:
        return None
    if not key or not hmac.compare_digest(signed, signature(key, payload).encode("ascii")):
        return None
    kinds = scenario_kinds()
    try:
        records = _Unpickler(payload, rulesets, content).load()
        return [
            Checked(scenario, kinds[name], answer, mismatches, kinds[name].figure(scenario, answer))
            for name, scenario, answer, mismatches in records
        ]
    except (pickle.UnpicklingError, KeyError, ValueError, TypeError, AttributeError, EOFError):
        return None


class Kept:
    """Values a page draws from the engine, kept across builds like verified scenarios.

    A value is named by what it is drawn from (`what`: its seeds, its rule
    set's id), and kept under a name that adds every rule set as loaded and
    the generator's code, signed with this machine's key; anything else in
    the folder is read as absent, and the value drawn again. Without a
    folder or a key, every value is drawn.
    """

    def __init__(self, folder: Path | None, rulesets: RuleSets, key: bytes) -> None:
        self.folder = folder
        self.rulesets = rulesets
        self.key = key
        self.drawn = 0  # values drawn by this process (not found kept)
        self._stamp = _stamp(rulesets) if folder is not None else b""

    def keep(self, what: str, draw: Callable[[], T]) -> T:
        """The value kept for `what`, or `draw()`'s, kept for the next build."""
        path = None
        if self.folder is not None and self.key:
            name = hashlib.sha256(_VERSION + b"kept" + self._stamp + what.encode()).hexdigest()
            path = self.folder / name[:40]
            found = _load_value(path, self.rulesets, self.key)
            if found is not None:
                # Signed by this machine for this very name: what it stored, draw()'s.
                return found[0]  # type: ignore[no-any-return]
        value = draw()
        self.drawn += 1
        if path is not None:
            _store_value(path, (value,), self.key)
        return value


def _store_value(path: Path, value: object, key: bytes) -> None:
    buffer = io.BytesIO()
    try:
        _Pickler(buffer).dump(value)
    except (pickle.PicklingError, TypeError, AttributeError):
        return
    _write_signed(path, buffer.getvalue(), key)


def _write_signed(path: Path, payload: bytes, key: bytes) -> None:
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}")
        temporary.write_bytes(signature(key, payload).encode("ascii") + b"\n" + payload)
        os.replace(temporary, path)


def _load_value(path: Path, rulesets: RuleSets, key: bytes) -> Any:
    try:
        signed, _, payload = path.read_bytes().partition(b"\n")
    except OSError:
        return None
    if not hmac.compare_digest(signed, signature(key, payload).encode("ascii")):
        return None
    try:
        found = _Unpickler(payload, rulesets).load()
    except (pickle.UnpicklingError, KeyError, ValueError, TypeError, AttributeError, EOFError):
        return None
    return found if isinstance(found, tuple) and len(found) == 1 else None
