"""Lighthouse on the legal-cards page in two languages, served on 127.0.0.1.

Goals: performance >= 0.95, accessibility 1.0, best practices >= 0.95,
SEO >= 0.95. Needs Debian's chromium and the npm packages
(scripts/ensure-tools installs them). Run with `make bench`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from common import ROOT, build_site

from generator.site.serving.serve import local_server

LIGHTHOUSE = ROOT / "bench" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run"
)
RUNS = 3  # Lighthouse's timings vary on a busy machine: the median of three runs counts
GOALS = {"performance": 0.95, "accessibility": 1.0, "best-practices": 0.95, "seo": 0.95}
PAGES = ["sk/legal-cards/", "vi/legal-cards/"]


def _lighthouse(url: str, report: Path) -> tuple[dict[str, float], dict[str, str]]:
    """One Lighthouse run: the category scores and the main timings."""
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={report}",
            f"--chrome-flags={CHROME_FLAGS}",
            "--only-categories=performance,accessibility,best-practices,seo",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": os.environ.get("CHROMIUM", "/usr/bin/chromium")},
    )
    data = json.loads(report.read_text())
    scores = {name: float(data["categories"][name]["score"]) for name in GOALS}
    metrics = {
        key: str(data["audits"][key]["displayValue"])
        for key in (
            "first-contentful-paint",
            "largest-contentful-paint",
            "total-blocking-time",
            "cumulative-layout-shift",
        )
    }
    return scores, metrics


def main() -> int:
    if not LIGHTHOUSE.exists():
        print("lighthouse is missing: run scripts/ensure-tools --lighthouse", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "site"
        build_site(out)
        missed = []
        with local_server(out) as base:
            for page in PAGES:
                runs = [_lighthouse(base + page, Path(folder) / "report.json") for _ in range(RUNS)]
                scores = {name: sorted(run[0][name] for run in runs)[RUNS // 2] for name in GOALS}
                metrics = runs[-1][1]
                line = ", ".join(f"{name} {score:.2f}" for name, score in scores.items())
                print(
                    f"{page}: {line} (median of {RUNS}; last run: "
                    f"{', '.join(f'{k} {v}' for k, v in metrics.items())})"
                )
                missed += [f"{page} {n}" for n, s in scores.items() if s < GOALS[n]]
    print("goals met" if not missed else f"below goal: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
