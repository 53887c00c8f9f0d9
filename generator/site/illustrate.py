"""Pictures for the pages: card faces in the language's letters, trick diagrams.

The store draws each distinct picture once; this module decides what a
picture shows, and says it again in words for its alt text.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from markupsafe import Markup
from PIL import Image

from ..engine import Card, Rank
from ..verify.kinds.play import PlayAnswer, PlayScenario
from .pictures.cards import HEIGHT as CARD_HEIGHT
from .pictures.cards import WIDTH as CARD_WIDTH
from .pictures.cards import draw_card
from .pictures.diagram import HEIGHT as DIAGRAM_HEIGHT
from .pictures.diagram import WIDTH as DIAGRAM_WIDTH
from .pictures.diagram import TrickDiagram, draw_diagram
from .pictures.store import Picture, PictureStore
from .words import Alt, Words


def text_of(markup: str) -> str:
    """A message as plain text (a fallback's marking element removed)."""
    return Markup(markup).striptags()


@dataclass
class Illustrator:
    store: PictureStore
    words: Words

    def letter(self, rank: Rank) -> str:
        return text_of(self.words.rank_letter(rank))

    def card(self, card: Card) -> Picture:
        letter = self.letter(card.rank)
        return self.store.get(
            f"card|{card.code}|{letter}", (CARD_WIDTH, CARD_HEIGHT), lambda: draw_card(card, letter)
        )

    def diagram(self, scenario: PlayScenario, answer: PlayAnswer) -> Picture:
        position = scenario.position
        words = self.words
        diagram = TrickDiagram(
            seat_names={seat: text_of(words.seat(seat)) for seat in position.rules.order},
            trick=tuple((play.seat, play.card) for play in answer.table),
            to_move=position.seat,
            hand_label=text_of(words.hand(position.seat)),
            hand=tuple((verdict.card, verdict.allowed) for verdict in answer.verdicts),
            winner=answer.result.winner if answer.result is not None else None,
            faces={},
        )
        shown = [card for _, card in diagram.trick] + [card for card, _ in diagram.hand]
        letters = {card: self.letter(card.rank) for card in shown}
        # Everything the picture shows, in a canonical form: its file name's hash.
        inputs = repr(
            (
                "diagram",
                sorted((seat.value, name) for seat, name in diagram.seat_names.items()),
                [(seat.value, card.code) for seat, card in diagram.trick],
                diagram.to_move.value,
                diagram.hand_label,
                [(card.code, allowed) for card, allowed in diagram.hand],
                diagram.winner.value if diagram.winner else None,
                sorted((card.code, letter) for card, letter in letters.items()),
            )
        )

        def draw() -> Image.Image:
            faces = {card: draw_card(card, letters[card]) for card in shown}
            return draw_diagram(replace(diagram, faces=faces))

        return self.store.get(inputs, (DIAGRAM_WIDTH, DIAGRAM_HEIGHT), draw)

    def diagram_alt(self, scenario: PlayScenario, answer: PlayAnswer) -> Alt:
        """What the diagram shows, in sentences, for its alt text."""
        return self.words.alt(lambda words: self._diagram_text(words, scenario, answer))

    def _diagram_text(self, words: Words, scenario: PlayScenario, answer: PlayAnswer) -> str:
        gettext = words.gettext
        position = scenario.position
        trick = answer.table
        names = [words.card(card) for card in position.hand]
        allowed = [words.card(v.card) for v in answer.verdicts if v.allowed]
        parts = [text_of(words.mode_line(position.rules, position.trump))]
        if trick:
            plays = words.listed([words.played(play.seat, play.card) for play in trick])
            parts.append(
                text_of(gettext.gettext("On the table: %(plays)s.", mark=False) % {"plays": plays})
            )
        else:
            parts.append(text_of(gettext.gettext("Nothing has been played yet.", mark=False)))
        parts.append(f"{text_of(words.hand(position.seat))} {text_of(words.listed(names))}.")
        if len(allowed) == len(names):
            parts.append(
                text_of(
                    gettext.gettext("Every card is highlighted: all may be played.", mark=False)
                )
            )
        else:
            parts.append(
                text_of(
                    gettext.gettext(
                        "Highlighted: %(cards)s; the other cards are greyed out.", mark=False
                    )
                    % {"cards": words.listed(allowed)}
                )
            )
        if answer.result is not None:
            parts.append(text_of(words.winner(answer.result.winner)))
        return " ".join(parts)
