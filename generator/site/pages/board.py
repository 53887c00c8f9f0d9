"""The analysis board: any trick position, judged in the reader's browser by the engine itself.

The page loads the Python runtime and `generator/engine` in a Worker
(generator/site/pipeline/runtime.py, static/board.js); the reader sets the rule set,
the trump, the cards on the trick and the hand, and every card of the hand
is marked allowed or refused with the engine's reason. The position lives in
the page's address (`#rules=…&trump=…&leader=…&trick=…&hand=…`), so every
example can open it (`board_fragment`). The file names the position the board
opens on, checked here by the same engine; without script the page says what
it does and links to the worked examples.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...content.nodes import Source
from ...engine import DECK, Card, Play, Position, Reason, Seat, Suit, Trump
from ...engine.answers import Impossible, answer
from ..page import LoadContext, Page, PageKind, Site
from ..rendering.blocks import Link
from .home import link_of

KEYS = frozenset({"rules", "trump", "leader", "trick", "hand"})


@dataclass(frozen=True)
class Board:
    intro: str  # a message
    examples: Link  # the page of worked examples it links to, for a reader without script
    rule_sets: tuple[tuple[str, str], ...]  # every rule set: its id and name (a message)
    start: str  # the fragment of the position it opens on
    # What the template draws a button, a word or a line for.
    deck: tuple[Card, ...] = DECK
    suits: tuple[Suit, ...] = tuple(Suit)
    trumps: tuple[Trump, ...] = tuple(Trump)
    seats: tuple[Seat, ...] = tuple(Seat)
    reasons: tuple[Reason, ...] = tuple(Reason)
    # What can be wrong with a position (a deal to play's calls and cards are not the board's).
    impossible: tuple[Impossible, ...] = tuple(
        why for why in Impossible if why is not Impossible.NOT_ALLOWED
    )


def board_fragment(
    rules: str, trump: Trump, trick: Sequence[Play], seat: Seat, hand: Sequence[Card]
) -> str:
    """The board's address fragment for a position (without the `#`)."""
    letter = trump.suit.value if trump.suit is not None else trump.value
    leader = trick[0].seat if trick else seat
    cards = ",".join(play.card.code for play in trick)
    held = ",".join(card.code for card in hand)
    return f"rules={rules}&trump={letter}&leader={leader.value}&trick={cards}&hand={held}"


class BoardKind(PageKind):
    name = "board"
    template = "board.html"
    keys = frozenset({"slug", "title", "intro", "examples", "start"})
    required = keys
    runtime = True

    def context(self, page: Page, site: Site) -> Mapping[str, object]:
        return {"page_script": "board.js"}

    def position_fragment(self, position: Position) -> str | None:
        return board_fragment(
            position.rules.id, position.trump, position.trick, position.seat, position.hand
        )

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        start = given["start"].fields("start", KEYS, KEYS)
        question = {key: start[key].text(key) for key in ("rules", "trump", "leader")}
        if context.rulesets.find(question["rules"]) is None:
            raise start["rules"].error(f"no rule set {question['rules']!r}")
        cards = {
            key: [code.strip() for code in start[key].text(key).split(",") if code.strip()]
            for key in ("trick", "hand")
        }
        rule_sets = context.rulesets.all()
        found = answer(
            {rules.id: rules for rules in rule_sets}, {"kind": "position", **question, **cards}
        )
        if "impossible" in found or not found["verdicts"]:
            raise given["start"].error(
                f"the board cannot open on this position ({found.get('impossible', 'no hand')})"
            )
        # In the address's order: rules, trump, leader, trick, hand.
        written = {**question, **{key: ",".join(codes) for key, codes in cards.items()}}
        fragment = "&".join(f"{key}={value}" for key, value in written.items())
        examples = link_of(given["examples"])
        content = Board(
            intro=given["intro"].text("intro"),
            examples=examples,
            rule_sets=tuple((rules.id, rules.name) for rules in rule_sets),
            start=fragment,
        )
        return [self.titled(source, given, order, content, links=(examples,))]


KIND = BoardKind()
