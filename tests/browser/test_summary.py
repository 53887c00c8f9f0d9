"""The one-page summaries, printed: exactly one A4 sheet in every language.

The summaries are the content's pages of kind `summary`, read from the page
files; Chromium prints each as the reader's browser would (`page.pdf()`,
A4, the site's print style).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers.project import ADVERTISED, ROOT

# A page object of the PDF (not the `/Pages` tree that holds them).
_PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def summaries() -> list[str]:
    found = []
    for path in sorted((ROOT / "content" / "pages").glob("*.yaml")):
        page = yaml.safe_load(path.read_text(encoding="utf-8"))
        if page["kind"] == "summary":
            found.append(page["slug"])
    return found


def printed_pages(browser: Any, url: str) -> int:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url, wait_until="load")
        return len(_PAGE.findall(page.pdf(format="A4", print_background=True)))
    finally:
        context.close()


def test_there_is_a_summary_of_each_game() -> None:
    assert len(summaries()) >= 2


def test_the_page_count_sees_a_long_page_s_sheets(browser: Any, server: str) -> None:
    # The counter itself: the full rules page prints on several sheets.
    assert printed_pages(browser, f"{server}en/rules/index.html") > 1


@pytest.mark.parametrize("lang", sorted(ADVERTISED))
@pytest.mark.parametrize("slug", summaries())
def test_a_summary_prints_on_one_a4_sheet(
    browser: Any, server: str, built_site: Path, lang: str, slug: str
) -> None:
    assert (built_site / lang / slug / "index.html").is_file()
    assert printed_pages(browser, f"{server}{lang}/{slug}/index.html") == 1
