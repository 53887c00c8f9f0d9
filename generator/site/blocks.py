"""The building blocks of the rules and variant pages, read from content YAML.

A page is a list of sections, each a heading and blocks:

- `text`: a paragraph; `%(name)s` placeholders take the rule set's figures.
- `choose: <option>` with `texts: {<value>: ...}`: the paragraph that matches
  the rule set's option, so a page says what its rule set decides.
- `items`: a list of texts or choose blocks (`numbered: true` for 1. 2. 3.).
- `show: <table>`: a table or list drawn from the rule set's data.
- `example`: a checked scenario, with a title and text.
- `link: <page>` with `text`: a link to another page of the site.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..content.nodes import Source
from ..content.scenarios import Scenario
from ..engine import RuleSet
from ..verify import AnyAnswer, compute

SHOWS = (
    "card-values",
    "declaration-values",
    "locked-options",
    "ai-levels",
    "variant-goal",
)
LINKS = ("legal-cards", "rules")


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class Choose:
    option: str
    texts: Mapping[str, str]

    def pick(self, rules: RuleSet) -> str:
        return self.texts[option_value(rules, self.option)]


@dataclass(frozen=True)
class Show:
    what: str


@dataclass(frozen=True)
class Items:
    items: tuple[Text | Choose | Show, ...]
    numbered: bool


@dataclass(frozen=True)
class Example:
    scenario: Scenario
    answer: AnyAnswer
    title: str
    text: str

    @property
    def kind(self) -> str:
        return type(self.scenario).__name__.removesuffix("Scenario").lower()


@dataclass(frozen=True)
class Link:
    page: str
    text: str


Block = Text | Choose | Items | Show | Example | Link


@dataclass(frozen=True)
class Section:
    heading: str
    blocks: tuple[Block, ...]


def option_value(rules: RuleSet, path: str) -> str:
    """A rule set option as written in YAML: `scoring.tie` -> "litige", a flag -> "true"."""
    value: Any = rules
    for name in path.split("."):
        value = getattr(value, name)
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _option_values(rules: RuleSet, path: str) -> list[str] | None:
    """Every value an option may take, for checking a choose block covers them."""
    value: Any = rules
    try:
        for name in path.split("."):
            value = getattr(value, name)
    except AttributeError:
        return None
    if isinstance(value, enum.Enum):
        return [str(member.value) for member in type(value)]
    if isinstance(value, bool):
        return ["true", "false"]
    return None


def _choose(source: Source, rules: RuleSet) -> Choose:
    given = source.fields(
        "a choose block", frozenset({"choose", "texts"}), frozenset({"choose", "texts"})
    )
    path = given["choose"].text("choose")
    values = _option_values(rules, path)
    if values is None:
        raise given["choose"].error(f"{path!r} is not a rule set option with fixed values")
    texts = {
        str(key.value()).lower(): value.text("a text")
        for key, value in given["texts"].pairs("texts")
    }
    missing = [v for v in values if v not in texts]
    unknown = [k for k in texts if k not in values]
    if missing or unknown:
        raise given["texts"].error(f"texts must cover every value of {path} ({', '.join(values)})")
    return Choose(path, texts)


def _show(source: Source) -> Show:
    what = source.text("show")
    if what not in SHOWS:
        raise source.error(f"unknown table {what!r} ({', '.join(SHOWS)})")
    return Show(what)


def _item(source: Source, rules: RuleSet) -> Text | Choose | Show:
    value = source.value()
    if isinstance(value, str):
        return Text(source.text("a text"))
    if isinstance(value, dict) and "show" in value:
        return _show(source.fields("a list item", frozenset({"show"}))["show"])
    return _choose(source, rules)


def parse_example(source: Source, scenarios: Mapping[str, Scenario]) -> Example:
    keys = frozenset({"scenario", "title", "text"})
    given = source.fields("an example", keys, keys)
    scenario_id = given["scenario"].text("scenario")
    if scenario_id not in scenarios:
        raise given["scenario"].error(f"no scenario has the id {scenario_id!r}")
    scenario = scenarios[scenario_id]
    return Example(
        scenario, compute(scenario), given["title"].text("title"), given["text"].text("text")
    )


def parse_block(source: Source, rules: RuleSet, scenarios: Mapping[str, Scenario]) -> Block:
    value = source.value()
    if isinstance(value, dict) and "choose" in value:
        return _choose(source, rules)
    given = source.fields(
        "a block",
        frozenset({"text", "items", "numbered", "show", "example", "link"}),
    )
    if "example" in given:
        return parse_example(given["example"], scenarios)
    if "show" in given:
        return _show(given["show"])
    if "link" in given:
        page = given["link"].text("link")
        if page not in LINKS:
            raise given["link"].error(f"unknown page {page!r} ({', '.join(LINKS)})")
        if "text" not in given:
            raise source.error("a link needs a `text`")
        return Link(page, given["text"].text("text"))
    if "items" in given:
        numbered = given["numbered"].typed(bool, "numbered") if "numbered" in given else False
        return Items(tuple(_item(item, rules) for item in given["items"].items("items")), numbered)
    if "text" in given:
        return Text(given["text"].text("text"))
    raise source.error("a block needs text, choose, items, show, example or link")


def parse_sections(
    source: Source, rules: RuleSet, scenarios: Mapping[str, Scenario]
) -> tuple[Section, ...]:
    sections = []
    for item in source.items("sections"):
        given = item.fields(
            "a section", frozenset({"heading", "blocks"}), frozenset({"heading", "blocks"})
        )
        blocks = tuple(
            parse_block(block, rules, scenarios) for block in given["blocks"].items("blocks")
        )
        sections.append(Section(given["heading"].text("heading"), blocks))
    return tuple(sections)
