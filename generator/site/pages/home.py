"""The language's home page: the site's name, a word of welcome, and every page introduced."""

from __future__ import annotations

from collections.abc import Mapping

from ...content.nodes import Source
from ..page import LoadContext, Page, PageKind


class HomeKind(PageKind):
    name = "home"
    template = "language_index.html"
    keys = frozenset({"title", "intro"})
    required = frozenset({"title", "intro"})
    shows_other_pages = True

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        return [
            Page(
                key="",
                kind=self,
                title=given["title"].text("title"),
                order=order,
                source=source.path,
                description=given["intro"].text("intro"),
                content=given["intro"].text("intro"),
                inputs=(source.path,),
            )
        ]


KIND = HomeKind()
