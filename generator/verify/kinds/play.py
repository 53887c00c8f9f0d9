"""Play scenarios: a trick in progress, the hand to move, and the cards it may play."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ...content import fields
from ...content.nodes import Source
from ...content.scenarios import Entry
from ...engine import (
    Card,
    InvalidPositionError,
    Play,
    Position,
    Reason,
    RuleSet,
    Seat,
    TrickResult,
    Verdict,
    score_trick,
    winning_play,
)
from ..compare import Comparer, cards_text
from ..figures import TrickFigure, trick_figure
from ..kind import Expectation, Scenario, ScenarioKind

_EXPECT_KEYS = frozenset({"allowed", "reasons", "winner", "points", "breakdown"})


@dataclass(frozen=True, kw_only=True)
class PlayExpectation(Expectation):
    allowed: frozenset[Card] | None = None
    reasons: tuple[tuple[Card, Reason], ...] | None = None
    winner: Seat | None = None
    points: int | None = None
    breakdown: tuple[int, ...] | None = None


@dataclass(frozen=True, kw_only=True)
class PlayScenario(Scenario):
    position: Position
    play: Card | None
    last_trick: bool
    # The scenario is the app's own trick (the page says so under its figure).
    from_app: bool = False
    expect: PlayExpectation | None = None

    @property
    def completes_trick(self) -> bool:
        return self.play is not None and len(self.position.trick) == self.rules.players - 1


@dataclass(frozen=True)
class PlayAnswer:
    """The engine's verdict on every card of the hand, and the trick's result once complete."""

    verdicts: tuple[Verdict, ...]
    result: TrickResult | None
    # The trick as it lies once the scenario's card is played (or as it is).
    table: tuple[Play, ...]

    @property
    def allowed(self) -> list[Card]:
        return [v.card for v in self.verdicts if v.allowed]


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


def _expectation(source: Source, hand: Iterable[Card], rules: RuleSet) -> PlayExpectation:
    given = source.fields("expect", _EXPECT_KEYS)
    found: dict[str, Any] = {}
    if "allowed" in given:
        found["allowed"] = frozenset(fields.cards(given["allowed"], "expect.allowed"))
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
        found["reasons"] = tuple(parsed)
    if "winner" in given:
        found["winner"] = fields.seat(given["winner"], rules)
    if "points" in given:
        found["points"] = given["points"].integer("expect.points", 0)
    if "breakdown" in given:
        found["breakdown"] = tuple(
            item.integer("a breakdown entry", 0)
            for item in given["breakdown"].items("expect.breakdown")
        )
    return PlayExpectation(**found, **Expectation.where(source))


class PlayKind(ScenarioKind[PlayScenario, PlayAnswer]):
    name = "play"
    interactive = True
    keys = frozenset({"trump", "trick", "hand", "play", "last_trick", "from_app"})
    required = frozenset({"trump", "trick", "hand"})

    def parse(self, entry: Entry, given: Mapping[str, Source]) -> PlayScenario:
        rules = entry.rules
        trump = fields.trump(given["trump"], rules)
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
        if not 1 <= len(hand) <= rules.hand_size:
            raise hand_fields["cards"].error(
                f"a hand holds 1 to {rules.hand_size} cards in rule set {rules.id}, "
                f"this one {len(hand)}"
            )
        seen: set[Card] = set()
        for card in [play.card for play in trick] + hand:
            if card in seen:
                raise entry.source.error(f"card {card} appears twice (trick and hand together)")
            seen.add(card)
        try:
            position = Position(rules, trump, trick, seat, tuple(hand))
        except InvalidPositionError as error:
            raise entry.source.error(str(error)) from None
        play = None
        if "play" in given:
            play = fields.card(given["play"])
            if play not in hand:
                raise given["play"].error(f"play {play} is not in the hand")
            if not position.is_legal(play):
                allowed = ", ".join(card.code for card in position.legal_moves)
                raise given["play"].error(f"play {play} is not allowed here (allowed: {allowed})")
        last_trick = (
            given["last_trick"].typed(bool, "last_trick") if "last_trick" in given else False
        )
        from_app = given["from_app"].typed(bool, "from_app") if "from_app" in given else False
        expect = _expectation(given["expect"], hand, rules) if "expect" in given else None
        scenario = PlayScenario(
            **Scenario.common(entry),
            position=position,
            play=play,
            last_trick=last_trick,
            from_app=from_app,
            expect=expect,
        )
        if (
            expect
            and (expect.winner or expect.points is not None or expect.breakdown)
            and not scenario.completes_trick
        ):
            raise given["expect"].error(
                "winner, points and breakdown need a `play` that completes the trick"
            )
        if last_trick and not scenario.completes_trick:
            raise given["last_trick"].error("last_trick needs a `play` that completes the trick")
        return scenario

    def compute(self, scenario: PlayScenario) -> PlayAnswer:
        position = scenario.position
        table = position.trick
        result = None
        if scenario.play is not None:
            table = position.play(scenario.play)
            if scenario.completes_trick:
                result = score_trick(
                    table, position.rules, position.trump, last_trick=scenario.last_trick
                )
        return PlayAnswer(tuple(position.verdicts), result, table)

    def compare(self, scenario: PlayScenario, answer: PlayAnswer, check: Comparer) -> None:
        expect = scenario.expect
        if expect is None:
            return
        hand = list(scenario.position.hand)
        if expect.allowed is not None and expect.allowed != frozenset(answer.allowed):
            in_hand_order = sorted(expect.allowed, key=lambda c: hand.index(c) if c in hand else 99)
            check.differs("allowed", cards_text(in_hand_order), cards_text(answer.allowed))
        if expect.reasons is not None:
            computed = {v.card: v.reason for v in answer.verdicts}
            for card, reason in expect.reasons:
                if computed[card] is not reason:
                    check.differs(f"reasons.{card.code}", reason.value, computed[card].value)
        result = answer.result
        if result is not None:
            if expect.winner is not None and expect.winner is not result.winner:
                check.differs("winner", expect.winner.value, result.winner.value)
            check.compare("points", expect.points, result.points)
            if expect.breakdown is not None and expect.breakdown != result.breakdown:
                check.differs("breakdown", list(expect.breakdown), list(result.breakdown))

    def as_json(self, scenario: PlayScenario, answer: PlayAnswer) -> dict[str, Any]:
        position = scenario.position
        data: dict[str, Any] = {
            "trump": position.trump.value,
            "seat": position.seat.value,
            "allowed": [card.code for card in answer.allowed],
            "reasons": {v.card.code: v.reason.value for v in answer.verdicts},
        }
        if scenario.play is not None:
            data["play"] = scenario.play.code
        if answer.result is not None:
            data["winner"] = answer.result.winner.value
            data["points"] = answer.result.points
            data["breakdown"] = list(answer.result.breakdown)
            data["last_trick_bonus"] = answer.result.last_trick_bonus
        return data

    def figure(self, scenario: PlayScenario, answer: PlayAnswer) -> TrickFigure:
        """The table before the play, the whole hand of the player to move below it: the
        reader chooses the card (the one the scenario plays among them) before any answer."""
        position = scenario.position
        trick = position.trick
        holder = winning_play(trick, position.trump).seat if trick else None
        return trick_figure(
            position.rules,
            position.trump,
            trick,
            position.seat,
            position.seat,
            holder,
            answer.verdicts,
        )


KIND = PlayKind()
