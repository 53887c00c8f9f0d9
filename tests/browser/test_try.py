"""Learning by trying, in a real browser: every example answers a card, practice by keyboard.

The message a card gives is checked against the engine's reason for it,
worded in the page's language by the site's own vocabulary: the page must
say what the engine decided, not merely something.
"""

from __future__ import annotations

import gzip
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import run_axe
from helpers.project import ADVERTISED, ROOT

from generator.engine import Verdict
from generator.site.pipeline.build import Inputs, Project, load_inputs
from generator.site.rendering.i18n import Gettext
from generator.site.rendering.words import Words

from .test_pages import PHONE, Visit

# English and the first other language the site advertises.
TRIED = ["en", *sorted(lang for lang in ADVERTISED if lang != "en")[:1]]


@cache
def inputs() -> Inputs:
    return load_inputs(Project(ROOT))


def words(lang: str) -> Words:
    (language,) = [language for language in inputs().languages if language.code == lang]
    return Words(Gettext(language), inputs().vocabulary)


def interactive_pages() -> list[Any]:
    """The pages with play examples, whose cards are tried."""
    return [
        page
        for page in inputs().pages
        if any(example.checked.kind.name == "play" for example in page.examples)
    ]


@pytest.fixture
def phone(browser: Any, server: str) -> Iterator[Any]:
    opened: list[Visit] = []

    def open_page(path: str, *, script: bool = True, blocked: bool = False) -> Visit:
        """A page at phone width: with its script, without any, or with its own script blocked."""
        if not script:
            visit = _no_script(browser, server + path)
        elif blocked:
            visit = _own_script_blocked(browser, server + path)
        else:
            context = browser.new_context(viewport=PHONE)
            visit = Visit(context, server + path, owns=True)
        opened.append(visit)
        return visit

    yield open_page
    for visit in opened:
        visit.close()


def _bare(browser: Any, url: str, *, javascript: bool) -> Visit:
    visit = Visit.__new__(Visit)
    visit.context = browser.new_context(viewport=PHONE, java_script_enabled=javascript)
    if javascript:
        visit.context.route("**/static/try.js", lambda route: route.abort())
    visit.page = visit.context.new_page()
    visit.errors = []
    visit.page.goto(url, wait_until="load")
    return visit


def _no_script(browser: Any, url: str) -> Visit:
    return _bare(browser, url, javascript=False)


def _own_script_blocked(browser: Any, url: str) -> Visit:
    """The page as a reader without script sees it, with script left on for axe to run."""
    return _bare(browser, url, javascript=True)


def said(page: Any, example_id: str, index: int) -> str:
    """Click the hand's card number `index` of an example; return what the page says."""
    page.locator(f"#{example_id} .try button").nth(index).click()
    return str(page.locator(f"#{example_id} .verdict").inner_text()).strip()


_MARKS_SHOWN = """sel => [...document.querySelectorAll(sel + ' .try .mark')]
    .filter(mark => getComputedStyle(mark, '::before').content !== 'none').length"""


@pytest.mark.parametrize("lang", TRIED)
@pytest.mark.parametrize("key", [page.key for page in interactive_pages()])
def test_every_example_waits_for_the_reader_then_answers_each_card_with_the_engines_reason(
    phone: Any, lang: str, key: str
) -> None:
    (page,) = [page for page in interactive_pages() if page.key == key]
    visit = phone(page.path(lang))
    tried = 0
    for example in page.examples:
        if example.checked.kind.name != "play":
            continue
        where, scenario = f"#{example.id}", example.scenario
        position = scenario.position
        answers = visit.page.locator(f"{where} .answer").all()
        assert answers, example.id
        # Nothing of the answer before the reader tries: no explanation, no caption, no
        # result, no ruling, no mark on any card.
        assert [a.get_attribute("class") for a in answers if a.is_visible()] == [], example.id
        assert visit.page.evaluate(_MARKS_SHOWN, where) == 0, example.id
        # The card the author played (else the first allowed one) is in the hand to try.
        verdicts: list[Verdict] = list(example.answer.verdicts)
        chosen = scenario.play or next(v.card for v in verdicts if v.allowed)
        verdict = next(v for v in verdicts if v.card == chosen)
        visit.page.locator(f'{where} .try button[data-card="{chosen.code}"]').click()
        expected = words(lang).try_card(verdict.reason, position.trick, position.trump)
        assert str(visit.page.locator(f"{where} .verdict").inner_text()).strip() == (
            expected.striptags()
        ), example.id
        # Tried: the whole answer shows.
        assert all(a.is_visible() for a in answers), example.id
        assert visit.page.evaluate(_MARKS_SHOWN, where) == len(verdicts), example.id
        # Then any card of the hand, allowed or refused, with the engine's reason for it.
        for allowed in (True, False):
            found = [i for i, verdict in enumerate(verdicts) if verdict.allowed is allowed]
            if not found:
                continue
            verdict = verdicts[found[0]]
            expected = words(lang).try_card(verdict.reason, position.trick, position.trump)
            assert said(visit.page, scenario.id, found[0]) == expected.striptags(), scenario.id
            classes = visit.page.locator(f"#{scenario.id} .verdict").get_attribute("class")
            assert ("allowed" if allowed else "refused") in classes.split()
            tried += 1
    assert tried, "no card tried"
    assert visit.errors == []


def test_without_the_script_every_part_of_every_answer_shows(phone: Any) -> None:
    for page in interactive_pages():
        visit = phone(page.path("en"), script=False)
        answers = visit.page.locator(".example .answer").all()
        assert answers and all(a.is_visible() for a in answers), page.key
        visit.close()


def test_without_the_script_every_answer_shows(phone: Any) -> None:
    page = interactive_pages()[0]
    visit = phone(page.path("en"), script=False)
    marks = visit.page.locator(".answered .try button .mark")
    assert marks.count() > 0
    assert visit.page.locator(".caption-answer").first.is_visible()
    assert not visit.page.locator(".reveal").first.is_visible()


def test_show_the_answer_marks_every_card(phone: Any) -> None:
    page = interactive_pages()[0]
    visit = phone(page.path("en"))
    example = next(e for e in page.examples if e.checked.kind.name == "play")
    assert not visit.page.locator(f"#{example.id} .caption-answer").is_visible()
    visit.page.locator(f"#{example.id} .reveal").click()
    assert visit.page.locator(f"#{example.id} .caption-answer").is_visible()
    assert visit.page.locator(f"#{example.id}.answered").count() == 1
    assert visit.page.evaluate(_MARKS_SHOWN, f"#{example.id}") == len(example.answer.verdicts)


def test_the_undertrump_example_shows_the_coinche_answer_beside_it(phone: Any) -> None:
    pages = [
        p
        for p in inputs().pages
        if any(e.id == "cannot-overtrump-undertrump-maison" for e in p.examples)
    ]
    assert pages
    for page in pages:
        visit = phone(page.path("en"))
        flips = visit.page.locator("#cannot-overtrump-undertrump-maison .elsewhere .flips")
        texts = [str(t) for t in flips.all_inner_texts()]
        # FFB coinche 2015 §5: no obligation to undertrump, so any card of the hand will do.
        assert any("Coinche, official rules" in text for text in texts), (page.key, texts)


def practice_page() -> Any:
    return next(page for page in inputs().pages if page.kind.name == "practice")


def practice_visit(phone: Any, page: Any) -> Visit:
    """The practice page with its pool in the order it was drawn: position 1 first."""
    visit = phone(page.path("en"))
    size = page.content.drawn.size
    visit.page.evaluate(
        "([key, size]) => localStorage.setItem(key, JSON.stringify("
        "{order: [...Array(size).keys()], at: 0}))",
        [f"belote-practice:{page.rules.id}", size],
    )
    again(visit)
    return visit


STAGE = "#position-1"


def again(visit: Visit, url: str | None = None) -> None:
    """The page reloaded (or another opened) once the pictures the script asked for are in:
    a request cut short by leaving the page is no failure of the page's."""
    visit.page.wait_for_load_state("networkidle")
    if url is None:
        visit.page.reload(wait_until="load")
    else:
        visit.page.goto(url, wait_until="load")


def board(visit: Visit) -> str:
    return str(visit.page.locator(".practice-score").inner_text()).strip()


def score_line(tried: int, right: int, streak: int) -> str:
    # The English message of templates/practice.html, its placeholders filled.
    return f"Tried: {tried}. Right at the first try: {right}. Right in a row: {streak}."


def test_a_practice_page_is_completed_by_keyboard_alone(phone: Any) -> None:
    page = practice_page()
    visit = practice_visit(phone, page)
    keyboard = visit.page.keyboard
    right = streak = 0
    # The script shows the pool's positions in turn; the first ones are written out whole
    # (the engine's), so what the script makes of the pool's letters can be compared.
    for item in page.content.drawn.sample:
        heading = f"Position {item.number} of {page.content.drawn.size}"
        assert visit.page.locator(f"{STAGE} h3").inner_text().strip() == heading
        codes = [
            b.get_attribute("data-card") for b in visit.page.locator(f"{STAGE} .try button").all()
        ]
        assert codes == [v.card.code for v in item.verdicts]
        # Tab on until the focus reaches the hand, then take its second card.
        for _ in range(80):
            if visit.page.evaluate(f"() => !!document.activeElement.closest('{STAGE} .try')"):
                break
            keyboard.press("Tab")
        else:
            pytest.fail(f"the keyboard never reached the hand of position {item.number}")
        keyboard.press("ArrowRight")
        keyboard.press("Enter")
        chosen = item.verdicts[1]
        right += chosen.allowed
        streak = streak + 1 if chosen.allowed else 0
        verdict = visit.page.locator(f"{STAGE} .verdict")
        expected = words("en").try_card(chosen.reason, item.position.trick, item.position.trump)
        assert verdict.inner_text().strip() == expected.striptags()
        for _ in range(40):
            keyboard.press("Tab")
            if visit.page.evaluate("() => document.activeElement.matches('.next-position')"):
                break
        keyboard.press("Enter")
    assert board(visit) == score_line(len(page.content.drawn.sample), right, streak)
    for number, deal in enumerate(page.content.drawn.deals, start=1):
        form = visit.page.locator(f"#deal-{number} .score-guess")
        form.locator("input").first.focus()
        for side_index, side in enumerate(page.rules.sides):
            if side_index:
                keyboard.press("Tab")
            keyboard.type(str(deal.score.scores[side]))
        keyboard.press("Enter")
        assert "Right" in form.locator(".verdict").inner_text()
    assert visit.errors == []


def test_the_practice_score_is_kept_across_visits_and_a_card_after_the_answer_is_not_counted(
    phone: Any,
) -> None:
    page = practice_page()
    visit = practice_visit(phone, page)
    first, second, third = page.content.drawn.sample[:3]
    assert board(visit) == score_line(0, 0, 0)
    visit.page.locator(f"{STAGE} .try button.allowed").first.click()
    assert board(visit) == score_line(1, 1, 1)
    # Tried: the next visit goes on from the next position, with the score as it was.
    again(visit)
    assert board(visit) == score_line(1, 1, 1)
    codes = [b.get_attribute("data-card") for b in visit.page.locator(f"{STAGE} .try button").all()]
    assert codes == [v.card.code for v in second.verdicts] != [v.card.code for v in first.verdicts]
    # The answer shown first: a card chosen then proves nothing, and counts for nothing.
    visit.page.locator(f"{STAGE} .reveal").click()
    visit.page.locator(f"{STAGE} .try button.refused").first.click()
    assert board(visit) == score_line(1, 1, 1)
    visit.page.locator(".next-position").click()
    assert (
        visit.page.locator(f"{STAGE} h3")
        .inner_text()
        .strip()
        .startswith(f"Position {third.number} of")
    )
    visit.page.locator(f"{STAGE} .try button.refused").first.click()
    # Only the first card counts: another one after it changes nothing.
    visit.page.locator(f"{STAGE} .try button.allowed").first.click()
    assert board(visit) == score_line(2, 1, 0)
    kept = visit.page.evaluate(
        f"() => JSON.parse(localStorage.getItem('belote-practice:{page.rules.id}'))"
    )
    assert (kept["tried"], kept["right"], kept["streak"]) == (2, 1, 0)
    visit.page.locator(".reset").click()
    assert board(visit) == score_line(0, 0, 0)
    again(visit)
    assert board(visit) == score_line(0, 0, 0)
    assert visit.errors == []


def test_each_rule_sets_practice_keeps_its_own_score(phone: Any) -> None:
    pages = [page for page in inputs().pages if page.kind.name == "practice"]
    visit = practice_visit(phone, pages[0])
    visit.page.locator(f"{STAGE} .try button.refused").first.click()
    again(visit, visit.page.url.replace(pages[0].key, pages[1].key))
    assert board(visit) == score_line(0, 0, 0)
    assert visit.errors == []


def _axe(visit: Visit, axe_script: Path) -> list[str]:
    violations = run_axe(visit.page, axe_script)
    return [f"{v['id']}: {v['help']} ({v['nodes'][0]['html'][:120]})" for v in violations]


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_axe_and_the_nu_checker_pass_after_trying(
    phone: Any, axe_script: Path, vnu: list[str], tmp_path: Path, script: bool
) -> None:
    for page in [*interactive_pages()[:1], practice_page()]:
        visit = phone(page.path("en"), blocked=not script)
        if script:
            visit.page.locator(".try button").first.click()
            # Another example's answer shown (a practice shows one position at a time).
            reveals = visit.page.locator(".reveal:visible")
            if reveals.count():
                reveals.first.click()
        # The page as it stands, before axe's own script is added to it.
        target = tmp_path / f"{page.key.replace('/', '-')}.html"
        target.write_text(
            "<!doctype html>\n" + visit.page.evaluate("() => document.documentElement.outerHTML")
        )
        assert _axe(visit, axe_script) == [], page.key
        done = subprocess.run(
            [*vnu, "--errors-only", str(target)], capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr[:3000]


def test_the_script_is_at_most_six_kilobytes_compressed() -> None:
    script = (ROOT / "generator" / "site" / "assets" / "try.js").read_bytes()
    assert len(gzip.compress(script, 9)) <= 6 * 1024
