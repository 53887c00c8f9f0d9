"""Practice drawn by the engine: the same pool from the same seeds, and every answer in it
checked against the rule books, re-derived here from their text rather than from the engine.

`book_allows` below is written from the rules reference (rules-reference.md,
"Card play": the FFB books of 2015/2016 and the house rules of seed 004),
with its own rank orders: it shares no code with generator/engine/play.py.
The pool the pages carry is read back from the page's own letters
(`data-pool`), so what the browser is handed is what is checked.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers.project import ROOT
from helpers.rules import COINCHE, MAISON, three_players

from generator.content.files import InputFiles
from generator.content.rulesets import RuleSets
from generator.engine import Card, Position, Reason, RuleSet, Seat, Trump, score_deal
from generator.engine.practice import Question, practice_deals, practice_pool, scoring_mix
from generator.site.page import LoadContext
from generator.site.pages.practice import REASON_LETTERS
from generator.site.pipeline.build import Inputs, Project, load_inputs
from generator.site.pipeline.cache import Cache
from generator.site.rendering.blocks import Context
from generator.site.rendering.i18n import Gettext
from generator.site.rendering.words import Words

# Strongest first (rules-reference.md, "Card orders and values").
TRUMP_RANKS = ["J", "9", "A", "10", "K", "Q", "8", "7"]
PLAIN_RANKS = ["A", "10", "K", "Q", "J", "9", "8", "7"]
SUITS = ["S", "H", "D", "C"]  # the deck's order, after the trump suit
TRUMP_SUIT = {Trump.SPADES: "S", Trump.HEARTS: "H", Trump.DIAMONDS: "D", Trump.CLUBS: "C"}


@dataclass(frozen=True)
class Book:
    """What a rule book says about the obligations that differ between books."""

    # An opponent's trump you cannot beat: must you still play a lower trump?
    must_undertrump: bool
    # Four players in two partnerships (partners opposite), or each for himself.
    partnerships: bool = True


# Maison (seed 004) and FFB belote classique 2016 §5.2: a lower trump is required.
MAISON_BOOK = Book(must_undertrump=True)
# FFB coinche 2015 §5 (and contrée): "pas obligé de pisser", any card will do.
FFB_COINCHE_BOOK = Book(must_undertrump=False)
# Three players, each for himself (seed 004): nobody's partner holds the trick.
THREE_BOOK = Book(must_undertrump=True, partnerships=False)


def split(code: str) -> tuple[str, str]:
    return code[:-1], code[-1]


def stronger(a: str, b: str, ranks: list[str]) -> bool:
    return ranks.index(split(a)[0]) < ranks.index(split(b)[0])


def holder(trick: list[tuple[str, str]], trump: Trump) -> int:
    """Which card of the trick holds it: the best trump, else the best card of the led suit
    (in all trumps, the best card of the led suit)."""
    led = split(trick[0][1])[1]
    t = TRUMP_SUIT.get(trump)

    def weight(code: str) -> tuple[int, int]:
        rank, suit = split(code)
        if suit == t:
            return 2, -TRUMP_RANKS.index(rank)
        if suit == led:
            ranks = TRUMP_RANKS if trump is Trump.ALL else PLAIN_RANKS
            return 1, -ranks.index(rank)
        return 0, 0

    return max(range(len(trick)), key=lambda index: weight(trick[index][1]))


def partners(a: str, b: str, book: Book) -> bool:
    return book.partnerships and {a, b} in ({"north", "south"}, {"east", "west"})


def book_allows(
    book: Book, trump: Trump, trick: list[tuple[str, str]], seat: str, hand: list[str]
) -> set[str]:
    """The cards the rule book lets `seat` play (trick: (seat, card code) in play order)."""
    if not trick:
        return set(hand)
    led = split(trick[0][1])[1]
    best_seat, best_card = trick[holder(trick, trump)]
    of_led = [c for c in hand if split(c)[1] == led]
    if trump is Trump.NONE:
        # Sans atout: follow suit, else any card; nothing obliges a higher card.
        return set(of_led or hand)
    if trump is Trump.ALL:
        # Tout atout: follow suit and always beat the card that holds the trick if you
        # can, even a partner's (FFB: "toujours obligé de monter"); void: any card.
        higher = [c for c in of_led if stronger(c, best_card, TRUMP_RANKS)]
        return set(higher or of_led or hand)
    t = TRUMP_SUIT[trump]
    trumps = [c for c in hand if split(c)[1] == t]
    if of_led:
        if led != t:
            return set(of_led)
        # Trump led: beat the highest trump so far if you can, even your partner's.
        higher = [c for c in of_led if stronger(c, best_card, TRUMP_RANKS)]
        return set(higher or of_led)
    if not trumps or partners(seat, best_seat, book):
        # Void: partner holding the trick, any card; no trump in hand, any card.
        return set(hand)
    if split(best_card)[1] != t:
        return set(trumps)  # an opponent holds it with a plain card: trump
    higher = [c for c in trumps if stronger(c, best_card, TRUMP_RANKS)]
    if higher:
        return set(higher)  # an opponent trumped: overtrump if you can
    return set(trumps) if book.must_undertrump else set(hand)


def codes(position: Position) -> tuple[list[tuple[str, str]], list[str]]:
    trick = [(play.seat.value, play.card.code) for play in position.trick]
    return trick, [card.code for card in position.hand]


def check_sorted(hand: list[str], trump: Trump) -> None:
    """The trump suit first, then spades, hearts, diamonds, clubs; strongest first in each."""
    t = TRUMP_SUIT.get(trump)
    suits = [split(c)[1] for c in hand]
    order = ([t] if t else []) + [s for s in SUITS if s != t]
    assert suits == sorted(suits, key=order.index), hand
    for suit in set(suits):
        ranks = TRUMP_RANKS if trump is Trump.ALL or suit == t else PLAIN_RANKS
        run = [split(c)[0] for c in hand if split(c)[1] == suit]
        assert run == sorted(run, key=ranks.index), hand


@pytest.mark.parametrize(
    ("rules", "book"),
    [(MAISON, MAISON_BOOK), (COINCHE, FFB_COINCHE_BOOK), (three_players(), THREE_BOOK)],
    ids=["maison", "coinche", "three-players"],
)
def test_every_position_of_the_pool_refuses_a_card_as_the_book_does(
    rules: RuleSet, book: Book
) -> None:
    pool = practice_pool(rules, (11, 12), 150)
    assert len(pool) == 300
    refusals: Counter[Reason] = Counter()
    for position in pool:
        trick, hand = codes(position)
        allowed = {v.card.code for v in position.verdicts if v.allowed}
        assert allowed == book_allows(book, position.trump, trick, position.seat.value, hand)
        # No wasted question: something refused, and something allowed.
        assert allowed and allowed != set(hand), (trick, hand)
        check_sorted(hand, position.trump)
        refusals.update({v.reason for v in position.verdicts if not v.allowed})
    # Every obligation the book has is asked; a lower trump only where it is required.
    expected = {
        Reason.MUST_FOLLOW_SUIT,
        Reason.MUST_BEAT_TRUMP,
        Reason.MUST_TRUMP,
        Reason.MUST_OVERTRUMP,
        *([Reason.MUST_UNDERTRUMP] if book.must_undertrump else []),
    }
    assert set(refusals) == expected


def test_the_same_seeds_give_the_same_pool_and_a_seed_added_keeps_the_others() -> None:
    def key(seeds: tuple[int, ...]) -> list[tuple[object, ...]]:
        return [(p.trump, p.trick, p.seat, p.hand) for p in practice_pool(COINCHE, seeds, 40)]

    assert key((5, 6)) == key((5, 6))
    assert key((5, 6))[:40] == key((5,))
    assert key((5, 7))[40:] != key((5, 6))[40:]
    # Each position once.
    assert len(set(key((5, 6, 7)))) == 120


def test_a_hand_is_sorted_in_trump_order() -> None:
    # Spades trump: J 9 A 10 of spades first, then hearts A 10 K, diamonds, clubs.
    from generator.engine.practice import sorted_hand

    hand = [Card.parse(c) for c in ["7C", "AH", "9S", "KH", "10S", "JS", "8D", "10H", "AS"]]
    assert [c.code for c in sorted_hand(hand, Trump.SPADES)] == [
        "JS", "9S", "AS", "10S", "AH", "10H", "KH", "8D", "7C",
    ]  # fmt: skip
    # No trump: every suit A 10 K Q J 9 8 7, spades first.
    assert [c.code for c in sorted_hand(hand, Trump.NONE)] == [
        "AS", "10S", "JS", "9S", "AH", "10H", "KH", "8D", "7C",
    ]  # fmt: skip
    # Hearts trump: hearts first, J 9 A 10 K Q 8 7 (here A 10 K).
    assert [c.code for c in sorted_hand(hand, Trump.HEARTS)][:4] == ["AH", "10H", "KH", "AS"]


@pytest.mark.parametrize("rules", [MAISON, COINCHE], ids=["maison", "coinche"])
def test_the_deals_to_score_are_made_failed_capot_and_litige_where_a_tie_is_one(
    rules: RuleSet,
) -> None:
    deals = practice_deals(rules, 2026)
    asked = Counter(deal.question for deal in deals)
    # Maison (seed 004): a tie is a litige; FFB coinche: a tie fails, there is no litige.
    litige = 1 if rules is MAISON else 0
    mix = {Question.MADE: 2, Question.FAILED: 1, Question.CAPOT: 1, Question.LITIGE: litige}
    assert asked == Counter(mix)
    assert scoring_mix(rules)[Question.LITIGE] == litige
    for deal in deals:
        cards = [play.card for trick in deal.tricks for play in trick]
        assert len(cards) == len(set(cards)) == 32
        assert score_deal(rules, deal.facts) == deal.score
        winners = {
            _codes(trick)[holder(_codes(trick), deal.facts.trump)][0] for trick in deal.tricks
        }
        if deal.question is Question.CAPOT:
            # The takers took all eight tricks: one side only ever held a trick at the end.
            sides = {"north-south" if w in ("north", "south") else "east-west" for w in winners}
            assert len(sides) == 1
            assert deal.facts.taker.value in sides.pop()
        else:
            # 152 card points and 10 for the last trick (rules-reference.md).
            assert sum(deal.facts.card_points.values()) == 162
        if deal.question is Question.LITIGE:
            taker = next(s for s in deal.score.sides if deal.facts.taker in s)
            defence = next(s for s in deal.score.sides if s != taker)
            # A tie: the taker's points are held for the next deal, the defence scores its
            # own; both brought as much (cards, declarations, belote).
            assert deal.score.held > 0
            assert deal.score.scores[defence] > 0
            brought = {
                side: deal.score.card_points[side] + deal.score.declaration_points[side]
                for side in (taker, defence)
            }
            assert abs(brought[taker] - brought[defence]) <= 20  # belote aside


def _codes(trick: tuple[Any, ...]) -> list[tuple[str, str]]:
    return [(play.seat.value, play.card.code) for play in trick]


# The site's own practice: what its pages carry, read back from their letters.


@cache
def inputs() -> Inputs:
    return load_inputs(Project(ROOT))


def practice_file() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "content/pages/practice.yaml").read_text())
    return data


# The site's rule sets and the book each follows (rules-reference.md, "Card play").
SITE_BOOKS = {
    "maison": MAISON_BOOK,
    "coinche-official": FFB_COINCHE_BOOK,
    "contree": FFB_COINCHE_BOOK,
}
LETTERS = {letter: reason for reason, letter in REASON_LETTERS.items()}
SEATS = {"n": "north", "e": "east", "s": "south", "w": "west"}
TRUMPS = {"S": Trump.SPADES, "H": Trump.HEARTS, "D": Trump.DIAMONDS, "C": Trump.CLUBS}
TRUMPS |= {"N": Trump.NONE, "A": Trump.ALL}


def card(two: str) -> str:
    return two.replace("T", "10")


def practice_pages() -> list[Any]:
    return [page for page in inputs().pages if page.kind.name == "practice"]


def test_the_site_practises_each_rule_set_listed_with_hundreds_of_positions() -> None:
    given = practice_file()
    size = len(given["seeds"]) * given["per_seed"]
    assert size >= 200
    pages = practice_pages()
    assert [page.rules.id for page in pages] == [p["rules"] for p in given["practices"]]
    for page in pages:
        assert page.content.drawn.size == size
        assert len(page.content.drawn.pool.split(" ")) == size


@pytest.mark.parametrize("rules_id", sorted(SITE_BOOKS))
def test_the_pool_a_page_carries_is_the_books_answer_for_every_position(rules_id: str) -> None:
    (page,) = [page for page in practice_pages() if page.rules.id == rules_id]
    book = SITE_BOOKS[rules_id]
    # The rule set keeps the book's side where books differ (the rest is the same in all).
    assert page.rules.must_undertrump is book.must_undertrump
    entries = page.content.drawn.pool.split(" ")
    modes: Counter[Trump] = Counter()
    for entry in entries:
        trump_letter, plays, held, seat, hand_letters, reasons = entry.split("|")
        trump = TRUMPS[trump_letter]
        modes[trump] += 1
        trick = [(SEATS[plays[i]], card(plays[i + 1 : i + 3])) for i in range(0, len(plays), 3)]
        hand = [card(hand_letters[i : i + 2]) for i in range(0, len(hand_letters), 2)]
        assert len(reasons) == len(hand)
        allowed = {c for c, r in zip(hand, reasons, strict=True) if LETTERS[r].allows}
        assert allowed == book_allows(book, trump, trick, SEATS[seat], hand), entry
        assert allowed != set(hand), entry  # a refused card in every position
        assert int(held) == holder(trick, trump), entry
        check_sorted(hand, trump)
    # Each mode the rule set plays is practised.
    assert set(modes) >= {Trump.NONE, Trump.ALL} and len(modes) >= 5


def words() -> Words:
    return Words(Gettext(inputs().source), inputs().vocabulary)


def test_a_no_trump_or_all_trumps_taker_is_never_said_to_take_trump() -> None:
    for trump in Trump:
        said = words().takes(Seat.EAST, trump).striptags()
        if trump.suit is None:
            assert "takes trump" not in said
            assert words().trump(trump).striptags() in said
        else:
            assert said == "East takes trump."


def test_a_mode_line_names_the_mode_once() -> None:
    # "No trump, Maison rules, no trump." said it twice.
    for rules in inputs().rulesets.all():
        for trump in (Trump.NONE, Trump.ALL):
            if rules.offers(trump):
                line = words().mode_line(rules, trump).striptags().lower()
                name = words().trump(trump).striptags().lower()
                assert line.count(name) == 1, line


def test_what_a_page_drew_is_kept_for_the_next_build(tmp_path: Path) -> None:
    page = practice_pages()[0]
    first = _context(Cache(tmp_path))
    drawn = dataclasses.replace(page.content, context=first).drawn
    later = _context(Cache(tmp_path))
    again = dataclasses.replace(page.content, context=later)
    # As a build with a warm cache does when a translation changed: every language of
    # the page renders again, and nothing is drawn again.
    assert again.drawn.pool == drawn.pool and again.drawn.deals == drawn.deals
    assert (first.cache.computed, later.cache.computed) == (1, 0)
    # Under other rule-set files, drawn again.
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "content" / "rulesets", rules)
    (rules / "maison.yaml").write_text((rules / "maison.yaml").read_text() + "\n# edited\n")
    other = _context(Cache(tmp_path), RuleSets(rules, InputFiles.of(tmp_path)))
    assert dataclasses.replace(page.content, context=other).drawn.pool == drawn.pool
    assert other.cache.computed == 1


def _context(cache: Cache, rulesets: RuleSets | None = None) -> LoadContext:
    found = inputs()
    return LoadContext(
        rulesets or found.rulesets, Context({}, ()), found.project.files, ROOT, cache
    )


def test_the_phrasebook_words_every_card_seat_suit_and_reason_once() -> None:
    page = practice_pages()[0]
    from generator.site.pictures.store import Collector
    from generator.site.rendering.illustrate import Illustrator

    collector = Collector()
    book = json.loads(page.content.phrasebook(words(), Illustrator(collector, words()), "../"))
    assert len(book["cards"]) == 32 and len(collector.wanted) == 32
    assert set(book["reasons"]) == set(LETTERS)
    assert set(book["seats"]) == {"n", "e", "s", "w"}
    told = book["reasons"][REASON_LETTERS[Reason.MUST_BEAT_TRUMP]][1]
    # The position's words are the script's to fill.
    assert re.search(r"%\((led|best)\)s", told), told
