"""Readers for the values scenarios are made of: cards, seats, sides, trumps."""

from __future__ import annotations

from ..engine import Card, CardCodeError, RuleSet, Seat, Side, Trump
from .errors import excerpt
from .nodes import Source


def card(source: Source) -> Card:
    code = source.value()
    if not isinstance(code, str):
        raise source.error(
            f"{excerpt(code)} is not a card code (write it as a string such as 10H or QS)"
        )
    try:
        return Card.parse(code)
    except CardCodeError:
        raise source.error(
            f"{excerpt(code)} is not a card code (rank 7 8 9 10 J Q K A, then suit S H D C)"
        ) from None


def cards(source: Source, what: str) -> list[Card]:
    return [card(item) for item in source.items(what)]


def seat(source: Source, rules: RuleSet) -> Seat:
    name = source.text("a seat")
    try:
        found = Seat(name)
    except ValueError:
        raise source.error(f"unknown seat {excerpt(name)} (north, east, south or west)") from None
    if found not in rules.order:
        raise source.error(f"seat {name} is not at the table in rule set {rules.id}")
    return found


def side(source: Source, rules: RuleSet) -> Side:
    name = source.text("a side")
    found = rules.side_named(name)
    if found is None:
        known = ", ".join(s.name for s in rules.sides)
        raise source.error(f"unknown side {excerpt(name)} (in rule set {rules.id}: {known})")
    return found


def sides_mapping(
    source: Source, rules: RuleSet, what: str, low: int | None = None, high: int | None = None
) -> dict[Side, int]:
    """`{north-south: 92, east-west: 70}`: a whole number for every side."""
    found: dict[Side, int] = {}
    for key, value in source.pairs(what):
        found[side(key, rules)] = value.integer(f"{what} of {key.value()}", low, high)
    missing = [s.name for s in rules.sides if s not in found]
    if missing:
        raise source.error(f"{what} lacks {', '.join(missing)}")
    return found


def trump(source: Source, rules: RuleSet | None = None) -> Trump:
    """A deal's trump; with `rules`, one of the modes that rule set offers."""
    name = source.text("trump")
    try:
        found = Trump(name)
    except ValueError:
        known = " | ".join(t.value for t in Trump)
        raise source.error(f"unknown trump {excerpt(name)} ({known})") from None
    if rules is not None and not rules.offers(found):
        offered = ", ".join(mode.value for mode in rules.modes)
        raise source.error(
            f"rule set {rules.id} does not play {found.value} deals (its modes: {offered})"
        )
    return found
