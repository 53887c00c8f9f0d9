"""The building blocks of article pages, read from content YAML.

A page is a list of sections, each a heading and blocks:

- `text`: a paragraph; `%(name)s` placeholders take the rule set's figures.
- `choose: <option>` with `texts: {<value>: ...}`: the paragraph that matches
  the rule set's option, so a page says what its rule set decides.
- `items`: a list of texts or choose blocks (`numbered: true` for 1. 2. 3.).
- `show: <table>`: a table or list drawn from the rule set's data, by the
  template `show_<table>.html` (adding a table is adding its template).
- `example`: a checked scenario of any kind, with a title and text.
- `link: <page>` with `text`: a link to another page of the site.

Any block or list item may carry `when: {<option>: <value>, ...}`: it is
shown only where the rule set's options have those values (a variant card
written once for classic Belote's turned card and Coinche's bidding).
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ...content.errors import excerpt
from ...content.nodes import Source
from ...content.rulesets import type_hints, written
from ...engine import RuleSet
from ...verify import Checked
from ...verify.claims import check as check_claims
from .vocabulary import PARTNERSHIPS


@dataclass(frozen=True)
class Guarded:
    """A block shown only where the rule set's options have the values `when` names."""

    when: tuple[tuple[str, str], ...] = field(default=(), kw_only=True)
    line: int = field(default=0, kw_only=True, compare=False)  # in its page file, for errors

    def shown(self, rules: RuleSet | None) -> bool:
        if rules is None:
            return not self.when
        try:
            return all(option_value(rules, path) == value for path, value in self.when)
        except AttributeError:
            return False  # an option of a group this rule set has not (no contract, say)


@dataclass(frozen=True)
class Text(Guarded):
    block: ClassVar[str] = "text"
    text: str


@dataclass(frozen=True)
class Choose(Guarded):
    block: ClassVar[str] = "choose"
    option: str
    texts: Mapping[str, str]

    def pick(self, rules: RuleSet) -> str:
        return self.texts[option_value(rules, self.option)]


@dataclass(frozen=True)
class Show(Guarded):
    block: ClassVar[str] = "show"
    what: str

    @property
    def template(self) -> str:
        return f"show_{self.what}.html"


@dataclass(frozen=True)
class Items(Guarded):
    block: ClassVar[str] = "items"
    items: tuple[Text | Choose | Show, ...]
    numbered: bool


@dataclass(frozen=True)
class Example(Guarded):
    block: ClassVar[str] = "example"
    checked: Checked
    title: str
    text: str
    # What the app's screen shows, in words (a message): the app's view of the trick is
    # drawn beside the example with this as its text alternative.
    app_view: str | None = None

    @property
    def scenario(self) -> Any:
        return self.checked.scenario

    @property
    def answer(self) -> Any:
        return self.checked.answer

    @property
    def kind(self) -> str:
        return self.checked.kind.name

    @property
    def figure(self) -> object | None:
        """What its figure shows (generator/verify/figures.py), the same in every language."""
        return self.checked.figure

    @property
    def figure_template(self) -> str:
        return self.checked.kind.figure_template

    @property
    def template(self) -> str:
        return self.checked.kind.template

    @property
    def id(self) -> str:
        return self.checked.id


@dataclass(frozen=True)
class Link(Guarded):
    block: ClassVar[str] = "link"
    page: str
    text: str
    source: Source
    # A section of that page, by its heading (an English message): the link goes to it.
    section: str | None = None


Block = Text | Choose | Items | Show | Example | Link


@dataclass(frozen=True)
class Section:
    heading: str
    blocks: tuple[Block, ...]

    @property
    def examples(self) -> tuple[Example, ...]:
        return tuple(block for block in self.blocks if isinstance(block, Example))


@dataclass(frozen=True)
class Context:
    """What blocks are read against: scenarios by id, and the tables templates can show."""

    checked: Mapping[str, Checked]
    shows: Collection[str]


def option_value(rules: RuleSet, path: str) -> str:
    """A rule set option as written in YAML: `scoring.tie` -> "litige", a flag -> "true"."""
    value: Any = rules
    for name in path.split("."):
        if name.startswith("_"):
            raise AttributeError(name)
        value = getattr(value, name)
    return written(value)


def _optional(hint: Any) -> Any:
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        return next(arg for arg in typing.get_args(hint) if arg is not type(None))
    return hint


def option_values(path: str) -> list[str] | None:
    """Every value an option may take, from the rule-set schema (so `contract.made_when`
    is known even for a rule set without a contract)."""
    kind: Any = RuleSet
    for name in path.split("."):
        if name.startswith("_"):
            return None
        if isinstance(kind, type) and dataclasses.is_dataclass(kind):
            hints = type_hints(kind)
            if name in hints:
                kind = _optional(hints[name])
                continue
        member = getattr(kind, name, None) if isinstance(kind, type) else None
        if isinstance(member, property):
            kind = _optional(type_hints(member.fget).get("return"))
            continue
        return None
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return [str(member.value) for member in kind]
    if kind is bool:
        return ["true", "false"]
    return None


def _when(source: Source | None) -> tuple[tuple[str, str], ...]:
    if source is None:
        return ()
    found = []
    for key, value in source.pairs("when"):
        path = key.text("an option")
        values = option_values(path)
        if values is None:
            raise key.error(f"{excerpt(path)} is not a rule-set option with fixed values")
        wanted = str(value.value()).lower()
        if wanted not in values:
            raise value.error(f"{path} is one of {', '.join(values)}, not {excerpt(wanted)}")
        found.append((path, wanted))
    return tuple(found)


def _choose(source: Source, rules: RuleSet) -> Choose:
    given = source.fields(
        "a choose block", frozenset({"choose", "texts", "when"}), frozenset({"choose", "texts"})
    )
    path = given["choose"].text("choose")
    values = option_values(path)
    if values is None:
        raise given["choose"].error(f"{excerpt(path)} is not a rule-set option with fixed values")
    texts = {}
    try:
        picked = option_value(rules, path)
    except AttributeError:
        picked = None  # the rule set lacks the option's group: no text is shown for it
    for key, value in given["texts"].pairs("texts"):
        # Each text is shown for its own value only, and may state that option.
        shown = str(key.value()).lower() == picked and "when" not in given
        check_claims(value, rules, chosen=path, shown=shown)
        texts[str(key.value()).lower()] = value.text("a text")
    if set(texts) != set(values):
        raise given["texts"].error(f"texts must cover every value of {path} ({', '.join(values)})")
    return Choose(path, texts, when=_when(given.get("when")), line=source.line)


def _show(source: Source, context: Context, when: Source | None = None) -> Show:
    what = source.text("show")
    if what not in context.shows:
        raise source.error(
            f"unknown table {excerpt(what)} (templates/show_<table>.html: "
            f"{', '.join(sorted(context.shows))})"
        )
    return Show(what, when=_when(when))


def _item(source: Source, rules: RuleSet, context: Context) -> Text | Choose | Show:
    if source.is_scalar:
        check_claims(source, rules)
        return Text(source.text("a text"), line=source.line)
    if source.get("choose") is not None:
        return _choose(source, rules)
    given = source.fields("a list item", frozenset({"show", "text", "when"}))
    if "show" in given:
        return _show(given["show"], context, given.get("when"))
    if "text" in given:
        check_claims(given["text"], rules, shown="when" not in given)
        return Text(given["text"].text("a text"), when=_when(given.get("when")), line=source.line)
    raise source.error("a list item is a text, a choose block, or {show: ...}")


def check_nameable(rules: RuleSet, source: Source) -> None:
    """A page names the sides of the rule sets it shows; refuse one it could not name."""
    for side in rules.sides:
        if len(side) > 1 and side.name not in PARTNERSHIPS:
            raise source.error(
                f"rule set {rules.id} has the side {side.name}, which the vocabulary cannot "
                f"name (partners sit opposite: {', '.join(PARTNERSHIPS)})"
            )


def parse_example(
    source: Source, context: Context, kinds: Collection[str] | None = None
) -> Example:
    given = source.fields(
        "an example",
        frozenset({"scenario", "title", "text", "app_view"}),
        frozenset({"scenario", "title", "text"}),
    )
    scenario_id = given["scenario"].text("scenario")
    checked = context.checked.get(scenario_id)
    if checked is None:
        raise given["scenario"].error(f"no scenario has the id {excerpt(scenario_id)}")
    if kinds is not None and checked.kind.name not in kinds:
        raise given["scenario"].error(
            f"scenario {scenario_id} is a {checked.kind.name} scenario; "
            f"this page shows {' or '.join(sorted(kinds))} scenarios"
        )
    check_nameable(checked.scenario.rules, given["scenario"])
    # An example's words are about its scenario: they state the engine's figures for it.
    for key in ("title", "text"):
        check_claims(given[key], checked.scenario.rules, checked)
    app_view = None
    if "app_view" in given:
        if not getattr(checked.scenario, "from_app", False):
            raise given["app_view"].error(
                f"app_view describes the app's screen: scenario {scenario_id} "
                "is not from the app (from_app: true)"
            )
        app_view = given["app_view"].text("app_view")
    return Example(checked, given["title"].text("title"), given["text"].text("text"), app_view)


def parse_block(source: Source, rules: RuleSet, context: Context) -> Block:
    if source.is_mapping and source.get("choose") is not None:
        return _choose(source, rules)
    given = source.fields(
        "a block",
        frozenset({"text", "items", "numbered", "show", "example", "link", "when"}),
    )
    when = _when(given.get("when"))
    if "example" in given:
        return replace(parse_example(given["example"], context), when=when)
    if "show" in given:
        return _show(given["show"], context, given.get("when"))
    if "link" in given:
        if "text" not in given:
            raise source.error("a link needs a `text`")
        check_claims(given["text"], rules)
        return Link(
            given["link"].text("link"), given["text"].text("text"), given["link"], when=when
        )
    if "items" in given:
        numbered = given["numbered"].typed(bool, "numbered") if "numbered" in given else False
        items = tuple(_item(item, rules, context) for item in given["items"].items("items"))
        return Items(items, numbered, when=when, line=source.line)
    if "text" in given:
        check_claims(given["text"], rules)
        return Text(given["text"].text("text"), when=when, line=source.line)
    raise source.error("a block needs text, choose, items, show, example or link")


def parse_sections(source: Source, rules: RuleSet, context: Context) -> tuple[Section, ...]:
    sections = []
    for item in source.items("sections"):
        given = item.fields(
            "a section", frozenset({"heading", "blocks"}), frozenset({"heading", "blocks"})
        )
        check_claims(given["heading"], rules)
        blocks = tuple(
            parse_block(block, rules, context) for block in given["blocks"].items("blocks")
        )
        sections.append(Section(given["heading"].text("heading"), blocks))
    return tuple(sections)


def links(sections: tuple[Section, ...]) -> list[Link]:
    return [block for section in sections for block in section.blocks if isinstance(block, Link)]
