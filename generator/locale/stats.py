"""Translation progress per language and per page."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from ..content.catalogs import Key, catalog_path, discover_languages, message_key, read_catalog
from ..content.files import InputFiles
from .catalogs import POT, extract


@dataclass
class Count:
    translated: int = 0
    fuzzy: int = 0
    missing: int = 0

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.missing

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0

    def add(self, message: Message) -> None:
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy:
            self.fuzzy += 1
        # A plural entry counts only with every form filled (Babel's statistics
        # would count it translated with one form).
        elif strings and all(strings):
            self.translated += 1
        else:
            self.missing += 1


def count(catalog: Catalog, pot: Catalog, keys: set[Key] | None = None) -> Count:
    """Translated, fuzzy and missing messages of `pot` (only those in `keys`, if given)."""
    tally = Count()
    for template in pot:
        if not template.id:
            continue
        if keys is not None and message_key(template.id, template.context) not in keys:
            continue
        message = catalog.get(template.id, context=template.context)
        if message is None:
            tally.missing += 1
        else:
            tally.add(message)
    return tally


def statistics(project: Path, pages: Mapping[str, set[Key]]) -> dict[str, dict[str, Count]]:
    """For each language: a count over all messages ("all") and one per page.

    `pages` holds, for each page, the messages it shows (the site finds them
    by rendering each page in English).
    """
    pot_path = extract(project)
    with pot_path.open("rb") as handle:
        pot = read_po(handle)
    files = InputFiles.of(project)
    table: dict[str, dict[str, Count]] = {}
    for lang in discover_languages(project / "locales")[1:]:
        catalog = read_catalog(catalog_path(project / "locales", lang), lang, files)
        row = {"all": count(catalog, pot)}
        for page, keys in pages.items():
            row[page] = count(catalog, pot, keys)
        table[lang] = row
    return table


def render(table: dict[str, dict[str, Count]]) -> str:
    if not table:
        return f"no catalogs yet (see {POT.parent}/); add one with `belote-site locale add LANG`"
    columns = list(next(iter(table.values())))
    width = max(28, *(len(name) + 2 for name in columns))
    lines = [
        f"{'language':<10}" + "".join(f"{name:>{width}}" for name in columns),
        f"{'':<10}" + "".join(f"{'translated/fuzzy/missing':>{width}}" for _ in columns),
    ]
    for lang, row in table.items():
        cells = [f"{c.translated}/{c.fuzzy}/{c.missing} ({c.percent:.0f} %)" for c in row.values()]
        lines.append(f"{lang:<10}" + "".join(f"{cell:>{width}}" for cell in cells))
    return "\n".join(lines)
