"""The numbers a rules page quotes, computed from the rule set rather than typed."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import (
    PLAIN_ORDER,
    TRUMP_ORDER,
    Kind,
    Rank,
    RuleSet,
    Trump,
    TrumpMode,
)
from ...verify.claims import placeholder_figures
from .memo import per_value
from .tables import contract_table

# The options each figure states (YAML paths): a page quoting `%(belote)s` states
# the rule set's belote value, and `check` wants a scenario showing it at work.
# `_points` forms state the same. The deck, the hands and tricks, the table's
# seats (every figure is drawn with them: no one example shows them at work
# more than another) and what is derived from several options at once
# (`half`) state nothing of their own.
FIGURE_OPTIONS: dict[str, tuple[str, ...]] = {
    "cards": ("values.trump", "values.plain"),
    "bonus": ("last_trick_bonus",),
    "total": ("values.trump", "values.plain", "last_trick_bonus"),
    "capot": ("scoring.capot",),
    "capot_last_trick": ("scoring.capot",),
    "aces_no_trump": ("declarations.carres_no_trump",),
    "tens_no_trump": ("declarations.carres_no_trump",),
    "target": ("scoring.target",),
    "short_target": ("scoring.short_target",),
    "belote": ("declarations.belote",),
    "floor": ("bidding.floor",),
    "step": ("bidding.step",),
    "coinche": ("bidding.coinche",),
    "surcoinche": ("bidding.surcoinche",),
    "ceiling": ("bidding.ceiling",),
    "capot_bid": ("bidding.capot",),
    "capot_made": ("bidding.capot",),
    "generale": ("bidding.generale",),
    "failed_points": ("contract.failed_points",),
    "coinche_points": ("contract.coinche_points",),
    "coinche_capot_points": ("contract.coinche_capot_points",),
    "trump_values": ("values.trump",),
    "plain_values": ("values.plain",),
}


def figure_options(name: str) -> tuple[str, ...]:
    """The options a `%(name)s` placeholder states (none for one it does not know)."""
    return FIGURE_OPTIONS.get(name) or FIGURE_OPTIONS.get(name.removesuffix("_points"), ())


@per_value
def rule_figures(rules: RuleSet) -> dict[str, int]:
    """Figures by placeholder name: `%(total)s` in a page text is 162 with the usual values."""
    figures = placeholder_figures(rules)
    if rules.bidding is not None and rules.contract is not None and rules.bidding.capot is not None:
        # What a capot bid and made scores, plain, as the engine reckons it.
        figures["capot_made"] = contract_table(rules).rows[-1].cells[0][0]
    return figures


def locked_features(rules: RuleSet) -> list[str]:
    """What a rule set switches off, as keys of the vocabulary's `locked` group."""
    locked = []
    if not rules.declarations.enabled:
        locked.append("declarations")
    if rules.bidding is None:
        locked.append("coinche")
    no_trump = TrumpMode.NO_TRUMP not in rules.modes
    all_trumps = TrumpMode.ALL_TRUMPS not in rules.modes
    if no_trump and all_trumps:
        locked.append("no-trump-and-all-trumps")
    elif no_trump:
        locked.append("no-trump")
    elif all_trumps:
        locked.append("all-trumps")
    return locked


@dataclass(frozen=True)
class RuleTables:
    """The rows of the tables a rules page draws from the rule set's data."""

    # (trump rank, other-suit rank), strongest first
    value_rows: tuple[tuple[Rank, Rank], ...]
    trump_total: int
    plain_total: int
    cards: int
    # (kind, cards in sequence, points, "or more") and (carré rank, points), best first
    sequence_rows: tuple[tuple[Kind, int, int, bool], ...]
    carre_rows: tuple[tuple[Rank, int], ...]
    # All four suits' points under no trump and all trumps, where the rule set plays them;
    # none where it does not, so the table leaves that column out.
    no_trump_total: int | None
    all_trumps_total: int | None


@per_value
def rule_tables(rules: RuleSet) -> RuleTables:
    values = rules.values
    declarations = rules.declarations
    return RuleTables(
        value_rows=tuple(zip(reversed(TRUMP_ORDER), reversed(PLAIN_ORDER), strict=True)),
        trump_total=sum(values.trump.values()),
        plain_total=sum(values.plain.values()),
        cards=rules.card_points(Trump.HEARTS),
        sequence_rows=tuple(
            (Kind.of_length(length), length, declarations.sequences[length], length == 5)
            for length in sorted(declarations.sequences)
        ),
        carre_rows=tuple(
            sorted(
                ((rank, points) for rank, points in declarations.carres.items() if points),
                key=lambda row: (-row[1], -TRUMP_ORDER.index(row[0])),
            )
        ),
        no_trump_total=rules.card_points(Trump.NONE) if rules.offers(Trump.NONE) else None,
        all_trumps_total=rules.card_points(Trump.ALL) if rules.offers(Trump.ALL) else None,
    )
