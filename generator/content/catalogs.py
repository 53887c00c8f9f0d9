"""Translation catalogs, read as untrusted input: found, checked line by line, compiled in memory.

English is the source language and needs no catalog. Catalogs come in
pull requests, so before Babel reads one this module checks what Babel lets
through: an unterminated string (Babel drops its last letter), a msgid
given twice (Babel keeps the last silently), a control character, a size
beyond the input limit, and a Plural-Forms header whose count or
expression would exhaust memory, divide by zero or pick a form that does
not exist, or a Language header that names another language than the
catalog's folder (Babel would then take the header's plural rules).
"""

from __future__ import annotations

import gettext as stdlib_gettext
import io
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from . import plurals
from .errors import ContentError, excerpt, printable
from .files import InputFiles
from .numbers import NO_FIGURE, english_numbers, in_digits
from .text import INVISIBLE, hidden

SOURCE_LANGUAGE = "en"
# Language, optional script, optional region (fr, sr_Latn, pt_BR, es_419).
LOCALE_CODE = re.compile(r"[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_[A-Z]{2}|_[0-9]{3})?")
# CLDR's languages have at most six plural categories.
MAX_PLURALS = 6
# ISO 639 codes that name no language: undetermined, CLDR's root, no linguistic
# content, multiple, uncoded. Babel reads `und` as English, `root` as no language.
NOT_LANGUAGES = frozenset({"und", "root", "zxx", "mul", "mis"})

Key = tuple[str | None, str]

_STRING = r'"(?:[^"\\]|\\.)*"'
_KEYWORD_LINE = re.compile(
    rf"(?:#~\s*)?(?:msgctxt|msgid|msgid_plural|msgstr(?:\[(\d)\])?)\s+{_STRING}\s*"
)
_CONTINUATION = re.compile(rf"(?:#~\s*)?{_STRING}\s*")
_PLURAL_FORMS = re.compile(r"\s*nplurals\s*=\s*(\d{1,9})\s*;\s*plural\s*=\s*([^;]*);?\s*")
_PLURAL_MESSAGE = re.compile(r"^[ \t]*msgid_plural\s", re.MULTILINE)
# Editors on Windows may write one; read as text it would be the first line's first character.
_BYTE_ORDER_MARK = "\ufeff"
# Plural expressions are C: numbers, n, operators, parentheses, ?: (checked by gettext too).
_PLURAL_EXPRESSION = re.compile(r"[\sn0-9()!=<>&|?:%+*/-]*")


def catalog_path(locales: Path, lang: str) -> Path:
    return locales / lang / "LC_MESSAGES" / "messages.po"


def discover_languages(locales: Path) -> list[str]:
    """English first, then every language that has a catalog, by code."""
    found = []
    if locales.is_dir():
        for folder in sorted(locales.iterdir()):
            if not folder.is_dir():
                continue
            path = catalog_path(locales, folder.name)
            if os.path.lexists(path):  # whatever it is: reading it says what is wrong
                if not LOCALE_CODE.fullmatch(folder.name):
                    raise ContentError(
                        folder, None, f"{excerpt(folder.name)} is not a locale code (fr, pt_BR)"
                    )
                if folder.name == SOURCE_LANGUAGE:
                    # Never read: its translations would silently not be the English pages'.
                    raise ContentError(
                        path, None, "English is the source language: it has no catalog"
                    )
                found.append(folder.name)
    return [SOURCE_LANGUAGE, *found]


def locale_of(lang: str, where: Path) -> Locale:
    """The CLDR locale of a catalog's code, refused in one line when CLDR does not know it.

    Refused too: a code that names no language (`und`, `zxx`), and an alias
    CLDR reads as another language (`iw` is Hebrew, `he_IL`), whose pages would
    be tagged with one language and written with the rules of another.
    """
    language = lang.split("_", 1)[0]
    if language.lower() in NOT_LANGUAGES:
        raise ContentError(where, None, f"{excerpt(lang)} names no language: give a language code")
    try:
        locale = Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        raise ContentError(where, None, f"CLDR knows no locale {excerpt(lang)}") from None
    if locale.language != language:
        raise ContentError(
            where,
            None,
            f"{excerpt(lang)} is another code for {excerpt(str(locale))}: use {locale.language}",
        )
    return locale


# A character below space: in a line, all but the tab; in a translation, all but tab and newline.
_CONTROL_IN_LINE = re.compile(r"[\x00-\x08\x0a-\x1f]")
_CONTROL_IN_TEXT = re.compile(r"[\x00-\x08\x0b-\x1f]")


def _check_lines(path: Path, text: str) -> dict[Key, int]:
    """Every line a comment, a keyword with a terminated string, or a string; no msgid twice.

    Returns the line of each message's (first) msgstr, where problems with
    a translation are reported.
    """
    keys: dict[Key, int] = {}
    msgstr_lines: dict[Key, int] = {}
    context: str | None = None
    current: str | None = None  # the msgid being read, until its msgstr
    reading = ""  # the keyword the last string belongs to
    pending: Key | None = None  # the message whose msgstr comes next
    id_line = 0
    language = path.parent.parent.name
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue  # a comment, or an obsolete entry (#~), never compiled
        if _CONTROL_IN_LINE.search(line):
            raise ContentError(path, number, "a control character in the catalog")
        invisible = hidden(line, language)
        if invisible is not None:
            raise ContentError(path, number, INVISIBLE.format(invisible[1]))
        if not (_KEYWORD_LINE.fullmatch(stripped) or _CONTINUATION.fullmatch(stripped)):
            if stripped.startswith(("msg", '"')):
                raise ContentError(
                    path, number, 'a string that never ends (a closing " is missing)'
                )
            raise ContentError(path, number, f"not a line of a PO file: {excerpt(stripped)}")
        if stripped.startswith('"'):
            if reading == "msgctxt" and context is not None:
                context += _value(stripped)
            elif reading == "msgid" and current is not None:
                current += _value(stripped)
            continue
        reading = stripped.split(None, 1)[0]
        if reading == "msgctxt":
            context = _value(stripped)
        elif reading == "msgid":
            current, id_line, pending = _value(stripped), number, None
        elif current is not None:  # msgid_plural or msgstr: the msgid is complete
            key = (context, current)
            if current and key in keys:
                raise ContentError(
                    path, id_line, f"msgid {excerpt(current)} is already at line {keys[key]}"
                )
            keys[key] = id_line
            pending = key
            context = current = None
        if reading.startswith("msgstr") and pending is not None:
            msgstr_lines.setdefault(pending, number)
    return msgstr_lines


def _value(line: str) -> str:
    start = line.index('"')
    return line[start + 1 : line.rindex('"')]


def _header(text: str) -> tuple[str, int]:
    """The header entry's msgstr (msgid ""), its strings joined, and the line it starts on."""
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if line.strip() == 'msgid ""' and number + 1 < len(lines):
            following = lines[number + 1].strip()
            if not following.startswith("msgstr"):
                return "", 0
            pieces = [_value(following)]
            for continuation in lines[number + 2 :]:
                if not continuation.strip().startswith('"'):
                    break
                pieces.append(_value(continuation.strip()))
            return "".join(pieces).replace("\\n", "\n"), number + 2
        if line.strip() and not line.lstrip().startswith("#"):
            return "", 0
    return "", 0


def _header_rows(text: str) -> list[tuple[str, int]]:
    """The header entry's rows (`Name: value`), each with the line its text starts on.

    A row that starts with a space continues the one before, as the email
    parser Babel reads the header with folds it.
    """
    _, start = _header(text)
    if not start:
        return []
    lines = text.splitlines()
    rows: list[tuple[str, int]] = []
    current: str | None = None
    at = start
    for number in range(start, len(lines) + 1):
        stripped = lines[number - 1].strip()
        if number > start and not stripped.startswith('"'):
            break
        *ended, rest = _value(stripped).split("\\n")
        for piece in ended:
            rows.append(((current or "") + piece, at if current is not None else number))
            current = None
        if rest:
            if current is None:
                current, at = rest, number
            else:
                current += rest
    if current is not None:
        rows.append((current, at))
    folded: list[tuple[str, int]] = []
    for row, line in rows:
        if row[:1] in (" ", "\t") and folded:
            folded[-1] = (folded[-1][0] + row, folded[-1][1])
        else:
            folded.append((row, line))
    return folded


def _check_language(path: Path, text: str, lang: str) -> None:
    """The header's Language is the folder's: Babel would take the header's plural rules."""
    for row, line in _header_rows(text):
        name, colon, value = row.partition(":")
        if not colon or name.strip().lower() != "language":
            continue
        declared = value.strip().replace("-", "_")
        if declared != lang:
            said = f"says {excerpt(declared)}" if declared else "is empty"
            raise ContentError(
                path,
                line,
                f"the Language header {said}, but the catalog is in the folder of {lang}: "
                f"write Language: {lang}",
            )


def _header_field(text: str, field: str) -> tuple[str, int] | None:
    """A header field's value and the line its row starts on (None when the header lacks it)."""
    for row, line in _header_rows(text):
        name, colon, value = row.partition(":")
        if colon and name.strip().lower() == field.lower():
            return value.strip(), line
    return None


def _check_charset(path: Path, text: str) -> None:
    """The header's charset is UTF-8: the file is read as UTF-8, whatever it says."""
    found = _header_field(text, "Content-Type")
    if found is None:
        return
    value, line = found
    charset = re.search(r"charset\s*=\s*([^\s;]+)", value, re.IGNORECASE)
    if charset is not None and charset[1].lower().replace("_", "-") not in ("utf-8", "utf8"):
        raise ContentError(
            path,
            line,
            f"the Content-Type header says charset={excerpt(charset[1])}: catalogs are UTF-8 "
            "(save the file as UTF-8 and write charset=UTF-8)",
        )


def _check_plural_forms(path: Path, text: str, lang: str) -> None:
    """The header's plural rule, checked before Babel compiles (or allocates for) it.

    A catalog with plural messages must state its rule, and the rule must be
    CLDR's or gettext's for its language: another rule picks a wrong form
    for some number, which no translator would see in the catalog.
    """
    found = _header_field(text, "Plural-Forms")
    if found is None or not found[0]:
        if _PLURAL_MESSAGE.search(text):
            _, header_line = _header(text)
            cldr = plurals.accepted(lang)[0]
            raise ContentError(
                path,
                header_line or 1,
                "the catalog has plural messages but no Plural-Forms header: add "
                f'"Plural-Forms: nplurals={cldr[1]}; plural={cldr[2]};\\n" '
                f"(CLDR's rule for {lang})",
            )
        return  # no plural message: no form to pick
    raw, where = found
    match = _PLURAL_FORMS.fullmatch(raw)
    if match is None or not _PLURAL_EXPRESSION.fullmatch(match[2]):
        raise ContentError(
            path, where, f"a Plural-Forms header that does not parse: {excerpt(raw)}"
        )
    count = int(match[1])
    if not 1 <= count <= MAX_PLURALS:
        raise ContentError(
            path, where, f"nplurals={count}: a language has 1 to {MAX_PLURALS} forms"
        )
    try:
        rule = plurals.forms_of(match[2])
    except (ValueError, SyntaxError, RecursionError):
        raise ContentError(
            path, where, f"a plural expression that does not parse: {excerpt(match[2])}"
        ) from None
    for n in plurals.SAMPLES:
        try:
            form = rule(n)
        except (ZeroDivisionError, ArithmeticError):
            raise ContentError(
                path, where, f"the plural expression fails for n={n} (division by zero)"
            ) from None
        if not 0 <= form < count:
            raise ContentError(
                path, where, f"the plural expression gives form {form} for n={n}, of {count} forms"
            )
    if not plurals.agrees(count, rule, lang):
        rules = " or ".join(
            f"{whose}'s nplurals={nplurals}; plural={expression};"
            for whose, nplurals, expression in plurals.accepted(lang)
        )
        raise ContentError(
            path,
            where,
            f"the Plural-Forms rule {excerpt(raw.strip())} is not the rule of {lang}: "
            f"write {rules}",
        )


@dataclass(frozen=True)
class CatalogFile:
    """A catalog as read, with the line of each translation (for problems found in it)."""

    path: Path
    catalog: Catalog
    msgstr_lines: dict[Key, int]

    def line(self, message: Message) -> int:
        return self.msgstr_lines.get(message_key(message.id, message.context), message.lineno or 0)


def read_catalog_file(path: Path, lang: str, files: InputFiles) -> CatalogFile:
    """A catalog, checked line by line before Babel reads it."""
    locale_of(lang, path)
    text = files.read_text(path)
    if text.startswith(_BYTE_ORDER_MARK):
        raise ContentError(
            path,
            1,
            "the catalog starts with a byte-order mark: save it as UTF-8 without a byte-order mark",
        )
    lines = _check_lines(path, text)
    _check_language(path, text, lang)
    _check_charset(path, text)
    _check_plural_forms(path, text, lang)
    try:
        catalog = read_po(io.StringIO(text), locale=lang, abort_invalid=True)
    except Exception as error:  # Babel raises PoFileError and plain ValueErrors alike.
        line = getattr(error, "lineno", None)
        raise ContentError(
            path, line, f"cannot read the catalog: {excerpt(str(error), 120)}"
        ) from None
    return CatalogFile(path, catalog, lines)


def read_catalog(path: Path, lang: str, files: InputFiles) -> Catalog:
    return read_catalog_file(path, lang, files).catalog


def message_key(message_id: str | tuple[str, ...] | list[str], context: str | None) -> Key:
    msgid = message_id[0] if isinstance(message_id, (list, tuple)) else message_id
    return (context, msgid)


def translated_keys(catalog: Catalog) -> set[Key]:
    """The messages a reader sees translated: not fuzzy, every form filled."""
    keys: set[Key] = set()
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if all(strings):
            keys.add(message_key(message.id, message.context))
    return keys


# The message keys every catalog read so far has, each held once.
_KEYS: dict[Key, Key] = {}


@dataclass(frozen=True)
class Messages:
    """A catalog's translated messages, each with its forms, and the catalog's plural rule.

    Only what a reader sees translated is compiled (not fuzzy, every form
    filled), so a lookup that misses falls back to English. The build caches
    the compiled `.mo` bytes (`compiled`); gettext's own reader decodes them,
    and only its result is kept: the decoder's table and the bytes would hold
    every message twice more (about 20 MB at 42 languages).
    """

    # (context, msgid) -> its forms: one, or one per plural form.
    entries: Mapping[Key, tuple[str, ...]]
    # The form of a count, from the catalog's Plural-Forms (gettext compiles the expression).
    plural: Callable[[int], int]

    @staticmethod
    def compiled(catalog: Catalog) -> bytes:
        """The `.mo` bytes of a catalog's translated messages."""
        keep = translated_keys(catalog)
        compiled = Catalog(charset="utf-8", fuzzy=False)
        compiled.mime_headers = [
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Plural-Forms", str(catalog.plural_forms)),
        ]
        for message in catalog:
            if message.id and message_key(message.id, message.context) in keep:
                compiled.add(message.id, message.string, context=message.context)
        buffer = io.BytesIO()
        write_mo(buffer, compiled)
        return buffer.getvalue()

    @staticmethod
    def of(catalog: Catalog) -> Messages:
        return Messages.from_mo(Messages.compiled(catalog))

    @staticmethod
    def from_mo(data: bytes) -> Messages:
        """The messages of `.mo` bytes (raises OSError or ValueError on a broken file)."""
        translations = stdlib_gettext.GNUTranslations(io.BytesIO(data))
        forms: dict[Key, dict[int, str]] = {}
        # gettext keys a message "context\x04msgid", a plural form (that key, its index).
        for raw, text in translations._catalog.items():  # type: ignore[attr-defined]
            name, index = raw if isinstance(raw, tuple) else (raw, 0)
            if not name:
                continue  # the header
            context, _, msgid = name.rpartition("\x04")
            key: Key = (context or None, msgid)
            # One key for every language's catalog: sixty would each hold every English
            # message again (5 MB at 42 languages).
            key = _KEYS.setdefault(key, key)
            forms.setdefault(key, {})[index] = text
        entries = {
            key: tuple(found[index] for index in sorted(found)) for key, found in forms.items()
        }
        return Messages(entries, translations.plural)  # type: ignore[attr-defined]

    def text(self, key: Key, plural: str | None = None, n: int = 1) -> str:
        """The message's translation (the form for `n` where it has a plural), or, where the
        catalog does not translate it, its English as gettext gives it."""
        forms = self.entries.get(key)
        if forms is not None:
            if plural is None:
                return forms[0]
            index = self.plural(n)
            if index < len(forms):
                return forms[index]
        return english(key, plural, n)


def english(key: Key, plural: str | None = None, n: int = 1) -> str:
    """A message in English, as gettext gives an untranslated one: the plural for n != 1."""
    return key[1] if plural is None or n == 1 else plural


# A placeholder, a literal percent, or a lone % (which would crash formatting).
_PERCENT = re.compile(r"%(?:\((\w+)\)([a-z])|(%)|)")
_ALLOWED_CONVERSIONS = "sd"
# A translator's flag allowing a translation to leave a placeholder out
# (`#, may-omit-hand` lets it write "eight" for %(hand)s).
OMIT_FLAG = "may-omit-"
TAG = re.compile(r"<\s*/?\s*[a-zA-Z][^<>]*>?")


@dataclass(frozen=True)
class Problem:
    """A translation a reader must not see: where it is and what is wrong (exit 2)."""

    path: Path
    line: int
    message: str

    exit_code = 2

    def __str__(self) -> str:
        return printable(f"{self.path}:{self.line}: {self.message}")


def texts(value: str | tuple[str, ...] | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def conversions(text: str) -> list[tuple[str, str]] | None:
    """The `%(name)s` placeholders of a text with their conversions (s, d), in order.

    None when a % is neither one of them nor %%.
    """
    found: list[tuple[str, str]] = []
    for match in _PERCENT.finditer(text):
        name, conversion, literal = match.groups()
        if literal:
            continue
        if name is None or conversion not in _ALLOWED_CONVERSIONS:
            return None
        found.append((name, conversion))
    return found


def placeholders(text: str) -> list[str] | None:
    """The `%(name)s` placeholders of a text, in order; None when a % is not one of them or %%."""
    found = conversions(text)
    return None if found is None else [name for name, _ in found]


def _message_problems(message: Message, plurals: int) -> list[str]:
    sources = texts(message.id)
    strings = texts(message.string)
    if isinstance(message.string, (list, tuple)):
        if any(strings) and not all(strings):
            empty = next(i for i, form in enumerate(strings) if not form)
            return [f"plural form msgstr[{empty}] is empty while the others are filled"]
        if any(strings) and len(strings) != plurals:
            return [f"{len(strings)} plural forms where the catalog's Plural-Forms says {plurals}"]
    # A placeholder's conversion is the source's: "%(reason)d" fails on the words it is given.
    source_conversions = {
        name: conversion for text in sources for name, conversion in conversions(text) or []
    }
    source_holders = set(source_conversions)
    source_tags = TAG.findall(sources[0]) if sources else []
    omitted = {flag[len(OMIT_FLAG) :] for flag in message.flags if flag.startswith(OMIT_FLAG)}
    source_numbers = {number for text in sources for number in english_numbers(text)}
    for text in strings:
        if not text:
            continue
        if _CONTROL_IN_TEXT.search(text):
            return ["the translation holds a control character"]
        converted = conversions(text)
        if converted is None:
            return ["a % that is no placeholder: write a literal percent sign as %%"]
        holders = [name for name, _ in converted]
        changed = [
            (name, conversion)
            for name, conversion in converted
            if source_conversions.get(name, conversion) != conversion
        ]
        if changed:
            name, conversion = changed[0]
            return [
                f"the translation writes %({name}){conversion} where its source message has "
                f"%({name}){source_conversions[name]}: keep the placeholder as it is"
            ]
        invented = [name for name in holders if name not in source_holders]
        if invented:
            return [
                f"the translation has the placeholder %({invented[0]})s, which its source "
                f"message lacks"
            ]
        dropped = [
            name for name in sorted(source_holders) if name not in holders and name not in omitted
        ]
        if dropped:
            return [
                f"the translation leaves out the placeholder %({dropped[0]})s (flag the "
                f"message #, {OMIT_FLAG}{dropped[0]} if the language writes it otherwise)"
            ]
        if TAG.findall(text) != source_tags:
            return [
                "the translation's HTML tags differ from its source message's "
                "(the same tags, in the same order)"
            ]
        # A figure comes from the rule set or the engine, through a placeholder: a number
        # the English does not state (in digits or words: "8" for "eight") is typed by hand.
        typed = [n for n in in_digits(text) if n not in source_numbers]
        if typed:
            shown = "a number too long to be a figure" if typed[0] == NO_FIGURE else str(typed[0])
            return [
                f"the translation writes {shown}, which its source message does not state "
                "(a figure comes from its placeholder)"
            ]
    return []


def check_messages(file: CatalogFile) -> list[Problem]:
    """Every translation a reader can see, checked: placeholders, percent signs, tags, forms,
    numbers.

    A fuzzy entry is never shown (the build falls back to English), so only
    the translations a reader can see must be sound.
    """
    found: list[Problem] = []
    plurals = file.catalog.num_plurals
    for message in file.catalog:
        if not message.id or message.fuzzy or not any(texts(message.string)):
            continue
        for problem in _message_problems(message, plurals):
            msgid = texts(message.id)[0]
            found.append(Problem(file.path, file.line(message), f"{excerpt(msgid)}: {problem}"))
    return found
