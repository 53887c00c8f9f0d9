"""Building the whole site into a fresh folder, swapped in only when complete."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from ..content.errors import ContentError
from ..content.rulesets import RuleSets
from ..content.scenarios import load_scenarios
from ..engine import DECK, RuleSet
from ..verify import compute, mismatches
from .figures import rule_tables
from .i18n import Gettext, Language, discover_languages, load_language
from .illustrate import Illustrator
from .pages import (
    LegalCardsPage,
    RulesPage,
    SiteInfo,
    VariantPage,
    load_legal_cards_page,
    load_rules_page,
    load_site_info,
    load_variant_pages,
)
from .pictures.store import PictureStore
from .render import Words, environment, install
from .vocabulary import Vocabulary, load_vocabulary


def N_(message: str) -> str:
    """Marks a message for extraction (Babel's default keyword); it is translated where used."""
    return message


# The description of pages without one of their own (also on the language home page).
SITE_DESCRIPTION = N_(
    "Rules of Belote and Coinche, with worked examples checked by a rules engine."
)

# Left in every built site, so that a later build may replace the folder.
MARKER = ".belote-site"


@dataclass(frozen=True)
class Project:
    """Where a project keeps its inputs."""

    root: Path

    @property
    def content(self) -> Path:
        return self.root / "content"

    @property
    def templates(self) -> Path:
        return self.root / "templates"

    @property
    def locales(self) -> Path:
        return self.root / "locales"

    @property
    def cache(self) -> Path:
        """Pictures already drawn, kept between builds (not committed)."""
        return self.root / ".cache"


@dataclass(frozen=True)
class PageSpec:
    """A page every language has: where it lives, what renders it, what it reads."""

    key: str
    slug: str  # below the language's folder; "" for the language's home page
    title: str
    template: str
    page: LegalCardsPage | RulesPage | VariantPage | None = None

    @property
    def description(self) -> str | None:
        """The page's own summary for search engines, where it has one."""
        return self.page.intro if isinstance(self.page, LegalCardsPage) else None

    def path(self, lang: str) -> str:
        return f"{lang}/{self.slug}/" if self.slug else f"{lang}/"

    def depth(self) -> int:
        return self.slug.count("/") + 2 if self.slug else 1

    @property
    def rules(self) -> RuleSet | None:
        page = self.page
        if isinstance(page, RulesPage):
            return page.rules
        if isinstance(page, VariantPage):
            return page.variant.rules
        return None


@dataclass(frozen=True)
class Inputs:
    site: SiteInfo
    vocabulary: Vocabulary
    rulesets: RuleSets
    legal_cards: LegalCardsPage
    rules: RulesPage
    variants: list[VariantPage]
    languages: list[Language]


def load_inputs(project: Project) -> Inputs:
    """Read and check everything; raise on the first bad input or mismatch."""
    rulesets = RuleSets(project.content / "rulesets")
    scenarios = load_scenarios([project.content], rulesets, need_expect=True)
    for scenario in scenarios:
        found = mismatches(compute(scenario))
        if found:
            raise ContentError(scenario.path, found[0].line, str(found[0]).split(": ", 1)[1])
    by_id = {scenario.id: scenario for scenario in scenarios}
    pages = project.content / "pages"
    return Inputs(
        site=load_site_info(project.content / "site.yaml"),
        vocabulary=load_vocabulary(project.content / "vocabulary.yaml"),
        rulesets=rulesets,
        legal_cards=load_legal_cards_page(pages / "legal-cards.yaml", by_id),
        rules=load_rules_page(pages / "rules.yaml", by_id, rulesets),
        variants=load_variant_pages(
            pages / "variant.yaml", project.content / "variants", by_id, rulesets
        ),
        languages=[
            load_language(project.locales, code) for code in discover_languages(project.locales)
        ],
    )


def _pages(inputs: Inputs) -> list[PageSpec]:
    pages = [
        PageSpec("home", "", inputs.site.name, "language_index.html"),
        PageSpec(
            "legal-cards",
            inputs.legal_cards.slug,
            inputs.legal_cards.title,
            "legal_cards.html",
            inputs.legal_cards,
        ),
        PageSpec("rules", inputs.rules.slug, inputs.rules.title, "rules.html", inputs.rules),
    ]
    pages += [
        PageSpec(page.slug, page.slug, page.variant.name, "variant.html", page)
        for page in inputs.variants
    ]
    return pages


def page_messages(project: Project) -> dict[str, set[tuple[str | None, str]]]:
    """For each page, every catalog message it shows (found by rendering it in English)."""
    inputs = load_inputs(project)
    writer = SiteWriter(project, inputs, project.root / "site", draw_pictures=False)
    source = inputs.languages[0]
    return {spec.key: writer.render_page(spec, source)[1].used for spec in writer.pages}


class SiteWriter:
    """Renders every page of every language into one folder."""

    def __init__(
        self, project: Project, inputs: Inputs, out: Path, *, draw_pictures: bool = True
    ) -> None:
        self.inputs = inputs
        self.out = out
        self.env: Environment = environment(project.templates)
        self.pages = _pages(inputs)
        self.pictures = PictureStore(project.cache / "pictures", dry=not draw_pictures)

    def url(self, path: str) -> str:
        return self.inputs.site.base_url + path

    def alternates(self, page: PageSpec) -> list[dict[str, str]]:
        return [
            {"tag": lang.tag, "url": self.url(page.path(lang.code))}
            for lang in self.inputs.languages
        ]

    def write(self, relative: str, text: str) -> None:
        target = self.out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    def render(self, template: str, gettext: Gettext, context: dict[str, Any]) -> str:
        install(self.env, gettext)
        self.env.filters["number"] = gettext.number
        self.env.globals["number"] = gettext.number
        words = Words(gettext, self.inputs.vocabulary, self.inputs.rulesets)
        page = self.env.get_template(template)
        context = {
            **context,
            "words": words,
            "pictures": Illustrator(self.pictures, words),
            **self._page_context(context, words),
        }
        html = page.render(context, incomplete=False)
        if gettext.missed:
            html = page.render(context, incomplete=True)
        return html

    def _page_context(self, context: dict[str, Any], words: Words) -> dict[str, Any]:
        """What a page's blocks need: its rule set, figures and tables."""
        spec: PageSpec | None = context.get("spec")
        rules = spec.rules if spec else None
        if rules is None:
            return {"figures": {}}
        extra: dict[str, object] = {}
        if isinstance(spec.page, VariantPage) if spec else False:
            variant = spec.page.variant  # type: ignore[union-attr]
            extra = {
                "variant": Markup(words.gettext.gettext(variant.name)),
                "version": variant.version,
                "deck_cards": words.cards_count(len(DECK)),
            }
        return {
            "rules": rules,
            "figures": words.figures(rules, **extra),
            "tables": rule_tables(rules),
        }

    def language_pages(self, language: Language) -> int:
        for spec in self.pages:
            html, _ = self.render_page(spec, language)
            self.write(spec.path(language.code) + "index.html", html)
        return len(self.pages)

    def render_page(self, spec: PageSpec, language: Language) -> tuple[str, Gettext]:
        """A page's HTML, and the gettext that rendered it (what it looked up, what fell back)."""
        root = "../" * spec.depth()
        gettext = Gettext(language)
        context = {
            "spec": spec,
            "site": self.inputs.site,
            "language": language,
            "page": spec.page,
            "description_message": SITE_DESCRIPTION,
            "root": root,
            "home": f"{root}{language.code}/",
            "head_title": self._head_title(spec, gettext),
            "description": gettext.gettext(spec.description or SITE_DESCRIPTION, mark=False),
            "canonical": self.url(spec.path(language.code)),
            "alternates": self.alternates(spec),
            "x_default": self.url(spec.path(self.inputs.languages[0].code)),
            "links": {other.key: root + other.path(language.code) for other in self.pages},
            # The pages below the language's home, which the site name links to.
            "page_links": [
                {
                    "href": root + other.path(language.code),
                    "title": other.title,
                    "current": other is spec,
                }
                for other in self.pages
                if other.slug
            ],
            "switcher": [
                {
                    "href": root + spec.path(other.code),
                    "tag": other.tag,
                    "name": other.own_name,
                    "current": other is language,
                }
                for other in self.inputs.languages
            ],
        }
        return self.render(spec.template, gettext, context), gettext

    def _head_title(self, spec: PageSpec, gettext: Gettext) -> str:
        site_name = gettext.gettext(self.inputs.site.name, mark=False)
        if not spec.slug:
            return site_name
        return f"{gettext.gettext(spec.title, mark=False)} · {site_name}"

    def root_index(self) -> None:
        source = self.inputs.languages[0]
        home = self.pages[0]
        context = {
            "site": self.inputs.site,
            "root": "",
            "head_title": self.inputs.site.name,
            "language": source,
            "description": SITE_DESCRIPTION,
            "canonical": self.url(""),
            "alternates": self.alternates(home),
            "x_default": self.url(""),
            "codes": [lang.code.split("_")[0] for lang in self.inputs.languages],
            "switcher": [
                {"href": home.path(lang.code), "tag": lang.tag, "name": lang.own_name}
                for lang in self.inputs.languages
            ],
        }
        self.write("index.html", self.render("root_index.html", Gettext(source), context))

    def sitemap(self) -> None:
        entries = [
            {
                "url": self.url(spec.path(lang.code)),
                "alternates": self.alternates(spec),
                "x_default": self.url(spec.path(self.inputs.languages[0].code)),
            }
            for spec in self.pages
            for lang in self.inputs.languages
        ]
        self.write("sitemap.xml", self.env.get_template("sitemap.xml").render(entries=entries))

    def static(self, templates: Path) -> None:
        shutil.copytree(templates / "static", self.out / "static")


@contextmanager
def swapped_in(out: Path) -> Iterator[Path]:
    """A fresh folder beside `out` that replaces it only if the block succeeds."""
    out = out.resolve()
    if out.exists() and any(out.iterdir()) and not (out / MARKER).exists():
        raise ContentError(out, None, "refusing to replace a folder that is not a built site")
    out.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
    try:
        yield fresh
        (fresh / MARKER).write_text("built by belote-site; replaced whole by the next build\n")
        fresh.chmod(0o755)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
            out.rename(old / "site")
            fresh.rename(out)
            shutil.rmtree(old)
        else:
            fresh.rename(out)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise


def build_site(root: Path, out: Path) -> int:
    """Build the site of the project at `root` into `out`; return the number of pages."""
    project = Project(root)
    inputs = load_inputs(project)
    with swapped_in(out) as folder:
        writer = SiteWriter(project, inputs, folder)
        pages = sum(writer.language_pages(language) for language in inputs.languages)
        writer.root_index()
        writer.sitemap()
        writer.static(project.templates)
        writer.pictures.copy_into(folder / "img")
    return pages + 1
