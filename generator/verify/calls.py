"""Reading an auction's calls, each checked in turn: for `auction` and `whole-deal` scenarios."""

from __future__ import annotations

from collections.abc import Mapping

from ..content import fields
from ..content.errors import excerpt
from ..content.nodes import Source
from ..content.scenarios import Entry
from ..engine import Auction, Call, Card, IllegalCallError


def turned_card(entry: Entry, given: Mapping[str, Source], what: str) -> Card | None:
    """The card turned for trump: required where trump is taken from it, refused where
    the players bid."""
    rules = entry.rules
    if "turned" in given:
        if rules.bidding is not None:
            raise given["turned"].error(f"rule set {rules.id} bids: no card is turned for trump")
        return fields.card(given["turned"])
    if rules.bidding is None:
        raise entry.source.error(
            f"rule set {rules.id} takes the turned card: the {what} needs `turned`"
        )
    return None


def read_call(source: Source) -> Call:
    text = source.value()
    try:
        return Call.parse(str(text))
    except IllegalCallError as error:
        raise source.error(f"{excerpt(text)}: {error}") from None


def read_calls(source: Source, auction: Auction) -> Auction:
    """`auction` after the calls of `source` (a list of `{seat, call}`), each at its turn.

    A call out of turn, after the end, or not allowed is refused at its line,
    with the engine's reason.
    """
    rules = auction.rules
    for item in source.items("calls"):
        both = frozenset({"seat", "call"})
        call_fields = item.fields("a call", both, both)
        seat = fields.seat(call_fields["seat"], rules)
        expected = auction.to_speak
        if expected is None:
            raise item.error("the auction is already over: no call comes after its end")
        if seat is not expected:
            raise call_fields["seat"].error(
                f"{seat.value} does not speak now: {expected.value} does "
                f"(calls go {rules.direction.value}, from the dealer's next)"
            )
        call = read_call(call_fields["call"])
        verdict = auction.verdict(call)
        if not verdict.allowed:
            raise call_fields["call"].error(
                f"{seat.value} cannot call {call} here ({verdict.reason.value})"
            )
        auction = auction.push(call)
    return auction
