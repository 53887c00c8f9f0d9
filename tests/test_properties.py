"""Property tests over random positions and whole random deals.

Positions are built from a shuffled deck: a trick of 0..players-1 cards in
table order from a random leader, then 1..hand_size further cards as the hand
of the seat to move, under any of the six trumps, for the rule sets of
tests/helpers/rules.py (Maison, FFB coinche and contrée, three players,
anticlockwise).

Alongside the general properties, `reference_allowed` and `reference_winner`
re-state the rules reference's card-play table independently of the engine,
so any disagreement points at one of the two.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from conftest import (
    ALL_TRUMPS_FFB2015,
    ALL_TRUMPS_PAGAT,
    NO_TRUMP_VALUES,
    PLAIN_RANKS_HIGH_FIRST,
    PLAIN_VALUES,
    TRUMP_RANKS_HIGH_FIRST,
    TRUMP_VALUES,
    N,
)
from helpers.effort import examples
from helpers.rules import COINCHE, CONTREE, MAISON, anticlockwise, three_players
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.engine import (
    DECK,
    Card,
    IllegalMoveError,
    Play,
    Position,
    Reason,
    RuleSet,
    Seat,
    Trump,
    allowed_cards,
    deal_hands,
    legal_cards,
    play_deal,
    winning_play,
)

FOUR_PLAYER = (MAISON, COINCHE)
THREE_PLAYER = three_players(MAISON)
# Three players without the obligation to undertrump.
THREE_PLAYER_COINCHE = three_players(COINCHE)
ANTICLOCKWISE = anticlockwise(COINCHE)
# Every rule set the engine tests build, in every table shape.
ALL_RULESETS = (MAISON, COINCHE, CONTREE, THREE_PLAYER, THREE_PLAYER_COINCHE, ANTICLOCKWISE)
# The rule sets with FFB 2015's all-trumps values (J 13 ... Q 2).
FFB_VALUES = {COINCHE.id, CONTREE.id, ANTICLOCKWISE.id, THREE_PLAYER_COINCHE.id}

SETTINGS = settings(
    max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@dataclass(frozen=True)
class Spot:
    rules: RuleSet
    trump: Trump
    trick: tuple[Play, ...]
    seat: Seat
    hand: tuple[Card, ...]


@st.composite
def spots(draw: st.DrawFn, rule_sets: Sequence[RuleSet] = FOUR_PLAYER) -> Spot:
    rules = draw(st.sampled_from(rule_sets))
    deck = draw(st.permutations(DECK))
    trump = draw(st.sampled_from(list(Trump)))
    size = draw(st.integers(0, rules.players - 1))
    seat = draw(st.sampled_from(rules.order))
    plays = []
    for i in range(size):
        plays.append(Play(seat, deck[i]))
        seat = rules.next_seat(seat)
    hand = tuple(deck[size : size + draw(st.integers(1, rules.hand_size))])
    return Spot(rules, trump, tuple(plays), seat, hand)


# ---------------------------------------------------------------------------
# An independent statement of the rules (from the rules reference)


def _is_trump(card: Card, trump: Trump) -> bool:
    return trump is Trump.ALL or (trump.suit is not None and card.suit is trump.suit)


def _power(card: Card, trump: Trump) -> int:
    order = TRUMP_RANKS_HIGH_FIRST if _is_trump(card, trump) else PLAIN_RANKS_HIGH_FIRST
    return 8 - order.index(card.code[:-1])


def reference_winner(plays: Sequence[Play], trump: Trump) -> Play:
    """A trump wins if any was played (highest trump); else the led suit's highest."""
    led = plays[0].card.suit
    if trump.suit is not None:
        trumps = [p for p in plays if p.card.suit is trump.suit]
        if trumps:
            return max(trumps, key=lambda p: _power(p.card, trump))
    of_led = [p for p in plays if p.card.suit is led]
    return max(of_led, key=lambda p: _power(p.card, trump))


def reference_allowed(
    rules: RuleSet, trump: Trump, plays: Sequence[Play], seat: Seat, hand: Sequence[Card]
) -> set[Card]:
    """The card-play table of the rules reference, for rule sets that (like
    all of tests/helpers/rules.py) exempt a winning partner only when void in the led suit."""
    if not plays:
        return set(hand)
    led = plays[0].card.suit
    holder = reference_winner(plays, trump)
    partner_holds = rules.partner_of(seat) is holder.seat
    of_led = {c for c in hand if c.suit is led}
    if of_led:
        must_climb = trump is Trump.ALL or (trump.suit is not None and led is trump.suit)
        if must_climb:
            exempt = partner_holds and not (
                rules.beat_partner_in_all_trumps
                if trump is Trump.ALL
                else rules.beat_partner_on_trump_lead
            )
            higher = {c for c in of_led if _power(c, trump) > _power(holder.card, trump)}
            if higher and not exempt:
                return higher
        return of_led
    if trump.suit is None:
        return set(hand)
    trumps = {c for c in hand if c.suit is trump.suit}
    if not trumps or (partner_holds and rules.partner_winning_frees):
        return set(hand)
    if holder.card.suit is not trump.suit:
        return trumps
    higher = {c for c in trumps if _power(c, trump) > _power(holder.card, trump)}
    if higher:
        return higher
    return trumps if rules.must_undertrump else set(hand)


# ---------------------------------------------------------------------------
# Positions


@SETTINGS
@given(spots(ALL_RULESETS))
def test_allowed_is_a_non_empty_subset_of_the_hand(spot: Spot) -> None:
    result = allowed_cards(spot.rules, spot.trump, spot.trick, spot.seat, spot.hand)
    assert result
    assert set(result) <= set(spot.hand)
    assert len(result) == len(set(result))


@SETTINGS
@given(spots((*FOUR_PLAYER, THREE_PLAYER)))
def test_one_verdict_per_card_in_hand_order(spot: Spot) -> None:
    result = legal_cards(spot.rules, spot.trump, spot.trick, spot.seat, spot.hand)
    assert tuple(v.card for v in result) == spot.hand


@SETTINGS
@given(spots())
def test_holding_the_led_suit_means_following_it(spot: Spot) -> None:
    if not spot.trick:
        return
    led = spot.trick[0].card.suit
    if any(c.suit is led for c in spot.hand):
        result = allowed_cards(spot.rules, spot.trump, spot.trick, spot.seat, spot.hand)
        assert all(c.suit is led for c in result)


@SETTINGS
@given(spots((*FOUR_PLAYER, THREE_PLAYER)))
def test_no_trump_nobody_is_forced_to_trump_or_beat(spot: Spot) -> None:
    result = set(allowed_cards(spot.rules, Trump.NONE, spot.trick, spot.seat, spot.hand))
    if not spot.trick:
        assert result == set(spot.hand)
        return
    of_led = {c for c in spot.hand if c.suit is spot.trick[0].card.suit}
    assert result == (of_led or set(spot.hand))


@SETTINGS
@given(spots(FOUR_PLAYER[:1]))
def test_maison_allows_no_more_than_coinche_official(spot: Spot) -> None:
    maison = set(allowed_cards(MAISON, spot.trump, spot.trick, spot.seat, spot.hand))
    coinche = set(allowed_cards(COINCHE, spot.trump, spot.trick, spot.seat, spot.hand))
    assert maison <= coinche


@SETTINGS
@given(spots(ALL_RULESETS))
def test_engine_agrees_with_the_reference_table(spot: Spot) -> None:
    result = set(allowed_cards(spot.rules, spot.trump, spot.trick, spot.seat, spot.hand))
    assert result == reference_allowed(spot.rules, spot.trump, spot.trick, spot.seat, spot.hand)


@SETTINGS
@given(spots((*FOUR_PLAYER, THREE_PLAYER)))
def test_reasons_agree_with_the_verdict(spot: Spot) -> None:
    rules, trump, plays, seat = spot.rules, spot.trump, spot.trick, spot.seat
    reference = reference_allowed(rules, trump, plays, seat, spot.hand)
    led = plays[0].card.suit if plays else None
    holds_led = any(c.suit is led for c in spot.hand)
    partner_holds = bool(plays) and rules.partner_of(seat) is winning_play(plays, trump).seat
    for verdict in legal_cards(rules, trump, plays, seat, spot.hand):
        reason, c = verdict.reason, verdict.card
        assert verdict.allowed is reason.allows
        assert reason.allows is (c in reference), (c, reason)
        assert reason.allows is (not reason.value.startswith("must-"))
        # Each reason only where its rule can apply.
        assert (reason is Reason.LEAD) is (not plays)
        if reason in (Reason.FOLLOW_SUIT, Reason.BEAT_TRUMP, Reason.MUST_BEAT_TRUMP):
            assert c.suit is led
        if reason is Reason.MUST_FOLLOW_SUIT:
            assert holds_led and c.suit is not led
        if reason in (Reason.ANY_TRUMP, Reason.OVERTRUMP, Reason.UNDERTRUMP, Reason.MAY_UNDERTRUMP):
            assert trump.suit is not None and c.suit is trump.suit and not holds_led
        if reason in (Reason.MUST_TRUMP, Reason.MUST_OVERTRUMP, Reason.MUST_UNDERTRUMP):
            assert not holds_led and trump.suit is not None
        if reason is Reason.PARTNER_WINNING_FREE:
            assert partner_holds and not holds_led


@SETTINGS
@given(spots((THREE_PLAYER, THREE_PLAYER_COINCHE)))
def test_three_players_never_get_the_partner_exemption(spot: Spot) -> None:
    for verdict in legal_cards(spot.rules, spot.trump, spot.trick, spot.seat, spot.hand):
        assert verdict.reason is not Reason.PARTNER_WINNING_FREE


@SETTINGS
@given(spots((*FOUR_PLAYER, THREE_PLAYER, ANTICLOCKWISE)))
def test_winner_is_in_the_trick(spot: Spot) -> None:
    plays = (*spot.trick, Play(spot.seat, spot.hand[0]))
    won = winning_play(plays, spot.trump)
    assert won in plays
    assert won == reference_winner(plays, spot.trump)
    trump_suit = spot.trump.suit
    assert won.card.suit is plays[0].card.suit or (
        trump_suit is not None and won.card.suit is trump_suit
    )


# ---------------------------------------------------------------------------
# Whole deals


def _values_of(rules: RuleSet, trump: Trump) -> dict[Card, int]:
    all_trumps = ALL_TRUMPS_FFB2015 if rules.id in FFB_VALUES else ALL_TRUMPS_PAGAT
    table: dict[Card, int] = {}
    for c in DECK:
        rank = c.code[:-1]
        if trump is Trump.NONE:
            table[c] = NO_TRUMP_VALUES[rank]
        elif trump is Trump.ALL:
            table[c] = all_trumps[rank]
        else:
            table[c] = (TRUMP_VALUES if c.suit is trump.suit else PLAIN_VALUES)[rank]
    return table


def _random_strategy(rng: random.Random):  # type: ignore[no-untyped-def]
    def choose(allowed: Sequence[Card], plays: Sequence[Play], trump: Trump) -> Card:
        assert allowed
        return rng.choice(list(allowed))

    return choose


@SETTINGS
@given(
    rules=st.sampled_from((*FOUR_PLAYER, CONTREE, ANTICLOCKWISE)),
    trump=st.sampled_from(list(Trump)),
    rng=st.randoms(use_true_random=False),
)
def test_a_random_deal_is_worth_162(rules: RuleSet, trump: Trump, rng: random.Random) -> None:
    hands = deal_hands(rules, rng)
    assert sorted(len(h) for h in hands.values()) == [8, 8, 8, 8]
    leader = rng.choice(rules.order)
    played = play_deal(rules, trump, hands, leader, _random_strategy(rng))

    assert len(played.tricks) == 8
    assert sorted((c for t in played.tricks for c in (p.card for p in t)), key=DECK.index) == list(
        DECK
    )
    total = sum(result.points for result in played.results)
    assert total == 162
    assert sum(played.points_by_seat().values()) == 162
    # Only the last trick carries the ten of der.
    assert [r.last_trick_bonus for r in played.results] == [0] * 7 + [10]

    values = _values_of(rules, trump)
    remaining = {seat: list(cards) for seat, cards in hands.items()}
    for number, (plays, result) in enumerate(zip(played.tricks, played.results, strict=True)):
        # Each trick is led by the previous winner and goes round in table order.
        assert plays[0].seat is leader
        for before, after in itertools.pairwise(plays):
            assert after.seat is rules.next_seat(before.seat)
        # Each card was allowed when played, from the hand that held it.
        for i, play in enumerate(plays):
            assert play.card in reference_allowed(
                rules, trump, plays[:i], play.seat, remaining[play.seat]
            )
            remaining[play.seat].remove(play.card)
        assert result.winner is reference_winner(plays, trump).seat
        assert result.breakdown == tuple(values[p.card] for p in plays)
        assert result.last_trick_bonus == (10 if number == 7 else 0)
        leader = result.winner


@settings(max_examples=examples(60), deadline=None)
@given(trump=st.sampled_from(list(Trump)), rng=st.randoms(use_true_random=False))
def test_a_three_player_deal_counts_every_dealt_card(trump: Trump, rng: random.Random) -> None:
    hands = deal_hands(THREE_PLAYER, rng)
    assert sorted(len(h) for h in hands.values()) == [10, 10, 10]
    played = play_deal(THREE_PLAYER, trump, hands, N, _random_strategy(rng))
    assert len(played.tricks) == 10
    assert all(len(t) == 3 for t in played.tricks)
    values = _values_of(MAISON, trump)
    dealt = [c for h in hands.values() for c in h]
    total = sum(result.points for result in played.results)
    assert total == sum(values[c] for c in dealt) + 10


@SETTINGS
@given(spots(ALL_RULESETS))
def test_every_possible_position_is_accepted_and_plays_its_legal_moves(spot: Spot) -> None:
    # The spots are possible positions (in turn, no card twice, a hand the rule set
    # deals): Position accepts each, and playing any legal move adds it to the trick.
    position = Position(spot.rules, spot.trump, spot.trick, spot.seat, spot.hand)
    reference = reference_allowed(spot.rules, spot.trump, spot.trick, spot.seat, spot.hand)
    assert set(position.legal_moves) == reference
    for c in spot.hand:
        if c in reference:
            assert position.play(c) == (*spot.trick, Play(spot.seat, c))
        else:
            with pytest.raises(IllegalMoveError):
                position.play(c)
