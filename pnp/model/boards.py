"""Boards: sides made of spaces in lanes, lines across the road, zones of terrain."""

from __future__ import annotations

from typing import Literal

from pnp.model.base import Frozen


class Space(Frozen):
    """One square of a board, at (column, lane): column counts along the road, lane across it."""

    column: int
    lane: int
    kind: str = "road"
    terrain: str = ""
    label: str = ""


class Line(Frozen):
    """A line across the road, drawn before ``column`` (start, finish, 300 m, sprint, summit...)."""

    id: str
    kind: str
    column: int
    label: str = ""


class Zone(Frozen):
    """A stretch of terrain from column ``start`` to ``end`` inclusive."""

    terrain: str
    start: int
    end: int


class BoardSide(Frozen):
    """One side of a board."""

    id: str
    name: str
    columns: int
    lanes: int
    square_mm: float = 30.0
    adjacency: Literal["orth4", "orth8", "forward-diagonal", "lanes"] = "orth4"
    spaces: tuple[Space, ...] = ()
    lines: tuple[Line, ...] = ()
    zones: tuple[Zone, ...] = ()


class Board(Frozen):
    """A board with one or more sides."""

    id: str
    name: str
    sides: tuple[BoardSide, ...]
