"""The engine's answers to questions asked as plain data, for a runtime that speaks JSON.

The browser's Python runtime asks `answer` about the analysis board's
position; the differential test asks it the same questions under CPython
and under that runtime and requires the same answers. Every answer is the
engine's own function's (legal cards, the trick's holder, a deal's score):
this module only reads the question and writes the answer as data.

A question is a mapping with `kind` and the fields that kind names;
cards are codes (`10H`, `KS`), seats and trumps their values, and the
trump may also be a suit's letter (`H`) as the board's address writes it.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .auction import Call
from .cards import Card, Suit
from .computer import Skill
from .contract import Coinche, Contract, Level
from .deal import lowest_card, play_deal, played_facts
from .declarations import Declaration, award_declarations, find_declarations
from .errors import BeloteError, IllegalCallError, IllegalMoveError
from .exchange import rules_from_data
from .game import Game, deals_a_turned_card, play_game
from .play import Position
from .rules import RuleSet
from .scoring import score_deal
from .seats import Seat, Side
from .trick import Play, score_trick, winning_play
from .trump import Trump

Answer = dict[str, Any]


class Impossible(enum.Enum):
    """Why a position cannot occur at the table: the board says so in one line."""

    UNKNOWN_CARD = "unknown-card"  # a code that names no card
    CARD_TWICE = "card-twice"  # a card both on the trick and in the hand, or twice in either
    TRICK_TOO_LONG = "trick-too-long"  # every player has already played to the trick
    HAND_TOO_BIG = "hand-too-big"  # more cards than a hand is dealt
    NOT_OFFERED = "not-offered"  # a trump mode the rule set does not play
    NO_SEAT = "no-seat"  # a seat the table does not have
    NOT_ALLOWED = "not-allowed"  # a deal to play given a call or card its player could not make
    UNKNOWN_RULES = "unknown-rules"  # a rule set the site does not have


class _ImpossibleError(BeloteError):
    def __init__(self, why: Impossible) -> None:
        super().__init__(why.value)
        self.why = why


def answer(rule_sets: Mapping[str, RuleSet], question: Mapping[str, Any]) -> Answer:
    """The engine's answer to `question`, or `{"impossible": why}` for a position that
    cannot occur."""
    rules = rule_sets.get(question["rules"])
    try:
        if rules is None:
            raise _ImpossibleError(Impossible.UNKNOWN_RULES)
        return _KINDS[question["kind"]](rules, question)
    except _ImpossibleError as error:
        return {"impossible": error.why.value}


def answers(
    rule_sets: Mapping[str, RuleSet], questions: Sequence[Mapping[str, Any]]
) -> list[Answer]:
    return [answer(rule_sets, question) for question in questions]


def answerer(rule_sets_json: str) -> Callable[[str], str]:
    """For a runtime that hands over texts: the rule sets (as `rules_to_data` wrote them, in a
    JSON list) read once, then a JSON list of questions answered by a JSON list."""
    rule_sets = {data["id"]: rules_from_data(data) for data in json.loads(rule_sets_json)}

    def ask(questions_json: str) -> str:
        return json.dumps(answers(rule_sets, json.loads(questions_json)))

    return ask


def _trump(rules: RuleSet, name: str) -> Trump:
    try:
        trump = Trump.of_suit(Suit(name)) if len(name) == 1 else Trump(name)
    except ValueError:
        raise _ImpossibleError(Impossible.NOT_OFFERED) from None
    if not rules.offers(trump):
        raise _ImpossibleError(Impossible.NOT_OFFERED)
    return trump


def _seat(rules: RuleSet, name: str) -> Seat:
    try:
        seat = Seat(name)
    except ValueError:
        raise _ImpossibleError(Impossible.NO_SEAT) from None
    if seat not in rules.seats:
        raise _ImpossibleError(Impossible.NO_SEAT)
    return seat


def _cards(codes: Sequence[str]) -> list[Card]:
    try:
        return [Card.parse(code) for code in codes]
    except BeloteError:
        raise _ImpossibleError(Impossible.UNKNOWN_CARD) from None


def _trick(rules: RuleSet, leader: Seat, cards: Sequence[Card]) -> tuple[Play, ...]:
    """The cards in the order of play from `leader`, each with its seat."""
    seats = rules.order_from(leader)
    return tuple(Play(seat, card) for seat, card in zip(seats, cards, strict=False))


def _position(rules: RuleSet, question: Mapping[str, Any]) -> Answer:
    """The board: every card of the hand of the seat to play, allowed or refused and why;
    who holds the trick so far and what its cards are worth."""
    trump = _trump(rules, question["trump"])
    leader = _seat(rules, question["leader"])
    on_trick = _cards(question["trick"])
    hand = _cards(question["hand"])
    if len(on_trick) >= rules.players:
        raise _ImpossibleError(Impossible.TRICK_TOO_LONG)
    if len(hand) > rules.hand_size:
        raise _ImpossibleError(Impossible.HAND_TOO_BIG)
    cards = on_trick + hand
    if len(set(cards)) != len(cards):
        raise _ImpossibleError(Impossible.CARD_TWICE)
    trick = _trick(rules, leader, on_trick)
    seat = rules.order_from(leader)[len(trick)]
    found: Answer = {
        "seat": seat.value,
        "played_by": [play.seat.value for play in trick],
        "holder": None,
        "worth": 0,
        "verdicts": [],
    }
    if trick:
        found["holder"] = winning_play(trick, trump).seat.value
        found["worth"] = sum(rules.values.points(play.card, trump) for play in trick)
    if hand:
        position = Position(rules, trump, trick, seat, tuple(hand))
        found["verdicts"] = [
            [verdict.card.code, verdict.reason.value, verdict.allowed]
            for verdict in position.verdicts
        ]
    return found


def _complete_trick(rules: RuleSet, question: Mapping[str, Any]) -> Answer:
    trump = _trump(rules, question["trump"])
    trick = _trick(rules, _seat(rules, question["leader"]), _cards(question["trick"]))
    result = score_trick(trick, rules, trump, last_trick=question["last"])
    return {"winner": result.winner.value, "points": result.points}


def _hands(rules: RuleSet, given: Mapping[str, Sequence[str]]) -> dict[Seat, list[Card]]:
    return {_seat(rules, name): _cards(codes) for name, codes in given.items()}


def _declaration(declaration: Declaration) -> list[Any]:
    return [declaration.kind.value, [card.code for card in declaration.cards]]


def _declarations(rules: RuleSet, question: Mapping[str, Any]) -> Answer:
    trump = _trump(rules, question["trump"])
    hands = _hands(rules, question["hands"])
    declared = {
        seat: find_declarations(hand, rules.declarations, trump) for seat, hand in hands.items()
    }
    order = rules.order_from(_seat(rules, question["leader"]))
    award = award_declarations(declared, rules.sides, rules.declarations, trump, order)
    return {
        "declared": {
            seat.value: [_declaration(d) for d in found] for seat, found in declared.items()
        },
        "points": {side.name: points for side, points in award.points.items()},
        "scoring": {
            seat.value: [_declaration(d) for d in kept] for seat, kept in award.scoring.items()
        },
    }


def _deal(rules: RuleSet, question: Mapping[str, Any]) -> Answer:
    """A whole deal played with each player's lowest legal card, then scored."""
    trump = _trump(rules, question["trump"])
    leader = _seat(rules, question["leader"])
    taker = _seat(rules, question["taker"])
    hands = _hands(rules, question["hands"])
    contract = None
    if rules.bidding is not None:
        contract = Contract(
            taker, trump, Level.POINTS, question["bid"], Coinche(question["coinche"])
        )
    played = play_deal(rules, trump, hands, leader, lowest_card)
    facts = played_facts(rules, trump, hands, played, taker, leader, contract)
    score = score_deal(rules, facts)
    return {
        "tricks": [[play.card.code for play in trick] for trick in played.tricks],
        "outcome": score.outcome.value,
        "scores": {side.name: points for side, points in score.scores.items()},
        "held": score.held,
    }


def _game(rules: RuleSet, question: Mapping[str, Any]) -> Answer:
    """A deal to play (game.py), where it stands after the reader's calls and cards: the
    reader's hand and what it may do, the auction, the tricks, and at the end the score."""
    seed, skill = question["seed"], question["skill"]
    # An address typed by hand: a seed is a whole number (not JSON's true), a level one of them.
    if type(seed) is not int or not 0 <= seed < 2**32 or skill not in Skill._value2member_map_:
        raise _ImpossibleError(Impossible.NOT_ALLOWED)
    if not deals_a_turned_card(rules):
        raise _ImpossibleError(Impossible.NOT_OFFERED)
    cards = _cards(question["cards"])
    try:
        calls = [Call.parse(text) for text in question["calls"]]
        game = play_game(rules, seed, Skill(skill), calls, cards)
    except (IllegalCallError, IllegalMoveError):
        raise _ImpossibleError(Impossible.NOT_ALLOWED) from None
    return _game_answer(game)


def _game_answer(game: Game) -> Answer:
    contract = game.contract
    score = game.score
    return {
        "phase": game.phase.value,
        "dealer": game.dealt.dealer.value,
        "turned": game.dealt.turned.code,
        "you": game.you.value,
        "hand": [card.code for card in game.hand],
        "calls": [
            [seat.value, call.code]
            for seat, call in zip(game.auction.speakers, game.auction.calls, strict=True)
        ],
        "offered": [[v.call.code, v.reason.value, v.allowed] for v in game.offered],
        "contract": None
        if contract is None
        else {"taker": contract.taker.value, "trump": _trump_code(contract.trump)},
        "tricks": [[[play.seat.value, play.card.code] for play in trick] for trick in game.tricks],
        "holder": None if game.holder is None else game.holder.value,
        "won": [[result.winner.value, result.points] for result in game.results],
        "verdicts": [[v.card.code, v.reason.value, v.allowed] for v in game.verdicts],
        "score": None
        if score is None
        else {
            "outcome": score.outcome.value,
            "capot": None if score.capot is None else score.capot.name,
            "cards": _by_side(score.card_points),
            "declarations": _by_side(score.declaration_points),
            "belote": _by_side(score.belote_points),
            "scores": _by_side(score.scores),
            "held": score.held,
        },
    }


def _by_side(points: Mapping[Side, int]) -> dict[str, int]:
    return {side.name: value for side, value in points.items()}


def _trump_code(trump: Trump) -> str:
    """A trump as the board's address writes it: a suit's letter, or `none` / `all`."""
    return trump.suit.value if trump.suit is not None else trump.value


_KINDS: dict[str, Callable[[RuleSet, Mapping[str, Any]], Answer]] = {
    "position": _position,
    "trick": _complete_trick,
    "declarations": _declarations,
    "deal": _deal,
    "game": _game,
}
