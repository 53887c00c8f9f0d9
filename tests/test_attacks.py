"""The two attacks of the hostile-input issue, tried for real: in the built files, and in Chromium.

- Script by composition: each message alone looks harmless (a translation
  ending in "<", a card name beginning "img src=x onerror=..."); put
  together on a page they would make an element. Translations are text, so
  the page shows the characters and no element appears.
- Symlinked secrets: a picture in the cache replaced by a link to a file
  outside the project holding a token. Nothing of it may be published.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.html import parse
from helpers.project import cli_quiet, fresh_copy, po_path

from generator.site.pipeline.project import machine_cache
from generator.site.serving.serve import local_server

SECRET = "belote-secret-token-4242"
PAYLOAD = "img src=x onerror=window.__owned=true "


def _translate(path: Path, msgid: str, msgstr: str, context: str | None = None) -> None:
    """Give one message of a catalog this translation, whatever it had before."""
    text = path.read_text(encoding="utf-8")
    where = (f'msgctxt "{context}"\n' if context else "") + f'msgid "{msgid}"\nmsgstr '
    pattern = re.compile(r"(?m)^" + re.escape(where) + r'".*"$(\n^".*"$)*')
    assert pattern.search(text), where
    new = where + '"' + msgstr.replace('"', '\\"') + '"'
    path.write_text(pattern.sub(lambda _: new, text, count=1), encoding="utf-8")


@pytest.fixture(scope="module")
def attacked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    project = fresh_copy(tmp_path_factory, "attacked")
    catalog = po_path(project, "sk")
    # A phrase ending in "<" before its card, and a card name that continues it.
    _translate(catalog, "East plays %(card)s.", "Východ hrá <%(card)s.", "plays")
    _translate(catalog, "the jack of hearts", PAYLOAD, "card-object")
    _translate(catalog, "Jack of hearts", PAYLOAD, "card")
    # A comment opener, which would hide the rest of the page.
    _translate(catalog, "Card by card", "<!-- Karta po karte")
    # A secret outside the project, and a cached picture linked to it: in a machine cache
    # of this build's own, so that no other test sees the link. Its pictures are a copy of
    # the machine's (not of the files other builds are writing there under hidden names,
    # renamed away meanwhile); its records are the machine's own folder, which holds
    # nothing to attack here and grows to hundreds of megabytes (a copy took 40 s).
    outside = project.parent / "secret.txt"
    outside.write_text(SECRET)
    xdg = project.parent / "xdg-cache"
    shutil.copytree(
        machine_cache() / "pictures",
        xdg / "belote-site" / "pictures",
        ignore=shutil.ignore_patterns(".*"),
    )
    (machine_cache() / "records").mkdir(parents=True, exist_ok=True)
    (xdg / "belote-site" / "records").symlink_to(machine_cache() / "records")
    pictures = sorted((xdg / "belote-site" / "pictures").glob("*.png"))
    assert pictures
    victim = pictures[0]
    victim.unlink()
    victim.symlink_to(outside)
    site = project.parent / "site"
    saved = {name: os.environ.get(name) for name in ("BELOTE_TEST_SECRET", "XDG_CACHE_HOME")}
    os.environ.update(BELOTE_TEST_SECRET=SECRET, XDG_CACHE_HOME=str(xdg))
    try:
        cli_quiet(project, "build", "--out", site)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return project, site


def test_the_composed_script_is_text_on_the_page(attacked: tuple[Path, Path]) -> None:
    _, site = attacked
    page = site / "sk" / "legal-cards" / "index.html"
    html = page.read_text(encoding="utf-8")
    assert "onerror" in html, "the payload should be on the page, as text"
    for element in parse(page).iter():
        assert not any(name.startswith("on") for name in element.attrs), element
        assert not (element.tag == "img" and element.attrs.get("src") == "x"), element
    assert "Východ hrá &lt;img src=x onerror=window.__owned=true " in html


def test_a_comment_opener_hides_nothing(attacked: tuple[Path, Path]) -> None:
    _, site = attacked
    page = site / "sk" / "legal-cards" / "index.html"
    html = page.read_text(encoding="utf-8")
    assert "<!--" not in html
    assert "&lt;!-- Karta po karte" in html
    footer = [e for e in parse(page).iter() if e.tag == "footer"]
    assert footer and footer[0].text()


def test_no_secret_and_no_link_is_published(attacked: tuple[Path, Path]) -> None:
    _, site = attacked
    for path in site.rglob("*"):
        assert not path.is_symlink(), path
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
    for picture in (site / "img").glob("*.png"):
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", picture
    for picture in (site / "img").glob("*.webp"):
        data = picture.read_bytes()
        assert data[:4] == b"RIFF" and data[8:12] == b"WEBP", picture


@pytest.fixture(scope="module")
def browser_page(attacked: tuple[Path, Path], browser: Any) -> Iterator[Any]:
    with local_server(attacked[1]) as url:
        page = browser.new_page()
        dialogs: list[str] = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(url + "sk/legal-cards/index.html", wait_until="load")
        yield page, dialogs, url
        page.close()


def test_in_the_browser_no_script_runs(browser_page: tuple[Any, list[str], str]) -> None:
    page, dialogs, _ = browser_page
    page.wait_for_load_state("networkidle")
    assert page.evaluate("() => window.__owned") is None
    assert dialogs == []
    assert page.evaluate("() => document.querySelectorAll('img[onerror], [onerror]').length") == 0
    # All of it, answers the reader has not asked for yet included.
    text = page.evaluate("() => document.body.textContent")
    assert "<img src=x onerror=window.__owned=true" in text
    assert re.search(r"<!-- Karta po karte", text)
    # The footer is still there: nothing was commented out.
    assert page.evaluate("() => !!document.querySelector('footer')")


def test_in_the_browser_every_picture_is_a_picture(
    browser_page: tuple[Any, list[str], str],
) -> None:
    page, _, _ = browser_page
    broken = page.evaluate(
        """async () => {
            const images = [...document.images];
            images.forEach(img => { img.loading = "eager"; });
            await Promise.all(images.map(img => img.decode().catch(() => null)));
            return images.filter(img => !img.complete || img.naturalWidth === 0)
                         .map(img => img.src);
        }"""
    )
    assert broken == []
