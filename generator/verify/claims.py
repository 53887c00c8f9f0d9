"""What a sentence may state of the rules: every figure is the rule set's or the engine's.

A text a page shows is written by hand, and an author who types "a tierce
is worth 30" or "130 + 20 = 170" is wrong in every language at once. So a
text states rule facts only through what the engine fills in:

- a **rule figure** (a card's or a deal's points, a bonus, a declaration's
  worth, a count of cards, tricks or players, a bid's floor or step, a
  multiplier, a target) is a `%(name)s` placeholder the rule set fills; typed
  in a text that is about no deal, in digits or in words, it is refused;
- a text about a deal (an example's title and text, a Learn step) may state
  that deal's numbers, each one the engine reaches for it (its points, bids,
  terms, scores); any other number is refused;
- a **sum** ("130 + 20 + 20 = 170", "(160 + 50 + 100) x 2 = 620") must be one
  of the engine's breakdowns of the deal term by term, in any order: a side's
  score (the terms, the multiplier, what is added outside it) or what a side
  brought (cards, declarations, belote); what it comes to must be the
  arithmetic of its terms, and a rounded result must be the engine's score;
- at a Learn trick and in a play example, a seat said to win the trick must be
  the engine's winner, and a reason stated for a seat's card ("he must trump",
  "any card is allowed") must be one the engine gives that card;
- at the trump step, the seat said to take and the suit said to be trump must
  be the engine's, and a seat whose declaration alone is said to count
  ("only South's counts") the engine's;
- a number given to a partnership ("North and South took 130") must be one the
  engine gives that partnership, not the other.

What may stay typed is not a rule figure: section numbers (§5.2), years
(the FFB's book of 2015), numbering (trick 6, deal 1), card names
(the 7 of spades, A K Q J 10 9 8 7), zero, and a book quoted word for word
between « and » (the book's figures, which a reviewer checks against it).
docs/pages.md says the same for authors.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..content.nodes import Source
from ..content.numbers import IN_WORDS, MOST_DIGITS, in_words, value_of
from ..content.text import BOOK_QUOTE
from ..engine import (
    DECK,
    Auction,
    Call,
    CallKind,
    CallVerdict,
    Card,
    Contract,
    Rank,
    RuleSet,
    Seat,
    Suit,
    Trump,
)
from ..engine.play import Reason
from ..engine.scoring import DealFacts, DealScore
from ..engine.trick import TrickResult
from . import Checked
from .option_claims import option_problem
from .phrases import MAY as _MAY
from .phrases import MUST as _MUST
from .phrases import NEED_NOT as _NEED_NOT
from .walk import CallStep, DealWalk

# English, the language content is written in: these are read in the source messages.
# The multiplication sign and the dash between partners, as content writes them.
_TIMES = "\u00d7"
_DASH = "\u2013"

_SEATS = {seat.value.capitalize(): seat for seat in Seat}
_SEAT = r"\b(North|East|South|West)\b"

# What may stay typed: each pattern's match is taken out of the text before numbers are read.
_TYPED = (
    re.compile(r"§\s*\d+(?:\.\d+)*"),  # a section of a book
    re.compile(r"(?:\b(?:of|in|since|from|edition)\s+|\(|/)(?:19|20)\d\d\b"),  # a year
    re.compile(  # numbering
        r"\b(?:tricks?|deals?|examples?|steps?|positions?|seeds?|rounds?|versions?|pages?)"
        r"\s+\d+(?:\s*(?:to|and|-|" + _DASH + r")\s*\d+)?",
        re.IGNORECASE,
    ),
    re.compile(r"(?<![\w%])(?:[AKQJ]|10|[789])(?:[ ,]+(?:[AKQJ]|10|[789])){2,}(?![\w])"),  # ranks
    re.compile(  # a card by its name: the 7 of spades, 7 to ace
        r"\b(?:7|8|9|10)\s+(?:of\s+(?:spades|hearts|diamonds|clubs|trumps?)|to\s+(?:the\s+)?ace)\b"
    ),
    re.compile(r"%\(\w+\)s"),  # a placeholder: filled by the rule set or the engine
    BOOK_QUOTE,  # a book quoted word for word, in its own language
)
# A sum is a sum however it is written: "130 plus 20 makes 150", "310 times 2", the full-width
# and look-alike signs; each is read as the sign it stands for, between two numbers.
_SIGNS = str.maketrans({"\uff0b": "+", "\uff1d": "=", "*": _TIMES, "\u2715": _TIMES, "X": "x"})
_BETWEEN_NUMBERS = r"(?<=[\d)])({})(?=\s*[\d(])"
_SPELLED = (
    (re.compile(_BETWEEN_NUMBERS.format(r"\s+plus\s+"), re.IGNORECASE), "+"),
    (
        re.compile(_BETWEEN_NUMBERS.format(r"\s+(?:times|multiplied\s+by)\s+"), re.IGNORECASE),
        _TIMES,
    ),
    (
        re.compile(
            _BETWEEN_NUMBERS.format(
                r",?\s+(?:which\s+|that\s+)?(?:makes?|equals?|comes?\s+to|gives?|totals?|is|are)\s+"
            ),
            re.IGNORECASE,
        ),
        "=",
    ),
)
# Digits, grouped or not, standing alone or glued to the points they count ("20pts").
_NUMBER = re.compile(
    r"(?<![\w.])\d{1,3}(?:,\d{3})+(?![\d])|(?<![\w.])\d+(?:(?=(?:pts?|points?)\b)|(?![\w]))",
    re.IGNORECASE,
)
# What a number in words counts, read after it: tricks, players, points or a hand's cards
# ("all eight tricks", "seven of the eight tricks", "four players", "eight cards each").
_COUNTS = re.compile(
    r"(?:\s+of\s+the\s+\w+)?\s+(?:\w+\s+)?(tricks?|players?|points?|cards?)\b", re.IGNORECASE
)
# A small number in words ("the nine", "three passes", "one of them") states a figure only
# where it says what something is worth or a multiplier: "worth ten", "a bonus of ten",
# "four times" ("two more" may count cards as well as points).
_WORTH_BEFORE = re.compile(
    r"\b(?:worth|scores?|scoring|counts?|counting|brings?|bringing|adds?|adding|plus|minus"
    r"|bonus\s+of|multiplied\s+by|divided\s+by)\s+$",
    re.IGNORECASE,
)
_WORTH_AFTER = re.compile(r"\s+times\b", re.IGNORECASE)
# Below this, a number in words is read only where it counts or states a worth; from it
# on (fourteen, twenty, a hundred) it is a figure wherever it stands, as digits are.
_ALWAYS_READ = 13


@dataclass(frozen=True)
class Stated:
    """A number a text states: its value, as written, and what it counts if it is a count
    in words ("trick", "player", "point", "card"), else None."""

    value: int
    token: str
    counts: str | None = None


@dataclass(frozen=True)
class Breakdown:
    """One way the engine reaches a figure of a deal: terms times a multiplier, plus outside."""

    what: str  # "North-South's score", for the message
    inside: tuple[int, ...]
    multiplier: int
    outside: tuple[int, ...]
    raw: int
    score: int

    def __str__(self) -> str:
        inside = " + ".join(map(str, self.inside))
        if self.multiplier != 1:
            inside = f"({inside}) {_TIMES} {self.multiplier}"
        parts = [inside] if inside else []
        written = " + ".join([*parts, *map(str, self.outside)]) or "0"
        return f"{self.what}: {written} = {self.raw}"


@dataclass(frozen=True)
class TrickFacts:
    """What a text about one trick may state: its winner, and why a seat's card is allowed
    (a Learn trick: the card each seat played; a play example: every card the seat to play
    may play)."""

    number: int | None  # a Learn trick's; None for a play example's one trick
    winner: Seat | None  # None while the trick is not complete
    reasons: Mapping[Seat, frozenset[Reason]]
    played: Mapping[Seat, Card] = dataclasses.field(default_factory=dict)  # the cards down

    @property
    def where(self) -> str:
        return f" at trick {self.number}" if self.number is not None else ""


@dataclass(frozen=True)
class Facts:
    """What the engine knows of one scenario that a text about it may state."""

    scenario: str
    numbers: frozenset[int]
    breakdowns: tuple[Breakdown, ...]
    results: frozenset[int]  # what the scenario's sums may end in (the kind's `results`)
    taker: Seat | None = None
    trump: Trump | None = None
    # A whole deal's seats whose declarations count (None: the scenario announces none).
    counting: frozenset[Seat] | None = None
    # Each partnership's own figures (points, terms, scores), for a number said to be its.
    sides: Mapping[frozenset[Seat], frozenset[int]] = dataclasses.field(default_factory=dict)
    # The auction's calls, each with its seat (none: the scenario has no auction to tell).
    calls: tuple[tuple[Seat, Call], ...] | None = None
    # The seats holding a belote (none: the scenario does not say who holds one).
    belote: frozenset[Seat] | None = None
    # The seat to speak in an auction not over yet, and the engine's verdict on each kind of
    # call it might make (a bid: the lowest the page offers).
    to_speak: tuple[Seat, Mapping[CallKind, CallVerdict]] | None = None


def placeholder_figures(rules: RuleSet) -> dict[str, int]:
    """The rule set's figures by placeholder name (`%(total)s` is 162 with the usual values):
    what a text writes instead of typing them (the site fills the same)."""
    # Any one suit as trump gives the same totals.
    cards = rules.card_points(Trump.HEARTS)
    total = rules.deal_points(Trump.HEARTS)
    figures = {
        "deck": len(DECK),
        "hand": rules.hand_size,
        "tricks": rules.tricks,
        "players": rules.players,
        "cards": cards,
        "bonus": rules.last_trick_bonus,
        "total": total,
        "half": total // 2,
        "capot": rules.scoring.capot_points,
        # What a capot makes the last trick worth: the capot's points less the cards'.
        "capot_last_trick": rules.scoring.capot_points - cards,
        "target": rules.scoring.target,
        "belote": rules.declarations.belote_points,
    }
    no_trump = rules.declarations.carres_no_trump
    if no_trump is not None:
        figures["aces_no_trump"] = no_trump[Rank.ACE]
        figures["tens_no_trump"] = no_trump[Rank.TEN]
    if rules.scoring.short_target is not None:
        figures["short_target"] = rules.scoring.short_target
    bidding, contract = rules.bidding, rules.contract
    if bidding is not None and contract is not None:
        figures["floor"] = bidding.floor
        figures["step"] = bidding.step
        figures["coinche"] = bidding.coinche
        figures["surcoinche"] = bidding.surcoinche
        figures["failed_points"] = contract.failed_points
        figures["coinche_points"] = contract.coinche_points
        figures["coinche_capot_points"] = contract.coinche_capot_points
        if bidding.ceiling is not None:
            figures["ceiling"] = bidding.ceiling
        if bidding.capot is not None:
            figures["capot_bid"] = bidding.capot
        if bidding.generale is not None:
            figures["generale"] = bidding.generale
    return figures


def rule_numbers(rules: RuleSet) -> dict[int, str]:
    """Every figure a rule set fixes, with the placeholder that writes it, or the table that
    shows it (a card's or a declaration's points)."""
    found: dict[int, str] = {}
    for name, number in placeholder_figures(rules).items():
        if number > 0:
            found.setdefault(number, f"%({name})s")
    tables = {
        "the card-values table shows it": (
            *rules.values.trump.values(),
            *rules.values.plain.values(),
            sum(rules.values.trump.values()),
            sum(rules.values.plain.values()),
        ),
        "the mode-values table shows it": tuple(
            rules.card_points(mode) for mode in (Trump.NONE, Trump.ALL) if rules.offers(mode)
        ),
        "the declarations table shows it": (
            *rules.declarations.sequences.values(),
            *rules.declarations.carres.values(),
        ),
    }
    for table, numbers in tables.items():
        for number in numbers:
            if number > 0:
                found.setdefault(number, table)
    return found


def facts_of(checked: Checked) -> Facts:
    """The numbers and breakdowns of a checked scenario, from its answer and its file."""
    answer = checked.answer
    numbers = set(_ints(checked.kind.as_json(checked.scenario, answer)))
    numbers |= set(_ints(checked.scenario))
    breakdowns: list[Breakdown] = []
    sides: dict[frozenset[Seat], set[int]] = {}
    taker = trump = None
    for score in _found(answer, DealScore):
        breakdowns.extend(_breakdowns(checked.scenario.rules, score))
        for side, part in score.sides.items():
            sides.setdefault(frozenset(side), set()).update(
                (part.raw, part.score, *(t.points for t in (*part.terms, *part.outside))),
                (score.card_points[side], score.declaration_points[side]),
                (score.belote_points[side],),
            )
        numbers |= {n for b in breakdowns for n in (b.raw, b.score, *b.inside, *b.outside)}
        if score.contract is not None:
            taker = score.contract.taker
    auction = getattr(checked.scenario, "auction", None)
    walked = getattr(answer, "calls", None)
    calls = (
        tuple(zip(auction.speakers, auction.calls, strict=True))
        if isinstance(auction, Auction)
        else tuple((step.seat, step.call) for step in walked if isinstance(step, CallStep))
        if isinstance(walked, tuple)
        else None
    )
    walk_contract = getattr(answer, "contract", None)
    if walk_contract is not None:
        taker, trump = walk_contract.taker, walk_contract.trump
    elif taker is None and isinstance(auction, Auction):
        # An auction told to its end: its contract's taker and trump.
        outcome = auction.outcome
        if isinstance(outcome, Contract):
            taker, trump = outcome.taker, outcome.trump
    announced = getattr(answer, "declarations", None)
    counting = (
        frozenset(item.seat for item in announced if item.counts)
        if isinstance(announced, tuple) and announced
        else None
    )
    return Facts(
        checked.id,
        frozenset(numbers),
        tuple(breakdowns),
        checked.kind.results(answer),
        taker,
        trump,
        counting,
        {side: frozenset(found) for side, found in sides.items()},
        calls,
        _belote_holders(checked),
        _to_speak(checked),
    )


def _to_speak(checked: Checked) -> tuple[Seat, Mapping[CallKind, CallVerdict]] | None:
    auction = getattr(checked.scenario, "auction", None)
    if not isinstance(auction, Auction) or auction.to_speak is None:
        return None
    verdicts = {
        kind: auction.verdict(Call(kind))
        for kind in (CallKind.PASS, CallKind.COINCHE, CallKind.SURCOINCHE)
    }
    offered = getattr(checked.answer, "offered", ())
    bids = [v for v in offered if isinstance(v, CallVerdict) and v.call.kind is CallKind.BID]
    if bids:
        verdicts[CallKind.BID] = next((v for v in bids if v.allowed), bids[0])
    return auction.to_speak, verdicts


def _belote_holders(checked: Checked) -> frozenset[Seat] | None:
    """Who holds a belote: a deal's as its file gives it, a walked deal's or a hand's as the
    engine finds it; None where the scenario tells no belote."""
    answer = checked.answer
    if isinstance(answer, DealWalk):
        return frozenset(belote.seat for belote in answer.belotes)
    stated = [facts.belotes for facts in _found(checked.scenario, DealFacts)]
    if stated:
        return frozenset(seat for belotes in stated for seat in belotes)
    held = getattr(answer, "belote", False)
    if held is None or isinstance(held, Seat):
        return frozenset({held} if held else ())
    return None


def tricks_of(checked: Checked) -> dict[int, TrickFacts]:
    """Per trick of a whole deal: who won it, and why each card was allowed."""
    found: dict[int, TrickFacts] = {}
    for trick in getattr(checked.answer, "tricks", ()):
        result: TrickResult = trick.result
        reasons = {play.seat: frozenset({play.verdict.reason}) for play in trick.plays}
        played = {play.seat: play.card for play in trick.plays}
        found[trick.number] = TrickFacts(trick.number, result.winner, reasons, played)
    return found


def play_of(checked: Checked) -> TrickFacts | None:
    """A play example's trick: who wins it once complete, and the allowed cards' reasons."""
    position = getattr(checked.scenario, "position", None)
    verdicts = getattr(checked.answer, "verdicts", None)
    if position is None or verdicts is None:
        return None
    result: TrickResult | None = getattr(checked.answer, "result", None)
    allowed = frozenset(v.reason for v in verdicts if v.allowed)
    played = {play.seat: play.card for play in position.trick}
    return TrickFacts(None, result.winner if result else None, {position.seat: allowed}, played)


def _breakdowns(rules: RuleSet, score: DealScore) -> Iterator[Breakdown]:
    for side, part in score.sides.items():
        name = _DASH.join(part.capitalize() for part in side.name.split("-"))
        yield Breakdown(
            f"{name}'s score",
            tuple(t.points for t in part.terms if t.points),
            part.multiplier,
            tuple(t.points for t in part.outside if t.points),
            part.raw,
            part.score,
        )
        brought = tuple(
            n
            for n in (
                score.card_points[side],
                score.declaration_points[side],
                score.belote_points[side],
            )
            if n
        )
        yield Breakdown(f"what {name} brought", brought, 1, (), sum(brought), sum(brought))


def _ints(value: Any) -> Iterator[int]:
    """Every whole number inside a value (a JSON answer, a scenario), rule sets left out."""
    if isinstance(value, (bool, RuleSet, enum.Enum)):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, str):
        return
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _ints(key)
            yield from _ints(item)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from _ints(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _ints(getattr(value, f.name))


def _found(value: Any, kind: type, depth: int = 0) -> Iterator[Any]:
    """Every value of a kind inside an answer (a deal's score, each deal of a game's)."""
    if isinstance(value, kind):
        yield value
        return
    if depth > 6 or isinstance(value, (str, bytes, int, RuleSet, enum.Enum)):
        return
    if isinstance(value, Mapping):
        items: Any = value.values()
    elif isinstance(value, (tuple, list)):
        items = value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        items = (getattr(value, f.name) for f in dataclasses.fields(value))
    else:
        return
    for item in items:
        yield from _found(item, kind, depth + 1)


# --- reading a text -----------------------------------------------------------------------


def _plain(text: str) -> str:
    """The text with what may stay typed blanked out and its arithmetic in words written in
    signs (same length: offsets still hold)."""
    for pattern in _TYPED:
        text = pattern.sub(lambda m: " " * len(m.group(0)), text)
    text = text.translate(_SIGNS)
    for pattern, sign in _SPELLED:
        text = pattern.sub(_written_as(sign), text)
    return text


def _written_as(sign: str) -> Callable[[re.Match[str]], str]:
    """What replaces an operator in words: its sign, padded to the words' length."""
    return lambda match: f" {sign}".ljust(len(match.group(0)))


def _shown(token: str) -> str:
    """A number as an error line quotes it: whole, or its first and last digits when long."""
    return token if len(token) <= 2 * MOST_DIGITS else f"{token[:10]}…{token[-4:]}"


@dataclass(frozen=True)
class Sum:
    """A sum as a text writes it: terms multiplied, terms added, what it comes to."""

    written: str
    multiplied: tuple[int, ...]
    multiplier: int
    added: tuple[int, ...]
    equals: int | None
    rounded: int | None
    span: tuple[int, int]

    @property
    def value(self) -> int:
        return sum(self.multiplied) * self.multiplier + sum(self.added)

    @property
    def quoted(self) -> str:
        """The sum as an error line quotes it: whole, or its start and end when long."""
        text = self.written
        return text if len(text) <= 80 else f"{text[:60]} … {text[-15:]}"


# A number as a sum writes it, grouped by thousands or not: never a run of digits and
# commas, which every position of a long one would read to its end (the square of its length).
_DIGITS = r"(?:\d{1,3}(?:,\d{3})+|\d+)"
_TERM = _DIGITS + r"(?:\s+(?:points?\s+)?for\s+the\s+\w+)?"
_GROUP = rf"(?:\(\s*{_TERM}(?:\s*\+\s*{_TERM})*\s*\)|{_TERM})(?:\s*[" + _TIMES + r"x]\s*\d+)?"
_SUM = re.compile(
    rf"(?<![\w(])({_GROUP}(?:\s*\+\s*{_GROUP})+|\(\s*{_TERM}(?:\s*\+\s*{_TERM})*\s*\)\s*["
    + _TIMES
    + r"x]\s*\d+"
    rf"|{_TERM}\s*[" + _TIMES + r"x]\s*\d+)"
    rf"(?:\s*=\s*({_DIGITS}))?"
    r"(?:[,:]?\s*(?:(?:is\s+)?rounded(?:\s+down|\s+up)?\s+to|is\s+written)\s+"
    rf"({_DIGITS}))?"
)
_LEAF = re.compile(_DIGITS)


def _outside_brackets(written: str) -> list[str]:
    """A sum's groups: split at each `+` outside brackets, in one pass (a lookahead for the
    closing bracket at every `+` costs the square of the text's length)."""
    groups, depth, start = [], 0, 0
    for at, char in enumerate(written):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == "+" and depth == 0:
            groups.append(written[start:at].strip())
            start = at + 1
    groups.append(written[start:].strip())
    return groups


def sums(text: str) -> Iterator[Sum]:
    for match in _SUM.finditer(text):
        multiplied: list[int] = []
        added: list[int] = []
        multiplier = 1
        for group in _outside_brackets(match.group(1)):
            factor = re.search(r"[" + _TIMES + r"x]\s*(\d+)\s*$", group)
            body = group[: factor.start()] if factor else group
            terms = [value_of(t) for t in _LEAF.findall(body)]
            if factor:
                multiplier = int(factor.group(1))
                multiplied.extend(terms)
            else:
                added.extend(terms)
        equals = value_of(match.group(2)) if match.group(2) else None
        rounded = value_of(match.group(3)) if match.group(3) else None
        yield Sum(
            match.group(0).strip(),
            tuple(multiplied),
            multiplier,
            tuple(added),
            equals,
            rounded,
            match.span(),
        )


def _sub(small: Sequence[int], big: Sequence[int]) -> bool:
    rest = list(big)
    for n in small:
        if n not in rest:
            return False
        rest.remove(n)
    return True


def matches(written: Sum, breakdown: Breakdown) -> bool:
    """Whether a written sum is this breakdown, term by term (in any order)."""
    if written.multiplier == 1 and not written.multiplied:
        terms = sorted(breakdown.inside + breakdown.outside)
        return breakdown.multiplier == 1 and sorted(written.added) == terms
    return (
        written.multiplier == breakdown.multiplier
        and sorted(written.multiplied) == sorted(breakdown.inside)
        and _sub(written.added, breakdown.outside)
    )


def _sum_problem(written: Sum, facts: Facts | None) -> str | None:
    if written.equals is not None and written.equals != written.value:
        return f"the sum {written.quoted} does not add up: its terms make {written.value}"
    if facts is None:
        return (
            f"the sum {written.quoted} is about no deal: "
            "write it in an example's text, whose scenario the engine scores"
        )
    found = [b for b in facts.breakdowns if matches(written, b)]
    if not found:
        known = "; ".join(map(str, facts.breakdowns)) or "none"
        return (
            f"the sum {written.quoted} is not one of the engine's breakdowns of scenario "
            f"{facts.scenario}, term by term: the engine scores {known}"
        )
    # A sum that stops before the rounding states a score the deal does not have.
    stops = written.rounded is None and written.equals is not None
    if stops and all(written.equals != b.score for b in found):
        return (
            f"the sum {written.quoted} stops before the rounding: the engine scores "
            f"{', '.join(str(b.score) for b in found)}"
        )
    if written.rounded is not None and all(written.rounded != b.score for b in found):
        return (
            f"the sum {written.quoted} is rounded to {written.rounded}; the engine scores "
            f"{', '.join(str(b.score) for b in found)}"
        )
    return None


def numbers(text: str) -> Iterator[Stated]:
    """Each number the text states: digits, and numbers in words where they state one
    ("seven of the eight tricks", "worth twenty", "a hundred and sixty-two")."""
    plain = _plain(text)
    for match in _NUMBER.finditer(plain):
        yield Stated(value_of(match.group(0)), _shown(match.group(0)))
    for match in IN_WORDS.finditer(plain):
        value, end = in_words(match.group(0)), match.end()
        # The words just before it (the longest phrase read is "multiplied by ").
        before = plain[max(0, match.start() - 40) : match.start()]
        counted = _COUNTS.match(plain, end)
        counts = counted.group(1).lower().rstrip("s") if counted else None
        if counts is not None and before.lower().endswith("for "):
            counts = None  # "a game for four players" names the game; "four players" counts
        worth = _WORTH_BEFORE.search(before) or _WORTH_AFTER.match(plain, end)
        # One is no figure of any rule set, and everyday English: "one trick lost".
        if value >= _ALWAYS_READ or (value > 1 and (counts is not None or worth)):
            yield Stated(value, match.group(0), counts)


def _counts(rules: RuleSet) -> dict[int, str]:
    """The counts a rule set fixes: what a count of cards in words may not type."""
    return {
        rules.hand_size: "%(hand)s",
        rules.tricks: "%(tricks)s",
        rules.players: "%(players)s",
        32: "%(deck)s",
    }


def problem(text: str, rules: RuleSet | None, facts: Facts | None) -> str | None:
    """What is wrong with what a text states, or None: see the module's docstring."""
    plain = _plain(text)
    rest = plain
    for written in sums(plain):
        found = _sum_problem(written, facts)
        if found is not None:
            return found
        start, end = written.span
        rest = rest[:start] + " " * (end - start) + rest[end:]
    figures = rule_numbers(rules) if rules is not None else {}
    for stated in numbers(rest):
        number, token, counted = stated.value, stated.token, stated.counts
        if number == 0 or (facts is not None and number in facts.numbers):
            continue  # nothing is nothing under every rule set
        if counted is not None and counted != "point":  # points: a figure, as digits are
            counts = _counts(rules) if rules is not None else {}
            if counted == "card" and number not in counts and number < _ALWAYS_READ:
                continue  # five cards dealt first, a tierce's three cards: for the reviewer
            if number in counts:
                return f"{token} {counted}s is a count the rule set fixes: write {counts[number]}"
            return f"{token} is a count typed in the text: write the rule set's placeholder"
        if number in figures:
            name = figures[number]
            how = f"write {name}, which the rule set fills" if name.startswith("%") else name
            within = f" (rule set {rules.id})" if rules is not None else ""
            return f"{token} is a rule figure typed in the text{within}: {how}"
        if facts is not None:
            return f"{token} is none of the engine's figures for scenario {facts.scenario}"
        return (
            f"{token} is a figure typed in a text about no deal: write the rule set's "
            "placeholder, or state it in an example's text"
        )
    if facts is not None:
        return _deal_problem(text, facts)
    return None


_SUIT = r"\b(spades|hearts|diamonds|clubs)\b"
# The seat said to take: "South takes", "South takes it in hearts", "South is the taker",
# "South picks up the turned card", "South wins the bidding".
_TAKER = re.compile(
    _SEAT + r"\s+takes\b(?!\s+(?:the|a|every|each|all|it)\b)"
    r"|"
    + _SEAT
    + r"\s+takes\s+it\s+in\s+"
    + _SUIT
    + r"|"
    + _SEAT
    + r"\s+(?:is|becomes)\s+(?:the\s+)?taker\b"
    r"|"
    + _SEAT
    + r"\s+(?:takes|picks\s+up|takes\s+up|accepts|chooses)\s+the\s+turned(?:[\s-]up)?\s+card\b"
    r"|" + _SEAT + r"\s+wins\s+the\s+(?:auction|bidding)\b"
)
# The suit said to be trump: "hearts are trump", "trump is hearts", "hearts as trump",
# "takes it in hearts".
_TRUMP = re.compile(
    _SUIT + r"\s+(?:are|is)\s+trumps?\b"
    r"|\btrumps?(?:\s+suit)?\s+(?:is|are)\s+" + _SUIT + r"|" + _SUIT + r"\s+as\s+trumps?\b"
    r"|\btakes\s+it\s+in\s+" + _SUIT,
    re.IGNORECASE,
)


def _deal_problem(text: str, facts: Facts) -> str | None:
    taken = _TAKER.search(text)
    if taken and facts.taker is not None and _winner(taken) is not facts.taker:
        return (
            f"the text says {_name(_winner(taken))} takes; in scenario {facts.scenario} "
            f"the engine's taker is {_name(facts.taker)}"
        )
    counts = re.search(r"\bonly\s+" + _SEAT + r"'s\s+(?:counts|scores)\b", text)
    if counts and facts.counting is not None:
        seat = _SEATS[counts.group(1)]
        if facts.counting != {seat}:
            counted = ", ".join(sorted(_name(s) for s in facts.counting)) or "nobody's"
            return (
                f"the text says only {_name(seat)}'s declaration counts; in scenario "
                f"{facts.scenario} the engine counts {counted}"
            )
    trump = _TRUMP.search(text)
    said = next((group.lower() for group in trump.groups() if group), "") if trump else ""
    if trump and facts.trump is not None and facts.trump.value != said:
        return (
            f"the text says {said} are trump; in scenario {facts.scenario} "
            f"trump is {facts.trump.value}"
        )
    return (
        _side_problem(text, facts)
        or _call_problem(text, facts)
        or _belote_problem(text, facts)
        or _permission_problem(text, facts)
    )


def _clauses(text: str, supposing: str) -> Iterator[str]:
    """The text's clauses that state what happened, not those holding one of the words
    (`supposing`, alternatives) by which a clause supposes or speaks of another moment."""
    for clause in re.split(r"[.;:]\s+|,\s+(?:but|and|so)\s+", text):
        if not re.search(rf"\b(?:{supposing})\b", clause, re.IGNORECASE):
            yield clause


# A call the seat to speak is said to be allowed or refused: "West may surcoinche", "South
# cannot coinche", "West, East's partner, may pass", "South can pass or coinche" ("may only
# pass" says more: not read).
_CALL_VERB = r"pass|bid|coinche|contre|double|surcoinche|surcontre|redouble"
_MAY_CALL = re.compile(
    _SEAT + r"(?:,[^,.;:]{1,40},)?\s+(?:(may|can|is\s+allowed\s+to|is\s+free\s+to)"
    r"|(cannot|can't|can\s+not|may\s+not|is\s+not\s+allowed\s+to|must\s+not))"
    r"\s+(?:still\s+|also\s+|now\s+)?((?:"
    + _CALL_VERB
    + r")(?:\s*(?:,|or|and)\s*(?:"
    + _CALL_VERB
    + r"))*)\b"
)
_CALL_WORDS = {
    "pass": CallKind.PASS,
    "bid": CallKind.BID,
    "coinche": CallKind.COINCHE,
    "contre": CallKind.COINCHE,
    "double": CallKind.COINCHE,
    "surcoinche": CallKind.SURCOINCHE,
    "surcontre": CallKind.SURCOINCHE,
    "redouble": CallKind.SURCOINCHE,
}


def _permission_problem(text: str, facts: Facts) -> str | None:
    """A call the text says the seat to speak may make that the engine refuses it, or
    says it may not make that the engine allows."""
    if facts.to_speak is None:
        return None
    speaker, verdicts = facts.to_speak
    # A clause about another moment of the auction, or one supposed, is not read.
    for clause in _clauses(text, "if|could|would|might|after|once|when"):
        for match in _MAY_CALL.finditer(clause):
            if _SEATS[match.group(1)] is not speaker:
                continue
            for word in re.findall(_CALL_VERB, match.group(4).lower()):
                verdict = verdicts.get(_CALL_WORDS[word])
                if verdict is not None and bool(match.group(2)) is not verdict.allowed:
                    engine = "allows" if verdict.allowed else "refuses"
                    return (
                        f"the text says {match.group(0)!r}; in scenario {facts.scenario} the "
                        f"engine {engine} {_name(speaker)}'s {word} ({verdict.reason.value})"
                    )
    return None


# A seat said to hold a belote: "North's belote", "South keeps his belote", "West has belote".
_BELOTE = re.compile(
    _SEAT + r"(?:'s\s+belote\b|\s+(?:keeps|has|holds|announces|declares|says|scores|gets|loses)"
    r"\s+(?:his\s+|her\s+|the\s+|a\s+)?belote\b)"
)


def _belote_problem(text: str, facts: Facts) -> str | None:
    """A seat said to hold a belote the engine gives to another seat, or to nobody."""
    if facts.belote is None:
        return None
    for clause in _clauses(text, "if|could|would|might|without"):  # not a belote supposed
        for match in _BELOTE.finditer(clause):
            seat = _SEATS[match.group(1)]
            if seat not in facts.belote:
                holders = ", ".join(_name(s) for s in Seat if s in facts.belote) or "nobody"
                return (
                    f"the text says {match.group(0)!r}; in scenario {facts.scenario} the "
                    f"belote is held by {holders}"
                )
    return None


# A call a seat is said to make: "North bids 80 in hearts", "North says 80 hearts", "East
# passes", "South coinches".
_CALLED = re.compile(
    _SEAT + r"\s+(?:(bids|says|calls|opens(?:\s+(?:at|with))?|raises\s+to)\s+(\d+)(?:\s+(?:in\s+)?"
    r"(spades|hearts|diamonds|clubs|[\u2660\u2665\u2666\u2663]))?"
    r"|(passes)\b|(coinches|contres|doubles)\b|(surcoinches|surcontres|redoubles)\b)"
)
_SYMBOLS = {"\u2660": "spades", "\u2665": "hearts", "\u2666": "diamonds", "\u2663": "clubs"}


def _call_problem(text: str, facts: Facts) -> str | None:
    """A call a seat is said to make that the auction has no such seat make."""
    if facts.calls is None:
        return None
    for clause in _clauses(text, "if|could|would|may|might|can"):  # not a call supposed
        for match in _CALLED.finditer(clause):
            seat = _SEATS[match.group(1)]
            made = [call for who, call in facts.calls if who is seat]
            if match.group(2):
                points, suit = int(match.group(3)), match.group(4)
                suit = _SYMBOLS.get(suit or "", suit)
                fits = any(
                    call.kind is CallKind.BID
                    and call.points == points
                    and (suit is None or (call.trump is not None and call.trump.value == suit))
                    for call in made
                )
            else:
                kind = (
                    CallKind.PASS
                    if match.group(5)
                    else CallKind.COINCHE
                    if match.group(6)
                    else CallKind.SURCOINCHE
                )
                fits = any(call.kind is kind for call in made)
            if not fits:
                said = ", ".join(str(call) for call in made) or "nothing"
                return (
                    f"the text says {match.group(0)!r}; in scenario {facts.scenario} "
                    f"{_name(seat)} calls {said}"
                )
    return None


# A partnership and the number said to be its: "North and South took 130", "East-West's
# 32", "East and West 32" (after a comma), "North-South score only 20", "the defence scores
# 160", and after the number: "560 for North-South", "1040 to the takers".
_PARTNERS = _SEAT + r"(?:\s+and\s+|\s*[-" + _DASH + r"]\s*)" + _SEAT
_ROLE = (
    r"\b[Tt]he\s+(takers?|taking\s+side|attackers?|attacking\s+side|defen[cs]e|defenders?"
    r"|defending\s+side)\b"
)
_SIDE_NUMBER = re.compile(
    rf"(?:{_PARTNERS}|{_ROLE})(?:'s?)?\s+"
    r"(?:(?:have|has|had|took|take|takes|score|scores|scored|bring|brings|brought|make|makes"
    r"|made|get|gets|got|win|wins|won)\s+)?(?:only\s+|just\s+)?(" + _DIGITS + ")"
)
_NUMBER_SIDE = re.compile(
    "(" + _DIGITS + rf")(?:\s+points?)?,?\s+(?:for|to)\s+(?:{_PARTNERS}|{_ROLE})"
)


def _sides_said(text: str, facts: Facts) -> Iterator[tuple[frozenset[Seat], int]]:
    """Each partnership the text gives a number, with that number."""
    plain = _plain(text)
    for match in _SIDE_NUMBER.finditer(plain):
        side = _side_said(match.group(1), match.group(2), match.group(3), facts)
        if side is not None:
            yield side, value_of(match.group(4))
    for match in _NUMBER_SIDE.finditer(plain):
        side = _side_said(match.group(2), match.group(3), match.group(4), facts)
        if side is not None:
            yield side, value_of(match.group(1))


def _side_said(
    first: str | None, second: str | None, role: str | None, facts: Facts
) -> frozenset[Seat] | None:
    """The partnership two seats or a role name: the takers' holds the taker, the defence's
    is the one other side (none where the scenario has no taker, or more than two sides)."""
    if first and second:
        return frozenset((_SEATS[first], _SEATS[second]))
    if role is None or facts.taker is None:
        return None
    taking = role.startswith(("tak", "attack"))
    found = [side for side in facts.sides if (facts.taker in side) is taking]
    return found[0] if len(found) == 1 else None


def _side_problem(text: str, facts: Facts) -> str | None:
    """A number said to be one partnership's that the engine gives only the other."""
    for side, number in _sides_said(text, facts):
        if side not in facts.sides or number in facts.sides[side]:
            continue
        others = [other for other, found in facts.sides.items() if number in found]
        if others:
            named, owner = _side_name(side), _side_name(others[0])
            return (
                f"the text gives {named} {number}; in scenario {facts.scenario} the engine "
                f"gives {number} to {owner}, not to {named}"
            )
    return None


def _side_name(side: frozenset[Seat]) -> str:
    return _DASH.join(_name(seat) for seat in Seat if seat in side)


# How an English text states a card's reason, and the engine's reasons each phrase fits.
# The first phrase a clause holds decides: what he need not do before what he must.
# Every reason but those that leave one card or a higher one: what "any trump" may say.
_ANY_TRUMP_FITS = frozenset(Reason) - {Reason.BEAT_TRUMP, Reason.OVERTRUMP}
# Trumping by choice: not where the led suit is held (a trump led is followed, not trumped).
_MAY_TRUMP_FITS = frozenset(Reason) - {Reason.FOLLOW_SUIT, Reason.BEAT_TRUMP}
REASON_PHRASES: tuple[tuple[re.Pattern[str], frozenset[Reason]], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), frozenset(reasons))
    for pattern, reasons in (
        (
            rf"\b{_NEED_NOT}\b|\bmay play his small trump\b|\b{_MAY} undertrump\b",
            {Reason.MAY_UNDERTRUMP, Reason.MAY_DISCARD, Reason.PARTNER_WINNING_FREE},
        ),
        (rf"\b{_MUST} (?:overtrump|play a higher trump|trump higher)\b", {Reason.OVERTRUMP}),
        (rf"\b{_MUST} (?:play a lower trump|undertrump)\b", {Reason.UNDERTRUMP}),
        (
            rf"\b{_MUST} (?:trump|ruff|cut)\b",
            {Reason.ANY_TRUMP, Reason.OVERTRUMP, Reason.UNDERTRUMP},
        ),
        (
            rf"\b{_MUST} play a trump\b|\ba higher one\b|(?<!cannot )(?<!not )\bbeat the \w+\b",
            {Reason.BEAT_TRUMP, Reason.OVERTRUMP, Reason.FOLLOW_SUIT},
        ),
        (
            rf"\bany card\b(?! of)|\bfree to (?:discard|play)\b|\b{_MAY} (?:discard|throw"
            r" (?:away )?any|play anything)\b|\b(?:whatever|what|anything) he (?:likes|wants)\b"
            r"|\b(?:discards|throws (?:away|off)|sheds|pitches)\b",
            {Reason.PARTNER_WINNING_FREE, Reason.MAY_DISCARD, Reason.LEAD},
        ),
        (rf"\b{_MUST} follow\b|\bfollows? suit\b", {Reason.FOLLOW_SUIT, Reason.BEAT_TRUMP}),
        (
            rf"\b{_MAY} play (?:any|either|whichever) trump\b|\bany trump he (?:likes|wants)\b",
            _ANY_TRUMP_FITS,
        ),
        (rf"\b{_MAY} (?:trump|ruff)\b", _MAY_TRUMP_FITS),
    )
)
_HYPOTHETICAL = re.compile(r"\b(?:could|would|without|at four)\b", re.IGNORECASE)
# A seat said to win a trick: "South's ace takes the trick", "West wins it", "the trick goes
# to East", "won by North", "the trick is East's", "... and West wins."
_WINS = re.compile(
    _SEAT + r"(?:'s\s+[\w ]{1,20}?)?\s+(?:takes|wins|collects|gathers|captures|picks\s+up"
    r"|scoops\s+up|rakes\s+in)\s+(?:the\s+trick|this\s+trick|it)\b"
    r"|\btrick\s+(?:is|was|becomes)\s+" + _SEAT + r"'s\b"
    r"|\btrick\s+(?:goes|falls)\s+to\s+"
    + _SEAT
    + r"|\btrick\s+(?:is\s+|was\s+)?(?:won|taken)\s+by\s+"
    + _SEAT
    + r"|"
    + _SEAT
    + r"(?:'s\s+[\w ]{1,20}?)?\s+wins(?=\s*(?:[.,;:!?]|$))"
)


def _winner(match: re.Match[str]) -> Seat:
    return _SEATS[next(group for group in match.groups() if group)]


def _name(seat: Seat) -> str:
    return seat.value.capitalize()


_RANKS = {
    "seven": Rank.SEVEN,
    "eight": Rank.EIGHT,
    "nine": Rank.NINE,
    "ten": Rank.TEN,
    "jack": Rank.JACK,
    "queen": Rank.QUEEN,
    "king": Rank.KING,
    "ace": Rank.ACE,
}
_SUITS = {suit.word.rstrip("s"): suit for suit in Suit}
_CARD = (
    r"(?:the|his|a|an)\s+(?:(" + "|".join(_RANKS) + r")(?:\s+of\s+(spades|hearts|diamonds|clubs))?"
    r"|(spade|heart|diamond|club)\b)"
)
# A card a seat is said to have put down in this trick: "West leads the ace of spades",
# "North trumps it with the jack", "West follows with a heart", "South's king takes the trick".
_PLAYS = re.compile(
    _SEAT + r"\s+(?:leads|plays|lays|discards|trumps(?:\s+it)?\s+with|overtrumps(?:\s+it)?\s+with"
    r"|follows\s+(?:suit\s+)?with|throws\s+(?:away|off)|sheds|pitches)\s+"
    + _CARD
    + r"|"
    + _SEAT
    + r"'s\s+("
    + "|".join(_RANKS)
    + r")(?:\s+of\s+(spades|hearts|diamonds|clubs))?"
    r"\s+(?:takes|wins|holds)\s+(?:the\s+trick|it)\b"
)


def _card_problem(text: str, trick: TrickFacts) -> str | None:
    """A card a seat is said to have put down that is not the one the engine has it play."""
    for match in _PLAYS.finditer(text):
        seat_word, rank, suit, suit_only = (
            (match.group(1), match.group(2), match.group(3), match.group(4))
            if match.group(1)
            else (match.group(5), match.group(6), match.group(7), None)
        )
        seat = _SEATS[seat_word]
        card = trick.played.get(seat)
        if card is None:
            continue  # not down in this trick: the seat to play, or a card still held
        said_suit = _SUITS.get((suit or suit_only or "").rstrip("s"))
        wrong_rank = rank is not None and _RANKS[rank.lower()] is not card.rank
        if wrong_rank or (said_suit is not None and said_suit is not card.suit):
            return (
                f"the text says {match.group(0)!r}{trick.where}; the engine has {seat_word} "
                f"play the {card.rank.name.lower()} of {card.suit.word}"
            )
    return None


def trick_problem(text: str, trick: TrickFacts) -> str | None:
    """A Learn trick's note: the seat it says wins, the cards it says were played, and each
    reason it gives a seat's card."""
    for match in _WINS.finditer(text):
        winner = _winner(match)
        if trick.winner is not None and winner is not trick.winner:
            return (
                f"the text says {_name(winner)} wins the trick{trick.where}; "
                f"the engine's winner is {_name(trick.winner)}"
            )
    played = _card_problem(text, trick)
    if played is not None:
        return played
    seat: Seat | None = None
    for sentence in re.split(r"(?<=[.;:!?])\s+", text):
        named = re.findall(_SEAT, sentence)
        for clause in re.split(r",\s+(?:so|and|but)\s+|;\s+|:\s+", sentence):
            in_clause = re.findall(_SEAT, clause)
            if in_clause:
                seat = _SEATS[in_clause[0]]
            elif named and seat is None:
                seat = _SEATS[named[0]]
            if seat is None or _HYPOTHETICAL.search(clause):
                continue  # "without diamonds he could play any card": not this card's reason
            for pattern, fitting in REASON_PHRASES:
                if pattern.search(clause):
                    reasons = trick.reasons.get(seat)
                    if reasons and not reasons & fitting:
                        said = pattern.search(clause)
                        engine = ", ".join(sorted(r.value for r in reasons))
                        return (
                            f"the text gives {_name(seat)}'s card{trick.where} the reason "
                            f"{said.group(0) if said else ''!r}; the engine's reason is {engine}"
                        )
                    break
    return None


def check(
    source: Source,
    rules: RuleSet | None,
    checked: Checked | None = None,
    trick: int | None = None,
    *,
    chosen: str | None = None,
    shown: bool = True,
) -> None:
    """Refuse, at the text's line, what it states that the engine does not (ContentError).

    `chosen`: the option a `choose:` block picks this text for; `shown`: False for a text
    the page shows only under a condition (`when:`), whose rule sets are not all `rules`."""
    text = source.text("a text")
    facts = facts_of(checked) if checked is not None else None
    found = problem(text, rules, facts)
    if found is None and checked is not None:
        # A Learn note is about its trick; a play example's text about the example's trick.
        about = tricks_of(checked)[trick] if trick is not None else play_of(checked)
        if about is not None:
            found = trick_problem(text, about)
    if found is None and facts is not None:
        found = _results_problem(text, facts)
    # Last: a text about a deal or a trick is first held to the engine's own answer.
    if found is None and rules is not None and shown:
        found = option_problem(text, rules, chosen=chosen)
    if found is not None:
        raise source.error(found)


# A sum's outcome as a text states it: "= 560", "rounded to 500", "is written 180".
_OUTCOME = re.compile(r"(?:=|rounded(?: down| up)? to|is written)\s*(" + _DIGITS + ")")


def _results_problem(text: str, facts: Facts) -> str | None:
    """An outcome ("= 560") must be a figure the engine reaches for the deal."""
    if not facts.results:
        return None
    for sentence in re.split(r"(?<=[.;:])\s", _plain(text)):
        claims = _OUTCOME.findall(sentence)
        if claims and value_of(claims[-1]) not in facts.results | facts.numbers:
            found = ", ".join(str(n) for n in sorted(facts.results))
            return (
                f"the text says the sum comes to {_shown(claims[-1])}; the engine scores "
                f"{found} for scenario {facts.scenario}"
            )
    return None


def stated(source: Source, rules: RuleSet | None) -> str:
    """A text about no deal, read once its claims are checked."""
    check(source, rules)
    return source.text("a text")
