"""Links from the first use of each glossary term on a page to the term's entry.

The link is the site's markup, never a translation's: a paragraph is
translated and escaped as usual, then its text (outside tags, and outside
links it already has) is searched for each term's name in the page's
language, and the first use of each term on the page is wrapped in a link to
`glossary/#term-<id>`.

A name is found as its words in order, each as a word of the text that
starts like it and adds at most three letters, the endings of a declined
word: "trick" finds "tricks", Czech "štych" finds "štychu". A word of
fewer than four letters is found only as itself ("to" does not find
"took", nor "de" "deal"). A word of more than four letters ending in a
vowel is looked for without that vowel, so that declined forms are found
too ("obrana" finds "obrany" and "obraně"). Where a paragraph says the term
in a form this does not find, it is simply not linked there.

Where two names start at the same place, the more particular one owns the
words: Czech "kontrakt" (contract) is never a use of "kontra" (coinche),
even once "kontrakt" is linked; then the longer match wins ("cắt đè",
overtrump, before "cắt", to trump).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from .trust import helper

_SPLIT = re.compile(r"(<[^>]*>)")
# Vowels of the Latin and Cyrillic alphabets (the Cyrillic ones by name: they look Latin).
_VOWELS = frozenset("aeiouy") | frozenset(
    unicodedata.lookup(f"CYRILLIC SMALL LETTER {name}")
    for name in ("A", "IE", "I", "O", "U", "HARD SIGN", "SOFT SIGN", "YU", "YA")
)
_SPACE = r"[\s\u00a0\u202f]+"


def _stem(word: str) -> str:
    base = unicodedata.normalize("NFD", word[-1:].lower())[:1]
    return word[:-1] if len(word) > 4 and base in _VOWELS else word


def name_pattern(name: str) -> re.Pattern[str]:
    """What finds a term's name (as plain text) in escaped HTML text."""
    words = [
        re.escape(str(escape(word))) + r"(?!\w)"
        if len(word) < 4
        else re.escape(str(escape(_stem(word)))) + r"\w{0,3}(?!\w)"
        for word in name.split()
    ]
    return re.compile(rf"(?<![\w&#]){_SPACE.join(words)}", re.IGNORECASE)


def _fixed(name: str) -> int:
    """How particular a name's pattern is: the letters it must find as they are."""
    return sum(len(word) if len(word) < 4 else len(_stem(word)) for word in name.split())


@dataclass(frozen=True)
class Term:
    name: str  # in the page's language, as plain text
    href: str
    pattern: re.Pattern[str] = field(compare=False)

    @staticmethod
    def of(name: str, href: str) -> Term:
        return Term(name, href, name_pattern(name))


@helper
class TermLinks:
    """One page's term links as it renders: each term linked where the page first uses it."""

    def __init__(self, terms: Sequence[Term] = ()) -> None:
        self._terms = tuple(term for term in terms if term.name.strip())
        self._linked: set[str] = set()

    def fresh(self) -> TermLinks:
        """The same terms, none linked yet (for the page rendered again)."""
        return TermLinks(self._terms)

    def link(self, html: str) -> Markup:
        """The paragraph with the first use of each term not linked yet made a link."""
        if not self._terms or len(self._linked) == len(self._terms):
            return Markup(html)
        pieces: list[str] = []
        in_link = 0
        for piece in _SPLIT.split(str(html)):
            if piece.startswith("<"):
                if re.match(r"<a[\s>]", piece, re.IGNORECASE):
                    in_link += 1
                elif re.match(r"</a\s*>", piece, re.IGNORECASE):
                    in_link = max(0, in_link - 1)
                pieces.append(piece)
            elif in_link or not piece:
                pieces.append(piece)
            else:
                pieces.append(self._text(piece))
        return Markup("".join(pieces))

    def _owned(self, term: Term, text: str, start: int) -> bool:
        """Whether a more particular term's name starts at `start` (its words, not `term`'s)."""
        own = _fixed(term.name)
        return any(
            _fixed(other.name) > own and other.pattern.match(text, start) is not None
            for other in self._terms
            if other is not term
        )

    def _first(self, term: Term, text: str) -> tuple[int, int] | None:
        """Where the text first uses the term's name, words another term owns aside."""
        position = 0
        while (match := term.pattern.search(text, position)) is not None:
            if not self._owned(term, text, match.start()):
                return match.span()
            position = match.start() + 1
        return None

    def _text(self, text: str) -> str:
        """Escaped text with the first use of each term not linked yet wrapped in a link."""
        out: list[str] = []
        while True:
            found = [
                (span, term)
                for term in self._terms
                if term.href not in self._linked and (span := self._first(term, text)) is not None
            ]
            if not found:
                out.append(text)
                return "".join(out)
            # The earliest use; of two starting at the same place, the longer.
            (start, end), term = min(found, key=lambda each: (each[0][0], -each[0][1]))
            self._linked.add(term.href)
            out.append(text[:start])
            out.append(f'<a class="term" href="{escape(term.href)}">{text[start:end]}</a>')
            text = text[end:]
