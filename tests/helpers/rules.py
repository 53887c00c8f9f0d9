"""Rule sets for the engine tests, built in Python from the rule books' figures.

Engine tests never read `content/`: editing the site's content must not
change what the engine is tested against. Every figure here is written out
by hand from the source named beside it (rules-reference.md, the FFB books
as transcribed in vareversat/carg and surveyed in Avo-k/colver, seed 004).
"""

from __future__ import annotations

from dataclasses import replace

from generator.engine import (
    AfterCoinche,
    BeloteCannotFinish,
    BeloteOnFailure,
    BiddingRules,
    BothOverTarget,
    CardValues,
    Comparison,
    ContractRules,
    DeclarationRules,
    Direction,
    ExactTie,
    FailedScore,
    MadeScore,
    MadeWhen,
    Multiplies,
    Rank,
    Rounding,
    RuleSet,
    ScoringRules,
    Seat,
    Tie,
    TrumpMode,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
R = {rank.value: rank for rank in Rank}


def ranks(table: dict[str, int]) -> dict[Rank, int]:
    return {R[code]: points for code, points in table.items()}


# rules-reference.md, "Card orders and values".
TRUMP_VALUES = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
NO_TRUMP_VALUES = {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
ALL_TRUMPS_PAGAT = {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0}
ALL_TRUMPS_FFB2015 = {"J": 13, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 2, "8": 0, "7": 0}
# Declarations: tierce 20, cinquante 50, cent 100; carrés of jacks 200, nines 150, others 100.
SEQUENCES = {3: 20, 4: 50, 5: 100}
CARRES = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100, "8": 0, "7": 0}
# FFB coinche 2015 §11.2: in sans atout, four aces 200 and four tens 150.
CARRES_NO_TRUMP = {"A": 200, "10": 150, "K": 100, "Q": 100, "J": 100, "9": 100, "8": 0, "7": 0}


def values(all_trumps: dict[str, int] = ALL_TRUMPS_PAGAT) -> CardValues:
    return CardValues(
        trump=ranks(TRUMP_VALUES),
        plain=ranks(PLAIN_VALUES),
        no_trump=ranks(NO_TRUMP_VALUES),
        all_trumps=ranks(all_trumps),
    )


# The app's house rules (seed pages 000, 002 and 004).
MAISON = RuleSet(
    id="maison",
    name="Maison",
    seats=(N, E, S, W),
    direction=Direction.CLOCKWISE,
    partnerships=(frozenset({N, S}), frozenset({E, W})),
    hand_size=8,
    modes=(TrumpMode.SUIT, TrumpMode.NO_TRUMP, TrumpMode.ALL_TRUMPS),
    beat_partner_on_trump_lead=True,
    beat_partner_in_all_trumps=True,
    partner_winning_frees=True,
    must_undertrump=True,
    values=values(),
    last_trick_bonus=10,
    declarations=DeclarationRules(
        enabled=True,
        sequences=SEQUENCES,
        carres=ranks(CARRES),
        comparison=Comparison.SEQUENCES_AND_CARRES_APART,
        exact_tie=ExactTie.FIRST_ANNOUNCED,
        belote_points=20,
    ),
    scoring=ScoringRules(
        capot_points=252,
        belote_on_failure=BeloteOnFailure.KEPT,
        tie=Tie.LITIGE,
        rounding=Rounding.NONE,
        target=1000,
        both_over_target=BothOverTarget.HIGHER_TOTAL,
        belote_cannot_finish=BeloteCannotFinish.NONE,
        short_target=500,
    ),
)

# FFB coinche 2015 (played clockwise, as in the app).
COINCHE = replace(
    MAISON,
    id="coinche-official",
    name="Coinche, official rules",
    must_undertrump=False,
    values=values(ALL_TRUMPS_FFB2015),
    declarations=DeclarationRules(
        enabled=True,
        sequences=SEQUENCES,
        carres=ranks(CARRES),
        comparison=Comparison.BEST_DECLARATION,
        exact_tie=ExactTie.NOBODY,
        belote_points=20,
        carres_no_trump=ranks(CARRES_NO_TRUMP),
        belote_in_all_trumps=True,
        shared_cards=False,
    ),
    scoring=ScoringRules(
        capot_points=252,
        belote_on_failure=BeloteOnFailure.KEPT,
        tie=Tie.FAILED,
        rounding=Rounding.TENS,
        target=2000,
        both_over_target=BothOverTarget.HIGHER_TOTAL,
        belote_cannot_finish=BeloteCannotFinish.CAPOT_OR_FAILED,
    ),
    bidding=BiddingRules(
        floor=80,
        step=10,
        coinche=2,
        surcoinche=4,
        after_coinche=AfterCoinche.EVERYONE,
        capot=250,
    ),
    contract=ContractRules(
        made_when=MadeWhen.BID_AND_MORE,
        counts_belote=True,
        counts_declarations=True,
        made=MadeScore.POINTS_AND_BID,
        failed=FailedScore.POINTS_AND_BID,
        failed_points=160,
        multiplies=Multiplies.WHOLE,
        coinche_points=160,
        coinche_capot_points=250,
        belote_multiplied=True,
        capot_takes_declarations=True,
    ),
)

# FFB contrée 2016: no declarations, bids 80 to 160, the contred side alone
# speaks after a contre, the bid alone makes the contract, the belote of a
# failed taker goes to the defence, a capot bid is a flat 500.
assert COINCHE.bidding is not None and COINCHE.contract is not None
CONTREE = replace(
    COINCHE,
    id="contree",
    name="Contrée",
    declarations=replace(COINCHE.declarations, enabled=False),
    bidding=replace(COINCHE.bidding, ceiling=160, after_coinche=AfterCoinche.COINCHED_SIDE),
    contract=replace(
        COINCHE.contract,
        made_when=MadeWhen.BID,
        counts_declarations=False,
        belote_multiplied=False,
        coinche_capot_points=160,
        capot_flat=500,
    ),
    scoring=replace(
        COINCHE.scoring,
        belote_on_failure=BeloteOnFailure.TAKEN,
        belote_cannot_finish=BeloteCannotFinish.NONE,
    ),
)


def three_players(base: RuleSet = MAISON) -> RuleSet:
    """Three players, each for himself: north, east and west, ten cards each."""
    return replace(base, id="three-players", seats=(N, E, W), partnerships=(), hand_size=10)


def anticlockwise(base: RuleSet = MAISON) -> RuleSet:
    """The FFB's anticlockwise play."""
    return replace(base, id=f"{base.id}-anticlockwise", direction=Direction.ANTICLOCKWISE)
