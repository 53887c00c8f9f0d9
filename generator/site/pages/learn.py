"""A Learn page: one whole deal walked through step by step (a `whole-deal` scenario).

The deal and its hands, how trump was taken or the auction call by call,
the declarations as announced, "Trick 1" to "Trick 8" card by card with the
rule that allowed each, the count and the score sheet: every step is the
engine's (generator/verify/walk.py). The author adds words at any step, and
marks the plays a reader tries before seeing what was played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...content import fields
from ...content.errors import excerpt
from ...content.nodes import Source
from ...engine import Contract, RuleSet, Seat, Side
from ...engine.auction import Auction, Call, CallVerdict
from ...verify import Checked
from ...verify.calls import read_call
from ...verify.claims import check as check_claims
from ...verify.figures import Meld, MeldHand, MeldsFigure
from ...verify.kinds.auction import offered_calls
from ...verify.walk import DealWalk, TrickWalk
from ..page import LoadContext, Page, PageKind, Site
from ..rendering.blocks import Link, check_nameable

# The steps besides the tricks an author may add words to, in the order they come.
STEPS = ("deal", "trump", "declarations", "count", "score")


@dataclass(frozen=True)
class TrickNote:
    """What the author says at one trick, and whose play the reader tries first."""

    text: str | None
    tries: Seat | None


@dataclass(frozen=True)
class CallTry:
    """The call the reader tries before seeing it made: its place in the auction, and the
    calls offered with the engine's verdict on each at that turn."""

    number: int  # the call's place in the auction, from 1
    offered: tuple[CallVerdict, ...]


@dataclass(frozen=True)
class SheetFacts:
    """What the score sheet needs beside the score: the contract (none in classic Belote)."""

    contract: Contract | None
    capot: Side | None


@dataclass(frozen=True)
class CountRow:
    side: Side
    cards: int
    declarations: int
    belote: int

    @property
    def total(self) -> int:
        return self.cards + self.declarations + self.belote


@dataclass(frozen=True)
class Learn:
    intro: str | None
    walk: DealWalk
    texts: Mapping[str, str | None]  # by step name (every one of STEPS): the author's words
    notes: Mapping[int, TrickNote]  # by trick number
    melds: MeldsFigure | None  # the declarations as announced, by hand
    sheet: SheetFacts
    count: tuple[CountRow, ...]
    # Whether the contract's figure counts declarations and belote (a rule set with bidding
    # may leave them out).
    bidding: bool
    # The page of the rule set's printable summary (a page key), linked below the intro.
    summary: str | None = None
    call_try: CallTry | None = None

    @property
    def tries(self) -> int:
        """How many plays and calls the reader tries."""
        tried = sum(1 for note in self.notes.values() if note.tries is not None)
        return tried + (self.call_try is not None)

    def note(self, trick: TrickWalk) -> TrickNote:
        return self.notes.get(trick.number, TrickNote(None, None))


def _melds(walk: DealWalk, checked: Checked) -> MeldsFigure | None:
    if not walk.declarations:
        return None
    hands = []
    for seat, hand in walk.hands:
        announced = [item for item in walk.declarations if item.seat is seat]
        if not announced:
            continue
        melds = tuple(
            Meld(a.declaration.kind, a.declaration.cards, a.points, a.counts) for a in announced
        )
        used = {card for a in announced for card in a.declaration.cards}
        hands.append(MeldHand(seat, melds, tuple(card for card in hand if card not in used)))
    points = walk.score.declaration_points
    rules = checked.scenario.rules
    totals = tuple((side, points[side]) for side in rules.sides)
    return MeldsFigure(walk.trump, tuple(hands), totals)


def _notes(source: Source, walk: DealWalk, checked: Checked) -> dict[int, TrickNote]:
    rules = checked.scenario.rules
    notes: dict[int, TrickNote] = {}
    for item in source.items("tricks"):
        given = item.fields(
            "a trick's note", frozenset({"trick", "text", "try"}), frozenset({"trick"})
        )
        number = given["trick"].integer("trick", 1, len(walk.tricks))
        if number in notes:
            raise given["trick"].error(f"trick {number} has a note already")
        tries = None
        if "try" in given:
            tries = fields.seat(given["try"], rules)
            play = next(p for p in walk.tricks[number - 1].plays if p.seat is tries)
            if len(play.hand) < 2:
                raise given["try"].error(
                    f"{tries.value} holds one card at trick {number}: nothing to try"
                )
        text = None
        if "text" in given:
            # The note is about this trick: its winner and each card's reason are the engine's.
            check_claims(given["text"], rules, checked, trick=number)
            text = given["text"].text("text")
        notes[number] = TrickNote(text, tries)
    return notes


def _call_try(step: Mapping[str, Source], walk: DealWalk, rules: RuleSet) -> CallTry:
    """The trump step's `try: <seat>` (and the calls it `offer`s beside the engine's own):
    the seat's call is the one tried, so the seat must speak once."""
    seat = fields.seat(step["try"], rules)
    numbers = [number for number, call in enumerate(walk.calls, 1) if call.seat is seat]
    if len(numbers) != 1:
        raise step["try"].error(
            f"{seat.value} calls {len(numbers)} times in this auction: "
            "the call to try must be a seat's only call"
        )
    number = numbers[0]
    before = Auction(
        rules, walk.dealer, tuple(c.call for c in walk.calls[: number - 1]), walk.turned
    )
    asked: list[Call] = [walk.calls[number - 1].call]
    if "offer" in step:
        asked.extend(read_call(item) for item in step["offer"].items("offer"))
    return CallTry(number, offered_calls(before, tuple(asked)))


def _checked_intro(source: Source | None, rules: RuleSet) -> str | None:
    if source is None:
        return None
    check_claims(source, rules)
    return source.text("intro")


class LearnKind(PageKind):
    name = "learn"
    template = "learn.html"
    # The reader tries cards at the marked plays, and steps through the deal.

    def context(self, page: Page, site: Site) -> Mapping[str, object]:
        return {"scripted": True}  # the reader plays the deal card by card

    keys = frozenset({"slug", "title", "intro", "deal", "steps", "tricks", "printable"})
    required = frozenset({"slug", "title", "deal"})

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        deal_id = given["deal"].text("deal")
        checked = context.checked.get(deal_id)
        if checked is None:
            raise given["deal"].error(f"no scenario has the id {excerpt(deal_id)}")
        if checked.kind.name != "whole-deal":
            raise given["deal"].error(
                f"scenario {deal_id} is a {checked.kind.name} scenario; "
                "a Learn page walks through a whole-deal scenario"
            )
        rules = checked.scenario.rules
        check_nameable(rules, given["deal"])
        walk: DealWalk = checked.answer
        texts: dict[str, str] = {}
        call_try = None
        if "steps" in given:
            for key, value in given["steps"].pairs("steps"):
                name = key.text("a step")
                if name not in STEPS:
                    raise key.error(f"unknown step {excerpt(name)} ({' | '.join(STEPS)})")
                # Only the trump step (the auction) holds a call to try.
                allowed = {"text", "try", "offer"} if name == "trump" else {"text"}
                step = value.fields(f"the {name} step", frozenset(allowed), frozenset({"text"}))
                check_claims(step["text"], rules, checked)
                texts[name] = step["text"].text("text")
                if "offer" in step and "try" not in step:
                    raise step["offer"].error("calls to offer need a call to try (`try: <seat>`)")
                if "try" in step:
                    call_try = _call_try(step, walk, rules)
        notes = _notes(given["tricks"], walk, checked) if "tricks" in given else {}
        # A newcomer is told why each trick went as it did, not only where there is a try.
        silent = [
            t.number for t in walk.tricks if notes.get(t.number, TrickNote(None, None)).text is None
        ]
        if silent:
            where = given.get("tricks", source)
            said = ", ".join(str(number) for number in silent)
            which = f"trick {said} has" if len(silent) == 1 else f"tricks {said} have"
            raise where.error(f"{which} no text: every trick of a walk says why it went as it did")
        score = walk.score
        content = Learn(
            intro=_checked_intro(given.get("intro"), rules),
            walk=walk,
            texts={name: texts.get(name) for name in STEPS},
            notes=notes,
            melds=_melds(walk, checked),
            sheet=SheetFacts(walk.contract if rules.bidding is not None else None, walk.capot),
            count=tuple(
                CountRow(
                    side,
                    score.card_points[side],
                    score.declaration_points[side],
                    score.belote_points[side],
                )
                for side in rules.sides
            ),
            bidding=rules.bidding is not None,
            summary=given["printable"].text("printable") if "printable" in given else None,
            call_try=call_try,
        )
        # Checked like any page link: the summary must be a page of the site.
        summary = (
            (Link(content.summary, "", given["printable"]),) if content.summary is not None else ()
        )
        return [
            self.titled(
                source,
                given,
                order,
                content,
                rules=rules,
                links=summary,
                # The deal's scenario file too: a change to the deal is a change to the page.
                inputs=(source.path, checked.scenario.path),
            )
        ]


KIND = LearnKind()
