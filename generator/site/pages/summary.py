"""A printable summary of one rule set: its tables and its rules on one A4 page.

The same blocks as an article (`generator/site/blocks.py`), so that every
table is drawn from the rule set and every paragraph that states an option
value is the statement an article makes, shown at work by the examples of
the pages it links to. A summary shows no examples itself: it is the page a
table keeps on paper, and its print style fits it on one sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...content.nodes import Source
from ..blocks import Example, Section, links, parse_sections
from ..page import LoadContext, Page, PageKind, slug


@dataclass(frozen=True)
class Summary:
    intro: str | None
    sections: tuple[Section, ...]


class SummaryKind(PageKind):
    name = "summary"
    template = "summary.html"
    keys = frozenset({"slug", "rules", "title", "intro", "sections"})
    required = frozenset({"slug", "rules", "title", "sections"})

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        rules = context.rulesets.get(given["rules"].text("rules"), given["rules"])
        sections = parse_sections(given["sections"], rules, context.blocks)
        for item, section in zip(given["sections"].items("sections"), sections, strict=True):
            if any(isinstance(block, Example) for block in section.blocks):
                raise item.error(
                    "a summary shows no examples (it is printed on one page): "
                    "link to the page that shows them"
                )
        intro = given["intro"].text("intro") if "intro" in given else None
        return [
            Page(
                key=slug(given["slug"]),
                kind=self,
                title=given["title"].text("title"),
                order=order,
                source=source.path,
                rules=rules,
                description=intro,
                content=Summary(intro, sections),
                links=tuple(links(sections)),
                inputs=(source.path,),
            )
        ]


KIND = SummaryKind()
