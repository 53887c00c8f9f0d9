"""What each placeholder of the messages stands for, told to the translators.

A placeholder filled with words decides a sentence's grammar in many
languages: `%(side)s took every trick.` needs a plural verb in Czech
because `%(side)s` is "North-South" (with an en dash). Each such placeholder is described
once here, and `locale update` writes the description beside every message
that uses it, in the template and so in every catalog: a new message with
`%(side)s` has its note without anyone remembering to write it.

Placeholders filled with a number need no note (the plural forms and the
number format are the site's), and are listed so that a placeholder nobody
classified fails the tests instead of reaching translators unexplained.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

TAG = "TRANSLATORS:"

# Filled with words: what the words are, and in which form the site gives them.
WORDS: dict[str, str] = {
    "best": 'a card\'s name as an object, from the `card-object` context ("the queen of hearts")',
    "call": 'a call of the auction: Pass, a bid ("80 hearts"), Coinche, Surcoinche…',
    "card": 'a card\'s name, from the `card` context ("King of spades"), as written alone',
    "cards": "a list of card names (`card-in-text`), joined as the language joins lists",
    "contract": 'what was bid ("90 ♥", "Capot ♠"), or in classic Belote the trump taken',
    "dealer": 'a seat\'s name, from the `seat` context ("West"), the subject of the verb',
    "deck_cards": 'the size of the pack as a phrase ("32 cards")',
    "declaration": "a declaration's name (tierce, cinquante, cent, carré), `declaration` context",
    "example": "an example's title, as its heading on the page shows it",
    "features": 'a list of game features ("coinche, surcoinche"), joined as a list',
    "first": 'a seat\'s name, from the `seat` context ("North"), the subject of the verb',
    "groups": "card lists with their reasons, separated as the language separates list items",
    "led": 'the suit that was led, in the `suit` context ("spade" → "you have no spade")',
    "name": 'a rule set\'s name ("Coinche, official rules")',
    "names": "a list of seats' or cards' names, joined as a list",
    "plain_order": 'the card ranks in order, joined with " > " ("A > 10 > K…")',
    "reason": "why a card or call is allowed or refused, a phrase from the `reason` context",
    "reasons": "several reasons, joined as a list",
    "seat": 'a seat\'s name, from the `seat` context ("North"), the subject of the verb',
    "seeds": 'the seeds the positions were drawn from, numbers joined as a list ("2026, 2027")',
    "side": 'a partnership, two seats joined by a dash ("North–South"): plural in meaning',  # noqa: RUF001
    "source": "a rule book's title with its edition and section, in its own language",
    "trump": (
        'the trump, from the `trump` context ("trump hearts", "no trump"), or in a call'
        ' from the `bid-trump` context ("♥", "no trump")'
    ),
    "trump_order": 'the trump ranks in order, joined with " > " ("J > 9 > A…")',
    "value": "the option's value: a number, a list or a rule set's words, as the row says",
    "trump_values": 'the trump cards\' values in order ("J=20, 9=14, A=11…")',
    "plain_values": "the other suits' cards' values in order (\"A=11, 10=10, K=4…\")",
    "variant": 'the name of the variant played ("Classic team Belote")',
    "version": 'the app\'s version number ("2.4")',
}

# Filled with a number, formatted for the language (the plural forms follow it).
NUMBERS = frozenset(
    {
        "aces_no_trump",
        "belote",
        "belote_points",
        "bonus",
        "bonus_points",
        "capot",
        "capot_bid",
        "capot_last_trick",
        "capot_made",
        "capot_points",
        "cards_points",
        "ceiling",
        "coinche",
        "coinche_capot_points",
        "coinche_points",
        "count",
        "deal",
        "deck",
        "failed_points",
        "floor",
        "half",
        "hand",
        "num",
        "number",
        "players",
        "plain",
        "points",
        "right",
        "seed",
        "short_target",
        "step",
        "steps",
        "streak",
        "sum",
        "surcoinche",
        "target",
        "target_points",
        "tens_no_trump",
        "times",
        "total",
        "tricks",
        "tried",
        "trumps",
    }
)

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def placeholders(texts: Iterable[str]) -> list[str]:
    """The names of the placeholders in a message's texts, each once, in order of appearance."""
    found: list[str] = []
    for text in texts:
        for name in PLACEHOLDER.findall(text):
            if name not in found:
                found.append(name)
    return found


def notes(texts: Iterable[str]) -> list[str]:
    """The translators' notes a message gets: one per placeholder filled with words."""
    return [f"{TAG} %({name})s is {WORDS[name]}." for name in placeholders(texts) if name in WORDS]
