"""The plural rules a catalog may declare: CLDR's for its language, or GNU gettext's.

`locale add` writes CLDR's rule (Babel's table); `msginit` and the PO
editors that follow it write gettext's. Either is right for the language;
any other rule picks the wrong form for some number (`n > 1` in a German
catalog says "0 Punkt"), so a catalog's rule is compared with both, number by
number, and refused when it agrees with neither.
"""

from __future__ import annotations

import gettext as stdlib_gettext
from collections.abc import Callable

from babel.messages.plurals import get_plural

# GNU gettext's plural table (msginit 0.21, `msginit -l <code>`), for the languages it knows.
_SLAVIC_EAST = "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"
GETTEXT: dict[str, tuple[int, str]] = {
    **dict.fromkeys(("ja", "ko", "vi"), (1, "0")),
    **dict.fromkeys(
        (
            "bg",
            "da",
            "de",
            "el",
            "en",
            "eo",
            "es",
            "et",
            "fi",
            "fo",
            "he",
            "hu",
            "it",
            "nb",
            "nl",
            "nn",
            "no",
            "pt",
            "sv",
            "tr",
        ),
        (2, "(n != 1)"),
    ),
    **dict.fromkeys(("fr", "pt_BR"), (2, "(n > 1)")),
    **dict.fromkeys(("be", "hr", "ru", "sr", "uk"), (3, _SLAVIC_EAST)),
    **dict.fromkeys(("cs", "sk"), (3, "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2")),
    "ga": (3, "n==1 ? 0 : n==2 ? 1 : 2"),
    "lt": (3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2)"),
    "lv": (3, "(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2)"),
    "pl": (3, "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"),
    "ro": (3, "n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2"),
    "sl": (4, "(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3)"),
}

# The numbers two rules are compared on: every residue the rules of CLDR and gettext test
# (n % 10, n % 100, ranges below 1000), and the millions French and Portuguese set apart.
SAMPLES = (*range(0, 1001), 10_000, 100_000, 1_000_000, 2_000_000, 1_000_001)


def forms_of(expression: str) -> Callable[[int], int]:
    """A C plural expression as a function (raises ValueError or SyntaxError if it is not one)."""
    return stdlib_gettext.c2py(expression)


def accepted(lang: str) -> list[tuple[str, int, str]]:
    """The rules right for `lang`: (whose, nplurals, expression), CLDR's first."""
    cldr = get_plural(lang)
    rules = [("CLDR", cldr.num_plurals, cldr.plural_expr)]
    known = GETTEXT.get(lang) or GETTEXT.get(lang.split("_", 1)[0])
    if known is not None:
        rules.append(("gettext", *known))
    return rules


def agrees(count: int, rule: Callable[[int], int], lang: str) -> bool:
    """Whether a rule (already checked to give forms below `count`) is one right for `lang`."""
    for _, nplurals, expression in accepted(lang):
        other = forms_of(expression)
        if count == nplurals and all(rule(n) == other(n) for n in SAMPLES):
            return True
    return False
