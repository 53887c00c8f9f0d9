"""Translations: extraction, the `locale` commands, the catalog checks and the pages they give.

Everything that changes a catalog or the content works on a copy of the
project (helpers.project). Expected wording comes from the seed pages in
tests/reference/seeds/ (copies of the seed
pages; 000 Slovak, 002 Vietnamese), expected plural rules and
language names from Babel's CLDR data, never from the generator's output.
"""

from __future__ import annotations

import dataclasses
import io
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from gettext import GNUTranslations
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po
from helpers.html import Element, parse
from helpers.pages import alternates, base_url_of, code, link_file, notice, own_name, page_file
from helpers.pages import switcher as language_links
from helpers.project import (
    LANGUAGES,
    PAGES,
    PYBABEL,
    ROOT,
    cli,
    cli_quiet,
    copy_project,
    fill,
    fixture_copy,
    fresh_copy,
    po_path,
    read_catalog,
    run_captured,
    shared_build,
    write_catalog,
)

from generator.content.catalogs import Messages
from generator.content.files import InputFiles
from generator.site.rendering.i18n import Gettext, Language, load_language
from generator.site.rendering.vocabulary import load_vocabulary
from generator.site.rendering.words import Words

TITLE = "Which card may I play?"
ALLOWED = "Card by card"
POINTS = ("%(num)s point", "%(num)s points")


# The languages these tests add: ones the project has no catalog for yet, so that
# a translator's new catalog never collides with them (a language of three
# plural forms, and one written right to left).
ADDED = next(code for code in ("pl", "ru", "uk", "lt") if code not in LANGUAGES)
RTL = next(code for code in ("ar", "he", "fa") if code not in LANGUAGES)
# The throwaway copy keeps English and one language the project has beside the two it adds:
# what these tests prove of the project's languages is the same for each of them.
KEPT = tuple(LANGUAGES[:2])


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return shared_build(tmp_path_factory)


def line_of(path: Path, needle: str) -> int:
    """The 1-based number of the only line of `path` containing `needle`."""
    found = [
        number
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if needle in line
    ]
    assert len(found) == 1, (path, needle, found)
    return found[0]


def texts_in(page: Element, text: str) -> list[Element]:
    """The elements whose own text (whitespace collapsed) is exactly `text`."""
    return [element for piece, element in page.text_nodes() if piece == text]


# ---------------------------------------------------------------------------
# extraction


@pytest.fixture(scope="module")
def extracted(built: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The standard extraction, run in a copy of the project as CONTRIBUTING.md shows it."""
    project, _ = built
    pot = tmp_path_factory.mktemp("extract") / "X.pot"
    result = subprocess.run(
        [str(PYBABEL), "extract", "-F", "babel.cfg", "-o", str(pot), "."],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return pot


def _pot_entry(pot: Path, msgid: str, context: str | None = None) -> tuple[list[str], str]:
    """The `#:` locations and the whole text of one entry of a .pot file."""
    for block in pot.read_text(encoding="utf-8").split("\n\n"):
        if f'\nmsgid "{msgid}"' in f"\n{block}" and (
            context is None or f'msgctxt "{context}"' in block
        ):
            locations = [
                loc
                for line in block.splitlines()
                if line.startswith("#:")
                for loc in line.split()[1:]
            ]
            return locations, block
    raise AssertionError(f"{msgid!r} is not in {pot}")


def test_extraction_collects_template_messages(built: tuple[Path, Path], extracted: Path) -> None:
    project, _ = built
    locations, _ = _pot_entry(extracted, ALLOWED)
    line = line_of(project / "templates" / "example_play.html", ALLOWED)
    assert f"templates/example_play.html:{line}" in locations


def test_extraction_collects_page_texts_with_file_and_line(
    built: tuple[Path, Path], extracted: Path
) -> None:
    project, _ = built
    page = project / "content" / "pages" / "legal-cards.yaml"
    locations, _ = _pot_entry(extracted, TITLE)
    assert f"content/pages/legal-cards.yaml:{line_of(page, f'title: {TITLE}')}" in locations
    summary = "If the led suit is asked for, we must play it."
    locations, _ = _pot_entry(extracted, summary)
    assert f"content/pages/legal-cards.yaml:{line_of(page, summary)}" in locations
    locations, _ = _pot_entry(extracted, "Follow suit")
    assert f"content/pages/legal-cards.yaml:{line_of(page, 'heading: Follow suit')}" in locations


def test_extraction_collects_vocabulary_with_its_context(
    built: tuple[Path, Path], extracted: Path
) -> None:
    project, _ = built
    locations, block = _pot_entry(extracted, "King of spades", context="card")
    assert 'msgctxt "card"' in block
    line = line_of(project / "content" / "vocabulary.yaml", "KS: King of spades")
    assert f"content/vocabulary.yaml:{line}" in locations
    # A seat's hand is a phrase of its own, in its own context.
    _, block = _pot_entry(extracted, "North's hand:", context="hand")
    assert 'msgctxt "hand"' in block


def test_extraction_collects_plural_messages(extracted: Path) -> None:
    with extracted.open("rb") as handle:
        pot = read_po(handle)
    points = pot.get(POINTS[0])
    assert points is not None and tuple(points.id) == POINTS
    value = pot.get("Trick value: %(sum)s = %(num)s point.")
    assert value is not None and value.pluralizable


def test_no_compiled_catalog_is_committed() -> None:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert listed, "git ls-files listed nothing"
    assert "locales/messages.pot" in listed
    assert not [name for name in listed if name.endswith(".mo")]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_a_language_gives_each_message_as_gettext_does(lang: str) -> None:
    """The build keeps a catalog's messages, not gettext's decoder (which held them twice
    over): each lookup, every plural form included, is the one gettext gives, on every
    message of the language's catalog and every count from 0 to 120."""
    catalog = read_catalog(po_path(ROOT, lang), lang)
    gettext = GNUTranslations(io.BytesIO(Messages.compiled(catalog)))
    language = load_language(ROOT / "locales", lang, InputFiles.of(ROOT / "locales"))
    assert language.messages is not None and len(language.messages.entries) > 100
    for message in catalog:
        if not message.id:
            continue
        context = message.context
        if isinstance(message.id, (list, tuple)):
            singular, plural = message.id[0], message.id[1]
            for n in range(121):
                expected = (
                    gettext.npgettext(context, singular, plural, n)
                    if context
                    else gettext.ngettext(singular, plural, n)
                )
                assert language.text((context, singular), plural, n) == expected, (singular, n)
        else:
            expected = (
                gettext.pgettext(context, message.id) if context else gettext.gettext(message.id)
            )
            assert language.text((context, message.id)) == expected, message.id


def test_what_a_language_remembers_is_what_it_works_out_afresh() -> None:
    """A message's HTML and a number's spelling are kept for the language being rendered:
    asked of one language, then of another (which drops the first's), and again, every
    answer is the one a copy of the language that remembers nothing gives."""
    files = InputFiles.of(ROOT / "locales")
    used = {lang: load_language(ROOT / "locales", lang, files) for lang in ("fr", "cs")}
    entries = used["cs"].messages.entries  # type: ignore[union-attr]
    plurals = [key for key, forms in entries.items() if len(forms) > 1]
    assert plurals, "Czech has plural messages"
    numbers: list[int | float] = [0, 2, 2.0, 2.5, 999, 1000, 1234.5, 10000, 80000, 1_000_000]
    questions: list[tuple[object, int]] = [(value, 0) for value in numbers] + [
        (key, n) for key in plurals + sorted(entries, key=str)[:100] for n in (1, 2, 5, 21)
    ]

    def ask(language: Language, question: tuple[object, int]) -> str:
        asked, n = question
        if isinstance(asked, tuple):
            return language.html(asked, asked[1], n)
        assert isinstance(asked, (int, float))
        return language.number(asked)

    expected = {
        lang: [ask(dataclasses.replace(language), question) for question in questions]
        for lang, language in used.items()
    }
    # One language after the other, as a build renders them, and each twice over.
    for _ in range(2):
        for lang, language in used.items():
            for _ in range(2):
                answers = [ask(language, question) for question in questions]
                assert answers == expected[lang], lang
    forms = {expected["cs"][questions.index((plurals[0], n))] for n in (1, 2, 5)}
    assert len(forms) == 3, "a Czech plural has three forms for 1, 2 and 5"


# ---------------------------------------------------------------------------
# locale add


@pytest.fixture(scope="module")
def added(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy with Polish added (catalogs only; nothing built)."""
    project = copy_project(tmp_path_factory.mktemp("added") / "project")
    cli_quiet(project, "locale", "add", ADDED)
    return project


def test_locale_add_creates_a_catalog_with_cldr_plural_forms(added: Path) -> None:
    path = po_path(added, ADDED)
    assert path.is_file()
    catalog = read_catalog(path, ADDED)
    assert catalog.num_plurals == get_plural(ADDED).num_plurals
    header = dict(catalog.mime_headers)
    assert header["Plural-Forms"] == get_plural(ADDED).plural_forms
    assert header["Language"] == ADDED
    # Every message to translate is there, untranslated.
    assert catalog.get(TITLE) is not None and not catalog.get(TITLE).string
    assert catalog.get("King of spades", context="card") is not None
    points = catalog.get(POINTS[0])
    assert points is not None and len(points.string) == 3 and not any(points.string)


@pytest.mark.parametrize("code", [ADDED, "sk", "../x", "zz_ZZ_bad", "..", "sk/../../x", "en"])
def test_locale_add_refuses_existing_or_bad_codes(
    added: Path, capsys: pytest.CaptureFixture[str], code: str
) -> None:
    before = sorted(str(p.relative_to(added.parent)) for p in added.parent.rglob("*"))
    catalog = po_path(added, ADDED).read_bytes()
    status, out, err = cli(capsys, added, "locale", "add", code)
    assert status == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err
    after = sorted(str(p.relative_to(added.parent)) for p in added.parent.rglob("*"))
    assert after == before
    assert po_path(added, ADDED).read_bytes() == catalog


def test_locale_add_accepts_every_code_the_build_accepts(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    """es_419 (Latin American Spanish) is a CLDR locale, and the build reads its folder."""
    project = copy_project(tmp_path_factory.mktemp("es419") / "project")
    status, _, err = cli(capsys, project, "locale", "add", "es_419")
    assert status == 0, err
    assert po_path(project, "es_419").is_file()


# ---------------------------------------------------------------------------
# new languages built: Polish (translated by a script) and Arabic (untranslated)

PL = f"[{ADDED}]"  # what the stand-in translations start with
AR = f"[{RTL}]"
# The only words drawn into pictures, the card faces' rank letters: translated as
# themselves, so that the faces are those already drawn for English.
DRAWN = {"rank-letter"}


def _drawn(message: Message) -> bool:
    return message.context in DRAWN


@dataclass
class Throwaway:
    """A copy with Polish and Arabic added, built twice.

    First build: every Polish message translated except the legal-cards
    title; in Arabic only "Card by card", fuzzy, and the points plural
    with its first form of six. Second build: the Polish title translated,
    the Arabic fuzzy entry checked and its plural completed.
    """

    project: Path
    first: Path
    second: Path
    built_first: tuple[int, str, str]  # the first build's status, output and summary
    stats_first: tuple[int, str, str]  # `locale stats --pages`
    stats_second: tuple[int, str, str]  # `locale stats --min 100`
    total: int  # messages in a catalog
    plural_forms: dict[str, str]  # each new catalog's Plural-Forms header, as `locale add` wrote it


def _translate_polish(path: Path, *, title: bool) -> None:
    catalog = read_catalog(path, ADDED)
    drawn = {(m.context, m.id) for m in catalog if _drawn(m)}
    fill(catalog, PL, skip=drawn | ({(None, TITLE)} if not title else set()))
    for message in catalog:
        if not _drawn(message):
            continue
        if isinstance(message.id, tuple):
            # Every form filled: Polish has three, English two.
            message.string = (message.id[0], *[message.id[1]] * (catalog.num_plurals - 1))
        else:
            message.string = message.id
    write_catalog(path, catalog)


def _translate_arabic(path: Path, *, checked: bool) -> None:
    catalog = read_catalog(path, RTL)
    forms = catalog.num_plurals
    allowed = catalog.get(ALLOWED)
    points = catalog.get(POINTS[0])
    if checked:
        allowed.string = f"{AR} {ALLOWED}"
        allowed.flags.discard("fuzzy")
        points.string = tuple(f"{AR} {form}" for form in (POINTS[0], *[POINTS[1]] * (forms - 1)))
        points.flags.discard("fuzzy")
    else:
        allowed.string = f"{AR} FUZZY {ALLOWED}"
        allowed.flags.add("fuzzy")
        # Half-filled plural forms would fail `check` (and so the build): keep it fuzzy.
        points.string = (f"{AR} {POINTS[0]}", *[""] * (forms - 1))
        points.flags.add("fuzzy")
    write_catalog(path, catalog)


@pytest.fixture(scope="module")
def throwaway(tmp_path_factory: pytest.TempPathFactory) -> Throwaway:
    project = fresh_copy(tmp_path_factory, "throwaway")
    for lang in LANGUAGES[len(KEPT) :]:
        shutil.rmtree(project / "locales" / lang)
    # Advertise languages however little they translate: these tests follow the links.
    settings = project / "content" / "site.yaml"
    text = settings.read_text(encoding="utf-8")
    settings.write_text(re.sub(r"(?m)^advertise_from: \d+$", "advertise_from: 0", text))
    cli_quiet(project, "locale", "add", ADDED)
    cli_quiet(project, "locale", "add", RTL)
    total = sum(1 for message in read_catalog(po_path(project, ADDED), ADDED) if message.id)
    plural_forms = {
        lang: dict(read_catalog(po_path(project, lang), lang).mime_headers)["Plural-Forms"]
        for lang in (ADDED, RTL)
    }
    _translate_polish(po_path(project, ADDED), title=False)
    _translate_arabic(po_path(project, RTL), checked=False)
    first = project.parent / "first"
    built_first = run_captured(project, "build", "--out", first)
    assert built_first[0] == 0, built_first
    stats_first = run_captured(project, "locale", "stats", "--pages")

    _translate_polish(po_path(project, ADDED), title=True)
    _translate_arabic(po_path(project, RTL), checked=True)
    second = project.parent / "second"
    cli_quiet(project, "build", "--out", second)
    stats_second = run_captured(project, "locale", "stats", "--min", "100")
    return Throwaway(
        project, first, second, built_first, stats_first, stats_second, total, plural_forms
    )


def test_added_languages_have_cldr_plural_forms(throwaway: Throwaway) -> None:
    for lang in (ADDED, RTL):
        nplurals = get_plural(lang).num_plurals
        assert throwaway.plural_forms[lang] == get_plural(lang).plural_forms
        assert throwaway.plural_forms[lang].startswith(f"nplurals={nplurals};")


def test_added_languages_are_built(throwaway: Throwaway) -> None:
    for lang in (ADDED, RTL):
        for page in PAGES:
            assert page_file(throwaway.first, lang, page).is_file(), f"{lang}/{page}"


def test_root_page_lists_added_languages_in_their_own_names(throwaway: Throwaway) -> None:
    root = parse(throwaway.first / "index.html")
    names = {
        code(a.attrs["hreflang"]): a.text() for a in root.find_all("a") if "hreflang" in a.attrs
    }
    assert names[ADDED] == own_name(ADDED)
    assert names[RTL] == own_name(RTL)
    for lang in (*KEPT, ADDED, RTL):
        assert names[lang] == own_name(lang)


def test_every_page_links_to_the_added_languages(throwaway: Throwaway) -> None:
    site = throwaway.first
    base = base_url_of(site)
    for lang in (*KEPT, ADDED, RTL):
        for page in PAGES:
            path = page_file(site, lang, page)
            html = parse(path)
            links = language_links(html)
            found = alternates(html)
            for added in (ADDED, RTL):
                assert link_file(path, links[added].attrs["href"]) == page_file(site, added, page)
                assert found[added] == base + f"{added}/{page}"


@pytest.mark.parametrize(("lang", "direction"), [(RTL, "rtl"), (ADDED, "ltr"), ("en", "ltr")])
def test_html_direction_follows_the_language(
    throwaway: Throwaway, lang: str, direction: str
) -> None:
    for page in PAGES:
        html = parse(page_file(throwaway.first, lang, page)).find_all("html")[0]
        assert (html.attrs.get("lang"), html.attrs.get("dir")) == (lang, direction)


def test_untranslated_text_falls_back_to_english_marked_as_english(throwaway: Throwaway) -> None:
    page = parse(page_file(throwaway.first, RTL, "legal-cards/"))
    assert page.find_all("html")[0].attrs["lang"] == RTL
    for text in (TITLE, "Follow suit", "King of spades"):
        holders = texts_in(page, text)
        assert holders, text
        assert all(holder.lang() == "en" for holder in holders), text
    notices = notice(page)
    assert len(notices) == 1 and "incomplete" in notices[0].text()


def test_a_fuzzy_translation_is_not_used(throwaway: Throwaway) -> None:
    page = parse(page_file(throwaway.first, RTL, "legal-cards/"))
    assert "FUZZY" not in page.text()
    holders = texts_in(page, ALLOWED)
    assert holders and all(holder.lang() == "en" for holder in holders)


def test_a_missing_message_falls_back_the_rest_is_translated(throwaway: Throwaway) -> None:
    page = parse(page_file(throwaway.first, ADDED, "legal-cards/"))
    assert [h1.text() for h1 in page.find_all("h1")] == [TITLE]
    holders = texts_in(page, TITLE)
    assert holders and all(holder.lang() == "en" for holder in holders)
    for text in ("Follow suit", ALLOWED):
        holders = texts_in(page, f"{PL} {text}")
        assert holders and all(holder.lang() == ADDED for holder in holders), text
        assert not texts_in(page, text)
    assert notice(page)


def test_a_translated_message_is_no_longer_marked(throwaway: Throwaway) -> None:
    page = parse(page_file(throwaway.second, ADDED, "legal-cards/"))
    assert [h1.text() for h1 in page.find_all("h1")] == [f"{PL} {TITLE}"]
    assert all(holder.lang() == ADDED for holder in texts_in(page, f"{PL} {TITLE}"))
    assert not texts_in(page, TITLE)
    assert not notice(page)
    page = parse(page_file(throwaway.second, RTL, "legal-cards/"))
    holders = texts_in(page, f"{AR} {ALLOWED}")
    assert holders and all(holder.lang() == RTL for holder in holders)
    assert not texts_in(page, ALLOWED)


@pytest.mark.parametrize("page", PAGES)
def test_a_fully_translated_language_has_no_english_left(throwaway: Throwaway, page: str) -> None:
    """Every message of every page can be translated: nothing is left in English."""
    html = parse(page_file(throwaway.second, ADDED, page))
    assert not notice(html)
    english = [
        element
        for element in html.iter()
        if element.attrs.get("lang") == "en" and element.attrs.get("hreflang") != "en"
    ]
    assert not [element.text() for element in english]


# ---------------------------------------------------------------------------
# locale stats

# A row: language, page (none in the default table), translated, fuzzy, missing, percent.
ROW = re.compile(r"^(\w+)\s+(?:(\S+(?: \S+)?)\s+)?(\d+)\s+(\d+)\s+(\d+)\s+(\d+) %$")
WHOLE_SITE = ("", "all pages")  # how each table names the row of the whole site


def stats_rows(output: str) -> dict[str, dict[str, tuple[int, int, int, int]]]:
    """`locale stats` output as {language: {page or "all": (translated, fuzzy, missing, %)}}."""
    table: dict[str, dict[str, tuple[int, int, int, int]]] = {}
    for line in output.splitlines():
        found = ROW.match(line)
        if found:
            lang, page, translated, fuzzy, missing, percent = found.groups()
            key = "all" if (page or "") in WHOLE_SITE else page
            counts = (int(translated), int(fuzzy), int(missing), int(percent))
            table.setdefault(lang, {})[key] = counts
    return table


def stats_table(output: str) -> dict[str, dict[str, tuple[int, int, int]]]:
    """`locale stats` output as {language: {page or "all": (translated, fuzzy, missing)}}."""
    return {
        lang: {page: counts[:3] for page, counts in row.items()}
        for lang, row in stats_rows(output).items()
    }


def test_stats_count_per_language_and_page(throwaway: Throwaway) -> None:
    status, out, _ = throwaway.stats_first
    assert status == 0  # no --min: a report, not a verdict
    table = stats_table(out)
    assert set(table) == {*KEPT[1:], ADDED, RTL}
    pl = table[ADDED]
    assert {"all", "home", "legal-cards", "rules"} <= set(pl)
    # All translated but the legal-cards title, which the site shows; the site
    # shows no more messages than the catalog has.
    assert pl["all"][1:] == (0, 1)
    assert 0 < sum(pl["all"]) <= throwaway.total
    assert pl["legal-cards"][1:] == (0, 1)
    # A page counts only the messages it shows.
    assert 0 < sum(pl["legal-cards"]) < sum(pl["all"])


def test_stats_fuzzy_is_not_translated_nor_a_partial_plural(throwaway: Throwaway) -> None:
    table = stats_table(throwaway.stats_first[1])
    ar = table[RTL]
    # "Card by card" and the half-filled points plural are fuzzy; the other
    # plural entries have no form (Babel's statistics would count them all).
    assert ar["all"][:2] == (0, 2)
    assert sum(ar["all"]) == sum(table[ADDED]["all"])  # the same pages, the same messages
    assert ar["legal-cards"][:2] == (0, 1)
    for counts in ar.values():
        assert counts[0] == 0


def test_stats_checked_and_completed_entries_count_as_translated(throwaway: Throwaway) -> None:
    table = stats_table(throwaway.stats_second[1])
    shown = sum(table[ADDED]["all"])
    assert table[RTL]["all"] == (2, 0, shown - 2)
    assert table[ADDED]["all"] == (shown, 0, 0)
    pl_line = next(
        line for line in throwaway.stats_second[1].splitlines() if line.startswith(ADDED)
    )
    assert pl_line.endswith(" 100 %")


def test_stats_say_the_builds_percentage(throwaway: Throwaway) -> None:
    """The same share as the build's summary; one missing message of hundreds is not 100 %."""
    summary = throwaway.built_first[2]
    said = dict(re.findall(r"\b(\w+) (\d+) %", summary.rsplit("languages:", 1)[1]))
    rows = stats_rows(throwaway.stats_first[1])
    assert {lang: str(row["all"][3]) for lang, row in rows.items()} == {
        lang: percent for lang, percent in said.items() if lang != "en"
    }
    assert said[ADDED] == "99" and said[RTL] == "0"


def test_stats_fit_an_80_column_terminal(throwaway: Throwaway) -> None:
    status, out, err = run_captured(throwaway.project, "locale", "stats")
    assert status == 0, err
    assert set(stats_table(out)) == {*KEPT[1:], ADDED, RTL}
    assert all(set(row) == {"all"} for row in stats_table(out).values())
    too_wide = [line for line in out.splitlines() if len(line) > 80]
    assert not too_wide


def test_stats_min_exits_1_when_a_language_is_below(throwaway: Throwaway) -> None:
    status, _, err = throwaway.stats_second
    assert status == 1
    below = err.strip().splitlines()[-1]
    assert RTL in below and ADDED not in below


def test_stats_min_exits_0_when_every_language_is_complete(
    throwaway: Throwaway, tmp_path_factory: pytest.TempPathFactory
) -> None:
    project = copy_project(tmp_path_factory.mktemp("complete") / "project")
    shutil.rmtree(project / "locales")
    po_path(project, ADDED).parent.mkdir(parents=True)
    shutil.copy(po_path(throwaway.project, ADDED), po_path(project, ADDED))
    status, out, err = run_captured(project, "locale", "stats", "--min", "100")
    assert status == 0, out + err
    assert stats_table(out)[ADDED]["all"][1:] == (0, 0)


def test_stats_pages_agree_with_the_built_pages(throwaway: Throwaway) -> None:
    """A page whose stats show nothing missing or fuzzy is a page without the notice.

    In the first build only the Polish legal-cards title is missing: the
    pages that show it (as a heading or as a link) are incomplete, and
    their column of the stats must say so.
    """
    table = stats_table(throwaway.stats_first[1])
    columns = {"home": "", "legal-cards": "legal-cards/", "rules": "rules/"}
    columns |= {name: name + "/" for name in table[ADDED] if name.startswith("variants/")}
    disagree = []
    for lang in (ADDED, RTL):
        for column, page in columns.items():
            _, fuzzy, missing = table[lang][column]
            incomplete = bool(notice(parse(page_file(throwaway.first, lang, page))))
            if incomplete != bool(fuzzy or missing):
                disagree.append(
                    f"{lang} {column}: stats {table[lang][column]}, notice {incomplete}"
                )
    assert not disagree


# ---------------------------------------------------------------------------
# locale update


def test_locale_update_merges_a_changed_message_as_fuzzy(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    # The small project (tests/fixture): its French catalog translates the heading.
    project = fixture_copy(tmp_path_factory.mktemp("update") / "project")
    status, _, err = cli(capsys, project, "locale", "update")
    assert status == 0, err
    fr = read_catalog(po_path(project, "fr"), "fr").get("Follow suit")
    assert fr is not None and fr.string == "Fournir la couleur"
    page = project / "content" / "pages" / "legal-cards.yaml"
    text = page.read_text(encoding="utf-8")
    assert "  - heading: Follow suit\n" in text
    page.write_text(text.replace("  - heading: Follow suit\n", "  - heading: Following suit\n"))
    pot = project / "locales" / "messages.pot"
    pot_before = pot.read_text(encoding="utf-8")

    status, _, err = cli(capsys, project, "locale", "update")
    assert status == 0, err

    pot_text = pot.read_text(encoding="utf-8")
    assert pot_text != pot_before
    locations, _ = _pot_entry(pot, "Following suit")
    assert f"content/pages/legal-cards.yaml:{line_of(page, 'heading: Following suit')}" in locations
    assert 'msgid "Follow suit"' not in pot_text
    fr = read_catalog(po_path(project, "fr"), "fr").get("Following suit")
    # The old heading is the nearest old message: its translation, to be checked.
    assert fr is not None and fr.fuzzy and fr.string == "Fournir la couleur"


# ---------------------------------------------------------------------------
# check: what a translation may not do


def _catalog_text(lang: str = "sk") -> str:
    """A small, correct Slovak catalog, as a PO file's text."""
    catalog = Catalog(locale=lang)
    catalog.add("Rule set: %(name)s.", "Pravidlá: %(name)s.", flags=["python-format"])
    catalog.add(POINTS, ("%(num)s bod", "%(num)s body", "%(num)s bodov"), flags=["python-format"])
    catalog.add("King of spades", "Kráľ piky", context="card")
    catalog.add(ALLOWED, "Karta po karte")
    catalog.add("100 %% sure", "na 100 %% isté")
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0)
    return buffer.getvalue().decode("utf-8")


def _check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], built: tuple[Path, Path], text: str
) -> tuple[int, str, str, Path]:
    project = tmp_path / "project"
    path = po_path(project, "sk")
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    content = built[0] / "content"
    seed = content / "scenarios" / "legal-cards" / "seed.yaml"
    status, out, err = cli(capsys, project, "--content", content, "check", seed)
    return status, out, err, path


def _entry_lines(path: Path, needle: str) -> range:
    """The lines of the PO entry holding `needle`: from its first comment to its last msgstr."""
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if needle in line)
    start = at
    while start > 0 and lines[start - 1].strip():
        start -= 1
    end = at
    while end + 1 < len(lines) and lines[end + 1].strip():
        end += 1
    return range(start + 1, end + 2)


def test_check_passes_a_correct_catalog(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], built: tuple[Path, Path]
) -> None:
    status, out, err, _ = _check(tmp_path, capsys, built, _catalog_text())
    assert (status, out) == (0, ""), err


BROKEN = {
    "placeholder": ('msgstr "Pravidlá: %(name)s."', 'msgstr "Pravidlá: %(nme)s."'),
    "script": ('msgstr "Karta po karte"', 'msgstr "<script>alert(1)</script>Karta po karte"'),
    "tag": ('msgstr "Karta po karte"', 'msgstr "<b>Karta</b> po karte"'),
    "unclosed-tag": (
        'msgstr "Karta po karte"',
        'msgstr "Karta po karte <img src=x onerror=alert(1) "',
    ),
    "stray-percent": ('msgstr "na 100 %% isté"', 'msgstr "na 100 % isté"'),
    "plural-forms-too-few": ('msgstr[2] "%(num)s bodov"\n', ""),
    "plural-forms-too-many": (
        'msgstr[2] "%(num)s bodov"\n',
        'msgstr[2] "%(num)s bodov"\nmsgstr[3] "%(num)s bodu"\n',
    ),
}
NEEDLES = {
    "placeholder": "Rule set:",
    "script": ALLOWED,
    "tag": ALLOWED,
    "unclosed-tag": ALLOWED,
    "stray-percent": "100 %% sure",
    "plural-forms-too-few": POINTS[0],
    "plural-forms-too-many": POINTS[0],
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_check_fails_on_a_broken_translation_naming_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], built: tuple[Path, Path], case: str
) -> None:
    old, new = BROKEN[case]
    text = _catalog_text()
    assert old in text
    status, out, err, path = _check(tmp_path, capsys, built, text.replace(old, new, 1))
    report = out + err
    found = [int(n) for n in re.findall(re.escape(str(path)) + r":(\d+)", report)]
    assert found, report
    assert set(found) <= set(_entry_lines(path, NEEDLES[case])), (found, report)
    assert status == 2, report


# ---------------------------------------------------------------------------
# the seed pages: Slovak (000) and Vietnamese (002)

SEEDS = {
    "sk": {
        "title": "Akú kartu je dovolené zahrať?",
        "summary": [
            "Ak máme vyžiadanú farbu, musíme ju zahrať.",
            "Ak sa žiada trumf, zahráme vyšší trumf, ak môžeme, aj na partnera.",
            "Bez danej farby: ak je partner víťaz, karta je voľná; inak trumfneme, vyšším "
            "trumfom než súper, ak môžeme.",
        ],
        "cards": ["Kráľ piky", "Spodok srdca", "Desiatka sŕdc", "Sedmička piky", "Eso krížov"],
        "lines": [
            "S trumfom, pravidlá Maison, trumf srdce.",
            "11 + 10 + 0 + 20 = 41 bodov.",
            "Karta po karte",
        ],
        # The first example's hand (its cards to try) and allowed cards, by their alt text.
        "hand": (
            "Ruka Severu:",
            ["Kráľ piky", "Sedmička piky", "Spodok srdca", "Deviatka krížov", "Desiatka kár"],
        ),
        "allowed": ["Kráľ piky", "Sedmička piky"],
    },
    "vi": {
        "title": "Được phép đánh quân bài nào?",
        "summary": [
            "Nếu có chất được yêu cầu thì phải đánh chất đó.",
            "Nếu yêu cầu chất át, phải đánh quân chất át cao hơn nếu có thể, kể cả khi đang đánh "
            "lên bài của đồng đội.",
            "Nếu không có chất đó: nếu đồng đội đang thắng thì được đánh bài tự do; nếu không "
            "thì phải cắt bằng chất át, và cao hơn đối thủ nếu có thể.",
        ],
        "cards": ["K bích", "J cơ", "Át chuồn", "7 bích", "10 rô"],
        "lines": [
            "Có chất át, luật Maison, chất át cơ.",
            "11 + 10 + 0 + 20 = 41 điểm.",
        ],
        "hand": ("Bài của Bắc:", ["K bích", "7 bích", "J cơ", "9 chuồn", "10 rô"]),
        "allowed": ["K bích", "7 bích"],
    },
}


@pytest.fixture(scope="module")
def seed_pages(built: tuple[Path, Path]) -> dict[str, Element]:
    return {lang: parse(page_file(built[1], lang, "legal-cards/")) for lang in SEEDS}


@pytest.mark.parametrize("lang", list(SEEDS))
def test_seed_title_and_summary(seed_pages: dict[str, Element], lang: str) -> None:
    page, seed = seed_pages[lang], SEEDS[lang]
    assert [h1.text() for h1 in page.find_all("h1")] == [seed["title"]]
    summary = page.find_all("section", class_="summary")
    assert len(summary) == 1
    assert [li.text() for li in summary[0].find_all("li")] == seed["summary"]


@pytest.mark.parametrize("lang", list(SEEDS))
def test_seed_lines(seed_pages: dict[str, Element], lang: str) -> None:
    text = seed_pages[lang].find_all("main")[0].text()
    for line in SEEDS[lang]["lines"]:
        assert line in text, line


@pytest.mark.parametrize("lang", list(SEEDS))
def test_seed_card_names_are_the_pictures_alt_texts(
    seed_pages: dict[str, Element], lang: str
) -> None:
    alts = {img.attrs.get("alt") for img in seed_pages[lang].find_all("img", class_="card-face")}
    for name in SEEDS[lang]["cards"]:
        assert name in alts, name


@pytest.mark.parametrize("lang", list(SEEDS))
def test_seed_first_example_hand_and_allowed_cards(
    seed_pages: dict[str, Element], lang: str
) -> None:
    page, seed = seed_pages[lang], SEEDS[lang]
    hand = page.find_all("div", class_="try")[0]
    buttons = hand.find_all("button")
    # The hand's label, shown above its cards and naming the group for a screen reader.
    (label,) = [
        p
        for p in page.find_all("p", class_="hand-label")
        if p.attrs.get("id") == hand.attrs["aria-labelledby"]
    ]
    assert (label.text(), [b.find_all("img")[0].attrs["alt"] for b in buttons]) == seed["hand"]
    allowed = [b for b in buttons if "allowed" in b.attrs.get("class", "").split()]
    assert [b.find_all("img")[0].attrs["alt"] for b in allowed] == seed["allowed"]


def test_seed_value_line_in_full(seed_pages: dict[str, Element]) -> None:
    sk = seed_pages["sk"].find_all("main")[0].text()
    assert (
        "Východ hrá srdcový spodok. Víťaz: Východ. "
        "Hodnota zdvihu: 11 + 10 + 0 + 20 = 41 bodov." in sk
    )
    vi = seed_pages["vi"].find_all("main")[0].text()
    assert "Đông đánh J cơ. Người thắng: Đông. Giá trị lượt bài: 11 + 10 + 0 + 20 = 41 điểm." in vi


@pytest.fixture(scope="module")
def words_in(built: tuple[Path, Path]) -> Callable[[str], Words]:
    project, _ = built
    files = InputFiles.of(project)
    vocabulary = load_vocabulary(project / "content" / "vocabulary.yaml", files)

    def words(lang: str) -> Words:
        return Words(Gettext(load_language(project / "locales", lang, files)), vocabulary)

    return words


@pytest.mark.parametrize(
    ("lang", "points", "expected"),
    [
        ("sk", 1, "1 bod"),
        ("sk", 3, "3 body"),
        ("sk", 41, "41 bodov"),
        ("vi", 1, "1 điểm"),
        ("vi", 41, "41 điểm"),
        ("en", 1, "1 point"),
        ("en", 41, "41 points"),
    ],
)
def test_points_take_the_languages_plural_form(
    words_in: Callable[[str], Words], lang: str, points: int, expected: str
) -> None:
    assert str(words_in(lang).points(points)) == expected


@pytest.mark.parametrize(
    ("n", "form"), [(1, "bod"), (2, "body"), (4, "body"), (5, "bodov"), (41, "bodov")]
)
def test_slovak_trick_value_plural(built: tuple[Path, Path], n: int, form: str) -> None:
    gettext = Gettext(load_language(built[0] / "locales", "sk", InputFiles.of(built[0])))
    text = gettext.ngettext(
        "Trick value: %(sum)s = %(num)s point.", "Trick value: %(sum)s = %(num)s points.", n
    )
    assert text % {"sum": "…", "num": n} == f"Hodnota zdvihu: … = {n} {form}."
    assert not gettext.missed
