"""Variant cards (seed page 003): a page per `content/variants/<id>.yaml`, one structure for all."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...content.errors import ContentError, excerpt
from ...content.nodes import Source, read_yaml
from ...engine import DECK, RuleSet
from ...verify.claims import stated
from ..page import SLUG, LoadContext, Page, PageKind, slug
from ..rendering.blocks import Example, Section, links, parse_example, parse_sections


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
    # Checked examples under the variant's own rule set (show: variant-examples).
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True)
class VariantCard:
    variant: Variant
    played: str
    sections: tuple[Section, ...]


def _examples(
    given: Mapping[str, Source], rules: RuleSet, context: LoadContext
) -> tuple[Example, ...]:
    """The variant's examples, each a scenario of the variant's own rule set."""
    if "examples" not in given:
        return ()
    found = []
    for item in given["examples"].items("examples"):
        example = parse_example(item, context.blocks)
        if example.scenario.rules.id != rules.id:
            raise item.error(
                f"scenario {example.id} follows {example.scenario.rules.id}; "
                f"a variant's examples follow its own rule set, {rules.id}"
            )
        found.append(example)
    return tuple(found)


def load_variant(source: Source, variant_id: str, context: LoadContext) -> Variant:
    required = frozenset({"name", "version", "rules", "goal", "ai"})
    given = source.fields("a variant", required | {"examples"}, required)
    version = given["version"].text("version")
    if not re.fullmatch(r"\d{1,4}\.\d{1,4}\.\d{1,4}", version):
        raise given["version"].error(f"version {excerpt(version)} must look like 1.0.0")
    ai = given["ai"].fields("ai", frozenset({"intro", "levels"}), frozenset({"intro", "levels"}))
    rules = context.rulesets.get(given["rules"].text("rules"), given["rules"])
    return Variant(
        id=variant_id,
        name=given["name"].text("name"),
        version=version,
        rules=rules,
        goal=stated(given["goal"], rules),
        ai_intro=stated(ai["intro"], rules),
        ai_levels=tuple(stated(item, rules) for item in ai["levels"].items("ai.levels")),
        examples=_examples(given, rules, context),
    )


class VariantsKind(PageKind):
    name = "variants"
    template = "variant.html"
    keys = frozenset({"slug", "played", "sections"})
    required = keys

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        prefix = slug(given["slug"])
        folder = context.content / "variants"
        pages = []
        for path in context.files.walk(folder) if folder.is_dir() else []:
            if path.suffix.lower() not in (".yaml", ".yml"):
                raise ContentError(path, None, "not a variant file: variant files end in .yaml")
            if not SLUG.fullmatch(path.stem) or "/" in path.stem:
                raise ContentError(
                    path, None, f"variant file name {excerpt(path.stem)} must be a slug"
                )
            variant_source = read_yaml(path, context.files)
            if variant_source is None:
                raise ContentError(path, 1, "the file is empty")
            variant = load_variant(variant_source, path.stem, context)
            sections = parse_sections(given["sections"], variant.rules, context.blocks)
            pages.append(
                Page(
                    key=f"{prefix}/{variant.id}",
                    kind=self,
                    title=variant.name,
                    order=order,
                    source=path,
                    rules=variant.rules,
                    description=variant.goal,
                    content=VariantCard(
                        variant,
                        given["played"].text("played"),
                        sections,
                    ),
                    examples=(
                        *(e for section in sections for e in section.examples),
                        *variant.examples,
                    ),
                    links=tuple(links(sections)),
                    inputs=(source.path, path),
                )
            )
        if not pages:
            raise ContentError(folder, None, "no variant files (content/variants/<id>.yaml)")
        return pages

    def extra_figures(self, page: Page, words: Any) -> dict[str, object]:
        variant = page.content.variant
        return {
            "variant": words.gettext.gettext(variant.name),
            "version": variant.version,
            "deck_cards": words.cards_count(len(DECK)),
        }


KIND = VariantsKind()
