"""The site's words for the engine's types, read from `content/vocabulary.yaml`.

Each group of the file is a gettext context; its entries are English
messages (the msgids), looked up here by the engine value they name.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...content.errors import ContentError
from ...content.files import InputFiles
from ...content.nodes import Source, read_yaml
from ...engine import (
    DECK,
    CallReason,
    Coinche,
    Kind,
    Outcome,
    Rank,
    Reason,
    Seat,
    Suit,
    TermKind,
    Trump,
    TrumpMode,
)

# The reasons for a call whose English names the coinche: a rule set that calls the double
# a contre has them in its own word (the calls themselves are named by `Call.named`).
CONTRE_REASONS = (
    CallReason.SURCOINCHE,
    CallReason.CONTRACT_FROZEN,
    CallReason.NOTHING_TO_COINCHE,
    CallReason.COINCHE_OWN_SIDE,
    CallReason.ALREADY_COINCHED,
    CallReason.SURCOINCHE_WITHOUT_COINCHE,
    CallReason.SURCOINCHE_BY_DEFENCE,
)

# The partnerships a page can name: partners sit opposite each other.
PARTNERSHIPS = ("north-south", "east-west")

_GROUPS: dict[str, list[str]] = {
    "seat": [seat.value for seat in Seat],
    "hand": [seat.value for seat in Seat],
    "plays": [seat.value for seat in Seat],
    "winner": [seat.value for seat in Seat],
    "trump": [trump.value for trump in Trump],
    "mode": [mode.value for mode in TrumpMode],
    "reason": [reason.value for reason in Reason],
    "card": [card.code for card in DECK],
    "card-in-text": [card.code for card in DECK],
    "card-object": [card.code for card in DECK],
    "carre": [rank.value for rank in Rank],
    "suit": [suit.word for suit in Suit],
    "try": [reason.value for reason in Reason],
    "rank": [rank.value for rank in Rank],
    "rank-letter": [rank.value for rank in Rank],
    # Partnerships; a player alone is named by his seat.
    "side": list(PARTNERSHIPS),
    "declaration": [kind.value for kind in Kind],
    "outcome": [outcome.value for outcome in Outcome],
    "locked": ["declarations", "coinche", "no-trump", "all-trumps", "no-trump-and-all-trumps"],
    "takes": [seat.value for seat in Seat],
    # A no-trump or all-trumps deal's taker: %(trump)s is "no trump" or "all trumps".
    "takes-mode": [seat.value for seat in Seat],
    "played": [seat.value for seat in Seat],
    "wins-game": [*PARTNERSHIPS, *(seat.value for seat in Seat)],
    # The auction: a bid's trump ("90 ♥"), the calls, why a call is allowed or not.
    "bid-trump": [trump.value for trump in Trump],
    "call": [
        "pass",
        "bid",
        "capot",
        "generale",
        "coinche",
        "surcoinche",
        "contre",
        "surcontre",
        "take",
        "choose",
    ],
    "call-reason": [reason.value for reason in CallReason],
    # The reasons whose words name the double, as a book that calls it contre words them.
    "call-reason-contre": [reason.value for reason in CONTRE_REASONS],
    "contract": [seat.value for seat in Seat],
    # Each level, and the contrée book's names for the two doubles.
    "coinche": [*(level.value for level in Coinche), "contre", "surcontre", "none-contre"],
    "coinche-heading": [*(level.value for level in Coinche), "contre", "surcontre"],
    # The lines of a contract's score, and those that name the double as Contrée does.
    "term": [*(kind.value for kind in TermKind), "contred", "capot-bonus-contre"],
}
# The keys above that name the double, and their keys in a rule set that calls it
# contre (Contrée): "Not coinched." is "Not contred." there, in every language.
CONTRE_KEYS = {
    "coinche": "contre",
    "surcoinche": "surcontre",
    "none": "none-contre",
    "coinched": "contred",
    "capot-bonus": "capot-bonus-contre",
}
# Messages in these groups must keep the placeholder they are built around.
_PLACEHOLDERS = {
    "plays": ("%(card)s",),
    "played": ("%(card)s",),
    "contract": ("%(contract)s",),
    "takes-mode": ("%(trump)s",),
}
# Calls that carry a trump, and a bid its points: "%(points)s %(trump)s".
_CALL_PLACEHOLDERS = {
    "bid": ("%(points)s", "%(trump)s"),
    "capot": ("%(trump)s",),
    "generale": ("%(trump)s",),
    "choose": ("%(trump)s",),
}


@dataclass(frozen=True)
class Vocabulary:
    """msgids by context and key: `messages["card"]["KS"] == "King of spades"`."""

    messages: dict[str, dict[str, str]]

    def msgid(self, context: str, key: str) -> str:
        return self.messages[context][key]


def parse_vocabulary(source: Source) -> Vocabulary:
    top = source.fields("the vocabulary", frozenset(_GROUPS), frozenset(_GROUPS))
    messages: dict[str, dict[str, str]] = {}
    for name, keys in _GROUPS.items():
        entries = top[name].fields(f"vocabulary group {name}", frozenset(keys), frozenset(keys))
        texts = {key: value.text(f"{name}.{key}") for key, value in entries.items()}
        for key, text in texts.items():
            needed: tuple[str, ...] = _PLACEHOLDERS.get(name, ())
            if name == "call":
                needed = _CALL_PLACEHOLDERS.get(key, ())
            for wanted in needed:
                if wanted not in text:
                    raise entries[key].error(f"{name}.{key} must contain {wanted}")
        messages[name] = texts
    return Vocabulary(messages)


def load_vocabulary(path: Path, files: InputFiles) -> Vocabulary:
    source = read_yaml(path, files)
    if source is None:
        raise ContentError(path, 1, "the vocabulary file is empty")
    return parse_vocabulary(source)
