"""Card faces for the pages, in the language's letters, and what a figure says in words.

The faces are the only pictures: the store draws each distinct face once,
for every page and language that shows it. Tables and melds are markup over
those faces (templates/figures.html), laid out from what each scenario kind
says its figure shows (generator/verify/figures.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup

from ...engine import Card, Rank, Reason, Verdict
from ..pictures.cards import HEIGHT as CARD_HEIGHT
from ..pictures.cards import WIDTH as CARD_WIDTH
from ..pictures.cards import draw_card
from ..pictures.store import Collector, Picture, PictureStore
from .trust import helper
from .words import Words


@helper
@dataclass
class Illustrator:
    store: Collector | PictureStore  # a page's collector, or the store itself
    words: Words
    # Blue diamonds and green clubs, for readers who confuse the suits; part of every key.
    four_colour: bool = False

    def letter(self, rank: Rank) -> str:
        return self.words.rank_letter(rank).striptags()  # a fallback's marking element removed

    def card(self, card: Card) -> Picture:
        letter = self.letter(card.rank)
        four = self.four_colour
        return self.store.get(
            repr(("card", card.code, letter, four)),
            (CARD_WIDTH, CARD_HEIGHT),
            lambda: draw_card(card, letter, four),
        )

    def allowed_caption(self, verdicts: Sequence[Verdict]) -> Markup:
        """The allowed cards and why, in one sentence; cards allowed for one reason together."""
        words = self.words
        gettext = words.gettext
        groups: dict[Reason, list[Card]] = {}
        for verdict in verdicts:
            if verdict.allowed:
                groups.setdefault(verdict.reason, []).append(verdict.card)
        parts = [
            # Only punctuation: nothing English to mark where it falls back.
            gettext.gettext("%(cards)s: %(reason)s", mark=False)
            % {"cards": words.cards_listed(cards), "reason": words.reason(r)}
            for r, cards in groups.items()
        ]
        return gettext.gettext("Allowed cards: %(groups)s.") % {"groups": words.listed(parts)}
