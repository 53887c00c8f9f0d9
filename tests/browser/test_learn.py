"""The Learn pages in a real browser, on a phone: a whole deal stepped through to the score sheet.

With the script the reader sees one step at a time, steps forward and back,
and at a marked play tries a card and is told the engine's reason before
the card played shows; without it every step shows in order. Nothing
scrolls sideways at 360 px.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers.project import ADVERTISED

from generator.engine import Call, CallReason
from generator.site.pages.learn import Learn

from .test_pages import Visit
from .test_try import inputs, words

NARROW = {"width": 360, "height": 740}
# The refused call each walk offers, and why, worked out by hand: in classic Belote's first
# round only the turned suit may be taken; in the Coinche auction East's 100 is not above
# North's 100.
REFUSED_CALL = {
    "learn-belote": (Call.parse("choose spades"), CallReason.NOT_THIS_ROUND),
    "learn-coinche": (Call.parse("100 hearts"), CallReason.NOT_HIGHER),
}


def learn_pages() -> list[Any]:
    return [page for page in inputs().pages if page.kind.name == "learn"]


def test_there_is_a_learn_page_per_game() -> None:
    assert {page.rules.id for page in learn_pages()} >= {"maison", "coinche-official"}


def test_each_walk_has_six_tries_one_a_call() -> None:
    for page in learn_pages():
        content: Learn = page.content
        assert content.tries >= 6, page.key
        assert content.call_try is not None, page.key


def _said_of_call(lang: str, page: Any, call: Call, reason: CallReason) -> str:
    site_words = words(lang)
    message = (
        "%(call)s: allowed (%(reason)s)" if reason.allows else "%(call)s: not allowed (%(reason)s)"
    )
    text = site_words.gettext.gettext(message, mark=False) % {
        "call": site_words.call(call, page.rules),
        "reason": site_words.call_reason(reason, page.rules),
    }
    return str(text.striptags())


def _visible_steps(visit: Visit) -> list[str]:
    return [
        str(step.get_attribute("id"))
        for step in visit.page.locator(".walk .step").all()
        if step.is_visible()
    ]


def _no_sideways_scroll(visit: Visit) -> None:
    width = visit.page.evaluate("document.documentElement.scrollWidth")
    assert width <= NARROW["width"], width


@pytest.mark.parametrize("key", [page.key for page in learn_pages()])
def test_a_whole_deal_step_by_step_with_a_card_tried(browser: Any, server: str, key: str) -> None:
    (page,) = [p for p in learn_pages() if p.key == key]
    content: Learn = page.content
    walk = content.walk
    context = browser.new_context(viewport=NARROW)
    visit = Visit(context, server + page.path("en"), owns=True)
    try:
        steps = [str(s.get_attribute("id")) for s in visit.page.locator(".walk .step").all()]
        assert steps[0] == "step-deal" and steps[-1] == "step-score"
        assert [s for s in steps if s.startswith("trick-")] == [
            f"trick-{n}" for n in range(1, len(walk.tricks) + 1)
        ]
        assert _visible_steps(visit) == ["step-deal"]
        # A fresh browser has not done the lesson.
        assert not visit.page.locator(".walk-done").is_visible()
        _no_sideways_scroll(visit)
        tried = 0
        for index, step in enumerate(steps):
            assert _visible_steps(visit) == [step]
            assert (
                visit.page.locator(".walk-at").inner_text() == f"Step {index + 1} of {len(steps)}"
            )
            if step == "step-trump" and content.call_try is not None:
                answers = visit.page.locator(f"#{step} .answer").all()
                assert answers and not any(a.is_visible() for a in answers)
                call, reason = REFUSED_CALL[page.key]
                visit.page.locator(f'#{step} .try button[data-call="{call.code}"]').click()
                said = visit.page.locator(f"#{step} .verdict")
                assert said.inner_text().strip() == _said_of_call("en", page, call, reason)
                assert "refused" in str(said.get_attribute("class")).split()
                assert all(a.is_visible() for a in answers)
                tried += 1
            if step.startswith("trick-"):
                trick = walk.tricks[int(step.removeprefix("trick-")) - 1]
                note = content.note(trick)
                if note.tries:
                    answers = visit.page.locator(f"#{step} .answer").all()
                    # Before the reader tries, the card played and the rest of the trick wait.
                    assert answers and not any(a.is_visible() for a in answers)
                    position = next(p for p in trick.plays if p.seat is note.tries)
                    before = [p.step.play for p in trick.plays[: trick.plays.index(position)]]
                    # A refused card where there is one: the reader is told why.
                    verdict = next((v for v in position.hand if not v.allowed), position.hand[0])
                    visit.page.locator(
                        f'#{step} .try button[data-card="{verdict.card.code}"]'
                    ).click()
                    expected = words("en").try_card(verdict.reason, before, walk.trump)
                    said = visit.page.locator(f"#{step} .verdict")
                    assert said.inner_text().strip() == expected.striptags()
                    assert ("allowed" if verdict.allowed else "refused") in str(
                        said.get_attribute("class")
                    ).split()
                    assert all(a.is_visible() for a in answers)
                    tried += 1
            _no_sideways_scroll(visit)
            if index + 1 < len(steps):
                visit.page.locator(".walk-next").click()
        assert tried == content.tries
        # The score sheet: the engine's score for each side; the lesson is marked done, and
        # stays so on the next visit.
        assert visit.page.locator(".walk-next").is_disabled()
        assert visit.page.locator(".walk-done").is_visible()
        visit.page.reload()
        assert _visible_steps(visit) == ["step-deal"]
        assert visit.page.locator(".walk-done").is_visible()
        for _ in steps[1:]:
            visit.page.locator(".walk-next").click()
        sheet = visit.page.locator("#step-score table tfoot td").all_inner_texts()
        assert [int(t.replace(",", "")) for t in sheet] == [
            walk.score.scores[side] for side in page.rules.sides
        ]
        # And back one step.
        visit.page.locator(".walk-previous").click()
        assert _visible_steps(visit) == ["step-count"]
        assert visit.errors == []
    finally:
        visit.close()


@pytest.mark.parametrize("key", [page.key for page in learn_pages()])
def test_without_the_script_every_step_shows_in_order(browser: Any, server: str, key: str) -> None:
    (page,) = [p for p in learn_pages() if p.key == key]
    context = browser.new_context(viewport=NARROW, java_script_enabled=False)
    try:
        tab = context.new_page()
        tab.goto(server + page.path("en"), wait_until="load")
        steps = tab.locator(".walk .step").all()
        assert len(steps) == len(page.content.walk.tricks) + 4 + bool(page.content.melds)
        assert all(step.is_visible() for step in steps)
        assert not tab.locator(".walk-nav").is_visible()
        # Every card played shows, the marked ones too, and the score sheet.
        assert all(a.is_visible() for a in tab.locator(".walk .answer").all())
        assert tab.locator("#step-score table").is_visible()
        assert tab.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    finally:
        context.close()


@pytest.mark.parametrize("lang", ADVERTISED)
def test_the_walk_fits_a_narrow_phone_in_every_language(
    browser: Any, server: str, lang: str
) -> None:
    """The step bar's words are longer in French ("← Précédent", "Étape 1 sur 13", "Suivant →")
    than in English: at 360 px it once pushed the page sideways."""
    context = browser.new_context(viewport=NARROW)
    try:
        for page in learn_pages():
            visit = Visit(context, server + page.path(lang), owns=False)
            _no_sideways_scroll(visit)
    finally:
        context.close()
