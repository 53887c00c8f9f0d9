"""Seats around the table and the direction of play."""

from __future__ import annotations

import enum
from collections.abc import Iterable


class Seat(enum.Enum):
    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"


class Direction(enum.Enum):
    """Which way play passes; the seed pages play clockwise, the FFB anticlockwise."""

    CLOCKWISE = "clockwise"
    ANTICLOCKWISE = "anticlockwise"

    @property
    def compass(self) -> tuple[Seat, ...]:
        if self is Direction.CLOCKWISE:
            return (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
        return (Seat.NORTH, Seat.WEST, Seat.SOUTH, Seat.EAST)


class Side(frozenset[Seat]):
    """The seats that score together: a partnership, or one player alone."""

    @property
    def name(self) -> str:
        """`north-south`, `east-west`, or a seat's name when each plays for himself.

        Named in compass order whatever the direction of play.
        """
        return "-".join(seat.value for seat in Seat if seat in self)

    def __repr__(self) -> str:
        return f"Side({self.name})"


def table_order(seats: Iterable[Seat], direction: Direction) -> tuple[Seat, ...]:
    """The occupied seats in the order play passes round the table."""
    occupied = set(seats)
    return tuple(seat for seat in direction.compass if seat in occupied)
