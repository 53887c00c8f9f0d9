"""Auction scenarios: the dealer, the calls so far, who speaks next and what he may say."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...content import fields
from ...content.errors import excerpt
from ...content.nodes import Source
from ...content.scenarios import Entry
from ...engine import (
    REDEAL,
    Auction,
    Call,
    CallKind,
    CallReason,
    CallVerdict,
    Coinche,
    Contract,
    Level,
    Seat,
    Trump,
)
from ..calls import read_call, read_calls, turned_card
from ..compare import Comparer
from ..kind import Expectation, Scenario, ScenarioKind


@dataclass(frozen=True, kw_only=True)
class AuctionExpectation(Expectation):
    next: Seat | None = None
    next_stated: bool = False
    # A Contract, REDEAL, or None while the auction goes on.
    contract: Contract | str | None = None
    contract_stated: bool = False
    verdicts: tuple[tuple[Call, CallReason], ...] = ()


@dataclass(frozen=True, kw_only=True)
class AuctionScenario(Scenario):
    auction: Auction
    expect: AuctionExpectation | None = None


@dataclass(frozen=True)
class AuctionAnswer:
    to_speak: Seat | None
    outcome: Contract | str | None
    # The verdict on each call the scenario asks about, for the player to speak.
    verdicts: tuple[CallVerdict, ...]
    # The calls a page offers the reader to try, each with its verdict: those the scenario
    # asks about and one of each kind of call the auction has, in the order of a bidding
    # box; empty once the auction is over (nobody speaks, there is nothing to try).
    offered: tuple[CallVerdict, ...] = ()


# Where each kind of call sits in the bidding box: pass, the bids from the lowest, the doubles.
_BOX = (
    CallKind.PASS,
    CallKind.TAKE,
    CallKind.CHOOSE,
    CallKind.BID,
    CallKind.CAPOT,
    CallKind.GENERALE,
    CallKind.COINCHE,
    CallKind.SURCOINCHE,
)


def _box_order(call: Call) -> tuple[int, int, int]:
    trumps = list(Trump)
    return (
        _BOX.index(call.kind),
        call.points or 0,
        trumps.index(call.trump) if call.trump is not None else -1,
    )


def _a_trump(auction: Auction) -> Trump:
    """The trump a bid to try is made in: the last bid's, else the first the rules offer."""
    trumps = [call.trump for call in auction.calls if call.is_bid and call.trump is not None]
    return trumps[-1] if trumps else next(t for t in Trump if auction.rules.offers(t))


def _one_of_each(auction: Auction) -> tuple[Call, ...]:
    """A call of every kind the auction has, as the reader would try them first.

    With bidding: pass, the lowest bid above the last one (or the floor), the
    double and the redouble. Pass is allowed whoever speaks, and the double and
    the redouble are never allowed together (a redouble needs the double made),
    so these already hold an allowed call and a refused one. With the turned
    card: pass, take, and another suit named: in either round one of take and
    choose is refused.
    """
    rules = auction.rules
    bidding = rules.bidding
    if bidding is None:
        assert auction.turned is not None
        named = next(
            t
            for t in Trump
            if t.suit is not None and t.suit is not auction.turned.suit and rules.offers(t)
        )
        return (Call(CallKind.PASS), Call(CallKind.TAKE), Call(CallKind.CHOOSE, None, named))
    bids = [call for call in auction.calls if call.kind is CallKind.BID]
    points = bidding.floor if not bids else (bids[-1].points or 0) + bidding.step
    return (
        Call(CallKind.PASS),
        Call(CallKind.BID, points, _a_trump(auction)),
        Call(CallKind.COINCHE),
        Call(CallKind.SURCOINCHE),
    )


def offered_calls(auction: Auction, asked: tuple[Call, ...]) -> tuple[CallVerdict, ...]:
    """The calls to try with their verdicts: those asked, and any kind of call they miss.

    Nothing once the auction is over: nobody is left to speak.
    """
    if auction.is_over:
        return ()
    calls = list(dict.fromkeys(asked))
    for call in _one_of_each(auction):
        same_kind = [given for given in calls if given.kind is call.kind]
        # A bid stands for every bid, capot and générale included.
        if call.kind is CallKind.BID:
            same_kind = [given for given in calls if given.is_bid]
        if not same_kind:
            calls.append(call)
    return tuple(auction.verdict(call) for call in sorted(calls, key=_box_order))


def _reason(source: Source) -> CallReason:
    name = source.text("a call's reason")
    try:
        return CallReason(name)
    except ValueError:
        known = ", ".join(r.value for r in CallReason)
        raise source.error(f"unknown reason {excerpt(name)} (known: {known})") from None


def _contract(source: Source, auction: Auction) -> Contract | str:
    rules = auction.rules
    if source.is_scalar and source.value() == REDEAL:
        return REDEAL
    given = source.fields(
        "expect.contract",
        frozenset({"taker", "bid", "trump", "coinche"}),
        frozenset({"taker", "trump"}),
    )
    taker = fields.seat(given["taker"], rules)
    trump = fields.trump(given["trump"], rules)
    level, bid = Level.TAKEN if rules.bidding is None else Level.POINTS, None
    if "bid" in given:
        value = given["bid"].value()
        if value in ("capot", "generale"):
            level = Level(value)
        else:
            bid = given["bid"].integer("expect.contract.bid", 1)
    elif rules.bidding is not None:
        raise source.error("expect.contract needs the `bid` (points, capot or generale)")
    coinche = Coinche.NONE
    if "coinche" in given:
        name = given["coinche"].text("coinche")
        try:
            coinche = Coinche(name)
        except ValueError:
            known = " | ".join(c.value for c in Coinche)
            raise given["coinche"].error(
                f"unknown coinche level {excerpt(name)} ({known})"
            ) from None
    return Contract(taker, trump, level, bid, coinche)


def contract_text(outcome: Contract | str | None) -> str:
    if outcome is None:
        return "none (the auction goes on)"
    if isinstance(outcome, str):
        return outcome
    value = str(outcome.bid) if outcome.level is Level.POINTS else outcome.level.value
    return f"{outcome.taker.value} {value} {outcome.trump.value} ({outcome.coinche.value})"


class AuctionKind(ScenarioKind[AuctionScenario, AuctionAnswer]):
    name = "auction"
    keys = frozenset({"dealer", "calls", "turned"})
    required = frozenset({"kind", "dealer", "calls"})
    interactive = True

    def parse(self, entry: Entry, given: Mapping[str, Source]) -> AuctionScenario:
        rules = entry.rules
        dealer = fields.seat(given["dealer"], rules)
        turned = turned_card(entry, given, "auction")
        auction = read_calls(given["calls"], Auction(rules, dealer, (), turned))
        expect = None
        if "expect" in given:
            source = given["expect"]
            wanted = source.fields("expect", frozenset({"next", "contract", "verdicts"}))
            found: dict[str, Any] = {}
            if "next" in wanted:
                found["next_stated"] = True
                if wanted["next"].value() != "none":
                    found["next"] = fields.seat(wanted["next"], rules)
            if "contract" in wanted:
                found["contract_stated"] = True
                if wanted["contract"].value() != "none":
                    found["contract"] = _contract(wanted["contract"], auction)
            if "verdicts" in wanted:
                found["verdicts"] = tuple(
                    (read_call(key), _reason(value))
                    for key, value in wanted["verdicts"].pairs("expect.verdicts")
                )
            expect = AuctionExpectation(**found, **Expectation.where(source))
        return AuctionScenario(**Scenario.common(entry), auction=auction, expect=expect)

    def compute(self, scenario: AuctionScenario) -> AuctionAnswer:
        auction = scenario.auction
        asked = tuple(call for call, _ in scenario.expect.verdicts) if scenario.expect else ()
        return AuctionAnswer(
            auction.to_speak,
            auction.outcome,
            tuple(auction.verdict(call) for call in asked),
            offered_calls(auction, asked),
        )

    def compare(self, scenario: AuctionScenario, answer: AuctionAnswer, check: Comparer) -> None:
        expect = scenario.expect
        if expect is None:
            return
        if expect.next_stated and expect.next is not answer.to_speak:
            check.differs(
                "next",
                expect.next.value if expect.next else "none",
                answer.to_speak.value if answer.to_speak else "none",
            )
        if expect.contract_stated and expect.contract != answer.outcome:
            check.differs("contract", contract_text(expect.contract), contract_text(answer.outcome))
        computed = {verdict.call: verdict.reason for verdict in answer.verdicts}
        for call, reason in expect.verdicts:
            if computed[call] is not reason:
                check.differs(f"verdicts.{call}", reason.value, computed[call].value)

    def as_json(self, scenario: AuctionScenario, answer: AuctionAnswer) -> dict[str, Any]:
        auction = scenario.auction
        outcome = answer.outcome
        contract: Any = outcome
        if isinstance(outcome, Contract):
            contract = {
                "taker": outcome.taker.value,
                "bid": outcome.bid if outcome.level is Level.POINTS else outcome.level.value,
                "trump": outcome.trump.value,
                "coinche": outcome.coinche.value,
            }
        return {
            "dealer": auction.dealer.value,
            "calls": [
                {"seat": seat.value, "call": call.named(auction.rules)}
                for seat, call in zip(auction.speakers, auction.calls, strict=True)
            ],
            "next": answer.to_speak.value if answer.to_speak else None,
            "contract": contract,
            "verdicts": {v.call.named(auction.rules): v.reason.value for v in answer.verdicts},
            "offered": {v.call.named(auction.rules): v.reason.value for v in answer.offered},
        }


KIND = AuctionKind()
