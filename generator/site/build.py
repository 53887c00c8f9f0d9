"""Building the site: read and verify everything once, render every page, swap the folder in.

`check` runs the same steps without writing, so whatever would stop a build
stops the check first, with the same line.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import re
import shutil
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment

from ..content.catalogs import (
    SOURCE_LANGUAGE,
    Key,
    Messages,
    Problem,
    catalog_path,
    check_messages,
    discover_languages,
    locale_of,
    read_catalog_file,
)
from ..content.errors import ContentError, Problems, excerpt
from ..content.rulesets import RuleSets
from ..engine import RuleSet
from ..verify import Checked, Mismatch, by_id, check_all
from . import manifest as stamps_of
from .audit import ASSETS, audit, audit_sitemap, shipped_scripts, with_policy
from .blocks import Context
from .cache import claim, machine_key, signature
from .figures import rule_tables
from .i18n import Gettext, Language
from .illustrate import Illustrator
from .incremental import Keys, reusable, sorted_keys
from .manifest import Manifest, code_version, input_stamps, output_stamps
from .output import Output, copy_static, static_files
from .page import LoadContext, Page, discover_pages, neighbours
from .pictures.store import Collector, Pictures, PictureStore
from .project import Project, machine_cache
from .render import environment, install, render
from .settings import SiteSettings, load_settings
from .views import LanguageView, PageView
from .vocabulary import Vocabulary, load_vocabulary
from .words import Words
from .workers import run_all

_ID = re.compile(r'\sid="([^"]*)"')


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
    static: list[Path]  # below templates/static

    @property
    def home(self) -> Page:
        return self.pages[0]


def templates_named(templates: Path, prefix: str) -> list[str]:
    """What the templates `<prefix><name>.html` exist for: show_card-values.html gives
    the table `card-values`, figure_play.html the figure of a play example."""
    return sorted(
        path.stem.removeprefix(prefix)
        for path in templates.glob(f"{prefix}*.html")
        if path.is_file() or path.is_symlink()
    )


def shows(templates: Path) -> list[str]:
    """The tables `show:` blocks can draw: one template `show_<name>.html` each."""
    return templates_named(templates, "show_")


def load_languages(
    project: Project,
    settings: SiteSettings | None = None,
    cache: Path | None = None,
    key: bytes = b"",
) -> list[Language]:
    """English, then every catalog's language; a broken translation stops the build.

    With a cache folder, a catalog read and checked before (the same bytes, the
    same code, signed with this machine's key) is taken from it, as plain data:
    Babel does not parse it again.
    """
    files = project.files
    settings = settings or SiteSettings("")
    languages = [
        Language.source(locale_of(SOURCE_LANGUAGE, project.locales), settings.grouping("en"))
    ]
    problems: list[Mismatch | Problem] = []
    for lang in discover_languages(project.locales)[1:]:
        path = catalog_path(project.locales, lang)
        stored = None
        if cache is not None:
            digest = hashlib.sha256(files.read_bytes(path)).hexdigest()
            stored = cache / f"{lang}-{digest[:32]}-{code_version()[:16]}.json"
            messages = _cached_messages(stored, key)
            if messages is not None:
                languages.append(
                    Language.with_messages(lang, messages, path, settings.grouping(lang))
                )
                continue
        file = read_catalog_file(path, lang, files)
        found = check_messages(file)
        problems += found
        language = Language.of(file, lang, settings.grouping(lang))
        if stored is not None and not found and language.messages is not None:
            _store_messages(stored, language.messages, key)
        languages.append(language)
    if problems:
        raise Problems(problems)
    return languages


def _cached_messages(path: Path, key: bytes) -> Messages | None:
    """A catalog this machine checked and signed before; None for anything else."""
    try:
        signed, _, payload = path.read_bytes().partition(b"\n")
        if not hmac.compare_digest(signed.decode("ascii"), signature(key, payload)):
            return None
        return Messages.from_json(json.loads(payload.decode("utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AssertionError):
        return None


def _store_messages(path: Path, messages: Messages, key: bytes) -> None:
    # Only a catalog that passed every check is kept; a broken one is read again next time.
    payload = json.dumps(messages.to_json(), ensure_ascii=False).encode("utf-8")
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}")
        temporary.write_bytes(signature(key, payload).encode("ascii") + b"\n" + payload)
        os.replace(temporary, path)


def load_inputs(project: Project, catalog_cache: Path | None = None, key: bytes = b"") -> Inputs:
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
    languages = load_languages(project, settings, catalog_cache, key)
    reserved = frozenset(path.name for path in ASSETS.iterdir())
    static = static_files(project.templates / "static", files, reserved)
    return Inputs(project, settings, vocabulary, rulesets, checked, pages, languages, static)


@dataclass(frozen=True)
class Rendered:
    """A page as rendered in one language, and what went into it."""

    path: str  # below the site's root
    html: str
    used: frozenset[Key]  # the catalog messages it looked up
    pictures: frozenset[str]  # the pictures it shows
    drawn: frozenset[str] = frozenset()  # the pictures drawn for it (not found in the cache)


@dataclass
class Renderer:
    """Renders every page of every language, with one template environment for the build."""

    inputs: Inputs
    pictures: PictureStore
    env: Environment = field(init=False)
    advertised: list[Language] = field(default_factory=list)
    figure_kinds: list[str] = field(default_factory=list)
    all_rules: list[RuleSet] = field(default_factory=list)
    rules_page: Page | None = None
    example_pages: dict[str, Page] = field(default_factory=dict)
    views: dict[str, PageView] = field(default_factory=dict)
    scripts: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        project = self.inputs.project
        self.env = environment(project.templates, project.files)
        self.advertised = list(self.inputs.languages)
        self.figure_kinds = templates_named(project.templates, "figure_")
        self.all_rules = self.inputs.rulesets.all()
        self.rules_page = next(
            (page for page in self.inputs.pages if page.kind.describes_rule_sets), None
        )
        # Where each example is shown: the comparison's rows link to them.
        self.example_pages = {
            example.scenario.id: page for page in self.inputs.pages for example in page.examples
        }
        self.views = {page.key: PageView.of(page) for page in self.inputs.pages}
        self.scripts = shipped_scripts()

    @property
    def settings(self) -> SiteSettings:
        return self.inputs.settings

    def url(self, path: str) -> str:
        return self.settings.base_url + path

    def href(self, root: str, page: Page, lang: str) -> str:
        # Links name the index file, so that the site also works opened from disk.
        return f"{root}{page.path(lang)}index.html"

    def rules_href(self, root: str, lang: str) -> Any:
        """The link of a rule set's column on the comparison page, or None without that page."""
        page = self.rules_page
        if page is None:
            return lambda rules: None
        return lambda rules: f"{self.href(root, page, lang)}#rules-{rules.id}"

    def alternates(self, page: Page) -> list[dict[str, str]]:
        return [
            {"tag": lang.tag, "url": self.url(page.path(lang.code))} for lang in self.advertised
        ]

    def page_context(
        self, page: Page, language: Language, gettext: Gettext, pictures: Pictures
    ) -> dict[str, Any]:
        """What a page's templates see: values only (generator/site/trust.py)."""
        views = self.views
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
        # The advertised languages only: a language still being translated is not
        # offered, even on its own pages.
        shown = list(self.advertised)
        context: dict[str, Any] = {
            "page": views[page.key],
            "content": page.content,
            "site": {"name": site_name},
            "language": LanguageView.of(language),
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
                    "page": views[other.key],
                    "current": other is page,
                }
                for other in pages
                if not other.is_home
            ],
            "previous": {"href": self.href(root, before, language.code), "page": views[before.key]}
            if before
            else None,
            "next": {"href": self.href(root, after, language.code), "page": views[after.key]}
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
            "pictures": Illustrator(pictures, words, four_colour=self.settings.four_colour_deck),
            "rules": page.rules,
            "figures": {},
            # Kinds of example with a figure of their own (figure_<kind>.html).
            "figure_kinds": self.figure_kinds,
            # Every rule set, for the examples' "under other rules" lines.
            "all_rules": self.all_rules,
            "rules_href": self.rules_href(root, language.code),
            "example_href": lambda scenario_id: (
                f"{self.href(root, self.example_pages[scenario_id], language.code)}#{scenario_id}"
                if scenario_id in self.example_pages
                else None
            ),
            # A page with cards to try loads the script that shows their verdicts.
            "scripted": page.kind.scripted
            or any(example.checked.kind.interactive for example in page.examples),
        }
        if page.rules is not None:
            context["figures"] = words.figures(page.rules, **page.kind.extra_figures(page, words))
            context["tables"] = rule_tables(page.rules)
        return context

    def render_page(
        self, page: Page, language: Language, used: frozenset[Key] | None = None
    ) -> Rendered:
        """One page in one language; `used`, the messages the page looks up, when known."""
        collector = Collector()
        gettext = Gettext(language)
        install(self.env, gettext)
        context = self.page_context(page, language, gettext, collector)
        what = f"page {page.key or 'home'} in {language.code}"
        templates = self.inputs.project.templates
        # Whether the page says its translation is incomplete: known beforehand from the
        # messages it uses, or found out by rendering it once and, if so, again.
        incomplete = bool(used - language.translated) if used and language.translated else False
        html = render(
            self.env, page.kind.template, {**context, "incomplete": incomplete}, templates, what
        )
        if gettext.missed and not incomplete:
            html = render(
                self.env, page.kind.template, {**context, "incomplete": True}, templates, what
            )
        html = self.audited(with_policy(html), page.kind.template, what)
        check_html(html, page, what)
        shown, drawn = self.pictures.take(collector)
        return Rendered(
            page.path(language.code) + "index.html", html, frozenset(gettext.used), shown, drawn
        )

    def render_root(self) -> str:
        source = self.inputs.languages[0]
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
            "alternates": self.alternates(home),
            "x_default": self.url(""),
            "scripted": False,
            "switcher": [
                {"href": self.href("", home, lang.code), "tag": lang.tag, "name": lang.own_name}
                for lang in self.advertised
            ],
        }
        html = render(
            self.env, "root_index.html", context, self.inputs.project.templates, "the root page"
        )
        return self.audited(with_policy(html), "root_index.html", "the root page")

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
        xml = render(
            self.env,
            "sitemap.xml",
            {"entries": entries},
            self.inputs.project.templates,
            "the sitemap",
        )
        problem = audit_sitemap(xml)
        if problem:
            raise ContentError(self.inputs.project.templates / "sitemap.xml", None, problem)
        return xml

    def audited(self, html: str, template: str, what: str) -> str:
        """The page, if it holds nothing the site never makes (generator/site/audit.py)."""
        problem = audit(html, self.scripts)
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


@dataclass
class Report:
    """What a build did, for its summary line."""

    scenarios: int = 0
    pages: int = 0
    pages_kept: int = 0  # taken over from the last build unchanged
    pictures_drawn: int = 0
    pictures_reused: int = 0
    picture_bytes: int = 0
    languages: dict[str, float] = field(default_factory=dict)  # code -> percent translated
    unadvertised: list[str] = field(default_factory=list)
    seconds: float = 0.0


@dataclass(frozen=True)
class Produced:
    """A file of the site: its text, or None to take over the last build's file unchanged."""

    path: str
    html: str | None


@dataclass
class Last:
    """The last build, as far as this one may take from it."""

    manifest: Manifest
    out: Path  # its output, still in place until the swap


@dataclass
class Recorded:
    """What this build's manifest keeps for the next one."""

    content_keys: dict[str, str] = field(default_factory=dict)
    messages: dict[str, list[list[Any]]] = field(default_factory=dict)
    keys: dict[str, str] = field(default_factory=dict)
    pictures: dict[str, list[str]] = field(default_factory=dict)


Progress = Callable[[int, int], None]  # pages done, pages in all


def render_all(
    inputs: Inputs,
    pictures: PictureStore,
    report: Report,
    *,
    keys: Keys | None = None,
    last: Last | None = None,
    recorded: Recorded | None = None,
    workers: int = 1,
    progress: Progress | None = None,
) -> Generator[Produced, None, None]:
    """Every file of the site, languages below the threshold built unadvertised.

    With this build's keys and the last build, a page whose key is unchanged
    is taken over instead of rendered; every other page is rendered once, on
    `workers` cores. The keys go into `recorded`, for the next build.
    """
    renderer = Renderer(inputs, pictures)
    source = inputs.languages[0]
    pages = inputs.pages
    manifest = last.manifest if last is not None else Manifest()
    content = {page.key: keys.content(page) for page in pages} if keys else {}
    total = len(pages) * len(inputs.languages)
    done = 0
    drawn: set[str] = set()

    def count(rendered: Rendered) -> Rendered:
        nonlocal done
        done += 1
        drawn.update(rendered.drawn)
        report.pictures_drawn = len(drawn)
        if not pictures.keep(rendered.pictures):
            raise ContentError(pictures.cache, None, "a picture drawn by a worker is missing")
        if progress is not None:
            progress(done, total)
        return rendered

    # Every language looks up the same messages, so the source language's pages
    # say which; a page whose content is unchanged looks up what it did last time.
    used: dict[str, frozenset[Key]] = {}
    english: dict[str, Rendered] = {}
    fresh = []
    for page in pages:
        if content and manifest.content_keys.get(page.key) == content[page.key]:
            used[page.key] = frozenset((c, m) for c, m in manifest.messages.get(page.key, []))
            if page.key in manifest.messages:
                continue
        fresh.append(page)
    rendered_fresh = run_all(lambda page: renderer.render_page(page, source), fresh, workers)
    for page, rendered in zip(fresh, rendered_fresh, strict=True):
        english[page.key] = count(rendered)
        used[page.key] = rendered.used
    everything = frozenset().union(*used.values())
    report.languages[source.code] = 100.0
    for language in inputs.languages[1:]:
        report.languages[language.code] = language.completeness(set(everything))
    threshold = inputs.settings.advertise_from
    advertised = [
        lang
        for lang in inputs.languages
        if lang.is_source or report.languages[lang.code] >= threshold
    ]
    report.unadvertised = [lang.code for lang in inputs.languages if lang not in advertised]
    renderer.advertised = advertised
    codes = [lang.code for lang in advertised]
    jobs: list[tuple[Page, Language, frozenset[Key] | None]] = []
    for language in inputs.languages:
        for page in pages:
            path = page.path(language.code) + "index.html"
            key = Keys.output(content[page.key], language, codes, used[page.key]) if keys else None
            if recorded is not None and key is not None:
                recorded.keys[path] = key
            if (
                last is not None
                and key is not None
                and reusable(manifest, last.out, path, key)
                and pictures.keep(manifest.pictures.get(path, []))
            ):
                if recorded is not None:
                    recorded.pictures[path] = manifest.pictures.get(path, [])
                done += 1
                report.pages += 1
                report.pages_kept += 1
                yield Produced(path, None)
                continue
            provisional = english.get(page.key) if language is source else None
            if provisional is not None and len(advertised) == len(inputs.languages):
                # Rendered above with every language in its menu, which is the menu.
                report.pages += 1
                if recorded is not None:
                    recorded.pictures[path] = sorted(provisional.pictures)
                yield Produced(path, provisional.html)
                continue
            jobs.append((page, language, None if language is source else used[page.key]))
    for rendered in run_all(lambda job: renderer.render_page(*job), jobs, workers):
        count(rendered)
        report.pages += 1
        if recorded is not None:
            recorded.pictures[rendered.path] = sorted(rendered.pictures)
        yield Produced(rendered.path, rendered.html)
    if recorded is not None:
        recorded.content_keys = content
        recorded.messages = {
            key: [list(k) for k in sorted_keys(found)] for key, found in used.items()
        }
    yield Produced("index.html", renderer.render_root())
    report.pages += 1
    yield Produced("sitemap.xml", renderer.render_sitemap())


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def check_out(project: Project, out: Path) -> None:
    """Refuse an output that is, or holds, or lies inside the project's inputs."""
    target = Path(os.path.realpath(out))
    root = Path(os.path.realpath(project.root))
    for folder in (*project.inputs(), project.root / "generator", project.cache, machine_cache()):
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


def _take_over(old: Path, target: Path) -> bool:
    """Link the last build's file into the new site: its bytes and modification time kept."""
    try:
        os.link(old, target, follow_symlinks=False)
    except OSError:
        return False
    return True


def _publish(fresh: Path, old: Path | None, path: str, html: str | None) -> None:
    """Write one file of the new site, taking over the last build's where it is the same."""
    target = fresh / path
    target.parent.mkdir(parents=True, exist_ok=True)
    previous = old / path if old is not None else None
    if html is None:
        if previous is None or not _take_over(previous, target):
            raise OSError(f"cannot take over {path} from the last build")
        return
    data = html.encode("utf-8")
    if previous is not None and _same_bytes(previous, data) and _take_over(previous, target):
        return
    target.write_bytes(data)


def _same_bytes(path: Path, data: bytes) -> bool:
    try:
        if os.stat(path, follow_symlinks=False).st_size != len(data):
            return False
        return path.read_bytes() == data
    except OSError:
        return False


def build(
    project: Project,
    out: Path | None,
    *,
    dry: bool = False,
    workers: int = 1,
    progress: Progress | None = None,
) -> Report:
    """Check everything and, unless `dry`, write the site into `out` (swapped in whole).

    A build takes over from the last one (its manifest, in the project's cache)
    every output whose inputs have not changed; `workers` processes render
    the rest.
    """
    started = time.perf_counter()
    report = Report()
    # The project's cache lives in the machine's (generator/site/project.py): nothing in
    # it came from the tree, and what it holds is used only as this machine signed it.
    cache = project.cache
    previous = Manifest.load(project)
    # Stamped before anything is read: an input edited during the build is new to the next.
    stamps = None if dry else input_stamps(project, previous.inputs)
    inputs = load_inputs(project, cache / "build" / "catalogs", machine_key())
    report.scenarios = len(inputs.checked)
    if dry or out is None:
        pictures = PictureStore(project.pictures, dry=True)
        with contextlib.closing(
            render_all(inputs, pictures, report, workers=workers, progress=progress)
        ) as dry_run:
            for _ in dry_run:
                pass
        report.seconds = time.perf_counter() - started
        return report
    assert stamps is not None
    check_out(project, out)
    output = Output(out)
    output.check_target()
    claim(project.root, project.cache)
    pictures = PictureStore(project.pictures, dry=False, key=machine_key())
    recorded = Recorded()
    with output.locked():
        output.recover()
        pictures.sweep()
        old = out if out.is_dir() and previous.out == os.path.realpath(out) else None
        last = Last(previous, out) if old else None
        try:
            fresh = output.fresh()
        except OSError as error:
            raise ContentError(out, None, f"cannot write the site: {error.strerror}") from None
        try:
            produced = render_all(
                inputs,
                pictures,
                report,
                keys=Keys.of(project, stamps, inputs.pages),
                last=last,
                recorded=recorded,
                workers=workers,
                progress=progress,
            )
            # Closed whatever happens: a failure while publishing ends the render's
            # workers now, not whenever the traceback holding the generator is dropped.
            with contextlib.closing(produced):
                for item in produced:
                    _publish(fresh, old, item.path, item.html)
            static = fresh / "static"
            copied = copy_static(
                project.templates / "static", static, project.files, inputs.static, ASSETS
            )
            for relative in copied:
                _keep_if_same(fresh, old, static / relative)
            previous_pictures = old / "img" if old is not None else None
            report.picture_bytes = pictures.copy_into(fresh / "img", previous_pictures)
            report.pictures_reused = len(pictures.used) - report.pictures_drawn
            output.swap_in(fresh)
        except OSError as error:
            shutil.rmtree(fresh, ignore_errors=True)
            reason = error.strerror or str(error)
            raise ContentError(out, None, f"cannot write the site: {excerpt(reason)}") from None
        except BaseException:
            shutil.rmtree(fresh, ignore_errors=True)
            raise
        # The site is built: without a manifest the next build is merely a full one.
        with contextlib.suppress(OSError):
            Manifest(
                out=os.path.realpath(out),
                code=code_version(),
                environment=stamps_of.environment(),
                inputs=stamps,
                outputs=output_stamps(out),
                keys=recorded.keys,
                content_keys=recorded.content_keys,
                messages=recorded.messages,
                pictures=recorded.pictures,
                pages=report.pages,
            ).save(project)
    report.seconds = time.perf_counter() - started
    return report


def _keep_if_same(fresh: Path, old: Path | None, copied: Path) -> None:
    """A static file copied again: the last build's, if the same, keeps its time."""
    if old is None:
        return
    path = copied.relative_to(fresh)
    previous = old / path
    if _same_bytes(previous, copied.read_bytes()):
        copied.unlink()
        if not _take_over(previous, copied):
            shutil.copyfile(previous, copied)


def page_messages(project: Project) -> dict[str, set[Key]]:
    """For each page, every catalog message it shows (found by rendering it in English)."""
    inputs = load_inputs(project)
    renderer = Renderer(inputs, PictureStore(project.pictures, dry=True))
    source = inputs.languages[0]
    return {
        page.key or "home": set(renderer.render_page(page, source).used) for page in inputs.pages
    }
