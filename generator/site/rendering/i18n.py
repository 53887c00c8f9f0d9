"""The languages of the site and the gettext functions the templates call.

Translations come from people we do not know, so what a catalog says is
text, never markup: every translation is escaped, and a message whose
English source carries tags keeps exactly those tags, in the same order
(anything else in it is escaped). A message a catalog does not translate
(missing or fuzzy) falls back to English, wrapped in an element marked
`lang="en"`, and the page notes that its translation is incomplete.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Set
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from babel import Locale
from babel.numbers import format_decimal
from markupsafe import Markup, escape

from ...content.catalogs import (
    SOURCE_LANGUAGE,
    Key,
    Messages,
    catalog_path,
    english,
    locale_of,
    read_catalog_file,
)
from ...content.files import InputFiles
from .trust import helper

# A tag, or the start of one that never closes (`<img src=x onerror=...`).
TAG = re.compile(r"<\s*/?\s*[a-zA-Z][^<>]*>?")


def safe_text(source: str, text: str) -> Markup:
    """A message as HTML: escaped, except for the tags its English source has, in their order."""
    allowed = TAG.findall(source)
    if not allowed:
        return escape(text)
    pieces: list[str] = []
    position = 0
    for match in TAG.finditer(text):
        pieces.append(str(escape(text[position : match.start()])))
        tag = match.group()
        if allowed and tag == allowed[0]:
            pieces.append(tag)
            allowed.pop(0)
        else:
            pieces.append(str(escape(tag)))
        position = match.end()
    pieces.append(str(escape(text[position:])))
    return Markup("".join(pieces))


@dataclass
class Language:
    """One language of the site: its CLDR locale, compiled catalog, and number setting."""

    code: str
    locale: Locale
    # CLDR's minimumGroupingDigits (Babel does not carry it): 2 prints 1000 but 10 000.
    min_grouping: int = 1
    messages: Messages | None = None  # None: the source language
    # Each message's HTML and each number's spelling, worked out once: a build's pages ask
    # for the same ones hundreds of thousands of times. Only the language being rendered
    # keeps them (a build renders one language after the other): 50 languages' would be
    # 17 MB more of a 1,000-page build's peak.
    _html: dict[tuple[Key, str | None, int], Markup] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _numbers: dict[tuple[type, int | float], str] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @cached_property
    def translated(self) -> frozenset[Key] | None:
        """None for the source language: everything is "translated"."""
        return None if self.messages is None else frozenset(self.messages.entries)

    def text(self, key: Key, plural: str | None = None, n: int = 1) -> str:
        """A message as the catalog gives it (the form for `n` where it has a plural), or
        in English where it does not translate it."""
        if self.messages is None:
            return english(key, plural, n)
        return self.messages.text(key, plural, n)

    @staticmethod
    def source(locale: Locale, min_grouping: int = 1) -> Language:
        return Language(SOURCE_LANGUAGE, locale, min_grouping)

    @staticmethod
    def with_messages(
        lang: str, messages: Messages, where: Path, min_grouping: int = 1
    ) -> Language:
        """A catalog's language from its messages (read now, or from the build cache)."""
        return Language(lang, locale_of(lang, where), min_grouping, messages)

    @property
    def is_source(self) -> bool:
        return self.translated is None

    def completeness(self, used: Set[Key]) -> float:
        """The share of these messages the language translates, in percent."""
        if self.translated is None or not used:
            return 100.0
        return 100.0 * len(used & self.translated) / len(used)

    @cached_property
    def direction(self) -> str:
        return str(self.locale.text_direction)

    @cached_property
    def own_name(self) -> str:
        """The language's name in itself, exactly as CLDR gives it ("slovenčina").

        Lists capitalise its first letter in CSS, so the text stays CLDR's.
        """
        return str(self.locale.get_display_name(self.locale) or self.code)

    @property
    def tag(self) -> str:
        """BCP 47 tag for lang and hreflang attributes (`pt-BR` for the folder `pt_BR`)."""
        return self.code.replace("_", "-")

    def _remembering(self) -> None:
        global _REMEMBERING
        last = _REMEMBERING() if _REMEMBERING is not None else None
        if last is not self:
            if last is not None:
                last._html.clear()
                last._numbers.clear()
            _REMEMBERING = weakref.ref(self)

    def html(self, key: Key, plural: str | None, n: int) -> Markup:
        """The message as HTML (`safe_text`), as the catalog gives it or in English."""
        self._remembering()
        found = self._html.get((key, plural, n))
        if found is None:
            found = self._html[key, plural, n] = safe_text(key[1], self.text(key, plural, n))
        return found

    def number(self, value: int | float) -> str:
        """A number as the language writes it, grouped from CLDR's minimum grouping digits."""
        self._remembering()
        # 2 and 2.0 are one key to a dict, not to Babel.
        found = self._numbers.get((type(value), value))
        if found is None:
            grouped = abs(value) >= 10 ** (3 + self.min_grouping - 1)
            found = str(format_decimal(value, locale=self.locale, group_separator=grouped))
            self._numbers[type(value), value] = found
        return found


# The language whose messages and numbers are remembered now.
_REMEMBERING: weakref.ref[Language] | None = None


def load_language(locales: Path, lang: str, files: InputFiles, min_grouping: int = 1) -> Language:
    """One language of the site: English, or a catalog's (its messages not checked here)."""
    if lang == SOURCE_LANGUAGE:
        return Language.source(locale_of(lang, locales), min_grouping)
    file = read_catalog_file(catalog_path(locales, lang), lang, files)
    return Language.with_messages(lang, Messages.of(file.catalog), file.path, min_grouping)


@helper
@dataclass
class Gettext:
    """The gettext functions for one language, recording lookups and fallbacks as pages render.

    Every function returns the message as escaped Markup, not yet formatted:
    the caller (Jinja's i18n extension, or `Words`) fills its placeholders.
    """

    language: Language
    missed: set[Key] = field(default_factory=set)
    used: set[Key] = field(default_factory=set)
    # Every fallback to English, counted (a message may fall back more than once).
    fallbacks: int = 0

    def _resolve(
        self, context: str | None, msgid: str, plural: str | None, n: int, mark: bool
    ) -> Markup:
        key = (context, msgid)
        self.used.add(key)
        html = self.language.html(key, plural, n)
        translated = self.language.translated
        if translated is None or key in translated:
            return html
        self.missed.add(key)
        self.fallbacks += 1
        if not mark:
            return html
        # English runs left to right even inside a right-to-left page.
        direction = ' dir="ltr"' if self.language.direction == "rtl" else ""
        return Markup(f'<span lang="{SOURCE_LANGUAGE}"{direction}>') + html + Markup("</span>")

    def gettext(self, message: str, *, mark: bool = True) -> Markup:
        return self._resolve(None, message, None, 1, mark)

    def ngettext(self, singular: str, plural: str, n: int, *, mark: bool = True) -> Markup:
        return self._resolve(None, singular, plural, n, mark)

    def pgettext(self, context: str, message: str, *, mark: bool = True) -> Markup:
        return self._resolve(context, message, None, 1, mark)

    def npgettext(
        self, context: str, singular: str, plural: str, n: int, *, mark: bool = True
    ) -> Markup:
        return self._resolve(context, singular, plural, n, mark)

    def number(self, value: int | float) -> str:
        return self.language.number(value)

    def text(self, message: str, **values: object) -> str:
        """A message as plain text (for attributes, alt texts and <title>), formatted."""
        return (self.gettext(message, mark=False) % values).striptags()
