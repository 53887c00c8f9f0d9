"""Practice pages: one per rule set listed, positions and deals the engine draws from a kept seed.

The positions are not worked examples: nobody wrote their answers down, so
the page says that the engine drew them (and from which seed), and every
answer it shows is the engine's. The seed stays in content, so each build
draws the same practice.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property

from ...content.nodes import Source
from ...engine import BeloteError, Play, Position, RuleSet, Verdict, winning_play
from ...engine.practice import PracticeDeal, practice_deals, practice_positions
from ..page import LoadContext, Page, PageKind, slug

POSITIONS = 20
DEALS = 3


@dataclass(frozen=True)
class PracticePosition:
    number: int
    position: Position
    verdicts: tuple[Verdict, ...]
    winning: Play | None  # the card holding the trick so far

    @property
    def id(self) -> str:
        return f"position-{self.number}"


@dataclass(frozen=True)
class Practice:
    intro: str  # a message
    seed: int
    rules: RuleSet
    where: Source  # the practice's entry in its page file, for an error

    # Drawn when the page is rendered, not when it is read: a build that takes
    # the page over from the last one does not play the deals again.
    @cached_property
    def positions(self) -> tuple[PracticePosition, ...]:
        with self._refused():
            return tuple(
                PracticePosition(
                    number,
                    position,
                    tuple(position.verdicts),
                    winning_play(position.trick, position.trump) if position.trick else None,
                )
                for number, position in enumerate(
                    practice_positions(self.rules, self.seed, POSITIONS), start=1
                )
            )

    @cached_property
    def deals(self) -> tuple[PracticeDeal, ...]:
        with self._refused():
            return practice_deals(self.rules, self.seed, DEALS)

    @contextmanager
    def _refused(self) -> Iterator[None]:
        try:
            yield
        except BeloteError as error:
            raise self.where.error(
                f"rule set {self.rules.id} cannot be practised: {error}"
            ) from None


class PracticeKind(PageKind):
    name = "practice"
    template = "practice.html"
    keys = frozenset({"slug", "intro", "seed", "practices"})
    required = keys
    scripted = True

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        prefix = slug(given["slug"])
        seed = given["seed"].integer("seed", 0, 2**31)
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
                    content=Practice(intro, seed, rules, item),
                    inputs=(source.path,),
                )
            )
        return pages


KIND = PracticeKind()
