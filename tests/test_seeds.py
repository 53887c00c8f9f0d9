"""The built pages read as the published seed pages do, line for line.

Each non-empty line of a seed text (its numbering and bullets aside) must
appear, in order, in the text of the page built for that language, where a
picture counts as its alt text, as in the seeds' own extraction ("Kráľ
pikySedmička piky" is two card pictures). The seeds are reference copies
kept in tests/reference/seeds (see its README); the site's deliberate
departures from them are listed, with their reasons, in departures.yaml.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from helpers.html import Element, collapse, parse
from helpers.project import shared_build

SEEDS = Path(__file__).resolve().parent / "reference" / "seeds"
BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "tr", "caption", "figcaption", "summary", "dt", "dd"}
# Which built page each seed is (seed pages 000, 002, 003, 004).
SEED_PAGES = [
    ("000_c22eabdb2c410ed6.txt", "sk", "legal-cards"),
    ("002_033e70d390f6663e.txt", "vi", "legal-cards"),
    ("003_29962bcf9bdb6fb4.txt", "cs", "variants/classic-team"),
    ("004_e8a980b5dfcb3b78.txt", "hr", "rules"),
]


@dataclass(frozen=True)
class Departure:
    file: str
    seed: str | None  # the one seed line containing this text
    page: str | None
    why: str
    pattern: str | None = None  # or every seed line this regular expression matches, left out
    whole: bool = False  # `seed` is a whole line (a heading the next lines also contain)


def departures() -> list[Departure]:
    entries = yaml.safe_load((SEEDS / "departures.yaml").read_text(encoding="utf-8")) or []
    return [
        Departure(
            e["file"],
            e.get("seed"),
            e.get("page"),
            e["why"],
            e.get("pattern"),
            e.get("whole", False),
        )
        for e in entries
    ]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared_build(tmp_path_factory)[1]


def page_lines(element: Element) -> list[str]:
    """The page's text, one line per block element, pictures as their alt text."""
    lines: list[str] = []

    def walk(node: Element, into: list[str], in_figure: bool = False) -> None:
        for child in node.children:
            if isinstance(child, str):
                into.append(child)
            elif child.tag == "img":
                # A figure's alt text is the site's own description, not the seed's.
                into.append("" if in_figure else child.attrs.get("alt", ""))
            elif child.tag in ("script", "style", "template"):
                continue
            elif child.attrs.get("role") == "img":
                # A picture made of markup: a reader hears its label, as an img's alt.
                lines.append(collapse(child.attrs.get("aria-label", "")))
            elif child.tag == "figure":
                walk(child, into, in_figure=True)
            elif child.tag in BLOCKS:
                inner: list[str] = []
                walk(child, inner, in_figure)
                lines.append(collapse("".join(inner)))
            else:
                walk(child, into, in_figure)

    main = element.find_all("main")[0]
    walk(main, [])
    return [line for line in lines if line]


def raw_seed_lines(name: str) -> list[str]:
    lines = []
    for raw in (SEEDS / name).read_text(encoding="utf-8").splitlines():
        line = collapse(re.sub(r"^(?:•|\d+\.)\s*", "", raw.strip()))
        if line:
            lines.append(line)
    return lines


def seed_lines(name: str) -> list[str]:
    """The seed's lines as the site prints them: its listed departures applied."""
    lines = raw_seed_lines(name)
    for departure in departures():
        if departure.file != name:
            continue
        if departure.pattern is not None and departure.page is not None:
            # Every line the expression matches, rewritten (`page` may refer to its groups).
            changed = [re.sub(departure.pattern, departure.page, line) for line in lines]
            assert changed != lines, f"departure {departure.pattern!r} matches no line"
            lines = changed
            continue
        if departure.pattern is not None:
            kept = [line for line in lines if not re.search(departure.pattern, line)]
            assert len(kept) < len(lines), f"departure {departure.pattern!r} matches no line"
            lines = kept
            continue
        assert departure.seed is not None
        seed = departure.seed
        hits = [
            i for i, line in enumerate(lines) if (line == seed if departure.whole else seed in line)
        ]
        assert len(hits) == 1, f"departure {departure.seed!r} matches {len(hits)} lines of {name}"
        index = hits[0]
        if departure.page is None:
            del lines[index]
        else:
            lines[index] = lines[index].replace(departure.seed, departure.page)
    return lines


def _normal(text: str) -> str:
    # A no-break space (CLDR puts one after Czech "a") reads as a space.
    return collapse(text.replace("\xa0", " ").replace("\u202f", " "))


def test_every_departure_names_a_seed_and_a_reason() -> None:
    names = {name for name, _, _ in SEED_PAGES}
    for departure in departures():
        assert departure.file in names, departure
        assert departure.why.strip(), departure
        assert (departure.seed is None) != (departure.pattern is None), departure
        assert departure.seed is None or departure.seed != departure.page, departure


@pytest.mark.parametrize(("seed", "lang", "page"), SEED_PAGES)
def test_page_reads_as_its_seed(site: Path, seed: str, lang: str, page: str) -> None:
    text = "\n".join(_normal(line) for line in page_lines(parse(site / lang / page / "index.html")))
    position = 0
    for line in seed_lines(seed):
        found = text.find(_normal(line), position)
        assert found >= 0, f"seed line not found after position {position}: {line!r}"
        position = found + len(_normal(line))
