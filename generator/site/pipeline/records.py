"""Engine values as cached bytes: pickled, with rule sets named by id and taken back from
the build's own (a record can only ever point at rules the build loaded), and the
content folder's paths relative to it (a copy of the project takes a record back with
its own paths)."""

from __future__ import annotations

import copyreg
import io
import pickle
import types
from pathlib import Path
from typing import Any

from ...content.rulesets import RuleSets
from ...engine import RuleSet
from .cache import Cache


def rules_digest(rulesets: RuleSets) -> str:
    """The hash of every rule-set file's bytes: what every engine answer also follows from."""
    parts: list[bytes | str] = []
    for ruleset_id in rulesets.available():
        parts += [ruleset_id, rulesets.files.read_bytes(rulesets.folder / f"{ruleset_id}.yaml")]
    return Cache.name("rule sets", *parts)


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


def dumps(value: object, content: Path | None = None) -> bytes:
    """Pickled, with rule sets by id and the content folder's paths relative to it."""
    buffer = io.BytesIO()
    _Pickler(buffer, content).dump(value)
    return buffer.getvalue()


def loads(data: bytes, rulesets: RuleSets, content: Path | None = None) -> Any:
    return _Unpickler(data, rulesets, content).load()
