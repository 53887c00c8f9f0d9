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


def table_order(seats: Iterable[Seat], direction: Direction) -> tuple[Seat, ...]:
    """The occupied seats in the order play passes round the table."""
    occupied = set(seats)
    return tuple(seat for seat in direction.compass if seat in occupied)
