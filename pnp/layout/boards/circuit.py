"""The "circuit" board layout: a closed loop of squares, several lanes wide, for any game whose race goes round a loop.

The side's grid is read along the road: column n is the n-th square of the race from the start
line, lane 1 the leftmost lane in the direction of travel. The loop's centre line is laid out here
from the board's size and the road's width: from the start it runs south down the left edge, turns
east into the lowest of four straights, winds up through hairpins at the right and left ends, and
comes back west along the top straight and down to the start. Its length is shared out equally
between the columns, so squares are square on the straights and wedges in the bends, like the
lanes of a real bend. The start line sits halfway down the left road, so that lines a third and two
thirds round fall on straights.

Everything drawn comes from the board's data. Each square is filled with its terrain's colour (the
palette colour of the side's zone) AND the pattern that colour names (palette.yaml ``pattern``). The
squares are numbered in sections: the board's option ``section_squares`` (boards.yaml) is how many
squares a section has, the numbers start again at 1 with each section, and the first square of a
section has an arrow along the road. Lines: the start banner and the finish lines (chequered, with
a plate on the verge). Squares marked "grid" carry a white frame and their number. Areas: the
title (the game's title, the ``side_title`` and ``credits`` texts when the game gives them, the
stamp) and the legend (the colour and pattern of each terrain of the zones, named by the
``legend_terrain(terrain, squares)`` text or else by the palette).

Groups (ids): background, road, squares, lines, labels, title, legend. The board's decorations
template (pnp.layout.boards.decorations) redraws any of them or adds its own (a compass ...); it
gets ``centre(column, lane)``, the centre of a square, and ``cell(column, lane)``, the square's
outline (points), to place things on the loop. Texts come from the game's templates/board.j2. The
scene's ``meta["seams"]`` lists what a seam between tiles should keep out of (pnp.layout.seams).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from pnp.layout import text as textfit
from pnp.layout import seams
from pnp.layout.boards import decorations
from pnp.layout.boards.frame import board_of, board_page, board_texts
from pnp.layout.scene import (Circle, Group, Item, Line, Path, Rect, Scene, Style, Text, compose, polygon, rotate,
                              translate)
from pnp.layout.seams import SeamHints
from pnp.layout.templates import Texts
from pnp.model.boards import Board, BoardSide
from pnp.model.game_model import GameModel

BLEED = 3.0
MARGIN = 12.0
GAP = 16.0
BAND_GAP = 6.0     # between the loop and the title band under it
CROSS = 0.75       # how far past the line it names a label plate may reach (mm)
GRASS = "#CFE0B4"
GRASS_DARK = "#B9D199"
VERGE = "#F4F1E6"
ASPHALT = "#5A5F66"
EDGE = "#2B2F33"
INK = "#1F2328"
MUTED = "#5F646B"
WHITE = "#FFFFFF"
YELLOW = "#FFD100"


class CircuitProblem(textfit.TextProblem):
    """A board text that cannot be drawn."""


# --- terrains: colour AND pattern

def terrain_colour(model, terrain: str) -> str:
    return next((c.hex for c in model.colours if c.id == terrain), "#CCCCCC")


def terrain_pattern(model, terrain: str, x: float, y: float, w: float, h: float, clip=None,
                    scale: float = 1.0) -> Item:
    """The pattern of a terrain's palette colour (``pattern``: level lines, rising hatching, dots; none
    by default) over the box (x, y, w, h), for colour-blind players. ``clip`` replaces the box's clip."""
    kind = next((c.pattern for c in model.colours if c.id == terrain), "")
    ink = Style(stroke="#3A3A3A", width=0.35 * scale, opacity=0.55)
    dot = Style(fill="#2E2E2E", opacity=0.5)
    items: list[Item] = []
    step = 4.0 * scale
    if kind == "level":
        yy = y + step / 2
        while yy < y + h:
            items.append(Line(x - 1, yy, x + w + 1, yy, ink))
            yy += step
    elif kind == "rising":
        k = -h
        while k < w + h:
            items.append(Line(x + k, y + h + 1, x + k + h + 2, y - 1, ink))
            k += step
    elif kind == "dots":
        row = 0
        yy = y + step / 2
        while yy < y + h + step:
            xx = x + (step / 2 if row % 2 else 0)
            while xx < x + w + step:
                items.append(Circle(xx, yy, 0.55 * scale, dot))
                xx += step
            yy += step * 0.87
            row += 1
    return Group(tuple(items), clip=clip if clip is not None else Rect(x, y, w, h, Style()))


# --- the centre line

@dataclass(frozen=True)
class _Seg:
    kind: str                  # "line" or "arc"
    x0: float
    y0: float
    a: float                   # line: heading (rad); arc: start angle of the radius (rad)
    length: float
    cx: float = 0.0
    cy: float = 0.0
    r: float = 0.0
    turn: int = 1              # arc: +1 clockwise (on the page), -1 anticlockwise

    def at(self, s: float) -> tuple[float, float, float]:
        """(x, y, heading) at ``s`` mm into the segment."""
        if self.kind == "line":
            return self.x0 + s * math.cos(self.a), self.y0 + s * math.sin(self.a), self.a
        phi = self.a + self.turn * s / self.r
        x, y = self.cx + self.r * math.cos(phi), self.cy + self.r * math.sin(phi)
        return x, y, phi + self.turn * math.pi / 2


def _line(x0, y0, x1, y1) -> _Seg:
    return _Seg("line", x0, y0, math.atan2(y1 - y0, x1 - x0), math.hypot(x1 - x0, y1 - y0))


def _arc(cx, cy, r, start_deg, sweep_deg) -> _Seg:
    turn = 1 if sweep_deg > 0 else -1
    a = math.radians(start_deg)
    return _Seg("arc", cx + r * math.cos(a), cy + r * math.sin(a), a, abs(math.radians(sweep_deg)) * r, cx, cy, r, turn)


class Circuit:
    """The loop of one side on a board of w x h mm, its road ``lanes x square_mm`` wide.

    The loop fills the board above its lowest areas (the title band). Every bend and straight
    holds a whole number of columns: a bend gets as many as its inner lane can hold at
    ``square_mm`` each, the straights share the rest in proportion to their length. Column
    boundaries therefore never straddle a bend, and the inner lane of a bend is as long as the
    board allows (a game's rules check may measure the result with square_sizes)."""

    def __init__(self, side: BoardSide, w: float, h: float) -> None:
        self.side = side
        self.width = side.lanes * side.square_mm
        half = self.width / 2
        low = min((a.y for a in side.areas if a.y > h / 2), default=h - MARGIN + BAND_GAP) - BAND_GAP
        # four straights, three hairpins between them: the centre lines are 2R apart
        R = max((low - MARGIN - self.width) / 6, (self.width + GAP) / 2)
        ya = MARGIN + half
        yb, yc, yd = ya + 2 * R, ya + 4 * R, ya + 6 * R
        xl = MARGIN + half                               # the left road
        xr = w - MARGIN - half - R                       # centres of the right hairpins
        xh = xl + self.width + GAP + R                   # centre of the left hairpin
        ym = (ya + yd) / 2                               # the start line: halfway down the left road
        self.bottom = yd + half
        self.segs = [
            _line(xl, ym, xl, yd - R),                   # south down the left edge
            _arc(xl + R, yd - R, R, 180, -90),           # turn east
            _line(xl + R, yd, xr, yd),                   # east along the bottom
            _arc(xr, (yc + yd) / 2, R, 90, -180),        # hairpin, up
            _line(xr, yc, xh, yc),                       # west
            _arc(xh, (yb + yc) / 2, R, 90, 180),         # hairpin, up
            _line(xh, yb, xr, yb),                       # east
            _arc(xr, (ya + yb) / 2, R, 90, -180),        # hairpin, up
            _line(xr, ya, xl + R, ya),                   # west along the top
            _arc(xl + R, ya + R, R, 270, -90),           # turn south
            _line(xl, ya + R, xl, ym),                   # back down to the start
        ]
        self.length = sum(s.length for s in self.segs)
        self.step = self.length / side.columns
        self.bounds = _boundaries(self.segs, side.columns, half - side.square_mm / 2, side.square_mm)

    def at(self, t: float) -> tuple[float, float, float]:
        t %= self.length
        for seg in self.segs:
            if t <= seg.length + 1e-9:
                return seg.at(t)
            t -= seg.length
        return self.segs[-1].at(self.segs[-1].length)

    def on_straight(self, t: float) -> bool:
        t %= self.length
        for seg in self.segs:
            if t <= seg.length:
                return seg.kind == "line"
            t -= seg.length
        return False

    def point(self, t: float, offset: float) -> tuple[float, float]:
        """The point ``offset`` mm left of the centre line (in the direction of travel) at ``t``."""
        x, y, a = self.at(t)
        return x + offset * math.sin(a), y - offset * math.cos(a)

    def col_t(self, column: float) -> float:
        """Where ``column`` starts along the loop (a fraction goes into the square; column
        ``columns + 1`` is the start again, one lap on)."""
        n = self.side.columns
        k = math.floor(column) - 1
        lap, k = divmod(k, n)
        t0, t1 = self.bounds[k], self.bounds[k + 1]
        return lap * self.length + t0 + (t1 - t0) * (column - math.floor(column))

    def lane_offsets(self, lane: int) -> tuple[float, float]:
        """(left, right) offsets of a lane; lane 1 is the leftmost."""
        s = self.side.square_mm
        left = self.width / 2 - (lane - 1) * s
        return left, left - s

    def cell(self, column: int, lane: int, n: int = 6) -> list[tuple[float, float]]:
        t0, t1 = self.col_t(column), self.col_t(column + 1)
        o1, o2 = self.lane_offsets(lane)
        ts = [t0 + (t1 - t0) * i / n for i in range(n + 1)]
        return [self.point(t, o1) for t in ts] + [self.point(t, o2) for t in reversed(ts)]

    def band(self, t0: float, t1: float, o1: float, o2: float, n: int = 0) -> list[tuple[float, float]]:
        n = n or max(2, int(abs(t1 - t0) / 4))
        ts = [t0 + (t1 - t0) * i / n for i in range(n + 1)]
        return [self.point(t, o1) for t in ts] + [self.point(t, o2) for t in reversed(ts)]

    def centre(self, column: float, lane: float) -> tuple[float, float]:
        s = self.side.square_mm
        return self.point(self.col_t(column + 0.5), self.width / 2 - (lane - 0.5) * s)

    def heading(self, column: float) -> float:
        return self.at(self.col_t(column))[2]

    def lane_length(self, column: int, lane: int, n: int = 24) -> float:
        """How long square (``column``, ``lane``) is along its lane: the length of the lane's
        centre line across the square, in mm (on the inner lane of a bend it is the shortest)."""
        t0, t1 = self.col_t(column), self.col_t(column + 1)
        o = sum(self.lane_offsets(lane)) / 2
        pts = [self.point(t0 + (t1 - t0) * i / n, o) for i in range(n + 1)]
        return sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))

    def square_sizes(self) -> dict[tuple[int, int], tuple[float, float]]:
        """Every square's size, (column, lane) -> (mm along the lane, mm across it)."""
        return {(c, k): (self.lane_length(c, k), float(self.side.square_mm))
                for c in range(1, self.side.columns + 1) for k in range(1, self.side.lanes + 1)}


def _boundaries(segs: list[_Seg], columns: int, inner: float, square: float) -> list[float]:
    """Where each column starts along the loop (``columns + 1`` values, from 0 to its length).

    ``inner`` is how far the inner lane's centre is from the loop's centre line."""
    bends = {i: max(1, int((s.r - inner) * s.length / s.r / square + 1e-9))
             for i, s in enumerate(segs) if s.kind == "arc"}
    straights = [i for i, s in enumerate(segs) if s.kind == "line"]
    while sum(bends.values()) > columns - len(straights) and max(bends.values()) > 1:
        widest = max(bends, key=lambda i: bends[i])
        bends[widest] -= 1
    counts = dict(bends)
    counts.update(_share(columns - sum(bends.values()), [segs[i].length for i in straights], straights))
    bounds, t = [0.0], 0.0
    for i, seg in enumerate(segs):
        n = counts[i]
        bounds += [t + seg.length * (k + 1) / n for k in range(n)]
        t += seg.length
    bounds[-1] = t
    return bounds


def _share(n: int, lengths: list[float], keys: list[int]) -> dict[int, int]:
    """``n`` columns shared out in proportion to ``lengths`` (largest remainder, at least one each)."""
    total = sum(lengths)
    exact = [n * length / total for length in lengths]
    counts = [max(1, int(e)) for e in exact]
    order = sorted(range(len(lengths)), key=lambda i: (-(exact[i] - int(exact[i])), i))
    for i in order[: max(0, n - sum(counts))]:
        counts[i] += 1
    return dict(zip(keys, counts))


def square_sizes(side: BoardSide, w: float, h: float) -> dict[tuple[int, int], tuple[float, float]]:
    """Every square of a circuit side drawn on a board of ``w`` x ``h`` mm: (column, lane) ->
    (mm along the lane, mm across it). The drawing and a game's rules checks share it."""
    return Circuit(side, w, h).square_sizes()


def _poly_path(points: list[tuple[float, float]]) -> Path:
    (x0, y0), rest = points[0], points[1:]
    return Path((("M", x0, y0), *(("L", x, y) for x, y in rest), ("Z",)), Style())


# --- drawing

@dataclass
class _Ctx:
    model: GameModel
    board: Board
    side: BoardSide
    texts: Texts
    w: float
    h: float
    bleed: float

    @cached_property
    def loop(self) -> Circuit:
        return Circuit(self.side, self.w, self.h)

    def text(self, name: str, **context) -> str:
        return self.texts(name, **context)

    def line(self, text: str, x: float, y: float, font: str, size: float, fill: str = INK,
             align: str = "center", width: float | None = None, min_size: float | None = None) -> Text:
        """A line of ``text``; given the ``width`` it may take (mm), fitted to it, shrunk down to
        ``min_size`` (pnp.layout.text.fit_line), else measured only (numbers and marks)."""
        try:
            if width is None:
                return textfit.line(text, x, y, font, size, fill, align)
            return textfit.fit_line(text, x, y, font, size, width, min_size, fill, align,
                                    where=f"board '{self.board.id}' side {self.side.id}")
        except textfit.TextProblem as exc:
            raise CircuitProblem(f"board {self.board.id} side {self.side.id}: {exc}") from None

    def fit(self, text: str, box: textfit.Box, font: str, fill: str = INK) -> tuple[Item, ...]:
        try:
            return textfit.fit(text, box, font, fill)
        except textfit.TextProblem as exc:
            raise CircuitProblem(f"board {self.board.id} side {self.side.id}: {exc}") from None

    def terrain(self, column: int) -> str:
        return next((z.terrain for z in self.side.zones if z.start <= column <= z.end), "")


def board_scene(model: GameModel, side: BoardSide, bleed: float = BLEED) -> Scene:
    board = board_of(model, side)
    w, h = board.size_mm(side)
    ctx = _Ctx(model, board, side, board_texts(model), w, h, bleed)
    drawn = decorations.draw(model, board, side, (w, h), bleed, ctx.texts, centre=ctx.loop.centre,
                             cell=ctx.loop.cell)
    groups = decorations.layered(drawn, [(gid, lambda make=make: make(ctx)) for gid, make in (
        ("background", _background), ("road", _road), ("squares", _squares), ("lines", _lines),
        ("labels", _labels), ("title", _title), ("legend", _legend))])
    return board_page(board, side, groups, w, h, bleed, square_mm=ctx.loop.step, loop_mm=ctx.loop.length,
                      min_square_mm=min(min(v) for v in ctx.loop.square_sizes().values()), seams=seam_hints(ctx, groups))


def seam_hints(ctx: _Ctx, groups: tuple[Group, ...]) -> SeamHints:
    """What a seam between tiles should keep out of: every square of the loop (by its box: square on
    the straights, where a seam can run along an edge), the grid squares, the lines across the road
    and their plates, and each panel (a group named after a kind of area of the side: title, legend,
    a compass ...) with what it holds."""
    loop, side = ctx.loop, ctx.side
    by_id = {g.id: g for g in groups}

    def box(column: int, lane: int) -> tuple[float, float, float, float]:
        pts = loop.cell(column, lane)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return min(xs), min(ys), max(xs), max(ys)

    keep = [seams.keep_box(box(c, k), seams.SQUARE, "square")
            for c in range(1, side.columns + 1) for k in range(1, side.lanes + 1)]
    keep += [seams.keep_box(box(s.column, s.lane), seams.START, "start") for s in side.marks("grid")]
    for gid, weight, what in (("lines", seams.LINE, "line"), ("labels", seams.LABEL, "label")):
        if gid in by_id:
            keep += seams.item_keeps(by_id[gid].items, weight, what)
    for group in groups:
        for area in side.areas_of(group.id)[:1]:
            keep += seams.item_keeps(group.items, seams.LABEL, "label", within=area.box)
    return SeamHints(tuple(keep))


def _background(ctx: _Ctx) -> list[Item]:
    b = ctx.bleed
    items: list[Item] = [Rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, Style(fill=GRASS))]
    # fields: soft diagonal furrows, as seen from a helicopter
    k = -ctx.h
    while k < ctx.w + ctx.h:
        items.append(Line(k, ctx.h + b, k + ctx.h + 2 * b, -b, Style(stroke=GRASS_DARK, width=1.2, opacity=0.6)))
        k += 11.0
    return items


def _road(ctx: _Ctx) -> list[Item]:
    loop = ctx.loop
    half = loop.width / 2
    items: list[Item] = []
    full = (0.0, loop.length)
    # verge, kerb and asphalt, as bands all round the loop
    for off, fill in ((half + 3.2, VERGE), (half + 1.4, EDGE)):
        items.append(polygon(loop.band(*full, off, -off, n=400), Style(fill=fill)))
    return items


def _squares(ctx: _Ctx) -> list[Item]:
    side, loop, model = ctx.side, ctx.loop, ctx.model
    grid = {(s.column, s.lane): s for s in side.marks("grid")}
    items: list[Item] = []
    edge = Style(stroke=EDGE, width=0.35)
    for column in range(1, side.columns + 1):
        terrain = ctx.terrain(column)
        fill = terrain_colour(model, terrain)
        for lane in range(1, side.lanes + 1):
            pts = loop.cell(column, lane)
            items.append(polygon(pts, Style(fill=fill)))
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            items.append(terrain_pattern(model, terrain, min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + 2,
                                         max(ys) - min(ys) + 2, clip=_poly_path(pts)))
            items.append(polygon(pts, edge))
    # grid squares: a white frame and the number
    for (column, lane), mark in sorted(grid.items()):
        pts = loop.cell(column, lane)
        cx, cy = loop.centre(column, lane)
        inner = [(cx + (x - cx) * 0.78, cy + (y - cy) * 0.78) for x, y in pts]
        items.append(polygon(inner, Style(fill=WHITE, opacity=0.55, stroke=WHITE, width=0.8)))
        if mark.number is not None:
            items.append(ctx.line(str(mark.number), cx, cy + 2.8, "sans-black", 13, INK))
    # square numbers within each section, in the middle lane (not on the grid)
    n = ctx.board.options["section_squares"]  # given, a whole number: checked when boards.yaml is read
    mid = (side.lanes + 1) // 2
    for column in range(1, side.columns + 1):
        if (column, mid) in grid:
            continue
        cx, cy = loop.centre(column, mid)
        items.append(ctx.line(str((column - 1) % n + 1), cx, cy + 1.9, "sans-bold", 9, INK))
        if (column - 1) % n == 0:  # first square of a section: an arrow along the road
            items += _arrow(loop, column, 1)
    return items


def _arrow(loop: Circuit, column: int, lane: int) -> list[Item]:
    cx, cy = loop.centre(column, lane)
    a = loop.heading(column + 0.5)
    c, s = math.cos(a), math.sin(a)

    def p(u: float, v: float) -> tuple[float, float]:
        return cx + u * c - v * s, cy + u * s + v * c

    return [polygon([p(-6, -2), p(1, -2), p(1, -5), p(7, 0), p(1, 5), p(1, 2), p(-6, 2)],
                    Style(fill=WHITE, stroke=EDGE, width=0.4))]


def _chequer(loop: Circuit, t: float, depth: float = 4.0, rows: int = 2) -> list[Item]:
    """A chequered band across the road, ``depth`` mm deep, ending at ``t``."""
    half = loop.width / 2
    cells = int(loop.width // 4)
    size = loop.width / cells
    items: list[Item] = []
    for r in range(rows):
        ta, tb = t - depth * (r + 1) / rows, t - depth * r / rows
        for k in range(cells):
            o1, o2 = half - k * size, half - (k + 1) * size
            fill = INK if (r + k) % 2 else WHITE
            items.append(polygon(loop.band(ta, tb, o1, o2, n=1), Style(fill=fill)))
    return items


def _lines(ctx: _Ctx) -> list[Item]:
    loop, items = ctx.loop, []
    for line in ctx.side.lines:
        t = loop.col_t(line.column)
        if line.kind == "start":
            items += _chequer(loop, t + 4.0, 4.0, 2)
            items.append(polygon(loop.band(t - 1.0, t + 0.6, loop.width / 2 + 3, -loop.width / 2 - 3, n=1),
                                 Style(fill=YELLOW, stroke=EDGE, width=0.3)))
        else:
            items += _chequer(loop, t, 5.0, 2)
    return items


def _plate(ctx: _Ctx, text: str, x: float, y: float, angle: float, fill: str, ink: str, size: float = 9.0,
           reach: float = 14.0) -> list[Item]:
    """A label plate centred at (x, y), reading along ``angle`` (radians), ``reach`` mm along the
    road from the line it names: its text shrinks so that it crosses that line by at most
    ``CROSS`` mm (the plate on the line's other side sits as far from it)."""
    deg = math.degrees(angle)
    if math.cos(angle) < -1e-6 or (abs(math.cos(angle)) < 1e-6 and math.sin(angle) < 0):
        deg += 180
    label = ctx.line(text, 0, size * 0.3528 * 0.36, "sans-black", size, ink, width=2 * (reach + CROSS) - 5)
    tw = _plate_length(text, size) if label.size == size else label.width + 5
    th = size * 0.3528 * 1.45
    body = (Rect(-tw / 2, -th / 2, tw, th, Style(fill=fill, stroke=EDGE, width=0.35), radius=1.2), label)
    return [Group(body, compose(translate(x, y), rotate(deg)))]


def _plate_length(text: str, size: float) -> float:
    """How long a label plate is along the road, in mm."""
    return textfit.fonts.width_mm(text, "sans-black", size) + 5


def _labels(ctx: _Ctx) -> list[Item]:
    loop, items = ctx.loop, []
    stages = len(ctx.side.lines_of("finish"))
    off = loop.width / 2 + 3.2 + GAP / 2 - 1.5
    for line in ctx.side.lines:
        t = loop.col_t(line.column)
        x, y = loop.point(t - 14, off)
        a = loop.at(t)[2]
        if line.kind == "start":
            items += _plate(ctx, ctx.text("start_label"), x, y, a, YELLOW, INK, 10)
            x2, y2 = loop.point(t + 16, off)
            items += _plate(ctx, ctx.text("stage_label", stage=1), x2, y2, a, WHITE, INK, 8, 16.0)
        else:
            n = sorted(ln.column for ln in ctx.side.lines_of("finish")).index(line.column) + 1
            text = ctx.text("finish_label", stage=n)
            if any(s.kind == "start" and (s.column - line.column) % ctx.side.columns == 0 for s in ctx.side.lines):
                # the last finish is the start line: its plate goes further back, behind the start's
                # (the outer verge is too near the board's edge to be cut safely)
                back = 14 + _plate_length(ctx.text("start_label"), 10) / 2 + 4 + _plate_length(text, 8.5) / 2
                x, y = loop.point(t - back, off)
            items += _plate(ctx, text, x, y, a, INK, WHITE, 8.5)
            if n < stages:
                x2, y2 = loop.point(t + 16, off)
                items += _plate(ctx, ctx.text("stage_label", stage=n + 1), x2, y2, a, WHITE, INK, 8, 16.0)
    return items


def _panel(x: float, y: float, w: float, h: float) -> list[Item]:
    return [Rect(x + 1.2, y + 1.6, w, h, Style(fill="#5C6B45", opacity=0.35), radius=3),
            Rect(x, y, w, h, Style(fill=VERGE, stroke=INK, width=0.5), radius=3)]


def _title(ctx: _Ctx) -> list[Item]:
    """The game's title, then the ``side_title`` and ``credits`` texts if the game gives them, and
    the stamp."""
    area = next(iter(ctx.side.areas_of("title")), None)
    if area is None:
        return []
    x, y, w, h = area.box
    info = ctx.model.info
    items = _panel(x, y, w, h)
    items += ctx.fit(info.title.upper(), textfit.Box(x + 5, y + 1.5, w - 10, h * 0.42, 30, 12, align="left"),
                     "sans-black", INK)
    items.append(Line(x + 5, y + h * 0.46, x + w - 5, y + h * 0.46, Style(stroke=INK, width=0.4)))
    below = [(name, context, font) for name, context, font in (("side_title", {"side": ctx.side}, "sans-bold"),
                                                                 ("credits", {"info": info}, "sans"))
             if ctx.texts.has(name)]
    ty = y + h * 0.5
    for (name, context, font), (th, big, small) in zip(below, ((h * 0.2, 11, 6), (h * 0.14, 8, 5))):
        items += ctx.fit(ctx.text(name, **context), textfit.Box(x + 5, ty, w - 10, th, big, small, align="left"),
                         font, INK)
        ty += th + 1
    items.append(ctx.line(info.stamp, x + 5, y + h - 2.5, "sans", 6, MUTED, "left", width=w - 10))
    return items


def _legend(ctx: _Ctx) -> list[Item]:
    """An entry for each terrain of the side's zones, in their order: its colour and pattern, and the
    ``legend_terrain(terrain, squares)`` text if the game gives it, else the colour's name."""
    area = next(iter(ctx.side.areas_of("legend")), None)
    if area is None:
        return []
    x, y, w, h = area.box
    model, side = ctx.model, ctx.side
    items = _panel(x, y, w, h)
    squares: dict[str, int] = {}
    for zone in side.zones:
        squares[zone.terrain] = squares.get(zone.terrain, 0) + zone.end - zone.start + 1
    if not squares:
        return items
    cols = min(3, len(squares))
    rows = (len(squares) + cols - 1) // cols
    cw, ch = (w - 8) / cols, (h - 8) / rows
    s = min(16.0, ch - 2)
    for i, (terrain, n) in enumerate(squares.items()):
        bx, by = x + 4 + (i % cols) * cw, y + 4 + (i // cols) * ch + (ch - s) / 2
        items.append(Rect(bx, by, s, s, Style(fill=terrain_colour(model, terrain)), radius=1))
        items.append(terrain_pattern(model, terrain, bx, by, s, s))
        items.append(Rect(bx, by, s, s, Style(stroke=EDGE, width=0.35), radius=1))
        if ctx.texts.has("legend_terrain"):
            text = ctx.text("legend_terrain", terrain=terrain, squares=n)
        else:
            text = next((c.name for c in model.colours if c.id == terrain), terrain)
        items += ctx.fit(text, textfit.Box(bx + s + 3, by, cw - s - 6, s, 10, 6.5, align="left"), "sans-bold", INK)
    return items
