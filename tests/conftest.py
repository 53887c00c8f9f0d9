"""Shared fixtures and small helpers for the engine and CLI tests.

Expected values in the tests are worked out by hand from
the rule books
(FFB 2015 and 2016, pagat.com, cited in content/rulesets/); the helpers here only build inputs.

The engine tests' rule sets are built in Python by `helpers.rules` (MAISON,
COINCHE, CONTREE, three_players(), anticlockwise()), never read from
`content/`: editing the site's content must not change what the engine is
tested against.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import rules as books
from helpers.browser import CHROMIUM, CHROMIUM_ARGS, require
from helpers.effort import PROFILE
from hypothesis import settings

from generator.engine import (
    Card,
    Play,
    RuleSet,
    Seat,
    Trump,
    legal_cards,
)

# Profiles for the examples each property tries (tests/helpers/effort.py scales them).
settings.register_profile("ci", deadline=None)
settings.register_profile("thorough", deadline=None)
settings.load_profile(PROFILE)

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
RULESETS = CONTENT / "rulesets"
BAD_INPUT = Path(__file__).resolve().parent / "bad_input"

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# The card values of the rules reference, written out by hand again here
# (not taken from helpers.rules, which builds the rule sets from its own
# copy), indexed by rank code.
TRUMP_VALUES = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
NO_TRUMP_VALUES = {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
ALL_TRUMPS_PAGAT = {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0}
ALL_TRUMPS_FFB2015 = {"J": 13, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 2, "8": 0, "7": 0}

# Strongest first, as the rules reference states them.
TRUMP_RANKS_HIGH_FIRST = ["J", "9", "A", "10", "K", "Q", "8", "7"]
PLAIN_RANKS_HIGH_FIRST = ["A", "10", "K", "Q", "J", "9", "8", "7"]


def card(code: str) -> Card:
    return Card.parse(code)


def cards(codes: str) -> list[Card]:
    """`cards("KS 7S JH")` -> the three cards, in that order."""
    return [Card.parse(code) for code in codes.split()]


def trick(*plays: tuple[Seat, str]) -> list[Play]:
    """`trick((W, "AS"), (N, "8S"))` -> the plays, in that order."""
    return [Play(seat, Card.parse(code)) for seat, code in plays]


def verdicts(
    rules: RuleSet, trump: Trump, plays: list[Play], seat: Seat, hand: str
) -> dict[str, str]:
    """The engine's verdicts as {card code: reason code}, for compact comparison."""
    return {
        v.card.code: v.reason.value for v in legal_cards(rules, trump, plays, seat, cards(hand))
    }


def allowed(rules: RuleSet, trump: Trump, plays: list[Play], seat: Seat, hand: str) -> set[str]:
    return {v.card.code for v in legal_cards(rules, trump, plays, seat, cards(hand)) if v.allowed}


def rank_of(code: str) -> str:
    return code[:-1]


@pytest.fixture(scope="session")
def maison() -> RuleSet:
    """The app's house rules (seed pages 000, 002 and 004)."""
    return books.MAISON


@pytest.fixture(scope="session")
def coinche() -> RuleSet:
    """FFB coinche 2015, played clockwise."""
    return books.COINCHE


@pytest.fixture(scope="session")
def contree() -> RuleSet:
    """FFB contrée 2016, played clockwise."""
    return books.CONTREE


@pytest.fixture(scope="session", params=["maison", "coinche-official"])
def any_rules(request: pytest.FixtureRequest) -> RuleSet:
    """Maison and FFB coinche in turn (for the rules they agree on)."""
    return {"maison": books.MAISON, "coinche-official": books.COINCHE}[request.param]


@pytest.fixture(scope="session")
def three_player() -> RuleSet:
    """Maison at three players, each for himself: north, east and west, ten cards each."""
    return books.three_players()


@pytest.fixture(scope="session")
def anticlockwise() -> RuleSet:
    """Maison with the FFB's anticlockwise play."""
    return books.anticlockwise()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium, one for the whole run.

    Playwright's sync API runs an event loop while it is open: a second one
    started beside it (a module's own) fails, so every test shares this one.
    """
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


# The modules that take longest on a clean clone (each over half a minute, a minute or
# more for the first three), slowest first. `make test` hands whole modules to its
# workers in collection order (--dist loadfile): one of these collected late started
# when the others were nearly done and ran on alone, the run's last minutes on one core.
_LONGEST_FIRST = (
    "test_growth.py",
    "test_hostile.py",
    "browser/test_geometry.py",
    "test_robustness.py",
    "test_bench.py",
    "test_interrupted.py",
    "test_i18n.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        path = item.path.as_posix()
        return next(
            (i for i, name in enumerate(_LONGEST_FIRST) if path.endswith("tests/" + name)),
            len(_LONGEST_FIRST),
        )

    items.sort(key=rank)  # stable: each module's own order, and the others', is kept
