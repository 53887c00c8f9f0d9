"""The analysis board in a real browser: the engine, run by the site's own runtime in a
Worker, judges a position set by address and by tapping, on a phone and a desktop, in
two languages; an impossible position gets its one line; an example opens on the board
with the verdicts it shows.

Every expected verdict below is worked out by hand from the rules of the `maison` rule
set (clockwise, partners north-south, follow suit, trump when void and an opponent holds
the trick); the words are the site's own for the engine's reason, in the page's language.
"""

from __future__ import annotations

from typing import Any

import pytest

from generator.engine import Card, Play, Reason, Seat, Trump

from .test_pages import DESKTOP, PHONE, Visit
from .test_try import TRIED, words

# West leads the ten of spades, North trumps with the nine of hearts (hearts trump).
# East holds two spades: he must follow suit with either; his other cards are refused.
ADDRESS = "#rules=maison&trump=H&leader=west&trick=10S,9H&hand=AS,7S,JH,8H,KC"
TRICK = (Play(Seat.WEST, Card.parse("10S")), Play(Seat.NORTH, Card.parse("9H")))
BY_ADDRESS = {
    "AS": Reason.FOLLOW_SUIT,
    "7S": Reason.FOLLOW_SUIT,
    "JH": Reason.MUST_FOLLOW_SUIT,
    "8H": Reason.MUST_FOLLOW_SUIT,
    "KC": Reason.MUST_FOLLOW_SUIT,
}
# Tapped: North leads the seven of hearts (spades trump); East holds the ace of hearts,
# which follows suit, and the king of spades and nine of diamonds, which may not be played.
TAPPED_TRICK = (Play(Seat.NORTH, Card.parse("7H")),)
BY_TAPPING = {
    "AH": Reason.FOLLOW_SUIT,
    "KS": Reason.MUST_FOLLOW_SUIT,
    "9D": Reason.MUST_FOLLOW_SUIT,
}
# A first verdict waits for the runtime to start: seconds, longer on a loaded machine.
JUDGED_MS = 120_000


def _visit(browser: Any, server: str, path: str, viewport: dict[str, int]) -> Visit:
    return Visit(browser.new_context(viewport=viewport), server + path, owns=True)


def _verdicts(page: Any) -> dict[str, tuple[str, str]]:
    page.wait_for_function(
        "() => { const cards = document.querySelectorAll('.board-hand li');"
        " return cards.length && [...cards].every(c => c.dataset.verdict); }",
        timeout=JUDGED_MS,
    )
    return {
        item.get_attribute("data-card"): (
            item.get_attribute("data-verdict"),
            item.inner_text().strip(),
        )
        for item in page.query_selector_all(".board-hand li")
    }


def _expected(lang: str, reasons: dict[str, Reason], trick: Any, trump: Trump) -> dict[str, Any]:
    said = words(lang)
    return {
        code: (
            "allowed" if reason.allows else "refused",
            said.try_card(reason, trick, trump).striptags(),
        )
        for code, reason in reasons.items()
    }


@pytest.mark.parametrize(
    ("viewport", "lang"), [(PHONE, TRIED[0]), (DESKTOP, TRIED[-1])], ids=["phone", "desktop"]
)
def test_a_position_set_by_address_then_by_tapping_is_judged(
    browser: Any, server: str, viewport: dict[str, int], lang: str
) -> None:
    opened = _visit(browser, server, f"{lang}/board/index.html{ADDRESS}", viewport)
    page = opened.page
    assert _verdicts(page) == _expected(lang, BY_ADDRESS, TRICK, Trump.HEARTS)
    holder = page.inner_text(".board-holder")
    assert words(lang).seat(Seat.NORTH).striptags() in holder and "24" in holder  # 10 + 14

    # Now by tapping and by keyboard: a new trick, a new hand, spades trump.
    page.click('input[name="trump"][value="S"]')
    page.click('input[name="leader"][value="north"]')
    page.click('[data-clear="trick"]')
    page.click('[data-clear="hand"]')
    page.click('input[name="target"][value="trick"]')
    page.click('.board-card[data-card="7H"]')
    page.click('input[name="target"][value="hand"]')
    page.click('.board-card[data-card="AH"]')
    page.focus('.board-card[data-card="KS"]')
    page.keyboard.press("Enter")
    page.focus('.board-card[data-card="9D"]')
    page.keyboard.press("Space")
    assert _verdicts(page) == _expected(lang, BY_TAPPING, TAPPED_TRICK, Trump.SPADES)
    # The position is in the address, to share and reopen.
    assert page.evaluate("location.hash") == (
        "#rules=maison&trump=S&leader=north&trick=7H&hand=AH,KS,9D"
    )

    # A card both on the trick and in the hand: one line, and no verdict.
    page.evaluate("location.hash = '#rules=maison&trump=S&leader=north&trick=7H&hand=7H,AH'")
    line = page.wait_for_selector(".board-impossible:not([hidden])", timeout=JUDGED_MS)
    expected = page.inner_text('.board-words [data-impossible="card-twice"]')
    assert line.inner_text() == expected and expected
    if lang == "en":
        assert expected == "Impossible position: a card appears twice."
    assert not page.query_selector_all(".board-hand li[data-verdict]")
    assert not opened.errors
    opened.close()


def test_an_example_opens_on_the_board_with_its_verdicts(browser: Any, server: str) -> None:
    opened = _visit(browser, server, "en/legal-cards/index.html", DESKTOP)
    page = opened.page
    example = page.query_selector(".example:has(a.to-board)")
    assert example is not None
    shown = {
        button.get_attribute("data-card"): button.get_attribute("class").split()[0]
        for button in example.query_selector_all(".try button")
    }
    example.query_selector("a.to-board").click()
    page.wait_for_url("**/board/**")
    judged = {card: verdict for card, (verdict, _) in _verdicts(page).items()}
    assert judged == shown and set(shown.values()) == {"allowed", "refused"}
    opened.close()
