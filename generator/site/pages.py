"""Page content from `content/pages/*.yaml` and `content/site.yaml`."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..content.errors import ContentError
from ..content.nodes import Source, read_yaml
from ..content.scenarios import PlayScenario, Scenario
from ..verify import Answer, compute

_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class SiteInfo:
    name: str
    base_url: str


@dataclass(frozen=True)
class Example:
    """A scenario shown on a page, with the engine's (already checked) answer."""

    scenario: PlayScenario
    answer: Answer
    title: str
    text: str


@dataclass(frozen=True)
class Section:
    heading: str
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class LegalCardsPage:
    slug: str
    title: str
    summary: tuple[str, ...]
    intro: str
    sections: tuple[Section, ...]


def _required(path: Path) -> Source:
    source = read_yaml(path)
    if source is None:
        raise ContentError(path, None, "the file is empty")
    return source


def load_site_info(path: Path) -> SiteInfo:
    fields = _required(path).fields(
        "site settings", frozenset({"name", "base_url"}), frozenset({"name", "base_url"})
    )
    base_url = os.environ.get("BELOTE_SITE_URL") or fields["base_url"].text("base_url")
    if not re.match(r"https?://", base_url):
        raise fields["base_url"].error(f"base_url must be an http(s) address, not {base_url!r}")
    return SiteInfo(fields["name"].text("name"), base_url.rstrip("/") + "/")


def load_legal_cards_page(path: Path, scenarios: Mapping[str, Scenario]) -> LegalCardsPage:
    keys = frozenset({"slug", "title", "summary", "intro", "sections"})
    fields = _required(path).fields("a page", keys, keys)
    slug = fields["slug"].text("slug")
    if not _SLUG.fullmatch(slug):
        raise fields["slug"].error(f"slug {slug!r} must be lower-case letters, digits and dashes")
    sections = []
    for item in fields["sections"].items("sections"):
        section = item.fields(
            "a section", frozenset({"heading", "examples"}), frozenset({"heading", "examples"})
        )
        examples = []
        for item in section["examples"].items("examples"):
            keys = frozenset({"scenario", "title", "text"})
            example = item.fields("an example", keys, keys)
            scenario_id = example["scenario"].text("scenario")
            if scenario_id not in scenarios:
                raise example["scenario"].error(f"no scenario has the id {scenario_id!r}")
            scenario = scenarios[scenario_id]
            if not isinstance(scenario, PlayScenario):
                raise example["scenario"].error(f"scenario {scenario_id} is not a play scenario")
            answer = compute(scenario)
            assert isinstance(answer, Answer)
            examples.append(
                Example(
                    scenario,
                    answer,
                    example["title"].text("title"),
                    example["text"].text("text"),
                )
            )
        sections.append(Section(section["heading"].text("heading"), tuple(examples)))
    return LegalCardsPage(
        slug=slug,
        title=fields["title"].text("title"),
        summary=tuple(item.text("a summary point") for item in fields["summary"].items("summary")),
        intro=fields["intro"].text("intro"),
        sections=tuple(sections),
    )
