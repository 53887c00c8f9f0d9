"""YAML read as nodes, so that every value keeps the line it came from."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from .errors import ContentError

_STR = "tag:yaml.org,2002:str"
_CONSTRUCTOR = SafeConstructor()
# libyaml's parser where PyYAML has it: the pure-Python one is ten times slower.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_TYPE_NAMES = {
    str: "a string",
    bool: "true or false",
    int: "a whole number",
    list: "a list",
    dict: "a mapping",
}


@dataclass(frozen=True)
class Source:
    """A node of a content file, with the file it came from and who it belongs to."""

    path: Path
    node: yaml.Node
    scenario: str | None = None

    @property
    def line(self) -> int:
        return self.node.start_mark.line + 1

    def error(self, message: str) -> ContentError:
        return ContentError(self.path, self.line, message, self.scenario)

    def about(self, scenario: str | None) -> Source:
        return Source(self.path, self.node, scenario)

    def value(self) -> Any:
        """The plain Python value of this node (tags resolved as YAML's safe loader does)."""
        if isinstance(self.node, yaml.ScalarNode) and self.node.tag == _STR:
            return self.node.value  # the common case, without a constructor
        try:
            return _CONSTRUCTOR.construct_object(self.node, deep=True)
        finally:
            # One constructor serves every node; forget what it built for this one.
            _CONSTRUCTOR.constructed_objects.clear()
            _CONSTRUCTOR.recursive_objects.clear()

    @property
    def is_mapping(self) -> bool:
        return isinstance(self.node, yaml.MappingNode)

    @property
    def is_sequence(self) -> bool:
        return isinstance(self.node, yaml.SequenceNode)

    def typed(self, kind: type, what: str) -> Any:
        value = self.value()
        # bool is an int to Python, but `points: true` is not a number.
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(f"{what} must be {_TYPE_NAMES[kind]}, not {value!r}")
        return value

    def text(self, what: str) -> str:
        return str(self.typed(str, what))

    def items(self, what: str) -> Iterator[Source]:
        if not isinstance(self.node, yaml.SequenceNode):
            raise self.error(f"{what} must be a list")
        for child in self.node.value:
            yield Source(self.path, child, self.scenario)

    def pairs(self, what: str) -> list[tuple[Source, Source]]:
        if not isinstance(self.node, yaml.MappingNode):
            raise self.error(f"{what} must be a mapping")
        return [
            (Source(self.path, key, self.scenario), Source(self.path, value, self.scenario))
            for key, value in self.node.value
        ]

    def key_lines(self) -> dict[str, int]:
        """The line of each key of a mapping: where a mismatch in that field is reported."""
        return {str(key.value()): key.line for key, _ in self.pairs("a mapping")}

    def fields(
        self, what: str, allowed: frozenset[str], required: frozenset[str] = frozenset()
    ) -> dict[str, Source]:
        """The mapping's values by key, refusing unknown and missing keys."""
        found: dict[str, Source] = {}
        for key, value in self.pairs(what):
            name = key.value()
            if not isinstance(name, str) or name not in allowed:
                known = ", ".join(sorted(allowed))
                raise key.error(f"unknown key {name!r} in {what} (known keys: {known})")
            if name in found:
                raise key.error(f"key {name!r} appears twice in {what}")
            found[name] = value
        missing = sorted(required - found.keys())
        if missing:
            raise self.error(f"{what} lacks {', '.join(repr(m) for m in missing)}")
        return found


def read_yaml(path: Path) -> Source | None:
    """The document of a YAML file as a node tree; None for a file with no document."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ContentError(path, None, f"cannot read: {error.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ContentError(path, line, f"not UTF-8 text ({error.reason})") from None
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = mark.line + 1 if mark else None
        problem = error.problem or error.context or "invalid YAML"
        # The offending line helps where libyaml's message names nothing.
        lines = text.splitlines()
        quoted = lines[where - 1].strip()[:60] if where and where <= len(lines) else ""
        near = f" (in: {quoted})" if quoted else ""
        raise ContentError(path, where, f"YAML syntax error: {problem}{near}") from None
    except yaml.reader.ReaderError as error:
        # A character YAML does not allow: its position is in characters.
        line = text[: error.position].count("\n") + 1
        raise ContentError(
            path, line, f"YAML syntax error: character {error.character!r} is not allowed"
        ) from None
    except yaml.YAMLError as error:
        message = " ".join(str(error).split())
        raise ContentError(path, None, f"YAML error: {message}") from None
    return Source(path, node) if node is not None else None
