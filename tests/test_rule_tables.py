"""The no-trump and all-trumps columns of the card-value tables (show: mode-values).

Totals worked by hand from each rule set's values: no trump A 19 + 10 10 +
K 4 + Q 3 + J 2 = 38 a suit; all trumps J 14 + 9 9 + A 6 + 10 5 + K 3 +
Q 1 = 38 a suit under Maison (pagat.com), J 13 + 9 9 + A 6 + 10 5 + K 3 +
Q 2 = 38 under the FFB's coinche book (§11.3); four suits, 152.
"""

from __future__ import annotations

from functools import cache

from conftest import ROOT

from generator.content.files import InputFiles
from generator.content.rulesets import RuleSets
from generator.engine import RuleSet
from generator.site.rendering.figures import rule_tables


@cache
def ruleset(name: str) -> RuleSet:
    found = RuleSets(ROOT / "content" / "rulesets", InputFiles.of(ROOT)).find(name)
    assert found is not None
    return found


def test_maison_plays_both_modes_worth_152_each() -> None:
    tables = rule_tables(ruleset("maison"))
    assert (tables.no_trump_total, tables.all_trumps_total) == (152, 152)


def test_the_ffb_all_trumps_values_also_come_to_152() -> None:
    assert rule_tables(ruleset("coinche-official")).all_trumps_total == 152


def test_a_rule_set_playing_suits_only_has_neither_column() -> None:
    # classic-team.yaml: modes [suit]
    tables = rule_tables(ruleset("classic-team"))
    assert (tables.no_trump_total, tables.all_trumps_total) == (None, None)
