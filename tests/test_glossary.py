"""The glossary, its links from the rules pages, and the one-page summaries.

The terms and the pages are read from the content files, the names each
language gives the terms from its catalog, and the alphabetical orders are
written out below by hand from each language's alphabet: the generator is
asked none of them.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml
from helpers.html import Element, parse
from helpers.project import LANGUAGES, ROOT, cli, copy_project, po_path, read_catalog, shared_build
from markupsafe import Markup, escape

from generator.site.pipeline.build import Project, load_inputs
from generator.site.rendering.collation import Tailoring
from generator.site.rendering.terms import Term, TermLinks

GLOSSARY = yaml.safe_load((ROOT / "content" / "pages" / "glossary.yaml").read_text("utf-8"))
TERMS = GLOSSARY["terms"]
SLUG = GLOSSARY["slug"]
# The terms issue 20 asks for, by their English names.
ASKED = {
    "taker", "defence", "trump", "trick", "lead", "follow suit", "to trump", "overtrump",
    "undertrump", "master card", "dedans", "litige", "capot", "belote-rebelote", "dix de der",
    "declarations", "tierce", "cinquante", "cent", "carré", "coinche", "surcoinche",
    "générale", "pass", "bid", "contract",
}  # fmt: skip

# Each language's alphabet, letter by letter, from its dictionaries (a letter that is
# not listed sorts as its letter without accents: Czech á as a). Bulgarian sorts its
# own letters before the Latin ones of a French word.
LATIN = "a b c d e f g h i j k l m n o p q r s t u v w x y z"
ALPHABETS = {
    "en": LATIN,
    "fr": LATIN,
    "cs": "a b c č d e f g h ch i j k l m n o p q r ř s š t u v w x y z ž",
    "sk": "a ä b c č d e f g h ch i j k l m n o ô p q r ř s š t u v w x y z ž",
    "hr": "a b c č ć d dž đ e f g h i j k l lj m n nj o p q r s š t u v w x y z ž",
    "vi": "a ă â b c d đ e ê f g h i j k l m n o ô ơ p q r s t u ư v w x y z",
    "bg": "а б в г д е ж з и й к л м н о п р с т у ф х ц ч ш щ ъ ь ю я " + LATIN,  # noqa: RUF001
}


def alphabetical(text: str, lang: str) -> list[int]:
    """The word as places in the language's alphabet (spaces, hyphens, commas ignored)."""
    letters = ALPHABETS[lang].split()
    text = unicodedata.normalize("NFC", text.lower())
    places: list[int] = []
    index = 0
    while index < len(text):
        for size in (2, 1):
            piece = text[index : index + size]
            if len(piece) == size and piece in letters:
                places.append(letters.index(piece))
                index += size
                break
        else:
            bare = unicodedata.normalize("NFD", text[index])[0]
            if bare in letters:
                places.append(letters.index(bare))
            else:
                assert not bare.isalpha(), f"{text[index]!r} is in no alphabet of {lang}"
            index += 1
    return places


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared_build(tmp_path_factory)[1]


def glossary_entries(site: Path, lang: str) -> list[Element]:
    page = parse(site / lang / SLUG / "index.html")
    return [dt for dt in page.find_all("dt") if dt.attrs.get("id", "").startswith("term-")]


def term_name(lang: str, english: str) -> str:
    if lang == "en":
        return english
    message = read_catalog(po_path(ROOT, lang), lang).get(english)
    assert message is not None and message.string, f"{lang}: {english!r} untranslated"
    return str(message.string)


def test_the_glossary_has_every_term_asked_for() -> None:
    assert {term["term"] for term in TERMS} >= ASKED


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_term_is_in_every_language_with_its_french_original(site: Path, lang: str) -> None:
    shown = {dt.attrs["id"]: dt for dt in glossary_entries(site, lang)}
    assert set(shown) == {f"term-{term['id']}" for term in TERMS}
    for term in TERMS:
        dt = shown[f"term-{term['id']}"]
        name = term_name(lang, term["term"])
        french = dt.find_all("span", class_="french")
        if name.lower() == term["french"].lower():
            assert dt.text() == name and not french
        else:
            assert dt.text() == f"{name} ({term['french']})"
            assert french[0].attrs["lang"] == "fr"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terms_are_in_the_language_s_alphabetical_order(site: Path, lang: str) -> None:
    names = [term_name(lang, term["term"]) for term in TERMS]
    shown = [dt.children[0].strip() for dt in glossary_entries(site, lang)]
    assert sorted(shown) == sorted(names)
    places = [alphabetical(name, lang) for name in shown]
    assert places == sorted(places), list(zip(shown, places, strict=True))


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        # Czech and Slovak "ch" is one letter, after "h"; č, ř, š, ž after c, r, s, z.
        ("cs", ["cena", "čaj", "hrad", "chata", "ihned", "ruka", "řeka", "sedm", "šest"]),
        # (Slovak á only breaks ties: ápno before auto; ä is a letter after a.)
        ("sk", ["ápno", "auto", "äno", "hora", "chlieb", "oko", "ôsmy", "pes"]),
        # Croatian dž, lj, nj are letters; ć after č.
        ("hr", ["crn", "čist", "ćup", "duga", "džep", "đak", "lopta", "ljubav", "nos", "njiva"]),
        # Vietnamese ă, â after a, đ after d; tones only break ties (cắt before cân).
        ("vi", ["capot", "cặp", "cắt", "cân", "dedans", "đội", "ơn", "ưa"]),
        # Bulgarian's own letters before the Latin ones of a French word.
        ("bg", ["анонси", "вътре", "коз", "dedans", "générale"]),
        # French accents only break ties.
        ("fr", ["dedans", "défense", "dix de der", "pli", "preneur"]),
    ],
)
def test_the_site_s_tailorings_sort_as_the_alphabet_does(lang: str, words: list[str]) -> None:
    settings = yaml.safe_load((ROOT / "content" / "site.yaml").read_text("utf-8"))
    tailoring = Tailoring.parse(settings.get("collation", {}).get(lang, []))
    assert sorted(reversed(words), key=tailoring.key) == words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_entry_links_to_the_section_that_explains_it(site: Path, lang: str) -> None:
    entries = {dt.attrs["id"]: dt for dt in glossary_entries(site, lang)}
    folder = site / lang / SLUG
    for term in TERMS:
        dt = entries[f"term-{term['id']}"]
        assert dt.parent is not None
        after = dt.parent.children[dt.parent.children.index(dt) + 1 :]
        definition = next(n for n in after if isinstance(n, Element) and n.tag == "dd")
        link = definition.find_all("a")[0]
        href = urlsplit(link.attrs["href"])
        target = (folder / href.path).resolve()
        assert target.is_file(), (term["id"], link.attrs["href"])
        assert target.parent.name == term["see"]["page"]
        if "section" in term["see"]:
            # The section's number, counted by hand from the page file's headings.
            number = _headings(term["see"]["page"]).index(term["see"]["section"]) + 1
            assert href.fragment == f"section-{number}"
            assert href.fragment in _ids(target)


@cache
def _headings(slug: str) -> list[str]:
    """The section headings of the page file with this slug, in order."""
    for path in (ROOT / "content" / "pages").glob("*.yaml"):
        page = yaml.safe_load(path.read_text("utf-8"))
        if page.get("slug") == slug:
            return [section["heading"] for section in page["sections"]]
    raise LookupError(slug)


@cache
def _ids(page: Path) -> frozenset[str]:
    return frozenset(str(e.attrs.get("id")) for e in parse(page).iter())


# The first uses of terms that the rules pages' English texts make (read from the page
# files by hand): each must be a link to its entry.
FIRST_USES = {
    "rules": ["trump", "trick", "dix-de-der", "capot", "dedans", "taker", "litige"],
    "bidding": ["pass", "bid", "contract", "coinche", "surcoinche", "defence"],
}


@pytest.mark.parametrize("page", sorted(FIRST_USES))
def test_the_rules_pages_link_the_first_use_of_each_term(site: Path, page: str) -> None:
    html = parse(site / "en" / page / "index.html")
    links = html.find_all("a", class_="term")
    targets = [urlsplit(a.attrs["href"]) for a in links]
    fragments = [target.fragment for target in targets]
    assert len(fragments) == len(set(fragments)), "a term linked twice on one page"
    for term_id in FIRST_USES[page]:
        assert f"term-{term_id}" in fragments, term_id
    glossary = site / "en" / page / targets[0].path
    ids = {e.attrs.get("id") for e in parse(glossary.resolve()).iter()}
    for target in targets:
        assert (site / "en" / page / target.path).resolve() == glossary.resolve()
        assert target.fragment in ids


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_term_link_of_every_language_resolves(site: Path, lang: str) -> None:
    ids = {e.attrs.get("id") for e in parse(site / lang / SLUG / "index.html").iter()}
    linked = 0
    for page in ("rules", "bidding", "contracts", "coinche-books"):
        for a in parse(site / lang / page / "index.html").find_all("a", class_="term"):
            href = urlsplit(a.attrs["href"])
            assert (site / lang / page / href.path).resolve() == (
                site / lang / SLUG / "index.html"
            ).resolve()
            assert href.fragment in ids
            linked += 1
    assert linked >= 10, f"{lang}: only {linked} term links on the rules pages"


def links(terms: list[tuple[str, str]]) -> TermLinks:
    return TermLinks([Term.of(name, href) for name, href in terms])


def test_a_term_is_linked_at_its_first_use_only() -> None:
    page = links([("trick", "#t")])
    first = page.link(escape("The first trick, and the tricks after it."))
    again = page.link(escape("Another trick."))
    assert str(first) == 'The first <a class="term" href="#t">trick</a>, and the tricks after it.'
    assert str(again) == "Another trick."


def test_declined_forms_are_found_and_short_words_only_whole() -> None:
    czech = links([("štych", "#s"), ("obrana", "#o")])
    assert '<a class="term" href="#s">štychu</a>' in czech.link(escape("Při prvním štychu"))
    assert '<a class="term" href="#o">obrany</a>' in czech.link(escape("body obrany"))
    english = links([("to trump", "#t")])
    assert str(english.link(escape("the side that took trump"))) == "the side that took trump"


def test_a_more_particular_term_owns_its_words() -> None:
    page = links([("kontra", "#coinche"), ("kontrakt", "#contract")])
    first = str(page.link(escape("Kontrakt je splněn.")))
    second = str(page.link(escape("Kontrakt, nebo kontra?")))
    assert first == '<a class="term" href="#contract">Kontrakt</a> je splněn.'
    assert second == 'Kontrakt, nebo <a class="term" href="#coinche">kontra</a>?'


def test_links_stay_out_of_tags_and_links_and_names_stay_text() -> None:
    page = links([("trick", "#t"), ('<b onclick="x">bid</b>', "#b")])
    html = Markup('<a href="#x">trick</a> <span title="trick">a trick</span>')
    assert str(page.link(html)) == (
        '<a href="#x">trick</a> <span title="trick">a <a class="term" href="#t">trick</a></span>'
    )
    hostile = str(page.link(escape('a <b onclick="x">bid</b> here')))
    assert "<b" not in hostile and 'href="#b"' in hostile


def test_the_glossary_is_in_the_rules_menu_and_the_sitemap(site: Path) -> None:
    rules = parse(site / "en" / "rules" / "index.html")
    (menu,) = rules.find_all("nav", class_="section-pages")
    assert f"../../en/{SLUG}/index.html" in {a.attrs["href"] for a in menu.find_all("a")}
    sitemap = (site / "sitemap.xml").read_text("utf-8")
    for lang in LANGUAGES:
        assert re.search(rf"<loc>[^<]*/{lang}/{SLUG}/</loc>", sitemap), lang


@pytest.mark.parametrize(
    ("page", "summary"),
    [
        ("rules", "summary-belote"),
        ("learn-belote", "summary-belote"),
        ("bidding", "summary-coinche"),
        ("learn-coinche", "summary-coinche"),
    ],
)
def test_the_rules_pages_link_their_printable_summary(site: Path, page: str, summary: str) -> None:
    for lang in LANGUAGES:
        html = parse(site / lang / page / "index.html")
        hrefs = {a.attrs["href"] for a in html.find_all("a")}
        assert f"../../{lang}/{summary}/index.html" in hrefs, lang
        assert (site / lang / summary / "index.html").is_file()


def test_contributing_sends_translators_to_the_glossary_page() -> None:
    text = " ".join((ROOT / "CONTRIBUTING.md").read_text("utf-8").split())
    assert f"{SLUG}/" in text and "follow the site's glossary page for your language" in text


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_project(tmp_path_factory.mktemp("glossary") / "project")


@pytest.mark.parametrize(
    ("page", "old", "new", "said"),
    [
        # An entry's section is checked against the page's headings.
        (
            "glossary.yaml",
            "see: {page: rules, section: Dedans}",
            "see: {page: rules, section: Dedan}",
            "page rules has no section 'Dedan'",
        ),
        ("glossary.yaml", "  - id: pass\n", "  - id: Pass!\n", "a term id is lower-case"),
        # A summary is printed on one sheet: it shows no examples.
        (
            "summary-belote.yaml",
            "      - show: declaration-values\n",
            "      - show: declaration-values\n      - example:\n"
            "          scenario: rules-page-capot\n          title: A\n          text: B\n",
            "a summary shows no examples",
        ),
    ],
)
def test_check_refuses_a_broken_glossary_or_summary(
    copy: Path, capsys: pytest.CaptureFixture[str], page: str, old: str, new: str, said: str
) -> None:
    path = copy / "content" / "pages" / page
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    try:
        status, out, err = cli(capsys, copy, "check")
    finally:
        path.write_text(text, "utf-8")
    assert status == 2, out + err
    assert f"content/pages/{page}:" in err and said in err, err


def test_pages_are_rebuilt_when_the_pages_they_draw_on_change() -> None:
    # The glossary numbers its links from the rules pages' headings, and the rules pages
    # link the glossary's terms: each is made from the other's file too.
    every = load_inputs(Project(ROOT)).pages
    pages = {page.key: page for page in every}
    pages_folder = ROOT / "content" / "pages"
    glossary = pages[SLUG]
    for term in TERMS:
        if "section" in term["see"]:
            assert pages[term["see"]["page"]].source in glossary.inputs, term["id"]
    for key in ("rules", "bidding", "contracts", "coinche-books"):
        page = pages[key]
        drawn_on = [path for other in page.kind.draws_on(page, every) for path in other.inputs]
        assert pages_folder / "glossary.yaml" in drawn_on, key
