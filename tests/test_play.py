"""Which cards may be played, and why: every rule of the card-play table.

Seats: North-South and East-West are partners; Maison and the FFB coinche
rule set of tests/helpers/rules.py play clockwise (North, East, South, West).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import E, N, S, W, allowed, card, cards, trick, verdicts
from helpers.rules import COINCHE, CONTREE, MAISON, anticlockwise, three_players

from generator.engine import (
    BeloteError,
    Direction,
    IllegalMoveError,
    InvalidPositionError,
    InvalidRuleSetError,
    Play,
    Position,
    Reason,
    RuleSet,
    Seat,
    Side,
    Trump,
    TrumpMode,
    allowed_cards,
    legal_cards,
    table_order,
)

# ---------------------------------------------------------------------------
# Reasons


def test_reason_codes_are_the_public_contract() -> None:
    assert {r.value for r in Reason} == {
        "lead",
        "follow-suit",
        "beat-trump",
        "partner-winning-free",
        "any-trump",
        "overtrump",
        "undertrump",
        "may-undertrump",
        "may-discard",
        "must-follow-suit",
        "must-beat-trump",
        "must-trump",
        "must-overtrump",
        "must-undertrump",
    }


@pytest.mark.parametrize("reason", list(Reason))
def test_refusing_reasons_are_exactly_the_must_ones(reason: Reason) -> None:
    assert reason.allows is (not reason.value.startswith("must-"))


# ---------------------------------------------------------------------------
# Rules Maison and FFB coinche agree on


def test_lead_any_card(any_rules: RuleSet) -> None:
    hand = "KS 7S JH 9C 10D"
    assert verdicts(any_rules, Trump.HEARTS, [], N, hand) == dict.fromkeys(hand.split(), "lead")


def test_follow_the_led_suit(any_rules: RuleSet) -> None:
    # Seed: west leads a spade, north holds spades: one of them, no trump, no discard.
    got = verdicts(any_rules, Trump.HEARTS, trick((W, "AS")), N, "KS 7S JH 9C 10D")
    assert got == {
        "KS": "follow-suit",
        "7S": "follow-suit",
        "JH": "must-follow-suit",
        "9C": "must-follow-suit",
        "10D": "must-follow-suit",
    }


def test_plain_suit_led_no_obligation_to_beat(any_rules: RuleSet) -> None:
    # An opponent holds the trick with the king; north may play the ace or the seven.
    got = verdicts(any_rules, Trump.HEARTS, trick((W, "KS")), N, "AS 7S")
    assert got == {"AS": "follow-suit", "7S": "follow-suit"}


def test_follow_suit_even_when_an_opponent_has_trumped(any_rules: RuleSet) -> None:
    # West leads clubs, north trumps; east holds clubs: he follows, need not trump.
    got = verdicts(any_rules, Trump.HEARTS, trick((W, "AC"), (N, "7H")), E, "7C KC JH")
    assert got == {"7C": "follow-suit", "KC": "follow-suit", "JH": "must-follow-suit"}


def test_trump_led_beat_even_your_partner(any_rules: RuleSet) -> None:
    # Seed: north (south's partner) leads the 8 of trumps, east discards;
    # south must play his 9 of trumps, not the 7.
    got = verdicts(any_rules, Trump.DIAMONDS, trick((N, "8D"), (E, "9C")), S, "QS 9D 7D 10H")
    assert got == {
        "QS": "must-follow-suit",
        "9D": "beat-trump",
        "7D": "must-beat-trump",
        "10H": "must-follow-suit",
    }


def test_trump_led_beat_an_opponent(any_rules: RuleSet) -> None:
    # East leads the ace of trumps; south holds the 9 and the jack (both
    # higher: J 9 A ...) and the king (lower).
    got = verdicts(any_rules, Trump.SPADES, trick((E, "AS")), S, "KS 9S JS 8H")
    assert got == {
        "KS": "must-beat-trump",
        "9S": "beat-trump",
        "JS": "beat-trump",
        "8H": "must-follow-suit",
    }


def test_trump_led_beat_the_highest_trump_so_far(any_rules: RuleSet) -> None:
    # North leads the 7 of trumps, east plays the ace: south must beat the
    # ace, so the 10 (lower than the ace in trump order) will not do.
    got = verdicts(any_rules, Trump.HEARTS, trick((N, "7H"), (E, "AH")), S, "10H 9H")
    assert got == {"10H": "must-beat-trump", "9H": "beat-trump"}


def test_trump_led_cannot_beat_any_trump(any_rules: RuleSet) -> None:
    # The jack of trumps was led: east follows with any trump.
    got = verdicts(any_rules, Trump.HEARTS, trick((N, "JH")), E, "7H 8H AS")
    assert got == {"7H": "follow-suit", "8H": "follow-suit", "AS": "must-follow-suit"}


def test_trump_led_void_in_trumps_any_card(any_rules: RuleSet) -> None:
    assert allowed(any_rules, Trump.HEARTS, trick((N, "7H")), E, "AS KC 10D") == {
        "AS",
        "KC",
        "10D",
    }


def test_void_opponent_winning_must_trump(any_rules: RuleSet) -> None:
    # Seed: east leads the ace of clubs; south has no clubs and has trumps.
    got = verdicts(any_rules, Trump.HEARTS, trick((E, "AC")), S, "8H QH KS 9D 7S")
    assert got == {
        "8H": "any-trump",
        "QH": "any-trump",
        "KS": "must-trump",
        "9D": "must-trump",
        "7S": "must-trump",
    }


def test_void_opponent_winning_after_partner_lost_the_lead(any_rules: RuleSet) -> None:
    # North (south's partner) led the king, east took over with the ace:
    # an opponent holds the trick, so south must trump.
    got = verdicts(any_rules, Trump.HEARTS, trick((N, "KC"), (E, "AC")), S, "7H AS")
    assert got == {"7H": "any-trump", "AS": "must-trump"}


def test_void_partner_winning_any_card(any_rules: RuleSet) -> None:
    # Seed: north leads the ace of clubs, east follows; south need not trump.
    got = verdicts(any_rules, Trump.HEARTS, trick((N, "AC"), (E, "7C")), S, "8H QH KS 9D")
    assert got == dict.fromkeys(["8H", "QH", "KS", "9D"], "partner-winning-free")


def test_void_partner_winning_third_in_hand(any_rules: RuleSet) -> None:
    # East leads the ace, south follows; west, east's partner, is void.
    got = verdicts(any_rules, Trump.SPADES, trick((E, "AD"), (S, "7D")), W, "7S KH")
    assert got == {"7S": "partner-winning-free", "KH": "partner-winning-free"}


def test_void_no_trumps_in_hand_any_card(any_rules: RuleSet) -> None:
    assert allowed(any_rules, Trump.HEARTS, trick((E, "AC")), S, "KS 9D 7S") == {"KS", "9D", "7S"}
    got = verdicts(any_rules, Trump.HEARTS, trick((E, "AC")), S, "KS 9D 7S")
    assert set(got.values()) == {"may-discard"}


def test_opponent_trumped_overtrump(any_rules: RuleSet) -> None:
    # Seed: west leads a diamond, north trumps with the 8; east must play his 9.
    got = verdicts(any_rules, Trump.SPADES, trick((W, "AD"), (N, "8S")), E, "7S 9S KH")
    assert got == {"7S": "must-overtrump", "9S": "overtrump", "KH": "must-overtrump"}


def test_overtrump_follows_trump_order_not_plain_order(any_rules: RuleSet) -> None:
    # North trumped with the ace: only the 9 and the jack beat it; the 10 and
    # king (higher in a plain suit than the 9) do not.
    got = verdicts(any_rules, Trump.SPADES, trick((W, "AD"), (N, "AS")), E, "10S KS 9S JS")
    assert got == {
        "10S": "must-overtrump",
        "KS": "must-overtrump",
        "9S": "overtrump",
        "JS": "overtrump",
    }


def test_opponent_overtrumped_partner_must_overtrump(any_rules: RuleSet) -> None:
    # North (south's partner) leads clubs, east trumps with the 8: south,
    # void in clubs, must beat east's trump.
    got = verdicts(any_rules, Trump.SPADES, trick((N, "AC"), (E, "8S")), S, "9S 7S KD")
    assert got == {"9S": "overtrump", "7S": "must-overtrump", "KD": "must-overtrump"}


def test_partner_trumped_and_wins_may_undertrump(any_rules: RuleSet) -> None:
    # West leads clubs, north (partner of south) trumps with the 9, east
    # follows; south may play anything, a lower trump included.
    got = verdicts(any_rules, Trump.HEARTS, trick((W, "AC"), (N, "9H"), (E, "8C")), S, "7H JH KS")
    assert got == dict.fromkeys(["7H", "JH", "KS"], "partner-winning-free")


def test_no_trump_follow_suit(any_rules: RuleSet) -> None:
    got = verdicts(any_rules, Trump.NONE, trick((S, "KD")), W, "7D AS AC")
    assert got == {"7D": "follow-suit", "AS": "must-follow-suit", "AC": "must-follow-suit"}


def test_no_trump_no_obligation_to_beat(any_rules: RuleSet) -> None:
    got = verdicts(any_rules, Trump.NONE, trick((S, "KD")), W, "7D AD")
    assert got == {"7D": "follow-suit", "AD": "follow-suit"}


def test_no_trump_void_any_card(any_rules: RuleSet) -> None:
    got = verdicts(any_rules, Trump.NONE, trick((S, "KD"), (W, "AD")), N, "AS 7C JH")
    assert got == dict.fromkeys(["AS", "7C", "JH"], "may-discard")


def test_all_trumps_beat_the_highest_card_of_the_led_suit(any_rules: RuleSet) -> None:
    # Ten of clubs led: the 9 beats it (J 9 A 10 ...), the 7 does not.
    got = verdicts(any_rules, Trump.ALL, trick((N, "10C")), E, "7C 9C AD")
    assert got == {"7C": "must-beat-trump", "9C": "beat-trump", "AD": "must-follow-suit"}


def test_all_trumps_beat_even_your_partner(any_rules: RuleSet) -> None:
    got = verdicts(any_rules, Trump.ALL, trick((N, "10C"), (E, "7C")), S, "8C JC")
    assert got == {"8C": "must-beat-trump", "JC": "beat-trump"}


def test_all_trumps_beat_the_card_that_holds_not_the_lead(any_rules: RuleSet) -> None:
    # Led the king, then the ace holds: the 10 beats the king but not the ace.
    got = verdicts(any_rules, Trump.ALL, trick((N, "KC"), (E, "AC")), S, "10C 9C")
    assert got == {"10C": "must-beat-trump", "9C": "beat-trump"}


def test_all_trumps_an_other_suit_does_not_hold_the_trick(any_rules: RuleSet) -> None:
    # East discarded the jack of spades on a club lead: south need only beat the 7C.
    got = verdicts(any_rules, Trump.ALL, trick((N, "7C"), (E, "JS")), S, "8C 7D")
    assert got == {"8C": "beat-trump", "7D": "must-follow-suit"}


def test_all_trumps_void_any_card(any_rules: RuleSet) -> None:
    got = verdicts(any_rules, Trump.ALL, trick((N, "10C")), E, "AD JS")
    assert got == {"AD": "may-discard", "JS": "may-discard"}


# ---------------------------------------------------------------------------
# Where the two rule sets differ: undertrumping


def test_cannot_overtrump_maison_must_undertrump(maison: RuleSet) -> None:
    got = verdicts(maison, Trump.SPADES, trick((W, "AD"), (N, "JS")), E, "7S 9S KH QC")
    assert got == {
        "7S": "undertrump",
        "9S": "undertrump",
        "KH": "must-undertrump",
        "QC": "must-undertrump",
    }


def test_cannot_overtrump_coinche_may_discard(coinche: RuleSet) -> None:
    got = verdicts(coinche, Trump.SPADES, trick((W, "AD"), (N, "JS")), E, "7S 9S KH QC")
    assert got == {
        "7S": "may-undertrump",
        "9S": "may-undertrump",
        "KH": "may-discard",
        "QC": "may-discard",
    }


def test_rule_set_flags_as_the_books_give_them(maison: RuleSet, coinche: RuleSet) -> None:
    assert maison.must_undertrump is True
    assert coinche.must_undertrump is False
    for rules in (maison, coinche):
        assert rules.beat_partner_on_trump_lead is True
        assert rules.partner_winning_frees is True
        assert rules.players == 4
        assert rules.direction is Direction.CLOCKWISE
        assert rules.last_trick_bonus == 10


# ---------------------------------------------------------------------------
# Option flips


def test_beat_partner_on_trump_lead_off_partner_holds(maison: RuleSet) -> None:
    rules = replace(maison, beat_partner_on_trump_lead=False)
    got = verdicts(rules, Trump.DIAMONDS, trick((N, "8D"), (E, "9C")), S, "QS 9D 7D 10H")
    assert got == {
        "QS": "must-follow-suit",
        "9D": "follow-suit",
        "7D": "follow-suit",
        "10H": "must-follow-suit",
    }


def test_beat_partner_on_trump_lead_off_opponent_holds(maison: RuleSet) -> None:
    # The option spares a partner only: an opponent's trump must still be beaten.
    rules = replace(maison, beat_partner_on_trump_lead=False)
    got = verdicts(rules, Trump.DIAMONDS, trick((E, "8D")), S, "9D 7D")
    assert got == {"9D": "beat-trump", "7D": "must-beat-trump"}
    # Partner led but the opponent in between overtook him.
    got = verdicts(rules, Trump.DIAMONDS, trick((N, "8D"), (E, "AD")), S, "9D 7D")
    assert got == {"9D": "beat-trump", "7D": "must-beat-trump"}


def test_beat_partner_on_trump_lead_off_leaves_all_trumps_alone(maison: RuleSet) -> None:
    rules = replace(maison, beat_partner_on_trump_lead=False)
    got = verdicts(rules, Trump.ALL, trick((N, "10C"), (E, "7C")), S, "8C JC")
    assert got == {"8C": "must-beat-trump", "JC": "beat-trump"}


def test_beat_partner_in_all_trumps_off(maison: RuleSet) -> None:
    rules = replace(maison, beat_partner_in_all_trumps=False)
    got = verdicts(rules, Trump.ALL, trick((N, "10C"), (E, "7C")), S, "8C JC 7D")
    assert got == {"8C": "follow-suit", "JC": "follow-suit", "7D": "must-follow-suit"}
    # An opponent holding the trick must still be beaten.
    got = verdicts(rules, Trump.ALL, trick((N, "7C"), (E, "10C")), S, "8C JC")
    assert got == {"8C": "must-beat-trump", "JC": "beat-trump"}
    # A suit trump lead is not affected.
    got = verdicts(rules, Trump.DIAMONDS, trick((N, "8D"), (E, "9C")), S, "9D 7D")
    assert got == {"9D": "beat-trump", "7D": "must-beat-trump"}


def test_partner_winning_frees_off_must_trump(maison: RuleSet) -> None:
    rules = replace(maison, partner_winning_frees=False)
    got = verdicts(rules, Trump.HEARTS, trick((N, "AC"), (E, "7C")), S, "8H QH KS 9D")
    assert got == {"8H": "any-trump", "QH": "any-trump", "KS": "must-trump", "9D": "must-trump"}


def test_partner_winning_frees_off_no_trump_in_hand(maison: RuleSet) -> None:
    rules = replace(maison, partner_winning_frees=False)
    assert allowed(rules, Trump.HEARTS, trick((N, "AC"), (E, "7C")), S, "KS 9D") == {"KS", "9D"}


def test_must_undertrump_flip_turns_maison_into_coinche(maison: RuleSet) -> None:
    rules = replace(maison, must_undertrump=False)
    assert allowed(rules, Trump.SPADES, trick((W, "AD"), (N, "JS")), E, "7S 9S KH QC") == {
        "7S",
        "9S",
        "KH",
        "QC",
    }


# ---------------------------------------------------------------------------
# Three players, no partnerships


def test_three_player_table(three_player: RuleSet) -> None:
    assert three_player.players == 3
    assert three_player.order == (N, E, W)
    assert three_player.next_seat(N) is E
    assert three_player.next_seat(E) is W
    assert three_player.next_seat(W) is N
    for a in (N, E, W):
        assert three_player.partner_of(a) is None
        assert three_player.side_of(a) == frozenset({a})
        for b in (N, E, W):
            assert not three_player.are_partners(a, b)


def test_three_player_no_partner_exemption_void(three_player: RuleSet) -> None:
    # East (who would be west's partner at four) holds the trick: west, void
    # in clubs with a trump, must still trump.
    got = verdicts(three_player, Trump.HEARTS, trick((N, "7C"), (E, "AC")), W, "8H KS")
    assert got == {"8H": "any-trump", "KS": "must-trump"}


def test_three_player_no_partner_exemption_trumped(three_player: RuleSet) -> None:
    # East trumped; west must overtrump, or (must_undertrump) play a lower trump.
    got = verdicts(three_player, Trump.HEARTS, trick((N, "AC"), (E, "8H")), W, "9H 7H KS")
    assert got == {"9H": "overtrump", "7H": "must-overtrump", "KS": "must-overtrump"}
    got = verdicts(three_player, Trump.HEARTS, trick((N, "AC"), (E, "JH")), W, "9H 7H KS")
    assert got == {"9H": "undertrump", "7H": "undertrump", "KS": "must-undertrump"}


def test_three_player_with_a_lenient_rule_set_still_no_exemption(three_player: RuleSet) -> None:
    rules = replace(three_player, beat_partner_on_trump_lead=False)
    got = verdicts(rules, Trump.HEARTS, trick((N, "8H"), (E, "KH")), W, "9H QH")
    assert got == {"9H": "beat-trump", "QH": "must-beat-trump"}


# ---------------------------------------------------------------------------
# Direction of play


def test_anticlockwise_order_is_n_w_s_e(anticlockwise: RuleSet) -> None:
    assert table_order([N, E, S, W], Direction.ANTICLOCKWISE) == (N, W, S, E)
    assert anticlockwise.order == (N, W, S, E)
    assert anticlockwise.next_seat(N) is W
    assert anticlockwise.next_seat(W) is S
    assert anticlockwise.next_seat(S) is E
    assert anticlockwise.next_seat(E) is N


def test_clockwise_order_is_n_e_s_w(maison: RuleSet) -> None:
    assert table_order([W, S, E, N], Direction.CLOCKWISE) == (N, E, S, W)
    assert maison.order == (N, E, S, W)
    assert [maison.next_seat(seat) for seat in (N, E, S, W)] == [E, S, W, N]


def test_three_seats_anticlockwise() -> None:
    assert table_order([N, E, W], Direction.ANTICLOCKWISE) == (N, W, E)


def test_anticlockwise_keeps_partnerships(anticlockwise: RuleSet) -> None:
    assert anticlockwise.partner_of(N) is S
    assert anticlockwise.partner_of(E) is W
    assert anticlockwise.are_partners(W, E)
    assert not anticlockwise.are_partners(N, W)
    # North leads, west (an opponent, next anticlockwise) follows low, south
    # plays third: his partner north holds the trick, so he is free.
    got = verdicts(anticlockwise, Trump.HEARTS, trick((N, "AC"), (W, "7C")), S, "8H KS")
    assert got == {"8H": "partner-winning-free", "KS": "partner-winning-free"}


# ---------------------------------------------------------------------------
# API shape


def test_a_verdict_for_every_card_in_hand_order(maison: RuleSet) -> None:
    hand = cards("KS 7S JH 9C 10D")
    result = legal_cards(maison, Trump.HEARTS, trick((W, "AS")), N, hand)
    assert [v.card for v in result] == hand
    assert [v.allowed for v in result] == [True, True, False, False, False]


def test_allowed_cards_keeps_hand_order(maison: RuleSet) -> None:
    hand = cards("QH KS 8H 9D")
    assert allowed_cards(maison, Trump.HEARTS, trick((E, "AC")), S, hand) == cards("QH 8H")


def test_position_knows_its_legal_moves(maison: RuleSet) -> None:
    position = Position(
        maison, Trump.SPADES, tuple(trick((W, "AD"), (N, "8S"))), E, tuple(cards("7S 9S KH"))
    )
    assert position.legal_moves == [card("9S")]
    assert position.is_legal(card("9S"))
    assert not position.is_legal(card("7S"))
    assert not position.is_legal(card("AH"))  # not even in the hand
    assert [v.reason for v in position.verdicts] == [
        Reason.MUST_OVERTRUMP,
        Reason.OVERTRUMP,
        Reason.MUST_OVERTRUMP,
    ]


def test_positions_are_values(maison: RuleSet) -> None:
    def make() -> Position:
        return Position(maison, Trump.HEARTS, (Play(W, card("AS")),), N, tuple(cards("KS 7S")))

    assert make() == make()


def test_seat_names() -> None:
    assert {seat.value for seat in Seat} == {"north", "east", "south", "west"}


# ---------------------------------------------------------------------------
# The FFB's anticlockwise table and the three-player table


def test_ffb_anticlockwise_coinche_plays_n_w_s_e() -> None:
    # The rules reference: the FFB plays anticlockwise (FFB coinche 2015 §5.1: "dans le
    # sens inverse des aiguilles d'une montre").
    ffb = anticlockwise(COINCHE)
    assert ffb.direction is Direction.ANTICLOCKWISE
    assert ffb.order == (N, W, S, E)
    assert ffb.partner_of(N) is S and ffb.partner_of(W) is E


def test_three_players_has_no_partner() -> None:
    three = three_players()
    assert three.players == 3
    assert three.partnerships == ()
    got = verdicts(
        three,
        Trump.HEARTS,
        trick((three.order[0], "7C"), (three.order[1], "AC")),
        three.order[2],
        "8H KS",
    )
    assert got == {"8H": "any-trump", "KS": "must-trump"}


# ---------------------------------------------------------------------------
# Positions check themselves


def position(
    rules: RuleSet = MAISON,
    trump: Trump = Trump.HEARTS,
    plays: tuple[tuple[Seat, str], ...] = (),
    seat: Seat = N,
    hand: str = "KS 7S",
) -> Position:
    return Position(rules, trump, tuple(trick(*plays)), seat, tuple(cards(hand)))


def test_a_possible_position_is_accepted() -> None:
    # West led, north (next clockwise) to play two of his eight cards.
    spot = position(plays=((W, "AS"),), seat=N, hand="KS 7S")
    assert spot.legal_moves == cards("KS 7S")


def test_position_refuses_a_trump_mode_the_rule_set_does_not_play() -> None:
    suits_only = replace(MAISON, modes=(TrumpMode.SUIT,))
    assert position(suits_only, Trump.CLUBS).legal_moves == cards("KS 7S")
    for trump in (Trump.NONE, Trump.ALL):
        with pytest.raises(InvalidPositionError):
            position(suits_only, trump)


def test_position_refuses_a_complete_trick_before_the_player() -> None:
    # Four cards are a whole trick: nobody is left to play to it.
    with pytest.raises(InvalidPositionError):
        position(plays=((N, "AS"), (E, "10S"), (S, "7S"), (W, "8S")), seat=N, hand="KS")


@pytest.mark.parametrize(
    ("plays", "seat"),
    [
        # After west comes north, clockwise: not east.
        (((W, "AS"),), E),
        # The trick itself out of turn: south does not play after north.
        (((N, "AS"), (S, "7S")), W),
        # A player cannot follow his own card.
        (((N, "AS"),), N),
    ],
)
def test_position_refuses_play_out_of_turn(plays: tuple[tuple[Seat, str], ...], seat: Seat) -> None:
    with pytest.raises(InvalidPositionError):
        position(plays=plays, seat=seat)


def test_turn_follows_the_rule_sets_direction() -> None:
    # Anticlockwise N W S E: west plays after north, east does not.
    ffb = anticlockwise()
    assert position(ffb, plays=((N, "AS"),), seat=W).legal_moves == cards("KS 7S")
    with pytest.raises(InvalidPositionError):
        position(ffb, plays=((N, "AS"),), seat=E)


def test_position_refuses_a_hand_of_no_card_or_too_many() -> None:
    with pytest.raises(InvalidPositionError):
        position(hand="")
    eight = "7S 8S 9S 10S JS QS KS AS"
    assert len(position(hand=eight).hand) == 8
    with pytest.raises(InvalidPositionError):
        position(hand=eight + " 7H")


def test_three_players_hold_ten_cards() -> None:
    three = three_players()
    ten = "7S 8S 9S 10S JS QS KS AS 7H 8H"
    assert len(position(three, hand=ten).hand) == 10
    with pytest.raises(InvalidPositionError):
        position(three, hand=ten + " 9H")


@pytest.mark.parametrize(
    ("plays", "hand"),
    [
        (((W, "AS"),), "AS 7S"),  # the led card is still in north's hand
        ((), "KS KS"),  # one card twice in the hand
        (((S, "9D"), (W, "9D")), "7C"),  # one card played twice
    ],
)
def test_position_refuses_a_card_twice(plays: tuple[tuple[Seat, str], ...], hand: str) -> None:
    with pytest.raises(InvalidPositionError):
        position(plays=plays, seat=N, hand=hand)


def test_engine_errors_are_belote_errors_and_value_errors() -> None:
    for error in (InvalidPositionError, IllegalMoveError, InvalidRuleSetError):
        assert issubclass(error, BeloteError)
        assert issubclass(error, ValueError)


# ---------------------------------------------------------------------------
# Position.play


def test_play_a_legal_card_completes_the_trick_so_far() -> None:
    # Seed: west leads a diamond, north trumps with the 8; east overtrumps with the 9.
    spot = position(MAISON, Trump.SPADES, ((W, "AD"), (N, "8S")), E, "7S 9S KH")
    assert spot.play(card("9S")) == (Play(W, card("AD")), Play(N, card("8S")), Play(E, card("9S")))
    # The position itself is unchanged: it is a value.
    assert spot.trick == (Play(W, card("AD")), Play(N, card("8S")))


def test_play_refuses_an_illegal_card() -> None:
    spot = position(MAISON, Trump.SPADES, ((W, "AD"), (N, "8S")), E, "7S 9S KH")
    # The 7 does not beat north's 8 of trumps, and east holds the 9: he must overtrump.
    with pytest.raises(IllegalMoveError):
        spot.play(card("7S"))
    with pytest.raises(IllegalMoveError):
        spot.play(card("KH"))


def test_play_refuses_a_card_not_in_the_hand() -> None:
    spot = position(hand="KS 7S")
    with pytest.raises(IllegalMoveError):
        spot.play(card("AH"))


def test_any_card_may_be_led() -> None:
    spot = position(hand="KS 7S JH")
    for code in ("KS", "7S", "JH"):
        assert spot.play(card(code)) == (Play(N, card(code)),)


# ---------------------------------------------------------------------------
# What a rule set knows about its table

NS = Side({N, S})
EW = Side({E, W})


def test_hand_size_is_the_number_of_tricks() -> None:
    for rules in (MAISON, COINCHE, CONTREE):
        assert rules.hand_size == 8
        assert rules.tricks == 8
    # Three players, ten cards each: 30 of the 32 cards are dealt.
    assert three_players().hand_size == 10
    assert three_players().tricks == 10


def test_order_from_starts_at_the_seat_given() -> None:
    assert MAISON.order_from(N) == (N, E, S, W)
    assert MAISON.order_from(S) == (S, W, N, E)
    assert MAISON.order_from(W) == (W, N, E, S)
    assert anticlockwise().order_from(S) == (S, E, N, W)
    assert three_players().order_from(W) == (W, N, E)


def test_sides_and_their_names() -> None:
    assert MAISON.sides == (NS, EW)
    assert [side.name for side in MAISON.sides] == ["north-south", "east-west"]
    assert MAISON.side_of(W) == EW and isinstance(MAISON.side_of(W), Side)
    assert MAISON.side_named("north-south") == NS
    assert MAISON.side_named("east-west") == EW
    assert MAISON.side_named("north") is None
    assert MAISON.side_named("south-north") is None
    assert repr(NS) == "Side(north-south)"


def test_side_names_keep_compass_order_anticlockwise() -> None:
    # Play goes N W S E, but the sides are still north-south and east-west.
    ffb = anticlockwise()
    assert [side.name for side in ffb.sides] == ["north-south", "east-west"]
    assert ffb.side_named("east-west") == EW


def test_three_players_each_side_is_a_seat() -> None:
    three = three_players()
    assert [side.name for side in three.sides] == ["north", "east", "west"]
    assert three.side_named("west") == Side({W})
    assert three.side_named("south") is None
    assert three.side_named("north-south") is None
    assert three.opponents(Side({E})) == (Side({N}), Side({W}))


def test_opponents() -> None:
    assert MAISON.opponents(NS) == (EW,)
    assert MAISON.opponents(EW) == (NS,)


def test_offers_the_modes_of_the_rule_set() -> None:
    for trump in Trump:
        assert MAISON.offers(trump)
    suits_only = replace(MAISON, modes=(TrumpMode.SUIT,))
    assert suits_only.offers(Trump.HEARTS)
    assert not suits_only.offers(Trump.NONE)
    assert not suits_only.offers(Trump.ALL)


# ---------------------------------------------------------------------------
# Options that cannot go together


def invalid(option: str, **changes: object) -> None:
    with pytest.raises(InvalidRuleSetError) as raised:
        replace(MAISON, **changes)
    assert raised.value.option == option


def test_a_table_needs_two_sides() -> None:
    # North and south as partners and nobody else: one side only.
    invalid("partnerships", seats=(N, S), partnerships=(frozenset({N, S}),))


def test_a_deal_cannot_need_more_than_32_cards() -> None:
    # Four hands of nine are 36 cards.
    invalid("hand_size", hand_size=9)
    # Three hands of eleven are 33.
    with pytest.raises(InvalidRuleSetError):
        replace(three_players(), hand_size=11)


@pytest.mark.parametrize(
    "partnerships",
    [
        (frozenset({N, S}),),  # east and west left out
        (frozenset({N, S}), frozenset({N, E})),  # north twice, west never
        (frozenset({N, E, S}), frozenset({W})),  # a pair of three and one of one
    ],
)
def test_partnerships_must_pair_every_seat_once(partnerships: tuple[frozenset[Seat], ...]) -> None:
    invalid("partnerships", partnerships=partnerships)


def test_a_partner_must_be_at_the_table() -> None:
    # Three players north, east, west; south is not seated.
    with pytest.raises(InvalidRuleSetError):
        replace(three_players(), partnerships=(frozenset({N, S}),))


def test_bidding_and_contract_scoring_go_together() -> None:
    invalid("bidding", bidding=COINCHE.bidding)
    invalid("bidding", contract=COINCHE.contract)


def test_a_litige_needs_classic_scoring() -> None:
    # With an auction a tie is failed (FFB coinche 2015 §10.1.2) or made, not a litige.
    with pytest.raises(InvalidRuleSetError) as raised:
        replace(COINCHE, scoring=replace(COINCHE.scoring, tie=MAISON.scoring.tie))
    assert raised.value.option == "scoring"


def test_seats_and_modes_must_be_sensible() -> None:
    invalid("seats", seats=(N,), partnerships=())
    invalid("seats", seats=(N, E, E, W))
    invalid("modes", modes=())
    invalid("modes", modes=(TrumpMode.SUIT, TrumpMode.SUIT))


def test_bidding_ceiling_and_generale() -> None:
    assert COINCHE.bidding is not None
    with pytest.raises(InvalidRuleSetError):
        replace(COINCHE.bidding, ceiling=70)  # below the floor of 80
    with pytest.raises(InvalidRuleSetError):
        replace(COINCHE.bidding, capot=None, generale=500)  # a générale above no capot
