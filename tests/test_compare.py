"""The rule-set comparison: every option of the schema a row, each value as the rule books set it.

The values checked here are the rule books', written out by hand
(rules-reference.md): Maison and FFB classic require undertrumping,
the FFB's coinche does not; the FFB plays anticlockwise.
"""

from __future__ import annotations

from functools import cache

from helpers.project import ROOT

from generator.content.rulesets import option_paths
from generator.site.pages.compare import Comparison
from generator.site.pipeline.build import Project, Renderer, load_inputs


@cache
def comparison() -> Comparison:
    inputs = load_inputs(Project(ROOT))
    (page,) = [page for page in inputs.pages if page.kind.name == "compare"]
    assert isinstance(page.content, Comparison)
    return page.content


def test_every_option_of_the_schema_is_a_row_once() -> None:
    found = comparison()
    paths = [option.path for option in found.options]
    assert paths == [option.path for option in option_paths()]
    assert sorted(found.differing + found.agreed) == list(range(len(paths)))


def test_every_rule_set_is_a_column() -> None:
    found = comparison()
    ids = {column.rules.id for column in found.columns}
    assert ids == {path.stem for path in (ROOT / "content" / "rulesets").glob("*.yaml")}


def sentence(option_path: str, ruleset_id: str) -> str:
    found = comparison()
    row = [option.path for option in found.options].index(option_path)
    (column,) = [column for column in found.columns if column.rules.id == ruleset_id]
    return column.cells[row].sentence


def test_undertrumping_as_the_books_have_it() -> None:
    assert sentence("must_undertrump", "maison") == "You must still play a lower trump."
    assert sentence("must_undertrump", "ffb-classic") == "You must still play a lower trump."
    assert (
        sentence("must_undertrump", "coinche-official") == "Any card; a lower trump is your choice."
    )


def test_the_ffb_classic_direction_and_where_it_comes_from() -> None:
    found = comparison()
    row = [option.path for option in found.options].index("direction")
    by_id = {column.rules.id: column for column in found.columns}
    assert by_id["ffb-classic"].cells[row].sentence.startswith("Anticlockwise")
    assert by_id["ffb-classic"].cells[row].origin.id == "ffb-classic"
    # Classic team Belote takes its direction from Maison, whose source says it.
    assert by_id["classic-team"].cells[row].origin.id == "maison"
    assert "direction" in [found.options[i].path for i in found.differing]


def test_a_group_a_rule_set_lacks_says_so() -> None:
    assert sentence("bidding.floor", "maison") == "No auction of bids."


# A table's options over a book (issue: "six of the twelve rule sets are table-option
# variants a learner does not need"): on the comparison page, not beside each example.
TABLE_OPTIONS = {
    "coinche-pagat",
    "coinche-table",
    "contree-points-faits",
    "maison-belote-lost",
    "maison-table",
    "maison-tie-made",
}


def test_the_examples_name_the_books_and_the_house_rules_only() -> None:
    inputs = load_inputs(Project(ROOT))
    flagged = {rules.id for rules in inputs.rulesets.all() if rules.table_options}
    assert flagged == TABLE_OPTIONS
    others = {rules.id for rules in Renderer(inputs).other_rules}
    assert others == {rules.id for rules in inputs.rulesets.all()} - TABLE_OPTIONS
