"""Picture budget: drawing time of the 32 card faces, and picture bytes per page.

Goals: all 32 faces drawn in at most 1 s; all pictures of one page together
at most 150 KB at 1x. Run with `make bench` (or `python bench/pictures.py`).
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from common import best_of, build_site

from generator.engine import DECK
from generator.site.pictures.cards import draw_card
from generator.site.pictures.store import encode

LETTERS = {"J": "J", "Q": "Q", "K": "K", "A": "A"}


def main() -> None:
    def draw_all() -> None:
        for card in DECK:
            draw_card(card, LETTERS.get(card.rank.value, card.rank.value))

    def draw_and_encode_all() -> None:
        for card in DECK:
            encode(draw_card(card, LETTERS.get(card.rank.value, card.rank.value)))

    print(f"32 card faces drawn: {best_of(5, draw_all):.3f} s (goal 1 s)")
    print(
        f"32 card faces drawn and encoded (PNG + WebP, 1x + 2x): "
        f"{best_of(3, draw_and_encode_all):.3f} s"
    )

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "site"
        build_site(out)
        worst = 0
        for page in sorted(out.rglob("index.html")):
            names = set(re.findall(r'img/([0-9a-f]{20})\.png"', page.read_text(encoding="utf-8")))
            png = sum((out / "img" / f"{name}.png").stat().st_size for name in names)
            webp = sum((out / "img" / f"{name}.webp").stat().st_size for name in names)
            worst = max(worst, png, webp)
            if names:
                print(
                    f"{page.parent.relative_to(out)}: {len(names)} pictures, "
                    f"1x PNG {png / 1024:.1f} KB, 1x WebP {webp / 1024:.1f} KB"
                )
        print(f"largest page at 1x: {worst / 1024:.1f} KB (goal 150 KB)")


if __name__ == "__main__":
    main()
