"""One register per language and the glossary's words, checked over every catalog.

content/wording.yaml says how each language addresses the reader and which
forms it settled on for the glossary's terms; `check` refuses a translation
that says the other register, or names a term without its settled word, at
the translation's line. The project's seven catalogs pass; one word changed
in a copy of a catalog fails. Each case reads catalogs in process, as the
build does (no build).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.project import ROOT, fixture_copy

from generator.content.catalogs import catalog_path, discover_languages, read_catalog_file
from generator.content.errors import ContentError
from generator.content.files import InputFiles
from generator.content.wording import WORDING, Wording, load_wording, wording_problems
from generator.site.pipeline.inputs import load_languages
from generator.site.pipeline.project import Project

LOCALES = ROOT / "locales"
FILES = InputFiles.of(ROOT)


@pytest.fixture(scope="module")
def wording() -> Wording:
    return load_wording(ROOT / "content" / WORDING, FILES)


def test_every_language_has_a_register(wording: Wording) -> None:
    assert set(discover_languages(LOCALES)[1:]) <= set(wording.registers)


@pytest.mark.parametrize("lang", discover_languages(LOCALES)[1:])
def test_every_catalog_keeps_its_register_and_the_glossarys_words(
    wording: Wording, lang: str
) -> None:
    file = read_catalog_file(catalog_path(LOCALES, lang), lang, FILES)
    assert [str(problem) for problem in wording_problems(file, lang, wording)] == []


def _changed(tmp_path: Path, lang: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of a catalog with one msgstr line changed; its path and that line."""
    text = catalog_path(LOCALES, lang).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("msgstr") and old in line)
    lines[at] = lines[at].replace(old, new, 1)
    path = catalog_path(tmp_path, lang)
    path.parent.mkdir(parents=True)
    path.write_text("".join(lines), encoding="utf-8")
    return path, at + 1


def _problems(wording: Wording, path: Path, lang: str, tmp_path: Path) -> list[str]:
    file = read_catalog_file(path, lang, InputFiles.of(tmp_path))
    return [
        f"{problem.line}: {problem.message}" for problem in wording_problems(file, lang, wording)
    ]


@pytest.mark.parametrize(
    ("lang", "old", "new", "said"),
    [
        # Czech says ty (seed 003): one "musíte" in a try verdict is the vy of another page.
        ("cs", '"Nepovoleno: máš %(led)s, musíš', '"Nepovoleno: máš %(led)s, musíte', "musíte"),
        # Croatian says vi (seed 004): one "moraš" is the ti the pages once mixed in.
        (
            "hr",
            '"Ako imate boju koja je izašla, morate',
            '"Ako imate boju koja je izašla, moraš',
            "moraš",
        ),
        ("bg", 'msgstr "Пак трябва да цакаш."', 'msgstr "Пак трябва да цакате."', "цакате"),
    ],
)
def test_a_form_of_the_other_register_is_refused_at_its_line(
    tmp_path: Path, wording: Wording, lang: str, old: str, new: str, said: str
) -> None:
    path, line = _changed(tmp_path, lang, old, new)
    problems = _problems(wording, path, lang, tmp_path)
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{line}: "), problems
    assert f"'{said}' addresses the reader as" in problems[0]


def test_carre_where_cetvorka_is_settled_is_refused_at_its_line(
    tmp_path: Path, wording: Wording
) -> None:
    path, line = _changed(tmp_path, "hr", "u nizu i u četvorci.", "u nizu i u carréu.")
    problems = _problems(wording, path, "hr", tmp_path)
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{line}: "), problems
    assert "the English says 'carré' (glossary: carre)" in problems[0]
    assert "'četvor'" in problems[0]


def test_coinche_the_game_and_the_book_need_no_glossary_word(wording: Wording) -> None:
    """`Coinche` (the game) and "FFB coinche" (a rule book) are not the call."""
    (coinche,) = (term for term in wording.terms if term.id == "coinche")
    assert coinche.english.search("In Coinche nobody turns a card") is None
    assert coinche.english.search("After a coinche") is not None
    assert "FFB coinche" in coinche.not_english


def test_the_terms_own_name_kept_in_french_is_refused(tmp_path: Path, wording: Wording) -> None:
    """The glossary entry "carré" left as "carré" in Croatian is the word the pages drop."""
    text = catalog_path(LOCALES, "hr").read_text(encoding="utf-8")
    entry = 'msgid "carré"\nmsgstr "četvorka"\n'
    assert entry in text
    path = catalog_path(tmp_path, "hr")
    path.parent.mkdir(parents=True)
    path.write_text(text.replace(entry, 'msgid "carré"\nmsgstr "carré"\n', 1), encoding="utf-8")
    problems = _problems(wording, path, "hr", tmp_path)
    assert len(problems) == 1, problems
    assert "'carré': the English says 'carré' (glossary: carre)" in problems[0]


def test_a_sentence_kept_in_english_is_no_glossary_problem(
    tmp_path: Path, wording: Wording
) -> None:
    """A name or a sentence left as English is not a translation that chose another word."""
    path, _ = _changed(
        tmp_path, "cs", '"Nabídka kapotu, jeden štych ztracen"', '"A capot bid, one trick lost"'
    )
    assert _problems(wording, path, "cs", tmp_path) == []


@pytest.mark.parametrize(
    ("english", "translated", "refused"),
    [
        # FFB coinche §10.1.1 quoted in French: its « capot » is the book's word.
        (
            "The book writes «250 points si capot réalisé».",
            "Kniha píše «250 points si capot réalisé».",
            False,
        ),
        # The same term outside the quote is the site's own sentence: it needs kapot.
        (
            "A capot, as the book writes «si capot réalisé».",
            "Jak píše kniha «si capot réalisé».",
            True,
        ),
    ],
)
def test_a_term_inside_a_quoted_book_keeps_the_books_word(
    tmp_path: Path, wording: Wording, english: str, translated: str, refused: bool
) -> None:
    text = catalog_path(LOCALES, "cs").read_text(encoding="utf-8")
    path = catalog_path(tmp_path, "cs")
    path.parent.mkdir(parents=True)
    path.write_text(f'{text}\nmsgid "{english}"\nmsgstr "{translated}"\n', encoding="utf-8")
    problems = _problems(wording, path, "cs", tmp_path)
    assert len(problems) == int(refused), problems
    if refused:
        assert "the English says 'capot' (glossary: capot)" in problems[0]


def test_an_empty_wording_file_stops_the_build_in_one_line(tmp_path: Path) -> None:
    """The wording file, once there, is read and checked: empty, it is an error, not
    a file that checks nothing."""
    project = fixture_copy(tmp_path / "project")
    (project / "content" / WORDING).write_text("", encoding="utf-8")
    with pytest.raises(ContentError, match="the wording file is empty"):
        load_languages(Project(project))
