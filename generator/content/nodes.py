"""YAML read as nodes, so that every value keeps the line it came from.

Content is untrusted, so the YAML here is a strict subset, composed from
libyaml's events by this module rather than by PyYAML's composer:

- no aliases (`*name`): nine levels of nine-fold aliases expand to
  hundreds of millions of values, so references are refused outright;
- no tags (`!!python/object`, `!!binary`, `!custom`) and no merge keys
  (`<<:`): content needs plain mappings, lists and scalars only;
- no key twice in one mapping (PyYAML would keep the last silently);
- at most `MAX_DEPTH` levels of nesting, and numbers of at most
  `MAX_DIGITS` characters.

Each refusal is a `ContentError` naming file and line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from .errors import ContentError, excerpt
from .files import InputFiles
from .text import INVISIBLE, hidden

MAX_DEPTH = 40
MAX_DIGITS = 30

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_MERGE = "tag:yaml.org,2002:merge"
# libyaml's parser where PyYAML has it: the pure-Python one is ten times slower.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER = Resolver()
_CONSTRUCTOR = SafeConstructor()

_TYPE_NAMES = {
    str: "a string",
    bool: "true or false",
    int: "a whole number",
    list: "a list",
    dict: "a mapping",
}


@dataclass(slots=True)
class Node:
    """A composed YAML node: a scalar's Python value, or the nodes of a list or mapping."""

    kind: str  # "scalar", "list" or "mapping"
    # A scalar's value; a list's nodes; a mapping's (key, value) node pairs.
    value: Any
    line: int

    def plain(self) -> Any:
        """The node as plain Python values (dicts, lists, scalars)."""
        if self.kind == "scalar":
            return self.value
        if self.kind == "list":
            return [item.plain() for item in self.value]
        return {key.plain(): value.plain() for key, value in self.value}


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# What a browser could read as markup: the start of a tag, or a character reference
# (a lone `>` opens nothing, and "112 > 70" is how authors compare scores).
# A %-format a content text may hold: `%(name)s`, filled by the site, or `%%`. Any other
# (`%(deck)r` publishes a Python repr, `%(x)999999999s` a gigabyte) is refused at its line.
_FORMAT = re.compile(r"%%|%\([A-Za-z_][A-Za-z0-9_]*\)s|%")
MARKUP = re.compile(r"<|&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);?")


def _scalar(event: yaml.ScalarEvent, path: Path, line: int) -> Node:
    value = event.value
    if _CONTROL.search(value):
        # An escape such as "\0" or "\e" in a quoted string: nothing a page may print.
        raise ContentError(path, line, "a control character in a text (from an escape such as \\0)")
    if not event.implicit[0]:
        return _text(value, path, line)  # quoted: a string, whatever it looks like
    resolve = _RESOLVER.resolve  # PyYAML's own resolution of plain scalars (true, 12, null)
    tag: str = resolve(yaml.ScalarNode, value, event.implicit)  # type: ignore[no-untyped-call]
    if tag == _STR:
        return _text(value, path, line)
    if tag == _MERGE:
        raise ContentError(path, line, "merge keys (<<) are not allowed: write each key out")
    if tag in (_INT, _FLOAT) and len(value) > MAX_DIGITS:
        raise ContentError(path, line, f"a number of more than {MAX_DIGITS} digits is refused")
    node = yaml.ScalarNode(tag, value)
    return Node("scalar", _CONSTRUCTOR.construct_object(node), line)


def _text(value: str, path: Path, line: int) -> Node:
    """A string of content: plain text, never markup (a page's markup is its templates')."""
    invisible = hidden(value)
    if invisible is not None:
        raise ContentError(path, line, INVISIBLE.format(invisible[1]))
    stray = next((found for found in _FORMAT.finditer(value) if found.group() == "%"), None)
    if stray is not None:
        raise ContentError(
            path,
            line,
            f"a % that is no placeholder ({excerpt(value[stray.start() :], 30)}): write "
            "%(name)s for a value the site fills, and %% for a percent sign",
        )
    found = MARKUP.search(value)
    if found:
        raise ContentError(
            path,
            line,
            f"markup in a text ({excerpt(value[found.start() :], 40)}): content is plain text "
            "(write < as words; links and emphasis come from the templates)",
        )
    return Node("scalar", value, line)


def _refuse_tag(event: yaml.NodeEvent, path: Path, line: int) -> None:
    tag = getattr(event, "tag", None)
    if tag is not None and tag != "!":
        shown = tag.replace("tag:yaml.org,2002:", "!!")
        raise ContentError(path, line, f"YAML tags ({excerpt(shown)}) are not allowed")


def _compose(events: Iterator[yaml.Event], path: Path) -> Node | None:
    """The single document of the event stream as nodes; None when there is none."""
    stack: list[Node] = []
    keys: list[Node | None] = []  # per open mapping: the key waiting for its value
    seen: list[set[Any]] = []  # per open mapping: the keys it has
    root: Node | None = None

    def attach(node: Node) -> None:
        nonlocal root
        if not stack:
            root = node
            return
        parent = stack[-1]
        if parent.kind == "list":
            parent.value.append(node)
        elif keys[-1] is None:
            if node.kind != "scalar":
                raise ContentError(path, node.line, "a mapping key must be a plain value")
            try:
                duplicate = node.value in seen[-1]
            except TypeError:
                raise ContentError(path, node.line, "a mapping key must be a plain value") from None
            if duplicate:
                raise ContentError(
                    path, node.line, f"key {excerpt(node.value)} appears twice in this mapping"
                )
            seen[-1].add(node.value)
            keys[-1] = node
        else:
            key = keys[-1]
            keys[-1] = None
            parent.value.append((key, node))

    documents = 0
    for event in events:
        line = event.start_mark.line + 1 if event.start_mark else 0
        if isinstance(event, yaml.AliasEvent):
            raise ContentError(path, line, "aliases (*name) are not allowed: write the value out")
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise ContentError(path, line, "a content file holds one YAML document")
        elif isinstance(event, yaml.ScalarEvent):
            _refuse_tag(event, path, line)
            attach(_scalar(event, path, line))
        elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            _refuse_tag(event, path, line)
            if len(stack) >= MAX_DEPTH:
                raise ContentError(path, line, f"nested more than {MAX_DEPTH} levels deep")
            node = Node(
                "list" if isinstance(event, yaml.SequenceStartEvent) else "mapping", [], line
            )
            attach(node)
            stack.append(node)
            if node.kind == "mapping":
                keys.append(None)
                seen.append(set())
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            closed = stack.pop()
            if closed.kind == "mapping":
                keys.pop()
                seen.pop()
    return root


def parse_yaml(text: str, path: Path) -> Node | None:
    """The document of a YAML text as nodes; None for a text with no document."""
    try:
        return _compose(yaml.parse(text, Loader=_LOADER), path)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = mark.line + 1 if mark else None
        problem = error.problem or error.context or "invalid YAML"
        # The offending line helps where libyaml's message names nothing.
        lines = text.splitlines()
        quoted = lines[where - 1].strip() if where and where <= len(lines) else ""
        near = f" (in: {excerpt(quoted)})" if quoted else ""
        raise ContentError(path, where, f"YAML syntax error: {problem}{near}") from None
    except yaml.reader.ReaderError as error:
        # A character YAML does not allow: its position is in characters.
        line = text[: error.position].count("\n") + 1
        raise ContentError(
            path, line, f"YAML syntax error: character {error.character!r} is not allowed"
        ) from None
    except yaml.YAMLError as error:
        message = " ".join(str(error).split())
        raise ContentError(path, None, f"YAML error: {excerpt(message, 120)}") from None


@dataclass(frozen=True, slots=True)
class Source:
    """A node of a content file, with the file it came from and who it belongs to."""

    path: Path
    node: Node
    scenario: str | None = None

    @property
    def line(self) -> int:
        return self.node.line

    def error(self, message: str) -> ContentError:
        return ContentError(self.path, self.line, message, self.scenario)

    def about(self, scenario: str | None) -> Source:
        return Source(self.path, self.node, scenario)

    def value(self) -> Any:
        """The plain Python value of this node."""
        return self.node.plain()

    @property
    def is_mapping(self) -> bool:
        return self.node.kind == "mapping"

    @property
    def is_sequence(self) -> bool:
        return self.node.kind == "list"

    @property
    def is_scalar(self) -> bool:
        return self.node.kind == "scalar"

    def typed(self, kind: type, what: str) -> Any:
        value = self.node.value if self.node.kind == "scalar" else self.value()
        # bool is an int to Python, but `points: true` is not a number.
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(f"{what} must be {_TYPE_NAMES[kind]}, not {excerpt(value)}")
        return value

    def text(self, what: str) -> str:
        return str(self.typed(str, what))

    def integer(self, what: str, low: int | None = None, high: int | None = None) -> int:
        """A whole number, refused outside [low, high] with the range in the message."""
        value: int = self.typed(int, what)
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = (
                f"from {low} to {high}"
                if low is not None and high is not None
                else f"at least {low}"
                if low is not None
                else f"at most {high}"
            )
            raise self.error(f"{what} must be {bounds}, not {value}")
        return value

    def items(self, what: str) -> Iterator[Source]:
        if self.node.kind != "list":
            raise self.error(f"{what} must be a list")
        for child in self.node.value:
            yield Source(self.path, child, self.scenario)

    def pairs(self, what: str) -> list[tuple[Source, Source]]:
        if self.node.kind != "mapping":
            raise self.error(f"{what} must be a mapping")
        return [
            (Source(self.path, key, self.scenario), Source(self.path, value, self.scenario))
            for key, value in self.node.value
        ]

    def get(self, key: str) -> Source | None:
        """The value under `key` of a mapping, before the mapping as a whole is checked."""
        if self.node.kind != "mapping":
            return None
        for name, value in self.node.value:
            if name.value == key:
                return Source(self.path, value, self.scenario)
        return None

    def key_lines(self) -> dict[str, int]:
        """The line of each key of a mapping: where a mismatch in that field is reported."""
        return {str(key.node.value): key.line for key, _ in self.pairs("a mapping")}

    def fields(
        self, what: str, allowed: frozenset[str], required: frozenset[str] = frozenset()
    ) -> dict[str, Source]:
        """The mapping's values by key, refusing unknown and missing keys."""
        found: dict[str, Source] = {}
        for key, value in self.pairs(what):
            name = key.node.value
            if not isinstance(name, str) or name not in allowed:
                known = ", ".join(sorted(allowed))
                raise key.error(f"unknown key {excerpt(name)} in {what} (known keys: {known})")
            found[name] = value
        missing = sorted(required - found.keys())
        if missing:
            raise self.error(f"{what} lacks {', '.join(repr(m) for m in missing)}")
        return found


def read_yaml(path: Path, files: InputFiles) -> Source | None:
    """The document of a YAML file as nodes; None for a file with no document."""
    node = parse_yaml(files.read_text(path), path)
    return Source(path, node) if node is not None else None
