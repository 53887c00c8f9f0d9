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
from helpers.browser import AXE, CHROMIUM, CHROMIUM_ARGS, ROOT, VNU, require
from helpers.project import shared_build

from generator.site.serving.serve import local_server

__all__ = ["AXE", "CHROMIUM", "CHROMIUM_ARGS", "ROOT", "VNU", "require"]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared_build(tmp_path_factory)[1]


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[str]:
    with local_server(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def screenshots() -> Path:
    # Shared by the workers of a run: each writes its own pages' pictures over the last run's.
    folder = Path(os.environ.get("BELOTE_SCREENSHOTS", ROOT / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
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
