"""Engine speed: legal cards, complete deals, auctions and contract scores per second.

Goals on the project's 2-core machine: 100,000 evaluations/s, 3,000 deals/s.
Run with `make bench` (or `python bench/engine.py`).
"""

from __future__ import annotations

import contextlib
import io
import random
import tempfile
import time
from pathlib import Path

import yaml
from common import ROOT, best_of

from generator.cli import main as cli
from generator.content.files import InputFiles
from generator.content.rulesets import RuleSets
from generator.engine import (
    DECK,
    Auction,
    Call,
    CallKind,
    Card,
    Coinche,
    Contract,
    DealFacts,
    Level,
    Play,
    RuleSet,
    Trump,
    deal_hands,
    legal_cards,
    lowest_card,
    play_deal,
    score_deal,
)

Position = tuple[RuleSet, Trump, list[Play], object, list[Card]]


def project_rulesets() -> list[RuleSet]:
    return RuleSets(ROOT / "content" / "rulesets", InputFiles.of(ROOT)).all()


def random_positions(rulesets: list[RuleSet], count: int, rng: random.Random) -> list[Position]:
    positions: list[Position] = []
    for _ in range(count):
        rules = rng.choice(rulesets)
        cards = list(DECK)
        rng.shuffle(cards)
        seat = rng.choice(rules.order)
        trick = []
        for _ in range(rng.randrange(rules.players)):
            trick.append(Play(seat, cards.pop()))
            seat = rules.next_seat(seat)
        hand = [cards.pop() for _ in range(rng.randint(1, rules.hand_size))]
        trump = rng.choice([t for t in Trump if rules.offers(t)])
        positions.append((rules, trump, trick, seat, hand))
    return positions


def random_auction(rules: RuleSet, rng: random.Random) -> list[Call]:
    """Calls that are all allowed, to the auction's end: bids, passes, a coinche now and then."""
    auction = Auction(rules, rng.choice(rules.order))
    calls: list[Call] = []
    bidding = rules.bidding
    assert bidding is not None
    trumps = [t for t in Trump if rules.offers(t)]
    while not auction.is_over:
        options = [Call(CallKind.PASS)] * 3
        best = max((c.points or 0 for c in calls if c.kind is CallKind.BID), default=0)
        value = max(bidding.floor, best + bidding.step)
        if bidding.ceiling is None or value <= bidding.ceiling:
            options.append(Call(CallKind.BID, value, rng.choice(trumps)))
        options += [Call(CallKind.COINCHE), Call(CallKind.SURCOINCHE)]
        call = rng.choice([c for c in options if auction.verdict(c).allowed])
        auction = auction.push(call)
        calls.append(call)
    return calls


def main() -> None:
    rulesets = project_rulesets()
    rng = random.Random(2026)

    positions = random_positions(rulesets, 50_000, rng)

    def evaluate() -> None:
        for rules, trump, trick, seat, hand in positions:
            legal_cards(rules, trump, trick, seat, hand)  # type: ignore[arg-type]

    seconds = best_of(3, evaluate)
    print(
        f"legal-card evaluations: {len(positions) / seconds:,.0f}/s "
        f"({len(positions):,} random positions in {seconds:.3f} s; goal 100,000/s)"
    )

    deals = []
    for _ in range(2_000):
        rules = rng.choice(rulesets)
        deals.append(
            (rules, rng.choice(list(Trump)), deal_hands(rules, rng), rng.choice(rules.order))
        )

    def play_all() -> None:
        for rules, trump, hands, leader in deals:
            play_deal(rules, trump, hands, leader, lowest_card)

    seconds = best_of(3, play_all)
    print(
        f"complete deals: {len(deals) / seconds:,.0f}/s "
        f"({len(deals):,} deals, lowest legal card each turn, in {seconds:.3f} s; goal 3,000/s)"
    )

    bidding = [rules for rules in rulesets if rules.bidding is not None]
    auctions = []
    for _ in range(5_000):
        rules = rng.choice(bidding)
        auctions.append((rules, rng.choice(rules.order), random_auction(rules, rng)))

    def resolve_all() -> None:
        for rules, dealer, calls in auctions:
            Auction(rules, dealer, tuple(calls)).outcome  # noqa: B018

    seconds = best_of(3, resolve_all)
    print(
        f"auctions resolved: {len(auctions) / seconds:,.0f}/s "
        f"({len(auctions):,} auctions, {sum(len(a[2]) for a in auctions):,} calls, "
        f"in {seconds:.3f} s)"
    )

    contracts = []
    for _ in range(20_000):
        rules = rng.choice(bidding)
        trump = rng.choice([t for t in Trump if rules.offers(t)])
        taker = rng.choice(rules.order)
        takers, defence = rules.side_of(taker), rules.opponents(rules.side_of(taker))[0]
        total = rules.deal_points(trump)
        points = rng.randint(0, total)
        assert rules.bidding is not None
        bid = rng.randrange(
            rules.bidding.floor, (rules.bidding.ceiling or 160) + 1, rules.bidding.step
        )
        contract = Contract(taker, trump, Level.POINTS, bid, rng.choice(list(Coinche)))
        contracts.append(
            (
                rules,
                DealFacts(
                    trump, taker, {takers: points, defence: total - points}, contract=contract
                ),
            )
        )

    def score_all() -> None:
        for rules, facts in contracts:
            score_deal(rules, facts)

    seconds = best_of(3, score_all)
    print(
        f"contract scores: {len(contracts) / seconds:,.0f}/s "
        f"({len(contracts):,} contracts, plain, coinched and surcoinched, in {seconds:.3f} s)"
    )


def explain_many(count: int, rng: random.Random) -> None:
    """`belote-site explain` on one file of `count` random play scenarios."""
    documents = []
    for number, (rules, trump, trick, seat, hand) in enumerate(
        random_positions(project_rulesets(), count, rng)
    ):
        documents.append(
            {
                "id": f"bench-{number}",
                "rules": rules.id,
                "trump": trump.value,
                "trick": [{"seat": p.seat.value, "card": p.card.code} for p in trick],
                "hand": {"seat": seat.value, "cards": [c.code for c in hand]},  # type: ignore[attr-defined]
            }
        )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scenarios.yaml"
        path.write_text(yaml.safe_dump(documents, sort_keys=False))
        output = io.StringIO()
        start = time.perf_counter()
        with contextlib.redirect_stdout(output):
            status = cli(["--content", str(ROOT / "content"), "explain", str(path)])
        seconds = time.perf_counter() - start
    assert status == 0
    print(f"belote-site explain: {count:,} scenarios in {seconds:.2f} s (goal: a few seconds)")


if __name__ == "__main__":
    main()
    explain_many(10_000, random.Random(10))
