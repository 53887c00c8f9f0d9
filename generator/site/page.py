"""Pages and the registry of page kinds.

Every file of `content/pages/` is one page (or, for a kind like `variants`,
one page per item it lists) and says its `kind:`; pages are discovered,
never listed. A kind is one module of `generator/site/pages/` defining
`KIND`: how its file is read and which template draws it. Navigation, the
home page's list and the tests' page list all come from what is discovered.
"""

from __future__ import annotations

import dataclasses
import os
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar

from ..content.errors import ContentError, excerpt
from ..content.files import InputFiles
from ..content.nodes import Source, read_yaml
from ..content.rulesets import RuleSets
from ..engine import Position, RuleSet
from ..verify import Checked
from ..verify.claims import stated
from ..verify.kind import modules_kinds
from .pipeline.cache import Cache
from .pipeline.records import dumps, loads, rules_digest
from .rendering.blocks import Context, Example, Link

SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)*")
# Keys every page file may have, whatever its kind: its place in the reading order, the
# section of the site's menu it belongs to (a message: pages naming the same section are
# listed under it), and the summary the home page and search engines show (a message;
# by default the kind's own, often the page's introduction).
PAGE_KEYS = frozenset({"kind", "order", "section", "description"})


@dataclass(frozen=True)
class Page:
    """One page every language has."""

    key: str  # unique, and the page's place below the language's folder ("" for home)
    kind: PageKind
    title: str  # a message
    order: int
    source: Path
    rules: RuleSet | None = None
    description: str | None = None  # a message: the page's summary
    content: Any = None  # what the kind read (sections, summary, variant...)
    examples: tuple[Example, ...] = ()
    links: tuple[Link, ...] = ()
    # The files this page is built from, beside the templates and catalogs.
    inputs: tuple[Path, ...] = ()
    # The anchors it offers every other page's links (`rules-<id>`, `term-<id>`), each
    # with what it is known by (a rule set's id, a term's message).
    anchors: tuple[tuple[str, str], ...] = ()
    section: str | None = None  # a message: the menu's section it is listed under

    @property
    def is_home(self) -> bool:
        return not self.key

    def path(self, lang: str) -> str:
        """The page's folder below the site's root, with a trailing slash."""
        return f"{lang}/{self.key}/" if self.key else f"{lang}/"

    def depth(self) -> int:
        return self.key.count("/") + 2 if self.key else 1


T = TypeVar("T")


class Site(Protocol):
    """What a kind's `context` may ask of the site, in the language being rendered."""

    def term_links(self) -> object:
        """The glossary's terms, each linked to its anchor (`terms.link(text)`)."""
        ...


@dataclass(frozen=True)
class LoadContext:
    """What a page file is read against."""

    rulesets: RuleSets
    blocks: Context
    files: InputFiles
    content: Path  # the content folder
    # Where what pages draw from the engine is kept between builds (none: drawn every time).
    cache: Cache = field(default_factory=Cache, compare=False)

    def keep(self, what: str, draw: Callable[[], T]) -> T:
        """What a page draws from the engine (`what`: its seeds, its rule set's id), kept
        under the name of `what` and the rule-set files' bytes."""
        name = Cache.name("drawn", rules_digest(self.rulesets), what)
        found: T = self.cache.memo(name, draw, dumps, partial(loads, rulesets=self.rulesets))
        return found

    @property
    def checked(self) -> Mapping[str, Checked]:
        return self.blocks.checked


class PageKind(ABC):
    """One kind of page: the keys of its file, how it is read, the template that draws it."""

    name: ClassVar[str]
    template: ClassVar[str]
    keys: ClassVar[frozenset[str]] = frozenset()
    required: ClassVar[frozenset[str]] = frozenset()
    # Whether its pages run the engine in the browser: they load the Python runtime and
    # their policy allows its WebAssembly (audit.RUNTIME_POLICY); no other page does.
    runtime: ClassVar[bool] = False

    def read(self, source: Source, context: LoadContext) -> list[Page]:
        given = source.fields(f"a {self.name} page", PAGE_KEYS | self.keys, self.required)
        order = given["order"].integer("order", 0, 10_000) if "order" in given else 100
        pages = self.load(source, given, order, context)
        section = given["section"].text("section") if "section" in given else None
        description = (
            stated(given["description"], pages[0].rules if pages else None)
            if "description" in given
            else None
        )
        return [
            dataclasses.replace(page, section=section, description=description or page.description)
            for page in pages
        ]

    @abstractmethod
    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        """The pages of this file."""

    def titled(
        self, source: Source, given: Mapping[str, Source], order: int, content: Any, **fields: Any
    ) -> Page:
        """The page of a file that names its slug and title, described by its content's
        introduction, made from that file alone unless `inputs` says more."""
        fields.setdefault("inputs", (source.path,))
        return Page(
            key=slug(given["slug"]),
            kind=self,
            title=stated(given["title"], fields.get("rules")),
            order=order,
            source=source.path,
            description=content.intro,
            content=content,
            **fields,
        )

    def context(self, page: Page, site: Site) -> Mapping[str, object]:
        """What its pages' templates see beyond every page's: a script of its own
        (`page_script`, one of generator/site/assets/), the card-trying script whatever
        its examples (`scripted`), the glossary's links in its paragraphs (`terms`)."""
        return {}

    def draws_on(self, page: Page, pages: Sequence[Page]) -> Sequence[Page]:
        """The pages whose files and examples enter this page's key: its own (and those
        it links to by section, in its inputs already); the home page's, every page."""
        return (page,)

    def position_fragment(self, position: Position) -> str | None:
        """Where its pages open a play position (the board's address fragment), or None:
        every play example links there."""
        return None

    def extra_figures(self, page: Page, words: Any) -> dict[str, object]:
        """Figures this kind's texts may name beyond the rule set's (`%(variant)s`)."""
        return {}


def slug(source: Source) -> str:
    value = source.text("slug")
    if not SLUG.fullmatch(value):
        raise source.error(f"slug {excerpt(value)} must be lower-case letters, digits and dashes")
    return value


@cache
def page_kinds() -> Mapping[str, PageKind]:
    """Every kind of `generator/site/pages/`, by name, found by importing its modules."""
    kinds = modules_kinds(f"{__package__}.pages")
    return {kind.name: kind for kind in kinds if isinstance(kind, PageKind)}


def discover_pages(context: LoadContext) -> list[Page]:
    """Every page of `content/pages/`, in their order, keys unique, links resolved."""
    folder = context.content / "pages"
    kinds = page_kinds()
    pages: list[Page] = []
    if not folder.is_dir():
        raise ContentError(folder, None, "no pages folder (content/pages/<page>.yaml)")
    for path in context.files.walk(folder):
        if path.suffix.lower() not in (".yaml", ".yml"):
            raise ContentError(path, None, "not a page file: page files end in .yaml or .yml")
        pages += _read_kept(path, kinds, context)
    pages.sort(key=lambda page: (page.order, page.key))
    seen: dict[str, Page] = {}
    for page in pages:
        if page.key in seen:
            raise ContentError(
                page.source,
                None,
                f"page {page.key or 'home'!r} is also made by {seen[page.key].source}",
            )
        seen[page.key] = page
    if "" not in seen:
        raise ContentError(folder, None, "no home page (a page of kind: home)")
    for page in pages:
        for link in page.links:
            if link.page not in seen:
                known = ", ".join(key for key in seen if key)
                raise link.source.error(f"no page {excerpt(link.page)} to link to (pages: {known})")
            if link.section is not None and section_number(seen[link.page], link.section) is None:
                headings = "; ".join(heading for heading in page_headings(seen[link.page]))
                raise link.source.error(
                    f"page {link.page} has no section {excerpt(link.section)} "
                    f"(its headings: {headings or 'none'})"
                )
    return [_with_inputs_of_others(page, pages, seen) for page in pages]


def _read(path: Path, kinds: Mapping[str, PageKind], context: LoadContext) -> list[Page]:
    source = read_yaml(path, context.files)
    if source is None:
        raise ContentError(path, 1, "the file is empty")
    kind_source = source.get("kind")
    if kind_source is None:
        raise source.error(f"a page says its kind ({' | '.join(kinds)})")
    name = kind_source.text("kind")
    if name not in kinds:
        raise kind_source.error(f"unknown page kind {excerpt(name)} ({' | '.join(kinds)})")
    return kinds[name].read(source, context)


def _read_kept(path: Path, kinds: Mapping[str, PageKind], context: LoadContext) -> list[Page]:
    """The pages of one file; a resident process (`serve --watch`) reads a file again only
    when its bytes, a scenario it asked for or another file it read has changed."""
    cache = context.cache
    if cache.resident is None:
        return _read(path, kinds, context)
    name = Cache.name(
        "pages read",
        os.fsencode(path),
        context.files.read_bytes(path),
        str(id(context.rulesets)),  # the build's rule sets, kept while they are unchanged
        *sorted(context.blocks.shows),
    )
    kept = cache.remembered(name)
    if isinstance(kept, _PagesRead) and kept.current(context):
        return list(kept.pages)
    asked = _Asked(context.checked)
    blocks = dataclasses.replace(context.blocks, checked=asked)
    pages = _read(path, kinds, dataclasses.replace(context, blocks=blocks))
    others = {each for page in pages for each in page.inputs if each != path}
    read = {each: _bytes_of(each, context.files) for each in sorted(others)}
    cache.remember(name, _PagesRead(tuple(pages), asked.answers(), read))
    return pages


class _Asked(Mapping[str, Checked]):
    """The build's scenarios, noting which ones a page file asked for."""

    def __init__(self, checked: Mapping[str, Checked]) -> None:
        self.checked = checked
        self.asked: dict[str, Checked | None] = {}
        self.everything = False

    def __getitem__(self, key: str) -> Checked:
        self.asked[key] = self.checked.get(key)
        return self.checked[key]

    def __iter__(self) -> Iterator[str]:
        self.everything = True
        return iter(self.checked)

    def __len__(self) -> int:
        self.everything = True
        return len(self.checked)

    def answers(self) -> dict[str, Checked | None]:
        return dict(self.checked) if self.everything else dict(self.asked)


@dataclass(frozen=True)
class _PagesRead:
    pages: tuple[Page, ...]
    # The scenarios asked for, as they were (the very objects: a resident build keeps an
    # unchanged scenario file's), and the bytes of the other files read.
    asked: Mapping[str, Checked | None]
    read: Mapping[Path, bytes]

    def current(self, context: LoadContext) -> bool:
        checked = context.checked
        return all(checked.get(key) is was for key, was in self.asked.items()) and all(
            _bytes_of(path, context.files) == data for path, data in self.read.items()
        )


def _bytes_of(path: Path, files: InputFiles) -> bytes:
    """A file's bytes; a folder's files' names and bytes."""
    if not path.is_dir():
        return files.read_bytes(path)
    found = sorted(path.rglob("*.y*ml"))
    return b"".join(
        bytes(each.relative_to(path)) + b"\0" + files.read_bytes(each) for each in found
    )


def _with_inputs_of_others(page: Page, pages: Sequence[Page], by_key: Mapping[str, Page]) -> Page:
    """The page with the files of the pages it links to by section: a link to a section
    numbers it from that page's headings."""
    others = [by_key[link.page] for link in page.links if link.section is not None]
    extra = [path for other in others for path in other.inputs if path not in page.inputs]
    if not extra:
        return page
    return dataclasses.replace(page, inputs=(*page.inputs, *dict.fromkeys(extra)))


def page_headings(page: Page) -> list[str]:
    """The headings of a page's numbered sections, in order (none for a page without)."""
    sections = getattr(page.content, "sections", None) or ()
    return [section.heading for section in sections]


def section_number(page: Page, heading: str) -> int | None:
    """The number of the page's section with this heading (1 for the first), if any."""
    headings = page_headings(page)
    return headings.index(heading) + 1 if heading in headings else None


def neighbours(pages: Sequence[Page], page: Page) -> tuple[Page | None, Page | None]:
    """The pages before and after `page` in reading order (home aside: none before it,
    the first page after it)."""
    reading: list[Page | None] = [None, *(p for p in pages if not p.is_home), None]
    index = reading.index(page) if page in reading else 0  # home's [-1] is the closing None
    return reading[index - 1], reading[index + 1]
