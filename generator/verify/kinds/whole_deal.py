"""Whole-deal scenarios: the hands, how trump was chosen, all 32 cards in play order, the score.

The engine checks every call and every card at its turn (a wrong one is
refused at its line, with the trick, the seat and the engine's reason),
then computes each trick's winner and points, the declarations and which
count, the belote, the contract's result and the score sheet: the steps a
page walks through (generator/verify/walk.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...content import fields
from ...content.nodes import Source
from ...content.scenarios import Entry
from ...engine import (
    REDEAL,
    Auction,
    Card,
    Contract,
    DealScore,
    IllegalPlayError,
    InvalidDealError,
    Level,
    Outcome,
    Play,
    Rank,
    ReplayedDeal,
    RuleSet,
    Seat,
    Side,
    award_declarations,
    played_facts,
    replay_deal,
    score_deal,
    winning_play,
)
from ..calls import read_calls, turned_card
from ..compare import Comparer, sides_text
from ..kind import Expectation, Scenario, ScenarioKind
from ..walk import (
    Announce,
    Announced,
    BeloteWalk,
    CallStep,
    DealWalk,
    PlayStep,
    TrickWalk,
)
from .deal import outcome, sides_json
from .declarations import DeclarationKey, declaration_key

_EXPECT_KEYS = frozenset({"tricks", "declarations", "belote", "points", "outcome", "score", "held"})


@dataclass(frozen=True)
class TrickExpectation:
    winner: Seat | None
    points: int | None


@dataclass(frozen=True, kw_only=True)
class WholeDealExpectation(Expectation):
    tricks: tuple[TrickExpectation, ...] | None = None
    # The declarations that count, by seat (seats left out: none).
    declarations: Mapping[Seat, frozenset[DeclarationKey]] | None = None
    belote: tuple[Seat, ...] | None = None
    points: Mapping[Side, int] | None = None
    outcome: Outcome | None = None
    score: Mapping[Side, int] | None = None
    held: int | None = None


@dataclass(frozen=True, kw_only=True)
class WholeDealScenario(Scenario):
    dealer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]
    auction: Auction
    contract: Contract
    # The deal as recorded, every card already checked at its line.
    played: ReplayedDeal
    expect: WholeDealExpectation | None = None

    @property
    def leader(self) -> Seat:
        return self.rules.next_seat(self.dealer)


def _hands(source: Source, rules: RuleSet) -> dict[Seat, tuple[Card, ...]]:
    hands: dict[Seat, list[Card]] = {}
    dealt: dict[Card, Seat] = {}
    for key, value in source.pairs("hands"):
        seat = fields.seat(key, rules)
        if seat in hands:
            raise key.error(f"{seat.value}'s hand is given twice")
        cards = fields.cards(value, f"{seat.value}'s hand")
        if len(cards) != rules.hand_size:
            raise value.error(
                f"{seat.value}'s hand holds {len(cards)} cards; a deal gives each seat "
                f"{rules.hand_size}"
            )
        for card in cards:
            if card in dealt:
                other = "twice in it" if dealt[card] is seat else f"in {dealt[card].value}'s too"
                raise value.error(f"card {card} is in {seat.value}'s hand and {other}")
            dealt[card] = seat
        hands[seat] = cards
    missing = [seat.value for seat in rules.order if seat not in hands]
    if missing:
        raise source.error(f"hands lacks {', '.join(missing)}: a deal gives every seat a hand")
    return {seat: tuple(hands[seat]) for seat in rules.order}


def _contract(source: Source, auction: Auction) -> Contract:
    outcome = auction.outcome
    if outcome is None:
        seat = auction.to_speak
        assert seat is not None
        raise source.error(
            f"the auction is not over: {seat.value} speaks next, and a deal is played "
            "only once it has its contract"
        )
    if outcome == REDEAL:
        raise source.error("the auction ends in a redeal: nobody took, and no deal is played")
    assert isinstance(outcome, Contract)
    return outcome


def _tricks(source: Source, rules: RuleSet) -> tuple[list[tuple[Play, ...]], list[Source]]:
    """Each trick's plays, its seats from its `lead` in the order of play, and its source."""
    tricks: list[tuple[Play, ...]] = []
    sources: list[Source] = []
    both = frozenset({"lead", "cards"})
    for item in source.items("tricks"):
        given = item.fields("a trick", both, both)
        lead = fields.seat(given["lead"], rules)
        cards = fields.cards(given["cards"], "a trick's cards")
        if len(cards) != rules.players:
            raise given["cards"].error(
                f"trick {len(tricks) + 1} has {len(cards)} cards; a trick has {rules.players}"
            )
        seats = rules.order_from(lead)
        tricks.append(tuple(Play(seat, card) for seat, card in zip(seats, cards, strict=True)))
        sources.append(given["cards"])
    return tricks, sources


def _expectation(source: Source, rules: RuleSet) -> WholeDealExpectation:
    given = source.fields("expect", _EXPECT_KEYS)
    found: dict[str, Any] = {}
    lines = source.key_lines()
    if "tricks" in given:
        tricks = []
        for number, item in enumerate(given["tricks"].items("expect.tricks"), start=1):
            wanted = item.fields("an expected trick", frozenset({"winner", "points"}))
            tricks.append(
                TrickExpectation(
                    fields.seat(wanted["winner"], rules) if "winner" in wanted else None,
                    wanted["points"].integer("a trick's points", 0) if "points" in wanted else None,
                )
            )
            lines[f"tricks.{number}"] = item.line
        if len(tricks) != rules.tricks:
            raise given["tricks"].error(
                f"expect.tricks lists {len(tricks)} tricks; a deal has {rules.tricks}"
            )
        found["tricks"] = tuple(tricks)
    if "declarations" in given:
        found["declarations"] = {
            fields.seat(key, rules): frozenset(
                declaration_key(item) for item in value.items("a seat's declarations")
            )
            for key, value in given["declarations"].pairs("expect.declarations")
        }
    if "belote" in given:
        belote = given["belote"]
        items = list(belote.items("expect.belote")) if belote.is_sequence else [belote]
        found["belote"] = tuple(
            fields.seat(item, rules) for item in items if item.value() != "none"
        )
    if "points" in given:
        found["points"] = fields.sides_mapping(given["points"], rules, "expect.points", low=0)
    if "outcome" in given:
        found["outcome"] = outcome(given["outcome"], "expect.outcome")
    if "score" in given:
        found["score"] = fields.sides_mapping(given["score"], rules, "expect.score")
    if "held" in given:
        found["held"] = given["held"].integer("expect.held", 0)
    return WholeDealExpectation(**found, line=source.line, lines=lines)


def _belotes(scenario: WholeDealScenario) -> tuple[BeloteWalk, ...]:
    """Each belote: the seat holding king and queen of a belote suit, and when each was played."""
    rules, trump = scenario.rules, scenario.contract.trump
    when = {
        play.card: number
        for number, trick in enumerate(scenario.played.tricks, start=1)
        for play in trick
    }
    found = []
    for suit in rules.belote_suits(trump):
        pair = (Card(Rank.KING, suit), Card(Rank.QUEEN, suit))
        for seat, hand in scenario.hands.items():
            if all(card in hand for card in pair):
                first, second = sorted(when[card] for card in pair)
                found.append(BeloteWalk(seat, suit, first, second))
    return tuple(found)


def _plays(scenario: WholeDealScenario, belotes: Sequence[BeloteWalk]) -> tuple[TrickWalk, ...]:
    trump = scenario.contract.trump
    # A belote's first card played says "belote", its second "rebelote".
    first_played: set[Card] = set()
    belote_cards = {
        Card(rank, belote.suit) for belote in belotes for rank in (Rank.KING, Rank.QUEEN)
    }
    walked = []
    number = 0
    for index, (steps, result) in enumerate(
        zip(scenario.played.steps, scenario.played.results, strict=True), start=1
    ):
        plays = []
        for place, step in enumerate(steps, start=1):
            number += 1
            card = step.play.card
            announce = None
            if card in belote_cards:
                pair_suit = card.suit
                announce = (
                    Announce.REBELOTE
                    if any(c.suit is pair_suit for c in first_played)
                    else Announce.BELOTE
                )
                first_played.add(card)
            table = [s.play for s in steps[:place]]
            plays.append(PlayStep(number, step, winning_play(table, trump).seat, announce))
        walked.append(TrickWalk(index, tuple(plays), result))
    return tuple(walked)


def _declaration_json(declaration: Any) -> dict[str, Any]:
    key = DeclarationKey.of(declaration)
    named: dict[str, Any] = {"kind": key.kind.value}
    if key.top is not None:
        named["top"] = key.top.code
    if key.rank is not None:
        named["rank"] = key.rank.value
    named["cards"] = [card.code for card in declaration.cards]
    return named


class WholeDealKind(ScenarioKind[WholeDealScenario, DealWalk]):
    name = "whole-deal"
    keys = frozenset({"dealer", "hands", "turned", "calls", "tricks"})
    required = frozenset({"kind", "dealer", "hands", "calls", "tricks"})

    def parse(self, entry: Entry, given: Mapping[str, Source]) -> WholeDealScenario:
        rules = entry.rules
        if len(rules.sides) != 2:
            raise entry.source.error(
                f"rule set {rules.id} has {len(rules.sides)} sides; a deal is scored between two"
            )
        dealer = fields.seat(given["dealer"], rules)
        hands = _hands(given["hands"], rules)
        turned = turned_card(entry, given, "deal")
        auction = read_calls(given["calls"], Auction(rules, dealer, (), turned))
        contract = _contract(given["calls"], auction)
        if turned is not None and turned not in hands[contract.taker]:
            raise given["turned"].error(
                f"the turned card {turned} goes to the taker, {contract.taker.value}, "
                f"but it is not in {contract.taker.value}'s hand"
            )
        tricks, sources = _tricks(given["tricks"], rules)
        try:
            played = replay_deal(rules, contract.trump, hands, rules.next_seat(dealer), tricks)
        except IllegalPlayError as error:
            where = sources[error.trick - 1] if error.trick else given["tricks"]
            if error.card is not None and where.is_sequence:
                where = list(where.items("a trick's cards"))[error.card - 1]
            raise where.error(str(error)) from None
        expect = _expectation(given["expect"], rules) if "expect" in given else None
        return WholeDealScenario(
            **Scenario.common(entry),
            dealer=dealer,
            hands=hands,
            auction=auction,
            contract=contract,
            played=played,
            expect=expect,
        )

    def compute(self, scenario: WholeDealScenario) -> DealWalk:
        rules, contract = scenario.rules, scenario.contract
        trump, leader = contract.trump, scenario.leader
        facts = played_facts(
            rules,
            trump,
            scenario.hands,
            scenario.played,
            contract.taker,
            leader,
            contract if rules.bidding is not None else None,
        )
        try:
            score: DealScore = score_deal(rules, facts)
        except InvalidDealError as error:
            raise scenario.error(str(error)) from None
        award = award_declarations(
            facts.declarations, rules.sides, rules.declarations, trump, rules.order_from(leader)
        )
        announced = tuple(
            Announced(
                seat,
                declaration,
                declaration.points(rules.declarations, trump),
                declaration in award.scoring.get(seat, ()),
            )
            for seat in rules.order_from(leader)
            for declaration in facts.declarations.get(seat, ())
        )
        auction = scenario.auction
        replayed = Auction(rules, auction.dealer, (), auction.turned)
        calls = []
        for seat, call in zip(auction.speakers, auction.calls, strict=True):
            calls.append(CallStep(seat, call, replayed.verdict(call).reason))
            replayed = replayed.push(call)
        belotes = _belotes(scenario)
        points = {side: 0 for side in rules.sides}
        for result in scenario.played.results:
            points[rules.side_of(result.winner)] += result.points
        if facts.capot is not None:
            points = {side: score.card_points[side] for side in rules.sides}
        return DealWalk(
            dealer=scenario.dealer,
            leader=leader,
            hands=tuple((seat, scenario.hands[seat]) for seat in rules.order_from(leader)),
            turned=auction.turned,
            calls=tuple(calls),
            contract=contract,
            trump=trump,
            tricks=_plays(scenario, belotes),
            declarations=announced,
            belotes=belotes,
            card_points=tuple(points.items()),
            capot=facts.capot,
            score=score,
        )

    def results(self, answer: DealWalk) -> frozenset[int]:
        """What a deal's sums end in: each trick's points, each side's card points, what
        it brought in all (cards, declarations and belote), and its score."""
        score = answer.score
        brought = {
            score.card_points[side] + score.declaration_points[side] + score.belote_points[side]
            for side in score.scores
        }
        return (
            frozenset(score.scores.values())
            | {p for _, p in answer.card_points}
            | {trick.result.points for trick in answer.tricks}
            | brought
        )

    def compare(self, scenario: WholeDealScenario, answer: DealWalk, check: Comparer) -> None:
        expect = scenario.expect
        if expect is None:
            return
        for trick, wanted in zip(answer.tricks, expect.tricks or (), strict=False):
            result = trick.result
            if wanted.winner is not None and wanted.winner is not result.winner:
                check.differs(
                    f"tricks.{trick.number}.winner", wanted.winner.value, result.winner.value
                )
            check.compare(f"tricks.{trick.number}.points", wanted.points, result.points)
        if expect.declarations is not None:
            counting: dict[Seat, set[DeclarationKey]] = {}
            for item in answer.declarations:
                if item.counts:
                    counting.setdefault(item.seat, set()).add(DeclarationKey.of(item.declaration))
            for seat in scenario.rules.order:
                want = expect.declarations.get(seat, frozenset())
                got = frozenset(counting.get(seat, ()))
                if want != got:
                    check.differs(
                        f"declarations.{seat.value}",
                        sorted(map(str, want)) or "none",
                        sorted(map(str, got)) or "none",
                    )
        if expect.belote is not None:
            got_belote = tuple(b.seat for b in answer.belotes)
            if sorted(s.value for s in expect.belote) != sorted(s.value for s in got_belote):
                check.differs(
                    "belote",
                    ", ".join(s.value for s in expect.belote) or "none",
                    ", ".join(s.value for s in got_belote) or "none",
                )
        if expect.points is not None and dict(expect.points) != dict(answer.card_points):
            check.differs("points", sides_text(expect.points), sides_text(dict(answer.card_points)))
        score = answer.score
        if expect.outcome is not None and expect.outcome is not score.outcome:
            check.differs("outcome", expect.outcome.value, score.outcome.value)
        check.compare_sides("score", expect.score, score.scores)
        check.compare("held", expect.held, score.held)

    def as_json(self, scenario: WholeDealScenario, answer: DealWalk) -> dict[str, Any]:
        contract = answer.contract
        bid: Any = contract.bid if contract.level is Level.POINTS else contract.level.value
        return {
            "dealer": answer.dealer.value,
            "leader": answer.leader.value,
            "hands": {seat.value: [card.code for card in hand] for seat, hand in answer.hands},
            "turned": answer.turned.code if answer.turned else None,
            "calls": [
                {"seat": c.seat.value, "call": c.call.code, "reason": c.reason.value}
                for c in answer.calls
            ],
            "contract": {
                "taker": contract.taker.value,
                "trump": contract.trump.value,
                "bid": bid,
                "coinche": contract.coinche.value,
            },
            "tricks": [
                {
                    "number": trick.number,
                    "lead": trick.leader.value,
                    "plays": [
                        {
                            "seat": play.seat.value,
                            "card": play.card.code,
                            "reason": play.verdict.reason.value,
                            "hand": {v.card.code: v.reason.value for v in play.hand},
                            "holder": play.holder.value,
                            **({"announce": play.announce.value} if play.announce else {}),
                        }
                        for play in trick.plays
                    ],
                    "winner": trick.result.winner.value,
                    "points": trick.result.points,
                    "breakdown": list(trick.result.breakdown),
                    "last_trick_bonus": trick.result.last_trick_bonus,
                }
                for trick in answer.tricks
            ],
            "declarations": [
                {
                    "seat": item.seat.value,
                    **_declaration_json(item.declaration),
                    "points": item.points,
                    "counts": item.counts,
                }
                for item in answer.declarations
            ],
            "belote": [
                {
                    "seat": b.seat.value,
                    "suit": b.suit.word,
                    "belote_trick": b.belote,
                    "rebelote_trick": b.rebelote,
                }
                for b in answer.belotes
            ],
            "points": sides_json(dict(answer.card_points)),
            "capot": answer.capot.name if answer.capot else None,
            "outcome": answer.score.outcome.value,
            "score": sides_json(answer.score.scores),
            "held": answer.score.held,
            "declaration_points": sides_json(answer.score.declaration_points),
            "belote_points": sides_json(answer.score.belote_points),
            "terms": {
                side.name: {
                    "terms": [{"kind": t.kind.value, "points": t.points} for t in part.terms],
                    "multiplier": part.multiplier,
                    "outside": [{"kind": t.kind.value, "points": t.points} for t in part.outside],
                    "score": part.score,
                }
                for side, part in answer.score.sides.items()
            },
        }


KIND = WholeDealKind()
