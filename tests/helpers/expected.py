"""What the site must have, read from the content files by the tests themselves.

The generator discovers its pages and languages; the tests do not ask it.
They read the content as a contributor would (a page file per page, one page
per variant file and per practised rule set; a catalog per language) so that
a page or language the build silently drops fails a test instead of taking
its tests with it. Nothing here builds or imports the generator.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
SOURCE = "en"
# The languages the project has today: losing one fails, adding one breaks nothing.
KNOWN_LANGUAGES = ("cs", "en", "fr", "hr", "sk", "vi")


def expected_pages(root: Path = ROOT) -> list[str]:
    """Every page each language has, below its folder ("" for home, "rules/")."""
    pages: list[str] = []
    for path in sorted((root / "content" / "pages").glob("*.yaml")):
        page = yaml.safe_load(path.read_text(encoding="utf-8"))
        if page["kind"] == "home":
            pages.append("")
        elif page["kind"] == "variants":
            variants = sorted((root / "content" / "variants").glob("*.yaml"))
            pages += [f"{page['slug']}/{variant.stem}/" for variant in variants]
        elif page["kind"] == "practice":
            pages += [f"{page['slug']}/{entry['rules']}/" for entry in page["practices"]]
        else:
            pages.append(f"{page['slug']}/")
    return pages


def expected_languages(root: Path = ROOT) -> list[str]:
    """English, then every language with a catalog, in the order of their codes."""
    catalogs = (root / "locales").glob("*/LC_MESSAGES/messages.po")
    return [SOURCE, *sorted(path.parents[1].name for path in catalogs)]


def advertised_languages(root: Path = ROOT) -> list[str]:
    """The languages a reader is offered: English, and those whose catalog translates at
    least `advertise_from` percent of its messages (content/site.yaml)."""
    settings = yaml.safe_load((root / "content" / "site.yaml").read_text(encoding="utf-8"))
    threshold = settings["advertise_from"]
    found = [SOURCE]
    for lang in expected_languages(root)[1:]:
        path = root / "locales" / lang / "LC_MESSAGES" / "messages.po"
        with path.open("rb") as handle:
            catalog = read_po(handle)
        messages = [message for message in catalog if message.id]
        done = [
            message
            for message in messages
            if not message.fuzzy
            and (all(message.string) if isinstance(message.string, tuple) else message.string)
        ]
        if messages and 100 * len(done) >= threshold * len(messages):
            found.append(lang)
    return found
