"""Each language's settled wording, checked over a catalog: one register, the glossary's words.

content/wording.yaml says, per language, how the pages address the reader
(fr vous, cs ty…) and the word forms of the other register, and for the
glossary's terms the English words that name each and the forms each
language settled on. Two checks read a parsed catalog against it, as pure
functions (no file, no cache):

- a translation holding a form of the other register ("máte" in a Czech
  catalog that says "ty") is refused: one page must not say "musíš" and then
  "musíte";
- a translation whose English names a glossary term, but which holds none of
  that term's settled forms, is refused, as Weblate's glossary check lists
  it: Croatian must not say "carré" where it settled on "četvorka".

Forms are matched at the start of a word, case aside ("štych" finds
"štychu"), so one stem covers a declined word; a register's forms are whole
words ("vy" is not "vyber").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .catalogs import CatalogFile, Problem, texts
from .errors import ContentError, excerpt
from .files import InputFiles
from .nodes import Source, read_yaml
from .text import BOOK_QUOTE

# The wording file, in the content folder.
WORDING = "wording.yaml"
# What a translation's words are read without: placeholders and HTML tags.
_MARKUP = re.compile(r"%\(\w+\)[sd]|<[^>]*>")
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Register:
    """How a language addresses the reader, and the forms of the other way it could."""

    name: str  # "ty"
    example: str  # a sentence in the register, shown to translators
    other: str  # "vy"
    other_forms: frozenset[str]  # whole words, lower case; empty where no short list decides


@dataclass(frozen=True)
class TermWords:
    """A glossary term: the English words that name it, and each language's settled forms."""

    id: str
    english: re.Pattern[str]
    # English phrases that hold a word without naming the term ("FFB coinche" is a rule book).
    not_english: tuple[str, ...]
    forms: Mapping[str, tuple[str, ...]]  # language -> forms (word starts)


@dataclass(frozen=True)
class Wording:
    registers: Mapping[str, Register]
    terms: tuple[TermWords, ...]


def _phrases(source: Source, what: str) -> tuple[str, ...]:
    found = tuple(item.text(what).strip() for item in source.items(what))
    if not found or not all(found):
        raise source.error(f"{what} must be a list of words, none empty")
    return found


def _english(source: Source, term: str) -> tuple[re.Pattern[str], tuple[str, ...]]:
    """The English words of a term, whole words, case as written (`Coinche` the game is not)."""
    fields = source.fields(
        f"term {term}'s english", frozenset({"words", "not"}), frozenset({"words"})
    )
    words = _phrases(fields["words"], f"term {term}'s english words")
    skipped = _phrases(fields["not"], f"term {term}'s phrases") if "not" in fields else ()
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])"), skipped


def parse_wording(source: Source) -> Wording:
    top = source.fields(
        "the wording file", frozenset({"registers", "terms"}), frozenset({"registers"})
    )
    registers: dict[str, Register] = {}
    for key, value in top["registers"].pairs("registers"):
        lang = key.text("a language code")
        fields = value.fields(
            f"the register of {lang}",
            frozenset({"register", "example", "other", "other_forms"}),
            frozenset({"register", "example", "other"}),
        )
        other_forms = (
            _phrases(fields["other_forms"], f"{lang}'s other_forms")
            if "other_forms" in fields
            else ()
        )
        registers[lang] = Register(
            fields["register"].text("a register"),
            fields["example"].text("an example"),
            fields["other"].text("the other register"),
            frozenset(form.lower() for form in other_forms),
        )
    terms: list[TermWords] = []
    if "terms" in top:
        for key, value in top["terms"].pairs("terms"):
            term = key.text("a glossary term's id")
            entry = value.pairs(f"term {term}")
            english: tuple[re.Pattern[str], tuple[str, ...]] | None = None
            forms: dict[str, tuple[str, ...]] = {}
            for name, item in entry:
                lang = name.text("a language code or english")
                if lang == "english":
                    english = _english(item, term)
                elif lang not in registers:
                    raise name.error(f"{excerpt(lang)} has no register in this file")
                else:
                    forms[lang] = _phrases(item, f"{lang}'s forms of {term}")
            if english is None:
                raise value.error(f"term {term} lacks its english words")
            terms.append(TermWords(term, *english, forms))
    return Wording(registers, tuple(terms))


def load_wording(path: Path, files: InputFiles) -> Wording:
    source = read_yaml(path, files)
    if source is None:
        raise ContentError(path, 1, "the wording file is empty")
    return parse_wording(source)


@dataclass(frozen=True)
class _Shown:
    """A translation a reader sees: its line, its English, and its forms."""

    line: int
    msgid: str  # the English, as written
    english: str  # the English read as words (no placeholder, no tag)
    strings: list[str]
    # Every form is the English itself: a name or a symbol kept as it is ("Capot", "♠").
    as_english: bool


def _shown(file: CatalogFile) -> list[_Shown]:
    found = []
    for message in file.catalog:
        strings = texts(message.string)
        if not message.id or message.fuzzy or not all(strings) or not strings:
            continue
        sources = texts(message.id)
        english = " ".join(sources)
        kept = all(text in sources for text in strings)
        found.append(
            _Shown(file.line(message), sources[0], _MARKUP.sub(" ", english), strings, kept)
        )
    return found


def register_problems(file: CatalogFile, register: Register) -> list[Problem]:
    """The translations holding a form of the register the language does not use."""
    problems = []
    for shown in _shown(file):
        line, msgid, strings = shown.line, shown.msgid, shown.strings
        words = {word.lower() for text in strings for word in _WORD.findall(_MARKUP.sub(" ", text))}
        off = sorted(words & register.other_forms)
        if off:
            problems.append(
                Problem(
                    file.path,
                    line,
                    f"{excerpt(msgid)}: {', '.join(repr(w) for w in off)} addresses the reader "
                    f"as {register.other}; this language says {register.name} "
                    f'("{register.example}", content/wording.yaml)',
                )
            )
    return problems


def _holds(text: str, form: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(form)}", text, re.IGNORECASE) is not None


def term_problems(file: CatalogFile, lang: str, terms: tuple[TermWords, ...]) -> list[Problem]:
    """The translations whose English names a term, holding none of the term's settled forms.

    A message kept in English word for word is a name or a symbol the
    language writes as English does ("Belote-rebelote"), not a translation
    that chose another word: it is checked only where it is a term's own
    name (the glossary's entry "carré", which Croatian writes "četvorka").
    """
    problems = []
    for shown in _shown(file):
        line, msgid, strings = shown.line, shown.msgid, shown.strings
        for term in terms:
            forms = term.forms.get(lang)
            if not forms:
                continue
            # A quoted book keeps its own words (FFB §10.1.1's « capot »), in every language.
            said = BOOK_QUOTE.sub(" ", shown.english)
            for phrase in term.not_english:
                said = said.replace(phrase, " ")
            named = term.english.search(said)
            if named is None or (shown.as_english and named[0] != said.strip()):
                continue
            missing = next(
                (
                    text
                    for text in strings
                    if not any(_holds(_MARKUP.sub(" ", text), form) for form in forms)
                ),
                None,
            )
            if missing is not None:
                problems.append(
                    Problem(
                        file.path,
                        line,
                        f"{excerpt(msgid)}: the English says {named[0]!r} (glossary: {term.id}) "
                        f"and the translation none of {', '.join(repr(f) for f in forms)} "
                        "(content/wording.yaml)",
                    )
                )
    return problems


def wording_problems(file: CatalogFile, lang: str, wording: Wording) -> list[Problem]:
    """The register and glossary checks of one catalog."""
    register = wording.registers.get(lang)
    found = register_problems(file, register) if register is not None else []
    return found + term_problems(file, lang, wording.terms)
