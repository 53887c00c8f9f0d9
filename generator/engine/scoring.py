"""Scoring a deal (classic: made, dedans, litige, capot; or a contract from the auction) and a game.

Every side's score comes with its terms ("cards 102 + contract 90"), the
multiplier a coinche puts on them, and what is added outside it, so that a
page can show how each figure was reached.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .contract import Contract, Level
from .declarations import Declaration, award_declarations
from .errors import GameOverError, InvalidDealError
from .rules import (
    BeloteCannotFinish,
    BeloteOnFailure,
    BothOverTarget,
    FailedScore,
    MadeScore,
    MadeWhen,
    Multiplies,
    RuleSet,
    Tie,
)
from .seats import Seat, Side
from .trump import Trump


class Outcome(enum.Enum):
    MADE = "made"
    DEDANS = "dedans"  # the contract failed (chute)
    LITIGE = "litige"


class TermKind(enum.Enum):
    """What a term of a side's score is."""

    CARDS = "cards"  # card points taken, last trick included (a capot's 252)
    DEAL = "deal"  # the whole deal's points, to the defence of a failed classic contract
    FAILED = "failed"  # a failed contract's points to the defence (160)
    COINCHED = "coinched"  # what a coinched contract counts the cards as (160, or 250)
    CAPOT_FLAT = "capot-flat"  # a capot bid's flat worth
    CAPOT_BONUS = "capot-bonus"  # a coinched side's capot, not bid, added after (FFB 2016)
    DECLARATIONS = "declarations"
    BELOTE = "belote"
    CONTRACT = "contract"  # the contract's value (the bid)


@dataclass(frozen=True)
class Term:
    kind: TermKind
    points: int


@dataclass(frozen=True)
class SideScore:
    """One side's score: the sum of its terms times the multiplier, plus outside, rounded."""

    terms: tuple[Term, ...] = ()
    multiplier: int = 1
    outside: tuple[Term, ...] = ()
    score: int = 0

    @property
    def raw(self) -> int:
        """Before rounding."""
        return sum(t.points for t in self.terms) * self.multiplier + sum(
            t.points for t in self.outside
        )

    def belote(self) -> int:
        """The belote points inside this score, multiplied where they are."""
        inside = sum(t.points for t in self.terms if t.kind is TermKind.BELOTE)
        return inside * self.multiplier + sum(
            t.points for t in self.outside if t.kind is TermKind.BELOTE
        )


@dataclass(frozen=True)
class DealFacts:
    """What happened in a deal, as a score sheet records it."""

    trump: Trump
    taker: Seat
    # Card points each side took, last trick included; empty for a capot.
    card_points: Mapping[Side, int]
    declarations: Mapping[Seat, Sequence[Declaration]] = field(default_factory=dict)
    # The seats that announced belote-rebelote (several in all trumps, where it counts there).
    belotes: tuple[Seat, ...] = ()
    capot: Side | None = None
    # The one player who took every trick, for a générale.
    generale: Seat | None = None
    # Who played first to the first trick: among equal declarations, nearest announces first.
    leader: Seat | None = None
    # The contract of the auction, for rule sets with bidding.
    contract: Contract | None = None


@dataclass(frozen=True)
class DealScore:
    outcome: Outcome
    taker: Side
    scores: Mapping[Side, int]
    # How each side's score was made up.
    sides: Mapping[Side, SideScore]
    # The taker's points in a litige, waiting for the winner of the next deal.
    held: int
    # What each side brought: card points (the capot's and 0 after a capot), declarations, belote.
    card_points: Mapping[Side, int]
    declaration_points: Mapping[Side, int]
    belote_points: Mapping[Side, int]
    capot: Side | None
    contract: Contract | None = None

    @property
    def defence(self) -> Side:
        return next(side for side in self.scores if side != self.taker)

    @property
    def winner(self) -> Side | None:
        """The side that wins the deal: the taker if made, the defence if dedans."""
        if self.outcome is Outcome.MADE:
            return self.taker
        if self.outcome is Outcome.DEDANS:
            return self.defence
        return None


def _check_facts(rules: RuleSet, facts: DealFacts) -> None:
    sides = rules.sides
    if len(sides) != 2:
        raise InvalidDealError(
            f"a deal is scored between two sides, rule set {rules.id} has {len(sides)}"
        )
    if facts.capot is None:
        if set(facts.card_points) != set(sides):
            raise InvalidDealError("card points are needed for both sides")
        if min(facts.card_points.values()) < 0:
            raise InvalidDealError("card points cannot be negative")
        total = rules.deal_points(facts.trump)
        if sum(facts.card_points.values()) != total:
            raise InvalidDealError(
                f"the sides' card points must add up to {total} (cards and last trick), "
                f"not {sum(facts.card_points.values())}"
            )
    elif facts.card_points:
        raise InvalidDealError("a capot's points are fixed: give either points or capot")
    if facts.generale is not None and facts.capot != rules.side_of(facts.generale):
        raise InvalidDealError("a générale is a capot by one player: its side took every trick")
    if (rules.bidding is None) != (facts.contract is None):
        raise InvalidDealError("a contract is scored under a rule set with bidding, and only there")
    if facts.contract is not None and facts.contract.taker is not facts.taker:
        raise InvalidDealError("the contract's taker is the deal's taker")
    if facts.contract is not None and facts.contract.trump is not facts.trump:
        raise InvalidDealError("the contract's trump is the deal's trump")
    if facts.declarations and not rules.declarations.enabled:
        raise InvalidDealError(f"rule set {rules.id} plays without declarations")
    if len(facts.belotes) > len(rules.belote_suits(facts.trump)):
        raise InvalidDealError(
            f"a {facts.trump.value} deal of rule set {rules.id} has at most "
            f"{len(rules.belote_suits(facts.trump))} belote(s)"
        )


def score_deal(rules: RuleSet, facts: DealFacts) -> DealScore:
    """The deal's score under the rule set; InvalidDealError for facts that cannot be."""
    _check_facts(rules, facts)
    sides = rules.sides
    taker = rules.side_of(facts.taker)
    defence = next(side for side in sides if side != taker)
    if facts.capot is not None:
        cards = {side: rules.scoring.capot_points if side == facts.capot else 0 for side in sides}
    else:
        cards = {side: facts.card_points[side] for side in sides}
    award = award_declarations(
        facts.declarations,
        sides,
        rules.declarations,
        facts.trump,
        rules.order_from(facts.leader or rules.order[0]),
    )
    declarations = dict(award.points)
    belote = {side: 0 for side in sides}
    for seat in facts.belotes:
        belote[rules.side_of(seat)] += rules.declarations.belote_points
    if facts.contract is None:
        return _score_classic(rules, facts, taker, defence, cards, declarations, belote)
    return _score_contract(
        rules, facts, facts.contract, taker, defence, cards, declarations, belote
    )


def _terms(cards: int, declarations: int, belote: int) -> tuple[Term, ...]:
    found = [Term(TermKind.CARDS, cards)]
    if declarations:
        found.append(Term(TermKind.DECLARATIONS, declarations))
    if belote:
        found.append(Term(TermKind.BELOTE, belote))
    return tuple(found)


def _finish(
    rules: RuleSet,
    outcome: Outcome,
    taker: Side,
    parts: Mapping[Side, SideScore],
    facts: DealFacts,
    cards: Mapping[Side, int],
    declarations: Mapping[Side, int],
    belote: Mapping[Side, int],
    held: int = 0,
) -> DealScore:
    rounding = rules.scoring.rounding
    final = {
        side: SideScore(part.terms, part.multiplier, part.outside, rounding.apply(part.raw))
        for side, part in parts.items()
    }
    return DealScore(
        outcome=outcome,
        taker=taker,
        scores={side: part.score for side, part in final.items()},
        sides=final,
        held=held,
        card_points=cards,
        declaration_points=declarations,
        belote_points=belote,
        capot=facts.capot,
        contract=facts.contract,
    )


def _belote_of_beaten(rules: RuleSet, points: int) -> tuple[int, int]:
    """A failed taker's belote: (what he keeps, what the defence takes)."""
    rule = rules.scoring.belote_on_failure
    if rule is BeloteOnFailure.KEPT:
        return points, 0
    if rule is BeloteOnFailure.TAKEN:
        return 0, points
    return 0, 0


def _score_classic(
    rules: RuleSet,
    facts: DealFacts,
    taker: Side,
    defence: Side,
    cards: Mapping[Side, int],
    declarations: Mapping[Side, int],
    belote: Mapping[Side, int],
) -> DealScore:
    totals = {side: cards[side] + declarations[side] + belote[side] for side in cards}
    if totals[taker] > totals[defence]:
        outcome = Outcome.MADE
    elif totals[taker] < totals[defence]:
        outcome = Outcome.DEDANS
    else:
        outcome = {
            Tie.LITIGE: Outcome.LITIGE,
            Tie.FAILED: Outcome.DEDANS,
            Tie.MADE: Outcome.MADE,
        }[rules.scoring.tie]
    parts = {
        side: SideScore(_terms(cards[side], declarations[side], belote[side])) for side in cards
    }
    held = 0
    if outcome is Outcome.DEDANS:
        kept, taken = _belote_of_beaten(rules, belote[taker])
        whole = sum(cards.values())  # the deal's card points: 162, or the capot's 252
        defence_terms = [Term(TermKind.DEAL, whole)]
        if sum(declarations.values()):
            defence_terms.append(Term(TermKind.DECLARATIONS, sum(declarations.values())))
        if belote[defence] + taken:
            defence_terms.append(Term(TermKind.BELOTE, belote[defence] + taken))
        parts[defence] = SideScore(tuple(defence_terms))
        parts[taker] = SideScore((Term(TermKind.BELOTE, kept),) if kept else ())
    elif outcome is Outcome.LITIGE:
        # Belote stays with its side at once; the rest of the taker's points wait.
        held = rules.scoring.rounding.apply(totals[taker] - belote[taker])
        parts[taker] = SideScore((Term(TermKind.BELOTE, belote[taker]),) if belote[taker] else ())
    return _finish(rules, outcome, taker, parts, facts, cards, declarations, belote, held)


def contract_made(
    rules: RuleSet,
    facts: DealFacts,
    contract: Contract,
    totals: Mapping[Side, int],
    taker: Side,
    defence: Side,
) -> bool:
    """Whether the takers made their contract (before any rounding: rounding makes no contract)."""
    assert rules.contract is not None
    if contract.level is Level.CAPOT:
        reached = facts.capot == taker
    elif contract.level is Level.GENERALE:
        reached = facts.generale is contract.taker
    else:
        needed = contract.value(rules)
        floor_needs = rules.contract.floor_needs
        if floor_needs is not None and rules.bidding and contract.bid == rules.bidding.floor:
            needed = max(needed, floor_needs)
        reached = totals[taker] >= needed
    if not reached:
        return False
    if rules.contract.made_when is MadeWhen.BID or totals[taker] > totals[defence]:
        return True
    if totals[taker] < totals[defence]:
        return False
    return rules.scoring.tie is Tie.MADE


def _score_contract(
    rules: RuleSet,
    facts: DealFacts,
    contract: Contract,
    taker: Side,
    defence: Side,
    cards: Mapping[Side, int],
    declarations: dict[Side, int],
    belote: Mapping[Side, int],
) -> DealScore:
    terms = rules.contract
    assert terms is not None
    if facts.capot == taker and terms.capot_takes_declarations:
        declarations[taker] += declarations[defence]
        declarations[defence] = 0
    totals = {
        side: cards[side]
        + (declarations[side] if terms.counts_declarations else 0)
        + (belote[side] if terms.counts_belote else 0)
        for side in cards
    }
    made = contract_made(rules, facts, contract, totals, taker, defence)
    winner, beaten = (taker, defence) if made else (defence, taker)
    value = contract.value(rules)
    multiplier = contract.multiplier(rules)
    coinched = multiplier > 1
    all_declarations = sum(declarations.values())

    # A failed taker keeps, loses or hands over his belote as the rule set says, and so
    # does the defence of a made coinche, which scores nothing else: it keeps its belote
    # where that is imprenable (FFB coinche 2015, §10.1.1), the takers score it where it is
    # prenable (FFB contrée 2016, §10.2 table: "Belote preneurs ou défense", defence 0).
    # A made contract not coinched leaves each side its own belote.
    kept, taken = (
        _belote_of_beaten(rules, belote[beaten]) if not made or coinched else (belote[beaten], 0)
    )
    capot_flat = contract.level is Level.CAPOT and terms.capot_flat is not None
    if made and not capot_flat and (not coinched or terms.coinche_keeps_cards):
        # Both sides score what they took; the takers add the contract, which a coinche
        # (where it keeps the cards) multiplies alone.
        parts = {
            side: SideScore(_terms(cards[side], declarations[side], belote[side])) for side in cards
        }
        made_terms = list(parts[taker].terms)
        if terms.made is MadeScore.BID:
            made_terms = [t for t in made_terms if t.kind is TermKind.BELOTE]
        contract_term = Term(TermKind.CONTRACT, value)
        if terms.made is MadeScore.POINTS:
            parts[taker] = SideScore(tuple(made_terms))
        elif coinched:
            parts[taker] = SideScore((contract_term,), multiplier, tuple(made_terms))
        else:
            parts[taker] = SideScore((*made_terms, contract_term))
        return _finish(rules, Outcome.MADE, taker, parts, facts, cards, declarations, belote)

    winner_belote = belote[winner] + taken
    belote_term = [Term(TermKind.BELOTE, winner_belote)] if winner_belote else []
    outside: list[Term] = []
    if capot_flat:
        assert terms.capot_flat is not None
        inside = [Term(TermKind.CAPOT_FLAT, terms.capot_flat)]
        outside = belote_term
        factor = multiplier
    else:
        if made:
            base_kind = TermKind.COINCHED
            base = terms.coinche_capot_points if facts.capot == taker else terms.coinche_points
        else:
            base_kind = TermKind.FAILED
            base = terms.failed_points
        inside = [Term(base_kind, base)]
        if not made and terms.failed is FailedScore.BID:
            inside = []
        if all_declarations:
            inside.append(Term(TermKind.DECLARATIONS, all_declarations))
        contract_term = Term(TermKind.CONTRACT, value)
        # "Points faits" (FFB contrée 2016, §10.2) leaves the contract out of every score.
        add_contract = (
            terms.made is not MadeScore.POINTS if made else terms.failed is not FailedScore.POINTS
        )
        if terms.multiplies is Multiplies.BID:
            # Only the contract is multiplied: base and the rest are added once.
            outside = inside + belote_term
            inside = [contract_term] if add_contract else []
        else:
            if add_contract:
                inside.append(contract_term)
            if terms.belote_multiplied:
                inside += belote_term
            else:
                outside = belote_term
        factor = multiplier if inside else 1
        if made and facts.capot == taker and terms.coinche_capot_bonus:
            outside = [*outside, Term(TermKind.CAPOT_BONUS, terms.coinche_capot_bonus)]
    parts = {
        winner: SideScore(tuple(inside), factor, tuple(outside)),
        beaten: SideScore((Term(TermKind.BELOTE, kept),) if kept else ()),
    }
    outcome = Outcome.MADE if made else Outcome.DEDANS
    return _finish(rules, outcome, taker, parts, facts, cards, declarations, belote)


@dataclass(frozen=True)
class Carry:
    """Litige points that a deal's winner takes on top of that deal's score."""

    deal: int  # the deal that won them, from 1
    side: Side
    points: int


@dataclass(frozen=True)
class GameResult:
    totals: Mapping[Side, int]
    winner: Side | None
    deals_played: int
    # Litige points still waiting for a deal's winner when the record ends.
    held: int
    # Every amount added to a total besides the deals' own scores, so that a score sheet
    # can give each its own row and its columns add up.
    carried: tuple[Carry, ...] = ()


def score_game(rules: RuleSet, deals: Sequence[DealScore], target: int | None = None) -> GameResult:
    """Add up deal scores until a side reaches the target.

    Raises GameOverError when deals follow the one that ended the game.
    """
    scoring = rules.scoring
    target = scoring.target if target is None else target
    totals = {side: 0 for side in rules.sides}
    held = 0
    carried: list[Carry] = []
    for number, deal in enumerate(deals, start=1):
        for side, points in deal.scores.items():
            totals[side] += points
        if deal.winner is not None and held:
            totals[deal.winner] += held
            carried.append(Carry(number, deal.winner, held))
            held = 0
        held += deal.held
        winner = _game_winner(rules, totals, target, deal)
        if winner is not None:
            if number < len(deals):
                raise GameOverError(
                    f"the game ended after deal {number}; deal {number + 1} is extra"
                )
            return GameResult(totals, winner, number, held, tuple(carried))
    return GameResult(totals, None, len(deals), held, tuple(carried))


def _only_by_belote(rules: RuleSet, side: Side, total: int, target: int, deal: DealScore) -> bool:
    """A side capot (or failed) in this deal that reaches the target only through its belote."""
    rule = rules.scoring.belote_cannot_finish
    if rule is BeloteCannotFinish.NONE:
        return False
    capot_victim = deal.capot is not None and deal.capot != side
    failed = rule is BeloteCannotFinish.CAPOT_OR_FAILED and (
        deal.outcome is Outcome.DEDANS and side == deal.taker
    )
    if not (capot_victim or failed):
        return False
    return total - deal.sides[side].belote() < target


def _game_winner(
    rules: RuleSet, totals: Mapping[Side, int], target: int, deal: DealScore
) -> Side | None:
    over = [
        side
        for side, points in totals.items()
        if points >= target and not _only_by_belote(rules, side, points, target, deal)
    ]
    if len(over) == 1:
        return over[0]
    if len(over) < 2:
        return None
    if rules.scoring.both_over_target is BothOverTarget.TAKER:
        return deal.taker
    first, second = sorted(over, key=lambda side: totals[side], reverse=True)
    return first if totals[first] > totals[second] else None
