"""The glossary: every game term with its definition and where the rules explain it.

It is also the readable form of the translators' glossary: each term's name
is a message, translated with the settled word of the language, and the
French original is shown beside a name that differs from it. The terms are
listed in the language's alphabetical order (`generator/site/rendering/collation.py`),
each with an anchor `term-<id>` that the rules pages link their first use of
the term to (`generator/site/rendering/terms.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...content.errors import excerpt
from ...content.nodes import Source
from ...verify.claims import stated
from ..page import SLUG, LoadContext, Page, PageKind
from ..rendering.blocks import Link
from ..rendering.render import term_anchor


@dataclass(frozen=True)
class Term:
    id: str  # its anchor is `term-<id>`
    term: str  # a message: the term's name
    french: str  # the French original, in no catalog: it is the same in every language
    text: str  # a message: one or two sentences
    see: Link  # the page and section that explain it


@dataclass(frozen=True)
class Glossary:
    intro: str | None
    terms: tuple[Term, ...]


def _term(source: Source, seen: set[str]) -> Term:
    keys = frozenset({"id", "term", "french", "text", "see"})
    given = source.fields("a glossary term", keys, keys)
    term_id = given["id"].text("id")
    if not SLUG.fullmatch(term_id) or "/" in term_id:
        raise given["id"].error(
            f"a term id is lower-case letters, digits and dashes, not {excerpt(term_id)}"
        )
    if term_id in seen:
        raise given["id"].error(f"term {term_id} appears twice")
    seen.add(term_id)
    see = given["see"].fields("see", frozenset({"page", "section"}), frozenset({"page"}))
    section = see["section"].text("section") if "section" in see else None
    term = given["term"].text("term")
    return Term(
        term_id,
        term,
        given["french"].text("french"),
        stated(given["text"], None),
        Link(see["page"].text("page"), term, see["page"], section=section),
    )


class GlossaryKind(PageKind):
    name = "glossary"
    template = "glossary.html"
    keys = frozenset({"slug", "title", "intro", "terms"})
    required = frozenset({"slug", "title", "terms"})

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        seen: set[str] = set()
        terms = tuple(_term(item, seen) for item in given["terms"].items("terms"))
        if not terms:
            raise given["terms"].error("a glossary lists at least one term")
        intro = stated(given["intro"], None) if "intro" in given else None
        return [
            self.titled(
                source,
                given,
                order,
                Glossary(intro, terms),
                links=tuple(term.see for term in terms),
                anchors=tuple((term_anchor(term.id), term.term) for term in terms),
            )
        ]


KIND = GlossaryKind()
