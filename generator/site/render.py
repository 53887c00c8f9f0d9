"""The Jinja2 environment and the words the templates build from engine values."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from ..content.rulesets import RuleSets
from ..engine import Card, Reason, RuleSet, Seat, Trump
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

    def plays(self, seat: Seat, card: Card) -> Markup:
        return self._word("plays", seat.value) % {"card": self.card(card)}

    def trump(self, trump: Trump) -> Markup:
        return self._word("trump", trump.value)

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
    return env


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
