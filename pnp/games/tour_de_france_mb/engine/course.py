"""How far a cyclist can go, on bit masks: the movement rules of moves.py (straight ahead or
diagonally forward onto a free road square, never between two cyclists touching at a corner)
computed a whole column at a time.

A column's mask has bit ``i`` set for lane ``i + 1``; ``occ[c]`` is the mask of the squares of
column ``c`` that hold a cyclist, ``road[c]`` the squares a cyclist may stand on (the whole road,
a team's corridor, or nothing past the finish for a team held back by a red card).
tests/test_tour_de_france_mb_engine.py plays moves.reach against ``reach`` square by square.
"""

from __future__ import annotations


def step(frontier: int, here: int, ahead: int, free: int) -> int:
    """The squares of the next column reachable in one step from ``frontier`` (a mask of this column):
    ``here`` and ``ahead`` are the taken squares of this column and the next, ``free`` the next
    column's free road squares. A diagonal step is refused when the square straight ahead and the
    square beside, on the side it goes, are both taken."""
    down = ((frontier & ~(ahead & (here >> 1))) << 1) & free
    up = ((frontier & ~(ahead & (here << 1))) >> 1) & free
    return (frontier & free) | down | up


def advance(occ: list[int], road, column: int, lane_bit: int, squares: int, finish: int) -> tuple[int, int]:
    """(steps, end mask): how far a cyclist on ``column`` (its lane's bit ``lane_bit``) gets with
    ``squares`` steps, as far as the road lets it, and the squares of the column it ends in where it
    may stop. The finish column (``finish``) ends the move: reaching it is finishing."""
    frontier = lane_bit
    c = column
    stop = min(column + squares, finish)
    here = occ[c]
    while c < stop:
        ahead = occ[c + 1]
        free = road[c + 1] & ~ahead
        if not free:
            break
        # step(), inlined: this loop runs for every cyclist that moves
        nxt = (frontier & free) | (((frontier & ~(ahead & (here >> 1))) << 1) & free) \
            | (((frontier & ~(ahead & (here << 1))) >> 1) & free)
        if not nxt:
            break
        frontier = nxt
        here = ahead
        c += 1
    return c - column, frontier


def lanes_of(mask: int) -> list[int]:
    """The bits of ``mask``, lowest lane first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def lane_number(bit: int) -> int:
    """The lane (from 1) of a one-bit mask."""
    return bit.bit_length()
