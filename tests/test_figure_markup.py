"""The figures' markup, rendered from hand-made positions: every mark in the flow of its own cell.

A trick figure is a pure function from the figure's data (generator/verify/figures.py)
and the page's words to markup (templates/figures.html). These tests render it for
positions built by hand: each seat at the bottom, 0 to 3 cards played, each played
seat holding the trick, in the language whose labels are longest. Each test states
where every seat must sit and what its cell must hold; the browser test
(tests/browser/test_geometry.py) measures that such cells never overlap.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from conftest import ROOT, E, N, S, W, card, cards
from helpers.html import Element, parse

from generator.content.files import InputFiles
from generator.engine import Play, Reason, Seat, Trump, Verdict
from generator.site.pictures.store import Collector
from generator.site.pipeline.inputs import Inputs, load_inputs
from generator.site.pipeline.project import Project
from generator.site.rendering.i18n import Gettext
from generator.site.rendering.illustrate import Illustrator
from generator.site.rendering.render import environment, install
from generator.site.rendering.words import Words
from generator.verify.figures import TrickFigure, trick_figure

# Clockwise round the table, as the rule sets' order has it (N, E, S, W).
CLOCKWISE = (N, E, S, W)
# Where each seat sits, worked out by hand for each seat at the bottom: the player on the
# bottom seat's left plays after him (clockwise), across the table sits his partner.
PLACES = {
    S: {S: "bottom", W: "left", N: "top", E: "right"},
    N: {N: "bottom", E: "left", S: "top", W: "right"},
    E: {E: "bottom", S: "left", W: "top", N: "right"},
    W: {W: "bottom", N: "left", E: "top", S: "right"},
}
TRICK = "{% from 'figures.html' import trick_table, hand_row with context %}"
TRICK += "{{ trick_table(figure) }}{{ hand_row(figure) }}"
# The messages a trick figure shows beside the seat names.
LABELS = ((None, "holds the trick"), (None, "to play"))


@cache
def inputs() -> Inputs:
    return load_inputs(Project(ROOT))


@cache
def longest_language() -> str:
    """The language whose 'holds the trick' and 'to play' are longest together."""

    def length(lang: Any) -> int:
        gettext = Gettext(lang)
        return sum(len(str(gettext.gettext(msgid))) for _, msgid in LABELS)

    return max(inputs().languages, key=length).code


def render(figure: TrickFigure, lang: str) -> tuple[Element, Words]:
    data = inputs()
    (language,) = [each for each in data.languages if each.code == lang]
    gettext = Gettext(language)
    words = Words(gettext, data.vocabulary, Words(Gettext(data.source), data.vocabulary))
    env = environment(ROOT / "templates", InputFiles.of(ROOT))
    install(env, gettext)
    context = {
        "words": words,
        "pictures": Illustrator(Collector(), words),
        "root": "../",
        "figure": figure,
    }
    return parse(env.from_string(TRICK).render(context)), words


def maison() -> Any:
    found = inputs().rulesets.find("maison")
    assert found is not None
    return found


def positions() -> Iterator[tuple[Seat, int, Seat | None]]:
    """(bottom seat, cards played before him, holder): every seat at the bottom, 0 to 3
    cards played, each played seat holding the trick in turn."""
    for bottom in CLOCKWISE:
        for played in range(4):
            before: list[Seat | None] = [
                CLOCKWISE[(CLOCKWISE.index(bottom) - k) % 4] for k in range(played, 0, -1)
            ]
            for holder in before or [None]:
                yield bottom, played, holder


# One card per seat, the same whoever sits where: the seat's card is known by its code.
PLAYED = {N: "8D", E: "AS", S: "10H", W: "KC"}
HAND = "9S 7H QD JC"


def figure_for(bottom: Seat, played: int, holder: Seat | None) -> TrickFigure:
    before = [CLOCKWISE[(CLOCKWISE.index(bottom) - k) % 4] for k in range(played, 0, -1)]
    table = [Play(seat, card(PLAYED[seat])) for seat in before]
    # Every other card allowed: the figure marks what it is given, whatever the rule.
    hand = [
        Verdict(held, Reason.FOLLOW_SUIT if index % 2 == 0 else Reason.MUST_FOLLOW_SUIT)
        for index, held in enumerate(cards(HAND))
    ]
    return trick_figure(maison(), Trump.HEARTS, table, bottom, bottom, holder, hand)


def cell(root: Element, words: Words, seat: Seat) -> Element:
    """The element of the table that holds a seat's name."""
    name = str(words.seat(seat))
    (found,) = [
        element.parent
        for element in root.iter()
        if "seat-name" in element.classes and element.text() == name and element.parent
    ]
    return found


def children(element: Element) -> list[Element]:
    return [child for child in element.children if isinstance(child, Element)]


@pytest.mark.parametrize(
    ("bottom", "played", "holder"),
    list(positions()),
    ids=lambda v: v.name if isinstance(v, Seat) else str(v),
)
def test_each_seat_sits_in_its_own_cell_with_its_marks_in_the_flow(
    bottom: Seat, played: int, holder: Seat | None
) -> None:
    lang = longest_language()
    root, words = render(figure_for(bottom, played, holder), lang)
    gettext = words.gettext
    holds, to_play = (str(gettext.gettext(msgid)) for _, msgid in LABELS)
    before = [CLOCKWISE[(CLOCKWISE.index(bottom) - k) % 4] for k in range(played, 0, -1)]
    for seat in CLOCKWISE:
        at = cell(root, words, seat)
        assert f"place-{PLACES[bottom][seat]}" in at.classes
        parts = children(at)
        # The name first, on a line of its own, in the cell and not over a card.
        assert "seat-name" in parts[0].classes
        if seat in before:
            order = before.index(seat) + 1
            played_span = parts[1]
            assert "played" in played_span.classes
            disc, face = children(played_span)
            # The order of play beside the card's edge, before it in the flow.
            assert "play-order" in disc.classes and disc.text() == str(order)
            assert face.find_all("img")[0].attrs["alt"] == str(
                words.card_alt(card(PLAYED[seat])).text
            )
            marks = [p for p in parts[2:] if "holds-mark" in p.classes]
            # The words for the holder on a line of their own, under his card only.
            assert [m.text() for m in marks] == ([holds] if seat == holder else [])
            assert ("holds" in at.classes) == (seat == holder)
        else:
            assert at.find_all("img") == []
            labels = [p.text() for p in parts[1:]]
            assert labels == ([to_play] if seat == bottom else [])
    # The played cards listed in the order of play.
    listed = [li for li in root.find_all("li") if li.find_all("span", class_="play-order")]
    assert [li.find_all("span", class_="play-order")[0].text() for li in listed] == [
        str(n) for n in range(1, played + 1)
    ]
    # Nothing is placed by coordinates in the markup itself.
    assert all("style" not in element.attrs for element in root.iter())


def test_each_card_of_the_hand_has_its_mark_under_it() -> None:
    root, words = render(figure_for(S, 2, W), longest_language())
    (row,) = root.find_all("ul", class_="hand-row")
    items = [li for li in children(row) if li.tag == "li"]
    assert [li.find_all("img")[0].attrs["alt"] for li in items] == [
        str(words.card_alt(held).text) for held in cards(HAND)
    ]
    for index, li in enumerate(items):
        face, mark = children(li)
        assert face.tag == "picture" and "mark" in mark.classes
        assert li.classes == {"allowed" if index % 2 == 0 else "refused"}


def test_the_longest_labels_are_the_ones_rendered() -> None:
    # Whichever language has the longest labels (Vietnamese today: "đang thắng lượt bài"), the
    # figure shows its words, not English.
    lang = longest_language()
    root, words = render(figure_for(S, 3, E), lang)
    holds = str(words.gettext.gettext("holds the trick"))
    assert root.find_all("span", class_="holds-mark")[0].text() == holds
    if lang != "en":
        assert holds != "holds the trick"


# The selectors of the figures' parts: none may be taken out of the flow and laid over
# a card or a label (the trump badge, the hand's marks, the order of play, the labels).
FIGURE_PARTS = re.compile(r"\.(felt-table|hand-row|play-order|holds-mark|to-play-mark|meld)")


def test_no_part_of_a_figure_is_placed_over_another_by_the_stylesheet() -> None:
    css = (ROOT / "templates" / "static" / "site.css").read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    placed = [
        selector.strip()
        for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css)
        if FIGURE_PARTS.search(selector) and re.search(r"position:\s*(absolute|fixed)", body)
    ]
    assert placed == []
    # The hand's ticks under the cards to try are in the flow too.
    rules = dict(
        (selector.strip(), body) for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css)
    )
    assert "absolute" not in rules[".try button .mark"]
