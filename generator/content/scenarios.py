"""Play scenarios: a trick in progress, the hand to move, and the expected answer.

The public format is documented in docs/scenarios.md. A file holds one
scenario (a mapping) or a list of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..engine import Card, CardCodeError, Play, Position, Reason, RuleSet, Seat, Trump
from .errors import ContentError
from .nodes import Source, read_yaml
from .rulesets import RuleSets

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_KEYS = frozenset(
    {
        "id",
        "rules",
        "trump",
        "trick",
        "hand",
        "play",
        "last_trick",
        "expect",
        "title",
        "text",
    }
)
_REQUIRED = frozenset({"id", "rules", "trump", "trick", "hand"})
_EXPECT_KEYS = frozenset({"allowed", "reasons", "winner", "points", "breakdown"})


@dataclass(frozen=True)
class Expectation:
    """What the scenario's author worked out by hand; None where not stated."""

    allowed: frozenset[Card] | None = None
    reasons: tuple[tuple[Card, Reason], ...] | None = None
    winner: Seat | None = None
    points: int | None = None
    breakdown: tuple[int, ...] | None = None
    line: int = 0


@dataclass(frozen=True)
class Scenario:
    id: str
    path: Path
    line: int
    position: Position
    play: Card | None
    last_trick: bool
    expect: Expectation | None
    title: str | None
    text: str | None

    @property
    def rules(self) -> RuleSet:
        return self.position.rules

    @property
    def completes_trick(self) -> bool:
        return self.play is not None and len(self.position.trick) == self.rules.players - 1

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


def _card(source: Source) -> Card:
    code = source.value()
    if not isinstance(code, str):
        raise source.error(f"{code!r} is not a card code (write it as a string such as 10H or QS)")
    try:
        return Card.parse(code)
    except CardCodeError as error:
        raise source.error(str(error)) from None


def _cards(source: Source, what: str) -> list[Card]:
    return [_card(item) for item in source.items(what)]


def _seat(source: Source, rules: RuleSet) -> Seat:
    name = source.text("a seat")
    try:
        seat = Seat(name)
    except ValueError:
        raise source.error(f"unknown seat {name!r} (north, east, south or west)") from None
    if seat not in rules.order:
        raise source.error(f"seat {name} is not at the table in rule set {rules.id}")
    return seat


def _trump(source: Source) -> Trump:
    name = source.text("trump")
    try:
        return Trump(name)
    except ValueError:
        known = " | ".join(t.value for t in Trump)
        raise source.error(f"unknown trump {name!r} ({known})") from None


def _trick(source: Source, rules: RuleSet) -> tuple[Play, ...]:
    plays: list[Play] = []
    for item in source.items("trick"):
        fields = item.fields(
            "a trick entry", frozenset({"seat", "card"}), frozenset({"seat", "card"})
        )
        seat = _seat(fields["seat"], rules)
        if plays and seat is not rules.next_seat(plays[-1].seat):
            raise fields["seat"].error(
                f"{seat.value} cannot play after {plays[-1].seat.value}: "
                f"play goes {rules.direction.value} ({', '.join(s.value for s in rules.order)})"
            )
        plays.append(Play(seat, _card(fields["card"])))
    if len(plays) > rules.players - 1:
        raise source.error(
            f"the trick already has {len(plays)} cards; "
            f"at most {rules.players - 1} can be on it before the player to move"
        )
    return tuple(plays)


def _expectation(source: Source, hand: Iterable[Card]) -> Expectation:
    fields = source.fields("expect", _EXPECT_KEYS)
    allowed = reasons = winner = points = breakdown = None
    if "allowed" in fields:
        allowed = frozenset(_cards(fields["allowed"], "expect.allowed"))
    if "reasons" in fields:
        held = set(hand)
        parsed = []
        for key, value in fields["reasons"].pairs("expect.reasons"):
            card = _card(key)
            if card not in held:
                raise key.error(f"expect.reasons names {card}, which is not in the hand")
            name = value.text("a reason")
            try:
                parsed.append((card, Reason(name)))
            except ValueError:
                known = ", ".join(r.value for r in Reason)
                raise value.error(f"unknown reason {name!r} (known: {known})") from None
        reasons = tuple(parsed)
    if "winner" in fields:
        name = fields["winner"].text("expect.winner")
        try:
            winner = Seat(name)
        except ValueError:
            raise fields["winner"].error(f"unknown seat {name!r}") from None
    if "points" in fields:
        points = fields["points"].typed(int, "expect.points")
    if "breakdown" in fields:
        breakdown = tuple(
            item.typed(int, "a breakdown entry")
            for item in fields["breakdown"].items("expect.breakdown")
        )
    return Expectation(allowed, reasons, winner, points, breakdown, source.line)


def parse_scenario(source: Source, rulesets: RuleSets, *, need_expect: bool) -> Scenario:
    if not isinstance(source.value(), dict):
        raise source.error("a scenario must be a mapping")
    id_node = source.fields("a scenario", _KEYS).get("id")
    scenario_id = id_node.value() if id_node else None
    source = source.about(scenario_id if isinstance(scenario_id, str) else None)
    fields = source.fields("a scenario", _KEYS, _REQUIRED | ({"expect"} if need_expect else set()))
    scenario_id = fields["id"].text("id")
    if not _ID.fullmatch(scenario_id):
        raise fields["id"].error(
            f"id {scenario_id!r} must be lower-case letters, digits and dashes"
        )

    rules = rulesets.get(fields["rules"].text("rules"), fields["rules"])
    trump = _trump(fields["trump"])
    trick = _trick(fields["trick"], rules)

    hand_fields = fields["hand"].fields(
        "hand", frozenset({"seat", "cards"}), frozenset({"seat", "cards"})
    )
    seat = _seat(hand_fields["seat"], rules)
    to_move = rules.next_seat(trick[-1].seat) if trick else None
    if to_move is not None and seat is not to_move:
        raise hand_fields["seat"].error(
            f"{seat.value} is not next to play: after {trick[-1].seat.value} "
            f"comes {to_move.value} ({rules.direction.value})"
        )
    hand = _cards(hand_fields["cards"], "hand.cards")
    if not hand:
        raise hand_fields["cards"].error("the hand has no cards")
    if len(hand) > 8:
        raise hand_fields["cards"].error(f"a hand holds at most 8 cards, this one {len(hand)}")
    seen: set[Card] = set()
    for card in [play.card for play in trick] + hand:
        if card in seen:
            raise source.error(f"card {card} appears twice (trick and hand together)")
        seen.add(card)

    position = Position(rules, trump, trick, seat, tuple(hand))
    play = None
    if "play" in fields:
        play = _card(fields["play"])
        if play not in hand:
            raise fields["play"].error(f"play {play} is not in the hand")
        if not position.is_legal(play):
            allowed = ", ".join(card.code for card in position.legal_moves)
            raise fields["play"].error(f"play {play} is not allowed here (allowed: {allowed})")
    last_trick = fields["last_trick"].typed(bool, "last_trick") if "last_trick" in fields else False

    expect = _expectation(fields["expect"], hand) if "expect" in fields else None
    scenario = Scenario(
        id=scenario_id,
        path=source.path,
        line=source.line,
        position=position,
        play=play,
        last_trick=last_trick,
        expect=expect,
        title=fields["title"].text("title") if "title" in fields else None,
        text=fields["text"].text("text") if "text" in fields else None,
    )
    if (
        expect
        and (expect.winner or expect.points is not None or expect.breakdown)
        and not scenario.completes_trick
    ):
        raise fields["expect"].error(
            "winner, points and breakdown need a `play` that completes the trick"
        )
    return scenario


def scenario_files(paths: Iterable[Path]) -> Iterator[Path]:
    """The scenario files under the given files and folders, rule sets and pages left out."""
    for path in paths:
        if path.is_dir():
            for found in sorted(path.rglob("*.yaml")):
                if "scenarios" in found.relative_to(path).parts or path.name == "scenarios":
                    yield found
        elif path.exists():
            yield path
        else:
            raise ContentError(path, None, "no such file or folder")


def load_scenarios(
    paths: Iterable[Path], rulesets: RuleSets, *, need_expect: bool
) -> list[Scenario]:
    """Every scenario of the given files, ids unique across them all."""
    scenarios: list[Scenario] = []
    first_seen: dict[str, Scenario] = {}
    for path in scenario_files(paths):
        root = read_yaml(path)
        if root is None:
            raise ContentError(
                path, None, "the file is empty: expected a scenario or a list of them"
            )
        value = root.value()
        if isinstance(value, dict):
            items = [root]
        elif isinstance(value, list):
            items = list(root.items("the file"))
        else:
            raise root.error("expected a scenario (a mapping) or a list of scenarios")
        for item in items:
            scenario = parse_scenario(item, rulesets, need_expect=need_expect)
            if scenario.id in first_seen:
                raise item.about(scenario.id).error(
                    f"id {scenario.id!r} is already used at {first_seen[scenario.id].where}"
                )
            first_seen[scenario.id] = scenario
            scenarios.append(scenario)
    return scenarios
