"""The Jinja2 environment and the words the templates build from engine values."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.lists import format_list
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from ..content.fields import side_name
from ..content.rulesets import RuleSets
from ..engine import (
    PLAIN_ORDER,
    TRUMP_ORDER,
    Card,
    Kind,
    Outcome,
    Rank,
    Reason,
    RuleSet,
    Seat,
    Trump,
)
from .figures import locked_features, rule_figures
from .i18n import Gettext
from .vocabulary import Vocabulary


@dataclass
class Words:
    """Names and phrases for engine values, in the page's language.

    Each is one catalog message (see content/vocabulary.yaml), so a language
    can inflect it as a whole.
    """

    gettext: Gettext
    vocabulary: Vocabulary
    rulesets: RuleSets

    def _word(self, context: str, key: str, *, mark: bool = True) -> Markup:
        return Markup(
            self.gettext.pgettext(context, self.vocabulary.msgid(context, key), mark=mark)
        )

    def seat(self, seat: Seat) -> Markup:
        return self._word("seat", seat.value)

    def hand(self, seat: Seat) -> Markup:
        return self._word("hand", seat.value)

    def winner(self, seat: Seat) -> Markup:
        return self._word("winner", seat.value)

    def card(self, card: Card) -> Markup:
        return self._word("card", card.code)

    def card_text(self, card: Card) -> str:
        """The card's name as plain text, for alt and title attributes."""
        return str(self._word("card", card.code, mark=False))

    def reason(self, reason: Reason) -> Markup:
        return self._word("reason", reason.value)

    def played(self, seat: Seat, card: Card) -> Markup:
        return self._word("played", seat.value) % {"card": self.card(card)}

    def plays(self, seat: Seat, card: Card) -> Markup:
        return self._word("plays", seat.value) % {"card": self.card(card)}

    def trump(self, trump: Trump) -> Markup:
        return self._word("trump", trump.value)

    def rank(self, rank: Rank) -> Markup:
        return self._word("rank", rank.value)

    def rank_letter(self, rank: Rank) -> Markup:
        return self._word("rank-letter", rank.value)

    def side(self, side: frozenset[Seat], rules: RuleSet) -> Markup:
        return self._word("side", side_name(side, rules))

    def wins_game(self, side: frozenset[Seat], rules: RuleSet) -> Markup:
        return self._word("wins-game", side_name(side, rules))

    def takes(self, seat: Seat) -> Markup:
        return self._word("takes", seat.value)

    def declaration(self, kind: Kind) -> Markup:
        return self._word("declaration", kind.value)

    def carre(self) -> Markup:
        return self.declaration(Kind.CARRE)

    def outcome(self, outcome: Outcome) -> Markup:
        return self._word("outcome", outcome.value)

    def points(self, points: int) -> Markup:
        """ "41 points", with the language's plural form and number format."""
        text = self.gettext.ngettext("%(num)s point", "%(num)s points", points)
        return Markup(text) % {"num": self.gettext.number(points)}

    def cards_count(self, count: int) -> Markup:
        text = self.gettext.ngettext("%(num)s card", "%(num)s cards", count)
        return Markup(text) % {"num": self.gettext.number(count)}

    def joined(self, words: Iterable[Markup]) -> Markup:
        """Symbols in a row ("jack, 9, ace"): a plain comma list, as rule books print them."""
        return Markup(", ").join(words)

    def listed(self, phrases: Sequence[str]) -> Markup:
        """Phrases in a sentence ("A, B and C"), with the language's CLDR list pattern."""
        return Markup(format_list([str(p) for p in phrases], locale=self.gettext.language.locale))

    def rank_order(self, order: Iterable[Rank]) -> Markup:
        return self.joined(self.rank(rank) for rank in order)

    def value_list(self, table: Mapping[Rank, int], order: Iterable[Rank]) -> Markup:
        """ "J=20, 9=14, A=11": the ranks that score, strongest first."""
        return self.joined(
            Markup("%s=%s") % (self.rank_letter(rank), self.gettext.number(table[rank]))
            for rank in order
            if table[rank]
        )

    def locked(self, rules: RuleSet) -> list[Markup]:
        """The features this rule set switches off, as the vocabulary names them."""
        return [self._word("locked", key) for key in locked_features(rules)]

    def figures(self, rules: RuleSet, **extra: object) -> dict[str, Markup]:
        """The rule set's figures for `%(name)s` placeholders: a number, and `name_points`."""
        found: dict[str, Markup] = {}
        for name, figure in rule_figures(rules).items():
            found[name] = Markup(self.gettext.number(figure))
            found[f"{name}_points"] = self.points(figure)
        found["trump_order"] = self.rank_order(reversed(TRUMP_ORDER))
        found["plain_order"] = self.rank_order(reversed(PLAIN_ORDER))
        found["trump_values"] = self.value_list(rules.values.trump, reversed(TRUMP_ORDER))
        found["plain_values"] = self.value_list(rules.values.plain, reversed(PLAIN_ORDER))
        for name, value in extra.items():
            found[name] = value if isinstance(value, Markup) else Markup.escape(value)
        return found

    def mode_line(self, rules: RuleSet, trump: Trump) -> Markup:
        message = self.rulesets.mode_line(rules, trump.mode)
        return Markup(self.gettext.gettext(message)) % {"trump": self.trump(trump)}


def environment(templates: Path) -> Environment:
    env = Environment(
        loader=FileSystemLoader(templates),
        extensions=["jinja2.ext.i18n"],
        autoescape=select_autoescape(["html", "xml"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.policies["ext.i18n.trimmed"] = True
    env.filters["sentence"] = sentence
    return env


def sentence(text: str) -> Markup:
    """Capitalise a sentence that begins with a lower-case phrase (tags left alone)."""
    html = str(text)
    index = 0
    while index < len(html):
        if html[index] == "<":
            index = html.find(">", index) + 1 or len(html)
        elif html[index].isalpha():
            return Markup(html[:index] + html[index].upper() + html[index + 1 :])
        else:
            index += 1
    return Markup(html)


def install(env: Environment, gettext: Gettext) -> None:
    """Point the i18n extension at this language."""
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext.gettext,
        gettext.ngettext,
        newstyle=True,
        pgettext=gettext.pgettext,
        npgettext=gettext.npgettext,
    )
    env.globals["number"] = gettext.number
