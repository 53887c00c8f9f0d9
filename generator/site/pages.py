"""Page content from `content/pages/*.yaml` and `content/site.yaml`."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..content.errors import ContentError
from ..content.nodes import Source, read_yaml
from ..content.rulesets import RuleSets
from ..content.scenarios import PlayScenario, Scenario
from ..engine import RuleSet
from . import blocks

_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class SiteInfo:
    name: str
    base_url: str


@dataclass(frozen=True)
class Section:
    heading: str
    examples: tuple[blocks.Example, ...]


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
        raise ContentError(path, 1, "the file is empty")
    return source


def _slug(source: Source) -> str:
    slug = source.text("slug")
    if not _SLUG.fullmatch(slug):
        raise source.error(f"slug {slug!r} must be lower-case letters, digits and dashes")
    return slug


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
    slug = _slug(fields["slug"])
    sections = []
    for item in fields["sections"].items("sections"):
        section = item.fields(
            "a section", frozenset({"heading", "examples"}), frozenset({"heading", "examples"})
        )
        examples = []
        for item in section["examples"].items("examples"):
            example = blocks.parse_example(item, scenarios)
            if not isinstance(example.scenario, PlayScenario):
                raise item.error(f"scenario {example.scenario.id} is not a play scenario")
            examples.append(example)
        sections.append(Section(section["heading"].text("heading"), tuple(examples)))
    return LegalCardsPage(
        slug=slug,
        title=fields["title"].text("title"),
        summary=tuple(item.text("a summary point") for item in fields["summary"].items("summary")),
        intro=fields["intro"].text("intro"),
        sections=tuple(sections),
    )


@dataclass(frozen=True)
class RulesPage:
    slug: str
    title: str
    rules: RuleSet
    sections: tuple[blocks.Section, ...]


def load_rules_page(path: Path, scenarios: Mapping[str, Scenario], rulesets: RuleSets) -> RulesPage:
    keys = frozenset({"slug", "rules", "title", "sections"})
    fields = _required(path).fields("a page", keys, keys)
    rules = rulesets.get(fields["rules"].text("rules"), fields["rules"])
    return RulesPage(
        slug=_slug(fields["slug"]),
        title=fields["title"].text("title"),
        rules=rules,
        sections=blocks.parse_sections(fields["sections"], rules, scenarios),
    )


@dataclass(frozen=True)
class Variant:
    """One variant of the game, from `content/variants/<id>.yaml`."""

    id: str
    name: str
    version: str
    rules: RuleSet
    goal: str
    ai_intro: str
    ai_levels: tuple[str, ...]


@dataclass(frozen=True)
class VariantPage:
    """The variant card: one structure (content/pages/variant.yaml) for every variant."""

    variant: Variant
    title: str
    played: str
    sections: tuple[blocks.Section, ...]

    @property
    def slug(self) -> str:
        return f"variants/{self.variant.id}"


def load_variant(path: Path, rulesets: RuleSets) -> Variant:
    keys = frozenset({"name", "version", "rules", "goal", "ai"})
    fields = _required(path).fields("a variant", keys, keys)
    variant_id = path.stem
    if not _SLUG.fullmatch(variant_id):
        raise ContentError(path, None, f"variant file name {variant_id!r} must be a slug")
    version = fields["version"].text("version")
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        raise fields["version"].error(f"version {version!r} must look like 1.0.0")
    ai = fields["ai"].fields("ai", frozenset({"intro", "levels"}), frozenset({"intro", "levels"}))
    return Variant(
        id=variant_id,
        name=fields["name"].text("name"),
        version=version,
        rules=rulesets.get(fields["rules"].text("rules"), fields["rules"]),
        goal=fields["goal"].text("goal"),
        ai_intro=ai["intro"].text("ai.intro"),
        ai_levels=tuple(item.text("an AI level") for item in ai["levels"].items("ai.levels")),
    )


def load_variant_pages(
    page: Path, folder: Path, scenarios: Mapping[str, Scenario], rulesets: RuleSets
) -> list[VariantPage]:
    keys = frozenset({"title", "played", "sections"})
    fields = _required(page).fields("the variant page", keys, keys)
    pages = []
    for path in sorted(folder.glob("*.yaml")):
        variant = load_variant(path, rulesets)
        pages.append(
            VariantPage(
                variant=variant,
                title=fields["title"].text("title"),
                played=fields["played"].text("played"),
                sections=blocks.parse_sections(fields["sections"], variant.rules, scenarios),
            )
        )
    if not pages:
        raise ContentError(folder, None, "no variant files (content/variants/<id>.yaml)")
    return pages
