"""The pages as a player sees them: one figure per example, a compact phone header, print, dark.

Positions come from the engine's inputs (each scenario's player to move
and its trick), never from the page itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import run_axe
from helpers.project import ADVERTISED, ROOT

from generator.site.pipeline.build import Inputs, Project, load_inputs

from .test_pages import DESKTOP, PHONE, Visit

LANGUAGES = sorted(ADVERTISED)
# The legal-cards page was 10,900 px on a phone; the issue asks for 35 % less.
LEGAL_CARDS_PHONE_MAX = 7_085


@cache
def inputs() -> Inputs:
    return load_inputs(Project(ROOT))


def play_examples() -> list[tuple[str, Any]]:
    """(page key, example) for every play example a page shows."""
    return [
        (page.key, example)
        for page in inputs().pages
        for example in page.examples
        if example.checked.kind.name == "play"
    ]


@pytest.fixture
def opened(browser: Any, server: str) -> Iterator[Any]:
    visits: list[Visit] = []

    def open_page(path: str, viewport: dict[str, int] = PHONE, **options: Any) -> Any:
        visit = Visit.__new__(Visit)
        visit.context = browser.new_context(viewport=viewport, **options)
        visit.page = visit.context.new_page()
        visit.errors = []
        visit.page.goto(server + path, wait_until="load")
        visits.append(visit)
        return visit.page

    yield open_page
    for visit in visits:
        visit.close()


# Where a seat sits is the figure's markup, the same in every language (the geometric test
# holds each language's words apart): two languages show it.
@pytest.mark.parametrize("lang", LANGUAGES[:2])
def test_the_player_to_move_sits_at_the_bottom_of_every_diagram(opened: Any, lang: str) -> None:
    pages: dict[str, Any] = {}
    for key, example in play_examples():
        page = pages.get(key) or opened(inputs_page_path(key, lang))
        pages[key] = page
        figure = page.locator(f"#{example.id} figure.diagram")
        assert figure.get_attribute("data-bottom") == example.scenario.position.seat.value
        # The cards to try are that player's: his hand, under his seat at the bottom.
        hand = figure.locator(".try")
        box, picture = hand.bounding_box(), figure.locator("img").first.bounding_box()
        assert box["y"] >= picture["y"] + picture["height"] - 20


def inputs_page_path(key: str, lang: str) -> str:
    (page,) = [page for page in inputs().pages if page.key == key]
    return page.path(lang)


@pytest.mark.parametrize("lang", LANGUAGES[:2])
def test_no_card_is_both_on_the_table_and_in_the_hand(opened: Any, lang: str) -> None:
    pages: dict[str, Any] = {}
    for key, example in play_examples():
        page = pages.get(key) or opened(inputs_page_path(key, lang))
        pages[key] = page
        figure = page.locator(f"#{example.id} figure.diagram")
        table = set((figure.get_attribute("data-table") or "").split())
        hand = {b.get_attribute("data-card") for b in figure.locator(".try button").all()}
        # The table before the play, the hand whole: the card played is the reader's to try.
        position = example.scenario.position
        assert table == {play.card.code for play in position.trick}
        assert not table & hand, example.id
        assert hand == {c.code for c in position.hand}


def first_page_of_each(what: Callable[[Any], object]) -> list[Any]:
    """The first page of each kind, section...: what the pages share, one of them shows."""
    first: dict[object, Any] = {}
    for page in inputs().pages:
        first.setdefault(what(page), page)
    return list(first.values())


def test_printed_pages_show_no_navigation(opened: Any) -> None:
    # What print hides is the stylesheet's and each kind's template, the same in every
    # language and on every page of a kind: one page of each kind shows it.
    for path in sorted(
        each.path(LANGUAGES[0]) for each in first_page_of_each(lambda page: page.kind.name)
    ):
        page = opened(path, DESKTOP)
        page.emulate_media(media="print")
        for selector in ("header.site-header", "nav.pager", "details.toc", ".reveal", "a.to-board"):
            for element in page.locator(selector).all():
                assert not element.is_visible(), (path, selector)
        assert page.locator("main").is_visible()


def test_the_legal_cards_page_is_at_least_a_third_shorter_on_a_phone(opened: Any) -> None:
    (page,) = [p for p in inputs().pages if p.kind.name == "legal-cards"]
    heights = {}
    for lang in LANGUAGES:
        heights[lang] = opened(page.path(lang)).evaluate(
            "() => document.documentElement.scrollHeight"
        )
    assert heights["en"] <= LEGAL_CARDS_PHONE_MAX, heights


@pytest.mark.parametrize("path", ["en/", "en/legal-cards/", "en/rule-sets/", "en/practice/maison/"])
def test_the_dark_scheme_keeps_contrast(opened: Any, axe_script: Path, path: str) -> None:
    page = opened(path, PHONE, color_scheme="dark")
    assert page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
    found = run_axe(page, axe_script, "{runOnly: ['color-contrast']}")
    assert [f"{v['id']}: {v['nodes'][0]['html'][:120]}" for v in found] == []
    # Card faces stay white on a dark page.
    white = page.evaluate(
        """async () => {
            const faces = [...document.querySelectorAll('img.card-face')].slice(0, 3);
            await Promise.all(faces.map(img => img.decode().catch(() => null)));
            return faces.map(img => {
                const canvas = document.createElement('canvas');
                canvas.width = img.naturalWidth;
                canvas.height = img.naturalHeight;
                const context = canvas.getContext('2d');
                context.drawImage(img, 0, 0);
                const x = Math.floor(canvas.width / 2), y = Math.floor(canvas.height * 0.08);
                const [r, g, b] = context.getImageData(x, y, 1, 1).data;
                return r + g + b;
            });
        }"""
    )
    assert all(value > 700 for value in white), white
