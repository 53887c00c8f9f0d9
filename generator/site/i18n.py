"""Catalogs, compiled in memory, and the gettext functions the templates call.

English is the source language and needs no catalog. A message a catalog
does not translate (missing or fuzzy) falls back to English, wrapped in an
element marked `lang="en"`, and the page notes that its translation is
incomplete.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

from ..content.errors import ContentError

SOURCE_LANGUAGE = "en"
# Language, optional script, optional region (fr, sr_Latn, pt_BR, es_419).
LOCALE_CODE = re.compile(r"[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_[A-Z]{2}|_[0-9]{3})?")

Key = tuple[str | None, str]


def catalog_path(locales: Path, lang: str) -> Path:
    return locales / lang / "LC_MESSAGES" / "messages.po"


def discover_languages(locales: Path) -> list[str]:
    """English first, then every language that has a catalog, by code."""
    found = []
    if locales.is_dir():
        for folder in sorted(locales.iterdir()):
            if catalog_path(locales, folder.name).is_file():
                if not LOCALE_CODE.fullmatch(folder.name):
                    raise ContentError(folder, None, f"{folder.name!r} is not a locale code")
                found.append(folder.name)
    return [SOURCE_LANGUAGE] + [lang for lang in found if lang != SOURCE_LANGUAGE]


def read_catalog(path: Path, lang: str) -> Catalog:
    try:
        with path.open("rb") as handle:
            return read_po(handle, locale=lang, abort_invalid=True)
    except UnknownLocaleError:
        raise ContentError(path, None, f"Babel knows no locale {lang!r}") from None
    except Exception as error:  # Babel raises PoFileError and plain ValueErrors alike.
        line = getattr(error, "lineno", None)
        raise ContentError(path, line, f"cannot read the catalog: {error}") from None


def translated_keys(catalog: Catalog) -> set[Key]:
    """The messages a reader sees translated: not fuzzy, every form filled."""
    keys: set[Key] = set()
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if all(strings):
            msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
            keys.add((message.context, msgid))
    return keys


def compile_catalog(catalog: Catalog) -> Translations:
    """Compile in memory, keeping only what is really translated.

    write_mo would otherwise write untranslated plural entries with the
    English forms, and ngettext would never fall back.
    """
    keep = translated_keys(catalog)
    clean = Catalog(locale=catalog.locale, charset="utf-8")
    clean.mime_headers = catalog.mime_headers  # keeps the catalog's own Plural-Forms
    for message in catalog:
        msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        if message.id and (message.context, msgid) in keep:
            clean.add(message.id, message.string, context=message.context)
    buffer = io.BytesIO()
    write_mo(buffer, clean)
    buffer.seek(0)
    return Translations(fp=buffer)


@dataclass
class Language:
    """One language of the site: its Babel locale and its compiled catalog."""

    code: str
    locale: Locale
    translations: NullTranslations
    translated: set[Key] | None  # None: the source language, everything is "translated"

    @property
    def direction(self) -> str:
        return self.locale.text_direction

    @property
    def own_name(self) -> str:
        """The language's name in itself, exactly as CLDR gives it ("slovenčina").

        Lists capitalise its first letter in CSS, so the text stays CLDR's.
        """
        return self.locale.get_display_name(self.locale) or self.code

    @property
    def tag(self) -> str:
        """BCP 47 tag for lang and hreflang attributes."""
        return self.code.replace("_", "-")


def load_language(locales: Path, lang: str) -> Language:
    try:
        locale = Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        raise ContentError(locales / lang, None, f"Babel knows no locale {lang!r}") from None
    if lang == SOURCE_LANGUAGE:
        return Language(lang, locale, NullTranslations(), None)
    catalog = read_catalog(catalog_path(locales, lang), lang)
    return Language(lang, locale, compile_catalog(catalog), translated_keys(catalog))


@dataclass
class Gettext:
    """The gettext functions for one language, recording fallbacks as pages render."""

    language: Language
    missed: set[Key] = field(default_factory=set)
    used: set[Key] = field(default_factory=set)

    def _fallback(self, context: str | None, msgid: str, text: str, mark: bool) -> str:
        self.used.add((context, msgid))
        translated = self.language.translated
        if translated is None or (context, msgid) in translated:
            return text
        self.missed.add((context, msgid))
        if not mark:
            return text
        # Jinja marks gettext results safe and then formats them; the English
        # text is source text, trusted as much as a translation would be.
        # English runs left to right even inside a right-to-left page.
        direction = ' dir="ltr"' if self.language.direction == "rtl" else ""
        return f'<span lang="{SOURCE_LANGUAGE}"{direction}>{text}</span>'

    def gettext(self, message: str, *, mark: bool = True) -> str:
        return self._fallback(None, message, self.language.translations.gettext(message), mark)

    def ngettext(self, singular: str, plural: str, n: int, *, mark: bool = True) -> str:
        text = self.language.translations.ngettext(singular, plural, n)
        return self._fallback(None, singular, text, mark)

    def pgettext(self, context: str, message: str, *, mark: bool = True) -> str:
        text = str(self.language.translations.pgettext(context, message))
        return self._fallback(context, message, text, mark)

    def npgettext(
        self, context: str, singular: str, plural: str, n: int, *, mark: bool = True
    ) -> str:
        text = self.language.translations.npgettext(context, singular, plural, n)
        return self._fallback(context, singular, text, mark)

    def number(self, value: int | float) -> str:
        # Scores are grouped only from five digits on ("1000", "12 345"), as
        # CLDR's minimumGroupingDigits = 2 does and as the seed pages print them.
        return format_decimal(
            value, locale=self.language.locale, group_separator=abs(value) >= 10_000
        )


def plain(function: Callable[..., str]) -> Callable[..., str]:
    """The same lookup without the fallback mark: for attributes and <title>."""
    return lambda *args: function(*args, mark=False)
