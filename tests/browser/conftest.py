"""A built site served on 127.0.0.1, and Debian's Chromium driven by Playwright.

Outside CI a missing tool skips these tests (and says which); in CI
(CI=true) it fails them: `make test` installs the tools (scripts/ensure-tools).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.project import shared_build

from generator.site.serve import local_server

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


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared_build(tmp_path_factory)[1]


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[str]:
    with local_server(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require(False, "Playwright (pip install -e '.[browser]')")
    require(Path(CHROMIUM).exists(), "Debian's chromium")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    folder = Path(os.environ.get("BELOTE_SCREENSHOTS", ROOT / "screenshots"))
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


@pytest.fixture(scope="session")
def axe_script() -> Path:
    require(AXE.exists(), "npm axe-core")
    return AXE


@pytest.fixture(scope="session")
def vnu() -> list[str]:
    require(VNU.exists(), "npm vnu-jar")
    java = shutil.which("java")
    require(java is not None, "a Java runtime")
    return [str(java), "-jar", str(VNU)]
