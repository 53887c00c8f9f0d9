"""The "Which card may I play?" page (seed pages 000 and 002): obligations, then play examples."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...content.nodes import Source
from ...verify.claims import stated
from ..page import LoadContext, Page, PageKind
from ..rendering.blocks import Example, parse_example


@dataclass(frozen=True)
class Section:
    heading: str
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class LegalCards:
    summary: tuple[str, ...]
    intro: str
    sections: tuple[Section, ...]


class LegalCardsKind(PageKind):
    name = "legal-cards"
    template = "legal_cards.html"
    keys = frozenset({"slug", "title", "summary", "intro", "sections"})
    required = keys

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        sections = []
        for item in given["sections"].items("sections"):
            section = item.fields(
                "a section", frozenset({"heading", "examples"}), frozenset({"heading", "examples"})
            )
            examples = tuple(
                parse_example(example, context.blocks, kinds={"play"})
                for example in section["examples"].items("examples")
            )
            sections.append(Section(stated(section["heading"], None), examples))
        content = LegalCards(
            summary=tuple(stated(item, None) for item in given["summary"].items("summary")),
            intro=stated(given["intro"], None),
            sections=tuple(sections),
        )
        examples = tuple(example for section in sections for example in section.examples)
        return [self.titled(source, given, order, content, examples=examples)]


KIND = LegalCardsKind()
