"""`belote-site serve --watch` in a real browser: the open page follows every edit.

One page stays open while the project under it is edited: a changed text
reloads it (rendered ahead of the site, then again once the site is built),
a bad edit shows the build's error line in a box at its top (as text,
whatever the line quotes) while the last good page stays, and the fix
reloads it without the box.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.project import fixture_copy
from test_serve import BUILD_TIMEOUT, GOOD, PAGE, SCENARIO, WRONG, Watching

from generator.site.serving.watch import OVERLAY_ID

PAGE_TEXTS = Path("content/pages/legal-cards.yaml")
# The English text of the page's first example, and that text edited.
TEXT = "and must play one of them."
EDITED = "and must play one of them, edited while the page is open."
# A bad card code that is markup: the box must show it, not build it.
HOSTILE = 'allowed: [KS, "<i id=injected>x</i>"]'
TIMEOUT_MS = BUILD_TIMEOUT * 1000


def _mark(page: Any) -> None:
    # Gone once the page reloads: tells the server's reload from no reload at all.
    page.evaluate("window.beloteUnreloaded = true")


def _reloaded(page: Any) -> bool:
    return bool(page.evaluate("window.beloteUnreloaded !== true"))


def _wait_for_the_build(page: Any, watching: Watching, printed: int) -> None:
    """Until the page shows the whole site's build: it reloads once rendered ahead, then
    again once the site is built, and a page is not read while it reloads."""
    from playwright.sync_api import expect

    watching.line_with("built ", after=printed)
    found = re.search(r'data-build="([0-9a-f]+)"', watching.get(PAGE))
    assert found is not None
    built = page.locator(f'script[data-build="{found.group(1)}"]')
    expect(built).to_have_count(1, timeout=TIMEOUT_MS)


@pytest.fixture
def watching(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Watching]:
    server = Watching(fixture_copy(tmp_path_factory.mktemp("live") / "project"))
    yield server
    status, printed = server.stop()
    assert status == 0, printed
    assert "Traceback" not in printed


def test_the_open_page_follows_edits_and_shows_a_bad_one(browser: Any, watching: Watching) -> None:
    from playwright.sync_api import expect  # the `browser` fixture made sure it is there

    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(watching.url + PAGE, wait_until="load")
        body, overlay = page.locator("body"), page.locator(f"#{OVERLAY_ID}")
        expect(body).to_contain_text(TEXT)

        # 1. A text edited: the page reloads and shows it, before the site is built (the
        # open page is rendered first) and again once it is.
        # Waited for until the page shows the site's build (a page is not read while it reloads).
        _mark(page)
        printed = watching.edit(PAGE_TEXTS, TEXT, EDITED)
        _wait_for_the_build(page, watching, printed)
        expect(body).to_contain_text(EDITED)
        assert _reloaded(page)

        # 2. An expectation the engine contradicts: the build's line, on the page as printed.
        _mark(page)
        printed = watching.edit(SCENARIO, GOOD, WRONG)
        line = watching.line_with("scenario follow-led-suit", after=printed)
        assert str(watching.project / SCENARIO) in line
        expect(overlay).to_have_text(line, timeout=TIMEOUT_MS)
        box = overlay.bounding_box()
        assert box is not None and box["y"] == 0, box
        assert watching.process.poll() is None, "the server stopped"
        assert EDITED in watching.get(PAGE), "the last good page is no longer served"
        expect(body).to_contain_text(EDITED)
        assert not _reloaded(page)

        # ... and a line that quotes markup stays text.
        printed = watching.edit(SCENARIO, WRONG, HOSTILE)
        line = watching.line_with("markup in a text", after=printed)
        assert "<i id=injected>" in line
        expect(overlay).to_have_text(line, timeout=TIMEOUT_MS)
        assert page.locator("#injected").count() == 0

        # 3. Fixed: the page reloads, and the box is gone (waited for as in 1).
        printed = watching.edit(SCENARIO, HOSTILE, GOOD)
        _wait_for_the_build(page, watching, printed)
        expect(overlay).to_have_count(0, timeout=TIMEOUT_MS)
        assert _reloaded(page)
        expect(body).to_contain_text(EDITED)
        assert errors == []
    finally:
        context.close()
