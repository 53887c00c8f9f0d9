"""One card face as a French-suited deck prints it.

Corner indices (the rank letter over the suit) at the top left and, turned
round, the bottom right; the number cards' pips in the classic layouts, the
lower half turned round; an ace's one large pip; the courts a framed,
double-ended bust (king crowned with a sceptre, queen with a diadem and a
flower, jack in a feathered cap with a halberd), in the suit colour with gold.

Everything is placed by its ink, and `draw_face` returns the boxes it drew
so that tests can check that no pip touches an index.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from ...engine import Card, Rank
from .drawing import (
    BEARD,
    CREAM,
    EDGE,
    GOLD,
    HAIR,
    INK,
    SCALE,
    SKIN,
    WHITE,
    Box,
    Colour,
    font,
    glyph,
    paste,
    suit_colour,
)

# The 1x size; every card picture on the site has it (and twice it at 2x).
WIDTH, HEIGHT = 64, 90

# The corner index: the letter's cap height, its widest (wider letters such as
# "10" or "Ж" are condensed, as printed indices are), the suit under it.
_CAP = 12.0
_LETTER_WIDTH = 13.5
_LETTER_HEIGHT = 16.0  # a letter with a diacritic above (Ô) is scaled down to this
_INDEX_SUIT = 9.0
_INDEX_CENTRE, _INDEX_TOP = 9.25, 4.0

# Pips: ink 10 px high, in three columns clear of the indices (which end at x = 16).
_PIP = 10.0
_LEFT, _MIDDLE, _RIGHT = 23.0, 32.0, 41.0
_TOP, _BOTTOM = 13.0, 77.0
_MID_Y = (_TOP + _BOTTOM) / 2
_THIRD = (_BOTTOM - _TOP) / 3
_FOUR_ROWS = (_TOP, _TOP + _THIRD, _BOTTOM - _THIRD, _BOTTOM)
_UPPER, _LOWER = (_TOP + _MID_Y) / 2, (_MID_Y + _BOTTOM) / 2


def _sides(*rows: float) -> tuple[tuple[float, float], ...]:
    return tuple((x, y) for y in rows for x in (_LEFT, _RIGHT))


_PIPS: dict[Rank, tuple[tuple[float, float], ...]] = {
    # 2 / 1 / 2 / 2: the seven's extra pip above the middle row.
    Rank.SEVEN: (*_sides(_TOP, _MID_Y, _BOTTOM), (_MIDDLE, _UPPER)),
    # 2 / 1 / 2 / 1 / 2.
    Rank.EIGHT: (*_sides(_TOP, _MID_Y, _BOTTOM), (_MIDDLE, _UPPER), (_MIDDLE, _LOWER)),
    # Four a side, one in the middle.
    Rank.NINE: (*_sides(*_FOUR_ROWS), (_MIDDLE, _MID_Y)),
    # Four a side, one between each outer pair of rows.
    Rank.TEN: (
        *_sides(*_FOUR_ROWS),
        (_MIDDLE, (_FOUR_ROWS[0] + _FOUR_ROWS[1]) / 2),
        (_MIDDLE, (_FOUR_ROWS[2] + _FOUR_ROWS[3]) / 2),
    ),
}
_ACE = 30.0

# A court's framed panel, notched round the two indices.
_PANEL = (8.0, 5.0, 56.0, 85.0)
_NOTCH_X, _NOTCH_Y = 17.5, 32.0


@dataclass(frozen=True)
class FaceLayout:
    """Where a face's parts lie, in 1x pixels: what the drawing put where."""

    indices: tuple[Box, Box]  # top left, bottom right
    pips: tuple[Box, ...]  # every pip's ink (the ace's one pip); none on a court
    panel: Box | None  # a court's frame


def _letter(letter: str, colour: Colour) -> Image.Image:
    """The rank letter in bold, its characters set on one baseline, fitted to the index."""
    size = round(_CAP / 0.73 * SCALE)  # DejaVu's capitals are 0.73 em high
    face = font(size, bold=True)
    height, baseline = size * 2, round(size * 1.4)
    pieces: list[Image.Image] = []
    for char in letter:
        canvas = Image.new("RGBA", (size * 2, height), (0, 0, 0, 0))
        ImageDraw.Draw(canvas).text(
            (size // 2, baseline), char, font=face, fill=colour, anchor="ls"
        )
        ink = canvas.getbbox()
        if ink:
            pieces.append(canvas.crop((ink[0], 0, ink[2], height)))
    gap = round(0.8 * SCALE)
    width = sum(piece.width for piece in pieces) + gap * max(len(pieces) - 1, 0)
    joined = Image.new("RGBA", (max(width, 1), height), (0, 0, 0, 0))
    x = 0
    for piece in pieces:
        joined.alpha_composite(piece, (x, 0))
        x += piece.width + gap
    ink = joined.getbbox()
    if ink:
        joined = joined.crop(ink)
    w, h = joined.size
    # Too tall (a diacritic): smaller all round. Too wide ("10"): condensed.
    factor = min(1.0, _LETTER_HEIGHT * SCALE / h)
    w, h = round(w * factor), round(h * factor)
    w = min(w, round(_LETTER_WIDTH * SCALE))
    if (w, h) != joined.size:
        joined = joined.resize((w, h), Image.Resampling.LANCZOS)
    return joined


def _index(letter: str, card: Card, colour: Colour) -> Image.Image:
    """The rank letter over the suit symbol, as printed in a card's corner."""
    top = _letter(letter, colour)
    suit = glyph(card.suit.symbol, _INDEX_SUIT / 0.73, colour)
    gap = round(2 * SCALE)
    width = max(top.width, suit.width)
    index = Image.new("RGBA", (width, top.height + gap + suit.height), (0, 0, 0, 0))
    index.alpha_composite(top, ((width - top.width) // 2, 0))
    index.alpha_composite(suit, ((width - suit.width) // 2, top.height + gap))
    return index


def _court_half(rank: Rank, symbol: str, colour: Colour) -> Image.Image:
    """The top half of a court's panel: the bust, its headgear and its attribute.

    Drawn in the panel's own 1x coordinates (48 x 40, the notch at its top
    left); the bottom half is this one turned round, as on a double-ended card.
    """
    s = SCALE
    half = Image.new("RGBA", (48 * s, 40 * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(half)

    def p(*points: float) -> list[tuple[float, float]]:
        return [(points[i] * s, points[i + 1] * s) for i in range(0, len(points), 2)]

    def box(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        return round(x0 * s), round(y0 * s), round(x1 * s), round(y1 * s)

    line = max(1, round(0.5 * s))
    notch_x, notch_y = _NOTCH_X - _PANEL[0], _NOTCH_Y - _PANEL[1]
    # The frame in the suit colour, the panel cream inside it; the divider is the
    # bottom edge, half its width on each half.
    draw.polygon(p(notch_x, 0, 48, 0, 48, 40, 0, 40, 0, notch_y, notch_x, notch_y), fill=colour)
    inner = (notch_x + 1, 1, 47, 1, 47, 39.5, 1, 39.5, 1, notch_y + 1, notch_x + 1, notch_y + 1)
    draw.polygon(p(*inner), fill=CREAM)

    # Long hair (the queen) or the king's white hair, behind the head.
    if rank is Rank.QUEEN:
        draw.ellipse(box(16.5, 11.5, 31.5, 31), fill=HAIR, outline=INK, width=line)
    elif rank is Rank.KING:
        draw.ellipse(box(17.3, 13.5, 30.7, 25), fill=BEARD, outline=INK, width=line)
    else:
        draw.ellipse(box(18, 12.5, 30, 22), fill=HAIR, outline=INK, width=line)

    # The robe in the suit colour, its top corners the shoulders; the neck and head.
    draw.rounded_rectangle(
        box(10, 30, 38, 48), radius=round(6 * s), fill=colour, outline=INK, width=line
    )
    draw.rectangle(box(21.3, 24, 26.7, 31), fill=SKIN, outline=INK, width=line)
    if rank is Rank.KING:
        # An ermine collar.
        draw.rounded_rectangle(
            box(13, 29.2, 35, 33.2), radius=round(2 * s), fill=WHITE, outline=INK, width=line
        )
        for spot in (17, 24, 31):
            draw.rectangle(box(spot - 0.5, 30.5, spot + 0.5, 32), fill=INK)
    elif rank is Rank.QUEEN:
        # A gold necklace with a pendant in the suit colour.
        draw.arc(box(18.5, 24, 29.5, 34), 20, 160, fill=GOLD, width=round(1.1 * s))
        draw.ellipse(box(22.7, 32.4, 25.3, 35), fill=GOLD, outline=INK, width=line)
    else:
        draw.polygon(p(19.5, 30.3, 28.5, 30.3, 24, 35.5), fill=GOLD, outline=INK)
    paste(half, glyph(symbol, 5.5 / 0.73, WHITE), (24, 37.3) if rank is Rank.JACK else (29.5, 36.8))
    draw.ellipse(box(17.8, 12.5, 30.2, 27), fill=SKIN, outline=INK, width=line)
    if rank is Rank.KING:
        draw.polygon(
            p(18.6, 21.5, 29.4, 21.5, 28.8, 27, 24, 30.5, 19.2, 27), fill=BEARD, outline=INK
        )
    for eye in (22.2, 25.8):
        draw.ellipse(box(eye - 0.75, 18.6, eye + 0.75, 20.1), fill=INK)
    draw.line(p(22.8, 23.4, 25.2, 23.4), fill=(150, 50, 44, 255), width=round(0.7 * s))

    if rank is Rank.KING:
        # A crown of three points, jewels in the suit colour.
        crown = p(18, 14.5, 18, 6.5, 21, 10, 24, 4.5, 27, 10, 30, 6.5, 30, 14.5)
        draw.polygon(crown, fill=GOLD, outline=INK)
        for jewel in (20.7, 24, 27.3):
            draw.ellipse(box(jewel - 1, 11.6, jewel + 1, 13.6), fill=colour)
        # A sceptre topped with the suit.
        draw.line(p(38, 13, 38, 39), fill=GOLD, width=round(1.6 * s))
        paste(half, glyph(symbol, 7 / 0.73, colour), (38, 9.5))
    elif rank is Rank.QUEEN:
        # A diadem with one jewel, and a flower in the suit colour.
        draw.polygon(p(18.6, 15, 29.4, 15, 29, 12.6, 24, 11.4, 19, 12.6), fill=GOLD, outline=INK)
        draw.polygon(p(22.4, 12.2, 24, 7.5, 25.6, 12.2), fill=GOLD, outline=INK)
        draw.ellipse(box(23, 11.8, 25, 13.8), fill=colour)
        draw.line(p(37, 39, 37, 18), fill=GOLD, width=round(1.2 * s))
        draw.polygon(p(37, 27, 40.5, 23.5, 37.3, 24.6), fill=GOLD)
        for dx, dy in ((0, -2.3), (2.2, -0.7), (1.4, 1.9), (-1.4, 1.9), (-2.2, -0.7)):
            draw.ellipse(
                box(37 + dx - 1.7, 15 + dy - 1.7, 37 + dx + 1.7, 15 + dy + 1.7), fill=colour
            )
        draw.ellipse(box(35.8, 13.8, 38.2, 16.2), fill=GOLD)
    else:
        # A beret with a gold band and feather, and a halberd.
        plume = p(27.5, 11, 29, 6.5, 32, 3, 36.5, 0.8, 35.5, 4.2, 33.5, 7.5, 30, 12)
        draw.polygon(plume, fill=GOLD, outline=INK)
        draw.ellipse(box(15.5, 8, 31.5, 15.8), fill=colour, outline=INK, width=line)
        draw.rectangle(box(18.2, 13.4, 29.8, 15.2), fill=GOLD)
        draw.line(p(39, 7, 39, 39), fill=GOLD, width=round(1.4 * s))
        draw.polygon(p(37, 7.5, 39, 1.5, 41, 7.5), fill=colour)
        draw.polygon(p(39.5, 9, 43.5, 8, 43.5, 14, 39.5, 13), fill=colour)
    # The hand that holds the attribute, on its shaft at the shoulder.
    shaft = {Rank.KING: 38.0, Rank.QUEEN: 37.0}.get(rank, 39.0)
    draw.ellipse(box(shaft - 2, 31, shaft + 2, 35), fill=SKIN, outline=INK, width=line)
    # The divider drawn last, over the robe: both halves meet on it.
    draw.rectangle(box(0, 39.5, 48, 40), fill=colour)
    return half


def draw_face(card: Card, letter: str, four_colour: bool = False) -> tuple[Image.Image, FaceLayout]:
    """The face at drawing size (SCALE times 1x) and where its parts lie."""
    s = SCALE
    image = Image.new("RGBA", (WIDTH * s, HEIGHT * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, WIDTH * s - 1, HEIGHT * s - 1), radius=5 * s, fill=WHITE, outline=EDGE, width=s
    )
    colour = suit_colour(card.suit, four_colour)
    symbol = card.suit.symbol

    panel: Box | None = None
    pips: list[Box] = []
    if card.rank in _PIPS:
        pip = glyph(symbol, _PIP / 0.73, colour)
        turned = pip.transpose(Image.Transpose.ROTATE_180)
        for x, y in _PIPS[card.rank]:
            # The lower half upside down, as the card reads from either end.
            pips.append(paste(image, turned if y > _MID_Y else pip, (x, y)))
    elif card.rank is Rank.ACE:
        pips.append(paste(image, glyph(symbol, _ACE / 0.73, colour), (WIDTH / 2, HEIGHT / 2)))
    else:
        half = _court_half(card.rank, symbol, colour)
        x0, y0 = _PANEL[0], _PANEL[1]
        image.alpha_composite(half, (round(x0 * s), round(y0 * s)))
        image.alpha_composite(
            half.transpose(Image.Transpose.ROTATE_180), (round(x0 * s), round(HEIGHT / 2 * s))
        )
        panel = _PANEL

    index = _index(letter, card, colour)
    left = round(_INDEX_CENTRE * s - index.width / 2)
    top = round(_INDEX_TOP * s)
    image.alpha_composite(index, (left, top))
    # The turned index exactly opposite: the same distance from the bottom-right corner.
    right, bottom = WIDTH * s - left - index.width, HEIGHT * s - top - index.height
    image.alpha_composite(index.transpose(Image.Transpose.ROTATE_180), (right, bottom))
    boxes = (
        (left / s, top / s, (left + index.width) / s, (top + index.height) / s),
        (right / s, bottom / s, (right + index.width) / s, (bottom + index.height) / s),
    )
    return image, FaceLayout(boxes, tuple(pips), panel)


def draw_card(card: Card, letter: str, four_colour: bool = False) -> Image.Image:
    """The face at drawing size; `letter` is the language's rank letter ("R", "10", "Ж")."""
    return draw_face(card, letter, four_colour)[0]
