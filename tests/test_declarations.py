"""Declarations: what a hand holds, belote, and which side scores them.

Expected values are worked out by hand from the rule books
(FFB 2015 and 2016, pagat.com, cited in content/rulesets/)
and docs/scenarios.md ("kind: declarations"): sequences run in the natural
order A K Q J 10 9 8 7 and score 20 / 50 / 100 (three, four, five or more);
carrés of jacks 200, nines 150, aces, tens, kings and queens 100, eights and
sevens nothing; a carré beats any sequence, then the higher value, then the
higher top card, then a trump sequence over a plain one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest
from conftest import E, N, S, W, card, cards
from helpers.effort import examples
from helpers.rules import COINCHE, MAISON, three_players
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import (
    DECK,
    Comparison,
    Declaration,
    DeclarationRules,
    ExactTie,
    Kind,
    RuleSet,
    Seat,
    Suit,
    Trump,
    award_declarations,
    find_declarations,
)
from generator.engine.declarations import carre_of, sequence_of

NS = frozenset({N, S})
EW = frozenset({E, W})

# The natural order, lowest first, written out by hand (not read from the engine).
NATURAL = ["7", "8", "9", "10", "J", "Q", "K", "A"]
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100}
CARRE_POINTS = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}


def summary(found: Sequence[Declaration]) -> set[tuple[str, str]]:
    """Declarations as in the scenario format: (kind, top card) or ("carre", rank)."""
    out = set()
    for declaration in found:
        if declaration.kind is Kind.CARRE:
            out.add(("carre", declaration.cards[0].rank.value))
        else:
            out.add((declaration.kind.value, declaration.top.code))
    return out


def found_in(codes: str, rules: RuleSet, trump: Trump = Trump.SPADES) -> set[tuple[str, str]]:
    return summary(find_declarations(cards(codes), rules.declarations, trump))


def order_from(rules: RuleSet, leader: Seat) -> tuple[Seat, ...]:
    """The announce order: the table order of play, starting at the leader."""
    order = rules.order
    start = order.index(leader)
    return order[start:] + order[:start]


def declared(
    rules: RuleSet, hands: Mapping[Seat, str], trump: Trump = Trump.SPADES
) -> dict[Seat, list[Declaration]]:
    return {
        seat: find_declarations(cards(codes), rules.declarations, trump)
        for seat, codes in hands.items()
    }


def award(
    rules: RuleSet,
    hands: Mapping[Seat, str],
    trump: Trump,
    leader: Seat = N,
    declarations: DeclarationRules | None = None,
) -> dict[frozenset[Seat], int]:
    result = award_declarations(
        declared(rules, hands, trump),
        rules.sides,
        declarations or rules.declarations,
        trump,
        order_from(rules, leader),
    )
    return dict(result.points)


def with_comparison(
    rules: RuleSet, comparison: Comparison, exact_tie: ExactTie
) -> DeclarationRules:
    return replace(rules.declarations, comparison=comparison, exact_tie=exact_tie)


# ---------------------------------------------------------------------------
# find_declarations: sequences


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # Three in a row: a tierce, named by its top card.
        ("9H 10H JH 7S 8C AD KD", {("tierce", "JH")}),
        # Four: a cinquante (quarte).
        ("9H 10H JH QH 7S", {("cinquante", "QH")}),
        # Five: a cent (quinte).
        ("7S 8S 9S 10S JS 7H", {("cent", "JS")}),
        # Natural order: J sits between 10 and Q, not between 9 and A as in trumps.
        ("10C JC QC", {("tierce", "QC")}),
        ("8S 9S 10S", {("tierce", "10S")}),
        ("QD KD AD", {("tierce", "AD")}),
        # Two separate runs in one suit are two declarations.
        ("7H 8H 9H JH QH KH", {("tierce", "9H"), ("tierce", "KH")}),
        # One run in each of two suits.
        ("7S 8S 9S KC AC QC", {("tierce", "9S"), ("tierce", "AC")}),
        # The order of the hand does not matter.
        ("JH 7S 9H KD 10H", {("tierce", "JH")}),
    ],
)
def test_sequences(maison: RuleSet, hand: str, expected: set[tuple[str, str]]) -> None:
    assert found_in(hand, maison) == expected


@pytest.mark.parametrize(
    "hand",
    [
        # J 9 A follow each other in trumps, not in the natural order.
        "JH 9H AH",
        # 9-10-J of different suits is no sequence.
        "9S 10H JD",
        # No wrap-around from the ace to the seven.
        "KH AH 7H 8H",
        # Two in a row is nothing.
        "9C 10C QC KC",
        # A gap breaks the run.
        "7D 8D 10D JD",
        "",
    ],
)
def test_no_sequence(maison: RuleSet, hand: str) -> None:
    assert found_in(hand, maison) == set()


@pytest.mark.parametrize("length", [6, 7, 8])
def test_a_run_of_six_or_more_is_one_cent(maison: RuleSet, length: int) -> None:
    run = [f"{rank}S" for rank in NATURAL[:length]]
    found = find_declarations(cards(" ".join(run)), maison.declarations, Trump.HEARTS)
    assert len(found) == 1
    (cent,) = found
    assert cent.kind is Kind.CENT
    assert cent.top == card(run[-1])
    assert len(cent.cards) == length
    assert cent.points(maison.declarations, Trump.HEARTS) == 100


@pytest.mark.parametrize(
    ("hand", "kind", "points"),
    [
        ("7H 8H 9H", Kind.TIERCE, 20),
        ("QC KC AC", Kind.TIERCE, 20),
        ("7H 8H 9H 10H", Kind.CINQUANTE, 50),
        ("7H 8H 9H 10H JH", Kind.CENT, 100),
        ("7H 8H 9H 10H JH QH KH AH", Kind.CENT, 100),
    ],
)
def test_sequence_points(maison: RuleSet, hand: str, kind: Kind, points: int) -> None:
    (found,) = find_declarations(cards(hand), maison.declarations, Trump.CLUBS)
    assert found.kind is kind
    assert found.points(maison.declarations, Trump.CLUBS) == points


# ---------------------------------------------------------------------------
# find_declarations: carrés


@pytest.mark.parametrize(("rank", "points"), sorted(CARRE_POINTS.items()))
def test_carres_that_score(maison: RuleSet, rank: str, points: int) -> None:
    hand = " ".join(f"{rank}{suit}" for suit in "SHDC")
    found = find_declarations(cards(hand), maison.declarations, Trump.DIAMONDS)
    assert summary(found) == {("carre", rank)}
    assert found[0].kind is Kind.CARRE
    assert found[0].points(maison.declarations, Trump.DIAMONDS) == points
    assert set(found[0].cards) == set(cards(hand))


@pytest.mark.parametrize("rank", ["8", "7"])
def test_no_carre_of_eights_or_sevens(maison: RuleSet, rank: str) -> None:
    hand = " ".join(f"{rank}{suit}" for suit in "SHDC")
    assert found_in(hand, maison) == set()


def test_three_of_a_kind_is_no_carre(maison: RuleSet) -> None:
    assert found_in("JS JH JD 9C", maison) == set()


def test_a_card_serves_in_a_sequence_and_a_carre(maison: RuleSet) -> None:
    # JS is in the carré of jacks and in the tierce 9S 10S JS.
    assert found_in("JS JH JD JC 10S 9S", maison) == {("carre", "J"), ("tierce", "JS")}
    # Two carrés and a cinquante sharing their cards.
    assert found_in("KS KH KD KC QS QH QD QC", maison) == {("carre", "K"), ("carre", "Q")}
    assert found_in("AS AH AD AC KS QS JS", maison) == {("carre", "A"), ("cinquante", "AS")}


def test_eight_cards_with_a_carre_and_a_cent(maison: RuleSet) -> None:
    # 7H..JH is a cent; the four jacks a carré; JH serves in both.
    assert found_in("7H 8H 9H 10H JH JS JD JC", maison) == {("cent", "JH"), ("carre", "J")}


# ---------------------------------------------------------------------------
# sequence_of / carre_of


def test_sequence_of() -> None:
    tierce = sequence_of(cards("JH 9H 10H"))
    assert tierce is not None
    assert tierce.kind is Kind.TIERCE
    assert tierce.top == card("JH")
    # Low to high, in the natural order.
    assert tierce.cards == tuple(cards("9H 10H JH"))
    quarte = sequence_of(cards("KD AD QD JD"))
    assert quarte is not None and quarte.kind is Kind.CINQUANTE and quarte.top == card("AD")
    whole = sequence_of(cards("AC KC QC JC 10C 9C 8C 7C"))
    assert whole is not None and whole.kind is Kind.CENT and whole.top == card("AC")


@pytest.mark.parametrize(
    "codes",
    [
        "9S 10H JD",  # three suits
        "9H JH QH",  # a gap
        "JH 9H AH",  # the trump order is not a sequence
        "9H 10H",  # too short
        "KH AH 7H",  # no wrap-around
    ],
)
def test_sequence_of_rejects(codes: str) -> None:
    assert sequence_of(cards(codes)) is None


def test_carre_of() -> None:
    queens = carre_of(cards("QS QH QD QC"))
    assert queens is not None
    assert queens.kind is Kind.CARRE
    assert queens.rank.value == "Q"
    assert set(queens.cards) == set(cards("QS QH QD QC"))
    assert carre_of(cards("QS QH QD")) is None
    assert carre_of(cards("QS QH QD KC")) is None
    assert carre_of(cards("QS QH QD QC KC")) is None


# ---------------------------------------------------------------------------
# Belote: RuleSet.belotes


@pytest.mark.parametrize(
    ("hand", "trump", "expected"),
    [
        ("KH QH 7S", Trump.HEARTS, True),
        ("KH QH 7S", Trump.SPADES, False),  # king and queen of a plain suit
        ("KS QH", Trump.HEARTS, False),
        ("KH 7H", Trump.HEARTS, False),
        ("QH JH", Trump.HEARTS, False),
        # Maison: only with one trump suit, no belote in no trump or all trumps.
        ("KH QH", Trump.NONE, False),
        ("KH QH", Trump.ALL, False),
        ("KC QC KD QD", Trump.CLUBS, True),
    ],
)
def test_belotes_maison(hand: str, trump: Trump, expected: bool) -> None:
    assert MAISON.belotes({N: cards(hand)}, trump) == ([N] if expected else [])


def test_belotes_name_the_seat_that_holds_it() -> None:
    hands = {N: cards("7S 8S"), E: cards("AH KH"), S: cards("QH KS QS"), W: cards("JH")}
    # King and queen of hearts are split between east and south: no belote in hearts.
    assert MAISON.belotes(hands, Trump.HEARTS) == []
    assert MAISON.belotes(hands, Trump.SPADES) == [S]
    assert three_players().belotes({W: cards("KC QC"), E: cards("KD")}, Trump.CLUBS) == [W]


def test_no_belote_in_sans_atout() -> None:
    # FFB coinche 2015 §11.2: "Il n'y a pas de belote possible."
    hands = {N: cards("KH QH KS QS")}
    assert COINCHE.belotes(hands, Trump.NONE) == []
    assert COINCHE.belote_suits(Trump.NONE) == ()


def test_up_to_four_belotes_in_tout_atout() -> None:
    # FFB coinche 2015 §11.3: "Il peut y avoir jusqu'à 4 belotes".
    assert COINCHE.declarations.belote_in_all_trumps is True
    assert set(COINCHE.belote_suits(Trump.ALL)) == set(Suit)
    hands = {
        N: cards("KH QH KS QS"),
        E: cards("KD QD"),
        S: cards("KC 7C"),
        W: cards("QC"),
    }
    # North's hearts and spades, east's diamonds; the clubs are split.
    assert sorted(seat.value for seat in COINCHE.belotes(hands, Trump.ALL)) == [
        "east",
        "north",
        "north",
    ]
    everything = {N: cards("KS QS KH QH KD QD KC QC")}
    assert COINCHE.belotes(everything, Trump.ALL) == [N, N, N, N]
    # With one trump suit, one belote at most.
    assert COINCHE.belotes(everything, Trump.DIAMONDS) == [N]
    assert COINCHE.belote_suits(Trump.DIAMONDS) == (Suit.DIAMONDS,)


def test_maison_has_no_belote_in_all_trumps() -> None:
    assert MAISON.declarations.belote_in_all_trumps is False
    assert MAISON.belote_suits(Trump.ALL) == ()
    assert MAISON.belotes({N: cards("KS QS KH QH")}, Trump.ALL) == []


# ---------------------------------------------------------------------------
# FFB coinche: one card in one declaration only, and the sans atout carrés


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # FFB coinche 2015 §8: "une carte ne peut compter que pour une seule annonce à la
        # fois". The carré of jacks (200) or the tierce J-Q-K of hearts (20): the carré.
        ("JS JH JD JC QH KH", {("carre", "J")}),
        # Carré (200) or the tierce 9S-10S-JS (20): the carré alone, 9S 10S left over.
        ("JS JH JD JC 10S 9S", {("carre", "J")}),
        # Carré of aces (100) + tierce J-Q-K of spades (20) = 120, against the
        # cinquante J-Q-K-A (50) alone.
        ("AS AH AD AC KS QS JS", {("carre", "A"), ("tierce", "KS")}),
        # Carré of jacks (200) + cinquante 7H-10H (50) = 250, against the cent 7H-JH (100).
        ("7H 8H 9H 10H JH JS JD JC", {("carre", "J"), ("cinquante", "10H")}),
        # Carré (200) + the tierce 8H-10H left below the jack (20) = 220, against the
        # cent 8H-QH (100).
        ("JS JD JC JH 8H 9H 10H QH", {("carre", "J"), ("tierce", "10H")}),
        # Four eights are no declaration, so the 8H stays in its tierce.
        ("7H 8H 9H 8S 8D 8C", {("tierce", "9H")}),
    ],
)
def test_coinche_a_card_counts_in_one_declaration(
    hand: str, expected: set[tuple[str, str]]
) -> None:
    assert COINCHE.declarations.shared_cards is False
    found = find_declarations(cards(hand), COINCHE.declarations, Trump.CLUBS)
    assert summary(found) == expected
    used = [c for declaration in found for c in declaration.cards]
    assert len(used) == len(set(used))


@pytest.mark.parametrize(
    ("rank", "no_trump", "suit", "all_trumps"),
    [
        # FFB coinche 2015 §11.2, sans atout: aces 200, tens 150, the others 100;
        # §11.3, tout atout: "L'ordre et la valeur des carrés demeurent inchangés".
        ("A", 200, 100, 100),
        ("10", 150, 100, 100),
        ("K", 100, 100, 100),
        ("Q", 100, 100, 100),
        ("J", 100, 200, 200),
        ("9", 100, 150, 150),
    ],
)
def test_coinche_carres_in_sans_atout(rank: str, no_trump: int, suit: int, all_trumps: int) -> None:
    hand = cards(" ".join(f"{rank}{s}" for s in "SHDC"))
    for trump, points in ((Trump.NONE, no_trump), (Trump.HEARTS, suit), (Trump.ALL, all_trumps)):
        (carre,) = find_declarations(hand, COINCHE.declarations, trump)
        assert carre.kind is Kind.CARRE
        assert carre.points(COINCHE.declarations, trump) == points
        assert COINCHE.declarations.carre_points(carre.rank, trump) == points


@pytest.mark.parametrize("rank", ["8", "7"])
def test_coinche_no_carre_of_eights_or_sevens_in_sans_atout(rank: str) -> None:
    hand = " ".join(f"{rank}{suit}" for suit in "SHDC")
    assert found_in(hand, COINCHE, Trump.NONE) == set()


def test_maison_carres_are_the_same_in_no_trump(maison: RuleSet) -> None:
    assert maison.declarations.carres_no_trump is None
    aces = find_declarations(cards("AS AH AD AC"), maison.declarations, Trump.NONE)
    assert aces[0].points(maison.declarations, Trump.NONE) == 100
    jacks = find_declarations(cards("JS JH JD JC"), maison.declarations, Trump.NONE)
    assert jacks[0].points(maison.declarations, Trump.NONE) == 200


def test_sans_atout_aces_beat_jacks(coinche: RuleSet) -> None:
    # North's aces against east's jacks: in sans atout 200 against 100, North-South score;
    # with a trump suit 100 against 200, East-West do.
    hands = {N: "AS AH AD AC", E: "JS JH JD JC"}
    assert award(coinche, hands, Trump.NONE) == {NS: 200, EW: 0}
    assert award(coinche, hands, Trump.HEARTS) == {NS: 0, EW: 200}


# ---------------------------------------------------------------------------
# Weighing the sides' declarations

# North: carré of kings (100) and a tierce 7S-8S-9S (20).
# East: a cent 8D-9D-10D-JD-QD (100).
CARRE_VS_CENT = {N: "KS KH KD KC 7S 8S 9S", E: "8D 9D 10D JD QD"}


def test_best_declaration_carre_beats_any_sequence(coinche: RuleSet) -> None:
    assert coinche.declarations.comparison is Comparison.BEST_DECLARATION
    # The carré is the best single declaration: North-South score all of theirs.
    assert award(coinche, CARRE_VS_CENT, Trump.HEARTS) == {NS: 120, EW: 0}


def test_apart_sequences_and_carres_weighed_separately(maison: RuleSet) -> None:
    assert maison.declarations.comparison is Comparison.SEQUENCES_AND_CARRES_APART
    # Sequences: East's cent beats North's tierce (EW 100); carrés: North's alone (NS 100).
    assert award(maison, CARRE_VS_CENT, Trump.HEARTS) == {NS: 100, EW: 100}


def test_award_records_the_declarations_that_count(maison: RuleSet, coinche: RuleSet) -> None:
    best = award_declarations(
        declared(coinche, CARRE_VS_CENT, Trump.HEARTS),
        coinche.sides,
        coinche.declarations,
        Trump.HEARTS,
        order_from(coinche, N),
    )
    assert set(best.scoring) == {N}
    assert summary(best.scoring[N]) == {("carre", "K"), ("tierce", "9S")}
    apart = award_declarations(
        declared(maison, CARRE_VS_CENT, Trump.HEARTS),
        maison.sides,
        maison.declarations,
        Trump.HEARTS,
        order_from(maison, N),
    )
    assert summary(apart.scoring[N]) == {("carre", "K")}
    assert summary(apart.scoring[E]) == {("cent", "QD")}


def test_carre_beats_a_longer_sequence_of_equal_value(coinche: RuleSet) -> None:
    # Carré of queens (100, four cards) against a cent of five cards (100).
    hands = {N: "QS QH QD QC", E: "7D 8D 9D 10D JD"}
    assert award(coinche, hands, Trump.DIAMONDS) == {NS: 100, EW: 0}
    hands = {E: "QS QH QD QC", N: "7D 8D 9D 10D JD"}
    assert award(coinche, hands, Trump.DIAMONDS) == {NS: 0, EW: 100}


def test_carre_of_jacks_beats_carre_of_nines(any_rules: RuleSet) -> None:
    hands = {N: "9S 9H 9D 9C", W: "JS JH JD JC"}
    assert award(any_rules, hands, Trump.SPADES) == {NS: 0, EW: 200}


def test_equal_value_carres_the_higher_rank_wins(coinche: RuleSet) -> None:
    # Aces and kings are both worth 100; the aces rank higher.
    hands = {N: "KS KH KD KC", E: "AS AH AD AC"}
    assert award(coinche, hands, Trump.SPADES, leader=N) == {NS: 0, EW: 100}


def test_higher_value_beats_higher_top_card(coinche: RuleSet) -> None:
    # A cinquante to the ten (50) beats a tierce to the ace (20).
    hands = {N: "7C 8C 9C 10C", E: "QH KH AH"}
    assert award(coinche, hands, Trump.SPADES) == {NS: 50, EW: 0}


def test_equal_value_the_higher_top_card_wins(coinche: RuleSet) -> None:
    # Two tierces; the one to the ace beats the one to the king, whoever announces first.
    hands = {N: "JC QC KC", E: "QH KH AH"}
    for leader in (N, E, S, W):
        assert award(coinche, hands, Trump.SPADES, leader=leader) == {NS: 0, EW: 20}


def test_trump_sequence_beats_an_equal_plain_one(coinche: RuleSet, maison: RuleSet) -> None:
    hands = {N: "JH QH KH", E: "JS QS KS"}
    for rules in (coinche, maison):
        for leader in (N, E, S, W):
            assert award(rules, hands, Trump.HEARTS, leader=leader) == {NS: 20, EW: 0}
            assert award(rules, hands, Trump.SPADES, leader=leader) == {NS: 0, EW: 20}


def test_exact_tie_nobody(coinche: RuleSet) -> None:
    assert coinche.declarations.exact_tie is ExactTie.NOBODY
    # Tierces to the king, neither of trump (clubs): equal, so nobody scores.
    hands = {N: "JH QH KH", E: "JS QS KS"}
    for leader in (N, E, S, W):
        assert award(coinche, hands, Trump.CLUBS, leader=leader) == {NS: 0, EW: 0}
    # No trump: no sequence is of trump either.
    assert award(coinche, hands, Trump.NONE) == {NS: 0, EW: 0}


def test_exact_tie_nobody_cancels_the_whole_side(coinche: RuleSet) -> None:
    # North-South hold a second, lower tierce, but their best ties with East-West's best.
    hands = {N: "JH QH KH", S: "7D 8D 9D", E: "JS QS KS"}
    assert award(coinche, hands, Trump.CLUBS) == {NS: 0, EW: 0}


@pytest.mark.parametrize(
    ("leader", "side"),
    [
        # Clockwise N E S W: the first of North and East after the leader wins.
        (N, NS),  # N, E, ...
        (E, EW),  # E, S, W, N
        (S, NS),  # S, W, N, E
        (W, NS),  # W, N, E, S
    ],
)
def test_exact_tie_first_announced(maison: RuleSet, leader: Seat, side: frozenset[Seat]) -> None:
    assert maison.declarations.exact_tie is ExactTie.FIRST_ANNOUNCED
    hands = {N: "JH QH KH", E: "JS QS KS"}
    expected = {NS: 0, EW: 0, side: 20}
    assert award(maison, hands, Trump.CLUBS, leader=leader) == expected


def test_first_announced_follows_the_direction_of_play(anticlockwise: RuleSet) -> None:
    # Anticlockwise N W S E: from South (S E N W) and from West (W S E N) East
    # announces before North, the reverse of clockwise play; from North, North.
    hands = {N: "JH QH KH", E: "JS QS KS"}
    assert award(anticlockwise, hands, Trump.CLUBS, leader=S) == {NS: 0, EW: 20}
    assert award(anticlockwise, hands, Trump.CLUBS, leader=W) == {NS: 0, EW: 20}
    assert award(anticlockwise, hands, Trump.CLUBS, leader=N) == {NS: 20, EW: 0}


def test_first_announced_under_best_declaration(maison: RuleSet) -> None:
    rules = with_comparison(maison, Comparison.BEST_DECLARATION, ExactTie.FIRST_ANNOUNCED)
    hands = {N: "JH QH KH", S: "7D 8D 9D", E: "JS QS KS"}
    # East announces first from East: East-West score their tierce only.
    assert award(maison, hands, Trump.CLUBS, leader=E, declarations=rules) == {NS: 0, EW: 20}
    # From North: North-South score both of theirs.
    assert award(maison, hands, Trump.CLUBS, leader=N, declarations=rules) == {NS: 40, EW: 0}


def test_apart_with_a_sequence_tie_still_awards_carres(maison: RuleSet) -> None:
    rules = with_comparison(maison, Comparison.SEQUENCES_AND_CARRES_APART, ExactTie.NOBODY)
    hands = {N: "JH QH KH", E: "JS QS KS", W: "10S 10H 10D 10C"}
    assert award(maison, hands, Trump.CLUBS, declarations=rules) == {NS: 0, EW: 100}


def test_three_players_each_side_is_one_seat(three_player: RuleSet) -> None:
    # North, East, West, clockwise; equal tierces of North and East, first announced wins.
    hands = {N: "JH QH KH", E: "JS QS KS", W: "7D 8D"}
    sides = [frozenset({seat}) for seat in (N, E, W)]
    for leader, winner in ((N, N), (E, E), (W, N)):
        points = award_declarations(
            declared(three_player, hands, Trump.CLUBS),
            three_player.sides,
            three_player.declarations,
            Trump.CLUBS,
            order_from(three_player, leader),
        ).points
        assert dict(points) == {side: 20 if winner in side else 0 for side in sides}


def test_partners_declarations_all_count(coinche: RuleSet) -> None:
    # East's cent is the best; West's tierce counts with it; North's cinquante does not.
    hands = {E: "7S 8S 9S 10S JS", W: "7H 8H 9H", N: "JD QD KD AD"}
    assert award(coinche, hands, Trump.CLUBS) == {NS: 0, EW: 120}


def test_apart_each_side_scores_its_winning_group(maison: RuleSet) -> None:
    # Carrés: East's aces beat North's tens (EW 100). Sequences: East's tierce A-K-Q of
    # spades alone (EW 20).
    hands = {N: "10S 10H 10D 10C", E: "AS AH AD AC KS QS"}
    assert award(maison, hands, Trump.HEARTS) == {NS: 0, EW: 120}
    # North's cent 8H-QH (10H also in his carré) is the only sequence: it scores,
    # while his carré of tens loses to East's aces.
    hands = {N: "10S 10H 10D 10C 8H 9H JH QH", E: "AS AH AD AC"}
    assert award(maison, hands, Trump.HEARTS) == {NS: 100, EW: 100}


def test_nothing_declared_scores_nothing(maison: RuleSet, coinche: RuleSet) -> None:
    for rules in (maison, coinche):
        assert award(rules, {N: "7S 9H JD KC", E: "8S 10H"}, Trump.SPADES) == {NS: 0, EW: 0}


# ---------------------------------------------------------------------------
# Properties over random deals


def _reference_found(hand: Sequence[str]) -> set[tuple[str, str]]:
    """The declarations of a hand, re-stated from the rules reference."""
    held = set(hand)
    out: set[tuple[str, str]] = set()
    for suit in "SHDC":
        run: list[str] = []
        for rank in [*NATURAL, None]:
            if rank is not None and f"{rank}{suit}" in held:
                run.append(f"{rank}{suit}")
                continue
            if len(run) >= 3:
                kind = {3: "tierce", 4: "cinquante"}.get(len(run), "cent")
                out.add((kind, run[-1]))
            run = []
    for rank in CARRE_POINTS:
        if all(f"{rank}{suit}" in held for suit in "SHDC"):
            out.add(("carre", rank))
    return out


def _reference_points(found: set[tuple[str, str]]) -> int:
    total = 0
    for kind, what in found:
        if kind == "carre":
            total += CARRE_POINTS[what]
        else:
            total += {"tierce": 20, "cinquante": 50, "cent": 100}[kind]
    return total


_MAISON = MAISON
_SUITS = {Trump.SPADES: "S", Trump.HEARTS: "H", Trump.DIAMONDS: "D", Trump.CLUBS: "C"}


def _hands(seed: int) -> dict[Seat, list[str]]:
    deck = [c.code for c in DECK]
    random.Random(seed).shuffle(deck)
    return {seat: deck[i * 8 : (i + 1) * 8] for i, seat in enumerate((N, E, S, W))}


def _reference_key(entry: tuple[str, str], trump: Trump) -> tuple[int, int, int, int]:
    kind, what = entry
    if kind == "carre":
        return (1, CARRE_POINTS[what], NATURAL.index(what), 0)
    points = {"tierce": 20, "cinquante": 50, "cent": 100}[kind]
    rank, suit = what[:-1], what[-1]
    return (0, points, NATURAL.index(rank), int(_SUITS.get(trump) == suit))


@settings(max_examples=examples(150), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_find_declarations_matches_the_reference(seed: int) -> None:
    for hand in _hands(seed).values():
        found = find_declarations(cards(" ".join(hand)), _MAISON.declarations, Trump.HEARTS)
        assert summary(found) == _reference_found(hand)
        # Each declaration is found once.
        assert len(found) == len(summary(found))


@settings(max_examples=examples(150), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    trump=st.sampled_from(list(Trump)),
    leader=st.sampled_from([N, E, S, W]),
    exact_tie=st.sampled_from(list(ExactTie)),
)
def test_best_declaration_awards_all_or_nothing(
    seed: int, trump: Trump, leader: Seat, exact_tie: ExactTie
) -> None:
    rules = with_comparison(_MAISON, Comparison.BEST_DECLARATION, exact_tie)
    hands = _hands(seed)
    points = award(_MAISON, {s: " ".join(h) for s, h in hands.items()}, trump, leader, rules)
    found = {seat: _reference_found(hand) for seat, hand in hands.items()}
    own = {side: sum(_reference_points(found[seat]) for seat in side) for side in (NS, EW)}
    for side in (NS, EW):
        assert points[side] >= 0
        assert points[side] in (0, own[side])
    # Only one side scores.
    assert points[NS] == 0 or points[EW] == 0
    best = {
        side: max((_reference_key(d, trump) for s in side for d in found[s]), default=None)
        for side in (NS, EW)
    }
    if best[NS] is None and best[EW] is None:
        assert points == {NS: 0, EW: 0}
    elif best[EW] is None or (best[NS] is not None and best[NS] > best[EW]):
        assert points == {NS: own[NS], EW: 0}
    elif best[NS] is None or best[EW] > best[NS]:
        assert points == {NS: 0, EW: own[EW]}
    elif exact_tie is ExactTie.NOBODY:
        assert points == {NS: 0, EW: 0}
    else:
        assert sum(points.values()) > 0


@settings(max_examples=examples(100), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), trump=st.sampled_from(list(Trump)))
def test_apart_awards_whole_groups(seed: int, trump: Trump) -> None:
    hands = _hands(seed)
    points = award(_MAISON, {s: " ".join(h) for s, h in hands.items()}, trump)
    found = {seat: _reference_found(hand) for seat, hand in hands.items()}
    for side in (NS, EW):
        sequences = sum(_reference_points({d for d in found[s] if d[0] != "carre"}) for s in side)
        carres = sum(_reference_points({d for d in found[s] if d[0] == "carre"}) for s in side)
        assert points[side] in {0, sequences, carres, sequences + carres}
        assert points[side] >= 0


# FFB coinche 2015 §11.2, written out by hand: the carrés of sans atout.
CARRE_POINTS_NO_TRUMP = {"A": 200, "10": 150, "K": 100, "Q": 100, "J": 100, "9": 100}


def _reference_runs(hand: Sequence[str]) -> list[list[str]]:
    """Each maximal run of three or more in one suit, low to high."""
    held = set(hand)
    runs: list[list[str]] = []
    for suit in "SHDC":
        run: list[str] = []
        for rank in [*NATURAL, None]:
            if rank is not None and f"{rank}{suit}" in held:
                run.append(f"{rank}{suit}")
                continue
            if len(run) >= 3:
                runs.append(run)
            run = []
    return runs


@settings(max_examples=examples(150), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), trump=st.sampled_from(list(Trump)))
def test_coinche_declarations_never_share_a_card(seed: int, trump: Trump) -> None:
    carre_points = CARRE_POINTS_NO_TRUMP if trump is Trump.NONE else CARRE_POINTS
    for hand in _hands(seed).values():
        found = find_declarations(cards(" ".join(hand)), COINCHE.declarations, trump)
        used = [c.code for declaration in found for c in declaration.cards]
        # A card in one declaration only (§8), and only cards of the hand.
        assert len(used) == len(set(used))
        assert set(used) <= set(hand)
        for declaration in found:
            assert (sequence_of(declaration.cards) or carre_of(declaration.cards)) == declaration
        runs = _reference_runs(hand)
        carres = [rank for rank in carre_points if all(f"{rank}{s}" in hand for s in "SHDC")]
        total = sum(d.points(COINCHE.declarations, trump) for d in found)
        # The player declares the most he can: at least every run whole, or every carré.
        assert total >= sum(SEQUENCE_POINTS[min(len(run), 5)] for run in runs)
        assert total >= sum(carre_points[rank] for rank in carres)
        # Where no carré takes a card from a run, everything is declared, as in Maison.
        if not any(code[:-1] in carres for run in runs for code in run):
            assert summary(found) == _reference_found(hand)
