"""The computer players and the deal to play (engine/computer.py, engine/game.py).

Every expected card and call below is worked out by hand from the levels as seed 003
words them (Easy: the lowest legal card; Normal: judges the trick, saves high trumps,
supports its partner) and from the Maison rules: clockwise, so a trick led by West goes
West, North, East, South; North-South and East-West are partners; hearts are trumps.
"""

from __future__ import annotations

import pytest
from conftest import E, N, S, W, card, cards, trick
from helpers.rules import COINCHE, MAISON, three_players

from generator.engine import (
    DECK,
    Auction,
    BeloteError,
    Call,
    IllegalCallError,
    IllegalMoveError,
    Play,
    Trump,
    allowed_cards,
    replay_deal,
)
from generator.engine.computer import Skill, computer_call, computer_card, would_take
from generator.engine.game import Phase, complete_hands, deal_cards, play_game

HEARTS = Trump.HEARTS


def normal(plays: list[Play], seat: object, hand: str) -> str:
    """Normal's card at `seat`, among the cards the rules allow it."""
    assert seat in (N, E, S, W)
    allowed = allowed_cards(MAISON, HEARTS, plays, seat, cards(hand))
    return computer_card(Skill.NORMAL, MAISON, seat, allowed, plays, HEARTS).code


@pytest.mark.parametrize(
    ("why", "plays", "seat", "hand", "expected"),
    [
        # Partner North holds with the ace; South plays last with no spade: free to discard,
        # he gives the most points he has outside trump (10 beats K 4 and 7 0).
        ("supports partner", [(W, "7S"), (N, "AS"), (E, "8S")], S, "10D 7C KD", "10D"),
        # West's king: the ace and the ten both win; the ten is the cheaper winner.
        ("cheapest winner", [(W, "KS")], N, "AS 10S 7S", "10S"),
        # No diamond against West's ace: North must trump; the seven wins as well as the jack.
        ("saves high trumps", [(W, "AD")], N, "JH 7H KC", "7H"),
        # Nothing beats West's ace of spades: North follows with his lowest spade.
        ("cannot win", [(W, "AS")], N, "KS 7S", "7S"),
        # East's partner West holds; South still plays after him: no king given away.
        ("partner holds, not last", [(W, "AS"), (N, "7S")], E, "KS 8S", "8S"),
        # Leading: an ace outside trump first.
        ("leads an ace", [], N, "7D AC JH 8S", "AC"),
        # No ace: the lowest card outside trump, the trumps kept.
        ("leads low", [], N, "KC 7D JH", "7D"),
        # Only trumps left: the lowest of them.
        ("only trumps", [], N, "JH 7H", "7H"),
    ],
)
def test_normal_plays_as_its_level_says(
    why: str, plays: list[tuple[object, str]], seat: object, hand: str, expected: str
) -> None:
    assert normal(trick(*plays), seat, hand) == expected, why  # type: ignore[arg-type]


def test_easy_plays_its_lowest_allowed_card() -> None:
    # West's king of spades: North may play any spade; Easy's lowest is the seven.
    plays = trick((W, "KS"))
    allowed = allowed_cards(MAISON, HEARTS, plays, N, cards("AS 10S 7S JH"))
    assert computer_card(Skill.EASY, MAISON, N, allowed, plays, HEARTS) == card("7S")


@pytest.mark.parametrize(
    ("skill", "hand", "turned", "takes"),
    [
        # The jack, the eight and the turned nine: three hearts with the jack.
        (Skill.NORMAL, "JH 8H 7C AS KD", "9H", True),
        # The jack and the turned eight: two hearts only.
        (Skill.NORMAL, "JH 7C AS KD QD", "8H", False),
        # Three hearts and the turned ace, but neither jack nor nine.
        (Skill.NORMAL, "KH 8H 7H AS KD", "AH", False),
        # Easy takes on the jack alone, and never without it.
        (Skill.EASY, "JH 7C AS KD QD", "8H", True),
        (Skill.EASY, "9H 8H 7H AS KD", "AH", False),
    ],
)
def test_a_computer_player_takes_the_turned_card_as_its_level_says(
    skill: Skill, hand: str, turned: str, takes: bool
) -> None:
    assert would_take(skill, [*cards(hand), card(turned)], card(turned).suit) is takes
    auction = Auction(MAISON, W, (), card(turned))
    call = computer_call(skill, MAISON, auction, cards(hand), card(turned))
    assert call == Call.parse("take" if takes else "pass")


def test_in_the_second_round_normal_names_the_suit_it_holds_the_jack_and_nine_of() -> None:
    # Everyone passed the turned king of hearts; North holds J 9 A of spades.
    auction = Auction(MAISON, W, tuple(Call.parse("pass") for _ in range(3)), card("KH"))
    auction = auction.push(Call.parse("pass"))
    hand = cards("JS 9S AS 7C 8D")
    assert computer_call(Skill.NORMAL, MAISON, auction, hand, card("KH")) == Call.parse(
        "choose spades"
    )


def test_a_seed_deals_every_card_once_and_names_the_dealer() -> None:
    for seed in (0, 1, 2, 3, 2026):
        dealt = deal_cards(MAISON, seed)
        assert dealt.dealer is MAISON.order[seed % 4]
        first = [c for hand in dealt.first.values() for c in hand]
        assert len(first) == 20 and all(len(hand) == 5 for hand in dealt.first.values())
        assert sorted([*first, dealt.turned, *dealt.rest], key=str) == sorted(DECK, key=str)
        for taker in MAISON.order:
            hands = complete_hands(MAISON, dealt, taker)
            assert dealt.turned in hands[taker]
            assert all(len(hand) == 8 for hand in hands.values())
            assert {c for hand in hands.values() for c in hand} == set(DECK)


def test_only_a_four_player_turned_card_table_is_dealt() -> None:
    for rules in (COINCHE, three_players()):
        with pytest.raises(BeloteError):
            deal_cards(rules, 1)


def _play_out(skill: Skill, seed: int) -> tuple[list[Call], list[str]]:
    """The reader takes when he may, else passes, and plays his first allowed card."""
    calls: list[Call] = []
    played: list[str] = []
    game = play_game(MAISON, seed, skill, calls, [])
    while game.phase in (Phase.CALL, Phase.PLAY):
        if game.phase is Phase.CALL:
            allowed = [v.call for v in game.offered if v.allowed]
            calls.append(next((c for c in allowed if c.code == "take"), allowed[0]))
        else:
            played.append(next(v.card.code for v in game.verdicts if v.allowed))
        game = play_game(MAISON, seed, skill, calls, [card(c) for c in played])
    return calls, played


@pytest.mark.parametrize("skill", list(Skill))
def test_a_played_deal_is_one_the_rules_allow_and_is_scored(skill: Skill) -> None:
    for seed in (1, 7, 2026):
        calls, played = _play_out(skill, seed)
        game = play_game(MAISON, seed, skill, calls, [card(c) for c in played])
        # The reader takes whenever he is offered the turned card: never a redeal.
        assert game.phase is Phase.OVER and game.score is not None and game.contract
        # The engine's own checker replays every trick: each card allowed, each winner.
        replayed = replay_deal(
            MAISON,
            game.contract.trump,
            game.hands,
            MAISON.next_seat(game.dealt.dealer),
            game.tricks,
        )
        assert replayed.winners() == tuple(result.winner for result in game.results)
        assert [play.card.code for t in game.tricks for play in t if play.seat is S] == played
        # 162 card points with the last trick, unless a side took every trick.
        taken = sum(game.score.card_points.values())
        assert taken == 162 or game.score.capot is not None
        # The same seed, calls and cards: the same deal.
        assert play_game(MAISON, seed, skill, calls, [card(c) for c in played]) == game


def test_a_call_or_card_the_reader_could_not_make_is_refused() -> None:
    calls, played = _play_out(Skill.NORMAL, 2026)
    game = play_game(MAISON, 2026, Skill.NORMAL, calls, [card(c) for c in played[:1]])
    assert game.phase is Phase.PLAY
    refused = next(v.card for v in game.verdicts if not v.allowed)
    with pytest.raises(IllegalMoveError):
        play_game(MAISON, 2026, Skill.NORMAL, calls, [card(played[0]), refused])
    with pytest.raises(IllegalCallError):
        play_game(MAISON, 2026, Skill.NORMAL, [*calls, Call.parse("pass")], [])
