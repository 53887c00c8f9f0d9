"""The engine in the reader's browser is the engine: rule sets cross over as data and come
back equal, and the browser's runtime (Pyodide, in Node, from the very files the site
serves) answers every question as CPython does.

The questions are drawn by the engine from recorded seeds, across every rule set of the
site and every trump it offers: each position of a deal played out (the legal cards and
their reasons, who holds the trick and its worth), each complete trick (winner and
value), the declarations of the four hands, the deal's score, and every step of a deal
played against the computer players at each level.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import ROOT, require

from generator.content.errors import ContentError
from generator.content.files import InputFiles
from generator.content.rulesets import RuleSets
from generator.engine import Coinche, RuleSet, Suit, Trump, TrumpMode, deal_hands, play_deal
from generator.engine.answers import answers
from generator.engine.exchange import rules_from_data, rules_to_data
from generator.site.pipeline.runtime import PYODIDE, Pinned, runtime_files

# Recorded seeds: each deals one deal per rule set and trump.
SEEDS = (3, 1958, 20261205)
ASK = Path(__file__).parent / "runtime" / "ask.mjs"


def _rule_sets() -> list[RuleSet]:
    content = ROOT / "content"
    return RuleSets(content / "rulesets", InputFiles((content,))).all()


def _trumps(rules: RuleSet) -> list[Trump]:
    found: list[Trump] = []
    for mode in rules.modes:
        if mode is TrumpMode.SUIT:
            found += [Trump.of_suit(suit) for suit in Suit]
        else:
            found.append(Trump.NONE if mode is TrumpMode.NO_TRUMP else Trump.ALL)
    return found


def _questions(rules: RuleSet, trump: Trump, seed: int) -> list[dict[str, Any]]:
    """Every question one deal, dealt and played by the engine from `seed`, asks."""
    rng = random.Random(seed)
    hands = deal_hands(rules, rng)
    leader = rng.choice(rules.order)
    played = play_deal(rules, trump, hands, leader)
    held = {seat.value: [card.code for card in hand] for seat, hand in hands.items()}
    asked: list[dict[str, Any]] = []
    common = {"rules": rules.id, "trump": trump.value}
    for number, trick in enumerate(played.tricks):
        codes = [play.card.code for play in trick]
        for count, play in enumerate(trick):
            asked.append(
                {
                    **common,
                    "kind": "position",
                    "leader": trick[0].seat.value,
                    "trick": codes[:count],
                    "hand": list(held[play.seat.value]),
                }
            )
            held[play.seat.value].remove(play.card.code)
        last = number == len(played.tricks) - 1
        asked.append(
            {**common, "kind": "trick", "leader": trick[0].seat.value, "trick": codes, "last": last}
        )
    dealt = {seat.value: [card.code for card in hand] for seat, hand in hands.items()}
    asked.append({**common, "kind": "declarations", "leader": leader.value, "hands": dealt})
    bid = rules.bidding.floor if rules.bidding else None
    deal = {**common, "kind": "deal", "leader": leader.value, "hands": dealt}
    deal |= {"taker": rng.choice(rules.order).value, "bid": bid}
    deal["coinche"] = rng.choice(list(Coinche)).value
    if len(rules.sides) == 2:  # a deal is scored between two sides
        asked.append(deal)
    # A position that cannot occur: the seat to play's hand holds a card of the trick.
    first = played.tricks[0]
    asked.append(
        {
            **common,
            "kind": "position",
            "leader": first[0].seat.value,
            "trick": [first[0].card.code],
            "hand": [first[0].card.code],
        }
    )
    return asked


def _game_questions(rules: RuleSet, seed: int) -> list[dict[str, Any]]:
    """Every question a deal to play asks on its way to the score, at each level: the
    reader takes when he may (else makes the first call allowed) and plays his first
    allowed card, each choice read from CPython's answer."""
    asked: list[dict[str, Any]] = []
    for skill in ("easy", "normal"):
        question: dict[str, Any] = {"kind": "game", "rules": rules.id, "seed": seed}
        question |= {"skill": skill, "calls": [], "cards": []}
        while True:
            asked.append(question)
            found = answers({rules.id: rules}, [question])[0]
            if found["phase"] == "call":
                allowed = [code for code, _, ok in found["offered"] if ok]
                call = "take" if "take" in allowed else allowed[0]
                question = {**question, "calls": [*question["calls"], call]}
            elif found["phase"] == "play":
                chosen = next(code for code, _, ok in found["verdicts"] if ok)
                question = {**question, "cards": [*question["cards"], chosen]}
            else:
                break
    # A card the reader does not hold: a deal that cannot be played.
    asked.append({**asked[-1], "cards": ["7S", "7S"]})
    return asked


def test_every_rule_set_comes_back_from_its_data_equal() -> None:
    rule_sets = _rule_sets()
    assert len(rule_sets) >= 12
    for rules in rule_sets:
        data = json.loads(json.dumps(rules_to_data(rules)))
        assert rules_from_data(data) == rules, rules.id


def test_the_browser_runtime_answers_as_cpython(tmp_path: Path) -> None:
    node = shutil.which("node")
    require(node is not None, "Node.js")
    require((PYODIDE / "package.json").exists(), "npm pyodide")
    assert node is not None
    rule_sets = _rule_sets()
    folder = tmp_path / "runtime"
    folder.mkdir()
    for name, data in runtime_files(rule_sets):
        if isinstance(data, Pinned):
            data.copy_to(folder / name)
        else:
            (folder / name).write_bytes(data)
    questions = [
        question
        for rules in rule_sets
        for trump in _trumps(rules)
        for seed in SEEDS
        for question in _questions(rules, trump, seed)
    ]
    dealt = [rules for rules in rule_sets if rules.bidding is None and rules.players == 4]
    questions += [q for rules in dealt for seed in SEEDS for q in _game_questions(rules, seed)]
    (tmp_path / "questions.json").write_text(json.dumps(questions))
    subprocess.run(
        [node, str(ASK), str(folder), str(tmp_path / "questions.json"), str(tmp_path / "out.json")],
        check=True,
        timeout=600,
    )
    browser = json.loads((tmp_path / "out.json").read_text())
    cpython = answers({rules.id: rules for rules in rule_sets}, questions)
    assert len(browser) == len(cpython) == len(questions)
    differing = [
        (question, mine, theirs)
        for question, mine, theirs in zip(questions, cpython, browser, strict=True)
        if mine != theirs
    ]
    assert not differing, differing[:3]
    kinds = [question["kind"] for question in questions]
    positions = [a for q, a in zip(questions, cpython, strict=True) if q["kind"] == "position"]
    judged = [a for a in positions if "verdicts" in a]
    assert len(judged) >= 2000
    # Every kind was asked, impossible positions too, and both verdicts were given.
    assert {"position", "trick", "declarations", "deal", "game"} <= set(kinds)
    games = [a for q, a in zip(questions, cpython, strict=True) if q["kind"] == "game"]
    assert {a.get("phase") for a in games} >= {"call", "play", "over"}
    assert {"impossible": "not-allowed"} in games
    assert any("impossible" in a for a in positions)
    reasons = {reason for a in judged for _, reason, _ in a["verdicts"]}
    assert {"must-follow-suit", "follow-suit", "lead"} <= reasons
    assert {allowed for a in judged for _, _, allowed in a["verdicts"]} == {True, False}
    print(f"{len(questions)} questions, {len(judged)} positions judged alike")


@pytest.mark.parametrize("trump", ["X", "spades-ish"])
def test_an_unknown_trump_is_an_impossible_position(trump: str) -> None:
    rules = _rule_sets()[0]
    question = {"kind": "position", "rules": rules.id, "trump": trump, "leader": "north"}
    question |= {"trick": [], "hand": ["AS"]}
    assert answers({rules.id: rules}, [question]) == [{"impossible": "not-offered"}]


@pytest.mark.parametrize(
    ("question", "why"),
    [
        # A rule set the site does not have, on the board and in a deal to play.
        (
            {"kind": "position", "rules": "nowhere", "trump": "H", "leader": "north"},
            "unknown-rules",
        ),
        ({"kind": "game", "rules": "nowhere", "seed": 1, "skill": "easy"}, "unknown-rules"),
        # A deal to play's address typed by hand: a card that does not exist, a seed that is
        # no whole number, a level there is not, rules dealt without a turned card.
        (
            {"kind": "game", "rules": "maison", "seed": 1, "skill": "easy", "cards": ["1Z"]},
            "unknown-card",
        ),
        ({"kind": "game", "rules": "maison", "seed": True, "skill": "easy"}, "not-allowed"),
        ({"kind": "game", "rules": "maison", "seed": 1, "skill": "hard"}, "not-allowed"),
        ({"kind": "game", "rules": "coinche-official", "seed": 1, "skill": "easy"}, "not-offered"),
    ],
)
def test_an_address_typed_by_hand_gets_its_one_line(question: dict[str, Any], why: str) -> None:
    rule_sets = {rules.id: rules for rules in _rule_sets()}
    asked = {"trick": [], "hand": ["AS"], "calls": [], "cards": [], **question}
    assert answers(rule_sets, [asked]) == [{"impossible": why}]


def test_a_runtime_file_that_is_not_the_pinned_one_is_refused(tmp_path: Path) -> None:
    """A lock file changed by a pull request installs other bytes: the build copies none
    of them, and says why in one line."""
    installed = tmp_path / "pyodide"
    shutil.copytree(PYODIDE, installed)
    wasm = installed / "pyodide.asm.wasm"
    data = bytearray(wasm.read_bytes())
    data[len(data) // 2] ^= 1
    wasm.write_bytes(bytes(data))
    files = dict(runtime_files(_rule_sets()[:1], installed))
    pinned = files["pyodide.asm.wasm"]
    assert isinstance(pinned, Pinned)
    with pytest.raises(ContentError, match=r"not the pinned pyodide .* file: run scripts/ensure"):
        pinned.copy_to(tmp_path / "copy.wasm")
    assert not (tmp_path / "copy.wasm").exists()
    # Nor is a copy the last build left taken over unless it holds the pinned bytes.
    assert not pinned.copied_in(wasm)
    untouched = files["pyodide.mjs"]
    assert isinstance(untouched, Pinned)
    untouched.copy_to(tmp_path / "pyodide.mjs")
    assert untouched.copied_in(tmp_path / "pyodide.mjs")
    (tmp_path / "link.mjs").symlink_to(tmp_path / "pyodide.mjs")
    assert not untouched.copied_in(tmp_path / "link.mjs")
