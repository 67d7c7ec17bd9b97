"""Tour de France (MB) movement diagrams for its rulebook (``FIGURES``, found by pnp.layout.figures):

- ``moves``  (the source's schéma 1) a cyclist and the three squares it may step onto: straight
             ahead or diagonally forward; the squares behind and beside it are crossed out;
- ``block``  (schéma 2, the diagonal block) two cyclists touching at a corner in front of it: the
             cyclist may not slip diagonally between them, so that square is crossed out in red.

Both are drawn on a window of the real course (the board as the kit prints it: its squares, lanes,
corridors and marks), with the cyclists' jerseys; which squares are open or closed comes from the
movement rules (moves.py), not from a drawing. They carry no words: the rulebook's captions explain
them, so a translation never touches a figure. ``moves:C/L`` and ``block:C/L`` put the cyclist on
column C, lane L.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.games.tour_de_france_mb import checks as C
from pnp.games.tour_de_france_mb.moves import Square, ahead, step_refusal
from pnp.layout import board as board_art
from pnp.layout import jersey as jersey_art
from pnp.layout.rulebook_figures import Figures
from pnp.layout.scene import Circle, Group, Item, Line, Path, Rect, Scene, Style, Symbol, polygon, translate
from pnp.model.boards import BoardSide

OPEN = "#3FBF6A"
CLOSED = "#E04848"
GREY = "#C9CDD2"
MARGIN = 3.0
"""Board shown around the window of squares, in mm."""
DISPLAY_MM = 52.0
"""Width of a diagram on the rulebook page (a 3 x 3 window: squares of about 16 mm)."""
WINDOW = 3
"""Columns and lanes of the window: the cyclist's square in the middle."""


@dataclass(frozen=True)
class Cast:
    """Who stands where in a diagram: the moving cyclist, the others (square -> team) and the
    window of the course drawn (first column and lane)."""

    mover: Square
    mover_team: str
    others: dict
    first: Square


def _marked(side: BoardSide) -> set[Square]:
    """Squares that carry a start mark (band, time trial start) or touch a line across the road
    (green line, finish: drawn before its column): a diagram keeps clear of them."""
    lined = {(line.column + d, lane) for line in side.lines for d in (-1, 0) for lane in range(1, side.lanes + 1)}
    return {(s.column, s.lane) for s in side.spaces if s.kind != "risk"} | lined


def _clear_spot(side: BoardSide, skip: int = 0) -> Square:
    """The middle of a window of WINDOW x WINDOW road squares with no start mark or line in it and
    no red dot on the squares a diagram shades (the cyclist's column and the one ahead): the
    ``skip``-th of them, those with the fewest red dots first, then from the start bands on, column
    by column. Where a diagram is drawn."""
    front = max((s.column for s in side.marks("band")), default=1)
    marked, dots = _marked(side), {(s.column, s.lane) for s in side.marks("risk")}
    spots = []
    for column in range(front + 2, side.columns):
        for lane in range(2, side.lanes):
            window = {(column + dc, lane + dl) for dc in (-1, 0, 1) for dl in (-1, 0, 1)}
            shaded = {sq for sq in window if sq[0] >= column}
            if all(side.is_road(*sq) for sq in window) and not window & marked and not shaded & dots:
                spots.append((len(window & dots), column, lane))
    if len(spots) <= skip:
        raise ValueError("no plain 3 x 3 stretch of road on the course")
    _, column, lane = sorted(spots)[skip]
    return column, lane


def _spot(side: BoardSide, arg: str, skip: int) -> Square:
    if not arg:
        return _clear_spot(side, skip)
    column, _, lane = arg.partition("/")
    spot = int(column), int(lane)
    if not all(side.is_road(spot[0] + dc, spot[1] + dl) for dc in (-1, 0, 1) for dl in (-1, 0, 1)):
        raise ValueError(f"the squares around {arg} are not all road")
    return spot


def moves_cast(side: BoardSide, teams: tuple[str, ...], arg: str = "") -> Cast:
    """Schéma 1: a cyclist of the first team alone in the middle of a plain stretch of road."""
    c, lane = _spot(side, arg, 0)
    return Cast((c, lane), teams[0], {}, (c - 1, lane - 1))


def block_cast(side: BoardSide, teams: tuple[str, ...], arg: str = "") -> Cast:
    """Schéma 2: a cyclist of the first team; one of the second team straight ahead of it, one of the
    third beside it (below): they touch at a corner, across the diagonal square between them."""
    c, lane = _spot(side, arg, 1)
    others = {(c + 1, lane): teams[1 % len(teams)], (c, lane + 1): teams[2 % len(teams)]}
    return Cast((c, lane), teams[0], others, (c - 1, lane - 1))


# --- drawing

def _window(f: Figures, side: BoardSide, first: Square) -> tuple[list[Item], float, float, float, float]:
    """The course as the kit prints it, cut to WINDOW x WINDOW squares from ``first`` with MARGIN
    around: (items, x0, y0, width, height), the items in board millimetres."""
    from pnp.layout.boards import board_scene

    full = board_scene(f.model, side, bleed=0.0)
    x0, y0 = side.x_mm(first[0]) - MARGIN, side.y_mm(first[1]) - MARGIN
    size = WINDOW * side.square_mm + 2 * MARGIN
    return [Group(full.items, clip=Rect(x0, y0, size, size, Style()))], x0, y0, size, size


def _centre(side: BoardSide, sq: Square) -> tuple[float, float]:
    x, y, w, h = side.square_box(*sq)
    return x + w / 2, y + h / 2


def _fill(side: BoardSide, sq: Square, colour: str, opacity: float) -> Item:
    x, y, w, h = side.square_box(*sq)
    inset = w * 0.06
    return Rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, Style(fill=colour, opacity=opacity),
                radius=w * 0.08)


def _cross(side: BoardSide, sq: Square, colour: str, width: float) -> list[Item]:
    x, y, w, _ = side.square_box(*sq)
    m, st = w * 0.3, Style(stroke=colour, width=width, round_caps=True)
    return [Line(x + m, y + m, x + w - m, y + w - m, st), Line(x + w - m, y + m, x + m, y + w - m, st)]


def _arrow(a: tuple[float, float], b: tuple[float, float], r: float, colour: str = "#FFFFFF") -> list[Item]:
    """An arrow from the edge of a cyclist's base at ``a`` (radius ``r``) towards ``b``."""
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    head, spread = r * 0.42, 0.5
    sx, sy = a[0] + r * 1.05 * math.cos(ang), a[1] + r * 1.05 * math.sin(ang)
    tx, ty = b[0] - r * 0.35 * math.cos(ang), b[1] - r * 0.35 * math.sin(ang)
    bx, by = tx - head * 0.8 * math.cos(ang), ty - head * 0.8 * math.sin(ang)
    line = Path((("M", sx, sy), ("L", bx, by)), Style(stroke=colour, width=r * 0.16, round_caps=True))
    tip = polygon([(tx, ty), (tx - head * math.cos(ang - spread), ty - head * math.sin(ang - spread)),
                   (tx - head * math.cos(ang + spread), ty - head * math.sin(ang + spread))], Style(fill=colour))
    return [line, tip]


def _cyclist(side: BoardSide, sq: Square, sym: Symbol) -> list[Item]:
    """A cyclist seen from above: its jersey on the white disc of its base."""
    cx, cy = _centre(side, sq)
    r = side.square_mm * 0.36
    size = side.square_mm * 0.56
    return [Circle(cx, cy, r, Style(fill=board_art.PAPER, stroke=board_art.INK, width=0.45)),
            jersey_art.place(sym, cx - size / 2, cy - size / 2 + 0.4, size)]


def _team_jersey(f: Figures, team: str) -> Symbol:
    jersey = next(j for j in f.model.jerseys if not j.award and j.colours and j.colours[0] == team)
    return f.jersey(jersey.id)


def _diagram(f: Figures, side: BoardSide, cast: Cast, grey: bool) -> Scene:
    """The window of the course with the cyclists of ``cast``: every square around the mover is
    shaded as the movement rules judge a step onto it (open: green with an arrow; closed by the
    diagonal block: crossed in red; behind or beside: crossed in grey when ``grey``; taken: left to
    its cyclist)."""
    items, x0, y0, w, h = _window(f, side, cast.first)
    taken = set(cast.others)
    mover = cast.mover
    around = [(mover[0] + dc, mover[1] + dl) for dc in (-1, 0, 1) for dl in (-1, 0, 1) if (dc, dl) != (0, 0)]
    r = side.square_mm * 0.36
    arrows: list[Item] = []
    for sq in around:
        why = step_refusal(side, mover, sq, taken)
        if why == "free":
            items.append(_fill(side, sq, OPEN, 0.72))
            arrows += _arrow(_centre(side, mover), _centre(side, sq), r)
        elif why == "squeeze":
            items.append(_fill(side, sq, CLOSED, 0.35))
            items += _cross(side, sq, CLOSED, side.square_mm * 0.09)
        elif grey and why != "taken":
            items += _cross(side, sq, GREY, side.square_mm * 0.05)
    items += arrows
    for sq, team in sorted(cast.others.items()):
        items += _cyclist(side, sq, _team_jersey(f, team))
    items += _cyclist(side, mover, _team_jersey(f, cast.mover_team))
    items.append(Rect(x0, y0, w, h, Style(stroke=board_art.INK, width=0.5)))
    scene_items = (Group(tuple(items), translate(-x0, -y0)),)
    return Scene(w, h, scene_items, meta={"display_mm": DISPLAY_MM, "mover": mover,
                                          "open": [sq for sq in ahead(mover)
                                                   if step_refusal(side, mover, sq, taken) == "free"]})


def _course(f: Figures) -> BoardSide:
    _, side = C.course_side(f.model)
    if side is None:
        raise ValueError("the rules name no course side")
    return side


def _moves(f: Figures, arg: str) -> Scene:
    side = _course(f)
    return _diagram(f, side, moves_cast(side, f.model.facts.teams, arg), grey=True)


def _block(f: Figures, arg: str) -> Scene:
    side = _course(f)
    return _diagram(f, side, block_cast(side, f.model.facts.teams, arg), grey=False)


FIGURES = {"moves": _moves, "block": _block}
