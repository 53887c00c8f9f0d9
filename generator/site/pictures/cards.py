"""One card face: corner indices, pips (or a framed court letter), French colours."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ...engine import Card, Rank
from .drawing import EDGE, SCALE, SUIT_SYMBOLS, WHITE, font, suit_colour

# The 1x size; every card picture on the site has it (and twice it at 2x).
WIDTH, HEIGHT = 48, 68

# Pip centres for the number cards, in 1x pixels inside the card.
_COLUMNS = (17.5, 24.0, 30.5)
_PIPS: dict[Rank, tuple[tuple[float, float], ...]] = {
    Rank.SEVEN: ((0, 14), (2, 14), (1, 24), (0, 34), (2, 34), (0, 54), (2, 54)),
    Rank.EIGHT: ((0, 14), (2, 14), (1, 24), (0, 34), (2, 34), (1, 44), (0, 54), (2, 54)),
    Rank.NINE: (
        (0, 14),
        (2, 14),
        (0, 27.3),
        (2, 27.3),
        (1, 34),
        (0, 40.7),
        (2, 40.7),
        (0, 54),
        (2, 54),
    ),
    Rank.TEN: (
        (0, 14),
        (2, 14),
        (1, 20.5),
        (0, 27.3),
        (2, 27.3),
        (0, 40.7),
        (2, 40.7),
        (1, 47.5),
        (0, 54),
        (2, 54),
    ),
}


def _corner(letter: str, card: Card) -> Image.Image:
    """The rank letter over the suit symbol, as printed in a card's corner."""
    s = SCALE
    index = Image.new("RGBA", (14 * s, 26 * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(index)
    colour = suit_colour(card.suit)
    size = 12 if len(letter) == 1 else 10
    draw.text((7 * s, 1 * s), letter, font=font(size * s, bold=True), fill=colour, anchor="mt")
    draw.text((7 * s, 14 * s), SUIT_SYMBOLS[card.suit], font=font(10 * s), fill=colour, anchor="mt")
    return index


def draw_card(card: Card, letter: str) -> Image.Image:
    """The face at drawing size (SCALE times 1x); `letter` is the language's rank letter."""
    s = SCALE
    image = Image.new("RGBA", (WIDTH * s, HEIGHT * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, WIDTH * s - 1, HEIGHT * s - 1), radius=5 * s, fill=WHITE, outline=EDGE, width=s
    )
    colour = suit_colour(card.suit)
    symbol = SUIT_SYMBOLS[card.suit]

    corner = _corner(letter, card)
    image.alpha_composite(corner, (1 * s, 2 * s))
    image.alpha_composite(corner.rotate(180), ((WIDTH - 15) * s, (HEIGHT - 28) * s))

    if card.rank in _PIPS:
        pip = font(10 * s)
        for column, y in _PIPS[card.rank]:
            draw.text(
                (_COLUMNS[int(column)] * s, y * s), symbol, font=pip, fill=colour, anchor="mm"
            )
    elif card.rank is Rank.ACE:
        draw.text((24 * s, 34 * s), symbol, font=font(30 * s), fill=colour, anchor="mm")
    else:
        # Court cards: a framed panel with the letter and the suit.
        # An opaque tint (11 % of the suit colour on white): the face is pasted on gold and grey.
        tint = (*tuple(round(255 - (255 - c) * 0.11) for c in colour[:3]), 255)
        draw.rounded_rectangle(
            (13 * s, 11 * s, 35 * s, 57 * s), radius=3 * s, fill=tint, outline=colour, width=s
        )
        draw.text((24 * s, 27 * s), letter, font=font(18 * s, bold=True), fill=colour, anchor="mm")
        draw.text((24 * s, 45 * s), symbol, font=font(13 * s), fill=colour, anchor="mm")
    return image
