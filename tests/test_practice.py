"""Practice drawn by the engine: the same from the same seed, and every reason a rule set gives.

The reasons each rule set must show are worked out from the rules, not
from the engine: every reason of play.py, less those the rule set rules out.
"""

from __future__ import annotations

import pytest
from helpers.rules import COINCHE, MAISON, three_players

from generator.engine import Outcome, Reason, RuleSet, score_deal
from generator.engine.practice import practice_deals, practice_positions

EVERY = set(Reason)
# Maison requires a lower trump under an opponent's unbeatable one (seed 004):
# a lower trump is "undertrump" and any other card "must-undertrump"; never a choice.
MAISON_REASONS = EVERY - {Reason.MAY_UNDERTRUMP}
# FFB coinche 2015 §5: no obligation to undertrump, so a lower trump is a choice.
COINCHE_REASONS = EVERY - {Reason.UNDERTRUMP, Reason.MUST_UNDERTRUMP}
# Three players, each for himself: no partner ever holds the trick.
THREE_REASONS = MAISON_REASONS - {Reason.PARTNER_WINNING_FREE}


def shown(rules: RuleSet, seed: int) -> set[Reason]:
    return {v.reason for p in practice_positions(rules, seed) for v in p.verdicts}


@pytest.mark.parametrize(
    ("rules", "reasons"),
    [(MAISON, MAISON_REASONS), (COINCHE, COINCHE_REASONS), (three_players(), THREE_REASONS)],
    ids=["maison", "coinche", "three-players"],
)
@pytest.mark.parametrize("seed", [2026, 7, 123456])
def test_practice_shows_every_reason_the_rule_set_can_give(
    rules: RuleSet, reasons: set[Reason], seed: int
) -> None:
    assert shown(rules, seed) == reasons


def test_practice_is_twenty_positions_mostly_with_a_choice() -> None:
    positions = practice_positions(MAISON, 2026)
    assert len(positions) == 20
    choices = [p for p in positions if {v.reason.allows for v in p.verdicts} == {True, False}]
    # A lead allows every card, so at least one position has no refused card.
    assert 15 <= len(choices) < 20
    assert len({(p.trump, p.trick, p.seat, p.hand) for p in positions}) == 20


def test_the_seed_gives_the_same_practice_and_another_seed_another() -> None:
    def key(seed: int) -> list[tuple[object, ...]]:
        return [(p.trump, p.trick, p.seat, p.hand) for p in practice_positions(COINCHE, seed)]

    assert key(99) == key(99)
    assert key(99) != key(100)


def test_practice_deals_are_whole_deals_the_engine_scores_again_the_same() -> None:
    for rules in (MAISON, COINCHE):
        deals = practice_deals(rules, 2026)
        assert len(deals) == 3
        for deal in deals:
            cards = [play.card for trick in deal.tricks for play in trick]
            assert len(cards) == len(set(cards)) == 32
            points = sum(deal.facts.card_points.values()) if deal.facts.card_points else 162
            # Every card and the last trick: 152 + 10 (rules-reference.md, card values).
            assert points == 162
            assert score_deal(rules, deal.facts) == deal.score
            assert deal.score.outcome in set(Outcome)
        if rules.bidding is not None:
            assert all(deal.facts.contract is not None for deal in deals)
