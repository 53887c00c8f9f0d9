"""The auction: each player's call in turn, until a contract or a redeal.

Two auctions, as the rule set says:

- bidding (Coinche, Contrée): pass, a bid of points and a trump, capot,
  générale where offered, coinche against an opponent's bid, surcoinche
  by the coinched side. A bid or coinche followed by the passes of everyone
  who may still speak ends it; a surcoinche ends it at once; four passes
  and nobody bid: the cards are dealt again.
- the turned card (classic Belote): in the first round each may take the
  turned card's suit; in the second, name another trump; two rounds of
  passes: the cards are dealt again.

Like a chess position's legal moves, every call the player to speak could
make gets a verdict with a stable reason code.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from .cards import Card
from .contract import Coinche, Contract, Level
from .errors import IllegalCallError
from .rules import AfterCoinche, DoubleName, RuleSet
from .seats import Seat
from .trump import Trump


class CallKind(enum.Enum):
    PASS = "pass"
    BID = "bid"  # `80 hearts`
    CAPOT = "capot"  # `capot hearts`
    GENERALE = "generale"  # `generale hearts`
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"
    TAKE = "take"  # classic, first round: the turned card's suit
    CHOOSE = "choose"  # classic, second round: `choose spades`


_CALL = re.compile(
    r"(?P<kind>pass|coinche|surcoinche|take)"
    r"|(?P<points>\d{1,5}) (?P<trump>\w+)"
    r"|(?P<level>capot|generale|choose) (?P<named>\w+)"
)


@dataclass(frozen=True)
class Call:
    kind: CallKind
    points: int | None = None
    trump: Trump | None = None

    @staticmethod
    def parse(text: str) -> Call:
        """A call as written in scenarios: `pass`, `90 hearts`, `capot none`, `coinche`, ...

        Raises IllegalCallError for text that is no call.
        """
        match = _CALL.fullmatch(" ".join(str(text).lower().split()))
        if match is None:
            raise IllegalCallError(
                "a call is pass, <points> <trump>, capot <trump>, generale <trump>, "
                "coinche, surcoinche, take or choose <trump>"
            )
        if match["kind"]:
            return Call(CallKind(match["kind"]))
        name = match["trump"] or match["named"]
        try:
            trump = Trump(name)
        except ValueError:
            known = " | ".join(t.value for t in Trump)
            raise IllegalCallError(f"unknown trump {name!r} in a call ({known})") from None
        if match["points"]:
            return Call(CallKind.BID, int(match["points"]), trump)
        return Call(CallKind(match["level"]), None, trump)

    @property
    def code(self) -> str:
        """The call as scenarios write it (the inverse of `parse`)."""
        if self.kind is CallKind.BID:
            assert self.trump is not None
            return f"{self.points} {self.trump.value}"
        if self.trump is not None:
            return f"{self.kind.value} {self.trump.value}"
        return str(self.kind.value)

    def __str__(self) -> str:
        return self.code

    def named(self, rules: RuleSet) -> str:
        """The call as the rule book says it: the FFB's contrée doubles with a contre."""
        bidding = rules.bidding
        if bidding is not None and bidding.double_name is DoubleName.CONTRE:
            said = {CallKind.COINCHE: "contre", CallKind.SURCOINCHE: "surcontre"}
            if self.kind in said:
                return said[self.kind]
        return self.code

    @property
    def is_bid(self) -> bool:
        return self.kind in (CallKind.BID, CallKind.CAPOT, CallKind.GENERALE)


class CallReason(enum.Enum):
    """Why a call is allowed or refused; stable codes that pages explain."""

    # Allowed.
    PASS = "pass"
    BID = "bid"  # above the last bid
    OPENING = "opening"  # the auction's first bid: nothing to be above
    CAPOT = "capot"
    GENERALE = "generale"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"
    TAKE = "take"
    CHOOSE = "choose"
    # Refused.
    AUCTION_OVER = "auction-over"
    NOT_HIGHER = "not-higher"  # not above the last bid (nothing is above a capot)
    BELOW_FLOOR = "below-floor"
    OFF_STEP = "off-step"  # not the floor plus a whole number of steps
    ABOVE_CEILING = "above-ceiling"
    MODE_NOT_OFFERED = "mode-not-offered"
    CAPOT_NOT_OFFERED = "capot-not-offered"
    GENERALE_NOT_OFFERED = "generale-not-offered"
    CONTRACT_FROZEN = "contract-frozen"  # a bid after a coinche
    NOTHING_TO_COINCHE = "nothing-to-coinche"
    COINCHE_OWN_SIDE = "coinche-own-side"  # coinching one's partner (or oneself)
    ALREADY_COINCHED = "already-coinched"
    SURCOINCHE_WITHOUT_COINCHE = "surcoinche-without-coinche"
    SURCOINCHE_BY_DEFENCE = "surcoinche-by-defence"  # the coinchers cannot surcoinche
    NO_BIDDING = "no-bidding"  # a bid or coinche where the turned card is taken
    NO_TURNED_CARD = "no-turned-card"  # taking or choosing where players bid
    NOT_THIS_ROUND = "not-this-round"  # take in round two, choose in round one
    TURNED_SUIT = "turned-suit"  # naming the refused turned suit in round two

    @property
    def allows(self) -> bool:
        return self in _ALLOWING


_ALLOWING = frozenset(
    {
        CallReason.PASS,
        CallReason.BID,
        CallReason.OPENING,
        CallReason.CAPOT,
        CallReason.GENERALE,
        CallReason.COINCHE,
        CallReason.SURCOINCHE,
        CallReason.TAKE,
        CallReason.CHOOSE,
    }
)


@dataclass(frozen=True)
class CallVerdict:
    call: Call
    reason: CallReason

    @property
    def allowed(self) -> bool:
        return self.reason.allows


REDEAL = "redeal"


@dataclass(frozen=True)
class Auction:
    """An auction so far: the dealer, the calls made in turn, and (classic) the turned card.

    Raises IllegalCallError when a call was not allowed at its turn.
    """

    rules: RuleSet
    dealer: Seat
    calls: tuple[Call, ...] = ()
    turned: Card | None = None
    # Who made each call, in order.
    speakers: tuple[Seat, ...] = field(init=False)
    _state: _State = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.dealer not in self.rules.order:
            raise IllegalCallError(f"{self.dealer.value} is not at the table")
        if self.rules.bidding is None and self.turned is None:
            raise IllegalCallError("classic Belote's auction needs the turned card")
        state = _State(first=self.rules.next_seat(self.dealer))
        speakers = []
        for call in self.calls:
            seat = state.to_speak(self.rules)
            if seat is None:
                raise IllegalCallError(f"the auction is over: {call} comes after its end")
            reason = state.judge(self.rules, self.turned, seat, call)
            if not reason.allows:
                raise IllegalCallError(f"{seat.value} cannot call {call} ({reason.value})")
            state.record(self.rules, self.turned, seat, call)
            speakers.append(seat)
        object.__setattr__(self, "speakers", tuple(speakers))
        object.__setattr__(self, "_state", state)

    @property
    def to_speak(self) -> Seat | None:
        """Who calls next; None once the auction is over."""
        return self._state.to_speak(self.rules)

    @property
    def is_over(self) -> bool:
        return self.to_speak is None

    @property
    def outcome(self) -> Contract | str | None:
        """The contract, REDEAL when nobody took, or None while calls are still to come."""
        return self._state.outcome

    def verdict(self, call: Call) -> CallVerdict:
        """Whether the player to speak may make `call` now, and why."""
        seat = self.to_speak
        if seat is None:
            return CallVerdict(call, CallReason.AUCTION_OVER)
        return CallVerdict(call, self._state.judge(self.rules, self.turned, seat, call))

    def push(self, call: Call) -> Auction:
        """The auction after `call`; IllegalCallError if it is not allowed."""
        return Auction(self.rules, self.dealer, (*self.calls, call), self.turned)


@dataclass
class _State:
    """The auction's position after each call, replayed from the start."""

    first: Seat
    last_speaker: Seat | None = None
    # The highest bid so far and who made it.
    bid: Call | None = None
    bidder: Seat | None = None
    coinche: Coinche = Coinche.NONE
    coincher: Seat | None = None
    passes: int = 0  # since the last bid or coinche (or since the start)
    calls: int = 0
    outcome: Contract | str | None = None

    def to_speak(self, rules: RuleSet) -> Seat | None:
        if self.outcome is not None:
            return None
        if self.last_speaker is None:
            return self.first
        seat = rules.next_seat(self.last_speaker)
        bidding = rules.bidding
        if (
            self.coinche is Coinche.COINCHE
            and bidding is not None
            and bidding.after_coinche is AfterCoinche.COINCHED_SIDE
            and self.coincher is not None
        ):
            # Only the coinched side speaks: the coincher's side is silent.
            while rules.side_of(seat) == rules.side_of(self.coincher):
                seat = rules.next_seat(seat)
        return seat

    def _speakers_left(self, rules: RuleSet) -> int:
        """How many passes in a row end the auction now."""
        bidding = rules.bidding
        if self.bid is None:
            return rules.players
        if (
            self.coinche is Coinche.COINCHE
            and bidding is not None
            and bidding.after_coinche is AfterCoinche.COINCHED_SIDE
            and self.bidder is not None
        ):
            return len(rules.side_of(self.bidder))
        return rules.players - 1

    def judge(self, rules: RuleSet, turned: Card | None, seat: Seat, call: Call) -> CallReason:
        if rules.bidding is None:
            return self._judge_classic(rules, turned, call)
        bidding = rules.bidding
        kind = call.kind
        if kind is CallKind.PASS:
            return CallReason.PASS
        if kind in (CallKind.TAKE, CallKind.CHOOSE):
            return CallReason.NO_TURNED_CARD
        if kind is CallKind.COINCHE:
            if self.bid is None or self.bidder is None:
                return CallReason.NOTHING_TO_COINCHE
            if self.coinche is not Coinche.NONE:
                return CallReason.ALREADY_COINCHED
            if rules.side_of(seat) == rules.side_of(self.bidder):
                return CallReason.COINCHE_OWN_SIDE
            return CallReason.COINCHE
        if kind is CallKind.SURCOINCHE:
            if self.coinche is not Coinche.COINCHE or self.coincher is None:
                return CallReason.SURCOINCHE_WITHOUT_COINCHE
            if rules.side_of(seat) == rules.side_of(self.coincher):
                return CallReason.SURCOINCHE_BY_DEFENCE
            return CallReason.SURCOINCHE
        # A bid of points, capot or générale.
        assert call.trump is not None
        if self.coinche is not Coinche.NONE:
            return CallReason.CONTRACT_FROZEN
        if not rules.offers(call.trump):
            return CallReason.MODE_NOT_OFFERED
        best = self.bid
        if kind is CallKind.GENERALE:
            if bidding.generale is None:
                return CallReason.GENERALE_NOT_OFFERED
            return CallReason.NOT_HIGHER if best and best.kind is kind else CallReason.GENERALE
        if kind is CallKind.CAPOT:
            if bidding.capot is None:
                return CallReason.CAPOT_NOT_OFFERED
            if best is not None and best.kind is not CallKind.BID:
                return CallReason.NOT_HIGHER
            return CallReason.CAPOT
        points = call.points or 0
        if points < bidding.floor:
            return CallReason.BELOW_FLOOR
        if (points - bidding.floor) % bidding.step:
            return CallReason.OFF_STEP
        if bidding.ceiling is not None and points > bidding.ceiling:
            return CallReason.ABOVE_CEILING
        if best is None:
            return CallReason.OPENING
        if best.kind is not CallKind.BID or (best.points or 0) >= points:
            return CallReason.NOT_HIGHER
        return CallReason.BID

    def _judge_classic(self, rules: RuleSet, turned: Card | None, call: Call) -> CallReason:
        assert turned is not None
        first_round = self.calls < rules.players
        if call.kind is CallKind.PASS:
            return CallReason.PASS
        if call.kind is CallKind.TAKE:
            return CallReason.TAKE if first_round else CallReason.NOT_THIS_ROUND
        if call.kind is CallKind.CHOOSE:
            assert call.trump is not None
            if first_round:
                return CallReason.NOT_THIS_ROUND
            if call.trump.suit is turned.suit:
                return CallReason.TURNED_SUIT
            if not rules.offers(call.trump):
                return CallReason.MODE_NOT_OFFERED
            return CallReason.CHOOSE
        return CallReason.NO_BIDDING

    def record(self, rules: RuleSet, turned: Card | None, seat: Seat, call: Call) -> None:
        self.last_speaker = seat
        self.calls += 1
        kind = call.kind
        if rules.bidding is None:
            if kind is CallKind.TAKE and turned is not None:
                self.outcome = Contract(seat, Trump.of_suit(turned.suit), Level.TAKEN)
            elif kind is CallKind.CHOOSE and call.trump is not None:
                self.outcome = Contract(seat, call.trump, Level.TAKEN)
            elif self.calls == 2 * rules.players:
                self.outcome = REDEAL
            return
        if call.is_bid:
            self.bid, self.bidder, self.passes = call, seat, 0
        elif kind is CallKind.COINCHE:
            self.coinche, self.coincher, self.passes = Coinche.COINCHE, seat, 0
        elif kind is CallKind.SURCOINCHE:
            self.coinche = Coinche.SURCOINCHE
            self.outcome = self._contract()
            return
        else:
            self.passes += 1
        if self.passes == self._speakers_left(rules):
            self.outcome = self._contract() if self.bid is not None else REDEAL

    def _contract(self) -> Contract:
        bid, bidder = self.bid, self.bidder
        assert bid is not None and bidder is not None and bid.trump is not None
        level = {
            CallKind.BID: Level.POINTS,
            CallKind.CAPOT: Level.CAPOT,
            CallKind.GENERALE: Level.GENERALE,
        }[bid.kind]
        return Contract(bidder, bid.trump, level, bid.points, self.coinche)
