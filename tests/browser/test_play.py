"""A deal to play in a real browser: the reader plays South through the auction and eight
tricks to the score sheet, against Easy on a phone and against Normal on a desktop, in two
languages; a refused card is explained with the engine's reason in the page's language.

What the page shows is held to the engine run by CPython on the same deal (the seed, the
level, the reader's calls and cards, read back from the page's address): the same engine
must say the same thing in the browser, and the words are the site's own for it. The
page mid-deal and at its score sheet is measured as every figure is (geometry.js).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

import pytest

from generator.engine import Call, Card
from generator.engine.computer import Skill
from generator.engine.game import Phase, play_game

from .test_geometry import MEASURE, PHONE_MAX
from .test_pages import DESKTOP, PHONE, Visit
from .test_try import TRIED, inputs, words

SEED = 2026
# A first answer waits for the runtime to start: seconds, longer on a loaded machine.
ANSWER_MS = 120_000


def _state(page: Any) -> tuple[list[Call], list[Card]]:
    """The reader's calls and cards so far, as the page's address keeps them."""
    fields = parse_qs(page.evaluate("location.hash").lstrip("#"), keep_blank_values=True)
    calls = [Call.parse(code) for code in fields["calls"][0].split(",") if code]
    cards = [Card.parse(code) for code in fields["cards"][0].split(",") if code]
    return calls, cards


def _answered(page: Any, before: int) -> None:
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.judged || 0) > {before}",
        timeout=ANSWER_MS,
    )


@pytest.mark.parametrize(
    ("viewport", "lang", "skill"),
    [(PHONE, TRIED[0], Skill.EASY), (DESKTOP, TRIED[-1], Skill.NORMAL)],
    ids=["phone-easy", "desktop-normal"],
)
def test_a_deal_is_played_to_its_score_sheet(
    browser: Any, server: str, viewport: dict[str, int], lang: str, skill: Skill
) -> None:
    rules = inputs().rulesets.find("maison")
    assert rules is not None
    said = words(lang)
    address = f"#rules=maison&level={skill.value}&deal={SEED}&calls=&cards="
    opened = Visit(
        browser.new_context(viewport=viewport), f"{server}{lang}/play/{address}", owns=True
    )
    page = opened.page
    _answered(page, 0)
    explained = None
    for _ in range(rules.tricks + 2 * rules.players + 1):
        judged = int(page.get_attribute("#game", "data-judged"))
        calls, cards = _state(page)
        game = play_game(rules, SEED, skill, calls, cards)
        assert page.get_attribute("#game", "data-phase") == game.phase.value
        if game.phase is Phase.CALL:
            shown = [
                b.get_attribute("data-call")
                for b in page.query_selector_all(".game-offered button")
            ]
            assert shown == [v.call.code for v in game.offered if v.allowed]
            page.click(
                '.game-offered button[data-call="take"]'
                if "take" in shown
                else ".game-offered button"
            )
        elif game.phase is Phase.PLAY:
            marked = {
                item.get_attribute("data-card"): item.get_attribute("data-verdict")
                for item in page.query_selector_all(".game-hand li")
            }
            assert marked == {
                v.card.code: "allowed" if v.allowed else "refused" for v in game.verdicts
            }
            refused = next((v for v in game.verdicts if not v.allowed), None)
            if refused is not None and explained is None:
                page.click(f'.game-hand li[data-card="{refused.card.code}"] button')
                explained = page.inner_text(".game-refused")
                trick = game.tricks[-1]
                assert (
                    said.try_card(refused.reason, trick, game.contract.trump).striptags()
                    in explained
                )
                assert said.card_object(refused.card).striptags() in explained
                # A refused card stays in the hand: the deal has not moved.
                assert int(page.get_attribute("#game", "data-judged")) == judged
                # Mid-deal, with a trick on the table: nothing lands on anything else.
                assert page.evaluate(MEASURE, viewport["width"] < PHONE_MAX) == []
            allowed = next(v.card.code for v in game.verdicts if v.allowed)
            page.click(f'.game-hand li[data-card="{allowed}"] button')
        else:
            break
        _answered(page, judged)
    assert explained, "no refused card met in the whole deal"
    calls, cards = _state(page)
    game = play_game(rules, SEED, skill, calls, cards)
    assert game.phase is Phase.OVER and game.score is not None
    assert page.is_visible(".game-score")
    assert page.inner_text(".game-outcome") == said.outcome(game.score.outcome).striptags()
    for side in rules.sides:
        cell = page.inner_text(f'.game-score tfoot td[data-side="{side.name}"]')
        assert cell == str(game.score.scores[side])
        cell = page.inner_text(f'.game-score tr[data-row="cards"] td[data-side="{side.name}"]')
        assert cell == str(game.score.card_points[side])
    assert page.evaluate(MEASURE, viewport["width"] < PHONE_MAX) == []
    assert not opened.errors
    opened.close()
