"""Translation progress per language and per page."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from ..site.build import Project, page_messages
from ..site.i18n import catalog_path, discover_languages, read_catalog
from .catalogs import POT, Count, count, extract


def statistics(project: Path) -> dict[str, dict[str, Count]]:
    """For each language: a count over all messages ("all") and one per page."""
    pot_path = extract(project)
    with pot_path.open("rb") as handle:
        pot = read_po(handle)
    pages = page_messages(Project(project))
    table: dict[str, dict[str, Count]] = {}
    for lang in discover_languages(project / "locales")[1:]:
        catalog = read_catalog(catalog_path(project / "locales", lang), lang)
        row = {"all": count(catalog, pot)}
        for page, keys in pages.items():
            row[page] = count(catalog, pot, keys)
        table[lang] = row
    return table


def render(table: dict[str, dict[str, Count]]) -> str:
    if not table:
        return f"no catalogs yet (see {POT.parent}/); add one with `belote-site locale add LANG`"
    columns = list(next(iter(table.values())))
    lines = [
        f"{'language':<10}" + "".join(f"{name:>28}" for name in columns),
        f"{'':<10}" + "".join(f"{'translated/fuzzy/missing':>28}" for _ in columns),
    ]
    for lang, row in table.items():
        cells = [f"{c.translated}/{c.fuzzy}/{c.missing} ({c.percent:.0f} %)" for c in row.values()]
        lines.append(f"{lang:<10}" + "".join(f"{cell:>28}" for cell in cells))
    return "\n".join(lines)
