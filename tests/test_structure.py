"""No element or attribute reaches a page unless the templates put it there.

Translations are text: whatever a catalog says, every language's page has
the same elements and attributes as the English page, in the same order.
Text, the values of text and address attributes, and the marks of an
incomplete translation (English fallbacks in `<span lang="en">`, the
notice) are left out of the comparison: they differ by language by design.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.html import Element, parse
from helpers.project import LANGUAGES, PAGES, shared_build

# Attributes whose value is a language's text, an address, or its own language.
LANGUAGE_VALUED = {
    "alt",
    "title",
    "content",
    "aria-label",
    "href",
    "src",
    "srcset",
    "hreflang",
    "dir",
    "data-say",  # what the page says when a card is tried: a sentence of the language
    "data-format",  # the score line with its placeholders, as the language words it
    "data-object",  # the board's name of a card as a verb's object, as the language declines it
    "data-right",  # what the score guess says when it is right, and when it is wrong
    "data-wrong",
    # A practice's phrasebook (its cards' names and pictures, drawn in the language's
    # letters) and the lines the script fills from it, as the language words them.
    "data-words",
    "data-position",
    "data-to-play",
    "data-holds",
    "data-allowed",
    "data-refused",
    "height",  # a picture with words in it is as tall as its language's words wrap
}
# The language menu marks the page's own language: a different link in each language.
# An English fallback (a text, a picture's alt) is marked with `lang` where the rest of
# the page is in its own language: the mark of an incomplete translation.
MOVING = {"aria-current", "lang"}


def _ordered(name: str, value: str) -> str:
    """An attribute's value, the glossary's term anchors aside: the terms come in the
    language's alphabetical order (tests/test_glossary.py checks each anchor)."""
    return "term-" if name == "id" and value.startswith("term-") else value


def structure(element: Element) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """Every element, in document order, with its attributes (values kept where they are markup)."""
    found: list[tuple[str, tuple[tuple[str, str], ...]]] = []

    def walk(node: Element) -> None:
        for child in node.children:
            if isinstance(child, str):
                continue
            fallback = child.tag == "span" and child.attrs.get("lang") == "en"
            notice = child.tag == "p" and "notice" in child.classes
            # Where to correct the page: a translated page also links to its catalog.
            improve = child.tag == "p" and "improve" in child.classes
            if notice or improve:
                continue
            # A glossary term's link sits where the language's words put the term (or
            # nowhere, where a paragraph declines it otherwise), and the French original
            # shows only beside a name that differs from it: both are the language's.
            if child.tag == "a" and "term" in child.classes:
                walk(child)
                continue
            if child.tag == "span" and "french" in child.classes:
                continue
            if not fallback:
                attrs = tuple(
                    sorted(
                        (name, "" if name in LANGUAGE_VALUED else _ordered(name, value))
                        for name, value in child.attrs.items()
                        if name not in MOVING
                    )
                )
                found.append((child.tag, attrs))
            walk(child)

    walk(element)
    return found


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared_build(tmp_path_factory)[1]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_has_the_english_page_s_elements(site: Path, lang: str, page: str) -> None:
    english = structure(parse(site / "en" / page / "index.html"))
    other = structure(parse(site / lang / page / "index.html"))
    for index, (mine, theirs) in enumerate(zip(english, other, strict=False)):
        assert mine == theirs, f"{lang}/{page}: element {index}: {theirs} where English has {mine}"
    assert len(english) == len(other), (
        f"{lang}/{page}: {len(other)} elements, English {len(english)}"
    )
