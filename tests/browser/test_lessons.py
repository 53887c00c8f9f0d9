"""Small lessons in a real browser: one goal each, complete once every position is answered
with an allowed card at the first try, and the mark kept across visits, on a phone and a
desktop, in two languages.

How many positions each lesson has is read from the page file, as a contributor wrote it;
which card is allowed is the page's own answer to each position (the verdicts themselves are
held to the engine by tests/browser/test_try.py): what is tested here is the lesson.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from helpers.project import ROOT

from .test_pages import DESKTOP, PHONE, Visit
from .test_try import TRIED, words

PAGE = yaml.safe_load((ROOT / "content" / "pages" / "lessons.yaml").read_text(encoding="utf-8"))
LESSONS = PAGE["lessons"]


def _progress(said: Any, right: int, total: int) -> str:
    return str(
        said.gettext.text("Right at the first try: %(right)s / %(total)s", right=right, total=total)
    )


@pytest.mark.parametrize(
    ("viewport", "lang"), [(PHONE, TRIED[0]), (DESKTOP, TRIED[-1])], ids=["phone", "desktop"]
)
def test_a_lesson_is_complete_once_every_position_is_right_at_the_first_try(
    browser: Any, server: str, viewport: dict[str, int], lang: str
) -> None:
    said = words(lang)
    opened = Visit(browser.new_context(viewport=viewport), f"{server}{lang}/lessons/", owns=True)
    page = opened.page
    lessons = page.query_selector_all("section.lesson")
    assert [lesson.get_attribute("data-lesson") for lesson in lessons] == [
        lesson["id"] for lesson in LESSONS
    ]
    first, second = lessons[0], lessons[1]
    mark = page.locator(f'.lesson-mark[data-lesson="{LESSONS[0]["id"]}"]')
    total = len(LESSONS[0]["examples"])
    assert first.query_selector(".lesson-progress").inner_text() == _progress(said, 0, total)
    assert not mark.is_visible()
    # Every position of the first lesson answered with an allowed card: complete.
    for number, example in enumerate(first.query_selector_all(".example"), start=1):
        assert not first.query_selector(".lesson-done").is_visible()
        example.query_selector(".try button.allowed").click()
        assert first.query_selector(".lesson-progress").inner_text() == _progress(
            said, number, total
        )
    assert first.query_selector(".lesson-done").is_visible() and mark.is_visible()

    # The second: a refused card first, then every position right; not complete until the
    # lesson is tried again and every position is right at its first try.
    examples = second.query_selector_all(".example")
    refused = next(e for e in examples if e.query_selector(".try button.refused"))
    refused.query_selector(".try button.refused").click()
    for example in examples:
        example.query_selector(".try button.allowed").click()
    count = len(examples)
    assert second.query_selector(".lesson-progress").inner_text() == _progress(
        said, count - 1, count
    )
    assert not second.query_selector(".lesson-done").is_visible()
    second.query_selector(".lesson-again").click()
    assert second.query_selector(".lesson-progress").inner_text() == _progress(said, 0, count)
    for example in examples:
        example.query_selector(".try button.allowed").click()
    assert second.query_selector(".lesson-done").is_visible()

    # Kept in this browser: the next visit shows both lessons done, the others not.
    page.reload()
    shown = [m.is_visible() for m in page.locator(".lesson-mark").all()]
    assert shown == [True, True] + [False] * (len(LESSONS) - 2)
    assert not opened.errors
    opened.close()
