"""Every page in every language, as a reader's browser shows it."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urlparse

import pytest
from helpers.browser import STRANGER, run_axe
from helpers.project import ADVERTISED
from helpers.project import PAGES as PAGE_TYPES

# The languages the site links to, and every page each has: discovered, never listed.
LANGUAGES = sorted(ADVERTISED)
PAGES = [f"{lang}/{page}" for lang in LANGUAGES for page in PAGE_TYPES] + [""]
# Templates do not change with the language, words do: the accessibility audit and the
# console are checked in English and in the language whose text is longest (French, by
# the characters its catalog translates: fr 61.8k, bg 58.0k, hr 57.1k, sk 56.5k, vi 56.0k,
# cs 55.7k, on 5 December 2026); the phone's width, where longer words break a layout,
# in every language.
AUDITED = ("en", "fr")
AUDITED_PAGES = [path for path in PAGES if path.split("/")[0] in ("", *AUDITED)]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


class Visit:
    """A page opened in a fresh tab, with every console error and failed request noted.

    Tabs of one viewport share a browser context (one per worker): opening a
    context is the costly part of a visit, and the pages keep no state.
    """

    def __init__(self, context: Any, url: str, *, owns: bool = False) -> None:
        self.context = context
        self.owns = owns  # a context of its own, closed with the visit
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else 0)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("requestfailed", lambda r: self.errors.append(f"failed: {r.url}"))
        self.page.on(
            "response",
            lambda r: self.errors.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else 0,
        )
        self.page.goto(url, wait_until="load")

    def load_every_image(self) -> list[str]:
        """Load lazy images too; return the sources of those that did not load."""
        return list(
            self.page.evaluate(
                """async () => {
                const images = [...document.images];
                images.forEach(img => { img.loading = "eager"; });
                await Promise.all(images.map(img => img.decode().catch(() => null)));
                return images.filter(img => !img.complete || img.naturalWidth === 0)
                             .map(img => img.currentSrc || img.src);
            }"""
            )
        )

    def close(self) -> None:
        if getattr(self, "owns", True):
            self.context.close()
        else:
            self.page.close()


@pytest.fixture(scope="module")
def contexts(browser: Any) -> Iterator[dict[str, Any]]:
    made = {
        "desktop": browser.new_context(viewport=DESKTOP, locale="en-US"),
        "phone": browser.new_context(viewport=PHONE, locale="en-US"),
        "stranger": browser.new_context(viewport=DESKTOP, locale=STRANGER),
    }
    yield made
    for context in made.values():
        context.close()


@pytest.fixture
def visit(contexts: dict[str, Any], server: str) -> Iterator[Any]:
    opened: list[Visit] = []

    def open_page(path: str, viewport: dict[str, int] = DESKTOP) -> Visit:
        name = "stranger" if path == "" else "phone" if viewport == PHONE else "desktop"
        opened.append(Visit(contexts[name], server + path))
        return opened[-1]

    yield open_page
    for page in opened:
        page.close()


def _screenshot_name(path: str, viewport: str) -> str:
    name = path.strip("/").replace("/", "-") or "root"
    return f"{name}-{viewport}.png"


def test_the_audited_languages_are_the_sites() -> None:
    assert set(AUDITED) <= set(LANGUAGES)
    assert STRANGER.split("-")[0] not in {lang.split("_")[0] for lang in LANGUAGES}


@pytest.mark.parametrize("path", AUDITED_PAGES)
def test_every_page_as_a_reader_opens_it(
    visit: Any, server: str, axe_script: Path, screenshots: Path, path: str
) -> None:
    """One visit per page (in the audited languages) on a desktop, for all of it: no console
    error, no failed request, every picture loaded (the lazy ones too), and no
    accessibility violation (axe); then a screenshot, for a reader of the run to look at."""
    page = visit(path)
    assert page.load_every_image() == []
    if page.page.query_selector("#board, #game"):
        # The engine starts in a Worker that fetches and compiles its runtime first
        # (seconds, more on a loaded machine): the page is whole once it answered.
        page.page.wait_for_selector("#board[data-judged], #game[data-judged]", timeout=120_000)
    page.page.wait_for_load_state("networkidle")
    # Still the page opened (a game keeps its state in the fragment): a page whose script
    # moved on would audit another.
    assert urldefrag(page.page.url).url == server + path
    violations = run_axe(page.page, axe_script)
    summary = [
        f"{v['id']}: {v['help']} ({len(v['nodes'])}x, e.g. {v['nodes'][0]['html'][:120]})"
        for v in violations
    ]
    assert summary == []
    # axe's own script is the page's only addition: the policy lets nothing else in.
    assert page.errors == []
    page.page.screenshot(path=str(screenshots / _screenshot_name(path, "desktop")), full_page=True)


# Every page type once, each to another language in turn, so that every language is landed
# on: the menu is the same template on every page, its links each page's own.
@pytest.mark.parametrize(
    ("page_type", "lang"),
    [
        (page_type, [lang for lang in LANGUAGES if lang != "en"][number % (len(LANGUAGES) - 1)])
        for number, page_type in enumerate(PAGE_TYPES)
    ],
)
def test_language_switcher_lands_on_the_same_page(
    visit: Any, server: str, page_type: str, lang: str
) -> None:
    page = visit(f"en/{page_type}").page
    # The languages are a menu: opened first, as a reader opens it.
    page.click("nav.languages summary")
    page.click(f"nav.languages a[hreflang='{lang}']")
    page.wait_for_load_state("load")
    # Links name index.html, so that the site also reads from a folder (file://).
    assert urlparse(page.url).path.removesuffix("index.html") == f"/{lang}/{page_type}"
    assert page.evaluate("() => document.documentElement.lang") == lang


def test_nu_html_checker_finds_no_error(vnu: list[str], built_site: Path) -> None:
    # The markup is the templates', the same in every language: the audited languages
    # (the longest words among them) and the root's pages show all of it.
    paths = [built_site / lang for lang in AUDITED] + sorted(built_site.glob("*.html"))
    done = subprocess.run(
        [*vnu, "--errors-only", "--skip-non-html", *map(str, paths)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[:4000]


@pytest.fixture(scope="module")
def rtl_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A copy of the small project (tests/fixture: the site's templates, its legal-cards
    page) with a new, untranslated Arabic catalog, built and served."""
    from helpers.project import cli_quiet, fixture_copy

    from generator.site.serving.serve import local_server

    project = fixture_copy(tmp_path_factory.mktemp("rtl") / "project")
    cli_quiet(project, "locale", "add", "ar")
    out = project.parent / "site"
    cli_quiet(project, "build", "--out", out)
    with local_server(out) as url:
        yield url


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_right_to_left_pages_are_mirrored_and_fit(
    browser: Any, rtl_site: str, screenshots: Path, viewport: dict[str, int]
) -> None:
    context = browser.new_context(viewport=viewport, locale="en-US")
    page = Visit(context, rtl_site + "ar/legal-cards/")
    try:
        assert page.page.evaluate("() => document.documentElement.dir") == "rtl"
        width = page.page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= viewport["width"]
        # Mirrored: a short line of text sits against the right edge, far from the left.
        text_left, text_right, main_left, main_right = page.page.evaluate(
            """() => {
                const range = document.createRange();
                range.selectNodeContents(document.querySelector("p.kicker"));
                const text = range.getBoundingClientRect();
                const main = document.querySelector("main").getBoundingClientRect();
                return [text.left, text.right, main.left, main.right];
            }"""
        )
        assert main_right - text_right < 40
        assert text_left - main_left > 100
        name = "phone" if viewport is PHONE else "desktop"
        page.page.screenshot(path=str(screenshots / f"ar-legal-cards-{name}.png"), full_page=True)
        assert page.errors == []
    finally:
        context.close()
