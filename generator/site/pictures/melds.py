"""Declarations drawn as melds: each hand on its row, each declaration's cards together.

Every row has its seat's name above it at the left, the same for every row.
The cards of a declaration lie side by side (a card counted in a sequence
and in a carré appears in both), the hand's other cards after a gap; under
each declaration a bracket and its name and points. A declaration that
scores has a thick gold bracket and a gold star; one that does not, a thin
grey bracket and its label struck through: shape, not colour alone. Under
the rows, what each side scores, the winning side in a gold pill.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image, ImageDraw

from ...engine import Card, Seat, Suit
from .cards import HEIGHT as CARD_H
from .cards import WIDTH as CARD_W
from .drawing import (
    FELT,
    GOLD,
    INK,
    SCALE,
    SUIT_SYMBOLS,
    WHITE,
    Box,
    Colour,
    fitted,
    glyph,
    label,
    pill,
    scaled,
    suit_colour,
    text_width,
)

WIDTH = 360
_MARGIN = 12.0
_TOP = 30.0  # under the trump badge
_NAME = 9.0  # a row's name: its middle below the row's top
_CARDS = 19.0  # the row's cards: their top below the row's top
_MARKS = 30.0  # bracket and label under the cards, when the row declares anything
_ROW_GAP = 10.0
_STEP = 46.0  # cards of one group at most this far apart (overlapping a little)
_GAP = 12.0  # between two groups
_FOOTER = 36.0
_NOT_COUNTED = (196, 206, 200, 255)  # a pale grey-green: quiet on the felt
_DARK_FELT = (8, 58, 36, 255)


@dataclass(frozen=True)
class MeldGroup:
    """One declaration: its cards in order, its label ("tierce: 20 points"), whether it scores."""

    cards: tuple[Card, ...]
    label: str
    scores: bool


@dataclass(frozen=True)
class MeldRow:
    seat: Seat
    name: str  # the seat's name in the page's language
    groups: tuple[MeldGroup, ...]
    rest: tuple[Card, ...]  # the cards in no declaration, in hand order


@dataclass(frozen=True)
class MeldFigure:
    """What the figure shows, decided by the engine's answer and the catalogs."""

    rows: tuple[MeldRow, ...]
    trump: Suit | None
    trump_label: str  # beside the suit ("Trump"), or alone ("no trump", "all trumps")
    totals: tuple[tuple[str, bool], ...]  # each side's "North-South: 70 points", and if it won
    faces: Mapping[Card, Image.Image]  # card faces at drawing size
    four_colour: bool = False

    def describe(self) -> str:
        """Everything drawn except the faces (which the caller keys by their letters)."""
        return repr(
            (
                "melds",
                [
                    (
                        row.seat.value,
                        row.name,
                        [([c.code for c in g.cards], g.label, g.scores) for g in row.groups],
                        [c.code for c in row.rest],
                    )
                    for row in self.rows
                ],
                self.trump.value if self.trump else None,
                self.trump_label,
                list(self.totals),
                self.four_colour,
            )
        )


@dataclass(frozen=True)
class RowLayout:
    """One row's geometry, in 1x pixels."""

    top: float
    name_at: tuple[float, float]
    groups: tuple[tuple[Box, ...], ...]  # each declaration's card boxes, left to right
    rest: tuple[Box, ...]
    brackets: tuple[Box, ...]  # under each declaration: the span it marks


def _row_layout(row: MeldRow, top: float) -> RowLayout:
    runs = [list(group.cards) for group in row.groups]
    if row.rest:
        runs.append(list(row.rest))
    count = sum(len(run) for run in runs)
    joins = len(runs) - 1
    room = WIDTH - 2 * _MARGIN - CARD_W
    # Each group's last card shown whole where the row has room, so groups never overlap;
    # a crowded row lets the next group cover it, keeping the index in view.
    inner = count - 1 - joins  # steps inside the runs
    step = min(_STEP, room / max(count - 1, 1))
    advance = 0.0
    if joins:
        whole = (room - joins * (CARD_W + _GAP)) / max(inner, 1)
        if whole >= 26:
            step, advance = min(_STEP, whole), CARD_W + _GAP
        else:
            step = min(_STEP, (room - joins * _GAP) / (count - 1))
            advance = step + _GAP
    width = inner * step + joins * advance + CARD_W
    x = (WIDTH - width) / 2
    y = top + _CARDS
    placed: list[list[Box]] = []
    for run in runs:
        boxes: list[Box] = []
        for index in range(len(run)):
            if index:
                x += step
            boxes.append((round(x), y, round(x) + CARD_W, y + CARD_H))
        placed.append(boxes)
        x += advance
    groups = tuple(tuple(boxes) for boxes in placed[: len(row.groups)])
    rest = tuple(placed[-1]) if row.rest else ()
    brackets: list[Box] = []
    for index, group in enumerate(groups):
        end = group[-1][2]
        following = placed[index + 1] if index + 1 < len(placed) else None
        if following is not None:
            end = min(end, following[0][0] - _GAP / 2)
        brackets.append((group[0][0], y + CARD_H + 4, end, y + CARD_H + 9))
    return RowLayout(top, (_MARGIN, top + _NAME), groups, rest, tuple(brackets))


def _row_height(row: MeldRow) -> float:
    return _CARDS + CARD_H + (_MARKS if row.groups else 6.0) + _ROW_GAP


def layout(figure: MeldFigure) -> tuple[RowLayout, ...]:
    """Each row's geometry, top to bottom: what `draw_melds` draws where."""
    rows = []
    top = _TOP
    for row in figure.rows:
        rows.append(_row_layout(row, top))
        top += _row_height(row)
    return tuple(rows)


def _totals_stacked(figure: MeldFigure) -> bool:
    widths = [text_width(text, 12.0, True) + 36 for text, _ in figure.totals]
    return sum(widths) + 10 * (len(widths) - 1) > WIDTH - 2 * _MARGIN


def melds_height(figure: MeldFigure) -> int:
    """The picture's 1x height: its rows and the totals under them."""
    rows = sum(_row_height(row) for row in figure.rows)
    lines = len(figure.totals) if _totals_stacked(figure) else 1
    return round(_TOP + rows + _FOOTER + 24 * (lines - 1))


def _bracket(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: float) -> None:
    """A bracket under a group: a line with its ends turned up towards the cards."""
    x0, y0, x1, y1 = box
    points = [(x0 + 2, y0), (x0 + 2, y1), (x1 - 2, y1), (x1 - 2, y0)]
    draw.line(
        [(x * SCALE, y * SCALE) for x, y in points],
        fill=colour,
        width=round(width * SCALE),
        joint="curve",
    )


def draw_melds(figure: MeldFigure) -> Image.Image:
    """The figure at drawing size (SCALE times WIDTH x melds_height)."""
    s = SCALE
    height = melds_height(figure)
    image = Image.new("RGBA", (WIDTH * s, height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, WIDTH * s - 1, height * s - 1), radius=16 * s, fill=FELT)

    trump_text, size = fitted(figure.trump_label, 120.0, 12.0, 7.0, True)
    suit = None
    if figure.trump is not None:
        colour = suit_colour(figure.trump, figure.four_colour)
        suit = glyph(SUIT_SYMBOLS[figure.trump], size * 1.15, colour)
    pill(image, (8.0, 14.0), trump_text, size, WHITE, INK, trail=suit)

    for row, where in zip(figure.rows, layout(figure), strict=True):
        label(image, where.name_at, row.name, 13.0, WHITE, align="lm", bold=True)
        runs = [*where.groups, where.rest]
        cards = [*(c for group in row.groups for c in group.cards), *row.rest]
        boxes = [box for run in runs for box in run]
        for card, box in zip(cards, boxes, strict=True):
            image.alpha_composite(figure.faces[card], (round(box[0] * s), round(box[1] * s)))
        for group, bracket in zip(row.groups, where.brackets, strict=True):
            colour = GOLD if group.scores else _NOT_COUNTED
            _bracket(draw, bracket, colour, 2.5 if group.scores else 1.2)
            centre = ((bracket[0] + bracket[2]) / 2, bracket[3] + 10)
            room = bracket[2] - bracket[0] + _GAP - 2
            text = f"★ {group.label}" if group.scores else group.label
            text, text_size = fitted(text, room, 11.0, 7.5, group.scores)
            box = label(image, centre, text, text_size, colour, bold=group.scores)
            if not group.scores:
                # Struck through: this declaration does not count.
                middle = (box[1] + box[3]) / 2 + 0.5
                draw.line(scaled((box[0] - 1, middle, box[2] + 1, middle)), fill=colour, width=s)

    # What each side scores; the winner in gold, with a star.
    stacked = _totals_stacked(figure)
    top = height - _FOOTER - 24 * ((len(figure.totals) if stacked else 1) - 1)
    star = glyph("★", 12.0, INK)
    widths = [
        text_width(text, 12.0, True) + 2 * 12 * 0.55 + (star.width / s + 3.6 if won else 0)
        for text, won in figure.totals
    ]
    x = (WIDTH - sum(widths) - 10 * (len(widths) - 1)) / 2
    for index, ((text, won), width) in enumerate(zip(figure.totals, widths, strict=True)):
        y = top + 16 + (24 * index if stacked else 0)
        left = (WIDTH - width) / 2 if stacked else x
        fill, ink = (GOLD, INK) if won else (_DARK_FELT, WHITE)
        pill(image, (left, y), text, 12.0, fill, ink, trail=star if won else None)
        x += width + 10
    return image
