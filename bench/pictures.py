"""Picture budget: drawing time of the card faces and diagrams, and picture bytes per page.

Goals: all 32 faces (64 x 90 at 1x) drawn in at most 1 s; all pictures of one
page together at most 150 KB at 1x (PNG, the larger of the two formats).
Run with `make bench` (or `python bench/pictures.py`).
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from common import best_of, build_site

from generator.engine import DECK, Card, Seat, Suit
from generator.site.pictures.cards import HEIGHT, WIDTH, draw_card
from generator.site.pictures.diagram import HEIGHT as DIAGRAM_HEIGHT
from generator.site.pictures.diagram import WIDTH as DIAGRAM_WIDTH
from generator.site.pictures.diagram import TrickDiagram, draw_diagram
from generator.site.pictures.store import encode

ENGLISH = {"J": "J", "Q": "Q", "K": "K", "A": "A"}
FRENCH = {"J": "V", "Q": "D", "K": "R", "A": "A"}
BUDGET = 150 * 1024


def letter(card: Card, letters: dict[str, str]) -> str:
    return letters.get(card.rank.value, card.rank.value)


def diagram() -> TrickDiagram:
    """A full diagram: three cards on the table, eight in the hand."""
    trick = tuple(
        (seat, Card.parse(code)) for seat, code in ((Seat.WEST, "AS"), (Seat.NORTH, "7S"))
    )
    hand = tuple(
        (Card.parse(code), i < 3)
        for i, code in enumerate(["KS", "QS", "10S", "JH", "9C", "10D", "KD", "QC"])
    )
    shown = [card for _, card in trick] + [card for card, _ in hand]
    return TrickDiagram(
        seat_names={seat: seat.name.title() for seat in Seat},
        trick=trick,
        bottom=Seat.EAST,
        to_move=Seat.EAST,
        hand=hand,
        winner=Seat.WEST,
        trump=Suit.HEARTS,
        trump_label="Trump",
        to_play_label="to play",
        faces={card: draw_card(card, letter(card, ENGLISH)) for card in shown},
    )


def main() -> None:
    def draw_all(letters: dict[str, str], four_colour: bool = False) -> None:
        for card in DECK:
            draw_card(card, letter(card, letters), four_colour)

    def draw_and_encode_all() -> None:
        for card in DECK:
            encode(draw_card(card, letter(card, ENGLISH)))

    english = best_of(5, lambda: draw_all(ENGLISH))
    french = best_of(5, lambda: draw_all(FRENCH))
    four = best_of(5, lambda: draw_all(ENGLISH, True))
    print(f"card faces: {WIDTH}x{HEIGHT} at 1x, diagrams {DIAGRAM_WIDTH}x{DIAGRAM_HEIGHT}")
    print(f"32 card faces drawn: {english:.3f} s (goal 1 s), {32 / english:.0f} faces/s")
    print(f"32 card faces drawn, French letters: {french:.3f} s, {32 / french:.0f} faces/s")
    print(f"32 card faces drawn, four colours: {four:.3f} s, {32 / four:.0f} faces/s")
    encoded = best_of(3, draw_and_encode_all)
    print(
        f"32 card faces drawn and encoded (PNG + WebP, 1x + 2x): {encoded:.3f} s, "
        f"{32 / encoded:.0f} faces/s"
    )
    model = diagram()
    drawn = best_of(3, lambda: draw_diagram(model))
    print(f"one trick diagram drawn (faces given): {drawn:.3f} s")
    both = best_of(3, lambda: encode(draw_diagram(model)))
    print(f"one trick diagram drawn and encoded: {both:.3f} s")

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "site"
        build_site(out)
        worst, heaviest = 0, ""
        for page in sorted(out.rglob("index.html")):
            names = set(re.findall(r'img/([0-9a-f]{20})\.png"', page.read_text(encoding="utf-8")))
            png = sum((out / "img" / f"{name}.png").stat().st_size for name in names)
            webp = sum((out / "img" / f"{name}.webp").stat().st_size for name in names)
            where = str(page.parent.relative_to(out))
            if max(png, webp) > worst:
                worst, heaviest = max(png, webp), where
            if names:
                print(
                    f"{where}: {len(names)} pictures, "
                    f"1x PNG {png / 1024:.1f} KB, 1x WebP {webp / 1024:.1f} KB"
                )
        verdict = "within" if worst <= BUDGET else "OVER"
        print(
            f"heaviest page at 1x: {heaviest}, {worst / 1024:.1f} KB "
            f"({verdict} the goal of {BUDGET // 1024} KB)"
        )


if __name__ == "__main__":
    main()
