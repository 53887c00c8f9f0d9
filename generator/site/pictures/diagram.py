"""A trick diagram, turned as card apps turn the table: the player whose hand it shows sits
at the bottom, his hand fanned at his seat, the others round the felt in play order.

On the felt: the trump in a badge at the top left; the cards played, each with
its order of play in a dark disc; the card holding the trick with a gold ring
and a gold star (complete trick or not). In the hand, the cards that may be
played stand raised with a light green outline and a ✓ badge, the others are
greyed with a ✕ badge: each mark has its own colour and its own symbol, so
the picture does not rely on colour alone and never mixes "allowed" with
"winning". Each seat's name keeps clear of the cards; the player to move has
a bold name and a "to play" pill.

Phone first: at 360 x 380 the figure is legible at 360 CSS pixels wide.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image, ImageDraw

from ...engine import Card, Seat, Suit
from .cards import HEIGHT as CARD_H
from .cards import WIDTH as CARD_W
from .drawing import (
    ALLOWED,
    FELT,
    GOLD,
    GREY,
    INK,
    SCALE,
    SUIT_SYMBOLS,
    WHITE,
    Box,
    badge,
    fitted,
    glyph,
    greyed,
    label,
    pill,
    scaled,
    suit_colour,
    text_box,
    text_width,
)

WIDTH, HEIGHT = 360, 380
# A table without the hand (the page lays the hand out itself, as cards to try): the
# felt ends under the bottom seat's card and name.
TABLE_HEIGHT = 252

# Compass order, clockwise as a map draws it: a seat's place on the page is its
# quarter turns from the bottom seat, so the table turns and the seats keep their order.
_COMPASS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_PLACES = ("bottom", "left", "top", "right")
# Where each place's card lies on the felt (its centre, 1x), 8 to 10 px apart.
_CARD_CENTRE = {
    "top": (180.0, 73.0),
    "bottom": (180.0, 171.0),
    "left": (106.0, 122.0),
    "right": (254.0, 122.0),
}
_NAME_SIZE = 14.0
# The trump badge's words, at most (the top seat's name, at most 90 px, is centred).
_TRUMP_ROOM = 105.0
_SIDE_ROOM = 58.0  # a side seat's name: from the picture's edge to 10 px before its card

# The hand: cards up to 46 px apart (overlapping a little), allowed ones 10 px higher.
_HAND_STEP = 46.0
_HAND_MARGIN = 12.0
_ALLOWED_TOP, _REFUSED_TOP = 252.0, 262.0
_BOTTOM_NAME_Y = 369.0
_TABLE_NAME_Y = 236.0

_BADGE = 8.0  # a hand card's ✓ / ✕ badge radius
_RING = 3.0  # outlines round the winning and the allowed cards


@dataclass(frozen=True)
class TrickDiagram:
    """What the diagram shows, already decided by the engine and the catalogs."""

    seat_names: Mapping[Seat, str]  # only the seats at the table, in the page's language
    trick: tuple[tuple[Seat, Card], ...]  # in play order, a card just played included
    bottom: Seat  # whose hand is shown, at the bottom
    to_move: Seat | None  # who plays next in this trick; None once it is complete
    hand: tuple[tuple[Card, bool], ...]  # the cards still held, each with whether it may be played
    winner: Seat | None  # who holds the trick (so far, or once complete); None on a bare table
    trump: Suit | None  # the trump suit; None for no trump and all trumps
    trump_label: str  # beside the suit ("Trump"), or alone ("no trump", "all trumps")
    to_play_label: str  # the pill by the name of the player to move
    faces: Mapping[Card, Image.Image]  # card faces at drawing size
    four_colour: bool = False  # the trump badge's suit in the four-colour deck's colours

    @property
    def height(self) -> int:
        """The felt's height: with the hand fanned under the table, or the table alone."""
        return HEIGHT if self.hand else TABLE_HEIGHT

    def describe(self) -> str:
        """Everything drawn except the faces (which the caller keys by their letters)."""
        return repr(
            (
                "diagram",
                sorted((seat.value, name) for seat, name in self.seat_names.items()),
                [(seat.value, card.code) for seat, card in self.trick],
                self.bottom.value,
                self.to_move.value if self.to_move else None,
                [(card.code, allowed) for card, allowed in self.hand],
                self.winner.value if self.winner else None,
                self.trump.value if self.trump else None,
                self.trump_label,
                self.to_play_label,
                self.four_colour,
            )
        )


@dataclass(frozen=True)
class SeatLabel:
    """A seat's name on the felt, and the "to play" pill beside or under it."""

    text: str  # the name as drawn (cut short with "…" only if it fits at no size)
    text_at: tuple[float, float]
    anchor: str  # Pillow's anchor for the name at `text_at`
    size: float
    bold: bool
    box: Box  # the name's line box
    pill_text: str
    pill: Box | None


@dataclass(frozen=True)
class DiagramLayout:
    """Where everything lies, in 1x pixels; the drawing follows it exactly."""

    places: Mapping[Seat, str]  # "bottom", "left", "top" or "right"
    trick: Mapping[Seat, Box]  # each played card on the felt
    order: Mapping[Seat, tuple[float, float]]  # the centre of each order-of-play disc
    winner_badge: tuple[float, float] | None
    hand: tuple[Box, ...]  # the hand's cards, left to right
    badges: tuple[tuple[float, float], ...]  # each hand card's ✓ / ✕ badge
    labels: Mapping[Seat, SeatLabel]
    trump: Box
    trump_text: str  # the badge's words as drawn, and their size
    trump_size: float


def place_of(seat: Seat, bottom: Seat) -> str:
    """Where `seat` sits on the page when `bottom` sits at the bottom."""
    turns = (_COMPASS.index(seat) - _COMPASS.index(bottom)) % 4
    return _PLACES[turns]


def _card_box(centre: tuple[float, float]) -> Box:
    x, y = centre
    return (x - CARD_W / 2, y - CARD_H / 2, x + CARD_W / 2, y + CARD_H / 2)


def _pill_size(text: str, size: float) -> tuple[float, float]:
    """The width and height of `pill(..., text, size)` (bold, no glyph)."""
    return text_width(text, size, True) + 2 * size * 0.55, size * 1.55


def _label(diagram: TrickDiagram, seat: Seat, where: str) -> SeatLabel:
    bold = seat is diagram.to_move
    pill_text, pill_size = diagram.to_play_label, 11.0
    if where in ("bottom", "top"):
        # The name and the pill side by side, centred: under the hand, or at the top.
        room, largest = (WIDTH / 2, 15.0) if where == "bottom" else (90.0, _NAME_SIZE)
        name, size = fitted(diagram.seat_names[seat], room, largest, 8.0, bold)
        pill_text, pill_size = fitted(pill_text, 100.0, pill_size, 7.0, True)
        width = text_width(name, size, bold)
        pw, ph = _pill_size(pill_text, pill_size) if bold else (0.0, 0.0)
        gap = 8.0 if bold else 0.0
        left = WIDTH / 2 - (width + gap + pw) / 2
        y = (_BOTTOM_NAME_Y if diagram.hand else _TABLE_NAME_Y) if where == "bottom" else 13.0
        at, anchor = (left, y), "lm"
        pill_box = (left + width + gap, y - ph / 2, left + width + gap + pw, y + ph / 2)
    else:
        # Beside the card, clear of it by 10 px; a pill goes under the name.
        name, size = fitted(diagram.seat_names[seat], _SIDE_ROOM, _NAME_SIZE, 8.0, bold)
        card = _card_box(_CARD_CENTRE[where])
        y = (card[1] + card[3]) / 2 - (9.0 if bold else 0.0)
        if where == "left":
            at, anchor = (card[0] - 10, y), "rm"
        else:
            at, anchor = (card[2] + 10, y), "lm"
        pill_text, pill_size = fitted(pill_text, _SIDE_ROOM - 14, pill_size, 7.0, True)
        pw, ph = _pill_size(pill_text, pill_size)
        px = at[0] - pw if where == "left" else at[0]
        pill_box = (px, y + 10, px + pw, y + 10 + ph)
    box = text_box(at, name, size, anchor, bold)
    return SeatLabel(name, at, anchor, size, bold, box, pill_text, pill_box if bold else None)


def layout(diagram: TrickDiagram) -> DiagramLayout:
    """The diagram's geometry: what `draw_diagram` draws where."""
    places = {seat: place_of(seat, diagram.bottom) for seat in diagram.seat_names}
    trick = {seat: _card_box(_CARD_CENTRE[places[seat]]) for seat, _ in diagram.trick}
    # The disc on each card's bottom-left corner and the star on the winner's top-right
    # corner: the two corners a card's indices leave empty.
    order = {seat: (box[0] + 4, box[3] - 4) for seat, box in trick.items()}
    winner_badge = None
    if diagram.winner is not None and diagram.winner in trick:
        box = trick[diagram.winner]
        winner_badge = (box[2] - 4, box[1] + 4)

    count = len(diagram.hand)
    step = min(_HAND_STEP, (WIDTH - 2 * _HAND_MARGIN - CARD_W) / max(count - 1, 1))
    left = (WIDTH - (step * (count - 1) + CARD_W)) / 2
    hand: list[Box] = []
    badges: list[tuple[float, float]] = []
    for index, (_, allowed) in enumerate(diagram.hand):
        x = round(left + index * step)
        top = _ALLOWED_TOP if allowed else _REFUSED_TOP
        hand.append((x, top, x + CARD_W, top + CARD_H))
        # Above the card, over the part of it the next card leaves visible.
        visible = CARD_W if index == count - 1 else step
        badges.append((x + min(visible, CARD_W) / 2, top - _BADGE - 2))

    labels = {seat: _label(diagram, seat, where) for seat, where in places.items()}
    text, size = fitted(diagram.trump_label, _TRUMP_ROOM, 12.0, 7.0, True)
    width, height = _pill_size(text, size)
    if diagram.trump is not None:
        width += glyph(SUIT_SYMBOLS[diagram.trump], size * 1.15, WHITE).width / SCALE + size * 0.3
    trump = (8.0, 13.0 - height / 2, 8.0 + width, 13.0 + height / 2)
    return DiagramLayout(
        places, trick, order, winner_badge, tuple(hand), tuple(badges), labels, trump, text, size
    )


def draw_diagram(diagram: TrickDiagram) -> Image.Image:
    """The diagram at drawing size (SCALE times WIDTH x its height)."""
    s = SCALE
    where = layout(diagram)
    height = diagram.height
    image = Image.new("RGBA", (WIDTH * s, height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, WIDTH * s - 1, height * s - 1), radius=16 * s, fill=FELT)

    # The trump, in a white badge: the suit in its colour, or the words alone.
    x0, y0, _, y1 = where.trump
    size = where.trump_size
    suit = None
    if diagram.trump is not None:
        colour = suit_colour(diagram.trump, diagram.four_colour)
        suit = glyph(SUIT_SYMBOLS[diagram.trump], size * 1.15, colour)
    pill(image, (x0, (y0 + y1) / 2), where.trump_text, size, WHITE, INK, trail=suit)

    for text in where.labels.values():
        label(image, text.text_at, text.text, text.size, WHITE, align=text.anchor, bold=text.bold)
        if text.pill is not None:
            px0, py0, _, py1 = text.pill
            pill_size = (py1 - py0) / 1.55
            pill(image, (px0, (py0 + py1) / 2), text.pill_text, pill_size, WHITE, FELT)

    for order, (seat, card) in enumerate(diagram.trick, start=1):
        box = where.trick[seat]
        if seat is diagram.winner:
            ring = (box[0] - 1 - _RING, box[1] - 1 - _RING, box[2] + 1 + _RING, box[3] + 1 + _RING)
            draw.rounded_rectangle(scaled(ring), radius=9 * s, fill=GOLD)
        image.alpha_composite(diagram.faces[card], (round(box[0] * s), round(box[1] * s)))
        badge(image, where.order[seat], 7.5, INK, str(order), WHITE)
    if where.winner_badge is not None:
        badge(image, where.winner_badge, 9.0, GOLD, "★", INK, outline=INK)

    for (card, allowed), box in zip(diagram.hand, where.hand, strict=True):
        face = diagram.faces[card]
        if allowed:
            # An outline, not a filled backing: where allowed cards overlap, each one's
            # edge is drawn over its neighbour, so two allowed cards never merge into one.
            ring = (box[0] - _RING, box[1] - _RING, box[2] + _RING, box[3] + _RING)
            draw.rounded_rectangle(
                scaled(ring), radius=8 * s, outline=ALLOWED, width=round(_RING * s)
            )
        else:
            face = greyed(face)
        image.alpha_composite(face, (round(box[0] * s), round(box[1] * s)))
    # Badges last: a card overlapping its left neighbour must not hide the neighbour's badge.
    for (_, allowed), centre in zip(diagram.hand, where.badges, strict=True):
        if allowed:
            badge(image, centre, _BADGE, ALLOWED, "✓", INK, outline=INK)
        else:
            badge(image, centre, _BADGE, GREY, "✕", WHITE)
    return image
