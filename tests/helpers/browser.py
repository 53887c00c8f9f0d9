"""Finding Debian's Chromium and the checkers, for every test that opens a browser.

Outside CI a missing tool skips those tests (and says which); in CI
(CI=true) it fails them: `make test` installs the tools (scripts/ensure-tools).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

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
# The root page sends a browser on to its language (tests/test_trust.py proves it): a
# browser whose only language the site has not stays on it, as the test of a page needs.
# A tab the script moved on would measure the language's home page, half loaded, and see
# the root's own requests cut short.
STRANGER = "ja-JP"
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def require(available: bool, what: str) -> None:
    """Skip without the tool outside CI; in CI a missing tool is a failure."""
    if available:
        return
    message = f"{what} is missing (scripts/ensure-tools installs it)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message + "; skipped outside CI")


def run_axe(page: Any, axe: Path, options: str = "") -> list[dict[str, Any]]:
    """axe's violations on the open page.

    The page's policy lets only same-origin scripts run, so axe is served as if it
    were one of the site's files (intercepted, never written into the site).
    """
    origin = "{0.scheme}://{0.netloc}".format(urlparse(page.url))
    url = f"{origin}/__axe__/axe.min.js"
    page.route(url, lambda route: route.fulfill(path=str(axe), content_type="text/javascript"))
    page.add_script_tag(url=url)
    return list(page.evaluate(f"async () => (await axe.run({options})).violations"))
