"""Finding Debian's Chromium and the checkers, for every test that opens a browser.

Outside CI a missing tool skips those tests (and says which); in CI
(CI=true) it fails them: `make test` installs the tools (scripts/ensure-tools).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Debian's Chromium; CHROMIUM may name another build (a CI runner's Chrome).
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def require(available: bool, what: str) -> None:
    """Skip without the tool outside CI; in CI a missing tool is a failure."""
    if available:
        return
    message = f"{what} is missing (scripts/ensure-tools installs it)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message + "; skipped outside CI")
