"""Translation progress per language, and per page on demand.

The share is the build's own (generator/site/pipeline/progress.py): of the messages
the pages show, those a reader sees translated, rounded down. So the table
and the build's summary say the same percentage for a language, and
`--min 90` fails exactly when `advertise_from: 90` would hide it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from ..content.catalogs import Key, catalog_path, message_key, read_catalog
from ..content.files import InputFiles
from ..site.pipeline.progress import percent_text, site_messages
from ..site.rendering.i18n import Language
from .catalogs import POT, extract

SITE = "all pages"  # the row of the whole site: a page's name has no space


@dataclass(frozen=True)
class Count:
    translated: int
    fuzzy: int
    missing: int
    percent: float


def count(catalog: Catalog, language: Language, shown: Set[Key]) -> Count:
    """Translated, fuzzy and missing among `shown`, and the build's share for them."""
    translated = shown & (language.translated or frozenset())
    fuzzy = 0
    for context, msgid in shown - translated:
        message = catalog.get(msgid, context=context)
        if message is not None and message.fuzzy:
            fuzzy += 1
    missing = len(shown) - len(translated) - fuzzy
    return Count(len(translated), fuzzy, missing, language.completeness(shown))


@dataclass(frozen=True)
class Table:
    rows: dict[str, dict[str, Count]]  # language -> SITE, then each page -> its count
    shown: int  # messages on some page
    unshown: int  # messages of the template on no page, counted nowhere


def statistics(
    project: Path, languages: Sequence[Language], pages: Mapping[str, set[Key]]
) -> Table:
    """For each translated language: its count over the site, and one per page.

    `languages` are the build's (English left out), `pages` the messages each
    page shows (the site finds them by rendering each page in English).
    """
    with extract(project).open("rb") as handle:
        pot = read_po(handle)
    files = InputFiles.project(project)
    everything = site_messages(pages)
    rows: dict[str, dict[str, Count]] = {}
    for language in languages:
        # The build keeps no fuzzy flags: those are counted from the file.
        catalog = read_catalog(
            catalog_path(project / "locales", language.code), language.code, files
        )
        row = {SITE: count(catalog, language, everything)}
        for page, keys in pages.items():
            row[page] = count(catalog, language, keys)
        rows[language.code] = row
    template = {message_key(m.id, m.context) for m in pot if m.id}
    return Table(rows, len(everything), len(template - everything))


HEADINGS = ("translated", "fuzzy", "missing", "percent")


def render(table: Table, *, per_page: bool = False) -> str:
    """One row per language (fits 80 columns), or per language and page with `per_page`."""
    if not table.rows:
        return f"no catalogs yet (see {POT.parent}/); add one with `belote-site locale add LANG`"
    code = max(8, *(len(lang) for lang in table.rows))
    names = list(next(iter(table.rows.values()))) if per_page else [SITE]
    page = max(len(name) for name in names) if per_page else 0
    widths = [max(len(heading), 7) for heading in HEADINGS]

    def line(lang: str, name: str, cells: Sequence[str]) -> str:
        first = f"{lang:<{code}}" + (f"  {name:<{page}}" if per_page else "")
        return first + "".join(
            f"  {cell:>{width}}" for cell, width in zip(cells, widths, strict=True)
        )

    lines = [line("language", "page", HEADINGS)]
    for lang, row in table.rows.items():
        for name in names:
            c = row[name]
            cells = (str(c.translated), str(c.fuzzy), str(c.missing), percent_text(c.percent))
            lines.append(line(lang, name, cells))
    lines.append(
        f"{table.shown} messages on the pages, counted as the build does"
        + (f"; {table.unshown} more are on no page" if table.unshown else "")
    )
    return "\n".join(line.rstrip() for line in lines)
