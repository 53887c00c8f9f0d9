"""Who takes a trick and what it is worth."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import (
    ALL_TRUMPS_FFB2015,
    ALL_TRUMPS_PAGAT,
    NO_TRUMP_VALUES,
    PLAIN_VALUES,
    TRUMP_VALUES,
    E,
    N,
    S,
    W,
    card,
    trick,
)
from helpers.rules import COINCHE, CONTREE, MAISON

from generator.engine import (
    DECK,
    Play,
    RuleSet,
    Seat,
    Trump,
    beats,
    led_suit,
    score_trick,
    winning_play,
)

# ---------------------------------------------------------------------------
# Winner


@pytest.mark.parametrize(
    ("trump", "plays", "winner"),
    [
        # A seven of trumps beats the ace of the led suit.
        (Trump.HEARTS, [(S, "AS"), (W, "7H"), (N, "10S"), (E, "KS")], W),
        # The seed trick: east's jack of trumps over the ace of spades.
        (Trump.HEARTS, [(S, "AS"), (W, "10S"), (N, "7S"), (E, "JH")], E),
        # Nobody trumps: the highest card of the led suit.
        (Trump.HEARTS, [(N, "10C"), (E, "AC"), (S, "KC"), (W, "QC")], E),
        # An ace of another plain suit never wins, however high.
        (Trump.HEARTS, [(N, "7C"), (E, "AD"), (S, "8C"), (W, "AS")], S),
        # Two trumps: the higher trump in trump order (8 over 7).
        (Trump.HEARTS, [(N, "AS"), (E, "7H"), (S, "8H"), (W, "KS")], S),
        # Trump order: the nine beats the ace, the jack beats the nine.
        (Trump.HEARTS, [(N, "AH"), (E, "9H"), (S, "10H"), (W, "KH")], E),
        (Trump.HEARTS, [(N, "9H"), (E, "AH"), (S, "JH"), (W, "10H")], S),
        # The first to trump is overtrumped by a later, higher trump.
        (Trump.SPADES, [(W, "AD"), (N, "8S"), (E, "9S"), (S, "KD")], E),
        # Plain order: the ten beats the king, the jack does not beat the queen.
        (Trump.HEARTS, [(N, "KC"), (E, "10C"), (S, "QC"), (W, "JC")], E),
        (Trump.SPADES, [(N, "QD"), (E, "JD"), (S, "9D"), (W, "8D")], N),
        # The lead wins when nobody follows or trumps.
        (Trump.HEARTS, [(N, "7C"), (E, "AD"), (S, "AS"), (W, "KD")], N),
        # No trump: the led suit only, A 10 K Q J 9 8 7.
        (Trump.NONE, [(N, "7C"), (E, "AS"), (S, "AH"), (W, "8C")], W),
        (Trump.NONE, [(N, "10D"), (E, "AD"), (S, "KD"), (W, "JD")], E),
        (Trump.NONE, [(N, "JD"), (E, "9D"), (S, "AS"), (W, "7H")], N),
        # All trumps: the led suit only, ranked J 9 A 10 K Q 8 7.
        (Trump.ALL, [(N, "QC"), (E, "9C"), (S, "JC"), (W, "AC")], S),
        (Trump.ALL, [(N, "AC"), (E, "9C"), (S, "10C"), (W, "JD")], E),
        (Trump.ALL, [(N, "7C"), (E, "8C"), (S, "JS"), (W, "JH")], E),
        (Trump.ALL, [(N, "KC"), (E, "10C"), (S, "QC"), (W, "8C")], E),
    ],
)
def test_winning_play(trump: Trump, plays: list[tuple[Seat, str]], winner: Seat) -> None:
    won = winning_play(trick(*plays), trump)
    assert won.seat is winner
    assert won in trick(*plays)


def test_winner_of_a_partial_trick_is_who_holds_it_so_far() -> None:
    assert winning_play(trick((W, "AD")), Trump.SPADES).seat is W
    assert winning_play(trick((W, "AD"), (N, "8S")), Trump.SPADES).seat is N


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError):
        winning_play([], Trump.HEARTS)


def test_off_suit_never_wins_in_any_mode() -> None:
    # Led 7 of clubs; everybody else plays the ace of a plain suit (or, in
    # no trump and all trumps, of any other suit): the seven keeps the trick.
    plays = trick((N, "7C"), (E, "AD"), (S, "AS"), (W, "JH"))
    for trump in (Trump.CLUBS, Trump.NONE, Trump.ALL):
        assert winning_play(plays, trump).seat is N
    # With hearts trump the jack of hearts is a trump and wins.
    assert winning_play(plays, Trump.HEARTS).seat is W


def test_beats() -> None:
    assert beats(card("7H"), card("AS"), Trump.HEARTS)
    assert not beats(card("AS"), card("7H"), Trump.HEARTS)
    assert not beats(card("AD"), card("7C"), Trump.HEARTS)
    assert beats(card("9H"), card("AH"), Trump.HEARTS)
    assert not beats(card("9S"), card("AS"), Trump.HEARTS)
    assert beats(card("9S"), card("AS"), Trump.ALL)
    assert not beats(card("JD"), card("7C"), Trump.ALL)
    assert not beats(card("AD"), card("7C"), Trump.NONE)
    assert not beats(card("AC"), card("AC"), Trump.NONE)


def test_led_suit() -> None:
    assert led_suit([]) is None
    assert led_suit(trick((N, "7C"), (E, "AH"))) is card("7C").suit


# ---------------------------------------------------------------------------
# Value


def test_seed_trick_value(maison: RuleSet) -> None:
    # S AS, W 10S, N 7S, E JH, hearts trump: east takes 11 + 10 + 0 + 20 = 41.
    result = score_trick(trick((S, "AS"), (W, "10S"), (N, "7S"), (E, "JH")), maison, Trump.HEARTS)
    assert result.winner is E
    assert result.breakdown == (11, 10, 0, 20)
    assert result.last_trick_bonus == 0
    assert result.points == 41


def test_seed_trick_as_last_trick_adds_ten(any_rules: RuleSet) -> None:
    plays = trick((S, "AS"), (W, "10S"), (N, "7S"), (E, "JH"))
    result = score_trick(plays, any_rules, Trump.HEARTS, last_trick=True)
    assert result.winner is E
    assert result.breakdown == (11, 10, 0, 20)
    assert result.last_trick_bonus == 10
    assert result.points == 51


def test_breakdown_is_in_play_order(maison: RuleSet) -> None:
    # Same cards, other order of play: the breakdown follows the plays.
    result = score_trick(trick((N, "7S"), (E, "JH"), (S, "AS"), (W, "10S")), maison, Trump.HEARTS)
    assert result.breakdown == (0, 20, 11, 10)
    assert result.winner is E
    assert result.points == 41


def test_no_trump_ace_is_worth_19(any_rules: RuleSet) -> None:
    result = score_trick(trick((N, "AD"), (E, "10D"), (S, "KD"), (W, "QD")), any_rules, Trump.NONE)
    assert result.winner is N
    assert result.breakdown == (19, 10, 4, 3)
    assert result.points == 36


def test_no_trump_jack_and_nine(any_rules: RuleSet) -> None:
    result = score_trick(trick((N, "JD"), (E, "9D"), (S, "8D"), (W, "7D")), any_rules, Trump.NONE)
    assert result.winner is N
    assert result.breakdown == (2, 0, 0, 0)


def test_all_trumps_values_pagat_in_maison(maison: RuleSet) -> None:
    result = score_trick(trick((N, "JC"), (E, "7C"), (S, "8C"), (W, "AD")), maison, Trump.ALL)
    assert result.winner is N
    assert result.breakdown == (14, 0, 0, 6)
    assert result.points == 20


def test_all_trumps_values_ffb_2015_in_coinche(coinche: RuleSet) -> None:
    result = score_trick(trick((N, "JC"), (E, "7C"), (S, "8C"), (W, "AD")), coinche, Trump.ALL)
    assert result.winner is N
    assert result.breakdown == (13, 0, 0, 6)
    assert result.points == 19
    result = score_trick(trick((N, "QC"), (E, "9C"), (S, "KD"), (W, "10H")), coinche, Trump.ALL)
    assert result.winner is E
    assert result.breakdown == (2, 9, 3, 5)


def test_trump_and_plain_values_of_the_same_rank(any_rules: RuleSet) -> None:
    # Jack and nine of trumps 20 and 14; of a plain suit 2 and 0.
    result = score_trick(trick((N, "JS"), (E, "9S"), (S, "JH"), (W, "9H")), any_rules, Trump.HEARTS)
    assert result.winner is S
    assert result.breakdown == (2, 0, 20, 14)
    assert result.points == 36


def test_incomplete_trick_cannot_be_scored(maison: RuleSet) -> None:
    with pytest.raises(ValueError):
        score_trick(trick((S, "AS"), (W, "10S"), (N, "7S")), maison, Trump.HEARTS)


def test_three_player_trick_has_three_cards(three_player: RuleSet) -> None:
    result = score_trick(trick((N, "AS"), (E, "10S"), (W, "7H")), three_player, Trump.HEARTS)
    assert result.winner is W
    assert result.breakdown == (11, 10, 0)
    assert result.points == 21
    with pytest.raises(ValueError):
        score_trick(trick((N, "AS"), (E, "10S"), (W, "7H"), (S, "8H")), three_player, Trump.HEARTS)


def _hand_value(trump: Trump, table_trump: dict[str, int], table_plain: dict[str, int]) -> int:
    total = 0
    for each in DECK:
        rank = each.code[:-1]
        total += table_trump[rank] if trump.is_trump(each) else table_plain[rank]
    return total


@pytest.mark.parametrize("trump", list(Trump))
def test_deck_points_plus_last_trick_is_162(any_rules: RuleSet, trump: Trump) -> None:
    # Score the 32 cards as eight tricks of four, the last with its bonus.
    total = 0
    for number in range(8):
        plays = [Play(seat, DECK[4 * number + i]) for i, seat in enumerate((N, E, S, W))]
        total += score_trick(plays, any_rules, trump, last_trick=number == 7).points
    assert total == 162


def test_reference_tables_add_up_to_152_card_points() -> None:
    # A sanity check of the hand-written tables used by these tests.
    assert _hand_value(Trump.HEARTS, TRUMP_VALUES, PLAIN_VALUES) == 152
    assert _hand_value(Trump.NONE, NO_TRUMP_VALUES, NO_TRUMP_VALUES) == 152
    assert _hand_value(Trump.ALL, ALL_TRUMPS_PAGAT, ALL_TRUMPS_PAGAT) == 152
    assert _hand_value(Trump.ALL, ALL_TRUMPS_FFB2015, ALL_TRUMPS_FFB2015) == 152


@pytest.mark.parametrize("trump", list(Trump))
def test_every_card_value_matches_the_reference(
    any_rules: RuleSet, coinche: RuleSet, trump: Trump
) -> None:
    all_trumps = ALL_TRUMPS_FFB2015 if any_rules.id == coinche.id else ALL_TRUMPS_PAGAT
    for each in DECK:
        rank = each.code[:-1]
        if trump is Trump.NONE:
            expected = NO_TRUMP_VALUES[rank]
        elif trump is Trump.ALL:
            expected = all_trumps[rank]
        elif trump.is_trump(each):
            expected = TRUMP_VALUES[rank]
        else:
            expected = PLAIN_VALUES[rank]
        assert any_rules.values.points(each, trump) == expected, each


# ---------------------------------------------------------------------------
# What a deal is worth: RuleSet.deal_points


@pytest.mark.parametrize(
    ("rules", "trump"),
    [
        # Trump suit and plain suits: 62 + 3 x 30 = 152, and 10 de der.
        (MAISON, Trump.HEARTS),
        (COINCHE, Trump.SPADES),
        # No trump, ace 19: 4 x 38 = 152.
        (MAISON, Trump.NONE),
        (COINCHE, Trump.NONE),
        # All trumps, pagat's J 14 ... Q 1: 4 x 38 = 152.
        (MAISON, Trump.ALL),
        # All trumps, FFB 2015's J 13 ... Q 2: 4 x 38 = 152.
        (COINCHE, Trump.ALL),
        (CONTREE, Trump.ALL),
    ],
    ids=[
        "maison-suit",
        "coinche-suit",
        "maison-no-trump",
        "coinche-no-trump",
        "maison-all-trumps-pagat",
        "coinche-all-trumps-ffb",
        "contree-all-trumps-ffb",
    ],
)
def test_deal_points_are_162_for_every_value_table(rules: RuleSet, trump: Trump) -> None:
    assert rules.card_points(trump) == 152
    assert rules.deal_points(trump) == 162


def test_deal_points_follow_the_last_trick_bonus() -> None:
    assert replace(MAISON, last_trick_bonus=0).deal_points(Trump.HEARTS) == 152
    assert replace(MAISON, last_trick_bonus=20).deal_points(Trump.NONE) == 172
