"""Shared drawing helpers: the bundled font, colours, and anti-aliased shapes.

ImageDraw does not anti-alias, so everything is drawn at SCALE times the
1x size and scaled down with a Lanczos filter. Coordinates in the drawing
modules are written in 1x pixels and multiplied by SCALE where drawn.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ...engine import Suit

SCALE = 4  # drawing size over the 1x size; the 2x picture is a 2:1 reduction
FONTS = Path(__file__).resolve().parent.parent / "fonts"

Colour = tuple[int, int, int, int]
Box = tuple[float, float, float, float]  # left, top, right, bottom

RED = (196, 18, 40, 255)
BLACK = (20, 22, 26, 255)
# The four-colour deck's two extra suit colours, as poker four-colour decks print them.
BLUE = (18, 84, 200, 255)  # diamonds
GREEN = (14, 128, 52, 255)  # clubs
WHITE = (255, 255, 255, 255)
EDGE = (150, 156, 162, 255)
# A court card's trim (the pages mark the card holding a trick in the same gold).
GOLD = (232, 170, 20, 255)
# Allowed cards: a light green that stands out on the dark felt (a dark green would vanish
# into it), with dark ink on its badge for contrast.
INK = (38, 32, 28, 255)  # outlines of a court's figure
CREAM = (252, 245, 228, 255)  # a court's panel
SKIN = (247, 214, 178, 255)
HAIR = (104, 64, 34, 255)
BEARD = (196, 196, 190, 255)


def suit_colour(suit: Suit, four_colour: bool = False) -> Colour:
    """French colours: hearts and diamonds red, spades and clubs black.

    The four-colour deck gives each suit its own colour (blue diamonds, green
    clubs) for readers who mistake a diamond for a heart or a club for a spade.
    """
    if four_colour and suit is Suit.DIAMONDS:
        return BLUE
    if four_colour and suit is Suit.CLUBS:
        return GREEN
    return RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at a size in drawing pixels (it has ♠♥♦♣, Latin, Cyrillic, Vietnamese)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


@cache
def font_digest() -> str:
    """Part of every picture's key: a different font draws different pictures (read once)."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(FONTS.glob("*.ttf")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def reduce(image: Image.Image, factor: int) -> Image.Image:
    """The drawing scaled down by `factor` with a Lanczos filter."""
    width, height = image.size
    return image.resize((width // factor, height // factor), Image.Resampling.LANCZOS)


@cache
def glyph(text: str, size: float, colour: Colour, bold: bool = False) -> Image.Image:
    """`text` in `colour`, cropped to its ink, at drawing size (`size` in 1x pixels).

    Placing ink rather than the font's line box is what lets a pip sit exactly
    where the layout says and keeps its bounding box honest. Cached: callers
    composite it and never draw on it.
    """
    face = font(round(size * SCALE), bold)
    left, top, right, bottom = (round(v) for v in face.getbbox(text, anchor="ls"))
    pad = SCALE * 2
    image = Image.new("RGBA", (right - left + 2 * pad, bottom - top + 2 * pad), (0, 0, 0, 0))
    ImageDraw.Draw(image).text((pad - left, pad - top), text, font=face, fill=colour, anchor="ls")
    ink = image.getbbox()
    return image.crop(ink) if ink else image


def paste(image: Image.Image, part: Image.Image, centre: tuple[float, float]) -> Box:
    """Composite `part` (drawing size) centred on a 1x point; return the 1x box it covers."""
    x = round(centre[0] * SCALE - part.width / 2)
    y = round(centre[1] * SCALE - part.height / 2)
    image.alpha_composite(part, (x, y))
    return (x / SCALE, y / SCALE, (x + part.width) / SCALE, (y + part.height) / SCALE)
