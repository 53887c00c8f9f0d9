"""Nothing on a figure lands on anything else, in any language, on a phone, a desktop or paper.

Every page of every advertised language (and the root's language chooser) is
opened once. First, as a reader opens it on a phone (and on the narrowest,
320 px): the page fits the screen's width, its cards stay legible, it is not longer than a reader
should have to scroll, and its header takes at most two lines. Then every
answer is revealed, every step of a walk shown and every folded part opened,
and the page is measured at each width and on A4 (geometry.js, one
evaluation per width): no two text boxes overlap, no text or mark covers a
card's corner index or lies over a card, nothing sticks out of its figure,
no table is wider than its container, no word is broken across two lines,
and on a phone no box scrolls inside the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag

import pytest
from helpers.browser import STRANGER
from helpers.project import ADVERTISED
from helpers.project import PAGES as PAGE_TYPES

from .test_pages import PHONE

LANGUAGES = sorted(ADVERTISED)
MEASURE = (Path(__file__).parent / "geometry.js").read_text(encoding="utf-8")
# Widths a reader brings: the narrowest of each of the style's steps (a phone of 320 px,
# WCAG's reflow width; one wider than 22.5rem; a tablet past 40rem) and a desktop; then A4
# in portrait: 210 mm less the print style's 15 mm margins is 180 mm, 680 CSS pixels.
SCREENS = (("320 px", 320), ("361 px", 361), ("641 px", 641), ("1280 px", 1280))
PAPER = ("A4", 680)
PHONE_MAX = 600
# As a reader opens a page on a phone (tests/browser/test_pages.py's PHONE): what fails
# there, one line each.
FIT = """(tallest) => {
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > innerWidth) found.push(`page is ${root.scrollWidth}px wide`);
  // The cards on show: an answer waiting for the reader to try (hidden) has none yet.
  for (const img of document.querySelectorAll("img.card-face")) {
    const width = img.getBoundingClientRect().width;
    if (img.checkVisibility() && width < 40) found.push(`a card shrunk to ${width}px: ${img.alt}`);
  }
  // A page a reader can get through: the bidding page was 27 phone screens.
  if (root.scrollHeight > tallest) found.push(`page is ${root.scrollHeight}px long`);
  // Two lines of links and the header's padding, with room for the menu's border.
  const header = document.querySelector("header.site-header");
  const name = document.querySelector(".site-name");
  if (header && name) {
    const line = parseFloat(getComputedStyle(name).lineHeight) || 24;
    const height = header.getBoundingClientRect().height;
    if (height > 2 * line + 40) found.push(`header is ${height}px for lines of ${line}px`);
  }
  return found;
}"""
# The longest page a phone reader should have to scroll through, in CSS pixels.
PAGE_HEIGHT_MAX = 12_000
NARROW_PHONE = {"width": 320, "height": 568}  # WCAG's reflow width
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
    context = browser.new_context(viewport=PHONE, locale=STRANGER)
    page = context.new_page()
    yield page
    context.close()


def measure(tab: Any, url: str) -> list[str]:
    tab.emulate_media(media="screen")
    tab.set_viewport_size(PHONE)
    tab.goto(url, wait_until="load")
    assert urldefrag(tab.url).url == url, "the page moved on: another page would be measured"
    defects = [f"phone: {d}" for d in tab.evaluate(FIT, PAGE_HEIGHT_MAX)]
    # The narrowest phone too: its lines hold fewer words, so the page may be longer in
    # proportion, no more.
    tab.set_viewport_size(NARROW_PHONE)
    narrow = PAGE_HEIGHT_MAX * PHONE["width"] / NARROW_PHONE["width"]
    defects += [f"320 px phone: {d}" for d in tab.evaluate(FIT, narrow)]
    tab.evaluate(REVEAL)
    for label, width in SCREENS:
        tab.set_viewport_size({"width": width, "height": 900})
        defects += [f"{label}: {d}" for d in tab.evaluate(MEASURE, width < PHONE_MAX)]
    tab.emulate_media(media="print")
    tab.set_viewport_size({"width": PAPER[1], "height": 960})
    defects += [f"{PAPER[0]}: {d}" for d in tab.evaluate(MEASURE, False)]
    return defects


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_part_of_a_figure_lands_on_another(tab: Any, server: str, lang: str) -> None:
    # The root's language chooser, once, with the first language.
    paths = [f"{lang}/{page}" for page in PAGE_TYPES] + ([""] if lang == LANGUAGES[0] else [])
    defects = [
        f"{path or '/'}: {defect}" for path in paths for defect in measure(tab, f"{server}{path}")
    ]
    assert not defects, f"{len(defects)} defects:\n" + "\n".join(defects)
