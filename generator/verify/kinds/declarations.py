"""Declarations scenarios: the hands at the first trick, what each declares, and who scores."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...content import fields
from ...content.errors import excerpt
from ...content.nodes import Source
from ...content.scenarios import Entry
from ...engine import Card, Declaration, Kind, Rank, Seat, Side, Trump
from ...engine.declarations import award_declarations, find_declarations
from ..compare import Comparer
from ..deal_facts import check_declarations_allowed, leader, no_card_twice
from ..figures import Meld, MeldHand, MeldsFigure
from ..kind import Expectation, Scenario, ScenarioKind

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


def declaration_key(source: Source) -> DeclarationKey:
    given = source.fields("a declaration", frozenset({"kind", "top", "rank"}), frozenset({"kind"}))
    name = given["kind"].text("kind")
    try:
        kind = Kind(name)
    except ValueError:
        known = " | ".join(k.value for k in Kind)
        raise given["kind"].error(f"unknown declaration kind {excerpt(name)} ({known})") from None
    if kind is Kind.CARRE:
        if "rank" not in given or "top" in given:
            raise source.error("a carre is named by its rank: {kind: carre, rank: J}")
        rank_name = str(given["rank"].value())
        if rank_name not in _RANKS:
            raise given["rank"].error(f"unknown rank {excerpt(rank_name)} (7 8 9 10 J Q K A)")
        return DeclarationKey(kind, None, _RANKS[rank_name])
    if "top" not in given or "rank" in given:
        raise source.error("a sequence is named by its top card: {kind: tierce, top: AH}")
    return DeclarationKey(kind, fields.card(given["top"]), None)


@dataclass(frozen=True, kw_only=True)
class DeclarationsExpectation(Expectation):
    found: Mapping[Seat, frozenset[DeclarationKey]] | None = None
    points: Mapping[Side, int] | None = None
    belote: Seat | None = None
    belote_stated: bool = False


@dataclass(frozen=True, kw_only=True)
class DeclarationsScenario(Scenario):
    trump: Trump
    hands: Mapping[Seat, tuple[Card, ...]]
    leader: Seat
    expect: DeclarationsExpectation | None = None


@dataclass(frozen=True)
class DeclarationsAnswer:
    found: Mapping[Seat, tuple[Declaration, ...]]
    # The declarations that count, by seat, and what each side scores from them.
    scoring: Mapping[Seat, tuple[Declaration, ...]]
    points: Mapping[Side, int]
    belote: Seat | None


class DeclarationsKind(ScenarioKind[DeclarationsScenario, DeclarationsAnswer]):
    name = "declarations"
    keys = frozenset({"trump", "hands", "leader"})
    required = frozenset({"kind", "trump", "hands"})

    def parse(self, entry: Entry, given: Mapping[str, Source]) -> DeclarationsScenario:
        rules = entry.rules
        check_declarations_allowed(rules, given["rules"])
        trump = fields.trump(given["trump"], rules)
        hands: dict[Seat, list[Card]] = {}
        for key, value in given["hands"].pairs("hands"):
            seat = fields.seat(key, rules)
            hand = fields.cards(value, f"{seat.value}'s hand")
            if not 1 <= len(hand) <= rules.hand_size:
                raise value.error(
                    f"a hand holds 1 to {rules.hand_size} cards, {seat.value}'s has {len(hand)}"
                )
            hands[seat] = hand
        no_card_twice(hands, given["hands"])
        expect = None
        if "expect" in given:
            source = given["expect"]
            wanted = source.fields("expect", frozenset({"found", "points", "belote"}))
            found: dict[str, Any] = {}
            if "found" in wanted:
                found["found"] = {
                    fields.seat(key, rules): frozenset(
                        declaration_key(item) for item in value.items("found")
                    )
                    for key, value in wanted["found"].pairs("expect.found")
                }
            if "points" in wanted:
                found["points"] = fields.sides_mapping(wanted["points"], rules, "expect.points")
            if "belote" in wanted:
                found["belote_stated"] = True
                if wanted["belote"].value() != "none":
                    found["belote"] = fields.seat(wanted["belote"], rules)
            expect = DeclarationsExpectation(**found, **Expectation.where(source))
        return DeclarationsScenario(
            **Scenario.common(entry),
            trump=trump,
            hands={seat: tuple(cards) for seat, cards in hands.items()},
            leader=leader(given, entry.rules),
            expect=expect,
        )

    def compute(self, scenario: DeclarationsScenario) -> DeclarationsAnswer:
        rules = scenario.rules
        found = {
            seat: tuple(find_declarations(hand, rules.declarations, scenario.trump))
            for seat, hand in scenario.hands.items()
        }
        award = award_declarations(
            found,
            rules.sides,
            rules.declarations,
            scenario.trump,
            rules.order_from(scenario.leader),
        )
        belotes = rules.belotes(scenario.hands, scenario.trump)
        return DeclarationsAnswer(
            found, award.scoring, award.points, belotes[0] if belotes else None
        )

    def compare(
        self, scenario: DeclarationsScenario, answer: DeclarationsAnswer, check: Comparer
    ) -> None:
        expect = scenario.expect
        if expect is None:
            return
        if expect.found is not None:
            for seat in scenario.hands:
                wanted = expect.found.get(seat, frozenset())
                got = frozenset(DeclarationKey.of(d) for d in answer.found.get(seat, ()))
                if wanted != got:
                    check.differs(
                        f"found.{seat.value}",
                        sorted(map(str, wanted)) or "none",
                        sorted(map(str, got)) or "none",
                    )
        check.compare_sides("points", expect.points, answer.points)
        if expect.belote_stated and expect.belote is not answer.belote:
            check.differs(
                "belote",
                expect.belote.value if expect.belote else "none",
                answer.belote.value if answer.belote else "none",
            )

    def as_json(self, scenario: DeclarationsScenario, answer: DeclarationsAnswer) -> dict[str, Any]:
        return {
            "found": {
                seat.value: [str(DeclarationKey.of(d)) for d in found]
                for seat, found in answer.found.items()
            },
            "points": {side.name: points for side, points in answer.points.items()},
            "belote": answer.belote.value if answer.belote else None,
        }

    def figure(self, scenario: DeclarationsScenario, answer: DeclarationsAnswer) -> MeldsFigure:
        """Each hand, its declarations (counted or not), and each side's score from them."""
        rules = scenario.rules.declarations
        hands = []
        for seat, hand in scenario.hands.items():
            found = answer.found.get(seat, ())
            scoring = answer.scoring.get(seat, ())
            melds = tuple(
                Meld(d.kind, d.cards, d.points(rules, scenario.trump), d in scoring) for d in found
            )
            declared = {card for declaration in found for card in declaration.cards}
            rest = tuple(card for card in hand if card not in declared)
            hands.append(MeldHand(seat, melds, rest))
        return MeldsFigure(scenario.trump, tuple(hands), tuple(answer.points.items()))


KIND = DeclarationsKind()
