"""The calls an auction example offers the reader to try, decided at build time.

Every expected verdict here is worked out by hand from the rule books
(test_auction.py quotes them): FFB coinche 2015 §4.1 (pass at any time; a bid
of at least 80, in tens, above the last; coinche an opponent's bid, which
freezes the contract; surcoinche by the coinched side), FFB contrée 2016
§4.2.3 (the double is "contre", the redouble "surcontre"), and classic
Belote's turned card (take in the first round, another suit in the second).
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from conftest import W, card
from helpers.project import ROOT
from helpers.rules import COINCHE, CONTREE, MAISON

from generator.engine import Auction, Call, CallKind, CallReason, DoubleName, RuleSet
from generator.site.pipeline.build import Inputs, Project, load_inputs
from generator.site.rendering.i18n import Gettext
from generator.site.rendering.words import Words
from generator.verify.kinds.auction import offered_calls


def auction(rules: RuleSet, *calls: str, turned: str | None = None) -> Auction:
    return Auction(rules, W, tuple(Call.parse(c) for c in calls), card(turned) if turned else None)


def offered(so_far: Auction, *asked: str) -> dict[str, str]:
    return {
        v.call.code: v.reason.value
        for v in offered_calls(so_far, tuple(Call.parse(c) for c in asked))
    }


def test_nothing_asked_the_first_speaker_gets_one_call_of_each_kind() -> None:
    # North speaks first (West deals): he may pass or open at the floor, 80; there is
    # no bid to coinche and no coinche to surcoinche. Spades: the first trump offered.
    assert offered(auction(COINCHE)) == {
        "pass": "pass",
        "80 spades": "opening",
        "coinche": "nothing-to-coinche",
        "surcoinche": "surcoinche-without-coinche",
    }


def test_the_bid_offered_is_one_step_above_the_last_in_its_trump() -> None:
    # After 90 hearts: 100 hearts is the lowest bid above it; East may coinche North.
    assert offered(auction(COINCHE, "90 hearts")) == {
        "pass": "pass",
        "100 hearts": "bid",
        "coinche": "coinche",
        "surcoinche": "surcoinche-without-coinche",
    }


def test_the_calls_asked_come_first_and_stand_for_their_kind() -> None:
    # After North's 80 hearts and East's coinche, South may surcoinche; the asked capot
    # stands for the bids (frozen by the coinche), so no other bid is added.
    so_far = auction(COINCHE, "80 hearts", "coinche")
    assert offered(so_far, "capot hearts", "surcoinche") == {
        "pass": "pass",
        "capot hearts": "contract-frozen",
        "coinche": "already-coinched",
        "surcoinche": "surcoinche",
    }


def test_in_a_bidding_box_order() -> None:
    so_far = auction(COINCHE, "90 spades")
    codes = list(offered(so_far, "surcoinche", "120 clubs", "capot hearts", "100 hearts", "pass"))
    assert codes == ["pass", "100 hearts", "120 clubs", "capot hearts", "coinche", "surcoinche"]


def test_classic_first_round_take_or_pass_and_no_suit_named_yet() -> None:
    assert offered(auction(MAISON, turned="9C")) == {
        "pass": "pass",
        "take": "take",
        "choose spades": "not-this-round",
    }


def test_classic_second_round_another_suit_and_no_take() -> None:
    so_far = auction(MAISON, "pass", "pass", "pass", "pass", turned="9C")
    assert offered(so_far) == {"pass": "pass", "take": "not-this-round", "choose spades": "choose"}


def test_an_auction_over_offers_nothing() -> None:
    assert offered(auction(COINCHE, "80 hearts", "pass", "pass", "pass"), "pass") == {}


def _random_auction(rules: RuleSet, rng: random.Random, turned: str | None) -> Auction:
    """An auction of random allowed calls, stopped at a random point or at its end."""
    so_far = auction(rules, turned=turned)
    menu = ["pass", "pass", "pass", "coinche", "surcoinche", "take", "choose hearts"]
    menu += [f"{points} {trump}" for points in range(80, 190, 10) for trump in ("hearts", "all")]
    menu += ["capot spades"]
    for _ in range(rng.randrange(12)):
        allowed = [c for c in menu if not so_far.is_over and so_far.verdict(Call.parse(c)).allowed]
        if not allowed:
            break
        so_far = so_far.push(Call.parse(rng.choice(allowed)))
    return so_far


@pytest.mark.parametrize(
    ("rules", "turned"),
    [(COINCHE, None), (CONTREE, None), (MAISON, "JH")],
    ids=["coinche", "contree", "classic"],
)
def test_whoever_speaks_is_offered_an_allowed_call_and_a_refused_one(
    rules: RuleSet, turned: str | None
) -> None:
    rng = random.Random(21)
    for _ in range(300):
        so_far = _random_auction(rules, rng, turned)
        verdicts = offered_calls(so_far, ())
        if so_far.is_over:
            assert verdicts == ()
            continue
        assert any(v.allowed for v in verdicts), so_far.calls
        assert not all(v.allowed for v in verdicts), so_far.calls


@cache
def inputs() -> Inputs:
    return load_inputs(Project(ROOT))


def auction_examples() -> list[Any]:
    return [
        example
        for page in inputs().pages
        for example in page.examples
        if example.checked.kind.name == "auction"
    ]


def test_the_site_shows_auction_examples_to_try() -> None:
    assert sum(1 for e in auction_examples() if e.answer.to_speak) >= 8


@pytest.mark.parametrize("example", auction_examples(), ids=lambda example: example.id)
def test_each_example_offers_every_kind_of_call_each_verdict_worked_by_hand(example: Any) -> None:
    scenario, answer = example.scenario, example.answer
    if answer.to_speak is None:
        assert answer.offered == ()
        return
    kinds = {verdict.call.kind for verdict in answer.offered}
    if scenario.rules.bidding is None:
        # Classic Belote: the turned card is taken, or another suit named, or passed.
        assert kinds >= {CallKind.PASS, CallKind.TAKE, CallKind.CHOOSE}, example.id
    else:
        assert kinds >= {CallKind.PASS, CallKind.COINCHE, CallKind.SURCOINCHE}, example.id
        assert any(verdict.call.is_bid for verdict in answer.offered), example.id
    assert any(v.allowed for v in answer.offered) and not all(v.allowed for v in answer.offered)
    # Each call the page offers has its verdict in the scenario, worked out by hand, so
    # the verdicts the page lists are all checked ones.
    by_hand = dict(scenario.expect.verdicts)
    assert {v.call: v.reason for v in answer.offered} == {
        v.call: by_hand.get(v.call) for v in answer.offered
    }, example.id


def english() -> Words:
    (language,) = [language for language in inputs().languages if language.code == "en"]
    return Words(Gettext(language), inputs().vocabulary)


def test_under_contree_no_call_or_reason_says_coinche() -> None:
    # FFB contrée 2016 §4.2.3 names the double "contre" and the redouble "surcontre".
    assert CONTREE.bidding is not None
    contree = replace(CONTREE, bidding=replace(CONTREE.bidding, double_name=DoubleName.CONTRE))
    words = english()
    for reason in CallReason:
        assert "coinch" not in str(words.call_reason(reason, contree)).lower(), reason
    for kind in (CallKind.COINCHE, CallKind.SURCOINCHE):
        assert "coinch" not in str(words.call(Call(kind), contree)).lower()
    assert "coinch" in str(words.call_reason(CallReason.ALREADY_COINCHED, COINCHE)).lower()


def test_a_first_bid_after_passes_is_an_opening_not_above_a_last_bid() -> None:
    # §4.1: with nobody having bid there is no "enchère précédente" to be above.
    so_far = auction(COINCHE, "pass", "pass")
    verdict = so_far.verdict(Call.parse("90 hearts"))
    assert verdict.reason is CallReason.OPENING
    assert "last bid" not in str(english().call_reason(verdict.reason))
    assert "last bid" in str(english().call_reason(CallReason.BID))
