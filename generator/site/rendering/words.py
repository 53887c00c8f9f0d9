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

from ...engine import (
    PLAIN_ORDER,
    TRUMP_ORDER,
    Call,
    CallKind,
    CallReason,
    Card,
    Coinche,
    Contract,
    DoubleName,
    Kind,
    Outcome,
    Play,
    Rank,
    Reason,
    RuleSet,
    Seat,
    Side,
    Suit,
    TermKind,
    Trump,
    TrumpMode,
    winning_play,
)
from ...engine.contract import Level
from .figures import locked_features, rule_figures
from .i18n import Gettext
from .trust import helper
from .vocabulary import CONTRE_KEYS, CONTRE_REASONS, Vocabulary


@dataclass(frozen=True)
class Alt:
    """A picture's text alternative, and its language when that is not the page's."""

    text: str
    lang: str | None = None


def _double_key(key: str, rules: RuleSet | None) -> str:
    """A key naming the double (`coinche`, `surcoinche`…), as the rule set names it."""
    if rules is None or rules.bidding is None or rules.bidding.double_name is DoubleName.COINCHE:
        return key
    return CONTRE_KEYS.get(key, key)


@helper
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

    def card_in_text(self, card: Card) -> Markup:
        """The card's name inside a sentence ("the jack of hearts")."""
        return self.word("card-in-text", card.code)

    def card_object(self, card: Card) -> Markup:
        """The card's name as a verb's object ("plays the jack of hearts"), declined if need be."""
        return self.word("card-object", card.code)

    def reason(self, reason: Reason) -> Markup:
        return self.word("reason", reason.value)

    def suit(self, suit: Suit) -> Markup:
        return self.word("suit", suit.word)

    def carre_of(self, rank: Rank) -> Markup:
        """Four of a kind named whole: "four jacks"."""
        return self.word("carre", rank.value)

    def try_card(self, reason: Reason, trick: Sequence[Play], trump: Trump) -> Markup:
        """What a reader is told when he tries a card: allowed or not, and why."""
        led = self.suit(trick[0].card.suit) if trick else Markup()
        best = self.card_object(winning_play(trick, trump).card) if trick else Markup()
        return self.word("try", reason.value, led=led, best=best)

    def try_format(self, reason: Reason) -> Markup:
        """`try_card`'s message with its places kept (`%(led)s`, `%(best)s`), for the board's
        script to fill with the led suit and the best card of the reader's position."""
        return self.word("try", reason.value, led=Markup("%(led)s"), best=Markup("%(best)s"))

    def plays(self, seat: Seat, card: Card) -> Markup:
        return self.word("plays", seat.value, card=self.card_object(card))

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

    def takes(self, seat: Seat, trump: Trump) -> Markup:
        """Who took, and in which mode: a no-trump or all-trumps deal has no trump suit
        to take, so its taker is said to play the mode ("North takes and plays no trump.")."""
        if trump.suit is None:
            return self.word("takes-mode", seat.value, trump=self.trump(trump))
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

        Each phrase is escaped unless it is markup already (a template may hand
        in plain text); the pattern's own words are CLDR's, escaped too.
        """
        placeholders = [f"\x00{i}\x00" for i in range(len(phrases))]
        pattern = str(Markup.escape(format_list(placeholders, locale=self.gettext.language.locale)))
        for placeholder, phrase in zip(placeholders, phrases, strict=True):
            pattern = pattern.replace(placeholder, str(Markup.escape(phrase)))
        return Markup(pattern)

    def cards_listed(self, cards: Iterable[Card]) -> Markup:
        """Cards in a sentence: "the king of spades and the seven of spades"."""
        return self.listed([self.card_in_text(card) for card in cards])

    def reasons_listed(self, reasons: Iterable[Reason]) -> Markup:
        return self.listed([self.reason(reason) for reason in reasons])

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

    def call(self, call: Call, rules: RuleSet | None = None) -> Markup:
        """A call as the auction table writes it: "Pass", "90 ♥", "Capot ♠", "Contre"."""
        trump = Markup()
        if call.trump is not None:
            trump = self.word("bid-trump", call.trump.value)
            if call.trump.suit is not None:
                # Coloured as the suit is on the cards (site.css).
                trump = (
                    Markup('<span class="suit-%s">') % call.trump.suit.value
                    + trump
                    + Markup("</span>")
                )
        points = self.gettext.number(call.points) if call.points is not None else ""
        return self.word("call", _double_key(call.kind.value, rules), points=points, trump=trump)

    def call_reason(self, reason: CallReason, rules: RuleSet | None = None) -> Markup:
        """Why a call is allowed or not, in the rule book's own word for the double."""
        if _double_key("coinche", rules) == "contre" and reason in CONTRE_REASONS:
            return self.word("call-reason-contre", reason.value)
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

    def coinche(self, level: Coinche, rules: RuleSet) -> Markup:
        """ "Coinched: multiplied by 2.", in the rule book's own word for the double."""
        bidding = rules.bidding
        times = 1
        if bidding is not None and level is Coinche.COINCHE:
            times = bidding.coinche
        elif bidding is not None and level is Coinche.SURCOINCHE:
            times = bidding.surcoinche
        key = _double_key(level.value, rules)
        return self.word("coinche", key, times=self.gettext.number(times))

    def coinche_heading(self, level: Coinche, rules: RuleSet) -> Markup:
        if level is Coinche.NONE:
            return self.word("coinche-heading", level.value)  # "Plain" names no double
        return self.word("coinche-heading", _double_key(level.value, rules))

    def term(self, kind: TermKind, rules: RuleSet | None = None) -> Markup:
        return self.word("term", _double_key(kind.value, rules))

    def option_value(self, value: object) -> Markup:
        """A rule-set option's value as the comparison page writes it, read by its type."""
        if isinstance(value, bool) or value is None:
            raise TypeError("flags and unset options are worded by their own sentences")
        if isinstance(value, int):
            return Markup(self.gettext.number(value))
        if isinstance(value, Seat):
            return self.seat(value)
        if isinstance(value, TrumpMode):
            return self.word("mode", value.value)
        if isinstance(value, frozenset):
            return self.side(Side(value))
        if isinstance(value, tuple):
            return self.listed([self.option_value(item) for item in value])
        if isinstance(value, Mapping):
            scoring = sorted(value.items(), key=lambda item: (-item[1], str(item[0])))
            return self.joined(
                Markup("%s %s") % (self._table_key(key), self.gettext.number(points))
                for key, points in scoring
                if points
            )
        raise TypeError(f"no wording for an option of type {type(value).__name__}")

    def _table_key(self, key: object) -> Markup:
        # Tables are keyed by rank (card values, carrés) or, for sequences,
        # by the sequence's length, which the declaration's name says.
        if isinstance(key, Rank):
            return self.rank_letter(key)
        if isinstance(key, int):
            return self.declaration(Kind.of_length(key))
        raise TypeError(f"no wording for a table key of type {type(key).__name__}")

    def rule_sets(self, rules: Iterable[RuleSet]) -> Markup:
        """Rule sets named together: "Coinche, official rules · Contrée". Their names hold
        commas, so a sentence's "a, b and c" would not show where one ends."""
        names = [
            Markup('<span class="rule-name">') + self.gettext.gettext(one.name) + Markup("</span>")
            for one in rules
        ]
        return Markup(" · ").join(names)

    def mode_line(self, rules: RuleSet, trump: Trump) -> Markup:
        message = self.gettext.gettext(rules.mode_lines[trump.mode])
        return message % {"trump": self.trump(trump)}
