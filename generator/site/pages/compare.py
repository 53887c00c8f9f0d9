"""The rule sets side by side: every rule set of `content/rulesets/` a column, every option a row.

The rows come from the rule-set schema itself, so a new option is a new row;
`content/options.yaml` says how each option's values read (a sentence per
value), and `check` refuses an option or a value it does not word.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter
from typing import Any

from ...content.errors import ContentError, excerpt
from ...content.nodes import Source, read_yaml
from ...content.rulesets import ABSENT, RuleSets, option_paths, option_value
from ...engine import RuleSet
from ..page import LoadContext, Page, PageKind, Site


@dataclass(frozen=True)
class Option:
    """One row: an option's label and the sentence for each of its values."""

    path: str
    label: str  # a message
    # value -> message; `value` (with %(value)s) and `none` for the rest
    sentences: Mapping[str, str]
    example: str | None  # the id of a scenario that shows the option at work


def sentence_context(path: str) -> str:
    """The gettext context of an option's value sentences ("option rounding").

    Ten options read "%(value)s points." and three "None." in English, but
    their labels differ in gender and number, and a translator must be able
    to agree each with its own.
    """
    return f"option {path}"


@dataclass(frozen=True)
class Cell:
    sentence: str  # a message
    context: str | None  # its gettext context: the option's, or none for a whole absent group
    value: Any  # what %(value)s stands for, or None
    # The rule set whose file sets the value, and whose `source:` it follows:
    # the column's own, or one it extends.
    origin: RuleSet

    @property
    def shown(self) -> tuple[str, str]:
        """What the reader reads in the cell: neighbours that read the same are one."""
        return self.sentence, repr(self.value)


@dataclass(frozen=True)
class Column:
    rules: RuleSet
    cells: tuple[Cell, ...]  # one per option, in the options' order


@dataclass(frozen=True)
class Span:
    """Neighbouring columns that agree on an option, drawn as one cell."""

    cell: Cell
    columns: int
    origins: tuple[RuleSet, ...]  # the rule sets whose files set the value, each once


@dataclass(frozen=True)
class Comparison:
    intro: str
    options: tuple[Option, ...]
    columns: tuple[Column, ...]
    # The columns shown at first where the reader's browser lets him pick (compare.js).
    picked: tuple[int, ...] = ()

    def differs(self, row: int) -> bool:
        """Whether the rule sets disagree on an option."""
        return len({column.cells[row].shown for column in self.columns}) > 1

    def spans(self, row: int) -> list[Span]:
        """A row's cells, neighbours with the same value merged (families sit together)."""
        cells = (column.cells[row] for column in self.columns)
        groups = (list(group) for _, group in groupby(cells, key=attrgetter("shown")))
        return [
            # Each origin once (a rule set is not hashable: its id stands for it).
            Span(group[0], len(group), tuple({c.origin.id: c.origin for c in group}.values()))
            for group in groups
        ]

    @property
    def differing(self) -> list[int]:
        return [row for row in range(len(self.options)) if self.differs(row)]

    @property
    def agreed(self) -> list[int]:
        return [row for row in range(len(self.options)) if not self.differs(row)]


def cell(option: Option, rules: RuleSet, absent: Mapping[str, str], rulesets: RuleSets) -> Cell:
    """One rule set's value of an option, as the sentence that says it."""
    value = option_value(rules, option.path)
    if value is ABSENT:
        return Cell(absent[option.path.split(".")[0]], None, None, rules)
    origin = rulesets.get_id(rulesets.origin(rules.id, option.path))
    context = sentence_context(option.path)
    if isinstance(value, bool):
        return Cell(option.sentences["true" if value else "false"], context, None, origin)
    if isinstance(value, enum.Enum):
        return Cell(option.sentences[str(value.value)], context, None, origin)
    if (value is None or value == ()) and "none" in option.sentences:
        return Cell(option.sentences["none"], context, None, origin)
    return Cell(option.sentences["value"], context, value, origin)


def _expected(hint: Any) -> tuple[list[str], bool]:
    """The sentences an option needs: one per value (an enum, a flag), else `value`; and
    whether it may be unset."""
    optional = typing.get_origin(hint) in (types.UnionType, typing.Union)
    inner = next(a for a in typing.get_args(hint) if a is not type(None)) if optional else hint
    if isinstance(inner, type) and issubclass(inner, enum.Enum):
        return [str(member.value) for member in inner], optional
    if inner is bool:
        return ["true", "false"], optional
    return ["value"], optional


def _sentences(path: str, hint: Any, entry: Source, fields: Mapping[str, Source]) -> dict[str, str]:
    wanted, optional = _expected(hint)
    sentences: dict[str, str] = {}
    if wanted == ["value"]:
        if "value" not in fields:
            raise entry.error(f"option {path} needs `value`, a sentence with %(value)s")
        sentences["value"] = fields["value"].text("a sentence")
        if "%(value)s" not in sentences["value"]:
            raise fields["value"].error("the sentence must contain %(value)s, the option's value")
    else:
        if "values" not in fields:
            raise entry.error(f"option {path} needs `values`: a sentence for {', '.join(wanted)}")
        for key, sentence in fields["values"].pairs("values"):
            name = str(key.value()).lower()
            if name not in wanted:
                raise key.error(f"{excerpt(name)} is no value of {path} ({', '.join(wanted)})")
            sentences[name] = sentence.text("a sentence")
        missing = [value for value in wanted if value not in sentences]
        if missing:
            raise fields["values"].error(f"option {path} lacks a sentence for {', '.join(missing)}")
    if "none" in fields:
        sentences["none"] = fields["none"].text("a sentence")
    elif optional:
        raise entry.error(f"option {path} may be unset: it needs `none`, the sentence for that")
    return sentences


OPTION_KEYS = frozenset({"label", "values", "value", "none", "example"})


def read_options(context: LoadContext) -> tuple[tuple[Option, ...], dict[str, str]]:
    """The wording of every option of the schema, from `content/options.yaml`."""
    path = context.content / "options.yaml"
    source = read_yaml(path, context.files)
    if source is None:
        raise ContentError(path, 1, "the file is empty (it words every rule-set option)")
    top = source.fields(
        "the options file", frozenset({"absent", "options"}), frozenset({"options"})
    )
    absent = {
        key.text("a group"): value.text("a sentence")
        for key, value in (top["absent"].pairs("absent") if "absent" in top else [])
    }
    given = {key.text("an option"): (key, value) for key, value in top["options"].pairs("options")}
    found = []
    for wanted in option_paths():
        if wanted.path not in given:
            raise top["options"].error(
                f"the option {wanted.path} has no entry (a label and its sentences)"
            )
        key, entry = given.pop(wanted.path)
        fields = entry.fields(f"option {wanted.path}", OPTION_KEYS, frozenset({"label"}))
        group = wanted.path.split(".")[0]
        if wanted.group_optional and group not in absent:
            raise top["options"].error(
                f"a rule set may lack the group {group}: `absent` needs its sentence"
            )
        example = fields["example"].text("example") if "example" in fields else None
        if example is not None and example not in context.checked:
            raise fields["example"].error(f"no scenario has the id {excerpt(example)}")
        found.append(
            Option(
                wanted.path,
                fields["label"].text("label"),
                _sentences(wanted.path, wanted.hint, entry, fields),
                example,
            )
        )
    if given:
        name, (key, _) = next(iter(given.items()))
        raise key.error(f"{excerpt(name)} is no rule-set option")
    return tuple(found), absent


# More columns than this do not fit a phone, which is why the reader picks.
MAX_PICKED = 3


class CompareKind(PageKind):
    name = "compare"
    template = "compare.html"
    keys = frozenset({"slug", "title", "intro", "picked"})
    required = frozenset({"slug", "title", "intro"})

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        options, absent = read_options(context)
        rulesets = context.rulesets
        columns = tuple(
            Column(rules, tuple(cell(option, rules, absent, rulesets) for option in options))
            # Each family together, its root first: Maison and its variants, then Coinche's.
            for rules in sorted(rulesets.all(), key=lambda rules: rulesets.lineage(rules.id))
        )
        ids = [column.rules.id for column in columns]
        picked = []
        for item in given["picked"].items("picked") if "picked" in given else []:
            name = item.text("a rule set")
            if name not in ids:
                raise item.error(f"no rule set {excerpt(name)} to show first ({', '.join(ids)})")
            picked.append(ids.index(name))
        if len(picked) > MAX_PICKED:
            raise given["picked"].error(f"pick at most {MAX_PICKED} rule sets to show first")
        comparison = Comparison(
            given["intro"].text("intro"), options, columns, tuple(sorted(set(picked)))
        )
        return [
            self.titled(
                source,
                given,
                order,
                comparison,
                # Every rule-set line of the site links to its column.
                anchors=tuple((f"rules-{rules_id}", rules_id) for rules_id in ids),
            )
        ]

    def context(self, page: Page, site: Site) -> Mapping[str, object]:
        return {"page_script": "compare.js"}  # the reader picks the columns


KIND = CompareKind()
