"""Practice pages: one per rule set listed, a pool of positions and deals to score, drawn by
the engine from seeds kept in content.

The positions are not worked examples: nobody wrote their answers down, so
the page says that the engine drew them (and from which seeds), and every
answer it shows is the engine's. The seeds stay in content, so each build
draws the same practice.

The pool is written into the page once, in no language (`Drawn.pool`: cards
as two-letter codes, each card's reason as one letter); the page's script
draws positions from it at random, and words them from one phrasebook per
language (`Practice.phrasebook`), so that a reason's words are looked up once
per page, not once per position. A few positions are also written out whole,
for a reader without the script.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from ...content.nodes import Source
from ...engine import (
    DECK,
    BeloteError,
    Card,
    Play,
    Position,
    Reason,
    RuleSet,
    Seat,
    Suit,
    Trump,
    Verdict,
    winning_play,
)
from ...engine.practice import PracticeDeal, practice_deals, practice_pool
from ..page import LoadContext, Page, PageKind, Site, slug
from ..rendering.illustrate import Illustrator
from ..rendering.words import Words

# Positions written out whole for a reader without the script: the pool's first ones.
SAMPLE = 5
# One letter per reason, in the engine's order: the pool's reasons, and the phrasebook's.
REASON_LETTERS = dict(zip(Reason, "abcdefghijklmnopqrstuvwxyz", strict=False))
# One letter per trump, its name's initial: S H D C, N (no trump), A (all trumps).
_TRUMP_LETTERS = {trump: trump.value[0].upper() for trump in Trump}


def card_code(card: Card) -> str:
    """Two letters: the ten is `T` (the engine reads `TH` as `10H`)."""
    return card.code.replace("10", "T")


def seat_letter(seat: Seat) -> str:
    return seat.value[0]


def pool_entry(position: Position, verdicts: tuple[Verdict, ...], winning: Play) -> str:
    """One position in a few letters: `trump|trick|holder|seat|hand|reasons`."""
    return "|".join(
        (
            _TRUMP_LETTERS[position.trump],
            "".join(seat_letter(play.seat) + card_code(play.card) for play in position.trick),
            str(position.trick.index(winning)),
            seat_letter(position.seat),
            "".join(card_code(card) for card in position.hand),
            "".join(REASON_LETTERS[verdict.reason] for verdict in verdicts),
        )
    )


@dataclass(frozen=True)
class PracticePosition:
    number: int
    position: Position
    verdicts: tuple[Verdict, ...]
    winning: Play  # the card holding the trick so far: a pool position is never a lead

    @property
    def id(self) -> str:
        return f"position-{self.number}"


@dataclass(frozen=True)
class Drawn:
    """What a practice drew, in no language: the whole pool, a sample of it, the deals."""

    pool: str  # every position, `pool_entry`'s, separated by spaces
    size: int
    trumps: tuple[Trump, ...]  # the trumps the pool's positions are played in
    sample: tuple[PracticePosition, ...]
    deals: tuple[PracticeDeal, ...]


def draw(rules: RuleSet, seeds: tuple[int, ...], per_seed: int) -> Drawn:
    """The pool, its sample and the deals to score: the same from the same seeds."""
    entries: list[str] = []
    sample: list[PracticePosition] = []
    trumps: set[Trump] = set()
    for number, position in enumerate(practice_pool(rules, seeds, per_seed), start=1):
        verdicts = tuple(position.verdicts)
        winning = winning_play(position.trick, position.trump)
        entries.append(pool_entry(position, verdicts, winning))
        trumps.add(position.trump)
        if number <= SAMPLE:
            sample.append(PracticePosition(number, position, verdicts, winning))
    return Drawn(
        " ".join(entries),
        len(entries),
        tuple(trump for trump in Trump if trump in trumps),
        tuple(sample),
        practice_deals(rules, seeds[0]),
    )


@dataclass(frozen=True)
class Practice:
    intro: str  # a message
    seeds: tuple[int, ...]
    per_seed: int  # positions drawn from each seed
    rules: RuleSet
    where: Source  # the practice's entry in its page file, for an error
    context: LoadContext = field(compare=False)

    # Drawn when the page is rendered, not when it is read: a build that takes the page
    # over from the last one draws nothing, and one that renders it takes what an
    # earlier build kept. Every language of the page uses the same drawing.
    @cached_property
    def drawn(self) -> Drawn:
        what = repr(("practice", self.rules.id, self.seeds, self.per_seed))
        try:
            return self.context.keep(what, lambda: draw(self.rules, self.seeds, self.per_seed))
        except BeloteError as error:
            raise self.where.error(
                f"rule set {self.rules.id} cannot be practised: {error}"
            ) from None

    @property
    def seeds_text(self) -> str:
        return ", ".join(str(seed) for seed in self.seeds)

    def phrasebook(self, words: Words, pictures: Illustrator, root: str) -> str:
        """Every word the script needs to show a pool position, in the page's language,
        as JSON: each card (its picture, name and name as an object), seat, suit, the
        mode line of each trump, and each reason (allowed, what a reader is told, its
        name). The script fills `%(led)s` and `%(best)s` from the position."""
        cards: dict[str, list[object]] = {}
        for card in DECK:
            picture = pictures.card(card)
            alt = words.card_alt(card)
            cards[card_code(card)] = [
                picture.name,
                picture.width,
                picture.height,
                alt.text,
                alt.lang or "",
                words.card(card).striptags(),
                words.card_object(card).striptags(),
            ]
        told = {
            # Placeholders the script fills, passed through the message unchanged.
            reason: words.word("try", reason.value, led="%(led)s", best="%(best)s").striptags()
            for reason in Reason
        }
        book = {
            "img": f"{root}img/",
            "cards": cards,
            "seats": {
                seat_letter(seat): [words.seat(seat).striptags(), words.hand(seat).striptags()]
                for seat in self.rules.order
            },
            "suits": {suit.value: words.suit(suit).striptags() for suit in Suit},
            "modes": {
                _TRUMP_LETTERS[trump]: words.mode_line(self.rules, trump).striptags()
                for trump in self.drawn.trumps
            },
            "reasons": {
                REASON_LETTERS[reason]: [
                    int(reason.allows),
                    told[reason],
                    words.reason(reason).striptags(),
                ]
                for reason in Reason
            },
        }
        return json.dumps(book, ensure_ascii=False, separators=(",", ":"))


class PracticeKind(PageKind):
    name = "practice"
    template = "practice.html"
    keys = frozenset({"slug", "intro", "seeds", "per_seed", "practices"})
    required = keys

    def context(self, page: Page, site: Site) -> Mapping[str, object]:
        return {"scripted": True}  # positions drawn and tried in the browser

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        prefix = slug(given["slug"])
        seeds = tuple(seed.integer("seed", 0, 2**31) for seed in given["seeds"].items("seeds"))
        if not seeds or len(set(seeds)) != len(seeds):
            raise given["seeds"].error("seeds: at least one, each once")
        per_seed = given["per_seed"].integer("per_seed", 1, 1000)
        intro = given["intro"].text("intro")
        pages = []
        for index, item in enumerate(given["practices"].items("practices")):
            fields = item.fields(
                "a practice", frozenset({"rules", "title"}), frozenset({"rules", "title"})
            )
            rules = context.rulesets.get(fields["rules"].text("rules"), fields["rules"])
            pages.append(
                Page(
                    key=f"{prefix}/{rules.id}",
                    kind=self,
                    title=fields["title"].text("title"),
                    # In the file's order, one after another.
                    order=order + index,
                    source=source.path,
                    rules=rules,
                    description=intro,
                    content=Practice(intro, seeds, per_seed, rules, item, context),
                    inputs=(source.path,),
                )
            )
        return pages


KIND = PracticeKind()
