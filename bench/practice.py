"""The practice pages: the pool each carries, the deals it scores, what they weigh and cost.

Prints, for each rule set the practice page lists: the pool's size, the share
of its positions with a refused card (must be 100 %), which obligations its
refused cards teach and in which modes, the mix of scoring questions (made,
failed, litige, capot), the time to draw it all; then the practice pages'
HTML size beside the site's other pages (the anchor), and how often a build
draws the practice: a cold build once per rule set, a warm build that must
render the practice pages again (a catalog changed) never.
Run with `make bench` (or `python bench/practice.py`).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import yaml
from common import ROOT, best_of

from generator.content.files import InputFiles
from generator.content.rulesets import RuleSets
from generator.engine.practice import Question, practice_deals, practice_pool
from generator.site.pages import practice
from generator.site.pipeline import build as building

# Goals: a pool of hundreds per rule set, every position a question, drawing it cheap.
POOL_GOAL = 200
DRAW_GOAL_S = 0.5  # per rule set, pool and deals; a build draws each once, kept after


def main() -> None:
    given: dict[str, Any] = yaml.safe_load((ROOT / "content/pages/practice.yaml").read_text())
    seeds = tuple(given["seeds"])
    per_seed = given["per_seed"]
    rulesets = RuleSets(ROOT / "content" / "rulesets", InputFiles.of(ROOT))
    print(f"practice: seeds {', '.join(map(str, seeds))}, {per_seed} positions each")
    print(
        f"  {'rule set':<18} {'pool':>5} {'refused':>8} {'made':>5} {'failed':>6} "
        f"{'litige':>6} {'capot':>5} {'draw s':>7}"
    )
    for entry in given["practices"]:
        rules = rulesets.get_id(entry["rules"])
        pool = practice_pool(rules, seeds, per_seed)
        deals = practice_deals(rules, seeds[0])
        refused = sum(1 for p in pool if any(not v.allowed for v in p.verdicts))
        mix = Counter(deal.question for deal in deals)
        seconds = best_of(3, lambda rules=rules: practice.draw(rules, seeds, per_seed))
        print(
            f"  {rules.id:<18} {len(pool):>5} {100 * refused / len(pool):>7.0f}% "
            f"{mix[Question.MADE]:>5} {mix[Question.FAILED]:>6} {mix[Question.LITIGE]:>6} "
            f"{mix[Question.CAPOT]:>5} {seconds:>7.3f}"
        )
        taught = Counter(
            reason.value for p in pool for reason in {v.reason for v in p.verdicts if not v.allowed}
        )
        modes = Counter(p.trump.mode.value for p in pool)
        print(f"    positions refusing a card for: {dict(taught.most_common())}")
        print(f"    positions by mode: {dict(modes.most_common())}")
    builds(given)


def builds(given: dict[str, Any]) -> None:
    """A cold build and a warm one of a copy of the project, counting the practice's draws."""
    drawn = 0
    original = practice.draw

    def counted(*args: Any) -> practice.Drawn:
        nonlocal drawn
        drawn += 1
        return original(*args)

    practice.draw = counted
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "project"
        for name in ("content", "templates", "locales", "generator"):
            shutil.copytree(ROOT / name, root / name)
        shutil.copy2(ROOT / "babel.cfg", root / "babel.cfg")
        # The machine's pictures (shared by every checkout), but records of the copy's own:
        # a cold build draws every practice.
        home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        xdg = Path(folder) / "xdg-cache" / "belote-site"
        xdg.mkdir(parents=True)
        (xdg / "pictures").symlink_to(home / "belote-site" / "pictures")
        os.environ["XDG_CACHE_HOME"] = str(xdg.parent)
        out = Path(folder) / "site"
        project = building.Project(root)
        cold = best_of(1, lambda: building.build(project, out))
        cold_draws, drawn = drawn, 0
        sizes = {
            str(page.parent.relative_to(out)): page.stat().st_size
            for page in out.glob("*/**/index.html")
        }
        practice_pages = {k: v for k, v in sizes.items() if "/practice/" in f"/{k}/"}
        others = sorted(v for k, v in sizes.items() if k not in practice_pages)
        # A translation changed: every practice page of that language is rendered again.
        catalog = root / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
        text = catalog.read_text(encoding="utf-8")
        catalog.write_text(
            text.replace('msgstr "Position suivante"', 'msgstr "Position qui suit"'),
            encoding="utf-8",
        )
        warm = best_of(1, lambda: building.build(project, out))
        warm_draws = drawn
    practice.draw = original
    print("\npractice pages, HTML bytes (anchor: the site's other pages)")
    for lang in sorted({key.split("/")[0] for key in practice_pages}):
        line = "  ".join(
            f"{key.split('/')[-1]} {size / 1024:.0f} KB"
            for key, size in sorted(practice_pages.items())
            if key.startswith(f"{lang}/")
        )
        print(f"  {lang}: {line}")
    median = others[len(others) // 2]
    print(f"  other pages: median {median / 1024:.0f} KB, largest {others[-1] / 1024:.0f} KB")
    rule_sets = len(given["practices"])
    print("\ndraws of the practice (pool and deals), one per rule set at most")
    print(f"  cold build: {cold_draws} draws (goal {rule_sets}), {cold:.2f} s")
    print(f"  warm build, the French catalog changed: {warm_draws} draws (goal 0), {warm:.2f} s")


if __name__ == "__main__":
    main()
