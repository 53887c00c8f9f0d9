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
FELT = (15, 90, 58, 255)
EDGE = (150, 156, 162, 255)
# Gold means one thing in a diagram: the card holding the trick (and a court's trim).
GOLD = (232, 170, 20, 255)
# Allowed cards: a light green that stands out on the dark felt (a dark green would vanish
# into it), with dark ink on its badge for contrast.
ALLOWED = (92, 222, 124, 255)
OK = (15, 107, 58, 255)
GREY = (110, 114, 120, 255)
INK = (38, 32, 28, 255)  # outlines of a court's figure
CREAM = (252, 245, 228, 255)  # a court's panel
SKIN = (247, 214, 178, 255)
HAIR = (104, 64, 34, 255)
BEARD = (196, 196, 190, 255)

SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


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


def scaled(box: Box) -> tuple[int, int, int, int]:
    """A 1x box in drawing pixels."""
    return (
        round(box[0] * SCALE),
        round(box[1] * SCALE),
        round(box[2] * SCALE),
        round(box[3] * SCALE),
    )


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


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of `text` in 1x pixels."""
    return font(round(size * SCALE), bold).getlength(text) / SCALE


def fitted_size(text: str, width: float, size: float, smallest: float, bold: bool = False) -> float:
    """The largest font size from `size` down to `smallest` at which `text` fits `width`."""
    while size > smallest and text_width(text, size, bold) > width:
        size -= 0.5
    return size


def fitted(
    text: str, width: float, size: float, smallest: float, bold: bool = False
) -> tuple[str, float]:
    """`text` at the largest size that fits `width`; cut short with "…" if none does.

    Only a name longer than any language's seat or trump word is cut: the alt
    text says it whole.
    """
    size = fitted_size(text, width, size, smallest, bold)
    if text_width(text, size, bold) <= width:
        return text, size
    while len(text) > 1 and text_width(text.rstrip() + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…", size


def paste(image: Image.Image, part: Image.Image, centre: tuple[float, float]) -> Box:
    """Composite `part` (drawing size) centred on a 1x point; return the 1x box it covers."""
    x = round(centre[0] * SCALE - part.width / 2)
    y = round(centre[1] * SCALE - part.height / 2)
    image.alpha_composite(part, (x, y))
    return (x / SCALE, y / SCALE, (x + part.width) / SCALE, (y + part.height) / SCALE)


def disc(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    radius: float,
    fill: Colour,
    outline: Colour = WHITE,
) -> None:
    """A filled circle with a 1 px ring, the base of every badge."""
    x, y = centre
    draw.ellipse(
        scaled((x - radius, y - radius, x + radius, y + radius)),
        fill=fill,
        outline=outline,
        width=SCALE,
    )


def badge(
    image: Image.Image,
    centre: tuple[float, float],
    radius: float,
    fill: Colour,
    symbol: str,
    ink: Colour,
    outline: Colour = WHITE,
) -> None:
    """A disc with a symbol (✓, ✕, ★, a digit) centred on its ink."""
    disc(ImageDraw.Draw(image), centre, radius, fill, outline)
    mark = glyph(symbol, radius * 1.5, ink, bold=True)
    paste(image, mark, centre)


def pill(
    image: Image.Image,
    anchor: tuple[float, float],
    text: str,
    size: float,
    fill: Colour,
    ink: Colour,
    *,
    align: str = "left",
    bold: bool = True,
    trail: Image.Image | None = None,
) -> Box:
    """A rounded label: `text` (and a glyph after it) on `fill`; return its 1x box.

    `anchor` is the pill's left, centre or right end (by `align`) at its middle height.
    """
    pad, gap = size * 0.55, size * 0.3
    height = size * 1.55
    width = text_width(text, size, bold) + 2 * pad
    if trail is not None:
        width += trail.width / SCALE + gap
    x, y = anchor
    left = {"left": x, "centre": x - width / 2, "right": x - width}[align]
    box = (left, y - height / 2, left + width, y + height / 2)
    radius = round(height / 2 * SCALE)
    ImageDraw.Draw(image).rounded_rectangle(scaled(box), radius=radius, fill=fill)
    ImageDraw.Draw(image).text(
        ((left + pad) * SCALE, y * SCALE),
        text,
        font=font(round(size * SCALE), bold),
        fill=ink,
        anchor="lm",
    )
    if trail is not None:
        end = left + pad + text_width(text, size, bold) + gap
        paste(image, trail, (end + trail.width / SCALE / 2, y))
    return box


def text_box(
    anchor: tuple[float, float], text: str, size: float, align: str = "mm", bold: bool = False
) -> Box:
    """The 1x box of `text` written at a 1x anchor (Pillow anchor codes)."""
    face = font(round(size * SCALE), bold)
    left, top, right, bottom = face.getbbox(text, anchor=align)
    x, y = anchor[0] * SCALE, anchor[1] * SCALE
    return ((x + left) / SCALE, (y + top) / SCALE, (x + right) / SCALE, (y + bottom) / SCALE)


def label(
    image: Image.Image,
    anchor: tuple[float, float],
    text: str,
    size: float,
    colour: Colour,
    *,
    align: str = "mm",
    bold: bool = False,
) -> Box:
    """Text at a 1x anchor (Pillow anchor codes); return the 1x box it covers."""
    face = font(round(size * SCALE), bold)
    point = (anchor[0] * SCALE, anchor[1] * SCALE)
    ImageDraw.Draw(image).text(point, text, font=face, fill=colour, anchor=align)
    return text_box(anchor, text, size, align, bold)


def greyed(face: Image.Image) -> Image.Image:
    """A card face greyed out under a white veil, its rounded outline kept."""
    grey = face.convert("LA").convert("RGBA")
    veil = Image.new("RGBA", grey.size, (255, 255, 255, 120))
    grey.alpha_composite(veil)
    # The veil only where the card is.
    grey.putalpha(face.getchannel("A"))
    return grey
