"""Reading what happened in a deal, as `deal` scenarios and each deal of a `game` state it."""

from __future__ import annotations

from collections.abc import Mapping

from ..content import fields
from ..content.errors import excerpt
from ..content.nodes import Source
from ..engine import (
    Card,
    Coinche,
    Contract,
    DealFacts,
    Declaration,
    Level,
    Rank,
    RuleSet,
    Seat,
    Side,
    Trump,
)
from ..engine.declarations import carre_of, sequence_of

# The keys of one deal's facts; `contract` and `coinche` for rule sets with bidding.
DEAL_KEYS = frozenset(
    {
        "trump",
        "taker",
        "points",
        "capot",
        "generale",
        "declarations",
        "belote",
        "leader",
        "contract",
        "coinche",
    }
)
DEAL_REQUIRED = frozenset({"trump", "taker"})


def leader(given: Mapping[str, Source], rules: RuleSet) -> Seat:
    return fields.seat(given["leader"], rules) if "leader" in given else rules.order[0]


def check_declarations_allowed(rules: RuleSet, source: Source) -> None:
    if not rules.declarations.enabled:
        raise source.error(f"rule set {rules.id} plays without declarations")


def no_card_twice(groups: Mapping[Seat, list[Card]], source: Source) -> None:
    seen: dict[Card, Seat] = {}
    for seat, cards in groups.items():
        for card in cards:
            if card in seen and seen[card] is not seat:
                raise source.error(
                    f"card {card} is held by both {seen[card].value} and {seat.value}"
                )
            if card in seen:
                raise source.error(f"card {card} appears twice in {seat.value}'s cards")
            seen[card] = seat


def _contract(
    given: Mapping[str, Source], rules: RuleSet, taker: Seat, trump: Trump
) -> Contract | None:
    bidding = rules.bidding
    if bidding is None:
        for key in ("contract", "coinche"):
            if key in given:
                raise given[key].error(
                    f"rule set {rules.id} has no bidding: a deal names its taker, not a {key}"
                )
        return None
    if "contract" not in given:
        raise given["taker"].error(
            f"rule set {rules.id} has bidding: the deal needs its `contract` (the bid)"
        )
    source = given["contract"]
    value = source.value()
    level, bid = Level.POINTS, None
    if value == "capot":
        if bidding.capot is None:
            raise source.error(f"rule set {rules.id} offers no capot bid")
        level = Level.CAPOT
    elif value == "generale":
        if bidding.generale is None:
            raise source.error(f"rule set {rules.id} offers no générale")
        level = Level.GENERALE
    else:
        bid = source.integer("contract", 1)
        if bid < bidding.floor or (bid - bidding.floor) % bidding.step:
            raise source.error(
                f"a bid of {bid} is not one of rule set {rules.id}'s: {bidding.floor}, "
                f"{bidding.floor + bidding.step}, {bidding.floor + 2 * bidding.step}, ..."
            )
        if bidding.ceiling is not None and bid > bidding.ceiling:
            raise source.error(f"rule set {rules.id} bids at most {bidding.ceiling}, not {bid}")
    coinche = Coinche.NONE
    if "coinche" in given:
        name = given["coinche"].text("coinche")
        try:
            coinche = Coinche(name)
        except ValueError:
            known = " | ".join(c.value for c in Coinche)
            raise given["coinche"].error(
                f"unknown coinche level {excerpt(name)} ({known})"
            ) from None
    return Contract(taker, trump, level, bid, coinche)


def _declarations(
    source: Source, rules: RuleSet, trump: Trump
) -> tuple[dict[Seat, tuple[Declaration, ...]], dict[Seat, list[Card]]]:
    check_declarations_allowed(rules, source)
    declared: dict[Seat, list[Declaration]] = {}
    cards_by_seat: dict[Seat, list[Card]] = {}
    for key, value in source.pairs("declarations"):
        seat = fields.seat(key, rules)
        for item in value.items(f"{seat.value}'s declarations"):
            cards = fields.cards(item, "a declaration's cards")
            declaration = sequence_of(cards) or carre_of(cards)
            if declaration is None:
                raise item.error(
                    "these cards are neither a sequence of three or more in one suit nor a carré"
                )
            if declaration.points(rules.declarations, trump) == 0:
                raise item.error("this carré is worth nothing in this deal: leave it out")
            declared.setdefault(seat, []).append(declaration)
            held = cards_by_seat.setdefault(seat, [])
            held.extend(c for c in cards if c not in held)
        held = cards_by_seat.get(seat, [])
        if len(held) > rules.hand_size:
            raise value.error(
                f"{seat.value} declares {len(held)} cards; a hand holds {rules.hand_size}"
            )
    no_card_twice(cards_by_seat, source)
    return {seat: tuple(ds) for seat, ds in declared.items()}, cards_by_seat


def _belotes(source: Source, rules: RuleSet, trump: Trump) -> tuple[Seat, ...]:
    suits = rules.belote_suits(trump)
    if not suits:
        raise source.error(f"there is no belote-rebelote in a {trump.value} deal of {rules.id}")
    items = list(source.items("belote")) if source.is_sequence else [source]
    seats = tuple(fields.seat(item, rules) for item in items)
    if len(seats) > len(suits):
        raise source.error(f"a {trump.value} deal has at most {len(suits)} belote(s)")
    return seats


def read_deal(source: Source, rules: RuleSet, keys: frozenset[str]) -> DealFacts:
    """One deal's facts, every fact checked against the rule set and against the others."""
    given = source.fields("a deal", keys, DEAL_REQUIRED)
    if len(rules.sides) != 2:
        raise source.error(
            f"rule set {rules.id} has {len(rules.sides)} sides; a deal score needs two"
        )
    trump = fields.trump(given["trump"], rules)
    taker = fields.seat(given["taker"], rules)
    contract = _contract(given, rules, taker, trump)
    generale = fields.seat(given["generale"], rules) if "generale" in given else None
    capot: Side | None = fields.side(given["capot"], rules) if "capot" in given else None
    if generale is not None:
        if capot is not None and capot != rules.side_of(generale):
            raise given["capot"].error("a générale is a capot of the player's own side")
        capot = rules.side_of(generale)
    card_points: dict[Side, int] = {}
    if "points" in given:
        if capot is not None:
            raise given["points"].error("a capot's points are fixed: leave `points` out")
        card_points = fields.sides_mapping(given["points"], rules, "points", low=0)
        total = rules.deal_points(trump)
        if sum(card_points.values()) != total:
            raise given["points"].error(
                f"the sides' card points must add up to {total} (cards and last trick), "
                f"not {sum(card_points.values())}"
            )
    elif capot is None:
        raise source.error("a deal needs the sides' `points`, or `capot`")
    declared: dict[Seat, tuple[Declaration, ...]] = {}
    declared_cards: dict[Seat, list[Card]] = {}
    if "declarations" in given:
        declared, declared_cards = _declarations(given["declarations"], rules, trump)
    belotes: tuple[Seat, ...] = ()
    if "belote" in given:
        belotes = _belotes(given["belote"], rules, trump)
        suits = rules.belote_suits(trump)
        if len(suits) == 1:
            pair = (Card(Rank.KING, suits[0]), Card(Rank.QUEEN, suits[0]))
            for seat in belotes:
                for other, cards in declared_cards.items():
                    if other is not seat and any(card in cards for card in pair):
                        raise given["belote"].error(
                            f"{seat.value}'s belote needs the king and queen of "
                            f"{suits[0].word}, but {other.value} declares one of them"
                        )
    return DealFacts(
        trump=trump,
        taker=taker,
        card_points=card_points,
        declarations=declared,
        belotes=belotes,
        capot=capot,
        generale=generale,
        leader=leader(given, rules),
        contract=contract,
    )
