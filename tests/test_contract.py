"""Scoring a contract from the auction: FFB coinche 2015 (COINCHE) and FFB contrée 2016 (CONTREE).

Every expected value is worked out by hand from the rule books:

FFB, Règles officielles de la Belote Coinchée (2015), as transcribed in
vareversat/carg (assets/rules/coinche_belote_rules.md):

- §4.2 / §10.1: each side's total is its card points (dix de der included),
  its belote and its declarations.
- §10.1.1 made: the takers' total is at least the bid (a capot bid: all eight
  tricks) AND above the defence's. Takers score "leur total + le montant du
  contrat demandé (250 points pour un capot demandé)", the defence "leur
  total". A capot by the takers, bid or not, moves the defence's declarations
  to them. Coinché (surcoinché): takers "(160 points (ou 250 points si capot
  réalisé, même non demandé) + leurs annonces + leur belote + les annonces des
  défenseurs + le montant du contrat demandé) x 2 (resp. 4)"; the defence
  nothing but its belote ("imprenable").
- §10.1.2 failed, when "la défense obtient un total supérieur ou égal aux
  preneurs OU si les preneurs n'ont pas atteint leur contrat": takers nothing
  but their belote; the defence "160 points de chute + leurs annonces + leur
  belote + les annonces des preneurs + le montant du contrat demandé", doubled
  (quadrupled) when coinché (surcoinché).
- §9.2: a capot's cards are 252 (the dix de der is worth 100).
- §10.2: rounded to the nearest ten, "85 est arrondi à 90 tandis que 84 est
  arrondi à 80".
- §10.3: first to the target; "si une équipe est capot ou chute, et atteint
  les points fixés uniquement grâce aux points d'une belote, la partie n'est
  pas encore gagnée".

FFB, Règles officielles de la belote contrée (27/01/2016), §10.1 and the
score table of §10.2 (transcribed in Avo-k/colver,
docs/rules-survey/matrices/tableau-ffb-2016.md), "points faits + points
demandés":

- made when the takers reach the bid, "même si les défenseurs ont réalisé plus
  de points que les preneurs"; takers: points + contract + their belote;
  defence: points + its belote.
- failed: takers 0; defence 160 + contract + "belote preneurs ou défense".
- contré (surcontré): the winner 320 (640) + contract x 2 (x 4) + "belote
  preneurs ou défense", the other side 0.
- a capot bid: 500 made or failed (1000 contré, 2000 surcontré), plus belote.

Seats: North-South against East-West; north takes unless said otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest
from conftest import E, N, S, W, cards
from helpers.rules import COINCHE, CONTREE, MAISON

from generator.engine import (
    BeloteCannotFinish,
    Coinche,
    Contract,
    DealFacts,
    DealScore,
    Declaration,
    GameOverError,
    InvalidDealError,
    Level,
    Outcome,
    RuleSet,
    Seat,
    Side,
    Term,
    TermKind,
    Trump,
    find_declarations,
    score_deal,
    score_game,
)
from generator.engine.declarations import carre_of, sequence_of

NS = Side({N, S})
EW = Side({E, W})

NONE, COINCHED, SURCOINCHED = Coinche.NONE, Coinche.COINCHE, Coinche.SURCOINCHE


def bid(
    points: int, trump: Trump = Trump.HEARTS, coinche: Coinche = NONE, taker: Seat = N
) -> Contract:
    return Contract(taker, trump, Level.POINTS, points, coinche)


def capot_bid(trump: Trump = Trump.HEARTS, coinche: Coinche = NONE, taker: Seat = N) -> Contract:
    return Contract(taker, trump, Level.CAPOT, None, coinche)


def declaration(codes: str) -> Declaration:
    found = sequence_of(cards(codes)) or carre_of(cards(codes))
    assert found is not None, codes
    return found


def facts(
    contract: Contract,
    ns: int = 0,
    ew: int = 0,
    *,
    declarations: Mapping[Seat, Sequence[str]] | None = None,
    belotes: tuple[Seat, ...] = (),
    capot: Side | None = None,
    leader: Seat | None = None,
) -> DealFacts:
    return DealFacts(
        trump=contract.trump,
        taker=contract.taker,
        card_points={} if capot is not None else {NS: ns, EW: ew},
        declarations={
            seat: [declaration(codes) for codes in each]
            for seat, each in (declarations or {}).items()
        },
        belotes=belotes,
        capot=capot,
        leader=leader,
        contract=contract,
    )


def score(rules: RuleSet, contract: Contract, ns: int = 0, ew: int = 0, **more: Any) -> DealScore:
    return score_deal(rules, facts(contract, ns, ew, **more))


def marks(result: DealScore) -> tuple[int, int]:
    """(North-South, East-West)."""
    return result.scores[NS], result.scores[EW]


def kinds(terms: Sequence[Term]) -> dict[TermKind, int]:
    return {term.kind: term.points for term in terms}


# ---------------------------------------------------------------------------
# FFB coinche 2015: made


def test_coinche_made_takers_add_the_bid() -> None:
    # 90 hearts; 102 >= 90 and 102 > 60: made. Takers 102 + 90 = 192, rounded 190;
    # defence 60.
    result = score(COINCHE, bid(90), 102, 60)
    assert result.outcome is Outcome.MADE
    assert marks(result) == (190, 60)
    assert result.winner == NS
    assert result.contract == bid(90)
    assert kinds(result.sides[NS].terms) == {TermKind.CARDS: 102, TermKind.CONTRACT: 90}
    assert result.sides[NS].multiplier == 1


def test_coinche_made_with_belote_and_rounding() -> None:
    # 90 hearts; takers 85 + belote 20 = 105 against 77. Takers 105 + 90 = 195 -> 200,
    # defence 77 -> 80 (85 rounds up, 84 down).
    result = score(COINCHE, bid(90), 85, 77, belotes=(N,))
    assert result.outcome is Outcome.MADE
    assert marks(result) == (200, 80)


def test_coinche_rounding_84_goes_down() -> None:
    # 80 spades; 84 + 80 = 164 -> 160; defence 78 -> 80.
    assert marks(score(COINCHE, bid(80, Trump.SPADES), 84, 78)) == (160, 80)


def test_coinche_declarations_count_toward_the_bid() -> None:
    # §4.2: the points include the declarations. 90 hearts; takers 75 + south's tierce 20
    # = 95 >= 90, above 87. Takers 95 + 90 = 185 -> 190; defence 87 -> 90.
    result = score(COINCHE, bid(90), 75, 87, declarations={S: ["7C 8C 9C"]})
    assert result.outcome is Outcome.MADE
    assert marks(result) == (190, 90)


def test_coinche_belote_counts_toward_the_bid() -> None:
    # 100 spades; takers 82 + belote 20 = 102 >= 100, above 80. 102 + 100 = 202 -> 200.
    result = score(COINCHE, bid(100, Trump.SPADES), 82, 80, belotes=(S,))
    assert result.outcome is Outcome.MADE
    assert marks(result) == (200, 80)


def test_coinche_declarations_weighed_as_the_best_declaration() -> None:
    # §8.3: only the best declaration's side scores. 80 hearts; north's tierce loses to
    # east's cinquante. Takers 90 (no declaration) against 72 + 50 = 122: failed, the
    # defence 160 + 50 + 80 = 290.
    result = score(COINCHE, bid(80), 90, 72, declarations={N: ["7S 8S 9S"], E: ["7D 8D 9D 10D"]})
    assert result.outcome is Outcome.DEDANS
    assert marks(result) == (0, 290)


def test_coinche_a_card_counts_in_one_declaration_only() -> None:
    # §8: "une carte ne peut compter que pour une seule annonce à la fois". North holds the
    # four jacks and the queen and king of hearts: the carré of jacks (200), not the
    # tierce J-Q-K of hearts as well. 90 spades; takers 40 + 200 = 240 above 122: made,
    # 240 + 90 = 330 (350 if the tierce counted too); defence 122 -> 120.
    hand = cards("JS JH JD JC QH KH 7S 8S")
    declared = find_declarations(hand, COINCHE.declarations, Trump.SPADES)
    assert [d.kind.value for d in declared] == ["carre"]
    given = DealFacts(
        trump=Trump.SPADES,
        taker=N,
        card_points={NS: 40, EW: 122},
        declarations={N: declared},
        contract=bid(90, Trump.SPADES),
    )
    result = score_deal(COINCHE, given)
    assert result.outcome is Outcome.MADE
    assert marks(result) == (330, 120)


def test_coinche_sans_atout_carre_of_aces_is_200() -> None:
    # §11.2: in sans atout four aces are worth 200. 100 no trump; takers 60 + 200 = 260,
    # above 102: made, 60 + 200 + 100 = 360; defence 102 -> 100.
    result = score(COINCHE, bid(100, Trump.NONE), 60, 102, declarations={N: ["AS AH AD AC"]})
    assert result.outcome is Outcome.MADE
    assert dict(result.declaration_points) == {NS: 200, EW: 0}
    assert marks(result) == (360, 100)


def test_coinche_tout_atout_several_belotes() -> None:
    # §11.3: "Il peut y avoir jusqu'à 4 belotes". 120 all trumps; north holds two belotes,
    # south one: 70 + 60 = 130 >= 120, above 92. Takers 130 + 120 = 250; defence 92 -> 90.
    result = score(COINCHE, bid(120, Trump.ALL), 70, 92, belotes=(N, N, S))
    assert dict(result.belote_points) == {NS: 60, EW: 0}
    assert result.outcome is Outcome.MADE
    assert marks(result) == (250, 90)


# ---------------------------------------------------------------------------
# FFB coinche 2015: failed


def test_coinche_failed_defence_scores_160_its_declarations_and_the_bid() -> None:
    # 80 spades; takers 82 against the defence's 80 + tierce 20 = 100: failed. The
    # defence 160 + 20 + 80 = 260; the takers nothing.
    result = score(COINCHE, bid(80, Trump.SPADES), 82, 80, declarations={E: ["7H 8H 9H"]})
    assert result.outcome is Outcome.DEDANS
    assert marks(result) == (0, 260)
    assert result.winner == EW
    assert kinds(result.sides[EW].terms) == {
        TermKind.FAILED: 160,
        TermKind.DECLARATIONS: 20,
        TermKind.CONTRACT: 80,
    }


def test_coinche_a_tie_fails() -> None:
    # §10.1.2: "la défense obtient un total supérieur ou égal". 81-81 on a bid of 80:
    # the takers reach 80 but do not beat the defence. Defence 160 + 80 = 240.
    result = score(COINCHE, bid(80), 81, 81)
    assert result.outcome is Outcome.DEDANS
    assert marks(result) == (0, 240)
    assert result.held == 0


def test_coinche_rounding_never_makes_a_contract() -> None:
    # 89 on a bid of 90 (89 would round to 90): failed, the defence 160 + 90 = 250.
    result = score(COINCHE, bid(90), 89, 73)
    assert result.outcome is Outcome.DEDANS
    assert marks(result) == (0, 250)


def test_coinche_failed_takers_keep_their_belote() -> None:
    # §7: "La belote annoncée de manière conforme est imprenable". 100 diamonds; takers
    # 62 + 20 = 82: failed. Takers 20; defence 160 + 100 = 260.
    result = score(COINCHE, bid(100, Trump.DIAMONDS), 62, 100, belotes=(N,))
    assert result.outcome is Outcome.DEDANS
    assert marks(result) == (20, 260)


def test_coinche_failed_defence_adds_its_own_belote() -> None:
    # 80 hearts; 70 against 92 + 20: failed. Defence 160 + 20 + 80 = 260.
    result = score(COINCHE, bid(80), 70, 92, belotes=(E,))
    assert marks(result) == (0, 260)


def test_coinche_failed_defence_takes_the_takers_declarations() -> None:
    # A capot bid, every trick but one, south holding a cent: failed, and the takers' cent
    # changes hands. Defence 160 + 100 + 250 = 510.
    result = score(COINCHE, capot_bid(), 150, 12, declarations={S: ["7D 8D 9D 10D JD"]})
    assert result.outcome is Outcome.DEDANS
    assert marks(result) == (0, 510)


def test_coinche_failed_capot_bid() -> None:
    # A capot bid, every trick but one: failed. Defence 160 + 250 = 410.
    result = score(COINCHE, capot_bid(), 150, 12)
    assert result.outcome is Outcome.DEDANS
    assert marks(result) == (0, 410)


def test_coinche_defence_capot_on_a_bid() -> None:
    # 80 hearts, the defence takes every trick: failed, and §10.1.2 gives the defence its
    # "160 points de chute" + the bid, 240, whatever it took.
    result = score(COINCHE, bid(80), capot=EW)
    assert result.outcome is Outcome.DEDANS
    assert marks(result) == (0, 240)


# ---------------------------------------------------------------------------
# FFB coinche 2015: capot


def test_coinche_capot_bid_made() -> None:
    # 252 cards + 250 = 502 -> 500; the defence nothing.
    result = score(COINCHE, capot_bid(), capot=NS)
    assert result.outcome is Outcome.MADE
    assert marks(result) == (500, 0)
    assert dict(result.card_points) == {NS: 252, EW: 0}


def test_coinche_capot_not_bid_takes_the_defences_declarations() -> None:
    # 120 clubs, the takers take every trick; east's cinquante is the best declaration,
    # and the capot moves it to the takers: 252 + 50 + 120 = 422 -> 420; defence 0.
    result = score(COINCHE, bid(120, Trump.CLUBS), capot=NS, declarations={E: ["7D 8D 9D 10D"]})
    assert result.outcome is Outcome.MADE
    assert marks(result) == (420, 0)
    assert dict(result.declaration_points) == {NS: 50, EW: 0}


def test_coinche_capot_defence_keeps_its_belote() -> None:
    # The defence's belote is still its own: capot bid, 500 / 20.
    result = score(COINCHE, capot_bid(Trump.SPADES), capot=NS, belotes=(E,))
    assert marks(result) == (500, 20)


# ---------------------------------------------------------------------------
# FFB coinche 2015: coinché and surcoinché


def test_coinche_coinched_made() -> None:
    # 100 diamonds coinché; 110 + belote 20 = 130 >= 100, above 52: made. Takers
    # (160 + 20 + 100) x 2 = 560; the defence nothing.
    result = score(COINCHE, bid(100, Trump.DIAMONDS, COINCHED), 110, 52, belotes=(N,))
    assert result.outcome is Outcome.MADE
    assert marks(result) == (560, 0)
    takers = result.sides[NS]
    assert kinds(takers.terms) == {
        TermKind.COINCHED: 160,
        TermKind.CONTRACT: 100,
        TermKind.BELOTE: 20,
    }
    assert takers.multiplier == 2
    assert takers.outside == ()


def test_coinche_coinched_failed() -> None:
    # 100 diamonds coinché; 70 + belote 20 = 90 < 100: failed. Takers keep their belote,
    # 20; defence (160 + 100) x 2 = 520.
    result = score(COINCHE, bid(100, Trump.DIAMONDS, COINCHED), 70, 92, belotes=(N,))
    assert result.outcome is Outcome.DEDANS
    assert marks(result) == (20, 520)
    assert result.sides[EW].multiplier == 2


def test_coinche_surcoinched_failed() -> None:
    # 100 diamonds surcoinché; 70 < 100: defence (160 + 100) x 4 = 1040.
    result = score(COINCHE, bid(100, Trump.DIAMONDS, SURCOINCHED), 70, 92)
    assert marks(result) == (0, 1040)
    assert result.sides[EW].multiplier == 4


def test_coinche_surcoinched_made() -> None:
    # 90 spades surcoinché; 100 above 62: (160 + 90) x 4 = 1000.
    assert marks(score(COINCHE, bid(90, Trump.SPADES, SURCOINCHED), 100, 62)) == (1000, 0)


def test_coinche_coinched_made_defence_keeps_only_its_belote() -> None:
    # §10.1.1: the defence "ne marque rien, à l'exception éventuelle des 20 points de
    # belote". 100 hearts coinché; 120 above 42 + 20: takers (160 + 100) x 2 = 520.
    result = score(COINCHE, bid(100, Trump.HEARTS, COINCHED), 120, 42, belotes=(W,))
    assert marks(result) == (520, 20)


def test_coinche_coinched_declarations_all_go_to_the_winner() -> None:
    # Made: 90 hearts coinché, takers 100 + south's cent 100 above 62: (160 + 100 + 90)
    # x 2 = 700.
    cent = {S: ["7D 8D 9D 10D JD"]}
    made = score(COINCHE, bid(90, Trump.HEARTS, COINCHED), 100, 62, declarations=cent)
    assert marks(made) == (700, 0)
    # Failed: 80 hearts coinché, takers 60 (their tierce loses to east's cinquante)
    # against 102 + 50: (160 + 50 + 80) x 2 = 580.
    failed = score(
        COINCHE,
        bid(80, Trump.HEARTS, COINCHED),
        60,
        102,
        declarations={N: ["7S 8S 9S"], E: ["7D 8D 9D 10D"]},
    )
    assert marks(failed) == (0, 580)


def test_coinche_coinched_capot_bid_made() -> None:
    # (250 + 250) x 2 = 1000.
    assert marks(score(COINCHE, capot_bid(coinche=COINCHED), capot=NS)) == (1000, 0)


def test_coinche_coinched_with_a_capot_not_bid() -> None:
    # 110 coinché, the takers take every trick: the cards count 250 "même non demandé":
    # (250 + 110) x 2 = 720.
    assert marks(score(COINCHE, bid(110, coinche=COINCHED), capot=NS)) == (720, 0)


# ---------------------------------------------------------------------------
# FFB contrée 2016


def test_contree_made_at_the_bid_even_below_the_defence() -> None:
    # §10.1: made "même si les défenseurs ont réalisé plus de points". 80 hearts, takers
    # exactly 80 against 82: takers 80 + 80 = 160; defence 82 -> 80.
    result = score(CONTREE, bid(80), 80, 82)
    assert result.outcome is Outcome.MADE
    assert marks(result) == (160, 80)
    # FFB coinche asks for more than the defence too: there the same deal fails, 160 + 80.
    assert marks(score(COINCHE, bid(80), 80, 82)) == (0, 240)


def test_contree_made_each_side_keeps_its_belote() -> None:
    # 90 hearts; takers 100 >= 90: 100 + 90 = 190; defence 62 + its belote 20 = 82 -> 80.
    assert marks(score(CONTREE, bid(90), 100, 62, belotes=(E,))) == (190, 80)


def test_contree_belote_helps_the_takers_reach_the_bid() -> None:
    # 100 hearts; 82 + belote 20 = 102 >= 100: made, 82 + 100 + 20 = 202 -> 200.
    result = score(CONTREE, bid(100), 82, 80, belotes=(N,))
    assert result.outcome is Outcome.MADE
    assert marks(result) == (200, 80)


def test_contree_failed_the_takers_belote_goes_to_the_defence() -> None:
    # 100 hearts; 70 + 20 = 90 < 100: failed. Defence 160 + 100 + the takers' belote 20
    # = 280; takers 0.
    result = score(CONTREE, bid(100), 70, 92, belotes=(N,))
    assert result.outcome is Outcome.DEDANS
    assert marks(result) == (0, 280)


def test_contree_contred_made_belote_outside_the_multiplier() -> None:
    # 100 hearts contré; 110 + 20 >= 100: takers (160 + 100) x 2 = 520, + belote 20 = 540.
    result = score(CONTREE, bid(100, Trump.HEARTS, COINCHED), 110, 52, belotes=(N,))
    assert result.outcome is Outcome.MADE
    assert marks(result) == (540, 0)
    takers = result.sides[NS]
    assert kinds(takers.terms) == {TermKind.COINCHED: 160, TermKind.CONTRACT: 100}
    assert takers.multiplier == 2
    assert kinds(takers.outside) == {TermKind.BELOTE: 20}


def test_contree_contred_made_the_defence_scores_nothing() -> None:
    # The table: contré and made, the defence 0, the takers 320 + contract x 2 + "belote
    # preneurs ou défense". 100 hearts contré, the belote east's: 520 + 20 = 540 / 0.
    result = score(CONTREE, bid(100, Trump.HEARTS, COINCHED), 120, 42, belotes=(E,))
    assert marks(result) == (540, 0)


def test_contree_contred_failed() -> None:
    # 100 hearts contré; 50 + belote 20 = 70 < 100: defence (160 + 100) x 2 = 520, + the
    # takers' belote 20.
    result = score(CONTREE, bid(100, Trump.HEARTS, COINCHED), 50, 112, belotes=(N,))
    assert result.outcome is Outcome.DEDANS
    assert marks(result) == (0, 540)
    assert kinds(result.sides[EW].outside) == {TermKind.BELOTE: 20}


def test_contree_surcontred() -> None:
    # Made: (160 + 100) x 4 = 1040. Failed: the same to the defence.
    assert marks(score(CONTREE, bid(100, Trump.HEARTS, SURCOINCHED), 120, 42)) == (1040, 0)
    assert marks(score(CONTREE, bid(100, Trump.HEARTS, SURCOINCHED), 70, 92)) == (0, 1040)


def test_contree_contred_with_a_capot_not_bid() -> None:
    # The table has no 250 for an unbid capot: 320 + contract x 2, (160 + 110) x 2 = 540.
    assert marks(score(CONTREE, bid(110, coinche=COINCHED), capot=NS)) == (540, 0)


def test_contree_capot_bid_is_a_flat_500() -> None:
    # Made: 500 + the takers' belote; the defence 0 + its belote.
    made = score(CONTREE, capot_bid(), capot=NS, belotes=(N,))
    assert made.outcome is Outcome.MADE
    assert marks(made) == (520, 0)
    assert kinds(made.sides[NS].terms) == {TermKind.CAPOT_FLAT: 500}
    assert marks(score(CONTREE, capot_bid(), capot=NS, belotes=(E,))) == (500, 20)
    # Failed: 500 to the defence, with the takers' belote.
    failed = score(CONTREE, capot_bid(), 150, 12, belotes=(N,))
    assert failed.outcome is Outcome.DEDANS
    assert marks(failed) == (0, 520)


def test_contree_capot_bid_contred() -> None:
    # 1000 contré, 2000 surcontré, made or failed.
    assert marks(score(CONTREE, capot_bid(coinche=COINCHED), capot=NS)) == (1000, 0)
    assert marks(score(CONTREE, capot_bid(coinche=SURCOINCHED), capot=NS)) == (2000, 0)
    assert marks(score(CONTREE, capot_bid(coinche=COINCHED), 150, 12)) == (0, 1000)


def test_contree_east_west_take() -> None:
    # West takes 90 spades and makes 95 against 67: 95 + 90 = 185 -> 190; 67 -> 70.
    result = score(CONTREE, bid(90, Trump.SPADES, taker=W), 67, 95)
    assert result.taker == EW
    assert result.outcome is Outcome.MADE
    assert marks(result) == (70, 190)


# ---------------------------------------------------------------------------
# Facts that cannot be


def test_points_must_add_up_to_162() -> None:
    with pytest.raises(InvalidDealError):
        score(COINCHE, bid(80), 100, 60)
    with pytest.raises(InvalidDealError):
        score(CONTREE, bid(80), 100, 63)


def test_a_contract_only_where_there_is_bidding() -> None:
    with pytest.raises(InvalidDealError):
        score(MAISON, bid(80), 100, 62)


def test_bidding_needs_the_contract() -> None:
    for rules in (COINCHE, CONTREE):
        with pytest.raises(InvalidDealError):
            score_deal(rules, DealFacts(trump=Trump.HEARTS, taker=N, card_points={NS: 100, EW: 62}))


def test_the_contracts_taker_is_the_deals() -> None:
    given = replace(facts(bid(80), 100, 62), taker=E)
    with pytest.raises(InvalidDealError):
        score_deal(COINCHE, given)


# ---------------------------------------------------------------------------
# A game of coinche


def test_belote_alone_cannot_finish_a_failed_side() -> None:
    # §10.3 "Cas particulier": a side that fails and reaches the target only through its
    # belote has not won. Target 580: North-South make 100 diamonds coinché (560, as
    # above), then fail 80 hearts keeping their belote (20): 580, but only by the belote.
    # East-West have 0 + 160 + 80 = 240.
    assert COINCHE.scoring.belote_cannot_finish is BeloteCannotFinish.CAPOT_OR_FAILED
    first = score(COINCHE, bid(100, Trump.DIAMONDS, COINCHED), 110, 52, belotes=(N,))
    failed = score(COINCHE, bid(80), 62, 100, belotes=(N,))
    assert marks(first) == (560, 0) and marks(failed) == (20, 240)
    result = score_game(COINCHE, [first, failed], target=580)
    assert dict(result.totals) == {NS: 580, EW: 240}
    assert result.winner is None
    # Where the rule set has no such clause, 580 wins.
    plain = replace(
        COINCHE,
        scoring=replace(COINCHE.scoring, belote_cannot_finish=BeloteCannotFinish.NONE),
    )
    assert score_game(plain, [first, failed], target=580).winner == NS


def test_belote_alone_cannot_finish_a_capot_side() -> None:
    # North-South at 560, then East-West take 80 spades and make a capot: 252 + 80 = 332
    # -> 330; North-South's belote 20 brings them to 580 only through the belote.
    first = score(COINCHE, bid(100, Trump.DIAMONDS, COINCHED), 110, 52, belotes=(N,))
    capot = score(COINCHE, bid(80, Trump.SPADES, taker=E), capot=EW, belotes=(S,))
    assert marks(capot) == (20, 330)
    result = score_game(COINCHE, [first, capot], target=580)
    assert result.winner is None
    # A side that made its points otherwise wins: 560 + 20 of a made deal's own points.
    made = score(COINCHE, bid(80, Trump.SPADES, taker=E), 20, 142)
    assert marks(made) == (20, 220)
    assert score_game(COINCHE, [first, made], target=580).winner == NS


def test_contree_has_no_such_clause() -> None:
    # FFB contrée 2016 §10.4 has no clause on winning through belote alone. North-South
    # make 100 diamonds contré, (160 + 100) x 2 = 520; then East-West make a capot on
    # 80 spades, 252 + 80 = 332 -> 330, North-South keeping their belote, 20: 540.
    assert CONTREE.scoring.belote_cannot_finish is BeloteCannotFinish.NONE
    first = score(CONTREE, bid(100, Trump.DIAMONDS, COINCHED), 110, 52)
    capot = score(CONTREE, bid(80, Trump.SPADES, taker=E), capot=EW, belotes=(S,))
    assert marks(first) == (520, 0) and marks(capot) == (20, 330)
    assert score_game(CONTREE, [first, capot], target=540).winner == NS
    # The same two deals under FFB coinche's clause: 540 only through the belote.
    assert score_game(replace(CONTREE, scoring=COINCHE.scoring), [first, capot], 540).winner is None


def test_coinche_game_to_2000() -> None:
    # Two coinché capots made, 1000 each: North-South reach 2000 and win.
    capot = score(COINCHE, capot_bid(coinche=COINCHED), capot=NS)
    assert COINCHE.scoring.target == 2000
    assert score_game(COINCHE, [capot]).winner is None
    result = score_game(COINCHE, [capot, capot])
    assert result.winner == NS
    assert result.deals_played == 2


def test_no_deal_after_the_game_is_won() -> None:
    capot = score(COINCHE, capot_bid(coinche=COINCHED), capot=NS)
    with pytest.raises(GameOverError):
        score_game(COINCHE, [capot, capot, score(COINCHE, bid(80), 100, 62)])
