"""A deal to play: the reader holds South through a whole deal against the computer players.

The page runs the engine in the reader's browser, as the analysis board does
(the same Worker): every answer is `generator.engine.game.play_game`'s,
replayed from the deal's seed and the reader's calls and cards, which the
page keeps in its address (`#rules=…&level=…&deal=…&calls=…&cards=…`), so a
deal can be shared and played again. The rule sets offered are those the
engine deals with a turned card; the file names the deal the page opens on,
checked here by the same engine. Without script the page says what it does
and links to a Learn walk.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...content.nodes import Source
from ...engine import DECK, Card, Reason, Seat, Side, Suit, Trump
from ...engine.answers import Impossible
from ...engine.auction import Call
from ...engine.computer import Skill
from ...engine.game import Phase, deals_a_turned_card, offered_calls, play_game
from ...engine.scoring import Outcome
from ..page import LoadContext, Page, PageKind, Site
from ..rendering.blocks import Link
from .home import link_of

START = frozenset({"rules", "level", "deal"})
# The seeds a new deal is drawn from, as the engine reads them (answers.py).
SEEDS = 2**32


@dataclass(frozen=True)
class Play:
    intro: str  # a message
    learn: Link  # where a reader without script learns by reading instead
    rule_sets: tuple[tuple[str, str], ...]  # the turned-card rule sets: id and name (a message)
    start: str  # the fragment of the deal it opens on
    sides: tuple[Side, ...]  # the partnerships, as the score sheet's columns
    # Every call a reader may be offered under these rule sets (the engine's codes).
    calls: tuple[Call, ...]
    seeds: int = SEEDS
    deck: tuple[Card, ...] = DECK
    # What the template draws a button, a word or a line for.
    skills: tuple[Skill, ...] = tuple(Skill)
    seats: tuple[Seat, ...] = tuple(Seat)
    suits: tuple[Suit, ...] = tuple(Suit)
    trumps: tuple[Trump, ...] = tuple(Trump)
    reasons: tuple[Reason, ...] = tuple(Reason)
    outcomes: tuple[Outcome, ...] = tuple(Outcome)
    impossible: tuple[Impossible, ...] = (
        Impossible.NOT_ALLOWED,
        Impossible.NOT_OFFERED,
        Impossible.UNKNOWN_CARD,
        Impossible.UNKNOWN_RULES,
    )


class PlayKind(PageKind):
    name = "play"
    template = "play.html"
    keys = frozenset({"slug", "title", "intro", "learn", "start"})
    required = keys
    runtime = True

    def context(self, page: Page, site: Site) -> Mapping[str, object]:
        return {"page_script": "play.js"}

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        start = given["start"].fields("start", START, START)
        rules_id = start["rules"].text("rules")
        rules = context.rulesets.find(rules_id)
        if rules is None:
            raise start["rules"].error(f"no rule set {rules_id!r}")
        level = start["level"].text("level")
        if level not in {skill.value for skill in Skill}:
            raise start["level"].error(
                f"no level {level!r} ({' | '.join(skill.value for skill in Skill)})"
            )
        seed = start["deal"].integer("deal", 0, SEEDS - 1)
        dealt = [each for each in context.rulesets.all() if deals_a_turned_card(each)]
        if rules not in dealt:
            names = ", ".join(each.id for each in dealt)
            raise start["rules"].error(
                f"rule set {rules_id!r} is not dealt with a turned card ({names})"
            )
        if play_game(rules, seed, Skill(level), (), ()).phase is Phase.REDEAL:
            raise start["deal"].error(f"everyone passes in deal {seed}: the page opens on no deal")
        learn = link_of(given["learn"])
        content = Play(
            intro=given["intro"].text("intro"),
            learn=learn,
            rule_sets=tuple((each.id, each.name) for each in dealt),
            start=f"rules={rules_id}&level={level}&deal={seed}&calls=&cards=",
            sides=rules.sides,
            calls=tuple(dict.fromkeys(call for each in dealt for call in offered_calls(each))),
        )
        return [self.titled(source, given, order, content, links=(learn,))]


KIND = PlayKind()
