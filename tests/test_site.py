"""The built site: its pages, links between languages, sitemap, and a build that never half-writes.

The real project is copied and built once per session (helpers.project);
tests that change inputs work on their own copies. Expected structure comes
from the README, CONTRIBUTING.md and the seed pages, never from a build's
output.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import pytest
from helpers.expected import KNOWN_LANGUAGES, ROOT
from helpers.html import Element, parse
from helpers.pages import (
    alternates,
    base_url_of,
    code,
    head_links,
    link_file,
    own_name,
    page_file,
    switcher,
    tag,
    url_file,
)
from helpers.project import (
    ADVERTISED,
    LANGUAGES,
    PAGES,
    po_path,
    read_catalog,
    shared_build,
)
from PIL import Image

from generator.content.errors import ContentError
from generator.content.files import InputFiles
from generator.engine import Card
from generator.site.pictures.cards import draw_card
from generator.site.pictures.store import PictureStore
from generator.site.pipeline.build import Renderer, load_inputs
from generator.site.pipeline.cache import Cache
from generator.site.pipeline.plan import Job
from generator.site.pipeline.project import Project
from generator.site.rendering.settings import load_settings

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared_build(tmp_path_factory)[1]


@pytest.fixture(scope="module")
def pages(site: Path) -> dict[Path, Element]:
    """Every HTML page of the built site, parsed."""
    return {path: parse(path) for path in sorted(site.rglob("*.html"))}


@pytest.fixture(scope="module")
def base_url(site: Path) -> str:
    return base_url_of(site)


def language_pages(site: Path) -> list[tuple[str, str, Path]]:
    return [(lang, page, page_file(site, lang, page)) for lang in LANGUAGES for page in PAGES]


# ---------------------------------------------------------------------------
# the pages


def test_the_site_has_the_pages_and_languages_the_content_has(site: Path) -> None:
    """Exactly: a page or language the build dropped, or one it made up, fails here."""
    assert set(KNOWN_LANGUAGES) <= set(LANGUAGES)
    built = {str(path.relative_to(site)) for path in site.rglob("index.html")}
    expected = {"index.html"} | {f"{lang}/{page}index.html" for lang in LANGUAGES for page in PAGES}
    assert built == expected


def test_root_page_lists_every_language_in_its_own_name(site: Path) -> None:
    root = parse(site / "index.html")
    links = {code(a.attrs["hreflang"]): a for a in root.find_all("a") if "hreflang" in a.attrs}
    assert set(links) == set(ADVERTISED)
    for lang, link in links.items():
        assert link.text() == own_name(lang)
        assert link.attrs.get("lang") == tag(lang)
        assert link_file(site / "index.html", link.attrs["href"]) == page_file(site, lang, "")
    names = [link.text() for link in links.values()]
    assert "slovenčina" in names and "Tiếng Việt" in names and "čeština" in names


def test_root_page_sends_the_browser_to_its_language(site: Path) -> None:
    """From the shipped script, which reads the page's own language list (tried in Chromium
    by tests/test_trust.py); the page itself holds no script text."""
    scripts = parse(site / "index.html").find_all("script")
    assert [script.attrs.get("src") for script in scripts] == [
        "static/language.js",
        "static/root.js",
    ]
    assert not "".join(c for s in scripts for c in s.children if isinstance(c, str)).strip()
    script = (site / "static" / "root.js").read_text(encoding="utf-8")
    assert "navigator.languages" in script and ".language-list a[hreflang]" in script


@pytest.mark.parametrize("lang", ["en", "sk"])
def test_home_starts_a_newcomer_on_the_walk_through_of_their_game(site: Path, lang: str) -> None:
    """Issue 21: "I play classic Belote" leads to the Belote deal, "I play Coinche" to Coinche's."""
    home = page_file(site, lang, "")
    navs = parse(home).find_all("nav")
    (start,) = [nav for nav in navs if nav.attrs.get("class") == "start-here"]
    targets = [link_file(home, a.attrs["href"]) for a in start.find_all("a")]
    games = [page_file(site, lang, "learn-belote"), page_file(site, lang, "learn-coinche")]
    assert targets == games


@pytest.mark.parametrize("lang", LANGUAGES)
def test_html_element_names_language_and_direction(site: Path, lang: str) -> None:
    for page in PAGES:
        html = parse(page_file(site, lang, page)).find_all("html")[0]
        assert html.attrs.get("lang") == tag(lang)
        assert html.attrs.get("dir") == "ltr"


def test_every_page_has_a_canonical_link_to_itself(site: Path, base_url: str) -> None:
    for _lang, _page, path in language_pages(site):
        links = head_links(parse(path), "canonical")
        assert len(links) == 1, path
        assert url_file(site, base_url, links[0].attrs["href"]) == path


def test_every_page_has_hreflang_alternates_for_every_language(site: Path, base_url: str) -> None:
    for _lang, page, path in language_pages(site):
        found = alternates(parse(path))
        assert set(found) == {*ADVERTISED, "x-default"}, path
        for other in ADVERTISED:
            assert url_file(site, base_url, found[other]) == page_file(site, other, page)
        # x-default: the same page, in one of the site's languages.
        default = url_file(site, base_url, found["x-default"])
        assert default in {page_file(site, other, page) for other in ADVERTISED}


def test_language_switcher_leads_to_the_same_page_in_each_language(site: Path) -> None:
    for lang, page, path in language_pages(site):
        links = switcher(parse(path))
        # The advertised languages only (a language being translated is not offered yet).
        assert set(links) == set(ADVERTISED), path
        for other, link in links.items():
            assert link_file(path, link.attrs["href"]) == page_file(site, other, page)
            assert link.text() == own_name(other)
            assert link.attrs.get("lang") == tag(other)
        if lang in ADVERTISED:
            assert links[lang].attrs.get("aria-current") == "page"


def test_sitemap_lists_every_page_with_alternates(site: Path, base_url: str) -> None:
    tree = ET.parse(site / "sitemap.xml")
    entries = {}
    for url in tree.getroot().iter(f"{SITEMAP}url"):
        loc = url.find(f"{SITEMAP}loc")
        assert loc is not None and loc.text
        links = {
            code(link.attrib["hreflang"]): link.attrib["href"]
            for link in url.iter(f"{XHTML}link")
            if link.attrib.get("rel") == "alternate"
        }
        entries[url_file(site, base_url, loc.text.strip())] = links
    expected = {path for lang, _, path in language_pages(site) if lang in ADVERTISED}
    assert expected == set(entries)
    for _lang, page, path in (entry for entry in language_pages(site) if entry[0] in ADVERTISED):
        links = entries[path]
        assert set(links) == {*ADVERTISED, "x-default"}, path
        for other in ADVERTISED:
            assert url_file(site, base_url, links[other]) == page_file(site, other, page)
    for path in entries:
        assert path.is_file(), path


def _references(element: Element) -> list[str]:
    found = []
    for node in element.iter():
        for name in ("href", "src"):
            if name in node.attrs:
                found.append(node.attrs[name])
        if "srcset" in node.attrs:
            found += [part.split()[0] for part in node.attrs["srcset"].split(",") if part.strip()]
    return found


def test_every_internal_link_and_picture_resolves(
    site: Path, base_url: str, pages: dict[Path, Element]
) -> None:
    # Every page in every language, the root page and the not-found page.
    assert len(pages) == len(LANGUAGES) * len(PAGES) + 2
    checked = 0
    broken = []
    root = urlsplit(base_url).path
    for path, page in pages.items():
        for ref in _references(page):
            if ref.startswith("#") or ref.startswith(("mailto:", "data:")):
                continue
            if ref.startswith(("http://", "https://")):
                if not ref.startswith(base_url):
                    continue
                target = url_file(site, base_url, urldefrag(ref)[0])
            else:
                target = (
                    url_file(site, base_url, base_url + ref[len(root) :])
                    if ref.startswith(root)  # from the host's root: the not-found page's loads
                    else link_file(path, ref)
                )
            checked += 1
            if not target.is_file() or site.resolve() not in target.resolve().parents:
                broken.append(f"{path.relative_to(site)}: {ref}")
    assert not broken
    assert checked > 1000  # card pictures, stylesheet, page and language links


def test_every_picture_has_an_alt_text_and_a_size(pages: dict[Path, Element]) -> None:
    pictures = 0
    for path, page in pages.items():
        for img in page.find_all("img"):
            pictures += 1
            assert img.attrs.get("alt", "").strip(), path
            assert img.attrs.get("width") and img.attrs.get("height"), path
    assert pictures > 100


# ---------------------------------------------------------------------------
# the four-colour deck: a setting read, handed to every picture, drawn blue


def _blue_pixels(image: Image.Image) -> int:
    """Pixels near the four-colour deck's diamond blue (18, 84, 200)."""
    data = image.convert("RGB").tobytes()
    pixels = zip(data[0::3], data[1::3], data[2::3], strict=True)
    return sum(1 for r, g, b in pixels if b > 150 and r < 70 and g < 130)


def test_the_four_colour_deck_is_a_site_setting(tmp_path: Path) -> None:
    text = (ROOT / "content" / "site.yaml").read_text(encoding="utf-8")
    assert "four_colour_deck: false" in text
    path = tmp_path / "site.yaml"
    path.write_text(text.replace("four_colour_deck: false", "four_colour_deck: maybe"))
    with pytest.raises(ContentError, match="four_colour_deck must be true or false"):
        load_settings(path, InputFiles.of(tmp_path))
    path.write_text(text.replace("four_colour_deck: false", "four_colour_deck: true"))
    assert load_settings(path, InputFiles.of(tmp_path)).four_colour_deck


def test_a_contree_page_names_the_double_as_the_contree_book_does(site: Path) -> None:
    """The reader's review: Contrée's score sheets said "Not coinched" and "coinched contract";
    the FFB contrée book says contre and surcontre (the menu and pager name other pages)."""
    main = parse(page_file(site, "en", "practice/contree")).find_all("main")[0]
    pager = [nav.text() for nav in main.find_all("nav")]
    text = main.text()
    for other in pager:
        text = text.replace(other, "")
    assert "contred" in text.lower()
    assert "coinch" not in text.lower()


SOURCE_FILES = "https://github.com/belote-site/belote-site/blob/main/"


@pytest.mark.parametrize(("lang", "page"), [("en", "rules"), ("fr", "rules"), ("bg", "bidding")])
def test_every_page_links_to_the_files_a_reader_would_correct(
    site: Path, lang: str, page: str
) -> None:
    """Issue 22: the page's content file and, translated, its language's catalog."""
    assert f"source_files: {SOURCE_FILES}\n" in (ROOT / "content" / "site.yaml").read_text()
    (improve,) = [
        p
        for p in parse(page_file(site, lang, page)).find_all("p")
        if p.attrs.get("class") == "improve"
    ]
    links = [a.attrs["href"] for a in improve.find_all("a")]
    expected = [f"{SOURCE_FILES}content/pages/{page}.yaml"]
    if lang != "en":
        expected.append(f"{SOURCE_FILES}locales/{lang}/LC_MESSAGES/messages.po")
    assert links == expected


@pytest.mark.parametrize(
    "value",
    ["javascript:alert(1)", "http://example.org/", 'https://example.org/x"y/', "https://a/b"],
)
def test_the_source_files_address_must_be_an_https_folder(tmp_path: Path, value: str) -> None:
    text = (ROOT / "content" / "site.yaml").read_text(encoding="utf-8")
    path = tmp_path / "site.yaml"
    path.write_text(text.replace(f"source_files: {SOURCE_FILES}", f"source_files: '{value}'"))
    with pytest.raises(ContentError, match="source_files must be an https address ending in /"):
        load_settings(path, InputFiles.of(tmp_path))


def test_the_four_colour_setting_reaches_every_picture_of_a_page(tmp_path: Path) -> None:
    inputs = load_inputs(Project(ROOT))
    page = next(page for page in inputs.pages if page.key == "legal-cards")
    english = inputs.languages[0]
    four = dataclasses.replace(
        inputs, settings=dataclasses.replace(inputs.settings, four_colour_deck=True)
    )
    store = PictureStore(Cache(), dry=True)
    job = Job(page, english, inputs.languages)
    plain = Renderer(inputs).render(job, store).pictures
    coloured = Renderer(four).render(job, store).pictures
    assert plain and coloured and not plain & coloured


def test_the_four_colour_deck_draws_diamonds_blue() -> None:
    nine = Card.parse("9D")
    assert _blue_pixels(draw_card(nine, "9", True)) > 200  # the index and the nine pips
    assert _blue_pixels(draw_card(nine, "9", False)) == 0  # red diamonds


# What the not-found page says in each language: the catalogs' words, written out here.
NOT_FOUND = {
    "en": ("Page not found", "Go to the home page"),
    "cs": ("Stránka nenalezena", "Přejít na úvodní stránku"),
    "fr": ("Page introuvable", "Aller à la page d\u2019accueil"),
    "hr": ("Stranica nije pronađena", "Idite na početnu stranicu"),
    "sk": ("Stránka sa nenašla", "Prejsť na úvodnú stránku"),
    "vi": ("Không tìm thấy trang", "Về trang chủ"),
}


def _translators_not_found(lang: str) -> tuple[str, str]:
    """A language added after this test was written: its own translator's words."""
    catalog = read_catalog(po_path(ROOT, lang), lang)
    title, home = (str(catalog[message].string) for message in NOT_FOUND["en"])
    return title, home


def test_an_unknown_address_gets_a_page_in_every_language_leading_home(
    site: Path, base_url: str
) -> None:
    page = parse(site / "404.html")
    sections = page.find_all("section")
    langs = [section.attrs["lang"] for section in sections]
    # English, the source, first; then every advertised language once.
    assert langs[0] == "en" and sorted(langs) == sorted(tag(lang) for lang in ADVERTISED)
    for section in sections:
        lang = section.attrs["lang"].replace("-", "_")
        title, home = NOT_FOUND[lang] if lang in NOT_FOUND else _translators_not_found(lang)
        (heading,) = [*section.find_all("h1"), *section.find_all("h2")]
        assert heading.text() == title
        (link,) = section.find_all("a")
        # Served at any depth: the link is the home page's full address.
        assert (link.text(), link.attrs["href"]) == (home, f"{base_url}{lang}/index.html")
    # Its style and icon come from the host's root (the audit lets nothing load from a full
    # address, another host's to it), so they are found at any depth.
    root = urlsplit(base_url).path
    loads = [
        link.attrs["href"]
        for link in page.find_all("link")
        if link.attrs.get("rel") in ("stylesheet", "icon")
    ]
    assert loads and all(href.startswith(root) and href[1] != "/" for href in loads), loads
