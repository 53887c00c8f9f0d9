"""Numbers as English content and its translations write them: digits, and English words.

The checks of what a text states read its numbers here: `verify/claims.py`
(a rule figure typed in a page's text) and `catalogs.py` (a translation that
types a number its English source does not state).
"""

from __future__ import annotations

import re

# One to nineteen, the tens, hundreds and thousands ("a hundred and sixty-two", "thirty-two").
_UNIT_WORDS = (
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
    " sixteen seventeen eighteen nineteen"
)
_TEN_WORDS = "twenty thirty forty fifty sixty seventy eighty ninety"
_UNITS = {word: value for value, word in enumerate(_UNIT_WORDS.split(), start=1)}
_TENS = {word: 10 * value for value, word in enumerate(_TEN_WORDS.split(), start=2)}
_UNIT = "|".join(sorted(_UNITS, key=len, reverse=True))
_TEN = "|".join(_TENS)
_BELOW_100 = rf"(?:(?:{_TEN})(?:[-\s]+(?:{_UNIT}))?|(?:{_UNIT}))"
_BELOW_1000 = rf"(?:(?:a|{_BELOW_100})\s+hundred(?:\s+(?:and\s+)?{_BELOW_100})?|{_BELOW_100})"
IN_WORDS = re.compile(
    rf"\b(?:(?:a|{_BELOW_1000})\s+thousand(?:\s+(?:and\s+)?{_BELOW_1000})?|{_BELOW_1000})\b",
    re.IGNORECASE,
)
# Digits as any language groups them: 1,000, 1 000, 1.000 (and a run of digits alone).
_DIGITS = re.compile(r"\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?!\d)|\d+")
_PLACEHOLDER = re.compile(r"%\(\w+\)[a-z]")
# More digits than any figure a page states: read as no figure at all (Python reads no run
# of more than 4,300 digits as a number).
MOST_DIGITS = 12
NO_FIGURE = -1


def in_words(phrase: str) -> int:
    """The value of an English number in words ("a hundred and sixty-two": 162)."""
    total = current = 0
    for word in re.findall(r"[a-z]+", phrase.lower()):
        if word == "hundred":
            current = (current or 1) * 100
        elif word == "thousand":
            total, current = total + (current or 1) * 1000, 0
        else:
            current += _UNITS.get(word, _TENS.get(word, 1 if word == "a" else 0))
    return total + current


def value_of(written: str) -> int:
    """The value of a number written in digits, its grouping aside; NO_FIGURE when it is
    longer than any figure."""
    digits = re.sub(r"\D", "", written)
    return int(digits) if len(digits) <= MOST_DIGITS else NO_FIGURE


def in_digits(text: str) -> list[int]:
    """Every number a text writes in digits, however it groups them (placeholders aside)."""
    return [value_of(match.group(0)) for match in _DIGITS.finditer(_PLACEHOLDER.sub(" ", text))]


# A number's plural names cards of a rank or steps ("four eights", "goes up in tens").
_PLURALS = re.compile(
    r"\b(" + "|".join(word + ("es" if word.endswith("x") else "s") for word in _UNITS) + r")\b",
    re.IGNORECASE,
)


# Words that name a number another language may write in digits: an order ("the first
# trick": "1.") or a multiple ("twice", "doubles": "2x"), and a half ("1/2").
_ORDINALS = "first second third fourth fifth sixth seventh eighth ninth tenth"
_NAMED: dict[str, tuple[int, ...]] = {
    **{word: (n,) for n, word in enumerate(_ORDINALS.split(), start=1)},
    **dict.fromkeys(("twice", "double", "doubles", "doubled"), (2,)),
    **dict.fromkeys(("triple", "triples", "tripled"), (3,)),
    **dict.fromkeys(("quadruple", "quadruples", "quadrupled"), (4,)),
    "half": (1, 2),
}
_NAMED_WORDS = re.compile(r"\b(" + "|".join(_NAMED) + r")\b", re.IGNORECASE)


def english_numbers(text: str) -> set[int]:
    """Every number an English text states, in digits or in words ("the eight", "a five",
    "four eights", "the first", "twice")."""
    found = {*in_digits(text), *(in_words(m.group(0)) for m in IN_WORDS.finditer(text))}
    plurals = (m.group(1).lower() for m in _PLURALS.finditer(text))
    found |= {_UNITS[word[:-2] if word.endswith("xes") else word[:-1]] for word in plurals}
    named = {n for m in _NAMED_WORDS.finditer(text) for n in _NAMED[m.group(1).lower()]}
    return found | named
