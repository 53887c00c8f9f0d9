"""Rule sets from `content/rulesets/<id>.yaml`, read by the engine's own schema.

Every option is a field of the engine's `RuleSet` dataclasses; this module
reads each field by its type (a flag, a number with bounds, an enum, a table
by rank, a nested group), so a new option needs no code here.

A rule set may `extends:` another and change only some options; groups of
options are merged key by key, the extending file winning.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import re
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from ..engine import Rank, RuleSet
from ..engine.errors import BeloteError
from ..engine.rules import InvalidRuleSetError
from .errors import ContentError, excerpt
from .files import InputFiles
from .nodes import Source, read_yaml

RULESET_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# A chain of `extends` longer than this is refused (rule books do not nest that deep).
MAX_EXTENDS = 16
_RANKS = {rank.value: rank for rank in Rank}


def yaml_key(f: dataclasses.Field[Any]) -> str:
    key = f.metadata.get("key")
    return str(key) if key else f.name


def option_fields(cls: type) -> list[dataclasses.Field[Any]]:
    """The fields of a rule-set dataclass that YAML sets."""
    return [f for f in dataclasses.fields(cls) if f.init and f.name != "id"]


@dataclass(frozen=True)
class Layers:
    """A rule set's options looked up through its `extends` chain, nearest file first."""

    name: str
    top: Source
    layers: tuple[dict[str, Source], ...]
    # The file at the root of the `extends` chain: where a missing option belongs.
    base: Source | None = None

    @property
    def root(self) -> Source:
        return self.base or self.top

    def get(self, key: str) -> Source | None:
        for layer in self.layers:
            if key in layer:
                return layer[key]
        return None

    def group(self, key: str, allowed: frozenset[str]) -> Layers:
        nested = tuple(layer[key].fields(key, allowed) for layer in self.layers if key in layer)
        return Layers(f"{self.name}: {key}", self.top, nested, self.base)


def _bounded(source: Source, f: dataclasses.Field[Any], what: str) -> int:
    return source.integer(what, f.metadata.get("low"), f.metadata.get("high"))


def _enum(source: Source, kind: type[enum.Enum], what: str) -> enum.Enum:
    name = source.text(what)
    try:
        return kind(name)
    except ValueError:
        known = " | ".join(str(member.value) for member in kind)
        raise source.error(f"unknown {what} {excerpt(name)} ({known})") from None


def _mapping_key(source: Source, kind: Any, what: str) -> Any:
    if kind is Rank:
        name = str(source.value())
        if name not in _RANKS:
            raise source.error(f"unknown rank {excerpt(name)} in {what} (7 8 9 10 J Q K A)")
        return _RANKS[name]
    if kind is int:
        return source.typed(int, f"a key of {what}")
    return _enum(source, kind, f"key of {what}")


@functools.cache
def type_hints(owner: Any) -> dict[str, Any]:
    """A schema class's (or property's) hints, resolved once: the schema does not change."""
    return typing.get_type_hints(owner)


def _optional(hint: Any) -> Any:
    """The type inside `X | None`, or the hint itself."""
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        return next(arg for arg in typing.get_args(hint) if arg is not type(None))
    return hint


def _value(hint: Any, source: Source, f: dataclasses.Field[Any], what: str) -> Any:
    """One option's value, read by its type hint."""
    if _optional(hint) is not hint:
        return _value(_optional(hint), source, f, what)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is bool:
        return source.typed(bool, what)
    if hint is int:
        return _bounded(source, f, what)
    if hint is str:
        text = source.text(what)
        if f.metadata.get("url") and not _HTTPS.fullmatch(text):
            raise source.error(f"{what} must be an https:// address, not {excerpt(text)}")
        return text
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum(source, hint, what)
    if origin is tuple:
        item_hint = args[0]
        return tuple(
            _value(item_hint, item, f, f"an entry of {what}") for item in source.items(what)
        )
    if origin is frozenset:
        return frozenset(
            _value(args[0], item, f, f"an entry of {what}") for item in source.items(what)
        )
    if origin is Mapping or origin is typing.Mapping:
        key_hint, value_hint = args
        found: dict[Any, Any] = {}
        for key, value in source.pairs(what):
            found[_mapping_key(key, key_hint, what)] = _value(
                value_hint, value, f, f"the value of {key.value()} in {what}"
            )
        return types.MappingProxyType(found)
    raise TypeError(f"the rule-set schema has no reader for {hint!r} ({f.name})")


def _read_options(cls: type, layers: Layers, where: str) -> dict[str, Any]:
    """The keyword arguments of `cls`, each field read from the layers by its type."""
    hints = type_hints(cls)
    found: dict[str, Any] = {}
    for f in option_fields(cls):
        key = yaml_key(f)
        what = f"{where}{key}"
        hint = hints[f.name]
        group = _optional(hint)
        if isinstance(group, type) and dataclasses.is_dataclass(group):
            nested = layers.group(key, frozenset(yaml_key(g) for g in option_fields(group)))
            if nested.layers:
                found[f.name] = _build(group, nested, f"{what}.")
            elif group is hint:
                raise layers.root.error(f"{layers.name} lacks {key!r}")
            continue
        source = layers.get(key)
        if source is None:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise layers.root.error(
                    f"{layers.name} lacks {key!r} (and extends no rule set that has it)"
                )
            continue
        found[f.name] = _value(hint, source, f, what)
    return found


def _build(cls: type, layers: Layers, where: str) -> Any:
    options = _read_options(cls, layers, where)
    try:
        return cls(**options)
    except InvalidRuleSetError as error:
        source = _source_of(layers, error.option)
        raise source.error(str(error)) from None


def _source_of(layers: Layers, key: str) -> Source:
    return layers.get(key) or layers.top


def _check_mode_lines(rules: RuleSet, layers: Layers) -> None:
    """Every mode the rule set offers has its line, with the place where the trump goes."""
    source = layers.get("mode_line") or layers.top
    for mode in rules.modes:
        line = rules.mode_lines.get(mode)
        if line is None:
            raise source.error(f"mode_line lacks {mode.value!r}, a mode the rule set offers")
        if "%(trump)s" not in line:
            raise source.error(
                f"mode_line.{mode.value} must contain %(trump)s, where the trump goes"
            )


class RuleSets:
    """The rule sets of a content folder, each read on first use."""

    def __init__(self, folder: Path, files: InputFiles) -> None:
        self.folder = folder
        self.files = files
        self._loaded: dict[str, RuleSet] = {}
        self._layers: dict[str, Layers] = {}
        self._files: dict[str, tuple[Source, dict[str, Source]]] = {}

    def available(self) -> list[str]:
        """The ids of the rule-set files of the folder (names that are valid ids)."""
        if not self.folder.is_dir():
            return []
        return sorted(
            path.stem for path in self.folder.glob("*.yaml") if RULESET_ID.fullmatch(path.stem)
        )

    def _read_layers(self, ruleset_id: str) -> Layers | None:
        """The layers of a rule set and everything it extends, read without recursion."""
        chain: list[tuple[str, Source, dict[str, Source]]] = []
        current: str | None = ruleset_id
        wanted_by: Source | None = None
        allowed = frozenset(yaml_key(f) for f in option_fields(RuleSet)) | {"extends"}
        base: Source | None = None
        while current is not None:
            if current in self._layers:
                inherited = self._layers[current].layers
                base = self._layers[current].root
                break
            path = self.folder / f"{current}.yaml"
            if not RULESET_ID.fullmatch(current) or not (path.is_file() or path.is_symlink()):
                if wanted_by is None:
                    return None
                raise wanted_by.error(f"unknown rule set {excerpt(current)} to extend")
            if len(chain) >= MAX_EXTENDS:
                raise chain[-1][2]["extends"].error(
                    f"rule sets extend each other more than {MAX_EXTENDS} levels deep"
                )
            source = read_yaml(path, self.files)
            if source is None:
                raise ContentError(path, 1, "the rule set file is empty")
            given = source.fields(f"rule set {current}", allowed)
            self._files[current] = (source, given)
            chain.append((current, source, given))
            parent = given.get("extends")
            if parent is None:
                current = None
                inherited = ()
                break
            parent_id = parent.text("extends")
            if parent_id in (name for name, _, _ in chain):
                raise parent.error(
                    f"rule sets extend each other in a circle ({excerpt(parent_id)})"
                )
            wanted_by, current = parent, parent_id
        layers: tuple[dict[str, Source], ...] = inherited
        base = base or chain[-1][1]
        for name, source, given in reversed(chain):
            layers = (given, *layers)
            self._layers[name] = Layers(f"rule set {name}", source, layers, base)
        return self._layers[ruleset_id]

    def find(self, ruleset_id: str) -> RuleSet | None:
        """The rule set of that id, or None when the folder has no such file."""
        if ruleset_id not in self._loaded:
            layers = self._read_layers(ruleset_id)
            if layers is None:
                return None
            options = _read_options(RuleSet, layers, "")
            try:
                rules = RuleSet(id=ruleset_id, **options)
            except InvalidRuleSetError as error:
                raise _source_of(layers, error.option).error(str(error)) from None
            except BeloteError as error:
                raise layers.top.error(str(error)) from None
            _check_mode_lines(rules, layers)
            self._check_sources(ruleset_id)
            self._loaded[ruleset_id] = rules
        return self._loaded[ruleset_id]

    def get(self, ruleset_id: str, wanted_by: Source) -> RuleSet:
        """The rule set a content file names, or an error at the line that names it."""
        found = self.find(ruleset_id)
        if found is None:
            known = ", ".join(self.available()) or "none"
            raise wanted_by.error(f"unknown rule set {excerpt(ruleset_id)} (known: {known})")
        return found

    def _check_sources(self, ruleset_id: str) -> None:
        """Every file of the chain that sets options names the book or page it follows."""
        for name in self.lineage(ruleset_id):
            source, given = self._files[name]
            if "source" not in given and set(given) - _NOT_OPTIONS - {"extends"}:
                raise source.error(
                    f"rule set {name} sets options but names no `source:` "
                    "(the rule book or page it follows)"
                )
            text = given.get("source")
            found = _REPOSITORY_PATH.search(text.text("source")) if text is not None else None
            if text is not None and found:
                raise text.error(
                    f"the source names {excerpt(found.group(0))}: name the book, its edition "
                    "and section as a reader finds them, and its address in `url:`"
                )

    def origin(self, ruleset_id: str, path: str) -> str:
        """The rule set whose file sets an option: this one, or one it extends.

        Each file that sets options names its `source:`, so the option's
        value is that rule set's source's.
        """
        current = ruleset_id
        while True:
            layer = self._layers[current].layers[0]
            keys = path.split(".")
            node = layer.get(keys[0])
            for key in keys[1:]:
                node = node.get(key) if node is not None else None
            extends = layer.get("extends")
            if node is not None or extends is None:
                return current
            current = extends.text("extends")

    def lineage(self, ruleset_id: str) -> tuple[str, ...]:
        """The rule set and those it extends, from the root of the chain down to it."""
        chain = [ruleset_id]
        while (extends := self._layers[chain[-1]].layers[0].get("extends")) is not None:
            chain.append(extends.text("extends"))
        return tuple(reversed(chain))

    def get_id(self, ruleset_id: str) -> RuleSet:
        """A rule set known to exist (one another extends, say)."""
        found = self.find(ruleset_id)
        if found is None:
            raise KeyError(ruleset_id)
        return found

    def all(self) -> list[RuleSet]:
        return [rules for name in self.available() if (rules := self.find(name))]


# Fields of a rule set that are not options of play: what it is called and
# where it comes from, and the wording of its examples' first line.
_NOT_OPTIONS = frozenset({"name", "description", "source", "url", "mode_line", "table_options"})
# What a reader cannot look up: a repository or a file path ("owner/name", "docs/x.md"),
# letters on both sides of a slash (a date, 27/01/2016, has digits).
_REPOSITORY_PATH = re.compile(r"[A-Za-z][\w.-]*/[A-Za-z][\w./-]*")
# A link a page may show: https only, with nothing a browser would read as more.
_HTTPS = re.compile(
    r"https://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~%!$&'()*+,;=:@/?#-]*)?"
)


@dataclass(frozen=True)
class OptionPath:
    """One option of the schema, dotted through its groups (`scoring.rounding`)."""

    path: str
    hint: Any  # its type, `X | None` when a rule set may leave it unset
    group_optional: bool  # whether a rule set may lack its whole group


def option_field(cls: type, key: str) -> dataclasses.Field[Any]:
    """The dataclass field a YAML key names (`mode_line` is `mode_lines`)."""
    for f in dataclasses.fields(cls):
        if yaml_key(f) == key and f.init:
            return f
    raise KeyError(key)


# What `option_value` gives for an option whose whole group a rule set lacks.
ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "ABSENT"})()


def written(value: object) -> str:
    """An option's value as YAML writes it: an enum's value, a flag as "true"/"false"."""
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_value(rules: RuleSet, path: str) -> Any:
    """An option's value in a rule set (`scoring.rounding`), or ABSENT when the rule set
    lacks its group (no `bidding:` in classic Belote)."""
    value: Any = rules
    for key in path.split("."):
        if value is None:
            return ABSENT
        value = getattr(value, option_field(type(value), key).name)
    return value


def yaml_path(attributes: str) -> str | None:
    """The YAML path of an option named by its attributes (`declarations.belote_points` is
    `declarations.belote`); None for what is no option of its own (a property)."""
    cls: Any = RuleSet
    keys = []
    for name in attributes.split("."):
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            return None
        found = next((f for f in dataclasses.fields(cls) if f.name == name and f.init), None)
        if found is None:
            return None
        keys.append(yaml_key(found))
        cls = _optional(type_hints(cls)[name])
    return ".".join(keys)


def with_option(rules: RuleSet, path: str, value: Any) -> RuleSet:
    """The rule set with one option changed, checked as any rule set is (it raises
    InvalidRuleSetError for options that cannot go together)."""

    def replaced(group: Any, keys: list[str]) -> Any:
        name = option_field(type(group), keys[0]).name
        inner = value if len(keys) == 1 else replaced(getattr(group, name), keys[1:])
        return dataclasses.replace(group, **{name: inner})

    return cast(RuleSet, replaced(rules, path.split(".")))


def option_paths(
    cls: type = RuleSet, prefix: str = "", in_optional: bool = False
) -> list[OptionPath]:
    """Every option of the rule-set schema, in the schema's order."""
    hints = type_hints(cls)
    found: list[OptionPath] = []
    for f in option_fields(cls):
        key = yaml_key(f)
        if not prefix and key in _NOT_OPTIONS:
            continue
        hint = hints[f.name]
        group = _optional(hint)
        if isinstance(group, type) and dataclasses.is_dataclass(group):
            found += option_paths(group, f"{prefix}{key}.", in_optional or group is not hint)
        else:
            found.append(OptionPath(f"{prefix}{key}", hint, in_optional))
    return found
