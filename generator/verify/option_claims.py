"""Rule options an English text states in its own words, held to the rule set it is about.

A page states an option's value through a `choose:` block, which picks the paragraph
for its rule set. A text outside one that says, in words, what only some rule sets
do ("if you cannot overtrump, any card will do") would state it of every rule set
the page is written for: it must say what this one does. Each phrase below states
one value of one option; a text holding it about a rule set with another value is
refused. A sentence that names another game, a book or a table's choice, or that
supposes ("if your table plays"), speaks of other rules and is not read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..content.rulesets import ABSENT, option_value, written
from ..engine import RuleSet
from .phrases import MAY as _MAY
from .phrases import MUST as _MUST
from .phrases import NEED_NOT as _NEED_NOT

# What lies between a claim's two parts, within one clause: bounded, so that reading a
# text takes time in proportion to its length (docs/security.md, "Size").
_SPAN = r"[^.;]{0,100}?"
_PARTNER_WINS = r"(?:your|his|her|the)\s+partner\s+(?:is\s+winning|holds\s+the\s+trick|is\s+master)"
_LOWER = r"(?:play\s+a\s+(?:lower|smaller)\s+trump|undertrump)"
_CANNOT_BEAT = (
    r"(?:cannot|can't|can\s+not|unable\s+to)\s+(?:overtrump|beat\s+(?:it|the\s+trump|his\s+trump)"
    r"|go\s+(?:higher|over\s+it))"
)
# A trump led, and going over one's partner (or "him", the partner just named).
_TRUMP_LED = r"(?:trump\s+lead|trump\s+is\s+led|leads?\s+(?:a\s+)?trumps?)"
_OVER_PARTNER = r"(?:go\s+over|beat|overtrump)\s+(?:(?:your|his|her|the)\s+partner|him|her)"
# Each option, each value, the phrases that state it.
PHRASES: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "must_undertrump": {
        "true": (
            rf"\b{_MUST}\s+{_LOWER}\b",
            r"\bundertrump(?:ing)?\s+is\s+(?:compulsory|required|obligatory|mandatory)\b",
        ),
        "false": (
            rf"\b{_NEED_NOT}\s+{_LOWER}\b",
            r"\bundertrump(?:ing)?\s+is\s+(?:optional|not\s+(?:required|compulsory|obligatory"
            r"|mandatory))\b",
            rf"\b{_CANNOT_BEAT}\b{_SPAN}\b(?:any\s+card|discard|(?:is|are)\s+free)\b",
            rf"\b{_MAY}\s+discard\b{_SPAN}\b(?:rather\s+than|instead\s+of)\s+"
            r"(?:undertrump|play(?:ing)?\s+a\s+lower\s+trump)",
        ),
    },
    "partner_winning_frees": {
        "true": (
            rf"\b{_PARTNER_WINS}\b{_SPAN}\b(?:any\s+card|{_NEED_NOT}\s+trump|free\s+to)\b",
            rf"\b(?:any\s+card|{_NEED_NOT}\s+trump)\b{_SPAN}\b(?:when|if|while|as)\s+"
            + _PARTNER_WINS,
        ),
        "false": (
            rf"\b{_MUST}\s+(?:trump|ruff)\b{_SPAN}\b(?:even\s+)?(?:when|if|while|though)"
            rf"\s+{_PARTNER_WINS}",
            rf"\b{_PARTNER_WINS}\b{_SPAN}\b{_MUST}\s+(?:trump|ruff)\b",
        ),
    },
    "beat_partner_on_trump_lead": {
        "true": (
            rf"\b{_TRUMP_LED}\b{_SPAN}\beven\s+over\s+(?:your|his|her|the)\s+partner\b",
            rf"\b{_TRUMP_LED}\b{_SPAN}\b{_MUST}\s+{_OVER_PARTNER}\b",
        ),
        "false": (
            rf"\b{_TRUMP_LED}\b{_SPAN}\b(?:unless|except\s+(?:when|if))\s+(?:your|his|her|the)"
            r"\s+partner\b",
            rf"\b{_TRUMP_LED}\b{_SPAN}\b{_NEED_NOT}\s+{_OVER_PARTNER}\b",
        ),
    },
    "scoring.belote_on_failure": {
        "kept": (
            rf"\bbelote(?:-rebelote)?\b{_SPAN}\b(?:kept|keeps?|stays?|remains?)\b{_SPAN}"
            r"\b(?:fails?|failed|dedans|whatever)\b",
            r"\bkeeps\s+only\s+(?:his|her|its|their)\s+belote\b",
        ),
        "lost": (rf"\bbelote(?:-rebelote)?\b{_SPAN}\b(?:is|are)\s+lost\b",),
        "taken": (
            rf"\bbelote(?:-rebelote)?\b{_SPAN}\bgo(?:es)?\s+to\s+the\s+(?:opponents|defen[cs]e"
            r"|defenders)\b",
        ),
    },
    "scoring.tie": {
        "litige": (rf"\b(?:tie|tied|exactly\s+as\s+(?:much|many))\b{_SPAN}\blitige\b",),
        "failed": (
            rf"\b(?:tie|tied|exactly\s+as\s+(?:much|many))\b{_SPAN}\b(?:counts\s+as\s+)?failed\b",
        ),
        "made": (rf"\b(?:tie|tied|exactly\s+as\s+(?:much|many))\b{_SPAN}\bcounts\s+as\s+made\b",),
    },
    "declarations.comparison": {
        "best-declaration": (r"\bonly\s+the\s+side\s+with\s+the\s+best\s+declaration\b",),
        "apart": (rf"\bbest\s+sequence\b{_SPAN}\bbest\s+carr[ée]\b",),
    },
}
_COMPILED = {
    path: {
        value: tuple(re.compile(p, re.IGNORECASE) for p in found) for value, found in values.items()
    }
    for path, values in PHRASES.items()
}
# A sentence about other rules than the page's: a book, a table's own choice, a supposition.
_ELSEWHERE = re.compile(
    r"\b(?:book|books|FFB|pagat|tables?|variants?|elsewhere|some\s+players"
    r"|suppose|would|could)\b",
    re.IGNORECASE,
)
_GAMES = {
    "coinche": re.compile(r"\bcoinche\b(?!\s+(?:is|are)\b)", re.IGNORECASE),
    "contrée": re.compile(r"\bcontr[ée]e\b", re.IGNORECASE),
    "classic": re.compile(r"\b(?:classic\s+belote|maison)\b", re.IGNORECASE),
}


def _games_of(rules: RuleSet) -> frozenset[str]:
    name = rules.name.lower()
    if rules.bidding is None:
        return frozenset({"classic"})
    return frozenset(
        game for game in ("coinche", "contrée") if game in name.replace("contree", "contrée")
    )


def option_problem(text: str, rules: RuleSet, *, chosen: str | None = None) -> str | None:
    """The first option value the text states in words that its rule set does not have.
    `chosen`: the option a `choose:` block picks this text for (it states that one)."""
    games = _games_of(rules)
    # The rule set's value of each option read here, once for the whole text.
    actual = {path: option_value(rules, path) for path in _COMPILED if path != chosen}
    has = {path: written(value) for path, value in actual.items() if value is not ABSENT}
    for sentence in re.split(r"(?<=[.;!?])\s+", text):
        if _ELSEWHERE.search(sentence):
            continue
        if any(found.search(sentence) for game, found in _GAMES.items() if game not in games):
            continue
        for path, value_written in has.items():
            for value, patterns in _COMPILED[path].items():
                said = next((m for p in patterns if (m := p.search(sentence))), None)
                if said is not None and value != value_written:
                    return (
                        f"the text says {said.group(0)!r}, which is {path}: {value}; rule set "
                        f"{rules.id} has {path}: {value_written} (state it in a `choose: "
                        f"{path}` block, which picks each rule set's words)"
                    )
    return None
