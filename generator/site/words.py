"""The words the pages build from engine values, in the page's language.

Each is one catalog message (see content/vocabulary.yaml), so a language
can inflect it as a whole; placeholders are filled here, with escaped
values, so that what a translation says stays text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from babel.lists import format_list
from markupsafe import Markup

from ..engine import (
    PLAIN_ORDER,
    TRUMP_ORDER,
    Call,
    CallKind,
    CallReason,
    Card,
    Coinche,
    Contract,
    Kind,
    Outcome,
    Rank,
    Reason,
    RuleSet,
    Seat,
    Side,
    TermKind,
    Trump,
)
from ..engine.contract import Level
from .figures import locked_features, rule_figures
from .i18n import Gettext
from .vocabulary import Vocabulary


@dataclass(frozen=True)
class Alt:
    """A picture's text alternative, and its language when that is not the page's."""

    text: str
    lang: str | None = None


@dataclass
class Words:
    """Names and phrases for engine values, in one language."""

    gettext: Gettext
    vocabulary: Vocabulary
    # The same words in English, for an alternative text the language cannot give whole.
    english: Words | None = None

    def alt(self, describe: Callable[[Words], str]) -> Alt:
        """A text alternative built by `describe`; in English, marked so, if any of it falls back.

        An attribute cannot hold a marked fallback, so a text alternative is
        in one language: the page's, or English with its `lang`.
        """
        before = self.gettext.fallbacks
        text = describe(self)
        if self.gettext.fallbacks == before or self.english is None:
            return Alt(text)
        return Alt(describe(self.english), self.english.gettext.language.tag)

    def word(self, context: str, key: str, *, mark: bool = True, **values: object) -> Markup:
        """The vocabulary's message for `key` in `context`, its placeholders filled."""
        message = self.gettext.pgettext(context, self.vocabulary.msgid(context, key), mark=mark)
        return message % values

    def text(self, markup: Markup) -> str:
        """A phrase as plain text, for alt and title attributes."""
        return markup.striptags()

    def seat(self, seat: Seat) -> Markup:
        return self.word("seat", seat.value)

    def hand(self, seat: Seat) -> Markup:
        return self.word("hand", seat.value)

    def winner(self, seat: Seat) -> Markup:
        return self.word("winner", seat.value)

    def card(self, card: Card) -> Markup:
        return self.word("card", card.code)

    def card_alt(self, card: Card) -> Alt:
        """The card's name as a picture's text alternative."""
        return self.alt(lambda words: words.text(words.word("card", card.code, mark=False)))

    def reason(self, reason: Reason) -> Markup:
        return self.word("reason", reason.value)

    def played(self, seat: Seat, card: Card) -> Markup:
        return self.word("played", seat.value, card=self.card(card))

    def plays(self, seat: Seat, card: Card) -> Markup:
        return self.word("plays", seat.value, card=self.card(card))

    def trump(self, trump: Trump) -> Markup:
        return self.word("trump", trump.value)

    def rank(self, rank: Rank) -> Markup:
        return self.word("rank", rank.value)

    def rank_letter(self, rank: Rank) -> Markup:
        return self.word("rank-letter", rank.value)

    def side(self, side: Side) -> Markup:
        """A partnership's name, or the seat of a player alone."""
        if len(side) == 1:
            return self.seat(next(iter(side)))
        return self.word("side", side.name)

    def wins_game(self, side: Side) -> Markup:
        return self.word("wins-game", side.name)

    def takes(self, seat: Seat) -> Markup:
        return self.word("takes", seat.value)

    def declaration(self, kind: Kind) -> Markup:
        return self.word("declaration", kind.value)

    def carre(self) -> Markup:
        return self.declaration(Kind.CARRE)

    def outcome(self, outcome: Outcome) -> Markup:
        return self.word("outcome", outcome.value)

    def points(self, points: int) -> Markup:
        """ "41 points", with the language's plural form and number format."""
        message = self.gettext.ngettext("%(num)s point", "%(num)s points", points)
        return message % {"num": self.gettext.number(points)}

    def cards_count(self, count: int) -> Markup:
        message = self.gettext.ngettext("%(num)s card", "%(num)s cards", count)
        return message % {"num": self.gettext.number(count)}

    def joined(self, words: Iterable[Markup]) -> Markup:
        """Symbols in a row ("jack, 9, ace"): a plain comma list, as rule books print them."""
        return Markup(", ").join(words)

    def listed(self, phrases: Sequence[Markup]) -> Markup:
        """Phrases in a sentence ("A, B and C"), with the language's CLDR list pattern.

        The phrases are escaped markup already; the pattern's own words are
        CLDR's, escaped too.
        """
        placeholders = [f"\x00{i}\x00" for i in range(len(phrases))]
        pattern = str(Markup.escape(format_list(placeholders, locale=self.gettext.language.locale)))
        for placeholder, phrase in zip(placeholders, phrases, strict=True):
            pattern = pattern.replace(placeholder, str(phrase))
        return Markup(pattern)

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
        return [self.word("locked", key) for key in locked_features(rules)]

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

    def call(self, call: Call) -> Markup:
        """A call as the auction table writes it: "Pass", "90 ♥", "Capot ♠"."""
        trump = self.word("bid-trump", call.trump.value) if call.trump is not None else Markup()
        points = self.gettext.number(call.points) if call.points is not None else ""
        return self.word("call", call.kind.value, points=points, trump=trump)

    def call_reason(self, reason: CallReason) -> Markup:
        return self.word("call-reason", reason.value)

    def contract_value(self, contract: Contract) -> Markup:
        """What was bid: "90 ♥", "Capot ♠", or the trump taken in classic Belote."""
        if contract.level is Level.TAKEN:
            return self.trump(contract.trump)
        kind = {Level.POINTS: CallKind.BID, Level.CAPOT: CallKind.CAPOT}.get(
            contract.level, CallKind.GENERALE
        )
        return self.call(Call(kind, contract.bid, contract.trump))

    def contract(self, contract: Contract) -> Markup:
        return self.word("contract", contract.taker.value, contract=self.contract_value(contract))

    def coinche(self, level: Coinche) -> Markup:
        return self.word("coinche", level.value)

    def coinche_heading(self, level: Coinche) -> Markup:
        return self.word("coinche-heading", level.value)

    def term(self, kind: TermKind) -> Markup:
        return self.word("term", kind.value)

    def mode_line(self, rules: RuleSet, trump: Trump) -> Markup:
        message = self.gettext.gettext(rules.mode_lines[trump.mode])
        return message % {"trump": self.trump(trump)}
