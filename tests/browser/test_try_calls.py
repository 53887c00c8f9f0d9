"""Bids to try, in a real browser on a 360 px phone: every auction example of the built site.

The auction examples are found by walking the built pages (every `article`
holding an auction table), not from a list. Whether each call tried is
allowed, and why, is the scenario's own hand-worked verdict (`expect.verdicts`
in content/scenarios), never the page's classes or data; the words are the
site's vocabulary in the page's language, so the page must say what the
author worked out.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import run_axe
from helpers.html import Element, parse

from generator.engine import Call, CallReason
from generator.verify import Checked

from .test_pages import Visit
from .test_try import TRIED, inputs, words

NARROW = {"width": 360, "height": 740}


@cache
def scenarios() -> dict[str, Checked]:
    return {checked.id: checked for checked in inputs().checked}


def auction_examples(site: Path, lang: str) -> dict[str, list[str]]:
    """Each built page of `lang` with auction examples: its address, and their ids."""
    found: dict[str, list[str]] = {}
    for path in sorted((site / lang).rglob("index.html")):
        root = parse(path)
        ids = [
            article.attrs["id"]
            for article in root.find_all("article", class_="example")
            if article.find_all("table", class_="auction")
        ]
        if ids:
            found["/" + path.relative_to(site).parent.as_posix() + "/"] = ids
    return found


def by_hand(example_id: str) -> dict[Call, CallReason]:
    """The verdicts the scenario's author worked out, call by call."""
    expect = scenarios()[example_id].scenario.expect
    return dict(expect.verdicts) if expect is not None else {}


def someone_speaks(example_id: str) -> bool:
    """Whether the author says someone is still to speak (the engine's word if he is silent)."""
    checked = scenarios()[example_id]
    expect = checked.scenario.expect
    if expect is not None and expect.next_stated:
        return expect.next is not None
    return checked.answer.to_speak is not None


def said(lang: str, example_id: str, call: Call, reason: CallReason) -> str:
    """What the page must say of `call`: allowed or not, and the author's reason, in `lang`."""
    rules = scenarios()[example_id].scenario.rules
    site_words = words(lang)
    message = (
        "%(call)s: allowed (%(reason)s)" if reason.allows else "%(call)s: not allowed (%(reason)s)"
    )
    text = site_words.gettext.gettext(message, mark=False) % {
        "call": site_words.call(call, rules),
        "reason": site_words.call_reason(reason, rules),
    }
    return text.striptags()


@pytest.fixture
def narrow(browser: Any, server: str) -> Iterator[Any]:
    opened: list[Visit] = []

    def open_page(
        path: str, *, script: bool = True, media: str = "screen", blocked: bool = False
    ) -> Visit:
        """A page at 360 px: with its script, without any, or with only its own blocked."""
        visit = Visit.__new__(Visit)
        visit.context = browser.new_context(viewport=NARROW, java_script_enabled=script)
        if blocked:
            visit.context.route("**/static/try.js", lambda route: route.abort())
        visit.page = visit.context.new_page()
        visit.errors = []
        visit.page.on("pageerror", lambda error: visit.errors.append(str(error)))
        visit.page.emulate_media(media=media)
        visit.page.goto(server + path, wait_until="load")
        opened.append(visit)
        return visit

    yield open_page
    for visit in opened:
        visit.close()


def _buttons(visit: Visit, example_id: str) -> list[Any]:
    return list(visit.page.locator(f"#{example_id} .try.calls button").all())


def _shown(visit: Visit, example_id: str) -> str:
    return str(visit.page.locator(f"#{example_id} .verdict").inner_text()).strip()


def _status(visit: Visit, example_id: str) -> set[str]:
    classes = visit.page.locator(f"#{example_id} .verdict").get_attribute("class") or ""
    return set(classes.split()) & {"allowed", "refused"}


def test_the_built_site_has_auction_examples_to_try(built_site: Path) -> None:
    found = auction_examples(built_site, "en")
    speaking = [i for ids in found.values() for i in ids if someone_speaks(i)]
    assert len(found) >= 2 and len(speaking) >= 8, found


@pytest.mark.parametrize("lang", TRIED)
def test_every_auction_example_answers_an_allowed_and_a_refused_call_with_its_reason(
    narrow: Any, built_site: Path, lang: str
) -> None:
    tried = 0
    for path, ids in auction_examples(built_site, lang).items():
        visit = narrow(path)
        for example_id in ids:
            buttons = _buttons(visit, example_id)
            answers = visit.page.locator(f"#{example_id} .answer").all()
            if not someone_speaks(example_id):
                # The auction is over: nothing to try, nothing hidden.
                assert buttons == [] and answers == [], example_id
                continue
            offered = {Call.parse(str(b.get_attribute("data-call"))): b for b in buttons}
            hand_worked = by_hand(example_id)
            allowed = [c for c in offered if c in hand_worked and hand_worked[c].allows]
            refused = [c for c in offered if c in hand_worked and not hand_worked[c].allows]
            assert allowed and refused, f"{example_id}: write a verdict of each in its expect"
            # Before anything is tried the answer waits: who speaks, the verdicts, the text.
            assert answers and not any(a.is_visible() for a in answers), example_id
            # The allowed call by a tap.
            offered[allowed[0]].click()
            assert _shown(visit, example_id) == said(
                lang, example_id, allowed[0], hand_worked[allowed[0]]
            ), example_id
            assert _status(visit, example_id) == {"allowed"}, example_id
            assert all(a.is_visible() for a in answers), example_id
            # The refused call by the keyboard alone: arrows move through the calls and
            # each call reached is tried.
            order = list(offered)
            buttons[order.index(allowed[0])].focus()
            steps = (order.index(refused[0]) - order.index(allowed[0])) % len(order)
            for _ in range(steps):
                visit.page.keyboard.press("ArrowRight")
            assert _shown(visit, example_id) == said(
                lang, example_id, refused[0], hand_worked[refused[0]]
            ), example_id
            assert _status(visit, example_id) == {"refused"}, example_id
            tried += 2
        width = visit.page.evaluate("document.documentElement.scrollWidth")
        assert width <= NARROW["width"], (path, width)
        assert visit.errors == [], path
        visit.close()
    assert tried >= 16


def test_show_the_answer_without_trying(narrow: Any, built_site: Path) -> None:
    for path, ids in auction_examples(built_site, "en").items():
        visit = narrow(path)
        for example_id in ids:
            if not someone_speaks(example_id):
                continue
            answers = visit.page.locator(f"#{example_id} .answer").all()
            assert not any(a.is_visible() for a in answers)
            visit.page.locator(f"#{example_id} .reveal").click()
            assert all(a.is_visible() for a in answers), example_id
            assert not visit.page.locator(f"#{example_id} .reveal").is_visible()
        visit.close()


def _listed(visit: Visit, example_id: str) -> list[str]:
    items = visit.page.locator(f"#{example_id} .verdicts li")
    assert all(item.is_visible() for item in items.all()), example_id
    return [str(text).strip() for text in items.all_inner_texts()]


@pytest.mark.parametrize("media", ["screen", "print"])
def test_without_the_script_and_on_paper_every_verdict_shows(
    narrow: Any, built_site: Path, media: str
) -> None:
    """No script: nothing can be tried, so the calls are not offered and every verdict
    is listed; printed, the same with the script."""
    for path, ids in auction_examples(built_site, "en").items():
        visit = narrow(path, script=media == "print", media=media)
        for example_id in ids:
            if not someone_speaks(example_id):
                continue
            assert not visit.page.locator(f"#{example_id} .try-calls").is_visible(), example_id
            assert visit.page.locator(f"#{example_id} .result").is_visible(), example_id
            listed = _listed(visit, example_id)
            for call, reason in by_hand(example_id).items():
                assert said("en", example_id, call, reason) in listed, (example_id, call)
        visit.close()


_RED = """el => { const [r, g, b] = getComputedStyle(el).color.match(/\\d+/g).map(Number);
    return r > 1.5 * g && r > 1.5 * b; }"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_hearts_and_diamonds_bids_are_red_on_their_buttons(
    browser: Any, server: str, built_site: Path, scheme: str
) -> None:
    seen = 0
    for path, ids in auction_examples(built_site, "en").items():
        context = browser.new_context(viewport=NARROW, color_scheme=scheme)
        page = context.new_page()
        page.goto(server + path, wait_until="load")
        for example_id in ids:
            for button in page.locator(f"#{example_id} .try.calls button").all():
                call = Call.parse(str(button.get_attribute("data-call")))
                if call.trump is None or call.trump.suit is None:
                    continue
                symbol = button.locator("span").first
                assert symbol.evaluate(_RED) is (call.trump.value in ("hearts", "diamonds")), (
                    example_id,
                    call,
                )
                seen += 1
        context.close()
    assert seen


def test_every_offered_call_has_a_verdict_listed(built_site: Path) -> None:
    """The page as built: each call to try is also in the list of verdicts (the answer)."""
    for path, ids in auction_examples(built_site, "en").items():
        root = parse(built_site / path.strip("/") / "index.html")
        for article in root.find_all("article", class_="example"):
            if article.attrs["id"] not in ids or not someone_speaks(article.attrs["id"]):
                continue
            buttons = _elements(article, "button", "try")
            items = article.find_all("li")
            assert len(buttons) == len(items) > 0, article.attrs["id"]


def _elements(article: Element, tag: str, within: str) -> list[Element]:
    return [
        element
        for element in article.find_all(tag)
        if element.parent is not None and within in element.parent.classes
    ]


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_axe_passes_on_the_auction_pages_before_and_after_trying(
    narrow: Any, built_site: Path, axe_script: Path, script: bool
) -> None:
    for path, ids in auction_examples(built_site, "en").items():
        # Without the site's script the page is as a reader without script sees it, with
        # script left on for axe to run.
        visit = narrow(path, blocked=not script)
        assert run_axe(visit.page, axe_script) == [], path
        if script:
            for example_id in ids:
                if someone_speaks(example_id):
                    visit.page.locator(f"#{example_id} .try.calls button").last.click()
            assert run_axe(visit.page, axe_script) == [], path
        visit.close()
