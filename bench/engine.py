"""Engine speed: legal-card evaluations per second and complete deals per second.

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
from generator.content.rulesets import RuleSets
from generator.engine import (
    DECK,
    Card,
    Play,
    RuleSet,
    Trump,
    deal_hands,
    legal_cards,
    lowest_card,
    play_deal,
)

Position = tuple[RuleSet, Trump, list[Play], object, list[Card]]


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
        hand = [cards.pop() for _ in range(rng.randint(1, 8))]
        positions.append((rules, rng.choice(list(Trump)), trick, seat, hand))
    return positions


def main() -> None:
    rulesets = RuleSets(ROOT / "content" / "rulesets").all()
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


def explain_many(count: int, rng: random.Random) -> None:
    """`belote-site explain` on one file of `count` random play scenarios."""
    documents = []
    for number, (rules, trump, trick, seat, hand) in enumerate(
        random_positions(RuleSets(ROOT / "content" / "rulesets").all(), count, rng)
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
