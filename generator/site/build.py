"""Building the site: read and verify everything once, render every page, swap the folder in.

`check` runs the same steps without writing, so whatever would stop a build
stops the check first, with the same line.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment

from ..content.catalogs import (
    SOURCE_LANGUAGE,
    Key,
    Problem,
    catalog_path,
    check_messages,
    discover_languages,
    locale_of,
    read_catalog_file,
)
from ..content.errors import ContentError, excerpt
from ..content.files import InputFiles
from ..content.rulesets import RuleSets
from ..verify import Checked, Mismatch, by_id, check_all
from .blocks import Context
from .figures import rule_tables
from .i18n import Gettext, Language
from .illustrate import Illustrator
from .output import Output, copy_static
from .page import LoadContext, Page, discover_pages, neighbours
from .pictures.store import PictureStore
from .render import environment, install, render
from .settings import SiteSettings, load_settings
from .vocabulary import Vocabulary, load_vocabulary
from .words import Words

_ID = re.compile(r'\sid="([^"]*)"')


@dataclass(frozen=True)
class Project:
    """Where a project keeps its inputs."""

    root: Path
    content_folder: Path | None = None

    @property
    def content(self) -> Path:
        return self.content_folder or self.root / "content"

    @property
    def templates(self) -> Path:
        return self.root / "templates"

    @property
    def locales(self) -> Path:
        return self.root / "locales"

    @property
    def cache(self) -> Path:
        """Pictures already drawn, kept between builds (not committed, safe to delete)."""
        return self.root / ".cache"

    @property
    def default_out(self) -> Path:
        return self.root / "site"

    @property
    def files(self) -> InputFiles:
        return InputFiles.of(self.root, self.content)

    def inputs(self) -> tuple[Path, ...]:
        return (self.content, self.templates, self.locales)


class Problems(Exception):
    """Several problems found at once (mismatches, broken translations), each one line."""

    def __init__(self, problems: list[Mismatch | Problem]) -> None:
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems

    @property
    def exit_code(self) -> int:
        return max(problem.exit_code for problem in self.problems)


@dataclass
class Inputs:
    """Everything a build reads, each read and checked once."""

    project: Project
    settings: SiteSettings
    vocabulary: Vocabulary
    rulesets: RuleSets
    checked: list[Checked]
    pages: list[Page]
    languages: list[Language]

    @property
    def home(self) -> Page:
        return self.pages[0]


def shows(templates: Path) -> list[str]:
    """The tables `show:` blocks can draw: one template `show_<name>.html` each."""
    return sorted(
        path.stem.removeprefix("show_")
        for path in templates.glob("show_*.html")
        if path.is_file() or path.is_symlink()
    )


def load_languages(project: Project, settings: SiteSettings | None = None) -> list[Language]:
    """English, then every catalog's language; a broken translation stops the build."""
    files = project.files
    settings = settings or SiteSettings("")
    languages = [
        Language.source(locale_of(SOURCE_LANGUAGE, project.locales), settings.grouping("en"))
    ]
    problems: list[Mismatch | Problem] = []
    for lang in discover_languages(project.locales)[1:]:
        file = read_catalog_file(catalog_path(project.locales, lang), lang, files)
        problems += check_messages(file)
        languages.append(Language.of(file, lang, settings.grouping(lang)))
    if problems:
        raise Problems(problems)
    return languages


def load_inputs(project: Project) -> Inputs:
    """Read and check everything, verifying each scenario once; raise on bad input or mismatch."""
    files = project.files
    settings = load_settings(project.content / "site.yaml", files)
    rulesets = RuleSets(project.content / "rulesets", files)
    for ruleset_id in rulesets.available():
        rulesets.find(ruleset_id)  # every rule set is checked, used or not
    checked = check_all([project.content], rulesets, files)
    mismatches: list[Mismatch | Problem] = [m for c in checked for m in c.mismatches]
    if mismatches:
        raise Problems(mismatches)
    vocabulary = load_vocabulary(project.content / "vocabulary.yaml", files)
    context = LoadContext(
        rulesets, Context(by_id(checked), shows(project.templates)), files, project.content
    )
    pages = discover_pages(context)
    languages = load_languages(project, settings)
    return Inputs(project, settings, vocabulary, rulesets, checked, pages, languages)


@dataclass
class Rendered:
    """A page as rendered in one language."""

    path: str  # below the site's root
    html: str
    gettext: Gettext


@dataclass
class Renderer:
    """Renders every page of every language, with one template environment for the build."""

    inputs: Inputs
    pictures: PictureStore
    env: Environment = field(init=False)
    advertised: list[Language] = field(default_factory=list)

    def __post_init__(self) -> None:
        project = self.inputs.project
        self.env = environment(project.templates, project.files)
        self.advertised = list(self.inputs.languages)

    @property
    def settings(self) -> SiteSettings:
        return self.inputs.settings

    def url(self, path: str) -> str:
        return self.settings.base_url + path

    def href(self, root: str, page: Page, lang: str) -> str:
        # Links name the index file, so that the site also works opened from disk.
        return f"{root}{page.path(lang)}index.html"

    def alternates(self, page: Page) -> list[dict[str, str]]:
        return [
            {"tag": lang.tag, "url": self.url(page.path(lang.code))} for lang in self.advertised
        ]

    def page_context(self, page: Page, language: Language, gettext: Gettext) -> dict[str, Any]:
        root = "../" * page.depth()
        pages = self.inputs.pages
        site_name = self.inputs.home.title
        english = None
        if not language.is_source:
            english = Words(Gettext(self.inputs.languages[0]), self.inputs.vocabulary)
        words = Words(gettext, self.inputs.vocabulary, english)
        before, after = neighbours(pages, page)
        description = page.description or self.inputs.home.description or ""
        head_title = gettext.text(site_name)
        if not page.is_home:
            head_title = f"{gettext.text(page.title)} · {head_title}"
        shown = [lang for lang in self.advertised] or [language]
        if language not in shown:
            shown.append(language)
        context: dict[str, Any] = {
            "page": page,
            "content": page.content,
            "site": {"name": site_name},
            "language": language,
            "root": root,
            "home": self.href(root, self.inputs.home, language.code),
            "head_title": head_title,
            "description": gettext.text(description),
            "canonical": self.url(page.path(language.code)),
            "alternates": self.alternates(page),
            "x_default": self.url(page.path(SOURCE_LANGUAGE)),
            "links": {other.key: self.href(root, other, language.code) for other in pages},
            "page_links": [
                {
                    "href": self.href(root, other, language.code),
                    "page": other,
                    "current": other is page,
                }
                for other in pages
                if not other.is_home
            ],
            "previous": {"href": self.href(root, before, language.code), "page": before}
            if before
            else None,
            "next": {"href": self.href(root, after, language.code), "page": after}
            if after
            else None,
            "switcher": [
                {
                    "href": self.href(root, page, other.code),
                    "tag": other.tag,
                    "name": other.own_name,
                    "current": other is language,
                }
                for other in shown
            ],
            "words": words,
            "pictures": Illustrator(self.pictures, words),
            "rules": page.rules,
            "figures": {},
        }
        if page.rules is not None:
            context["figures"] = words.figures(page.rules, **page.kind.extra_figures(page, words))
            context["tables"] = rule_tables(page.rules)
        return context

    def render_page(self, page: Page, language: Language) -> Rendered:
        gettext = Gettext(language)
        install(self.env, gettext)
        context = self.page_context(page, language, gettext)
        what = f"page {page.key or 'home'} in {language.code}"
        templates = self.inputs.project.templates
        html = render(
            self.env, page.kind.template, {**context, "incomplete": False}, templates, what
        )
        if gettext.missed:
            html = render(
                self.env, page.kind.template, {**context, "incomplete": True}, templates, what
            )
        check_html(html, page, what)
        return Rendered(page.path(language.code) + "index.html", html, gettext)

    def render_root(self) -> str:
        source = self.inputs.languages[0]
        gettext = Gettext(source)
        install(self.env, gettext)
        home = self.inputs.home
        context = {
            "site": {"name": home.title},
            "root": "",
            "head_title": gettext.text(home.title),
            "language": source,
            "description": gettext.text(home.description or ""),
            "canonical": self.url(""),
            "alternates": self.alternates(home),
            "x_default": self.url(""),
            # What a browser may be sent to: the folder of each advertised language.
            "codes": {lang.tag.lower(): lang.code for lang in self.advertised},
            "switcher": [
                {"href": self.href("", home, lang.code), "tag": lang.tag, "name": lang.own_name}
                for lang in self.advertised
            ],
        }
        return render(
            self.env, "root_index.html", context, self.inputs.project.templates, "the root page"
        )

    def render_sitemap(self) -> str:
        entries = [
            {
                "url": self.url(page.path(lang.code)),
                "alternates": self.alternates(page),
                "x_default": self.url(page.path(SOURCE_LANGUAGE)),
            }
            for page in self.inputs.pages
            for lang in self.advertised
        ]
        return render(
            self.env,
            "sitemap.xml",
            {"entries": entries},
            self.inputs.project.templates,
            "the sitemap",
        )


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


@dataclass
class Report:
    """What a build did, for its summary line."""

    scenarios: int = 0
    pages: int = 0
    pictures_drawn: int = 0
    pictures_reused: int = 0
    picture_bytes: int = 0
    languages: dict[str, float] = field(default_factory=dict)  # code -> percent translated
    unadvertised: list[str] = field(default_factory=list)
    seconds: float = 0.0


def completeness(rendered: Iterable[Rendered]) -> float:
    """The share of the messages a language's pages looked up that it translates, in percent."""
    used: set[Key] = set()
    missed: set[Key] = set()
    for page in rendered:
        used |= page.gettext.used
        missed |= page.gettext.missed
    return 100.0 * (len(used) - len(missed)) / len(used) if used else 100.0


def render_all(inputs: Inputs, pictures: PictureStore, report: Report) -> Iterator[tuple[str, str]]:
    """Every file of the site as (path, text), languages below the threshold built unadvertised."""
    renderer = Renderer(inputs, pictures)
    by_language: dict[str, list[Rendered]] = {}
    # Completeness decides which languages are advertised, so every page is
    # rendered first; the pages then render again only if that list changed.
    for language in inputs.languages:
        by_language[language.code] = [renderer.render_page(page, language) for page in inputs.pages]
        report.languages[language.code] = completeness(by_language[language.code])
    threshold = inputs.settings.advertise_from
    advertised = [
        lang
        for lang in inputs.languages
        if lang.is_source or report.languages[lang.code] >= threshold
    ]
    report.unadvertised = [lang.code for lang in inputs.languages if lang not in advertised]
    if len(advertised) != len(inputs.languages):
        renderer.advertised = advertised
        for language in inputs.languages:
            by_language[language.code] = [
                renderer.render_page(page, language) for page in inputs.pages
            ]
    for rendered in by_language.values():
        for page in rendered:
            yield page.path, page.html
            report.pages += 1
    yield "index.html", renderer.render_root()
    report.pages += 1
    yield "sitemap.xml", renderer.render_sitemap()


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def check_out(project: Project, out: Path) -> None:
    """Refuse an output that is, or holds, or lies inside the project's inputs."""
    target = Path(os.path.realpath(out))
    root = Path(os.path.realpath(project.root))
    for folder in (*project.inputs(), project.root / "generator", project.cache):
        real = Path(os.path.realpath(folder))
        if _inside(target, real):
            raise ContentError(
                out,
                None,
                f"the output would be inside the inputs ({folder}): choose another folder",
            )
    if _inside(root, target):
        raise ContentError(
            out, None, "the output would hold the project itself: choose another folder"
        )


def build(project: Project, out: Path | None, *, dry: bool = False) -> Report:
    """Check everything and, unless `dry`, write the site into `out` (swapped in whole)."""
    started = time.perf_counter()
    report = Report()
    inputs = load_inputs(project)
    report.scenarios = len(inputs.checked)
    pictures = PictureStore(project.cache / "pictures", dry=dry)
    if dry or out is None:
        for _ in render_all(inputs, pictures, report):
            pass
        report.seconds = time.perf_counter() - started
        return report
    check_out(project, out)
    output = Output(out)
    output.check_target()
    with output.locked():
        output.recover()
        try:
            fresh = output.fresh()
        except OSError as error:
            raise ContentError(out, None, f"cannot write the site: {error.strerror}") from None
        try:
            for path, text in render_all(inputs, pictures, report):
                target = fresh / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
            copy_static(project.templates / "static", fresh / "static", project.files)
            report.picture_bytes = pictures.copy_into(fresh / "img")
            report.pictures_drawn = pictures.drawn
            report.pictures_reused = len(pictures.used) - pictures.drawn
            output.swap_in(fresh)
        except OSError as error:
            shutil.rmtree(fresh, ignore_errors=True)
            reason = error.strerror or str(error)
            raise ContentError(out, None, f"cannot write the site: {excerpt(reason)}") from None
        except BaseException:
            shutil.rmtree(fresh, ignore_errors=True)
            raise
    report.seconds = time.perf_counter() - started
    return report


def page_messages(project: Project) -> dict[str, set[Key]]:
    """For each page, every catalog message it shows (found by rendering it in English)."""
    inputs = load_inputs(project)
    renderer = Renderer(inputs, PictureStore(project.cache / "pictures", dry=True))
    source = inputs.languages[0]
    return {
        page.key or "home": renderer.render_page(page, source).gettext.used for page in inputs.pages
    }
