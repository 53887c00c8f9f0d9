"""Shared drawing helpers: the bundled font, colours, and anti-aliased shapes.

ImageDraw does not anti-alias, so everything is drawn at SCALE times the
1x size and scaled down with a Lanczos filter.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import Image, ImageFont

from ...engine import Suit

SCALE = 4  # drawing size over the 1x size; the 2x picture is a 2:1 reduction
FONTS = Path(__file__).resolve().parent.parent / "fonts"

RED = (196, 18, 40, 255)
BLACK = (20, 22, 26, 255)
WHITE = (255, 255, 255, 255)
FELT = (15, 90, 58, 255)
EDGE = (150, 156, 162, 255)
GOLD = (232, 170, 20, 255)
OK = (15, 107, 58, 255)
GREY = (110, 114, 120, 255)

SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


def suit_colour(suit: Suit) -> tuple[int, int, int, int]:
    return RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at a size in drawing pixels (it has ♠♥♦♣, Latin, Cyrillic, Vietnamese)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def font_digest() -> str:
    """Part of every picture's key: a different font draws different pictures."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(FONTS.glob("*.ttf")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def reduce(image: Image.Image, factor: int) -> Image.Image:
    """The drawing scaled down by `factor` with a Lanczos filter."""
    width, height = image.size
    return image.resize((width // factor, height // factor), Image.Resampling.LANCZOS)
