"""Scenarios for declarations, a deal's score and a game's score (docs/scenarios.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..engine import Card, Rank, RuleSet, Seat, Trump, TrumpMode
from ..engine.declarations import Declaration, Kind, carre_of, sequence_of
from ..engine.scoring import DealFacts, Outcome
from . import fields
from .nodes import Source

Side = frozenset[Seat]
_RANKS = {rank.value: rank for rank in Rank}


@dataclass(frozen=True)
class DeclarationKey:
    """A declaration as authors name it: `{kind: tierce, top: AH}` or `{kind: carre, rank: J}`."""

    kind: Kind
    top: Card | None
    rank: Rank | None

    @staticmethod
    def of(declaration: Declaration) -> DeclarationKey:
        if declaration.kind is Kind.CARRE:
            return DeclarationKey(Kind.CARRE, None, declaration.rank)
        return DeclarationKey(declaration.kind, declaration.top, None)

    def __str__(self) -> str:
        if self.kind is Kind.CARRE:
            assert self.rank is not None
            return f"carre of {self.rank.value}"
        assert self.top is not None
        return f"{self.kind.value} to {self.top.code}"


@dataclass(frozen=True)
class DeclarationsExpectation:
    found: Mapping[Seat, frozenset[DeclarationKey]] | None
    points: Mapping[Side, int] | None
    belote: Seat | None
    belote_stated: bool
    line: int
    lines: Mapping[str, int]


@dataclass(frozen=True)
class DeclarationsScenario:
    id: str
    path: Path
    line: int
    rules: RuleSet
    trump: Trump
    hands: Mapping[Seat, tuple[Card, ...]]
    leader: Seat
    expect: DeclarationsExpectation | None


@dataclass(frozen=True)
class DealExpectation:
    outcome: Outcome | None
    score: Mapping[Side, int] | None
    held: int | None
    line: int
    lines: Mapping[str, int]


@dataclass(frozen=True)
class DealScenario:
    id: str
    path: Path
    line: int
    rules: RuleSet
    facts: DealFacts
    expect: DealExpectation | None


@dataclass(frozen=True)
class GameExpectation:
    totals: Mapping[Side, int] | None
    winner: Side | None
    winner_stated: bool
    held: int | None
    deals_played: int | None
    line: int
    lines: Mapping[str, int]


@dataclass(frozen=True)
class GameScenario:
    id: str
    path: Path
    line: int
    rules: RuleSet
    target: int
    deals: tuple[DealFacts, ...]
    expect: GameExpectation | None


def _declaration_key(source: Source) -> DeclarationKey:
    given = source.fields("a declaration", frozenset({"kind", "top", "rank"}), frozenset({"kind"}))
    name = given["kind"].text("kind")
    try:
        kind = Kind(name)
    except ValueError:
        known = " | ".join(k.value for k in Kind)
        raise given["kind"].error(f"unknown declaration kind {name!r} ({known})") from None
    if kind is Kind.CARRE:
        if "rank" not in given or "top" in given:
            raise source.error("a carre is named by its rank: {kind: carre, rank: J}")
        rank_name = str(given["rank"].value())
        if rank_name not in _RANKS:
            raise given["rank"].error(f"unknown rank {rank_name!r} (7 8 9 10 J Q K A)")
        return DeclarationKey(kind, None, _RANKS[rank_name])
    if "top" not in given or "rank" in given:
        raise source.error("a sequence is named by its top card: {kind: tierce, top: AH}")
    return DeclarationKey(kind, fields.card(given["top"]), None)


def _no_card_twice(groups: Mapping[Seat, list[Card]], source: Source) -> None:
    seen: dict[Card, Seat] = {}
    for seat, cards in groups.items():
        for card in cards:
            if card in seen and seen[card] is not seat:
                raise source.error(
                    f"card {card} is held by both {seen[card].value} and {seat.value}"
                )
            if card in seen and seen[card] is seat:
                raise source.error(f"card {card} appears twice in {seat.value}'s cards")
            seen[card] = seat


def _leader(given: Mapping[str, Source], rules: RuleSet) -> Seat:
    return fields.seat(given["leader"], rules) if "leader" in given else rules.order[0]


def _check_declarations_allowed(rules: RuleSet, source: Source) -> None:
    if not rules.declarations.enabled:
        raise source.error(f"rule set {rules.id} plays without declarations")


def parse_declarations(
    source: Source, scenario_id: str, rules: RuleSet, *, need_expect: bool
) -> DeclarationsScenario:
    keys = frozenset({"id", "kind", "rules", "trump", "hands", "leader", "expect", "title", "text"})
    required = frozenset({"id", "kind", "rules", "trump", "hands"}) | (
        {"expect"} if need_expect else set()
    )
    given = source.fields("a declarations scenario", keys, required)
    _check_declarations_allowed(rules, given["rules"])
    trump = fields.trump(given["trump"])
    hands: dict[Seat, list[Card]] = {}
    for key, value in given["hands"].pairs("hands"):
        seat = fields.seat(key, rules)
        hand = fields.cards(value, f"{seat.value}'s hand")
        if not 1 <= len(hand) <= 8:
            raise value.error(f"a hand holds 1 to 8 cards, {seat.value}'s has {len(hand)}")
        hands[seat] = hand
    _no_card_twice(hands, given["hands"])
    expect = None
    if "expect" in given:
        wanted = given["expect"].fields("expect", frozenset({"found", "points", "belote"}))
        found = None
        if "found" in wanted:
            found = {}
            for key, value in wanted["found"].pairs("expect.found"):
                seat = fields.seat(key, rules)
                found[seat] = frozenset(_declaration_key(item) for item in value.items("found"))
        points = (
            fields.sides_mapping(wanted["points"], rules, "expect.points")
            if ("points" in wanted)
            else None
        )
        belote = None
        if "belote" in wanted and wanted["belote"].value() != "none":
            belote = fields.seat(wanted["belote"], rules)
        expect = DeclarationsExpectation(
            found,
            points,
            belote,
            "belote" in wanted,
            given["expect"].line,
            given["expect"].key_lines(),
        )
    return DeclarationsScenario(
        id=scenario_id,
        path=source.path,
        line=source.line,
        rules=rules,
        trump=trump,
        hands={seat: tuple(cards) for seat, cards in hands.items()},
        leader=_leader(given, rules),
        expect=expect,
    )


_DEAL_KEYS = frozenset({"trump", "taker", "points", "capot", "declarations", "belote", "leader"})


def card_points_total(rules: RuleSet, trump: Trump) -> int:
    """All card points of a deal plus the last trick: 162 with the usual values."""
    return rules.card_points(trump) + rules.last_trick_bonus


def _deal_facts(source: Source, rules: RuleSet, keys: frozenset[str]) -> DealFacts:
    given = source.fields("a deal", keys, frozenset({"trump", "taker"}))
    if len(rules.sides) != 2:
        raise source.error(
            f"rule set {rules.id} has {len(rules.sides)} sides; a deal score needs two"
        )
    trump = fields.trump(given["trump"])
    if trump.mode not in rules.modes:
        raise given["trump"].error(f"rule set {rules.id} does not play {trump.value} deals")
    taker = fields.seat(given["taker"], rules)
    capot = fields.side(given["capot"], rules) if "capot" in given else None
    card_points: dict[Side, int] = {}
    if "points" in given:
        if capot is not None:
            raise given["points"].error("a capot's points are fixed: leave `points` out")
        card_points = fields.sides_mapping(given["points"], rules, "points")
        total = card_points_total(rules, trump)
        if sum(card_points.values()) != total or min(card_points.values()) < 0:
            raise given["points"].error(
                f"the sides' card points must add up to {total} (cards and last trick), "
                f"not {sum(card_points.values())}"
            )
    elif capot is None:
        raise source.error("a deal needs the sides' `points`, or `capot`")
    declared: dict[Seat, list[Declaration]] = {}
    if "declarations" in given:
        _check_declarations_allowed(rules, given["declarations"])
        cards_by_seat: dict[Seat, list[Card]] = {}
        for key, value in given["declarations"].pairs("declarations"):
            seat = fields.seat(key, rules)
            for item in value.items(f"{seat.value}'s declarations"):
                cards = fields.cards(item, "a declaration's cards")
                declaration = sequence_of(cards) or carre_of(cards)
                if declaration is None:
                    raise item.error(
                        "these cards are neither a sequence of three or more in one suit "
                        "nor a carré"
                    )
                if declaration.points(rules.declarations) == 0:
                    raise item.error("a carré of eights or sevens is worth nothing: leave it out")
                declared.setdefault(seat, []).append(declaration)
                cards_by_seat.setdefault(seat, []).extend(
                    c for c in cards if c not in cards_by_seat.get(seat, [])
                )
        _no_card_twice(cards_by_seat, given["declarations"])
    belote = None
    if "belote" in given:
        if trump.mode is not TrumpMode.SUIT:
            raise given["belote"].error("belote-rebelote needs a trump suit")
        belote = fields.seat(given["belote"], rules)
    return DealFacts(
        trump=trump,
        taker=taker,
        card_points=card_points,
        declarations={seat: tuple(ds) for seat, ds in declared.items()},
        belote=belote,
        capot=capot,
        leader=_leader(given, rules),
    )


def parse_deal(
    source: Source, scenario_id: str, rules: RuleSet, *, need_expect: bool
) -> DealScenario:
    common = frozenset({"id", "kind", "rules", "expect", "title", "text"})
    given = source.fields(
        "a deal scenario",
        common | _DEAL_KEYS,
        frozenset({"id", "kind", "rules", "trump", "taker"})
        | ({"expect"} if need_expect else set()),
    )
    facts = _deal_facts(source, rules, common | _DEAL_KEYS)
    expect = None
    if "expect" in given:
        wanted = given["expect"].fields("expect", frozenset({"outcome", "score", "held"}))
        outcome = None
        if "outcome" in wanted:
            name = wanted["outcome"].text("expect.outcome")
            try:
                outcome = Outcome(name)
            except ValueError:
                known = " | ".join(o.value for o in Outcome)
                raise wanted["outcome"].error(f"unknown outcome {name!r} ({known})") from None
        score = (
            fields.sides_mapping(wanted["score"], rules, "expect.score")
            if "score" in wanted
            else None
        )
        held = wanted["held"].typed(int, "expect.held") if "held" in wanted else None
        expect = DealExpectation(
            outcome, score, held, given["expect"].line, given["expect"].key_lines()
        )
    return DealScenario(scenario_id, source.path, source.line, rules, facts, expect)


def parse_game(
    source: Source, scenario_id: str, rules: RuleSet, *, need_expect: bool
) -> GameScenario:
    keys = frozenset({"id", "kind", "rules", "target", "deals", "expect", "title", "text"})
    given = source.fields(
        "a game scenario",
        keys,
        frozenset({"id", "kind", "rules", "deals"}) | ({"expect"} if need_expect else set()),
    )
    target = rules.scoring.target
    if "target" in given:
        target = given["target"].typed(int, "target")
        if target <= 0:
            raise given["target"].error("the target is a positive number of points")
    deals = tuple(_deal_facts(item, rules, _DEAL_KEYS) for item in given["deals"].items("deals"))
    if not deals:
        raise given["deals"].error("a game needs at least one deal")
    expect = None
    if "expect" in given:
        wanted = given["expect"].fields(
            "expect", frozenset({"totals", "winner", "held", "deals_played"})
        )
        totals = (
            fields.sides_mapping(wanted["totals"], rules, "expect.totals")
            if "totals" in wanted
            else None
        )
        winner = None
        if "winner" in wanted and wanted["winner"].value() != "none":
            winner = fields.side(wanted["winner"], rules)
        held = wanted["held"].typed(int, "expect.held") if "held" in wanted else None
        played = (
            wanted["deals_played"].typed(int, "expect.deals_played")
            if "deals_played" in wanted
            else None
        )
        expect = GameExpectation(
            totals,
            winner,
            "winner" in wanted,
            held,
            played,
            given["expect"].line,
            given["expect"].key_lines(),
        )
    return GameScenario(scenario_id, source.path, source.line, rules, target, deals, expect)
