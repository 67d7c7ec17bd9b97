"""How a cyclist moves on the Tour de France (MB) course, square by square: straight ahead or
diagonally forward (the race goes to higher columns), never back or sideways, onto a free road
square, and never diagonally between two cyclists whose squares touch at a corner.

The rulebook's movement diagrams (figures.py) draw what these functions say, on the real course.
"""

from __future__ import annotations

from typing import Literal

from pnp.model.boards import BoardSide

Square = tuple[int, int]
"""(column, lane) of a square of the course."""
Refusal = Literal["free", "taken", "squeeze", "off", "back", "side"]

FORWARD = 1
"""The way the race goes: column + 1 (column 1 is the start)."""


def ahead(at: Square) -> list[Square]:
    """The three squares a step can reach from ``at``: diagonally up, straight, diagonally down."""
    column, lane = at
    return [(column + FORWARD, lane + d) for d in (-1, 0, 1)]


def step_refusal(side: BoardSide, at: Square, to: Square, taken: set[Square]) -> Refusal:
    """Why a cyclist on ``at`` may not step onto ``to`` ("free" when it may), ``taken`` being the
    squares of the other cyclists."""
    (c, lane), (tc, tl) = at, to
    if tc - c != FORWARD:
        return "side" if tc == c else "back"
    if abs(tl - lane) > 1:
        return "back"
    if not side.is_road(tc, tl):
        return "off"
    if to in taken:
        return "taken"
    if tl != lane and (tc, lane) in taken and (c, tl) in taken:
        return "squeeze"
    return "free"


def steps(side: BoardSide, at: Square, taken: set[Square]) -> list[Square]:
    """The squares a cyclist on ``at`` may step onto, top lane first."""
    return [to for to in ahead(at) if step_refusal(side, at, to, taken) == "free"]


def reach(side: BoardSide, at: Square, squares: int, taken: set[Square]) -> set[Square]:
    """Where a cyclist on ``at`` may stop after exactly ``squares`` steps (the others stay put)."""
    here = {at}
    for _ in range(squares):
        here = {to for sq in here for to in steps(side, sq, taken)}
    return here
