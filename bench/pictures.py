"""Picture budget: drawing time of the card faces, and picture bytes per page.

Goals: all 32 faces (64 x 90 at 1x) drawn in at most 1 s; all pictures of one
page together at most 150 KB at 1x (PNG, the larger of the two formats).
Run with `make bench` (or `python bench/pictures.py`).
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from common import best_of, build_site

from generator.engine import DECK, Card
from generator.site.pictures.cards import HEIGHT, WIDTH, draw_card
from generator.site.pictures.store import encode

ENGLISH = {"J": "J", "Q": "Q", "K": "K", "A": "A"}
FRENCH = {"J": "V", "Q": "D", "K": "R", "A": "A"}
BUDGET = 150 * 1024


def letter(card: Card, letters: dict[str, str]) -> str:
    return letters.get(card.rank.value, card.rank.value)


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
    print(f"card faces: {WIDTH}x{HEIGHT} at 1x (the only pictures: tables are markup)")
    print(f"32 card faces drawn: {english:.3f} s (goal 1 s), {32 / english:.0f} faces/s")
    print(f"32 card faces drawn, French letters: {french:.3f} s, {32 / french:.0f} faces/s")
    print(f"32 card faces drawn, four colours: {four:.3f} s, {32 / four:.0f} faces/s")
    encoded = best_of(3, draw_and_encode_all)
    print(
        f"32 card faces drawn and encoded (PNG + WebP, 1x + 2x): {encoded:.3f} s, "
        f"{32 / encoded:.0f} faces/s"
    )

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
