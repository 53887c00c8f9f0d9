"""Reading built pages with the standard library's HTML parser."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}  # fmt: skip


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    parent: Element | None
    children: list[Element | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def lang(self) -> str | None:
        """The language in force here: the nearest lang attribute, this element's or above."""
        node: Element | None = self
        while node is not None:
            if "lang" in node.attrs:
                return node.attrs["lang"]
            node = node.parent
        return None

    def iter(self) -> list[Element]:
        found = [self]
        for child in self.children:
            if isinstance(child, Element):
                found += child.iter()
        return found

    def find_all(self, tag: str, **attrs: str) -> list[Element]:
        """Elements by tag; `class_` matches one class, other keywords whole attributes."""
        found = []
        for element in self.iter():
            if element.tag != tag:
                continue
            wanted = dict(attrs)
            klass = wanted.pop("class_", None)
            if klass is not None and klass not in element.classes:
                continue
            if all(element.attrs.get(k.replace("_", "-")) == v for k, v in wanted.items()):
                found.append(element)
        return found

    def text(self, *, images: bool = False) -> str:
        """The text inside, whitespace collapsed; with `images`, each picture as its alt text."""
        return collapse("".join(self._pieces(images)))

    def _pieces(self, images: bool) -> list[str]:
        pieces = []
        for child in self.children:
            if isinstance(child, str):
                pieces.append(child)
            elif child.tag == "img" and images:
                pieces.append(child.attrs.get("alt", ""))
            elif child.tag not in ("script", "style"):
                pieces += child._pieces(images)
        return pieces

    def text_nodes(self) -> list[tuple[str, Element]]:
        """Each non-blank text piece with the element that holds it."""
        found: list[tuple[str, Element]] = []
        for child in self.children:
            if isinstance(child, str):
                if child.strip():
                    found.append((collapse(child), self))
            else:
                found += child.text_nodes()
        return found


def collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {}, None)
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs}, self.current)
        self.current.children.append(element)
        if tag not in VOID:
            self.current = element

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.current.children.append(Element(tag, {k: v or "" for k, v in attrs}, self.current))

    def handle_endtag(self, tag: str) -> None:
        node: Element | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse(source: str | Path) -> Element:
    text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
    builder = _Builder()
    builder.feed(text)
    builder.close()
    return builder.root


def visible_text(source: str | Path) -> str:
    """A page's body text: tags stripped, entities decoded, whitespace collapsed."""
    page = parse(source)
    bodies = page.find_all("body")
    return (bodies[0] if bodies else page).text()


def strip_tags(markup: str) -> str:
    return collapse(html.unescape(re.sub(r"<[^>]*>", " ", markup)))
