"""A printable summary of one rule set: its tables and its rules on one A4 page.

The same blocks as an article (`generator/site/rendering/blocks.py`), so that every
table is drawn from the rule set and every paragraph that states an option
value is the statement an article makes, shown at work by the examples of
the pages it links to. A summary shows no examples itself: it is the page a
table keeps on paper, and its print style fits it on one sheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...content.nodes import Source
from ..page import Page, Site
from ..rendering.blocks import Example, Section
from .article import ArticleKind


class SummaryKind(ArticleKind):
    """An article of tables and rules without examples, read as an article is."""

    name = "summary"
    template = "summary.html"

    def context(self, page: Page, site: Site) -> Mapping[str, object]:
        return {}  # printed: no links to the glossary

    def draws_on(self, page: Page, pages: Sequence[Page]) -> Sequence[Page]:
        return (page,)

    def check_sections(self, source: Source, sections: tuple[Section, ...]) -> None:
        for item, section in zip(source.items("sections"), sections, strict=True):
            if any(isinstance(block, Example) for block in section.blocks):
                raise item.error(
                    "a summary shows no examples (it is printed on one page): "
                    "link to the page that shows them"
                )


KIND = SummaryKind()
