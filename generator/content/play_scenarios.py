"""Play scenarios: a trick in progress, the hand to move, and the expected answer."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..engine import Card, Play, Position, Reason, RuleSet, Seat
from . import fields
from .nodes import Source

_KEYS = frozenset(
    {
        "id",
        "kind",
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
    lines: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayScenario:
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


def _trick(source: Source, rules: RuleSet) -> tuple[Play, ...]:
    plays: list[Play] = []
    for item in source.items("trick"):
        entry = item.fields(
            "a trick entry", frozenset({"seat", "card"}), frozenset({"seat", "card"})
        )
        seat = fields.seat(entry["seat"], rules)
        if plays and seat is not rules.next_seat(plays[-1].seat):
            raise entry["seat"].error(
                f"{seat.value} cannot play after {plays[-1].seat.value}: "
                f"play goes {rules.direction.value} ({', '.join(s.value for s in rules.order)})"
            )
        plays.append(Play(seat, fields.card(entry["card"])))
    if len(plays) > rules.players - 1:
        raise source.error(
            f"the trick already has {len(plays)} cards; "
            f"at most {rules.players - 1} can be on it before the player to move"
        )
    return tuple(plays)


def _expectation(source: Source, hand: Iterable[Card], rules: RuleSet) -> Expectation:
    given = source.fields("expect", _EXPECT_KEYS)
    allowed = reasons = winner = points = breakdown = None
    if "allowed" in given:
        allowed = frozenset(fields.cards(given["allowed"], "expect.allowed"))
    if "reasons" in given:
        held = set(hand)
        parsed = []
        for key, value in given["reasons"].pairs("expect.reasons"):
            card = fields.card(key)
            if card not in held:
                raise key.error(f"expect.reasons names {card}, which is not in the hand")
            name = value.text("a reason")
            try:
                parsed.append((card, Reason(name)))
            except ValueError:
                known = ", ".join(r.value for r in Reason)
                raise value.error(f"unknown reason {name!r} (known: {known})") from None
        reasons = tuple(parsed)
    if "winner" in given:
        winner = fields.seat(given["winner"], rules)
    if "points" in given:
        points = given["points"].typed(int, "expect.points")
    if "breakdown" in given:
        breakdown = tuple(
            item.typed(int, "a breakdown entry")
            for item in given["breakdown"].items("expect.breakdown")
        )
    return Expectation(allowed, reasons, winner, points, breakdown, source.line, source.key_lines())


def parse_play(
    source: Source, scenario_id: str, rules: RuleSet, *, need_expect: bool
) -> PlayScenario:
    """A play scenario, once the common keys (id, kind, rules) are known good."""
    given = source.fields(
        "a play scenario", _KEYS, _REQUIRED | ({"expect"} if need_expect else set())
    )
    trump = fields.trump(given["trump"])
    trick = _trick(given["trick"], rules)

    hand_fields = given["hand"].fields(
        "hand", frozenset({"seat", "cards"}), frozenset({"seat", "cards"})
    )
    seat = fields.seat(hand_fields["seat"], rules)
    to_move = rules.next_seat(trick[-1].seat) if trick else None
    if to_move is not None and seat is not to_move:
        raise hand_fields["seat"].error(
            f"{seat.value} is not next to play: after {trick[-1].seat.value} "
            f"comes {to_move.value} ({rules.direction.value})"
        )
    hand = fields.cards(hand_fields["cards"], "hand.cards")
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
    if "play" in given:
        play = fields.card(given["play"])
        if play not in hand:
            raise given["play"].error(f"play {play} is not in the hand")
        if not position.is_legal(play):
            allowed = ", ".join(card.code for card in position.legal_moves)
            raise given["play"].error(f"play {play} is not allowed here (allowed: {allowed})")
    last_trick = given["last_trick"].typed(bool, "last_trick") if "last_trick" in given else False

    expect = _expectation(given["expect"], hand, rules) if "expect" in given else None
    scenario = PlayScenario(
        id=scenario_id,
        path=source.path,
        line=source.line,
        position=position,
        play=play,
        last_trick=last_trick,
        expect=expect,
        title=given["title"].text("title") if "title" in given else None,
        text=given["text"].text("text") if "text" in given else None,
    )
    if (
        expect
        and (expect.winner or expect.points is not None or expect.breakdown)
        and not scenario.completes_trick
    ):
        raise given["expect"].error(
            "winner, points and breakdown need a `play` that completes the trick"
        )
    return scenario
