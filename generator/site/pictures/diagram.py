"""A trick diagram: the four seats round a table, the trick, and the hand to move.

Allowed cards stand raised with a gold frame and a tick; the others are
greyed and crossed, so the picture does not rely on colour alone. When the
trick is complete the winning card gets a gold ring and a star.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image, ImageDraw

from ...engine import Card, Seat
from .cards import HEIGHT as CARD_H
from .cards import WIDTH as CARD_W
from .drawing import BLACK, FELT, GOLD, GREY, OK, SCALE, WHITE, font

WIDTH, HEIGHT = 336, 336
_TABLE = (8, 8, 328, 208)
# Where each seat's card lies on the table, and where its name is written (1x).
_CARD_AT = {
    Seat.NORTH: (144, 32),
    Seat.SOUTH: (144, 122),
    Seat.WEST: (88, 77),
    Seat.EAST: (200, 77),
}
_NAME_AT = {
    Seat.NORTH: ((168, 18), "mm"),
    Seat.SOUTH: ((168, 198), "mm"),
    Seat.WEST: ((80, 111), "rm"),
    Seat.EAST: ((256, 111), "lm"),
}


@dataclass(frozen=True)
class TrickDiagram:
    """What the diagram shows, already decided by the engine and the catalogs."""

    seat_names: Mapping[Seat, str]  # only the seats at the table
    trick: tuple[tuple[Seat, Card], ...]  # in play order, the played card included
    to_move: Seat
    hand_label: str
    hand: tuple[tuple[Card, bool], ...]  # each card and whether it may be played
    winner: Seat | None  # set once the trick is complete
    faces: Mapping[Card, Image.Image]  # card faces at drawing size


def _badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], allowed: bool) -> None:
    s = SCALE
    x, y = centre
    r = 7 * s
    draw.ellipse((x - r, y - r, x + r, y + r), fill=OK if allowed else GREY, outline=WHITE, width=s)
    draw.text(
        (x, y), "✓" if allowed else "✕", font=font(10 * s, bold=True), fill=WHITE, anchor="mm"
    )


def draw_diagram(diagram: TrickDiagram) -> Image.Image:
    s = SCALE
    image = Image.new("RGBA", (WIDTH * s, HEIGHT * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = _TABLE
    draw.rounded_rectangle((x0 * s, y0 * s, x1 * s, y1 * s), radius=18 * s, fill=FELT)

    for seat, name in diagram.seat_names.items():
        (x, y), anchor = _NAME_AT[seat]
        bold = seat is diagram.to_move
        label = f"▸ {name}" if bold and anchor != "rm" else f"{name} ◂" if bold else name
        draw.text((x * s, y * s), label, font=font(12 * s, bold=bold), fill=WHITE, anchor=anchor)

    for order, (seat, card) in enumerate(diagram.trick, start=1):
        x, y = _CARD_AT[seat]
        if seat is diagram.winner:
            draw.rounded_rectangle(
                ((x - 4) * s, (y - 4) * s, (x + CARD_W + 4) * s, (y + CARD_H + 4) * s),
                radius=8 * s,
                outline=GOLD,
                width=3 * s,
            )
        image.alpha_composite(diagram.faces[card], (x * s, y * s))
        # The order of play, in a small disc on the card's lower corner.
        cx, cy = (x + 6) * s, (y + CARD_H - 6) * s
        draw.ellipse((cx - 6 * s, cy - 6 * s, cx + 6 * s, cy + 6 * s), fill=BLACK)
        draw.text((cx, cy), str(order), font=font(9 * s, bold=True), fill=WHITE, anchor="mm")
        if seat is diagram.winner:
            draw.text(
                ((x + CARD_W + 1) * s, (y - 1) * s), "★", font=font(18 * s), fill=GOLD, anchor="mm"
            )

    draw.text(
        (12 * s, 224 * s), diagram.hand_label, font=font(12 * s, bold=True), fill=BLACK, anchor="lm"
    )
    count = len(diagram.hand)
    step = min(CARD_W + 6, (WIDTH - 16 - CARD_W) // max(count - 1, 1))
    left = (WIDTH - (step * (count - 1) + CARD_W)) // 2
    for index, (card, allowed) in enumerate(diagram.hand):
        x, y = left + index * step, 244 if allowed else 252
        face = diagram.faces[card]
        if allowed:
            draw.rounded_rectangle(
                ((x - 3) * s, (y - 3) * s, (x + CARD_W + 3) * s, (y + CARD_H + 3) * s),
                radius=7 * s,
                fill=GOLD,
            )
            image.alpha_composite(face, (x * s, y * s))
        else:
            grey = face.convert("LA").convert("RGBA")
            veil = Image.new("RGBA", grey.size, (255, 255, 255, 120))
            grey.alpha_composite(veil)
            # Keep the card's rounded outline: the veil only where the card is.
            grey.putalpha(face.getchannel("A"))
            image.alpha_composite(grey, (x * s, y * s))
        _badge(draw, ((x + CARD_W / 2) * s, (y + CARD_H + 2) * s), allowed)
    return image
