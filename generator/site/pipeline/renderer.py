"""The third stage: one page in one language, from its plan entry, to checked HTML.

The renderer holds what every page of a build shares (the template
environment, the pages' views) and changes no state between pages: what a
page needs beyond that (its language, the language menu, the messages it
is known to use, where its pictures go) comes in with its job.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from ...content.catalogs import SOURCE_LANGUAGE, Key, catalog_path
from ...content.errors import ContentError, excerpt
from ...engine import Position, RuleSet
from ..page import Page, neighbours, section_number
from ..pictures.store import Collector, PictureStore
from ..rendering.audit import POLICY, audit, page_policy, shipped_scripts, with_policy
from ..rendering.figures import rule_tables
from ..rendering.i18n import Gettext, Language
from ..rendering.illustrate import Illustrator
from ..rendering.render import TERM_ANCHOR, environment, install, render, section_anchor
from ..rendering.sitemap import Entry, sitemap
from ..rendering.statements import block_witnesses
from ..rendering.terms import Term, TermLinks
from ..rendering.views import LanguageView, PageView
from ..rendering.words import Words
from .cache import Cache
from .inputs import Inputs
from .plan import Job, Rendered

_ID = re.compile(r'\sid="([^"]*)"')


class CompiledTemplates(BytecodeCache):
    """Templates compiled by an earlier build, taken from the build's cache: a template
    is compiled once per version of its source (compiling them all is 0.4 s of a build).

    Named by the template's name, place and source (Jinja's key and checksum) and the
    code, which sets the sandbox the code was compiled for.
    """

    def __init__(self, cache: Cache) -> None:
        self.cache = cache

    def load_bytecode(self, bucket: Bucket) -> None:
        data = self.cache.get(self._name(bucket))
        if data is not None:
            bucket.bytecode_from_string(data)  # of another Python or Jinja: compiled again

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.cache.put(self._name(bucket), bucket.bytecode_to_string())

    @staticmethod
    def _name(bucket: Bucket) -> str:
        return Cache.name("template", bucket.key, bucket.checksum)


class Renderer:
    """Renders pages with one template environment for the build; holds no page's state."""

    def __init__(self, inputs: Inputs) -> None:
        self.inputs = inputs
        project = inputs.project
        self.env = environment(project.templates, project.files, CompiledTemplates(inputs.cache))
        self.other_rules = [r for r in inputs.rulesets.all() if not r.table_options]
        # Each anchor a page offers the others (`rules-<id>`, `term-<id>`): its page and label.
        self.anchors = {
            anchor: (page, label) for page in inputs.pages for anchor, label in page.anchors
        }
        # Where each example is shown: the comparison's rows link to them.
        self.example_pages = {
            example.scenario.id: page for page in inputs.pages for example in page.examples
        }
        self.views = {page.key: PageView.of(page) for page in inputs.pages}
        self.scripts = shipped_scripts()

    def url(self, path: str) -> str:
        return self.inputs.settings.base_url + path

    def href(self, root: str, page: Page, lang: str) -> str:
        # Links name the index file, so that the site also works opened from disk.
        return f"{root}{page.path(lang)}index.html"

    def position_href(self, root: str, lang: str) -> Callable[[Position], str | None]:
        """Where a page opens a play position (the board), if a page of the site does."""

        def href(position: Position) -> str | None:
            for page in self.inputs.pages:
                fragment = page.kind.position_fragment(position)
                if fragment is not None:
                    return f"{self.href(root, page, lang)}#{fragment}"
            return None

        return href

    def rules_href(self, root: str, lang: str) -> Callable[[RuleSet], str | None]:
        """The link of a rule set's line: its column on the comparison, if a page has one."""

        def href(rules: RuleSet) -> str | None:
            anchor = f"rules-{rules.id}"
            found = self.anchors.get(anchor)
            return None if found is None else f"{self.href(root, found[0], lang)}#{anchor}"

        return href

    def section_href(self, root: str, lang: str) -> Callable[[str, str | None], str]:
        """The link to a page, or to its section by heading (checked as the pages were read)."""
        pages = {page.key: page for page in self.inputs.pages}

        def href(key: str, heading: str | None) -> str:
            page = pages[key]
            number = section_number(page, heading) if heading is not None else None
            anchor = f"#{section_anchor(number)}" if number is not None else ""
            return self.href(root, page, lang) + anchor

        return href

    def term_links(self, root: str, gettext: Gettext) -> TermLinks:
        """The glossary's terms in the page's language, each linked to its anchor."""
        code = gettext.language.code
        return TermLinks(
            [
                Term.of(gettext.text(label), f"{self.href(root, page, code)}#{anchor}")
                for anchor, (page, label) in self.anchors.items()
                if anchor.startswith(TERM_ANCHOR)
            ]
        )

    def collated(self, gettext: Gettext) -> Callable[[Sequence[Any], str], list[Any]]:
        """Items in the alphabetical order of a message they hold, as the language sorts."""
        alphabet = self.inputs.settings.alphabet(gettext.language.code)

        def collated(items: Sequence[Any], attribute: str) -> list[Any]:
            return sorted(
                items, key=lambda item: alphabet.key(gettext.text(getattr(item, attribute)))
            )

        return collated

    def alternates(self, page: Page, menu: Sequence[Language]) -> list[dict[str, str]]:
        return [{"tag": lang.tag, "url": self.url(page.path(lang.code))} for lang in menu]

    def _link(self, root: str, page: Page | None, lang: str) -> dict[str, Any] | None:
        if page is None:
            return None
        return {"href": self.href(root, page, lang), "page": self.views[page.key]}

    def sections(self, root: str, page: Page, lang: str) -> list[dict[str, Any]]:
        """The menu: each section (pages naming it, in reading order; a page naming none
        is a section of its own), linked to its first page, with its pages."""
        found: dict[str, list[Page]] = {}
        for other in self.inputs.pages:
            if not other.is_home:
                found.setdefault(other.section or other.title, []).append(other)
        return [
            {
                "name": name,
                "href": self.href(root, members[0], lang),
                "current": page in members,
                "pages": [
                    {**(self._link(root, member, lang) or {}), "current": member is page}
                    for member in members
                ],
            }
            for name, members in found.items()
        ]

    def page_context(self, job: Job, gettext: Gettext, pictures: Collector) -> dict[str, Any]:
        """What a page's templates see: values only (generator/site/rendering/trust.py)."""
        page, language = job.page, job.language
        views = self.views
        root = "../" * page.depth()
        pages = self.inputs.pages
        site_name = self.inputs.home.title
        english = None
        if not language.is_source:
            english = Words(Gettext(self.inputs.source), self.inputs.vocabulary)
        words = Words(gettext, self.inputs.vocabulary, english)
        before, after = neighbours(pages, page)
        description = page.description or self.inputs.home.description or ""
        head_title = gettext.text(site_name)
        if not page.is_home:
            head_title = f"{gettext.text(page.title)} · {head_title}"
        code = language.code

        def example_href(scenario_id: str) -> str | None:
            found = self.example_pages.get(scenario_id)
            return None if found is None else f"{self.href(root, found, code)}#{scenario_id}"

        context: dict[str, Any] = {
            "page": views[page.key],
            "content": page.content,
            "site": {"name": site_name},
            "language": LanguageView.of(language),
            "root": root,
            "home": self.href(root, self.inputs.home, code),
            "head_title": head_title,
            "description": gettext.text(description),
            "canonical": self.url(page.path(code)),
            "alternates": self.alternates(page, job.menu),
            "x_default": self.url(page.path(SOURCE_LANGUAGE)),
            "links": {other.key: self.href(root, other, code) for other in pages},
            "page_titles": {other.key: other.title for other in pages},
            "page_links": [
                {**(self._link(root, other, code) or {}), "current": other is page}
                for other in pages
                if not other.is_home
            ],
            "sections": self.sections(root, page, code),
            "previous": self._link(root, before, code),
            "next": self._link(root, after, code),
            # The advertised languages only: a language still being translated is not
            # offered, even on its own pages.
            "switcher": [
                {
                    "href": self.href(root, page, other.code),
                    "tag": other.tag,
                    "name": other.own_name,
                    "current": other is language,
                }
                for other in job.menu
            ],
            "improve": self.improve_links(page, language),
            "words": words,
            "pictures": Illustrator(
                pictures, words, four_colour=self.inputs.settings.four_colour_deck
            ),
            "rules": page.rules,
            "four_colour": self.inputs.settings.four_colour_deck,
            "figures": {},
            # The books' and the house's rule sets, for the examples' "under other rules"
            # lines; a table's options are for the comparison page.
            "other_rules": self.other_rules,
            "rules_href": self.rules_href(root, code),
            "example_href": example_href,
            # Where each block's stated option values are shown at work ("see it worked"),
            # one link per value, each named by the example's title.
            "worked": lambda block: (
                [
                    (example_href(one), self.example_title(one))
                    for one in block_witnesses(block, page.rules, self.inputs.coverage)
                ]
                if page.rules is not None
                else []
            ),
            "section_href": self.section_href(root, code),
            "position_href": self.position_href(root, code),
            "terms": TermLinks(),
            "collated": self.collated(gettext),
            "page_script": None,
            # A page that runs the engine loads its Worker's script (static/engine.js).
            "engine": page.kind.runtime,
            # A page with cards to try loads the script that shows their verdicts.
            "scripted": any(example.checked.kind.interactive for example in page.examples),
        }
        context.update(page.kind.context(page, _Site(self, root, gettext)))
        if page.rules is not None:
            context["figures"] = words.figures(page.rules, **page.kind.extra_figures(page, words))
            context["tables"] = rule_tables(page.rules)
        return context

    def example_title(self, scenario_id: str) -> str:
        """The title (an English message) of the example a page shows for the scenario."""
        shown = self.example_pages[scenario_id].examples
        return next(example.title for example in shown if example.id == scenario_id)

    def render(self, job: Job, pictures: PictureStore) -> Rendered:
        """The job's page, checked; the pictures it names drawn into the store afterwards."""
        collector = Collector()
        html, used = self.html(job, collector)
        shown, drawn = pictures.take(collector)
        return Rendered(job.path, html, used, shown, drawn)

    def html(self, job: Job, collector: Collector) -> tuple[str, frozenset[Key]]:
        """The page's HTML, audited, and the catalog messages it looked up."""
        page, language = job.page, job.language
        gettext = Gettext(language)
        install(self.env, gettext)
        context = self.page_context(job, gettext, collector)
        what = f"page {page.key or 'home'} in {language.code}"
        templates = self.inputs.project.templates
        # Whether the page says its translation is incomplete: known beforehand from the
        # messages it uses, or found out by rendering it once and, if so, again.
        used, translated = job.used, language.translated
        incomplete = bool(used - translated) if used and translated else False
        html = render(
            self.env, page.kind.template, {**context, "incomplete": incomplete}, templates, what
        )
        if gettext.missed and not incomplete:
            html = render(
                self.env,
                page.kind.template,
                {**context, "incomplete": True, "terms": context["terms"].fresh()},
                templates,
                what,
            )
        policy = page_policy(page.kind.runtime)
        html = self.audited(with_policy(html, policy), page.kind.template, what, policy)
        check_html(html, page, what)
        return html, frozenset(gettext.used)

    def root_page(self, menu: Sequence[Language]) -> str:
        """The site's own index: it sends a browser on to the page in its language."""
        source = self.inputs.source
        gettext = Gettext(source)
        install(self.env, gettext)
        home = self.inputs.home
        context = {
            "site": {"name": home.title},
            "root": "",
            "head_title": gettext.text(home.title),
            "language": LanguageView.of(source),
            "description": gettext.text(home.description or ""),
            "canonical": self.url(""),
            "alternates": self.alternates(home, menu),
            "x_default": self.url(""),
            "scripted": False,
            "switcher": [
                {"href": self.href("", home, lang.code), "tag": lang.tag, "name": lang.own_name}
                for lang in menu
            ],
        }
        html = render(
            self.env, "root_index.html", context, self.inputs.project.templates, "the root page"
        )
        return self.audited(with_policy(html), "root_index.html", "the root page")

    def improve_links(self, page: Page, language: Language) -> dict[str, str] | None:
        """Where a reader corrects the page: its content file and, translated, its catalog."""
        files_at = self.inputs.settings.source_files
        if files_at is None:
            return None
        root = self.inputs.project.root.resolve()
        files = {"text": page.source}
        if not language.is_source:
            files["catalog"] = catalog_path(self.inputs.project.locales, language.code)
        # A content folder given from elsewhere (build --content) is no file of the repository.
        return {
            name: files_at + path.resolve().relative_to(root).as_posix()
            for name, path in files.items()
            if path.resolve().is_relative_to(root)
        }

    def not_found_page(self, menu: Sequence[Language]) -> str:
        """The page a host serves for an address the site does not have (404.html).

        It cannot know its reader's language, nor where it is served from: it says
        so in every advertised language, each linking home by its full address.
        """
        source = self.inputs.source
        english = Gettext(source)
        install(self.env, english)
        home = self.inputs.home
        title = english.gettext("Page not found", mark=False).striptags()
        entries = []
        for lang in menu:
            own = Gettext(lang)
            entries.append(
                {
                    "tag": lang.tag,
                    "direction": lang.direction,
                    "name": lang.own_name,
                    "title": own.gettext("Page not found", mark=False).striptags(),
                    "text": own.gettext(
                        "This address leads to no page of the site.", mark=False
                    ).striptags(),
                    "home": own.gettext("Go to the home page", mark=False).striptags(),
                    "href": self.url(home.path(lang.code)) + "index.html",
                }
            )
        context = {
            "site": {"name": home.title},
            # Served at any depth: what it loads is named from the host's root (a full
            # address would be another host's to the audit, which cannot know base_url is ours).
            "root": urlsplit(self.inputs.settings.base_url).path,
            # Where it sends the reader: the site's full address (a link may leave; a load not).
            "home_url": self.inputs.settings.base_url,
            "head_title": f"{title} · {english.text(home.title)}",
            "language": LanguageView.of(source),
            "description": english.text(home.description or ""),
            "canonical": self.url("404.html"),
            "alternates": [],
            "x_default": self.url(""),
            "scripted": False,
            "entries": entries,
        }
        templates = self.inputs.project.templates
        html = render(self.env, "not_found.html", context, templates, "the not-found page")
        return self.audited(with_policy(html), "not_found.html", "the not-found page")

    def sitemap(self, menu: Sequence[Language]) -> str:
        return sitemap(
            [
                Entry(
                    self.url(page.path(lang.code)),
                    tuple((other.tag, self.url(page.path(other.code))) for other in menu),
                    self.url(page.path(SOURCE_LANGUAGE)),
                )
                for page in self.inputs.pages
                for lang in menu
            ]
        )

    def audited(self, html: str, template: str, what: str, policy: str = POLICY) -> str:
        """The page, if it holds nothing the site never makes (rendering/audit.py)."""
        problem = audit(html, self.scripts, policy)
        if problem:
            raise ContentError(
                self.inputs.project.templates / template, None, f"{what} {problem}: refused"
            )
        return html


def check_html(html: str, page: Page, what: str) -> None:
    """What a page must never contain, whatever its inputs: a NUL, an id given twice."""
    if "\x00" in html:
        raise ContentError(page.source, None, f"{what} would contain a NUL character")
    seen: set[str] = set()
    for match in _ID.finditer(html):
        anchor = match.group(1)
        if anchor in seen:
            example = next((e for e in page.examples if e.id == anchor), None)
            if example is not None:
                raise ContentError(
                    example.scenario.path,
                    example.scenario.line,
                    f"scenario id {anchor!r} is also an anchor of {what}: choose another id",
                    anchor,
                )
            raise ContentError(page.source, None, f"{what} has the id {excerpt(anchor)} twice")
        seen.add(anchor)


@dataclass(frozen=True)
class _Site:
    """The site as a kind's `context` sees it, in the language being rendered."""

    renderer: Renderer
    root: str
    gettext: Gettext

    def term_links(self) -> TermLinks:
        return self.renderer.term_links(self.root, self.gettext)
