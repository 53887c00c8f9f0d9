"""Readers for the values scenarios are made of: cards, seats, sides, trumps."""

from __future__ import annotations

from ..engine import Card, CardCodeError, RuleSet, Seat, Trump
from .nodes import Source


def card(source: Source) -> Card:
    code = source.value()
    if not isinstance(code, str):
        raise source.error(f"{code!r} is not a card code (write it as a string such as 10H or QS)")
    try:
        return Card.parse(code)
    except CardCodeError as error:
        raise source.error(str(error)) from None


def cards(source: Source, what: str) -> list[Card]:
    return [card(item) for item in source.items(what)]


def seat(source: Source, rules: RuleSet) -> Seat:
    name = source.text("a seat")
    try:
        found = Seat(name)
    except ValueError:
        raise source.error(f"unknown seat {name!r} (north, east, south or west)") from None
    if found not in rules.order:
        raise source.error(f"seat {name} is not at the table in rule set {rules.id}")
    return found


def side_name(side: frozenset[Seat], rules: RuleSet) -> str:
    """`north-south`, `east-west`, or a seat's name when each plays for himself."""
    # Named in compass order whatever the direction of play: north-south, east-west.
    return "-".join(s.value for s in Seat if s in side and s in rules.order)


def side(source: Source, rules: RuleSet) -> frozenset[Seat]:
    name = source.text("a side")
    by_name = {side_name(s, rules): s for s in rules.sides}
    if name not in by_name:
        raise source.error(f"unknown side {name!r} (in rule set {rules.id}: {', '.join(by_name)})")
    return by_name[name]


def sides_mapping(source: Source, rules: RuleSet, what: str) -> dict[frozenset[Seat], int]:
    """`{north-south: 92, east-west: 70}`: a whole number for every side."""
    found: dict[frozenset[Seat], int] = {}
    for key, value in source.pairs(what):
        found[side(key, rules)] = value.typed(int, f"{what} of {key.value()}")
    missing = [side_name(s, rules) for s in rules.sides if s not in found]
    if missing:
        raise source.error(f"{what} lacks {', '.join(missing)}")
    return found


def trump(source: Source) -> Trump:
    name = source.text("trump")
    try:
        return Trump(name)
    except ValueError:
        known = " | ".join(t.value for t in Trump)
        raise source.error(f"unknown trump {name!r} ({known})") from None
