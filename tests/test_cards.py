"""Card codes, the deck, and the order of cards under each kind of trump."""

from __future__ import annotations

import pytest
from conftest import PLAIN_RANKS_HIGH_FIRST, TRUMP_RANKS_HIGH_FIRST, card, rank_of

from generator.engine import DECK, Card, CardCodeError, Rank, Suit, Trump, TrumpMode, strength

# ---------------------------------------------------------------------------
# Parsing and writing card codes


@pytest.mark.parametrize(
    ("code", "rank", "suit"),
    [
        ("10H", Rank.TEN, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("AS", Rank.ACE, Suit.SPADES),
        ("7C", Rank.SEVEN, Suit.CLUBS),
        ("8D", Rank.EIGHT, Suit.DIAMONDS),
        ("9S", Rank.NINE, Suit.SPADES),
        ("JH", Rank.JACK, Suit.HEARTS),
        ("QC", Rank.QUEEN, Suit.CLUBS),
        ("KD", Rank.KING, Suit.DIAMONDS),
    ],
)
def test_parse_reads_rank_and_suit(code: str, rank: Rank, suit: Suit) -> None:
    parsed = Card.parse(code)
    assert parsed.rank is rank
    assert parsed.suit is suit


@pytest.mark.parametrize("code", ["10h", "th", "Th", "tH", "as", "qc", "jD"])
def test_parse_accepts_lower_case(code: str) -> None:
    assert Card.parse(code) == Card.parse(code.upper())


def test_ten_written_t_is_the_same_card_as_10() -> None:
    assert Card.parse("TH") == Card.parse("10H") == Card(Rank.TEN, Suit.HEARTS)
    assert Card.parse("TS") != Card.parse("TH")


@pytest.mark.parametrize(
    "code",
    [
        "",
        "H",
        "10",
        "1H",
        "0H",
        "11H",
        "6H",
        "2S",
        "AX",
        "ZZ",
        "HA",
        "H10",
        "10HH",
        "1 0H",
        "AS,",
        "JOKER",
        "T",
        "10Z",
        "ace of spades",
    ],
)
def test_parse_refuses_codes_of_no_card(code: str) -> None:
    with pytest.raises(CardCodeError):
        Card.parse(code)


@pytest.mark.parametrize("value", [None, 10, 7.0, ["AS"]])
def test_parse_refuses_non_strings_with_card_code_error(value: object) -> None:
    with pytest.raises(CardCodeError):
        Card.parse(value)  # type: ignore[arg-type]


def test_card_code_error_is_a_value_error() -> None:
    # Callers that catch ValueError still catch a bad card code.
    assert issubclass(CardCodeError, ValueError)


@pytest.mark.parametrize(
    ("code", "canonical"),
    [("TH", "10H"), ("th", "10H"), ("10d", "10D"), ("tc", "10C"), ("qs", "QS"), ("7h", "7H")],
)
def test_code_is_canonical_and_always_writes_ten_as_10(code: str, canonical: str) -> None:
    assert Card.parse(code).code == canonical
    assert str(Card.parse(code)) == canonical


def test_code_of_every_deck_card_uses_10_and_reparses_to_the_same_card() -> None:
    for each in DECK:
        assert "T" not in each.code
        assert each.code[-1] in "SHDC"
        assert each.code[:-1] in {"7", "8", "9", "10", "J", "Q", "K", "A"}
        assert Card.parse(each.code) == each
        assert eval(repr(each), {"Card": Card}) == each


# ---------------------------------------------------------------------------
# The deck


def test_deck_has_32_distinct_cards() -> None:
    assert len(DECK) == 32
    assert len(set(DECK)) == 32
    assert len({each.code for each in DECK}) == 32


def test_deck_is_eight_ranks_in_each_of_four_suits() -> None:
    for suit in Suit:
        ranks = {each.rank for each in DECK if each.suit is suit}
        assert ranks == set(Rank)
        assert len([each for each in DECK if each.suit is suit]) == 8


def test_deck_has_no_card_below_seven() -> None:
    assert {rank_of(each.code) for each in DECK} == {"7", "8", "9", "10", "J", "Q", "K", "A"}


def test_cards_are_immutable_values() -> None:
    ace = card("AS")
    assert ace == Card(Rank.ACE, Suit.SPADES)
    assert hash(ace) == hash(Card(Rank.ACE, Suit.SPADES))
    with pytest.raises(AttributeError):
        ace.rank = Rank.KING  # type: ignore[misc]


# ---------------------------------------------------------------------------
# Trump values


@pytest.mark.parametrize(
    ("trump", "suit", "mode"),
    [
        (Trump.SPADES, Suit.SPADES, TrumpMode.SUIT),
        (Trump.HEARTS, Suit.HEARTS, TrumpMode.SUIT),
        (Trump.DIAMONDS, Suit.DIAMONDS, TrumpMode.SUIT),
        (Trump.CLUBS, Suit.CLUBS, TrumpMode.SUIT),
        (Trump.NONE, None, TrumpMode.NO_TRUMP),
        (Trump.ALL, None, TrumpMode.ALL_TRUMPS),
    ],
)
def test_trump_suit_and_mode(trump: Trump, suit: Suit | None, mode: TrumpMode) -> None:
    assert trump.suit is suit
    assert trump.mode is mode
    if suit is not None:
        assert Trump.of_suit(suit) is trump


def test_trump_names_used_in_content_files() -> None:
    assert {t.value for t in Trump} == {"spades", "hearts", "diamonds", "clubs", "none", "all"}


def test_is_trump() -> None:
    assert Trump.HEARTS.is_trump(card("7H"))
    assert not Trump.HEARTS.is_trump(card("AS"))
    for each in DECK:
        assert Trump.ALL.is_trump(each)
        assert not Trump.NONE.is_trump(each)


# ---------------------------------------------------------------------------
# Card order within a suit


def _high_first(suit: str, trump: Trump) -> list[str]:
    in_suit = [each for each in DECK if each.suit.value == suit]
    return [rank_of(each.code) for each in sorted(in_suit, key=lambda c: -strength(c, trump))]


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_trump_suit_ranks_j_9_a_10_k_q_8_7(suit: str) -> None:
    trump = Trump.of_suit(Suit(suit))
    assert _high_first(suit, trump) == TRUMP_RANKS_HIGH_FIRST


@pytest.mark.parametrize("trump", [Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS])
def test_plain_suits_rank_a_10_k_q_j_9_8_7(trump: Trump) -> None:
    for suit in "SHDC":
        if Suit(suit) is trump.suit:
            continue
        assert _high_first(suit, trump) == PLAIN_RANKS_HIGH_FIRST


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_no_trump_every_suit_ranks_a_10_k_q_j_9_8_7(suit: str) -> None:
    assert _high_first(suit, Trump.NONE) == PLAIN_RANKS_HIGH_FIRST


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_all_trumps_every_suit_ranks_j_9_a_10_k_q_8_7(suit: str) -> None:
    assert _high_first(suit, Trump.ALL) == TRUMP_RANKS_HIGH_FIRST


def test_nine_and_jack_swap_places_between_trump_and_plain() -> None:
    # In trumps the jack and nine are the two best cards; in a plain suit they
    # are below the queen.
    assert strength(card("JH"), Trump.HEARTS) > strength(card("AH"), Trump.HEARTS)
    assert strength(card("9H"), Trump.HEARTS) > strength(card("AH"), Trump.HEARTS)
    assert strength(card("JH"), Trump.SPADES) < strength(card("QH"), Trump.SPADES)
    assert strength(card("9H"), Trump.SPADES) < strength(card("JH"), Trump.SPADES)
