"""Managing the translation catalogs with Babel: add a language, update, check, count."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface

from ..content.errors import ContentError
from ..site.i18n import (
    LOCALE_CODE,
    SOURCE_LANGUAGE,
    catalog_path,
    discover_languages,
    read_catalog,
)

POT = Path("locales") / "messages.pot"
# A tag, or the start of one that never closes (`<img src=x onerror=...`).
_TAG = re.compile(r"<\s*/?\s*[a-zA-Z][^<>]*>?")
_PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?(.)")


def _pybabel(*args: str) -> str:
    """Run a pybabel command in this process; its log is returned, not printed."""
    log = io.StringIO()
    with contextlib.redirect_stdout(log), contextlib.redirect_stderr(log):
        try:
            CommandLineInterface().run(["pybabel", "--quiet", *args])  # type: ignore[no-untyped-call]
        except SystemExit as stop:
            if stop.code:
                raise ContentError(
                    Path("babel.cfg"), None, f"pybabel {args[0]} failed: {log.getvalue().strip()}"
                ) from None
    return log.getvalue()


def extract(project: Path) -> Path:
    """Collect every message of templates and content into locales/messages.pot."""
    pot = project / POT
    pot.parent.mkdir(parents=True, exist_ok=True)
    _pybabel(
        "extract",
        "-F",
        str(project / "babel.cfg"),
        "-o",
        str(pot),
        "--omit-header",
        "--sort-output",
        str(project),
    )
    # Locations relative to the project, whatever folder the command ran from.
    text = pot.read_text(encoding="utf-8")
    prefix = str(project.resolve()).rstrip("/") + "/"
    pot.write_text(text.replace(f"#: {prefix}", "#: ").replace(f" {prefix}", " "), encoding="utf-8")
    return pot


def check_locale_code(lang: str) -> Locale:
    if not LOCALE_CODE.fullmatch(lang):
        raise ContentError(
            Path("locales"), None, f"{lang!r} is not a locale code (like fr, sk, pt_BR)"
        )
    try:
        return Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        raise ContentError(Path("locales"), None, f"Babel knows no locale {lang!r}") from None


def add_language(project: Path, lang: str) -> Path:
    """Create the catalog of a new language, with the plural rule CLDR gives it."""
    check_locale_code(lang)
    if lang == SOURCE_LANGUAGE:
        raise ContentError(
            Path("locales"), None, "English is the source language: it has no catalog"
        )
    target = catalog_path(project / "locales", lang)
    if target.exists():
        raise ContentError(target, None, "this language already has a catalog")
    pot = extract(project)
    _pybabel("init", "-i", str(pot), "-d", str(project / "locales"), "-l", lang)
    return target


def update_languages(project: Path) -> list[str]:
    """Re-extract and merge into every catalog (Babel marks near matches fuzzy)."""
    pot = extract(project)
    languages = discover_languages(project / "locales")[1:]
    for lang in languages:
        _pybabel(
            "update",
            "-i",
            str(pot),
            "-d",
            str(project / "locales"),
            "-l",
            lang,
            "--ignore-obsolete",
        )
    return languages


@dataclass(frozen=True)
class Problem:
    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


def _strings(value: str | Iterable[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else [s for s in value if s]


def _ids(message: Message) -> list[str]:
    return _strings(message.id)


def _placeholders(text: str) -> list[str]:
    return [
        f"%({name})s" if name else f"%{kind}"
        for name, kind in _PLACEHOLDER.findall(text)
        if kind != "%" or name
    ]


def _problems(message: Message) -> Iterator[str]:
    if isinstance(message.string, (list, tuple)) and any(message.string):
        for index, form in enumerate(message.string):
            if not form:
                yield f"plural form msgstr[{index}] is empty while the others are filled"
    sources = _ids(message)
    allowed_tags = {tag for text in sources for tag in _TAG.findall(text)}
    allowed_holders = {h for text in sources for h in _placeholders(text)}
    for text in _strings(message.string):
        for tag in _TAG.findall(text):
            if tag not in allowed_tags:
                yield f"the translation adds the HTML tag {tag}, which its source message lacks"
        for holder in _placeholders(text):
            if holder not in allowed_holders:
                yield (
                    f"the translation has the placeholder {holder}, which its source message "
                    f"lacks (a literal % is written %%)"
                )


def check_catalog(path: Path, lang: str) -> list[Problem]:
    """Babel's own checks (placeholders, plural forms) and ours (tags, stray %)."""
    try:
        catalog = read_catalog(path, lang)
    except ContentError as unreadable:
        # Too many plural forms, bad syntax: a problem of the catalog like any other.
        return [Problem(unreadable.path, unreadable.line or 0, unreadable.message)]
    found: list[Problem] = []
    # A fuzzy entry is never shown (the build falls back to English), so only
    # the translations a reader can see must be sound.
    for message, errors in catalog.check():
        if message.fuzzy:
            continue
        for error in errors:
            found.append(Problem(path, message.lineno or 0, f"{_ids(message)[0]!r}: {error}"))
    for message in catalog:
        if not message.id or not message.string or message.fuzzy:
            continue
        for problem in _problems(message):
            found.append(Problem(path, message.lineno or 0, f"{_ids(message)[0]!r}: {problem}"))
    return sorted(set(found), key=lambda p: p.line)


def check_catalogs(project: Path) -> list[Problem]:
    locales = project / "locales"
    return [
        problem
        for lang in discover_languages(locales)[1:]
        for problem in check_catalog(catalog_path(locales, lang), lang)
    ]


@dataclass
class Count:
    translated: int = 0
    fuzzy: int = 0
    missing: int = 0

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.missing

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0

    def add(self, message: Message) -> None:
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy:
            self.fuzzy += 1
        # A plural entry counts only with every form filled (Babel's statistics
        # would count it translated with one form).
        elif strings and all(strings):
            self.translated += 1
        else:
            self.missing += 1


def count(catalog: Catalog, pot: Catalog, keys: set[tuple[str | None, str]] | None = None) -> Count:
    """Translated, fuzzy and missing messages of `pot` (only those in `keys`, if given)."""
    tally = Count()
    for template in pot:
        if not template.id:
            continue
        msgid = template.id[0] if isinstance(template.id, (list, tuple)) else template.id
        if keys is not None and (template.context, msgid) not in keys:
            continue
        message = catalog.get(template.id, context=template.context)
        if message is None:
            tally.missing += 1
        else:
            tally.add(message)
    return tally
