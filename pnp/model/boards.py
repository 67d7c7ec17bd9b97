"""Boards: sides made of square spaces in lanes, lines across the road, areas beside it.

A side is a grid of ``columns`` x ``lanes`` squares. Column 1 is where the road starts (drawn at
the left), and every later column is one square further along the road, so the squares of one
column are all at the same distance from a line across the road. Lane 1 is the top lane.

What each square is comes from, in order: an explicit space of kind "road" or "off"; else the
side's ``map`` (one text row per lane, one character per column: "." road, "#" off the road);
else road. Other spaces (a numbered "peloton" start square, a bonus square...) are marks on a
square: the square keeps its terrain, so a check can tell a start square put off the road.
Areas (token piles, title, legend) are rectangles in mm on the board, beside the grid.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from pnp.model import limits
from pnp.model.base import Frozen

ROAD = "road"
OFF = "off"
TERRAIN_KINDS = (ROAD, OFF)
"""Space kinds that say what a square is; any other kind is a mark on the square."""
MAP_KEYS = {".": ROAD, "#": OFF}
"""Characters of a side's ``map``."""
LAYOUT_OPTIONS: dict[str, dict[str, str | tuple[str, ...]]] = {
    "circuit": {"section_squares": "count"},
    "roundabout": {"lane_mm": "mm", "short_lane": ("inner", "outer")},
}
"""The options (a board's ``options:``) each layout needs, by layout: "count" a whole number of at
least 1, "mm" a length above 0, a tuple the words it may be."""


class Space(Frozen):
    """One square of a board, at (column, lane), or a mark on it.

    ``kind`` "road" or "off" sets the square's terrain; any other kind ("peloton", ...) marks a
    square whose terrain comes from the map. ``number`` orders marks such as start squares.
    """

    column: int = Field(ge=1)
    lane: int = Field(ge=1)
    kind: str = ROAD
    number: int | None = None
    terrain: str = ""
    label: str = ""


class Line(Frozen):
    """A line across the road, drawn before ``column`` (start, finish, 300 m, sprint, summit...).

    A rider on a square of column ``column`` or later has crossed it.
    """

    id: str
    kind: str
    column: int = Field(ge=1)
    label: str = ""
    """A short mark for games whose templates give no text for this kind of line."""


class Zone(Frozen):
    """A stretch of terrain from column ``start`` to ``end`` inclusive."""

    terrain: str
    start: int
    end: int


class Area(Frozen):
    """A rectangle of the board beside or after the road: token piles, title, legend...

    In mm from the board's top-left corner (not in squares: areas sit on the verge, off the grid).
    """

    id: str
    kind: str
    x: float = Field(ge=0, le=limits.BOARD_MM)
    y: float = Field(ge=0, le=limits.BOARD_MM)
    w: float = Field(gt=0, le=limits.BOARD_MM)
    h: float = Field(gt=0, le=limits.BOARD_MM)
    holds: tuple[str, ...] = ()
    """Ids of the components kept here (e.g. the token piles)."""

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)


def _file_id(value: str) -> str:
    """An id that becomes part of a file name (board-<side>.pdf): safe in every file system."""
    from pnp.load.paths import id_problem

    problem = id_problem(value)
    if problem:
        raise ValueError(problem)
    return value


class BoardSide(Frozen):
    """One side of a board."""

    id: str
    name: str
    columns: int = Field(ge=1, le=limits.COLUMNS)
    lanes: int = Field(ge=1, le=limits.LANES)
    square_mm: float = Field(30.0, gt=0, le=limits.SQUARE_MM)
    adjacency: Literal["orth4", "orth8", "forward-diagonal", "lanes"] = "orth4"
    origin_mm: tuple[float, float] = (0.0, 0.0)
    """Where the top-left corner of the grid lies on the board (mm from its top-left corner)."""
    map: tuple[str, ...] = ()
    spaces: tuple[Space, ...] = ()
    lines: tuple[Line, ...] = ()
    zones: tuple[Zone, ...] = ()
    areas: tuple[Area, ...] = ()

    _safe_id = field_validator("id")(_file_id)

    @model_validator(mode="after")
    def _shape(self) -> "BoardSide":
        if self.map:
            if len(self.map) != self.lanes:
                raise ValueError(f"side '{self.id}': the map has {len(self.map)} rows for {self.lanes} lanes")
            for lane, row in enumerate(self.map, 1):
                if len(row) != self.columns:
                    raise ValueError(f"side '{self.id}': map row {lane} has {len(row)} squares "
                                     f"for {self.columns} columns")
                wrong = sorted(set(row) - MAP_KEYS.keys())
                if wrong:
                    raise ValueError(f"side '{self.id}': map row {lane} uses {', '.join(map(repr, wrong))}; "
                                     "use '.' for road and '#' for off the road")
        for s in self.spaces:
            if s.column > self.columns or s.lane > self.lanes:
                raise ValueError(f"side '{self.id}': the space at column {s.column}, lane {s.lane} is outside "
                                 f"the {self.columns} x {self.lanes} grid")
        for line in self.lines:
            if line.column > self.columns + 1:
                raise ValueError(f"side '{self.id}': line '{line.id}' is drawn before column {line.column}, "
                                 f"past the last column {self.columns}")
        for zone in self.zones:
            if not 1 <= zone.start <= zone.end <= self.columns:
                raise ValueError(f"side '{self.id}': the {zone.terrain} zone from column {zone.start} to {zone.end} "
                                 f"is not within columns 1 to {self.columns}")
        far_x, far_y = self.x_mm(self.columns + 1), self.y_mm(self.lanes + 1)
        if max(abs(far_x), abs(far_y), *map(abs, self.origin_mm)) > limits.BOARD_MM:
            raise ValueError(f"side '{self.id}': its grid reaches {far_x:g} x {far_y:g} mm; pnp draws boards of at "
                             f"most {limits.BOARD_MM:g} mm a side (check origin_mm, columns and square_mm)")
        return self

    # --- what the squares are

    def terrain(self, column: int, lane: int) -> str:
        """"road" or "off" for a square of the grid, "off" outside it."""
        if not (1 <= column <= self.columns and 1 <= lane <= self.lanes):
            return OFF
        for s in self.spaces:
            if s.column == column and s.lane == lane and s.kind in TERRAIN_KINDS:
                return s.kind
        if self.map:
            return MAP_KEYS[self.map[lane - 1][column - 1]]
        return ROAD

    def is_road(self, column: int, lane: int) -> bool:
        return self.terrain(column, lane) == ROAD

    def squares(self) -> Iterator[tuple[int, int]]:
        """Every (column, lane) of the grid, column by column."""
        for column in range(1, self.columns + 1):
            for lane in range(1, self.lanes + 1):
                yield column, lane

    def road(self) -> list[tuple[int, int]]:
        """The road squares, column by column."""
        return [sq for sq in self.squares() if self.is_road(*sq)]

    def road_lanes(self, column: int) -> list[int]:
        """The lanes that are road in ``column``, top first."""
        return [lane for lane in range(1, self.lanes + 1) if self.is_road(column, lane)]

    def marks(self, kind: str) -> list[Space]:
        """Spaces of ``kind`` (e.g. "peloton"), in the order of their numbers, then of the data."""
        found = [s for s in self.spaces if s.kind == kind]
        return sorted(found, key=lambda s: (s.number is None, s.number or 0))

    def lines_of(self, kind: str) -> list[Line]:
        return [line for line in self.lines if line.kind == kind]

    def line(self, kind: str) -> Line | None:
        """The first line of ``kind``, or None."""
        return next(iter(self.lines_of(kind)), None)

    def areas_of(self, kind: str) -> list[Area]:
        return [a for a in self.areas if a.kind == kind]

    # --- where things are on the board, in mm

    def x_mm(self, column: float) -> float:
        """The left edge of ``column`` (1-based, fractions allowed) on the board."""
        return self.origin_mm[0] + (column - 1) * self.square_mm

    def y_mm(self, lane: float) -> float:
        """The top edge of ``lane`` (1-based, fractions allowed) on the board."""
        return self.origin_mm[1] + (lane - 1) * self.square_mm

    def square_box(self, column: int, lane: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a square on the board, in mm."""
        return self.x_mm(column), self.y_mm(lane), self.square_mm, self.square_mm

    def extent_mm(self) -> tuple[float, float]:
        """Width and height from the board's corner to the far edges of the grid and the areas."""
        right = [self.x_mm(self.columns + 1)] + [a.x + a.w for a in self.areas]
        bottom = [self.y_mm(self.lanes + 1)] + [a.y + a.h for a in self.areas]
        return max(right), max(bottom)


class Board(Frozen):
    """A board with one or more sides (a double-sided board has two, on one sheet)."""

    id: str
    name: str
    layout: str = "road-grid"
    """How the board is drawn: a module of pnp/layout/boards (road-grid: pnp/layout/board.py)."""
    decorations: str | None = None
    """What the game draws over the layout: the template boards/NAME.svg.j2 of its templates
    (pnp.layout.boards.decorations)."""
    options: dict[str, float | int | str] = Field({}, validate_default=True)
    """What the layout needs beyond the grid, named by the layout (LAYOUT_OPTIONS): circuit
    ``section_squares``, roundabout ``lane_mm``, ``short_lane``."""
    width_mm: float | None = Field(None, gt=0, le=limits.BOARD_MM)
    height_mm: float | None = Field(None, gt=0, le=limits.BOARD_MM)
    """The finished board; every side is drawn on this sheet. Without it, each side's extent."""
    sides: tuple[BoardSide, ...]

    @field_validator("options", mode="after")
    @classmethod
    def _options(cls, options: dict[str, float | int | str], info: ValidationInfo) -> dict[str, float | int | str]:
        """The options the board's layout needs are given, each of its kind (LAYOUT_OPTIONS)."""
        layout = info.data.get("layout")
        wanted = LAYOUT_OPTIONS.get(layout or "")
        if wanted is None:
            return options
        board = f"board '{info.data.get('id', '?')}'"
        for name, kind in wanted.items():
            value = options.get(name)
            if isinstance(kind, tuple):
                ok, what = value in kind, " or ".join(repr(k) for k in kind)
            elif kind == "count":
                ok, what = isinstance(value, int) and not isinstance(value, bool) and value >= 1, \
                    "a whole number of at least 1"
            else:
                ok, what = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value < math.inf, \
                    "a length in mm above 0"
            if value is None:
                raise ValueError(f"{board}: the {layout} layout needs the option {name} ({what}); "
                                 f"add 'options: {{{name}: ...}}' to the board")
            if not ok:
                raise ValueError(f"{board}: option {name} is {value!r}; the {layout} layout needs {what}")
        unknown = sorted(set(options) - set(wanted))
        if unknown:
            raise ValueError(f"{board}: the {layout} layout has no option {', '.join(unknown)} "
                             f"(its options: {', '.join(wanted)})")
        return options

    _safe_id = field_validator("id")(_file_id)

    @model_validator(mode="after")
    def _unique_sides(self) -> "Board":
        seen: set[str] = set()
        for side in self.sides:
            if side.id in seen:
                raise ValueError(f"board '{self.id}': the side id '{side.id}' is used twice")
            seen.add(side.id)
        return self

    @model_validator(mode="after")
    def _on_the_board(self) -> "Board":
        """Every area lies on the sheet and the sheet is at most limits.BOARD_MM a side."""
        for side in self.sides:
            w, h = self.size_mm(side)
            if max(w, h) > limits.BOARD_MM:
                raise ValueError(f"board '{self.id}' side '{side.id}' is {w:g} x {h:g} mm: pnp draws boards of at "
                                 f"most {limits.BOARD_MM:g} mm a side (check origin_mm, columns and square_mm)")
            for area in side.areas:
                if area.x + area.w > w + 0.01 or area.y + area.h > h + 0.01:
                    raise ValueError(f"board '{self.id}' side '{side.id}': area '{area.id}' ({area.x:g}, {area.y:g}, "
                                     f"{area.w:g} x {area.h:g} mm) runs off the {w:g} x {h:g} mm board")
        return self

    def size_mm(self, side: BoardSide) -> tuple[float, float]:
        """The sheet that ``side`` is drawn on: the board's size, else the side's extent."""
        w, h = side.extent_mm()
        return (self.width_mm or w), (self.height_mm or h)

    def side(self, side_id: str) -> BoardSide:
        return next(s for s in self.sides if s.id == side_id)
