"""Scoring a deal (made, dedans, litige, capot, rounding) and a game to its target.

Expected values are worked out by hand from the rule books
(FFB 2015 and 2016, pagat.com, cited in content/rulesets/)
("Scoring a deal") and docs/scenarios.md ("kind: deal", "kind: game"):
a deal's card points with the last trick add up to 162; the taker must
score more than the defence, declarations and belote counted; dedans gives
the defence 162 plus every declaration that counts plus its belote, and the
taker only his belote (when the rule set keeps it); a litige holds the
taker's points, belote aside, for the next deal's winner; a capot is worth
252.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest
from conftest import E, N, S, W, cards
from helpers.effort import examples
from helpers.rules import MAISON, three_players
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import (
    BeloteOnFailure,
    BothOverTarget,
    Carry,
    Comparison,
    DealFacts,
    DealScore,
    Declaration,
    ExactTie,
    GameOverError,
    GameResult,
    InvalidDealError,
    Outcome,
    Rounding,
    RuleSet,
    Seat,
    Term,
    TermKind,
    Tie,
    Trump,
    deal_hands,
    play_deal,
    score_deal,
    score_game,
)
from generator.engine.declarations import carre_of, sequence_of

NS = frozenset({N, S})
EW = frozenset({E, W})
SIDE_OF = {N: NS, S: NS, E: EW, W: EW}

# Maison, but a failed taker loses his belote with the contract (one answer of the books:
# kept by the FFB, lost at some tables, given to the defence by FFB contrée 2016).
BELOTE_LOST = replace(
    MAISON, scoring=replace(MAISON.scoring, belote_on_failure=BeloteOnFailure.LOST)
)
# Classic scoring with FFB coinche's declaration comparison (§8.3): only the side with the
# best declaration scores, and equal best declarations cancel out.
BEST = replace(
    MAISON,
    declarations=replace(
        MAISON.declarations, comparison=Comparison.BEST_DECLARATION, exact_tie=ExactTie.NOBODY
    ),
)
# Maison with the table's alternatives (seed 004): a short game to 500, a tie fails,
# scores rounded to tens, the taker wins when both sides pass the target.
TABLE = replace(
    MAISON,
    beat_partner_in_all_trumps=False,
    declarations=replace(MAISON.declarations, exact_tie=ExactTie.NOBODY),
    scoring=replace(
        MAISON.scoring,
        tie=Tie.FAILED,
        rounding=Rounding.TENS,
        target=500,
        both_over_target=BothOverTarget.TAKER,
    ),
)


def declaration(codes: str) -> Declaration:
    found = sequence_of(cards(codes)) or carre_of(cards(codes))
    assert found is not None, codes
    return found


def facts(
    taker: Seat,
    ns: int = 0,
    ew: int = 0,
    *,
    trump: Trump = Trump.SPADES,
    declarations: Mapping[Seat, Sequence[str]] | None = None,
    belote: Seat | None = None,
    capot: frozenset[Seat] | None = None,
    leader: Seat | None = None,
) -> DealFacts:
    return DealFacts(
        trump=trump,
        taker=taker,
        # A capot's points are fixed (252): the facts give none.
        card_points={} if capot is not None else {NS: ns, EW: ew},
        declarations={
            seat: [declaration(codes) for codes in each]
            for seat, each in (declarations or {}).items()
        },
        belotes=(belote,) if belote is not None else (),
        capot=capot,
        leader=leader,
    )


def scoring(rules: RuleSet, **changes: object) -> RuleSet:
    """The rule set with some `scoring` options changed."""
    return replace(rules, scoring=replace(rules.scoring, **changes))


def scores(result: DealScore) -> dict[frozenset[Seat], int]:
    return dict(result.scores)


# ---------------------------------------------------------------------------
# Made


def test_made_each_side_scores_its_own(maison: RuleSet) -> None:
    result = score_deal(maison, facts(N, 100, 62))
    assert result.outcome is Outcome.MADE
    assert scores(result) == {NS: 100, EW: 62}
    assert result.held == 0
    assert result.taker == NS
    assert result.winner == NS


def test_made_by_east_west(maison: RuleSet) -> None:
    result = score_deal(maison, facts(W, 60, 102))
    assert result.outcome is Outcome.MADE
    assert result.taker == EW
    assert result.winner == EW
    assert scores(result) == {NS: 60, EW: 102}


def test_made_with_declarations_and_belote(maison: RuleSet) -> None:
    # Taker North 75 + tierce 20 + belote 20 = 115 against East-West 87: made.
    result = score_deal(
        maison,
        facts(N, 75, 87, trump=Trump.HEARTS, declarations={N: ["7C 8C 9C"]}, belote=N),
    )
    assert result.outcome is Outcome.MADE
    assert scores(result) == {NS: 115, EW: 87}
    assert dict(result.declaration_points) == {NS: 20, EW: 0}
    assert dict(result.belote_points) == {NS: 20, EW: 0}


def test_declarations_decide_the_outcome(maison: RuleSet) -> None:
    # Cards alone: 76 against 86 would fail; North's cinquante (50) makes it.
    result = score_deal(maison, facts(N, 76, 86, declarations={S: ["7D 8D 9D 10D"]}))
    assert result.outcome is Outcome.MADE
    assert scores(result) == {NS: 126, EW: 86}


# ---------------------------------------------------------------------------
# Dedans


def test_dedans_defence_takes_162(maison: RuleSet) -> None:
    result = score_deal(maison, facts(N, 70, 92))
    assert result.outcome is Outcome.DEDANS
    assert scores(result) == {NS: 0, EW: 162}
    assert result.winner == EW
    assert result.held == 0


def test_dedans_with_belote_kept(maison: RuleSet) -> None:
    # docs/scenarios.md's example: North 70 + belote 20 = 90 against East 92 + tierce 20
    # = 112. Dedans: East-West 162 + 20 = 182; North keeps his belote, 20.
    assert maison.scoring.belote_on_failure is BeloteOnFailure.KEPT
    result = score_deal(maison, facts(N, 70, 92, declarations={E: ["9H 10H JH"]}, belote=N))
    assert result.outcome is Outcome.DEDANS
    assert scores(result) == {NS: 20, EW: 182}
    assert result.winner == EW


def test_dedans_belote_lost_with_the_contract(maison: RuleSet) -> None:
    rules = scoring(maison, belote_on_failure=BeloteOnFailure.LOST)
    result = score_deal(rules, facts(N, 70, 92, declarations={E: ["9H 10H JH"]}, belote=N))
    assert result.outcome is Outcome.DEDANS
    assert scores(result) == {NS: 0, EW: 182}


def test_belote_lost_rule_set_loses_belote_with_the_contract() -> None:
    assert BELOTE_LOST.scoring.belote_on_failure is BeloteOnFailure.LOST
    result = score_deal(BELOTE_LOST, facts(N, 60, 102, belote=N))
    assert result.outcome is Outcome.DEDANS
    assert scores(result) == {NS: 0, EW: 162}


def test_dedans_belote_taken_by_the_defence(maison: RuleSet) -> None:
    # The same deal as above, the failed taker's belote "prenable": East-West score
    # 162 + the tierce 20 + North's belote 20 = 202; North nothing.
    rules = scoring(maison, belote_on_failure=BeloteOnFailure.TAKEN)
    result = score_deal(rules, facts(N, 70, 92, declarations={E: ["9H 10H JH"]}, belote=N))
    assert result.outcome is Outcome.DEDANS
    assert scores(result) == {NS: 0, EW: 202}


def test_a_made_takers_belote_is_his_whatever_the_rule(maison: RuleSet) -> None:
    # The rule is about a failed contract: made, North keeps 100 + 20 whatever it says.
    for rule in BeloteOnFailure:
        rules = scoring(maison, belote_on_failure=rule)
        assert scores(score_deal(rules, facts(N, 100, 62, belote=N))) == {NS: 120, EW: 62}


def test_dedans_defence_adds_its_own_belote(maison: RuleSet) -> None:
    # East-West 102 + belote 20 = 122 against 60: dedans, 162 + 20 = 182.
    result = score_deal(maison, facts(N, 60, 102, belote=E))
    assert result.outcome is Outcome.DEDANS
    assert scores(result) == {NS: 0, EW: 182}


def test_dedans_defence_takes_the_takers_declarations(maison: RuleSet) -> None:
    # Maison weighs sequences and carrés apart: North's carré of kings (100) and
    # East's tierce (20) both count. 40 + 100 = 140 against 122 + 20 = 142: dedans,
    # and the defence scores 162 + 100 + 20 = 282.
    result = score_deal(
        maison,
        facts(N, 40, 122, declarations={N: ["KS KH KD KC"], E: ["7H 8H 9H"]}),
    )
    assert result.outcome is Outcome.DEDANS
    assert scores(result) == {NS: 0, EW: 282}


def test_best_declaration_changes_the_outcome() -> None:
    # The same deal weighed as FFB coinche does: only the carré's side scores; 140
    # against 122, made.
    result = score_deal(
        BEST,
        facts(N, 40, 122, declarations={N: ["KS KH KD KC"], E: ["7H 8H 9H"]}),
    )
    assert result.outcome is Outcome.MADE
    assert scores(result) == {NS: 140, EW: 122}


def test_dedans_only_declarations_that_count() -> None:
    # Best declaration: East's cent (100) beats North's tierce, which does not count.
    # 72 + 0 against 90 + 100: dedans, the defence scores 162 + 100.
    result = score_deal(
        BEST,
        facts(N, 72, 90, declarations={N: ["7S 8S 9S"], E: ["7D 8D 9D 10D JD"]}),
    )
    assert result.outcome is Outcome.DEDANS
    assert scores(result) == {NS: 0, EW: 262}


def test_declaration_tie_uses_the_leader(maison: RuleSet) -> None:
    # Equal plain tierces; Maison: the first announced wins, counted from the leader.
    # Taker North 76 against 86: with North's tierce (leader North) 96 > 86, made;
    # with East's (leader East) 76 < 106, dedans.
    tied = {N: ["JH QH KH"], E: ["JD QD KD"]}
    made = score_deal(maison, facts(N, 76, 86, declarations=tied, leader=N))
    assert made.outcome is Outcome.MADE
    assert scores(made) == {NS: 96, EW: 86}
    failed = score_deal(maison, facts(N, 76, 86, declarations=tied, leader=E))
    assert failed.outcome is Outcome.DEDANS
    assert scores(failed) == {NS: 0, EW: 182}


# ---------------------------------------------------------------------------
# Ties


def test_litige(maison: RuleSet) -> None:
    assert maison.scoring.tie is Tie.LITIGE
    result = score_deal(maison, facts(N, 81, 81, trump=Trump.HEARTS))
    assert result.outcome is Outcome.LITIGE
    assert scores(result) == {NS: 0, EW: 81}
    assert result.held == 81
    assert result.winner is None


def test_litige_held_is_the_takers_points_minus_belote(maison: RuleSet) -> None:
    # North-South 71 + South's belote 20 = 91, East-West 91: litige. The belote stays
    # with North-South (20); the other 71 are held.
    result = score_deal(maison, facts(N, 71, 91, trump=Trump.HEARTS, belote=S))
    assert result.outcome is Outcome.LITIGE
    assert scores(result) == {NS: 20, EW: 91}
    assert result.held == 71


def test_litige_held_includes_declarations(maison: RuleSet) -> None:
    # North 71 + tierce 20 = 91 against 91: the 91 are held.
    result = score_deal(maison, facts(N, 71, 91, declarations={N: ["7C 8C 9C"]}))
    assert result.outcome is Outcome.LITIGE
    assert scores(result) == {NS: 0, EW: 91}
    assert result.held == 91


def test_tie_failed(maison: RuleSet) -> None:
    rules = scoring(maison, tie=Tie.FAILED)
    result = score_deal(rules, facts(E, 81, 81))
    assert result.outcome is Outcome.DEDANS
    assert scores(result) == {NS: 162, EW: 0}
    assert result.held == 0
    assert result.winner == NS


def test_tie_made(maison: RuleSet) -> None:
    rules = scoring(maison, tie=Tie.MADE)
    result = score_deal(rules, facts(E, 81, 81))
    assert result.outcome is Outcome.MADE
    assert scores(result) == {NS: 81, EW: 81}
    assert result.held == 0
    assert result.winner == EW


# ---------------------------------------------------------------------------
# Capot


def test_capot_for_the_taker(maison: RuleSet) -> None:
    result = score_deal(maison, facts(N, 0, 0, capot=NS))
    assert result.outcome is Outcome.MADE
    assert scores(result) == {NS: 252, EW: 0}
    assert dict(result.card_points) == {NS: 252, EW: 0}
    assert result.capot == NS


def test_capot_with_card_points_too_is_refused(maison: RuleSet) -> None:
    # A capot's points are fixed (252): points given as well cannot go with it.
    given = DealFacts(trump=Trump.SPADES, taker=N, card_points={NS: 20, EW: 142}, capot=NS)
    with pytest.raises(InvalidDealError):
        score_deal(maison, given)


def test_capot_plus_declarations_and_belote(maison: RuleSet) -> None:
    # North-South take every trick: 252 + belote 20. East's tierce is the only
    # sequence (Maison weighs them apart), so East-West keep it: 20.
    result = score_deal(maison, facts(N, capot=NS, belote=N, declarations={E: ["7H 8H 9H"]}))
    assert result.outcome is Outcome.MADE
    assert scores(result) == {NS: 272, EW: 20}


def test_capot_for_the_defence(maison: RuleSet) -> None:
    result = score_deal(maison, facts(N, capot=EW))
    assert result.outcome is Outcome.DEDANS
    assert scores(result) == {NS: 0, EW: 252}
    assert result.winner == EW


def test_capot_for_the_defence_with_declarations_and_belote(maison: RuleSet) -> None:
    # North's belote (20) and cinquante (50) are no match for 252: dedans. The defence
    # scores 252 + the cinquante; North keeps his belote.
    result = score_deal(maison, facts(N, capot=EW, belote=N, declarations={N: ["7D 8D 9D 10D"]}))
    assert result.outcome is Outcome.DEDANS
    assert scores(result) == {NS: 20, EW: 302}


# ---------------------------------------------------------------------------
# Rounding


@pytest.mark.parametrize(
    ("ns", "ew", "expected"),
    [
        (85, 77, {NS: 90, EW: 80}),  # a five rounds up
        (84, 78, {NS: 80, EW: 80}),  # made on the cards, even if equal once rounded
        (95, 67, {NS: 100, EW: 70}),
        (162, 0, {NS: 160, EW: 0}),
        (70, 92, {NS: 0, EW: 160}),  # dedans: 162
    ],
)
def test_rounding_tens(
    maison: RuleSet, ns: int, ew: int, expected: dict[frozenset[Seat], int]
) -> None:
    rules = scoring(maison, rounding=Rounding.TENS)
    assert score_deal(rules, facts(N, ns, ew)).scores == expected


def test_no_rounding_by_default(maison: RuleSet) -> None:
    assert score_deal(maison, facts(N, 85, 77)).scores == {NS: 85, EW: 77}


def test_table_options_rule_set() -> None:
    # Table options: a tie fails, scores rounded to tens, target 500, taker wins when both over.
    table = TABLE
    tie = score_deal(table, facts(N, 81, 81))
    assert tie.outcome is Outcome.DEDANS
    assert tie.scores == {NS: 0, EW: 160}
    made = score_deal(table, facts(N, 85, 77))
    assert made.scores == {NS: 90, EW: 80}


# ---------------------------------------------------------------------------
# A game to its target


def deal(rules: RuleSet, taker: Seat, ns: int = 0, ew: int = 0, **more: Any) -> DealScore:
    return score_deal(rules, facts(taker, ns, ew, **more))


def totals(result: GameResult) -> dict[frozenset[Seat], int]:
    return dict(result.totals)


def test_game_adds_up_deals(maison: RuleSet) -> None:
    result = score_game(maison, [deal(maison, N, 100, 62), deal(maison, E, 50, 112)])
    assert totals(result) == {NS: 150, EW: 174}
    assert result.winner is None
    assert result.deals_played == 2
    assert result.held == 0


def test_litige_goes_to_next_deals_winner_made(maison: RuleSet) -> None:
    # docs/scenarios.md's example: a litige (East-West 81, 81 held), then East makes
    # 112 against 50: East-West also take the 81 held. 50 and 81 + 112 + 81 = 274.
    result = score_game(
        maison,
        [deal(maison, N, 81, 81, trump=Trump.HEARTS), deal(maison, E, 50, 112)],
        target=500,
    )
    assert totals(result) == {NS: 50, EW: 274}
    assert result.winner is None
    assert result.held == 0
    assert result.deals_played == 2
    # The 81 is an amount of its own, taken in deal 2 (a score sheet gives it a row).
    assert result.carried == (Carry(2, EW, 81),)


def test_litige_goes_to_next_deals_winner_dedans(maison: RuleSet) -> None:
    # A litige (North takes), then East fails: North-South win that deal (162) and the 81.
    result = score_game(maison, [deal(maison, N, 81, 81), deal(maison, E, 100, 62)])
    assert totals(result) == {NS: 162 + 81, EW: 81}
    assert result.held == 0


def test_held_points_wait_while_nobody_wins(maison: RuleSet) -> None:
    result = score_game(maison, [deal(maison, N, 81, 81)])
    assert totals(result) == {NS: 0, EW: 81}
    assert result.held == 81


def test_two_litiges_accumulate(maison: RuleSet) -> None:
    first, second = deal(maison, N, 81, 81), deal(maison, E, 81, 81)
    pending = score_game(maison, [first, second])
    assert totals(pending) == {NS: 81, EW: 81}
    assert pending.held == 162
    # North then makes 100 against 62 and takes both held 81s.
    result = score_game(maison, [first, second, deal(maison, N, 100, 62)])
    assert totals(result) == {NS: 81 + 100 + 162, EW: 81 + 62}
    assert result.held == 0
    assert pending.carried == ()
    assert result.carried == (Carry(3, NS, 162),)


def test_litige_with_belote_held_and_kept(maison: RuleSet) -> None:
    # North 71 + belote 20 ties East-West's 91: North keeps 20 now, 71 wait;
    # East-West then fail (60 vs 102 for North-South, who take 162 + 71).
    result = score_game(maison, [deal(maison, N, 71, 91, belote=N), deal(maison, E, 102, 60)])
    assert totals(result) == {NS: 20 + 162 + 71, EW: 91}


def test_default_target_is_the_rule_sets(maison: RuleSet) -> None:
    assert maison.scoring.target == 1000
    capot = deal(maison, N, capot=NS)
    three = score_game(maison, [capot] * 3)
    assert three.winner is None  # 756
    four = score_game(maison, [capot] * 4)
    assert four.winner == NS  # 1008
    assert totals(four) == {NS: 1008, EW: 0}
    assert four.deals_played == 4


def test_reaching_the_target_exactly_wins(maison: RuleSet) -> None:
    result = score_game(maison, [deal(maison, N, capot=NS)], target=252)
    assert result.winner == NS
    below = score_game(maison, [deal(maison, N, capot=NS)], target=253)
    assert below.winner is None


def test_table_rule_set_short_game() -> None:
    table = TABLE
    # A capot rounded to tens is 250; two reach the 500 of the short game.
    capot = deal(table, N, capot=NS)
    assert capot.scores == {NS: 250, EW: 0}
    result = score_game(table, [capot, capot])
    assert result.winner == NS


# Target 150: North-South make 100 to 62, then East-West make 92 to 70.
# Totals 170 and 154: both are over the target after the second deal.
def _both_over(rules: RuleSet) -> list[DealScore]:
    return [deal(rules, N, 100, 62), deal(rules, E, 70, 92)]


def test_both_over_target_higher_total(maison: RuleSet) -> None:
    assert maison.scoring.both_over_target is BothOverTarget.HIGHER_TOTAL
    result = score_game(maison, _both_over(maison), target=150)
    assert totals(result) == {NS: 170, EW: 154}
    assert result.winner == NS
    assert result.deals_played == 2


def test_both_over_target_taker(maison: RuleSet) -> None:
    rules = scoring(maison, both_over_target=BothOverTarget.TAKER)
    result = score_game(rules, _both_over(rules), target=150)
    assert totals(result) == {NS: 170, EW: 154}
    assert result.winner == EW  # East took the last deal


def test_equal_totals_over_target_no_winner(maison: RuleSet) -> None:
    # 90 + 72 = 162 each after two deals, both over 150: play on.
    deals = [deal(maison, N, 90, 72), deal(maison, E, 72, 90)]
    result = score_game(maison, deals, target=150)
    assert totals(result) == {NS: 162, EW: 162}
    assert result.winner is None
    assert result.deals_played == 2
    # The next deal decides: North-South 262 to 224.
    result = score_game(maison, [*deals, deal(maison, N, 100, 62)], target=150)
    assert result.winner == NS
    assert result.deals_played == 3


def test_equal_totals_over_target_taker_policy(maison: RuleSet) -> None:
    rules = scoring(maison, both_over_target=BothOverTarget.TAKER)
    deals = [deal(rules, N, 90, 72), deal(rules, E, 72, 90)]
    assert score_game(rules, deals, target=150).winner == EW


def test_one_side_over_target_wins(maison: RuleSet) -> None:
    result = score_game(maison, [deal(maison, N, 100, 62)], target=100)
    assert result.winner == NS


def test_deals_after_the_end_are_an_error(maison: RuleSet) -> None:
    finished = deal(maison, N, 100, 62)
    with pytest.raises(GameOverError):
        score_game(maison, [finished, deal(maison, E, 50, 112)], target=100)
    assert issubclass(GameOverError, ValueError)
    # Without the extra deal it is fine.
    assert score_game(maison, [finished], target=100).deals_played == 1


# ---------------------------------------------------------------------------
# Properties


@settings(max_examples=examples(200), deadline=None)
@given(
    taker_points=st.integers(0, 162),
    taker=st.sampled_from([N, E, S, W]),
    trump=st.sampled_from(list(Trump)),
)
def test_any_split_of_162(maison: RuleSet, taker_points: int, taker: Seat, trump: Trump) -> None:
    side = SIDE_OF[taker]
    defence = EW if side == NS else NS
    points = {side: taker_points, defence: 162 - taker_points}
    result = score_deal(maison, facts(taker, points[NS], points[EW], trump=trump))
    if taker_points > 81:
        assert result.outcome is Outcome.MADE
        assert scores(result) == points
        assert sum(result.scores.values()) == 162
        assert result.winner == side
    elif taker_points < 81:
        assert result.outcome is Outcome.DEDANS
        assert scores(result) == {side: 0, defence: 162}
        assert result.winner == defence
    else:
        assert result.outcome is Outcome.LITIGE
        assert scores(result) == {side: 0, defence: 81}
        assert result.held == 81
    assert result.held == (81 if taker_points == 81 else 0)


def _reference_score(
    taker: frozenset[Seat],
    points: Mapping[frozenset[Seat], int],
    belote: Mapping[frozenset[Seat], int],
    capot: frozenset[Seat] | None,
) -> tuple[str, dict[frozenset[Seat], int], int]:
    """Maison's scoring with belote but no declarations, re-stated from the docs."""
    defence = EW if taker == NS else NS
    if capot is not None:
        points = {side: 252 if side == capot else 0 for side in (NS, EW)}
    whole = 252 if capot is not None else 162
    total = {side: points[side] + belote[side] for side in (NS, EW)}
    if total[taker] > total[defence]:
        return "made", total, 0
    if total[taker] < total[defence]:
        return "dedans", {taker: belote[taker], defence: whole + belote[defence]}, 0
    return "litige", {taker: belote[taker], defence: total[defence]}, total[taker] - belote[taker]


@settings(max_examples=examples(120), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    trump=st.sampled_from(list(Trump)),
    taker=st.sampled_from([N, E, S, W]),
    leader=st.sampled_from([N, E, S, W]),
)
def test_random_deal_scores(
    maison: RuleSet, seed: int, trump: Trump, taker: Seat, leader: Seat
) -> None:
    rng = random.Random(seed)
    hands = deal_hands(maison, rng)
    played = play_deal(
        maison, trump, hands, leader, lambda allowed, trick, trump: rng.choice(list(allowed))
    )
    by_seat = played.points_by_seat()
    points = {side: sum(by_seat.get(seat, 0) for seat in side) for side in (NS, EW)}
    # Every deal's card points with the last trick add up to 162.
    assert sum(points.values()) == 162
    winners = {SIDE_OF[result.winner] for result in played.results}
    capot = next(iter(winners)) if len(winners) == 1 else None
    # The king and queen of the trump suit in one hand: a belote (none without a trump suit).
    suit = {Trump.SPADES: "S", Trump.HEARTS: "H", Trump.DIAMONDS: "D", Trump.CLUBS: "C"}
    codes = {seat: {c.code for c in hand} for seat, hand in hands.items()}
    belote_seat = next(
        (
            seat
            for seat, held in codes.items()
            if trump in suit and {f"K{suit[trump]}", f"Q{suit[trump]}"} <= held
        ),
        None,
    )
    assert maison.belotes(hands, trump) == ([belote_seat] if belote_seat else [])
    belote = {NS: 0, EW: 0}
    if belote_seat is not None:
        belote[SIDE_OF[belote_seat]] = 20
    result = score_deal(
        maison,
        DealFacts(
            trump=trump,
            taker=taker,
            card_points={} if capot is not None else points,
            belotes=(belote_seat,) if belote_seat else (),
            capot=capot,
            leader=leader,
        ),
    )
    outcome, expected, held = _reference_score(SIDE_OF[taker], points, belote, capot)
    assert result.outcome.value == outcome
    assert scores(result) == expected
    assert result.held == held
    assert all(value >= 0 for value in result.scores.values())


# ---------------------------------------------------------------------------
# Rounding.apply


@pytest.mark.parametrize(
    ("points", "tens", "five_down"),
    [
        # FFB coinche 2015 §10.2: "85 est arrondi à 90 tandis que 84 est arrondi à 80".
        (85, 90, 80),
        (84, 80, 80),
        (86, 90, 90),
        (80, 80, 80),
        (0, 0, 0),
        (5, 10, 0),
        (4, 0, 0),
        (162, 160, 160),
        (252, 250, 250),
        (255, 260, 250),
        (1045, 1050, 1040),
    ],
)
def test_rounding_apply(points: int, tens: int, five_down: int) -> None:
    assert Rounding.TENS.apply(points) == tens
    assert Rounding.TENS_FIVE_DOWN.apply(points) == five_down
    assert Rounding.NONE.apply(points) == points


@pytest.mark.parametrize(
    ("ns", "ew", "expected"),
    [
        (85, 77, {NS: 80, EW: 80}),  # a five rounds down
        (86, 76, {NS: 90, EW: 80}),
        (70, 92, {NS: 0, EW: 160}),  # dedans: 162
    ],
)
def test_rounding_tens_five_down(
    maison: RuleSet, ns: int, ew: int, expected: dict[frozenset[Seat], int]
) -> None:
    rules = scoring(maison, rounding=Rounding.TENS_FIVE_DOWN)
    assert score_deal(rules, facts(N, ns, ew)).scores == expected


# ---------------------------------------------------------------------------
# How each side's score is made up: DealScore.sides


def kinds(terms: Sequence[Term]) -> dict[TermKind, int]:
    return {term.kind: term.points for term in terms}


def test_made_sides_show_their_terms(maison: RuleSet) -> None:
    # North 75 + tierce 20 + belote 20 = 115 against 87.
    result = score_deal(
        maison, facts(N, 75, 87, trump=Trump.HEARTS, declarations={N: ["7C 8C 9C"]}, belote=N)
    )
    takers, defence = result.sides[NS], result.sides[EW]
    assert kinds(takers.terms) == {
        TermKind.CARDS: 75,
        TermKind.DECLARATIONS: 20,
        TermKind.BELOTE: 20,
    }
    assert takers.multiplier == 1 and takers.outside == ()
    assert takers.score == 115
    assert kinds(defence.terms) == {TermKind.CARDS: 87}
    assert defence.score == 87


def test_dedans_sides_show_their_terms(maison: RuleSet) -> None:
    # North 70 + belote 20 = 90 against 92 + tierce 20 = 112: the defence's 162 + 20,
    # North's belote alone.
    result = score_deal(maison, facts(N, 70, 92, declarations={E: ["9H 10H JH"]}, belote=N))
    assert kinds(result.sides[EW].terms) == {TermKind.DEAL: 162, TermKind.DECLARATIONS: 20}
    assert result.sides[EW].score == 182
    assert kinds(result.sides[NS].terms) == {TermKind.BELOTE: 20}
    assert result.sides[NS].score == 20
    assert result.contract is None


# ---------------------------------------------------------------------------
# Facts that cannot be


def test_points_must_add_up_to_162(maison: RuleSet) -> None:
    for ns, ew in ((100, 61), (100, 63), (0, 0), (162, 10)):
        with pytest.raises(InvalidDealError):
            score_deal(maison, facts(N, ns, ew))
    assert issubclass(InvalidDealError, ValueError)


def test_points_for_both_sides_and_never_negative(maison: RuleSet) -> None:
    with pytest.raises(InvalidDealError):
        score_deal(maison, DealFacts(trump=Trump.HEARTS, taker=N, card_points={NS: 162}))
    with pytest.raises(InvalidDealError):
        score_deal(maison, DealFacts(trump=Trump.HEARTS, taker=N, card_points={NS: 170, EW: -8}))


def test_a_generale_is_a_capot_by_the_players_side(maison: RuleSet) -> None:
    with pytest.raises(InvalidDealError):
        # Every trick to North alone, yet no capot and points for both sides.
        score_deal(
            maison,
            DealFacts(trump=Trump.HEARTS, taker=N, card_points={NS: 100, EW: 62}, generale=N),
        )
    with pytest.raises(InvalidDealError):
        score_deal(
            maison, DealFacts(trump=Trump.HEARTS, taker=N, card_points={}, capot=EW, generale=N)
        )


def test_a_deal_is_scored_between_two_sides() -> None:
    three = three_players()
    sides = {side: points for side, points in zip(three.sides, (100, 42, 20), strict=True)}
    with pytest.raises(InvalidDealError):
        score_deal(three, DealFacts(trump=Trump.HEARTS, taker=N, card_points=sides))
