"""Nothing on a figure lands on anything else, in any language, on a phone, a desktop or paper.

Every page of every advertised language is opened once; every answer is
revealed, every step of a walk shown and every folded part opened; then the page is measured at each
width and on A4 (geometry.js, one evaluation per width): no two text boxes
overlap, no text or mark covers a card's corner index or lies over a card,
nothing sticks out of its figure, no table is wider than its container, and
on a phone no box scrolls inside the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.project import ADVERTISED
from helpers.project import PAGES as PAGE_TYPES

LANGUAGES = sorted(ADVERTISED)
MEASURE = (Path(__file__).parent / "geometry.js").read_text(encoding="utf-8")
# Widths a reader brings (two phones, a desktop), then A4 in portrait: 210 mm less the
# print style's 15 mm margins is 180 mm, 680 CSS pixels.
SCREENS = (("360 px", 360), ("390 px", 390), ("1280 px", 1280))
PAPER = ("A4", 680)
PHONE_MAX = 600
REVEAL = """() => {
  for (const button of document.querySelectorAll("main .reveal")) {
    if (!button.hidden && button.offsetParent) button.click();
  }
  for (const el of document.querySelectorAll("main .step[hidden], main .example[hidden]")) {
    el.hidden = false;
  }
  for (const el of document.querySelectorAll("main details")) el.open = true;
}"""


@pytest.fixture(scope="module")
def tab(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    yield page
    context.close()


def measure(tab: Any, url: str) -> list[str]:
    tab.emulate_media(media="screen")
    tab.set_viewport_size({"width": 390, "height": 844})
    tab.goto(url, wait_until="domcontentloaded")
    tab.evaluate(REVEAL)
    defects = []
    for label, width in SCREENS:
        tab.set_viewport_size({"width": width, "height": 900})
        defects += [f"{label}: {d}" for d in tab.evaluate(MEASURE, width < PHONE_MAX)]
    tab.emulate_media(media="print")
    tab.set_viewport_size({"width": PAPER[1], "height": 960})
    defects += [f"{PAPER[0]}: {d}" for d in tab.evaluate(MEASURE, False)]
    return defects


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_part_of_a_figure_lands_on_another(tab: Any, server: str, lang: str) -> None:
    defects = [
        f"{lang}/{page}: {defect}"
        for page in PAGE_TYPES
        for defect in measure(tab, f"{server}{lang}/{page}")
    ]
    assert not defects, f"{len(defects)} defects:\n" + "\n".join(defects)
