"""Pictures for the pages: card faces in the language's letters, trick diagrams, melds.

The store draws each distinct picture once; this module decides what a
picture shows (from the engine's answer, in the page's words), and says it
again in words for its alt text and caption.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from markupsafe import Markup
from PIL import Image

from ..engine import Card, Declaration, Rank, Reason, Seat, winning_play
from ..verify.kinds.declarations import DeclarationsAnswer, DeclarationsScenario
from ..verify.kinds.play import PlayAnswer, PlayScenario
from .pictures.cards import HEIGHT as CARD_HEIGHT
from .pictures.cards import WIDTH as CARD_WIDTH
from .pictures.cards import draw_card
from .pictures.diagram import WIDTH as DIAGRAM_WIDTH
from .pictures.diagram import TrickDiagram, draw_diagram
from .pictures.melds import WIDTH as MELDS_WIDTH
from .pictures.melds import MeldFigure, MeldGroup, MeldRow, draw_melds, melds_height
from .pictures.store import Picture, Pictures
from .trust import helper
from .words import Alt, Words


def text_of(markup: str) -> str:
    """A message as plain text (a fallback's marking element removed)."""
    return Markup(markup).striptags()


@helper
@dataclass
class Illustrator:
    store: Pictures
    words: Words
    # Blue diamonds and green clubs, for readers who confuse the suits; part of every key.
    four_colour: bool = False

    def letter(self, rank: Rank) -> str:
        return text_of(self.words.rank_letter(rank))

    def card(self, card: Card) -> Picture:
        letter = self.letter(card.rank)
        four = self.four_colour
        return self.store.get(
            repr(("card", card.code, letter, four)),
            (CARD_WIDTH, CARD_HEIGHT),
            lambda: draw_card(card, letter, four),
        )

    def _faces(self, cards: list[Card]) -> tuple[str, dict[Card, str]]:
        """The letters the faces are drawn with, in a canonical form for a picture's key."""
        letters = {card: self.letter(card.rank) for card in cards}
        drawn = sorted((card.code, letter) for card, letter in letters.items())
        key = repr((drawn, self.four_colour))
        return key, letters

    # -- Trick diagrams ---------------------------------------------------------------

    def trick_diagram(
        self, scenario: PlayScenario, answer: PlayAnswer, *, with_hand: bool = True
    ) -> TrickDiagram:
        """What the diagram shows (faces not drawn yet): the table as the answer leaves it.

        Without the hand, the table alone: the page lays the hand out as cards to try.
        """
        position = scenario.position
        rules = position.rules
        words = self.words
        table = answer.table
        played = _played(scenario, answer)
        to_move, winner = _turn(scenario, answer)
        suit = position.trump.suit
        trump_label = words.gettext.gettext("Trump") if suit else words.trump(position.trump)
        return TrickDiagram(
            seat_names={seat: text_of(words.seat(seat)) for seat in rules.order},
            trick=tuple((play.seat, play.card) for play in table),
            bottom=position.seat,
            to_move=to_move,
            # A card played has left the hand: it lies on the table.
            hand=tuple((v.card, v.allowed) for v in answer.verdicts if v.card != played)
            if with_hand
            else (),
            winner=winner,
            trump=suit,
            trump_label=text_of(trump_label),
            to_play_label=text_of(words.gettext.gettext("to play", mark=False)),
            faces={},
            four_colour=self.four_colour,
        )

    def diagram(
        self, scenario: PlayScenario, answer: PlayAnswer, *, with_hand: bool = True
    ) -> Picture:
        diagram = self.trick_diagram(scenario, answer, with_hand=with_hand)
        shown = [card for _, card in diagram.trick] + [card for card, _ in diagram.hand]
        faces_key, letters = self._faces(shown)
        # Everything the picture shows, in a canonical form: its file name's hash.
        inputs = f"{diagram.describe()}|{faces_key}"
        four = self.four_colour

        def draw() -> Image.Image:
            faces = {card: draw_card(card, letters[card], four) for card in shown}
            return draw_diagram(replace(diagram, faces=faces))

        return self.store.get(inputs, (DIAGRAM_WIDTH, diagram.height), draw)

    def table(self, scenario: PlayScenario, answer: PlayAnswer) -> Picture:
        """The table alone, the hand left for the page to lay out as cards to try."""
        return self.diagram(scenario, answer, with_hand=False)

    def table_alt(self, scenario: PlayScenario, answer: PlayAnswer) -> Alt:
        """What the table shows, in sentences: the trick, who holds it, whose turn it is."""
        return self.words.alt(
            lambda words: self._diagram_text(words, scenario, answer, with_hand=False)
        )

    def diagram_alt(self, scenario: PlayScenario, answer: PlayAnswer) -> Alt:
        """What the diagram shows, in sentences, for its alt text."""
        return self.words.alt(lambda words: self._diagram_text(words, scenario, answer))

    def _diagram_text(
        self, words: Words, scenario: PlayScenario, answer: PlayAnswer, *, with_hand: bool = True
    ) -> str:
        """The trick, the turn, the hand and its allowed cards, the card played, who holds it.

        Told in the order things happen: the table before the play, the hand
        and what it may play, then the card played; the picture shows the end.
        """
        gettext = words.gettext
        position = scenario.position
        played = _played(scenario, answer)
        names = [words.card_in_text(card) for card in position.hand]
        allowed = [words.card_in_text(v.card) for v in answer.verdicts if v.allowed]
        parts = [text_of(words.mode_line(position.rules, position.trump))]
        if position.trick:
            plays = words.listed([words.played(play.seat, play.card) for play in position.trick])
            parts.append(
                text_of(gettext.gettext("On the table: %(plays)s.", mark=False) % {"plays": plays})
            )
        else:
            parts.append(text_of(gettext.gettext("Nothing has been played yet.", mark=False)))
        to_play = gettext.gettext("To play: %(seat)s.", mark=False)
        if played is None:
            parts.append(text_of(to_play % {"seat": words.seat(position.seat)}))
        if with_hand:
            parts.append(f"{text_of(words.hand(position.seat))} {text_of(words.listed(names))}.")
            if len(allowed) == len(names):
                highlighted = gettext.gettext(
                    "Every card is highlighted: all may be played.", mark=False
                )
            else:
                highlighted = gettext.gettext(
                    "Highlighted: %(cards)s; the other cards are greyed out.", mark=False
                ) % {"cards": words.listed(allowed)}
            parts.append(text_of(highlighted))
        if played is not None:
            parts.append(text_of(words.plays(position.seat, played)))
        # The picture's facts, found without its words: only `words` may be looked up here,
        # or a fallback in the page's language would turn a whole alt text English.
        to_move, winner = _turn(scenario, answer)
        if answer.result is not None:
            parts.append(text_of(words.winner(answer.result.winner)))
        elif winner is not None:
            so_far = gettext.gettext("Winning so far: %(seat)s.", mark=False)
            parts.append(text_of(so_far % {"seat": words.seat(winner)}))
        if played is not None and to_move is not None:
            parts.append(text_of(to_play % {"seat": words.seat(to_move)}))
        return " ".join(parts)

    def diagram_caption(self, scenario: PlayScenario, answer: PlayAnswer) -> Markup:
        """The allowed cards and why, in one sentence; cards allowed for one reason together."""
        words = self.words
        gettext = words.gettext
        groups: dict[Reason, list[Card]] = {}
        for verdict in answer.verdicts:
            if verdict.allowed:
                groups.setdefault(verdict.reason, []).append(verdict.card)
        parts = [
            # Only punctuation: nothing English to mark where it falls back.
            gettext.gettext("%(cards)s: %(reason)s", mark=False)
            % {"cards": words.cards_listed(cards), "reason": words.reason(r)}
            for r, cards in groups.items()
        ]
        return gettext.gettext("Allowed: %(groups)s.") % {"groups": words.listed(parts)}

    # -- Declarations ---------------------------------------------------------------

    def meld_figure(self, scenario: DeclarationsScenario, answer: DeclarationsAnswer) -> MeldFigure:
        """What the melds figure shows (faces not drawn yet): each hand, its declarations."""
        words = self.words
        gettext = words.gettext
        rules = scenario.rules.declarations
        rows = []
        for seat, hand in scenario.hands.items():
            found = answer.found.get(seat, ())
            scoring = answer.scoring.get(seat, ())
            groups = tuple(
                MeldGroup(
                    declaration.cards,
                    text_of(
                        gettext.gettext("%(declaration)s: %(points)s")
                        % {
                            "declaration": words.declaration(declaration.kind),
                            "points": words.points(declaration.points(rules, scenario.trump)),
                        }
                    ),
                    declaration in scoring,
                )
                for declaration in found
            )
            declared = {card for declaration in found for card in declaration.cards}
            rest = tuple(card for card in hand if card not in declared)
            rows.append(MeldRow(seat, text_of(words.seat(seat)), groups, rest))
        # A side scores its declarations when it wins their comparison: both sides may,
        # where sequences and carrés are weighed apart.
        totals = tuple(
            (
                text_of(
                    gettext.gettext("%(side)s: %(points)s")
                    % {"side": words.side(side), "points": words.points(points)}
                ),
                points > 0,
            )
            for side, points in answer.points.items()
        )
        suit = scenario.trump.suit
        trump_label = gettext.gettext("Trump") if suit else words.trump(scenario.trump)
        return MeldFigure(tuple(rows), suit, text_of(trump_label), totals, {}, self.four_colour)

    def melds(self, scenario: DeclarationsScenario, answer: DeclarationsAnswer) -> Picture:
        figure = self.meld_figure(scenario, answer)
        shown = [
            card
            for row in figure.rows
            for card in [*(c for group in row.groups for c in group.cards), *row.rest]
        ]
        faces_key, letters = self._faces(shown)
        four = self.four_colour

        def draw() -> Image.Image:
            faces = {card: draw_card(card, letters[card], four) for card in set(shown)}
            return draw_melds(replace(figure, faces=faces))

        size = (MELDS_WIDTH, melds_height(figure))
        return self.store.get(f"{figure.describe()}|{faces_key}", size, draw)

    def melds_alt(self, scenario: DeclarationsScenario, answer: DeclarationsAnswer) -> Alt:
        """What the melds figure shows, in sentences, for its alt text."""
        return self.words.alt(lambda words: self._melds_text(words, scenario, answer))

    def _melds_text(
        self, words: Words, scenario: DeclarationsScenario, answer: DeclarationsAnswer
    ) -> str:
        gettext = words.gettext
        rules = scenario.rules
        parts = [text_of(words.mode_line(rules, scenario.trump))]
        counted = gettext.gettext(
            "Declared: %(declaration)s with %(cards)s, %(points)s; it counts.", mark=False
        )
        not_counted = gettext.gettext(
            "Declared: %(declaration)s with %(cards)s, %(points)s; it does not count.", mark=False
        )
        for seat, hand in scenario.hands.items():
            names = words.listed([words.card_in_text(card) for card in hand])
            parts.append(f"{text_of(words.hand(seat))} {text_of(names)}.")
            scoring = answer.scoring.get(seat, ())
            for declaration in answer.found.get(seat, ()):
                message = counted if declaration in scoring else not_counted
                parts.append(text_of(message % _declaration_values(words, scenario, declaration)))
        for side, points in answer.points.items():
            total = gettext.gettext("%(side)s: %(points)s", mark=False)
            parts.append(
                text_of(total % {"side": words.side(side), "points": words.points(points)}) + "."
            )
        winners = [words.side(side) for side, points in answer.points.items() if points > 0]
        if winners:
            scored = gettext.gettext("Declarations scored by: %(side)s.", mark=False)
            parts.append(text_of(scored % {"side": words.listed(winners)}))
        return " ".join(parts)


def _played(scenario: PlayScenario, answer: PlayAnswer) -> Card | None:
    """The scenario's card, once it lies on the table (the answer's trick holds it)."""
    if scenario.play is not None and len(answer.table) > len(scenario.position.trick):
        return scenario.play
    return None


def _turn(scenario: PlayScenario, answer: PlayAnswer) -> tuple[Seat | None, Seat | None]:
    """Who plays next in the trick (none once it is complete), and who holds it so far."""
    position = scenario.position
    table = answer.table
    to_move: Seat | None = None
    if len(table) < position.rules.players:
        played = _played(scenario, answer)
        to_move = position.seat if played is None else position.rules.next_seat(position.seat)
    winner: Seat | None = None
    if answer.result is not None:
        winner = answer.result.winner
    elif table:
        winner = winning_play(table, position.trump).seat
    return to_move, winner


def _declaration_values(
    words: Words, scenario: DeclarationsScenario, declaration: Declaration
) -> dict[str, Markup]:
    points = declaration.points(scenario.rules.declarations, scenario.trump)
    return {
        "declaration": words.declaration(declaration.kind),
        "cards": words.listed([words.card_in_text(card) for card in declaration.cards]),
        "points": words.points(points),
    }
