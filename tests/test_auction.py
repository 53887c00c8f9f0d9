"""The auction: Coinche and Contrée's bids, coinche and surcoinche; classic Belote's turned card.

Expected verdicts and contracts are worked out by hand from the rule books:

- FFB, Règles officielles de la Belote Coinchée (2015), §4.1 (as transcribed in
  vareversat/carg, assets/rules/coinche_belote_rules.md): the players speak in
  turn "en commençant par le joueur placé à droite du donneur"; a bid is "80 au
  minimum, ... un multiple de 10 et ... supérieure à l'enchère précédente"; a
  capot may be bid "à tout moment" and "il n'existe pas d'enchère supérieure au
  capot"; one coinches "une enchère adverse", which "fige le contrat"; "lorsqu'une
  équipe a coinché, l'équipe adverse a la possibilité de surcoincher ... Le tour
  d'enchères s'arrête alors immédiatement"; "le tour d'enchères s'achève
  lorsqu'après une enchère ou une coinche, les trois joueurs suivants passent";
  "un joueur qui a passé une fois pourra enchérir par la suite"; "si les 4
  joueurs passent sans enchérir, la donne est terminée".
- FFB, Règles officielles de la belote contrée (2016), §4.2.2 bids "comprise
  entre 80 et 160"; §4.2.3 after a contre "seuls les joueurs de l'équipe contrée
  sont amenés à parler ... Le partenaire du joueur ayant contré ne doit pas
  parler".
- Classic Belote (rules reference, seed pages): in the first round each player
  may take the turned card's suit; in the second, name another suit; after two
  rounds of passes the cards are dealt again.

The rule sets are tests/helpers/rules.py's, all played clockwise N E S W
unless built with anticlockwise().
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import E, N, S, W, card
from helpers.rules import COINCHE, CONTREE, MAISON, anticlockwise, three_players

from generator.engine import (
    REDEAL,
    Auction,
    BeloteError,
    Call,
    CallKind,
    CallReason,
    Coinche,
    Contract,
    IllegalCallError,
    Level,
    RuleSet,
    Seat,
    Trump,
    TrumpMode,
)


def auction(rules: RuleSet, dealer: Seat, *calls: str, turned: str | None = None) -> Auction:
    """The auction after `calls`, each written as scenarios write it."""
    return Auction(
        rules, dealer, tuple(Call.parse(c) for c in calls), card(turned) if turned else None
    )


def reason(so_far: Auction, call: str) -> str:
    """The reason code the engine gives the player to speak for `call`."""
    return so_far.verdict(Call.parse(call)).reason.value


def contract(so_far: Auction) -> Contract:
    assert so_far.is_over
    outcome = so_far.outcome
    assert isinstance(outcome, Contract), outcome
    return outcome


def classic(*calls: str, turned: str = "JH", dealer: Seat = W) -> Auction:
    """Classic Belote (Maison), the jack of hearts turned, west dealing: north speaks first."""
    return auction(MAISON, dealer, *calls, turned=turned)


# ---------------------------------------------------------------------------
# Calls as scenarios write them


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("90 hearts", Call(CallKind.BID, 90, Trump.HEARTS)),
        ("80 none", Call(CallKind.BID, 80, Trump.NONE)),
        ("160 all", Call(CallKind.BID, 160, Trump.ALL)),
        ("capot spades", Call(CallKind.CAPOT, None, Trump.SPADES)),
        ("generale clubs", Call(CallKind.GENERALE, None, Trump.CLUBS)),
        ("coinche", Call(CallKind.COINCHE)),
        ("surcoinche", Call(CallKind.SURCOINCHE)),
        ("pass", Call(CallKind.PASS)),
        ("take", Call(CallKind.TAKE)),
        ("choose diamonds", Call(CallKind.CHOOSE, None, Trump.DIAMONDS)),
    ],
)
def test_call_parse_round_trips(text: str, call: Call) -> None:
    assert Call.parse(text) == call
    assert call.code == text
    assert str(call) == text
    assert Call.parse(call.code) == call


def test_call_parse_ignores_case_and_spacing() -> None:
    assert Call.parse("  90   Hearts ").code == "90 hearts"
    assert Call.parse("PASS") == Call(CallKind.PASS)
    assert Call.parse("Capot  SPADES") == Call(CallKind.CAPOT, None, Trump.SPADES)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "90",
        "hearts",
        "90 trefle",  # no such trump
        "90hearts",
        "ninety hearts",
        "-80 hearts",
        "123456 hearts",
        "capot",
        "capot 90",
        "choose",
        "coinche hearts",
        "pass pass",
        "contre",
        "90 hearts coinche",
    ],
)
def test_call_parse_refuses_junk(text: str) -> None:
    with pytest.raises(IllegalCallError):
        Call.parse(text)


def test_only_bids_are_bids() -> None:
    assert Call.parse("90 hearts").is_bid
    assert Call.parse("capot hearts").is_bid
    assert Call.parse("generale hearts").is_bid
    for text in ("pass", "coinche", "surcoinche", "take", "choose spades"):
        assert not Call.parse(text).is_bid


def test_reason_codes_are_the_public_contract() -> None:
    allowing = {
        "pass",
        "bid",
        "opening",
        "capot",
        "generale",
        "coinche",
        "surcoinche",
        "take",
        "choose",
    }
    refusing = {
        "auction-over",
        "not-higher",
        "below-floor",
        "off-step",
        "above-ceiling",
        "mode-not-offered",
        "capot-not-offered",
        "generale-not-offered",
        "contract-frozen",
        "nothing-to-coinche",
        "coinche-own-side",
        "already-coinched",
        "surcoinche-without-coinche",
        "surcoinche-by-defence",
        "no-bidding",
        "no-turned-card",
        "not-this-round",
        "turned-suit",
    }
    assert {r.value for r in CallReason} == allowing | refusing
    assert {r.value for r in CallReason if r.allows} == allowing


def test_a_verdict_says_whether_the_call_is_allowed() -> None:
    start = auction(COINCHE, W)
    allowed = start.verdict(Call.parse("80 hearts"))
    # Nobody has bid: the first bid is allowed as the opening, not as "above the last".
    assert allowed.allowed and allowed.reason is CallReason.OPENING
    assert allowed.call == Call.parse("80 hearts")
    refused = start.verdict(Call.parse("70 hearts"))
    assert not refused.allowed and refused.reason is CallReason.BELOW_FLOOR


# ---------------------------------------------------------------------------
# Who speaks


@pytest.mark.parametrize(
    ("rules", "dealer", "first"),
    [
        # Clockwise N E S W: the seat after the dealer.
        (COINCHE, W, N),
        (COINCHE, N, E),
        (CONTREE, S, W),
        # Anticlockwise N W S E, as the FFB plays: the dealer's right-hand neighbour.
        (anticlockwise(COINCHE), N, W),
        (anticlockwise(COINCHE), E, N),
        # Three players N E W: after west comes north.
        (three_players(COINCHE), W, N),
    ],
)
def test_first_speaker_is_after_the_dealer(rules: RuleSet, dealer: Seat, first: Seat) -> None:
    assert Auction(rules, dealer).to_speak is first


def test_players_speak_in_turn() -> None:
    so_far = auction(COINCHE, W, "pass", "80 hearts", "pass")
    assert so_far.speakers == (N, E, S)
    assert so_far.to_speak is W
    assert not so_far.is_over
    assert so_far.outcome is None
    ffb = auction(anticlockwise(COINCHE), N, "pass", "pass")
    assert ffb.speakers == (W, S)
    assert ffb.to_speak is E


def test_an_auction_is_a_value() -> None:
    start = auction(COINCHE, W)
    after = start.push(Call.parse("80 hearts"))
    assert start.calls == ()
    assert after.calls == (Call.parse("80 hearts"),)
    assert after == auction(COINCHE, W, "80 hearts")


# ---------------------------------------------------------------------------
# Bids


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ("70 hearts", "below-floor"),
        ("79 hearts", "below-floor"),
        # Nobody has bid yet: the first bid opens the auction (nothing to be above).
        ("80 hearts", "opening"),
        ("85 hearts", "off-step"),  # not a multiple of ten
        ("82 hearts", "off-step"),
        ("90 spades", "opening"),
        ("160 clubs", "opening"),
        ("80 none", "opening"),  # §11.1: sans atout and tout atout may be bid
        ("80 all", "opening"),
    ],
)
def test_the_first_bid(call: str, expected: str) -> None:
    assert reason(auction(COINCHE, W), call) == expected


def test_a_bid_must_be_above_the_last() -> None:
    so_far = auction(COINCHE, W, "90 hearts")
    assert reason(so_far, "80 spades") == "not-higher"
    assert reason(so_far, "90 spades") == "not-higher"  # an equal bid is refused
    assert reason(so_far, "90 hearts") == "not-higher"
    assert reason(so_far, "95 spades") == "off-step"
    assert reason(so_far, "100 spades") == "bid"
    assert reason(so_far, "250 spades") == "bid"  # the coinche book writes no highest bid


def test_contree_bids_stop_at_160() -> None:
    # FFB contrée 2016 §4.2.2: "comprise entre 80 et 160".
    start = auction(CONTREE, W)
    assert reason(start, "160 hearts") == "opening"
    assert reason(start, "170 hearts") == "above-ceiling"
    assert reason(start, "165 hearts") == "off-step"
    assert reason(start, "70 hearts") == "below-floor"
    # A capot is no bid of points: it stays above the ceiling.
    assert reason(auction(CONTREE, W, "160 hearts"), "capot spades") == "capot"


def test_a_mode_the_rule_set_does_not_offer() -> None:
    suits_only = replace(COINCHE, modes=(TrumpMode.SUIT,))
    start = auction(suits_only, W)
    assert reason(start, "80 hearts") == "opening"
    assert reason(start, "80 none") == "mode-not-offered"
    assert reason(start, "80 all") == "mode-not-offered"
    assert reason(start, "capot all") == "mode-not-offered"


def test_a_player_who_passed_may_bid_later() -> None:
    # §4.1 Passer: "Un joueur qui a passé une fois pourra enchérir par la suite".
    so_far = auction(COINCHE, W, "pass", "80 hearts", "pass", "pass")
    assert so_far.to_speak is N
    assert reason(so_far, "90 spades") == "bid"
    done = so_far.push(Call.parse("90 spades"))
    for _ in range(3):
        done = done.push(Call.parse("pass"))
    assert contract(done) == Contract(N, Trump.SPADES, Level.POINTS, 90)


def test_raising_your_partners_bid() -> None:
    # North bids, east passes, south (north's partner) goes higher: south takes.
    so_far = auction(COINCHE, W, "80 hearts", "pass")
    assert reason(so_far, "90 hearts") == "bid"
    done = auction(COINCHE, W, "80 hearts", "pass", "90 hearts", "pass", "pass", "pass")
    assert contract(done) == Contract(S, Trump.HEARTS, Level.POINTS, 90)


# ---------------------------------------------------------------------------
# Capot and générale


def test_capot_may_be_bid_at_any_time() -> None:
    assert reason(auction(COINCHE, W), "capot hearts") == "capot"
    assert reason(auction(COINCHE, W, "120 hearts"), "capot spades") == "capot"
    assert reason(auction(COINCHE, W, "80 hearts", "pass"), "capot hearts") == "capot"


def test_nothing_can_be_bid_over_a_capot() -> None:
    # §4.1: "Il n'existe pas d'enchère supérieure au capot ; dès lors l'équipe adverse ne
    # peut plus que passer ou coincher."
    so_far = auction(COINCHE, W, "capot hearts")
    assert reason(so_far, "capot spades") == "not-higher"
    assert reason(so_far, "160 spades") == "not-higher"
    assert reason(so_far, "250 spades") == "not-higher"
    assert reason(so_far, "pass") == "pass"
    assert reason(so_far, "coinche") == "coinche"


def test_a_capot_contract() -> None:
    done = auction(COINCHE, W, "80 hearts", "capot spades", "pass", "pass", "pass")
    capot = contract(done)
    assert capot == Contract(E, Trump.SPADES, Level.CAPOT)
    assert capot.bid is None
    assert capot.all_tricks
    # §10.1.1: "250 points pour un capot demandé".
    assert capot.value(COINCHE) == 250


def test_generale_only_where_offered() -> None:
    assert COINCHE.bidding is not None and COINCHE.bidding.generale is None
    assert reason(auction(COINCHE, W), "generale hearts") == "generale-not-offered"
    offered = replace(COINCHE, bidding=replace(COINCHE.bidding, generale=500))
    assert reason(auction(offered, W), "generale hearts") == "generale"
    over_capot = auction(offered, W, "capot hearts")
    assert reason(over_capot, "generale spades") == "generale"
    over_generale = auction(offered, W, "generale hearts")
    assert reason(over_generale, "generale spades") == "not-higher"
    assert reason(over_generale, "capot spades") == "not-higher"
    assert reason(over_generale, "160 spades") == "not-higher"
    done = auction(offered, W, "generale hearts", "pass", "pass", "pass")
    assert contract(done) == Contract(N, Trump.HEARTS, Level.GENERALE)
    assert contract(done).value(offered) == 500


def test_capot_only_where_offered() -> None:
    assert COINCHE.bidding is not None
    no_capot = replace(COINCHE, bidding=replace(COINCHE.bidding, capot=None))
    assert reason(auction(no_capot, W), "capot hearts") == "capot-not-offered"


# ---------------------------------------------------------------------------
# Coinche and surcoinche


def test_nothing_to_coinche_before_a_bid() -> None:
    assert reason(auction(COINCHE, W), "coinche") == "nothing-to-coinche"
    assert reason(auction(COINCHE, W, "pass", "pass"), "coinche") == "nothing-to-coinche"


def test_coinche_only_an_opponents_bid() -> None:
    # North bids: east and west may coinche, south (his partner) may not.
    assert reason(auction(COINCHE, W, "80 hearts"), "coinche") == "coinche"
    assert reason(auction(COINCHE, W, "80 hearts", "pass"), "coinche") == "coinche-own-side"
    assert reason(auction(COINCHE, W, "80 hearts", "pass", "pass"), "coinche") == "coinche"
    # North passes, east bids, south passes: west, east's partner, may not coinche.
    so_far = auction(COINCHE, W, "pass", "80 hearts", "pass")
    assert reason(so_far, "coinche") == "coinche-own-side"


def test_already_coinched() -> None:
    so_far = auction(COINCHE, W, "80 hearts", "coinche")
    assert reason(so_far, "coinche") == "already-coinched"  # south
    so_far = auction(COINCHE, W, "80 hearts", "coinche", "pass")
    assert reason(so_far, "coinche") == "already-coinched"  # west, the coincher's partner


def test_a_coinche_freezes_the_contract() -> None:
    # §4.1: "Le fait de coincher fige le contrat, empêchant ainsi toute possibilité de
    # surenchère."
    so_far = auction(COINCHE, W, "80 hearts", "coinche")
    assert reason(so_far, "90 hearts") == "contract-frozen"
    assert reason(so_far, "capot hearts") == "contract-frozen"
    so_far = auction(COINCHE, W, "80 hearts", "coinche", "pass")
    assert reason(so_far, "90 spades") == "contract-frozen"


def test_surcoinche_needs_a_coinche() -> None:
    assert reason(auction(COINCHE, W), "surcoinche") == "surcoinche-without-coinche"
    assert reason(auction(COINCHE, W, "80 hearts"), "surcoinche") == "surcoinche-without-coinche"


def test_the_coinchers_cannot_surcoinche() -> None:
    # North bids, east coinches, south passes: west is east's partner.
    so_far = auction(COINCHE, W, "80 hearts", "coinche", "pass")
    assert so_far.to_speak is W
    assert reason(so_far, "surcoinche") == "surcoinche-by-defence"


def test_surcoinche_ends_the_auction_at_once() -> None:
    # §4.1: "Le tour d'enchères s'arrête alors immédiatement."
    done = auction(COINCHE, W, "80 hearts", "coinche", "surcoinche")
    assert done.is_over
    assert done.to_speak is None
    assert contract(done) == Contract(N, Trump.HEARTS, Level.POINTS, 80, Coinche.SURCOINCHE)
    assert contract(done).multiplier(COINCHE) == 4
    # The bidder himself may surcoinche too, when his turn comes.
    later = auction(COINCHE, W, "80 hearts", "coinche", "pass", "pass", "surcoinche")
    assert contract(later).coinche is Coinche.SURCOINCHE
    assert later.speakers == (N, E, S, W, N)


# ---------------------------------------------------------------------------
# The end of the auction


def test_a_bid_and_three_passes_end_it() -> None:
    # §4.1: "le tour d'enchères s'achève lorsqu'après une enchère ou une coinche, les trois
    # joueurs suivants passent".
    two = auction(COINCHE, W, "80 hearts", "pass", "pass")
    assert not two.is_over and two.to_speak is W
    done = two.push(Call.parse("pass"))
    assert contract(done) == Contract(N, Trump.HEARTS, Level.POINTS, 80, Coinche.NONE)
    assert contract(done).multiplier(COINCHE) == 1
    assert contract(done).value(COINCHE) == 80


def test_a_coinche_and_three_passes_end_it() -> None:
    two = auction(COINCHE, W, "100 diamonds", "coinche", "pass", "pass")
    assert not two.is_over
    # Everyone speaks after a coinche in the coinche book: north, the bidder, last.
    assert two.to_speak is N
    done = two.push(Call.parse("pass"))
    assert contract(done) == Contract(N, Trump.DIAMONDS, Level.POINTS, 100, Coinche.COINCHE)
    assert contract(done).multiplier(COINCHE) == 2


def test_a_late_bid_counts_its_three_passes_afresh() -> None:
    # North 80, east and south pass, west 90: north, east and south must pass again.
    so_far = auction(COINCHE, W, "80 hearts", "pass", "pass", "90 spades", "pass", "pass")
    assert not so_far.is_over
    done = so_far.push(Call.parse("pass"))
    assert contract(done) == Contract(W, Trump.SPADES, Level.POINTS, 90)


def test_four_passes_redeal() -> None:
    # §4.1: "Si les 4 joueurs passent sans enchérir, la donne est terminée sans points".
    three = auction(COINCHE, W, "pass", "pass", "pass")
    assert not three.is_over and three.to_speak is W
    assert reason(three, "80 hearts") == "opening"  # three passes: still nobody has bid
    done = three.push(Call.parse("pass"))
    assert done.is_over
    assert done.outcome == REDEAL


def test_contree_after_a_contre_only_the_contred_side_speaks() -> None:
    # FFB contrée 2016 §4.2.3: "seuls les joueurs de l'équipe contrée sont amenés à parler
    # ... Le partenaire du joueur ayant contré ne doit pas parler."
    so_far = auction(CONTREE, W, "80 hearts", "coinche")
    assert so_far.to_speak is S
    so_far = so_far.push(Call.parse("pass"))
    assert so_far.to_speak is N  # west, the contrer's partner, is skipped
    done = so_far.push(Call.parse("pass"))
    assert contract(done) == Contract(N, Trump.HEARTS, Level.POINTS, 80, Coinche.COINCHE)
    assert done.speakers == (N, E, S, N)


def test_contree_a_contre_by_the_last_speaker() -> None:
    # North bids, east and south pass, west contres: north then south; east says nothing.
    so_far = auction(CONTREE, W, "80 hearts", "pass", "pass", "coinche")
    assert so_far.to_speak is N
    so_far = so_far.push(Call.parse("pass"))
    assert so_far.to_speak is S
    done = so_far.push(Call.parse("pass"))
    assert contract(done).coinche is Coinche.COINCHE
    assert W not in done.speakers[4:] and E not in done.speakers[4:]


def test_contree_the_contred_side_may_surcontre() -> None:
    done = auction(CONTREE, W, "80 hearts", "coinche", "pass", "surcoinche")
    assert contract(done) == Contract(N, Trump.HEARTS, Level.POINTS, 80, Coinche.SURCOINCHE)


def test_contree_a_bid_and_three_passes_end_it_as_in_coinche() -> None:
    done = auction(CONTREE, W, "pass", "100 clubs", "pass", "pass", "pass")
    assert contract(done) == Contract(E, Trump.CLUBS, Level.POINTS, 100)


def test_three_players_a_bid_and_two_passes() -> None:
    # Each for himself: after a bid the two others pass and it is over.
    rules = three_players(COINCHE)
    so_far = auction(rules, W, "80 hearts", "pass")
    assert not so_far.is_over
    # Each plays for himself: the other two may both coinche north.
    assert reason(auction(rules, W, "80 hearts"), "coinche") == "coinche"
    assert reason(so_far, "coinche") == "coinche"
    done = so_far.push(Call.parse("pass"))
    assert contract(done) == Contract(N, Trump.HEARTS, Level.POINTS, 80)


def test_nothing_after_the_end() -> None:
    done = auction(COINCHE, W, "80 hearts", "pass", "pass", "pass")
    for call in ("pass", "90 spades", "coinche", "surcoinche"):
        assert reason(done, call) == "auction-over"
        with pytest.raises(IllegalCallError):
            done.push(Call.parse(call))
    redeal = auction(COINCHE, W, "pass", "pass", "pass", "pass")
    assert reason(redeal, "80 hearts") == "auction-over"


# ---------------------------------------------------------------------------
# Illegal calls raise


@pytest.mark.parametrize(
    "calls",
    [
        ("85 hearts",),
        ("70 hearts",),
        ("coinche",),
        ("80 hearts", "pass", "coinche"),  # south coinches his partner
        ("80 hearts", "80 spades"),
        ("80 hearts", "coinche", "90 hearts"),
        ("80 hearts", "coinche", "pass", "surcoinche"),  # west, a coincher
        ("80 hearts", "pass", "pass", "pass", "pass"),  # after the end
        ("take",),
    ],
)
def test_illegal_calls_raise_on_construction(calls: tuple[str, ...]) -> None:
    with pytest.raises(IllegalCallError):
        auction(COINCHE, W, *calls)


def test_illegal_call_raises_on_push() -> None:
    so_far = auction(COINCHE, W, "90 hearts")
    with pytest.raises(IllegalCallError):
        so_far.push(Call.parse("90 spades"))
    # The auction so far is untouched and goes on.
    assert so_far.push(Call.parse("100 spades")).to_speak is S
    assert issubclass(IllegalCallError, BeloteError)
    assert issubclass(IllegalCallError, ValueError)


def test_the_dealer_must_be_at_the_table() -> None:
    with pytest.raises(IllegalCallError):
        Auction(three_players(COINCHE), S)


# ---------------------------------------------------------------------------
# Classic Belote: the turned card


def test_classic_needs_the_turned_card() -> None:
    with pytest.raises(IllegalCallError):
        Auction(MAISON, W)


def test_classic_first_round_take() -> None:
    start = classic()
    assert start.to_speak is N
    assert reason(start, "take") == "take"
    done = classic("take")
    # The turned jack of hearts makes hearts trump.
    assert contract(done) == Contract(N, Trump.HEARTS, Level.TAKEN)
    assert contract(done).bid is None
    assert contract(done).coinche is Coinche.NONE


def test_classic_the_dealer_may_take_last_in_round_one() -> None:
    done = classic("pass", "pass", "pass", "take", turned="7C")
    assert contract(done) == Contract(W, Trump.CLUBS, Level.TAKEN)


def test_classic_choose_is_for_round_two() -> None:
    assert reason(classic(), "choose spades") == "not-this-round"
    assert reason(classic("pass", "pass", "pass"), "choose spades") == "not-this-round"


def test_classic_second_round_choose_another_suit() -> None:
    round_two = classic("pass", "pass", "pass", "pass")
    assert round_two.to_speak is N
    assert not round_two.is_over
    assert reason(round_two, "choose spades") == "choose"
    assert reason(round_two, "choose clubs") == "choose"
    # The turned suit was refused by everyone in round one.
    assert reason(round_two, "choose hearts") == "turned-suit"
    assert reason(round_two, "take") == "not-this-round"
    done = round_two.push(Call.parse("choose spades"))
    assert contract(done) == Contract(N, Trump.SPADES, Level.TAKEN)


def test_classic_second_round_later_speaker() -> None:
    done = classic("pass", "pass", "pass", "pass", "pass", "pass", "choose diamonds")
    assert contract(done) == Contract(S, Trump.DIAMONDS, Level.TAKEN)


def test_classic_choose_a_mode_not_offered() -> None:
    suits_only = replace(MAISON, modes=(TrumpMode.SUIT,))
    round_two = auction(suits_only, W, "pass", "pass", "pass", "pass", turned="JH")
    assert reason(round_two, "choose none") == "mode-not-offered"
    assert reason(round_two, "choose all") == "mode-not-offered"
    assert reason(round_two, "choose clubs") == "choose"


def test_classic_eight_passes_redeal() -> None:
    seven = classic(*["pass"] * 7)
    assert not seven.is_over and seven.to_speak is W
    done = seven.push(Call.parse("pass"))
    assert done.is_over
    assert done.outcome == REDEAL
    assert reason(done, "choose spades") == "auction-over"


@pytest.mark.parametrize("call", ["80 hearts", "capot hearts", "coinche", "surcoinche"])
def test_classic_has_no_bidding(call: str) -> None:
    assert reason(classic(), call) == "no-bidding"
    assert reason(classic("pass", "pass", "pass", "pass"), call) == "no-bidding"
    with pytest.raises(IllegalCallError):
        classic(call)


@pytest.mark.parametrize("call", ["take", "choose spades"])
def test_bidding_has_no_turned_card(call: str) -> None:
    assert reason(auction(COINCHE, W), call) == "no-turned-card"
    assert reason(auction(CONTREE, W, "80 hearts"), call) == "no-turned-card"
