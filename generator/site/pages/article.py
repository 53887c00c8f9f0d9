"""An article: sections of blocks about one rule set (the rules page, bidding in Coinche)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...content.nodes import Source
from ...verify.claims import stated
from ..page import LoadContext, Page, PageKind, Site
from ..rendering.blocks import Section, links, parse_sections
from ..rendering.render import TERM_ANCHOR


@dataclass(frozen=True)
class Article:
    intro: str | None
    sections: tuple[Section, ...]


class ArticleKind(PageKind):
    name = "article"
    template = "article.html"
    keys = frozenset({"slug", "rules", "title", "intro", "sections"})
    required = frozenset({"slug", "rules", "title", "sections"})

    def context(self, page: Page, site: Site) -> Mapping[str, object]:
        # Its paragraphs link the first use of each glossary term to the glossary.
        return {"terms": site.term_links()}

    def draws_on(self, page: Page, pages: Sequence[Page]) -> Sequence[Page]:
        # The glossary's terms, linked from its paragraphs.
        return (page, *(other for other in pages if _offers_terms(other)))

    def check_sections(self, source: Source, sections: tuple[Section, ...]) -> None:
        """Refuse what this kind of page may not hold (an article holds any block)."""

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        rules = context.rulesets.get(given["rules"].text("rules"), given["rules"])
        sections = parse_sections(given["sections"], rules, context.blocks)
        self.check_sections(given["sections"], sections)
        intro = stated(given["intro"], rules) if "intro" in given else None
        return [
            self.titled(
                source,
                given,
                order,
                Article(intro, sections),
                rules=rules,
                examples=tuple(example for section in sections for example in section.examples),
                links=tuple(links(sections)),
            )
        ]


def _offers_terms(page: Page) -> bool:
    return any(anchor.startswith(TERM_ANCHOR) for anchor, _ in page.anchors)


KIND = ArticleKind()
