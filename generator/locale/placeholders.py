"""What each placeholder of the messages stands for, told to the translators.

A placeholder filled with words decides a sentence's grammar in many
languages: `%(side)s took every trick.` needs a plural verb in Czech
because `%(side)s` is "North-South" (with an en dash). Each such placeholder is described
once here, and `locale update` writes the description beside every message
that uses it, in the template and so in every catalog: a new message with
`%(side)s` has its note without anyone remembering to write it.

A placeholder filled with a number has its note too: whether the number
comes with its unit ("81 points") or bare ("80") decides the agreement of
the words around it. A placeholder nobody described fails the tests
instead of reaching translators unexplained.
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
    "declaration": (
        "a declaration's name (tierce, cinquante, cent, carré), from the `declaration` context,"
        " as written alone: where the sentence needs another case, name it in apposition"
        ' ("the declaration %(declaration)s")'
    ),
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
    "suit": 'a suit\'s name, from the `suit` context ("hearts"), as written alone',
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
    "why": (
        "why the card may not be played: a whole sentence from the `try` context"
        ' ("Not allowed: you hold hearts, so you must follow suit.")'
    ),
}


# Filled with a number: what it counts, and whether the site writes its unit with it
# ("81 points", with the language's plural form) or leaves the number bare ("80"), which
# decides the agreement of the words around it in Slovak, Czech or Croatian.
def _bare(what: str, example: str) -> str:
    return f'{what}, a bare number ("{example}"): the message writes any unit itself'


def _with_unit(what: str) -> str:
    return f'{what} with its unit ("81 points"): the message writes no unit after it'


NUMBERS: dict[str, str] = {
    "aces_no_trump": _bare("what a carré of aces scores at no-trump", "100"),
    "belote": _bare("the belote-rebelote bonus", "20"),
    "belote_points": _with_unit("the belote-rebelote bonus"),
    "bonus": _bare("the last trick's bonus", "10"),
    "bonus_points": _with_unit("the last trick's bonus"),
    "capot": _bare("what the cards are worth after a capot", "252"),
    "capot_bid": _bare("what a capot bid is worth", "500"),
    "capot_last_trick": _bare("what the last trick is worth in a capot", "100"),
    "capot_made": _bare("what a capot bid and made scores", "500"),
    "capot_points": _with_unit("what a capot scores"),
    "cards_points": _with_unit("what the cards of a deal are worth in all"),
    "ceiling": _bare("the highest bid in points", "160"),
    "coinche": _bare("the multiplier of a coinche", "2"),
    "coinche_capot_points": _with_unit("what the cards count after a coinched capot"),
    "coinche_points": _with_unit("what the cards count in a coinched contract"),
    "count": _bare("a number of cards or positions, the plural forms' number", "3"),
    "deal": _bare("a deal's number in the game", "2"),
    "deck": _bare("the number of cards in the pack", "32"),
    "failed_points": _with_unit("what the defence scores on a failed contract"),
    "floor": _bare("the lowest bid in points", "80"),
    "half": _bare("half a deal's points, each side's score in a tie", "81"),
    "hand": _bare("the number of cards each player holds", "8"),
    "num": _bare("the number the plural forms follow", "41"),
    "number": _bare("a position in a series (deal, trick, example)", "3"),
    "plain": _bare("what each non-trump suit is worth in points", "30"),
    "players": _bare("the number of players", "4"),
    "points": (
        'a number of points with its unit ("81 points") where the message writes no unit'
        ' after it; in a bid ("%(points)s %(trump)s") the bid\'s bare number ("80")'
    ),
    "right": _bare("how many answers were right at the first try", "5"),
    "seed": _bare("the seed a position was drawn from", "2026"),
    "short_target": _bare("the target of a short game in points", "500"),
    "step": _bare("the step between bids in points, or a step's number in a walk-through", "10"),
    "steps": _bare("the number of steps in a walk-through", "12"),
    "streak": _bare("how many answers in a row were right", "3"),
    "sum": _bare('the card values added up ("11 + 10 + 0 + 20"), each', "11"),
    "surcoinche": _bare("the multiplier of a surcoinche", "4"),
    "target": _bare("the game's target in points", "1000"),
    "target_points": _with_unit("the game's target"),
    "tens_no_trump": _bare("what a carré of tens scores at no-trump", "100"),
    "times": _bare("a multiplier", "2"),
    "total": _bare("a deal's points in all", "162"),
    "tricks": _bare("the number of tricks in a deal", "8"),
    "tried": _bare("how many cards or calls were tried", "7"),
    "trumps": _bare("what the trump suit is worth in points", "62"),
}

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
    """The translators' notes a message gets: one per placeholder, words or number."""
    described = {**WORDS, **NUMBERS}
    return [
        f"{TAG} %({name})s is {described[name]}."
        for name in placeholders(texts)
        if name in described
    ]
