"""What may stand in a text a reader sees: characters that show, and plain white space.

A translation or a page title arrives in a pull request. A right-to-left
override (U+202E) or an isolate (U+2066-U+2069) reorders what a reader sees,
so a sentence can read the opposite of its bytes; zero-width characters
(U+200B), word joiners, tag characters (U+E0000...) and the Hangul fillers
hide text or make a word look like another. None of it is needed by the
site's languages, so it is refused at the file and line it stands on; the
page audit refuses it again in every built page, whatever produced it.

Zero-width joiners and non-joiners are letters of the writing of some
languages (Persian and Urdu words, Indic conjuncts, Sinhala): in a catalog
of one of JOINER_LANGUAGES they are allowed, and nowhere else.
"""

from __future__ import annotations

import re
import unicodedata

# Unicode's format, private-use, surrogate and unassigned characters, the line and
# paragraph separators, and controls but tab, line feed and carriage return.
_REFUSED_CATEGORIES = frozenset({"Cf", "Co", "Cs", "Cn", "Zl", "Zp", "Cc"})
_WHITE = frozenset("\t\n\r")
# Letters that draw nothing: the Hangul fillers and the blank Braille pattern.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
JOINERS = frozenset("\u200c\u200d")
# Languages (ISO 639 codes) whose spelling needs ZWNJ or ZWJ (CLDR exemplars and
# Unicode's chapter on the Arabic and Indic scripts).
JOINER_LANGUAGES = frozenset(
    {"fa", "ps", "ur", "ckb", "sd", "ks", "ug", "hi", "mr", "ne", "bn", "as", "gu", "pa", "or"}
    | {"ml", "ta", "te", "kn", "si", "sa", "my", "km"}
)
# A fast first look: anything outside printable ASCII and the common Latin, Cyrillic and
# Vietnamese letters is looked at one by one.
_SUSPECT = re.compile(r"[^\t\n\r\x20-\x7e\xa0-\xac\xae-\u024f\u0400-\u04ff\u1e00-\u1eff]")


def hidden(text: str, language: str | None = None) -> tuple[int, str] | None:
    """The first character of `text` that does not show (its index and a description),
    or None; `language` allows the joiners where its spelling needs them."""
    if text.isascii() and text.isprintable():
        return None  # the common case, asked of every attribute of every page
    joiners = language is not None and language.split("_")[0] in JOINER_LANGUAGES
    for found in _SUSPECT.finditer(text):
        character = found.group()
        if character in _WHITE or (joiners and character in JOINERS):
            continue
        if character in _BLANK_LETTERS or unicodedata.category(character) in _REFUSED_CATEGORIES:
            return found.start(), describe(character)
    return None


def describe(character: str) -> str:
    name = unicodedata.name(character, "a character with no name")
    return f"U+{ord(character):04X} {name}"


def line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


INVISIBLE = (
    "an invisible or reordering character ({}): it hides or reorders what a reader sees; "
    "write the text without it"
)


# A book quoted word for word, in its own language (« … », as French print sets it): the
# book's words and figures, which a reviewer checks against the book, not the site's.
# (No « inside: a text of many « and no » is read in one pass, not in the square of its
# length.)
BOOK_QUOTE = re.compile(r"«[^«»]*»")
