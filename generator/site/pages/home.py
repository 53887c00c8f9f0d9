"""The language's home page: the site's name, a word of welcome, where to start, every page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...content.nodes import Source
from ..page import LoadContext, Page, PageKind
from ..rendering.blocks import Link


@dataclass(frozen=True)
class Home:
    intro: str  # a message
    # Where a newcomer begins, one link per game ("I play Coinche"): every page is listed
    # below them, and the first in reading order is not every reader's start.
    start: tuple[Link, ...]


def link_of(source: Source) -> Link:
    """A link a page file writes as `{link: <page>, text: <message>}`."""
    given = source.fields("a start link", frozenset({"link", "text"}), frozenset({"link", "text"}))
    return Link(given["link"].text("link"), given["text"].text("text"), given["link"])


class HomeKind(PageKind):
    name = "home"
    template = "language_index.html"
    keys = frozenset({"title", "intro", "start"})
    required = frozenset({"title", "intro"})

    def draws_on(self, page: Page, pages: Sequence[Page]) -> Sequence[Page]:
        return pages  # a card for every page, with its first example

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        starts = given["start"].items("start") if "start" in given else iter(())
        start = tuple(link_of(item) for item in starts)
        return [
            Page(
                key="",
                kind=self,
                title=given["title"].text("title"),
                order=order,
                source=source.path,
                description=given["intro"].text("intro"),
                content=Home(given["intro"].text("intro"), start),
                links=start,
                inputs=(source.path,),
            )
        ]


KIND = HomeKind()
