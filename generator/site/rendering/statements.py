"""What each page states about its rule set's options, for `verify.coverage`.

A page states an option value where a `choose:` block picks the paragraph
for it, and where a text quotes one of the rule set's figures
(`%(belote)s`). Blocks a page does not show for its rule set state nothing.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ...content.errors import ContentError, Problems
from ...content.rulesets import written, yaml_path
from ...engine import RuleSet
from ...verify import Checked
from ...verify.coverage import Coverage, Stated, coverage, demonstrates
from ..page import Page
from .blocks import Choose, Guarded
from .figures import figure_options
from .memo import per_value

_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@dataclass(frozen=True)
class Statement:
    stated: Stated
    page: Page
    line: int | None  # of the block in the page's file, where known


def statements(pages: tuple[Page, ...]) -> Iterator[Statement]:
    for page in pages:
        if page.rules is not None:
            for path, line in _stated_paths(page.content, page.rules):
                yield Statement(Stated(path, page.rules), page, line or None)


@per_value
def _stated_paths(content: object, rules: RuleSet) -> tuple[tuple[str, int], ...]:
    """Each option path the content states, with the line of its first claim. Looked for
    once per content and rule set: `serve --watch` keeps an unchanged page file's pages,
    and after an edit of one file searches the others' again only through this."""
    first: dict[str, int] = {}
    for paths, line in _claims(content, rules, 0):
        for path in paths:
            first.setdefault(path, line)
    return tuple(first.items())


def _claims(value: Any, rules: RuleSet, line: int) -> Iterator[tuple[tuple[str, ...], int]]:
    """Each claim the value makes (a `choose:` block's option, a placeholder's options),
    with the line of the block making it."""
    if isinstance(value, (Checked, RuleSet)):
        return  # an example's own facts are the engine's, not a statement
    if isinstance(value, Guarded):
        if not value.shown(rules):
            return
        line = value.line or line
    if isinstance(value, Choose):
        path = yaml_path(value.option)
        if path is not None:
            yield (path,), line
        yield from _claims(value.pick(rules), rules, line)
    elif isinstance(value, str):
        for name in _PLACEHOLDER.findall(value):
            paths = figure_options(name)
            if paths:
                yield paths, line
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _claims(item, rules, line)
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _claims(item, rules, line)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _claims(getattr(value, f.name), rules, line)


def covered(
    pages: tuple[Page, ...],
    checked: tuple[Checked, ...],
    demonstrated: Callable[[Checked, str], bool] = demonstrates,
) -> Coverage:
    """Every stated value with the example that shows it at work; a value no example
    on the site shows stops the build, at the page that states it.

    The search runs the engine again for candidate scenarios under changed values;
    `demonstrated` is the build's way of asking it (`coverage.demonstrates`, whose
    answers the build keeps per scenario file).
    """
    shown = {example.id for page in pages for example in page.examples}
    said = list(statements(pages))
    found = coverage([each.stated for each in said], checked, shown, demonstrated)
    problems = []
    for each in said:
        path, rules = each.stated.path, each.stated.rules
        witness = found.example(path, rules)
        if witness is not None and witness.id in shown:
            continue
        value = f"{path}: {written(each.stated.value)} (rule set {rules.id})"
        if witness is None:
            why = "but no checked scenario under a rule set with that value depends on it"
        else:
            why = f"which scenario {witness.id} shows at work, but no page shows that example"
        problems.append(
            ContentError(each.page.source, each.line, f"the page states {value}, {why}")
        )
    if problems:
        raise Problems(problems)
    return found


def block_witnesses(block: object, rules: RuleSet, found: Coverage) -> list[str]:
    """The ids of the examples showing at work what one block states, in order: one per
    claim (a figure resting on several options, `%(total)s`, is shown by one example)."""
    ids: list[str] = []
    for paths, _line in _claims(block, rules, 0):
        witnesses = [found.example(path, rules) for path in paths]
        shown = [one.id for one in witnesses if one is not None]
        if shown and not any(one in ids for one in shown):
            ids.append(shown[0])
    return ids
