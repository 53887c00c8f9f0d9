"""A build over 100,000 scenarios: its time and its peak memory.

A copy of the project gets 100,000 extra play scenarios (100 files of
1,000) drawn from random positions; their expectations are the engine's
own answers, since the point is the build's cost, not a check of the
engine. The copy is built once with `belote-site build` in a fresh
process, whose peak resident memory is read from the kernel.

    .venv/bin/python bench/scenarios.py [--count N]
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT

from generator.content.files import InputFiles
from generator.content.rulesets import RuleSets
from generator.engine import DECK, Play, Position, Trump

PER_FILE = 1_000


def scenario_text(index: int, rng: random.Random, rules_ids: list[str], rulesets: RuleSets) -> str:
    """One play scenario in YAML, its `allowed` the engine's."""
    rules = rulesets.get_id(rng.choice(rules_ids))
    cards = list(DECK)
    rng.shuffle(cards)
    seat = rng.choice(rules.order)
    trick = []
    for _ in range(rng.randrange(rules.players)):
        trick.append(Play(seat, cards.pop()))
        seat = rules.next_seat(seat)
    hand = [cards.pop() for _ in range(rng.randint(1, rules.hand_size))]
    trump = rng.choice([t for t in Trump if rules.offers(t)])
    allowed = Position(rules, trump, tuple(trick), seat, tuple(hand)).legal_moves
    plays = ", ".join(f"{{seat: {p.seat.value}, card: {p.card.code}}}" for p in trick)
    return (
        f"- id: bulk-{index}\n  rules: {rules.id}\n  trump: {trump.value}\n"
        f"  trick: [{plays}]\n"
        f"  hand: {{seat: {seat.value}, cards: [{', '.join(c.code for c in hand)}]}}\n"
        f"  expect:\n    allowed: [{', '.join(c.code for c in allowed)}]\n"
    )


def make_project(target: Path, count: int) -> None:
    for name in ("content", "templates", "locales"):
        shutil.copytree(ROOT / name, target / name)
    shutil.copy2(ROOT / "babel.cfg", target / "babel.cfg")
    rulesets = RuleSets(target / "content" / "rulesets", InputFiles.of(target))
    # Four-player rule sets: every scenario's table has four seats.
    rules_ids = [r.id for r in rulesets.all() if r.players == 4]
    rng = random.Random(2026)
    folder = target / "content" / "scenarios" / "bulk"
    folder.mkdir(parents=True)
    for start in range(0, count, PER_FILE):
        texts = [scenario_text(i, rng, rules_ids, rulesets) for i in range(start, start + PER_FILE)]
        (folder / f"bulk-{start // PER_FILE:03d}.yaml").write_text("\n".join(texts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=100_000)
    count = parser.parse_args().count
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder) / "project"
        made = time.perf_counter()
        make_project(project, count)
        print(f"{count:,} scenarios written in {time.perf_counter() - made:.1f} s")
        started = time.perf_counter()
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "generator",
                "--project",
                str(project),
                "build",
                "--quiet",
                "--out",
                str(Path(folder) / "site"),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        seconds = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        if done.returncode:
            print(done.stderr.strip()[:2000])
            sys.exit(done.returncode)
        # The largest process's peak: the build's own (its workers are forked copies).
        print(
            f"build with {count:,} extra scenarios (and the site's own): {seconds:.1f} s, "
            f"peak memory {peak:,.0f} MB"
        )


if __name__ == "__main__":
    main()
