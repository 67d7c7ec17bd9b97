"""A side of a board, drawn once as a scene at full size (mm), with a bleed all round.

The road is drawn from the side's grid: asphalt under the road squares, barriers along its edges,
square edges and dashed lane markings, the numbered peloton squares, the lines across the road
(a white 300 m line, a chequered finish) with their signs on the verge, and beside each column
before the finish its distance to the line (same number, same column: the photo-finish).
Around it: the title cartouche, the legend, and the podium where the point tokens wait.

Groups (ids): road, squares, lines, labels, tokens, legend, title. Texts come from the game's
board template, the game's templates/board.j2. The scene's ``meta["seams"]`` lists the features a seam
between tiles should keep out of (pnp.layout.seams): squares, start squares, lines, labels, panels.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from pnp.layout import jersey as jersey_art
from pnp.layout import text as textfit
from pnp.layout import seams
from pnp.layout.boards.frame import board_of, board_page, board_texts
from pnp.layout.scene import (Circle, Group, Item, Line, Rect, Scene, Style, Symbol, Text, Use, compose, polygon,
                              scale, translate)
from pnp.layout.seams import Keep, SeamHints
from pnp.layout.templates import Texts
from pnp.model.boards import TERRAIN_KINDS, Board, BoardSide
from pnp.model.game_model import GameModel

BLEED = 3.0

# colours, after the cards: paper, ink and the greens of the backs and the award jersey
PAPER = "#FBF8F1"
INK = "#1F2328"
MUTED = "#6B6F76"
GREEN = "#1E9A48"
DARK_GREEN = "#146B36"
RED = "#D1262F"
GRASS = "#4E8F4A"
GRASS_STRIPE = "#57984F"
ASPHALT = "#4A4F57"
PELOTON_TINT = "#434850"
SQUARE_EDGE = "#8D939B"
MARKING = "#F1F1EC"
BARRIER = "#EDEAE1"
STEP = "#E6E0D0"

BARRIER_MM = 4.0
BADGE_R = 4.4
COUNTDOWN_R = 6.4   # the countdown disc in the legend, as large as a decorated board draws its own

PELOTON = "peloton"
LINE_300 = "300m"
FINISH = "finish"


class BoardProblem(textfit.TextProblem):
    """A board text that cannot be drawn (too long, or a glyph missing)."""


@dataclass
class _Ctx:
    model: GameModel
    board: Board
    side: BoardSide
    texts: Texts
    w: float
    h: float
    bleed: float
    directed: bool = False
    """Whether the race's direction is drawn (a ``direction`` group of the decorations): only then
    does the legend explain it."""

    @property
    def sq(self) -> float:
        return self.side.square_mm

    def text(self, name: str, **context: Any) -> str:
        return self.texts(name, **context)

    def fit(self, text: str, box: textfit.Box, font: str, fill: str = INK) -> tuple[Item, ...]:
        try:
            return textfit.fit(text, box, font, fill)
        except textfit.TextProblem as exc:
            raise BoardProblem(f"board {self.board.id} side {self.side.id}: {exc}") from None

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
            raise BoardProblem(f"board {self.board.id} side {self.side.id}: {exc}") from None


def board_scene(model: GameModel, side: BoardSide, bleed: float = BLEED) -> Scene:
    """One side of its board at full size: trim (bleed, bleed, w, h), art running into the bleed;
    the board's decorations template (pnp.layout.boards.decorations) drawn over it, the groups it
    replaces not drawn at all."""
    from pnp.layout.boards import decorations

    board = board_of(model, side)
    w, h = board.size_mm(side)
    ctx = _Ctx(model, board, side, board_texts(model), w, h, bleed)
    drawn = decorations.draw(model, board, side, (w, h), bleed, ctx.texts, crossings=list(crossings(side)))
    ctx.directed = any(g.id == "direction" for g in drawn)
    parts = (("road", _road), ("squares", _squares), ("lines", _lines), ("labels", _labels), ("tokens", _tokens),
             ("legend", _legend), ("title", _title))
    groups = decorations.layered(drawn, ((gid, lambda make=make: make(ctx)) for gid, make in parts))
    return board_page(board, side, groups, w, h, bleed, seams=seam_hints(ctx, groups, numbered(side)))


def numbered(side: BoardSide) -> list[tuple[int, int]]:
    """The squares where pieces start a race: the side's numbered marks (peloton squares, start bands)."""
    return [(m.column, m.lane) for m in side.spaces if m.number is not None and m.kind not in TERRAIN_KINDS]


# --- where the board may be cut into tiles

def seam_hints(ctx: _Ctx, groups: tuple[Group, ...], starts: list[tuple[int, int]],
               lines: tuple[str, ...] = ("lines",), labels: tuple[str, ...] = ("labels",)) -> SeamHints:
    """The features of a road-grid side that a seam between tiles should keep out of: its road
    squares (a seam runs along their edges), its ``starts`` squares, what the groups named in
    ``lines`` draw across the road, what the ``labels`` groups draw, and each panel (a group named
    after a kind of area of the side: title, legend, tokens ...) with what is written and drawn on it."""
    side = ctx.side
    by_id = {g.id: g for g in groups}
    keep: list[Keep] = [Keep(*side.square_box(c, l), seams.SQUARE, "square") for c, l in side.road()]
    keep += [Keep(*side.square_box(c, l), seams.START, "start") for c, l in starts]
    for gid in lines:
        if gid in by_id:
            keep += seams.item_keeps(by_id[gid].items, seams.LINE, "line")
    for gid in labels:
        if gid in by_id:
            keep += seams.item_keeps(by_id[gid].items, seams.LABEL, "label")
    for group in groups:
        for area in side.areas_of(group.id)[:1]:
            keep += seams.item_keeps(group.items, seams.LABEL, "label", within=area.box)
    return SeamHints(tuple(keep))


# --- geometry

def _road_runs(side: BoardSide, column: int) -> list[tuple[int, int]]:
    """Unbroken stretches of road lanes in ``column``, as (first lane, last lane)."""
    runs: list[tuple[int, int]] = []
    for lane in side.road_lanes(column):
        if runs and runs[-1][1] == lane - 1:
            runs[-1] = (runs[-1][0], lane)
        else:
            runs.append((lane, lane))
    return runs


def _edges(side: BoardSide) -> list[tuple[str, float, float, float]]:
    """The road's edges, merged: (outside, fixed, start, end) where outside is 'top', 'bottom',
    'left' or 'right' (where the verge is), fixed the edge's y (or x), start/end along it in mm.
    The start of the road (left of column 1) is open: the road comes in from the margin."""
    raw: list[tuple[str, float, float, float]] = []
    for c, l in side.road():
        x0, y0, s, _ = side.square_box(c, l)
        if not side.is_road(c, l - 1):
            raw.append(("top", y0, x0, x0 + s))
        if not side.is_road(c, l + 1):
            raw.append(("bottom", y0 + s, x0, x0 + s))
        if c > 1 and not side.is_road(c - 1, l):
            raw.append(("left", x0, y0, y0 + s))
        if not side.is_road(c + 1, l):
            raw.append(("right", x0 + s, y0, y0 + s))
    raw.sort()
    merged: list[tuple[str, float, float, float]] = []
    for edge in raw:
        if merged and merged[-1][:2] == edge[:2] and abs(merged[-1][3] - edge[2]) < 1e-6:
            merged[-1] = (*merged[-1][:3], edge[3])
        else:
            merged.append(edge)
    return merged


def _road_top(side: BoardSide, column: int) -> float:
    return side.y_mm(min(side.road_lanes(column)))


def _road_bottom(side: BoardSide, column: int) -> float:
    return side.y_mm(max(side.road_lanes(column)) + 1)


# --- road: grass, barriers, asphalt

def _road(ctx: _Ctx) -> list[Item]:
    side, sq, bleed = ctx.side, ctx.sq, ctx.bleed
    items: list[Item] = [Rect(-bleed, -bleed, ctx.w + 2 * bleed, ctx.h + 2 * bleed, Style(fill=GRASS))]
    # mown stripes, one per column: the columns can be followed into the verge
    first = int((-bleed - side.origin_mm[0]) // sq)
    last = int((ctx.w + bleed - side.origin_mm[0]) // sq) + 1
    for k in range(first, last + 1):
        if k % 2 == 0:
            x = side.x_mm(k + 1)
            items.append(Rect(x, -bleed, sq, ctx.h + 2 * bleed, Style(fill=GRASS_STRIPE)))
    items += _trees(ctx)
    items += _barriers(ctx)
    for c in range(1, side.columns + 1):
        for top, bottom in _road_runs(side, c):
            items.append(Rect(side.x_mm(c), side.y_mm(top), sq, (bottom - top + 1) * sq, Style(fill=ASPHALT)))
    # the road comes in from the margin before column 1
    for top, bottom in _road_runs(side, 1):
        y0, y1 = side.y_mm(top), side.y_mm(bottom + 1)
        items.append(Rect(-bleed, y0, side.x_mm(1) + bleed, y1 - y0, Style(fill=ASPHALT)))
    return items


def _trees(ctx: _Ctx) -> list[Item]:
    """Trees seen from above, scattered over the free verge (the same trees on every build)."""
    import random

    side = ctx.side
    rng = random.Random(f"{ctx.board.id}/{side.id}")
    keep_out = [(a.x - 4, a.y - 4, a.w + 8, a.h + 8) for a in side.areas]
    for c in range(1, side.columns + 1):
        for top, bottom in _road_runs(side, c):
            # the road, its barriers, distance marks and signs
            y0, y1 = side.y_mm(top) - 34.0, side.y_mm(bottom + 1) + 34.0
            keep_out.append((side.x_mm(c) - 6, y0, ctx.sq + 12, y1 - y0))
    for top, bottom in _road_runs(side, 1):
        keep_out.append((-ctx.bleed - 10, side.y_mm(top) - 34.0, side.x_mm(1) + ctx.bleed + 10,
                         (bottom - top + 1) * ctx.sq + 68.0))
    items: list[Item] = []
    placed: list[tuple[float, float, float]] = []
    step = 21.0
    ny, nx = int(ctx.h // step) + 1, int(ctx.w // step) + 1
    for j in range(ny):
        for i in range(nx):
            r = rng.uniform(6.0, 9.5)
            cx = i * step + step / 2 + rng.uniform(-6, 6) + (step / 2 if j % 2 else 0)
            cy = j * step + step / 2 + rng.uniform(-6, 6)
            if rng.random() < 0.5:
                continue
            box = (cx - r - 1, cy - r - 1, 2 * r + 2, 2 * r + 2)
            if any(_boxes_meet(box, k) for k in keep_out):
                continue
            if any((cx - px) ** 2 + (cy - py) ** 2 < (r + pr - 2.0) ** 2 for px, py, pr in placed):
                continue
            placed.append((cx, cy, r))
            shade = rng.choice(_TREE_SHADES)
            k = r / _TREE_R
            items.append(Use(_tree(shade), compose(translate(cx - _TREE_C * k, cy - _TREE_C * k), scale(k))))
    return items


_TREE_SHADES = ("#2F6B3A", "#356F3C", "#3A7A40")
_TREE_R, _TREE_C = 10.0, 12.0


@lru_cache(maxsize=None)
def _tree(shade: str) -> Symbol:
    """A tree seen from above, radius 10 around (12, 12): drawn once, placed many times."""
    r, c = _TREE_R, _TREE_C
    return Symbol(f"board-tree-{shade}", 2 * c + 2, 2 * c + 2, (
        Circle(c + 1.6, c + 1.8, r, Style(fill="#2C5A31", opacity=0.55)),
        Circle(c, c, r, Style(fill=shade)),
        Circle(c - r * 0.28, c - r * 0.3, r * 0.55, Style(fill="#4F8E4B")),
        Circle(c - r * 0.38, c - r * 0.4, r * 0.22, Style(fill="#6AA55C"))))


def _boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _barriers(ctx: _Ctx) -> list[Item]:
    """Crowd barriers along the road edges, hung with green and white banners."""
    items: list[Item] = []
    t = BARRIER_MM
    for outside, fixed, a, b in _edges(ctx.side):
        a, b = a - t, b + t  # run into the corners
        if outside in ("top", "bottom") and abs(a + t - ctx.side.x_mm(1)) < 1e-6:
            a = -ctx.bleed  # along the road coming in from the margin
        if outside in ("top", "bottom"):
            y = fixed - t if outside == "top" else fixed
            items.append(Rect(a, y, b - a, t, Style(fill=BARRIER, stroke=INK, width=0.3)))
            items += [Rect(x, y + 0.8, min(14.0, b - x - 0.8), t - 1.6, Style(fill=GREEN))
                      for x in _steps(a + 0.8, b - 0.8, 28.0)]
        else:
            x = fixed - t if outside == "left" else fixed
            items.append(Rect(x, a, t, b - a, Style(fill=BARRIER, stroke=INK, width=0.3)))
            items += [Rect(x + 0.8, y, t - 1.6, min(14.0, b - y - 0.8), Style(fill=GREEN))
                      for y in _steps(a + 0.8, b - 0.8, 28.0)]
    return items


def _steps(start: float, end: float, step: float) -> list[float]:
    out, v = [], start
    while v < end - 2.0:
        out.append(v)
        v += step
    return out


# --- squares: edges, lane markings, peloton squares

def _squares(ctx: _Ctx) -> list[Item]:
    side, sq = ctx.side, ctx.sq
    items: list[Item] = []
    starts = {(p.column, p.lane) for p in side.marks(PELOTON)}
    for c, l in sorted(starts):
        if side.is_road(c, l):
            items.append(Rect(side.x_mm(c), side.y_mm(l), sq, sq, Style(fill=PELOTON_TINT)))
    edge = Style(stroke=SQUARE_EDGE, width=0.45)
    # edges across the road, between columns (and at the start of the grid)
    for c in range(1, side.columns + 1):
        for l in side.road_lanes(c):
            if c == 1 or side.is_road(c - 1, l):
                x, y = side.x_mm(c), side.y_mm(l)
                items.append(Line(x, y, x, y + sq, edge))
    # edges along the road, between lanes: a thin edge and a dashed lane marking on it
    dash = Style(stroke=MARKING, width=0.9, dash=(9.0, 6.0))
    for c in range(1, side.columns + 1):
        for l in side.road_lanes(c):
            if side.is_road(c, l + 1):
                x, y = side.x_mm(c), side.y_mm(l + 1)
                items.append(Line(x, y, x + sq, y, edge))
                items.append(Line(x + 3.0, y, x + sq - 3.0, y, dash))
    # solid edge lines along the barriers
    solid = Style(stroke=MARKING, width=0.9, round_caps=True)
    inset = 1.6
    ox, oy = side.origin_mm

    def col(x: float) -> int:  # the column whose left edge is at x
        return round((x - ox) / sq) + 1

    def lane(y: float) -> int:  # the lane whose top edge is at y
        return round((y - oy) / sq) + 1

    for outside, fixed, a, b in _edges(side):
        off = inset if outside in ("top", "left") else -inset
        # beyond each end, a road square on the road's side makes an inner corner: the line runs on
        # to meet the next edge line; otherwise the road turns away and the line stops short
        if outside in ("top", "bottom"):
            ln = lane(fixed) if outside == "top" else lane(fixed) - 1
            before, after = side.is_road(col(a) - 1, ln), side.is_road(col(b), ln)
        else:
            cn = col(fixed) if outside == "left" else col(fixed) - 1
            before, after = side.is_road(cn, lane(a) - 1), side.is_road(cn, lane(b))
        a2 = a - inset if before else a + inset
        b2 = b + inset if after else b - inset
        if outside in ("top", "bottom"):
            start = -ctx.bleed if abs(a - side.x_mm(1)) < 1e-6 else a2
            items.append(Line(start, fixed + off, b2, fixed + off, solid))
        else:
            items.append(Line(fixed + off, a2, fixed + off, b2, solid))
    for mark in side.marks(PELOTON):
        items += _peloton_square(ctx, mark.column, mark.lane, mark.number)
    return items


def _peloton_square(ctx: _Ctx, column: int, lane: int, number: int | None) -> list[Item]:
    """A start box: a white frame, open at the back, a bar at the front, and its number."""
    x, y, s, _ = ctx.side.square_box(column, lane)
    m, st = 3.0, Style(stroke=MARKING, width=0.9, round_caps=True)
    items: list[Item] = [
        Line(x + m, y + m, x + s - m, y + m, st),
        Line(x + m, y + s - m, x + s - m, y + s - m, st),
        Rect(x + s - m - 1.8, y + m - 0.45, 1.8, s - 2 * m + 0.9, Style(fill=MARKING)),
    ]
    if number is not None:
        items.append(ctx.line(str(number), x + s / 2 - 1.0, y + s / 2 + 5.2, "sans-black", 30, MARKING))
    return items


# --- lines across the road

def crossings(side: BoardSide) -> Iterator[tuple[Any, float, float, float]]:
    """Every line of ``side`` that crosses the road, with its x and the top and bottom of the road's
    lanes there (the lanes of its column, else of the column before it); a line off the road is left out."""
    for line in side.lines:
        lanes = side.road_lanes(line.column) or side.road_lanes(line.column - 1)
        if lanes:
            yield line, side.x_mm(line.column), side.y_mm(min(lanes)), side.y_mm(max(lanes) + 1)


def _lines(ctx: _Ctx) -> list[Item]:
    items: list[Item] = []
    for line, x, y0, y1 in crossings(ctx.side):
        if line.kind == FINISH:
            items += _chequer(x - 5.0, y0, y1, 5.0)
        else:
            items.append(Rect(x - 1.75, y0, 3.5, y1 - y0, Style(fill=MARKING)))
            # red ticks at both ends: the 300 m line is no lane marking
            items += [Rect(x - 1.75, yy, 3.5, 5.0, Style(fill=RED)) for yy in (y0, y1 - 5.0)]
    return items


def _chequer(x: float, y0: float, y1: float, cell: float) -> list[Item]:
    items: list[Item] = [Rect(x, y0, 2 * cell, y1 - y0, Style(fill="#FFFFFF"))]
    rows = round((y1 - y0) / cell)
    step = (y1 - y0) / rows
    for r in range(rows):
        for k in range(2):
            if (r + k) % 2 == 0:
                items.append(Rect(x + k * cell, y0 + r * step, cell, step, Style(fill=INK)))
    items.append(Rect(x, y0, 2 * cell, y1 - y0, Style(stroke=INK, width=0.4)))
    return items


# --- labels: signs of the lines, distances along the road

def _labels(ctx: _Ctx) -> list[Item]:
    side, items = ctx.side, []
    finish = side.line(FINISH)
    if finish is not None:
        for c in range(1, min(finish.column, side.columns + 1)):
            if not side.road_lanes(c):
                continue
            cx = side.x_mm(c) + ctx.sq / 2
            n = str(finish.column - c)
            for cy in (_road_top(side, c) - BARRIER_MM - BADGE_R - 1.4,
                       _road_bottom(side, c) + BARRIER_MM + BADGE_R + 1.4):
                items.append(Circle(cx, cy, BADGE_R, Style(fill=PAPER, stroke=INK, width=0.35)))
                items.append(ctx.line(n, cx, cy + 1.15, "sans-bold", 9, INK))
    for line in side.lines:
        items += _sign(ctx, line)
    return items


def _sign(ctx: _Ctx, line) -> list[Item]:
    """A sign on both verges where ``line`` meets the road: a green banner for the finish,
    a white board with a red edge for the 300 m line."""
    side = ctx.side
    lanes = side.road_lanes(line.column)
    if not lanes:
        return []
    text = ctx.text("line_label", kind=line.kind)
    x = side.x_mm(line.column)
    finish = line.kind == FINISH
    label = text.upper() if finish else text
    size = 15.0 if finish else 12.0
    font = "sans-black"
    room = 2 * min(x, ctx.w - x) - 10.0  # the sign, centred on the line, stays on the board
    fitted = ctx.line(label, x, 0.0, font, size, width=room)  # a long translation shrinks (or is told)
    width = (textfit.fonts.width_mm(label, font, size) if fitted.size == size else fitted.width) + 10.0
    height = 11.0 if finish else 9.5
    gap = BARRIER_MM + 2 * BADGE_R + 3.2
    top = _road_top(side, line.column) - gap - height
    bottom = _road_bottom(side, line.column) + gap
    items: list[Item] = []
    for y in (top, bottom):
        if finish:
            items.append(Rect(x - width / 2, y, width, height, Style(fill=GREEN, stroke=DARK_GREEN, width=0.5),
                              radius=1.2))
            items += _chequer_strip(x - width / 2, y + height - 2.0, width, 2.0)
            items.append(replace(fitted, y=y + height / 2 + 1.4, fill="#FFFFFF"))
        else:
            items.append(Rect(x - width / 2, y, width, height, Style(fill=PAPER, stroke=RED, width=1.2),
                              radius=1.0))
            items.append(replace(fitted, y=y + height / 2 + 1.55, fill=RED))
    return items


def _chequer_strip(x: float, y: float, w: float, cell: float) -> list[Item]:
    n = int(w // cell)
    return [Rect(x + i * cell, y, cell, cell, Style(fill=INK if i % 2 else "#FFFFFF")) for i in range(n)]


# --- the podium for the point tokens

def _tokens(ctx: _Ctx) -> list[Item]:
    """A podium: one step per pile (2nd, 1st, 3rd from the left), a ring where each pile goes,
    holding the points its tokens are worth (rules.yaml, scoring.points)."""
    side, model = ctx.side, ctx.model
    areas = side.areas_of("tokens")
    if not areas:
        return []
    area = areas[0]
    x, y, w, h = area.box
    points = tuple(getattr(getattr(model.facts, "scoring", None), "points", ()) or ())
    piles = sorted((t for t in model.tokens if t.id in area.holds and t.rank), key=lambda t: t.rank)
    head = 15.0
    items: list[Item] = [_shadow(x, y, w, h, 3.0),
                         Rect(x, y, w, h, Style(fill=PAPER, stroke=INK, width=0.5), radius=3.0),
                         Rect(x, y, w, head, Style(fill=GREEN), radius=3.0),
                         Rect(x, y + head - 5.0, w, 5.0, Style(fill=GREEN)),
                         Rect(x, y + head, w, 1.0, Style(fill=DARK_GREEN))]
    items += ctx.fit(ctx.text("podium_title").upper(), textfit.Box(x + 4, y + 2, w - 8, head - 4, 13, 8),
                     "sans-black", "#FFFFFF")
    if not piles:
        return items
    order = sorted(piles, key=lambda t: {1: 1, 2: 0}.get(t.rank, t.rank))
    n = len(order)
    step_w = min(42.0, (w - 8) / n)
    x0 = x + (w - n * step_w) / 2
    base = y + h - 7.0
    for i, token in enumerate(order):
        sx, cx = x0 + i * step_w, x0 + (i + 0.5) * step_w
        rise = {1: 38.0, 2: 29.0}.get(token.rank, 22.0)
        top = base - rise
        colour = model.colour(token.colour).hex if token.colour else GREEN
        items.append(Rect(sx, top, step_w, rise, Style(fill=STEP, stroke=INK, width=0.5)))
        items.append(ctx.line(str(token.rank), cx, top + 11.5, "sans-black", 26, INK))
        items.append(ctx.line(ctx.text("place", rank=token.rank), cx, top + 18.0, "sans-bold", 9, INK,
                              width=step_w - 2.0))
        value = points[token.rank - 1] if token.rank <= len(points) else token.value
        r = token.size_mm / 2
        cy = top - r - 3.5
        items.append(Circle(cx, cy, r + 1.2, Style(fill="#FFFFFF", stroke=colour, width=0.8, dash=(2.2, 1.6))))
        if value is not None:
            items.append(ctx.line(str(value), cx, cy + 2.0, "sans-black", 18, colour))
            items.append(ctx.line(ctx.text("points_word", n=value), cx, cy + 7.0, "sans-bold", 7.5, MUTED,
                                  width=step_w - 2.0))
    items.append(Rect(x0 - 3, base, n * step_w + 6, 2.0, Style(fill=INK)))
    return items


# --- legend

def _legend(ctx: _Ctx) -> list[Item]:
    side = ctx.side
    areas = side.areas_of("legend")
    if not areas:
        return []
    x, y, w, h = areas[0].box
    items: list[Item] = [_shadow(x, y, w, h, 3.0),
                         Rect(x, y, w, h, Style(fill=PAPER, stroke=INK, width=0.5), radius=3.0)]
    entries = _legend_entries(side, ctx.directed)
    cols = 3
    rows = (len(entries) + cols - 1) // cols
    cw, ch = (w - 6) / cols, (h - 6) / rows
    for i, (icon, macro) in enumerate(entries):
        cx, cy = x + 3 + (i % cols) * cw, y + 3 + (i // cols) * ch
        s = min(ch - 6, 20.0)
        ix, iy = cx + 3, cy + (ch - s) / 2
        items += _icon(ctx, icon, ix, iy, s)
        box = textfit.Box(ix + s + 3.5, cy + 2, cw - s - 10, ch - 4, 10.5, 6.5, align="left")
        items += ctx.fit(ctx.text(macro), box, "sans", INK)
    return items


def _legend_entries(side: BoardSide, directed: bool = False) -> list[tuple[str, str]]:
    """(icon, text macro) for what the side has: start squares, a 300 m line, a finish line (and
    the distances to it beside the road), squares off the road; and the direction of the race when
    the board draws it (``directed``)."""
    entries = []
    if side.marks(PELOTON):
        entries.append(("peloton", "legend_peloton"))
    if side.line(LINE_300):
        entries.append(("300m", "legend_300m"))
    if side.line(FINISH):
        entries += [("finish", "legend_finish"), ("columns", "legend_columns")]
    if any(not side.is_road(c, l) for c, l in side.squares()):
        entries.append(("off", "legend_off"))
    return entries + ([("direction", "direction")] if directed else [])


def _icon(ctx: _Ctx, kind: str, x: float, y: float, s: float) -> list[Item]:
    road = Rect(x, y, s, s, Style(fill=ASPHALT, stroke=SQUARE_EDGE, width=0.4), radius=1.0)
    if kind == "peloton":
        st = Style(stroke=MARKING, width=0.6, round_caps=True)
        return [road, Line(x + 2, y + 2, x + s - 2, y + 2, st), Line(x + 2, y + s - 2, x + s - 2, y + s - 2, st),
                Rect(x + s - 3.2, y + 1.7, 1.2, s - 3.4, Style(fill=MARKING)),
                ctx.line("1", x + s / 2 - 0.6, y + s / 2 + 3.6, "sans-black", 20, MARKING)]
    if kind == "300m":
        return [road, Rect(x + s / 2 - 1.2, y, 2.4, s, Style(fill=MARKING)),
                Rect(x + s / 2 - 1.2, y, 2.4, 3.5, Style(fill=RED)),
                Rect(x + s / 2 - 1.2, y + s - 3.5, 2.4, 3.5, Style(fill=RED))]
    if kind == "finish":
        return [road, *_chequer(x + s / 2 - 3.0, y, y + s, 3.0)]
    if kind == "columns":
        # the countdown disc at the size a board reads across the table (not the layout's small badge)
        r = min(s / 2 - 0.5, COUNTDOWN_R)
        k = r / COUNTDOWN_R
        return [Circle(x + s / 2, y + s / 2, r, Style(fill=PAPER, stroke=INK, width=0.45)),
                ctx.line("3", x + s / 2, y + s / 2 + 2.2 * k, "sans-bold", 17 * k, INK)]
    if kind == "off":
        return [Rect(x, y, s, s, Style(fill=GRASS), radius=1.0),
                Rect(x, y + s - BARRIER_MM, s, BARRIER_MM, Style(fill=BARRIER, stroke=INK, width=0.3)),
                Rect(x + 2, y + s - BARRIER_MM + 0.8, 8, BARRIER_MM - 1.6, Style(fill=GREEN))]
    # direction of the race: an arrow along the road
    m = s / 2
    return [polygon([(x, y + m - 3), (x + s - 8, y + m - 3), (x + s - 8, y + m - 7), (x + s, y + m),
                     (x + s - 8, y + m + 7), (x + s - 8, y + m + 3), (x, y + m + 3)],
                    Style(fill=GREEN, stroke=DARK_GREEN, width=0.4))]


# --- title cartouche

def _shadow(x: float, y: float, w: float, h: float, radius: float) -> Rect:
    """A soft drop shadow under a panel laid on the grass."""
    return Rect(x + 1.4, y + 1.8, w, h, Style(fill="#1B3A1F", opacity=0.35), radius=radius)


def _title(ctx: _Ctx) -> list[Item]:
    areas = ctx.side.areas_of("title")
    if not areas:
        return []
    x, y, w, h = areas[0].box
    model = ctx.model
    band = h * 0.46
    items: list[Item] = [_shadow(x, y, w, h, 4.0),
                         Rect(x, y, w, h, Style(fill=PAPER, stroke=INK, width=0.6), radius=4.0),
                         Rect(x, y, w, band, Style(fill=GREEN), radius=4.0),
                         Rect(x, y + band - 4.0, w, 4.0, Style(fill=GREEN)),
                         Rect(x, y + band, w, 1.2, Style(fill=DARK_GREEN))]
    size = min(h * 0.78, 58.0)
    award = next((j for j in model.jerseys if j.award), None)
    text_x = x + 6
    if award is not None:
        items.append(jersey_art.place(_award_symbol(model, award.id), x + 4, y + (h - size) / 2, size))
        text_x = x + size + 8
    tw = x + w - 5 - text_x
    items += ctx.fit(model.info.title.upper(), textfit.Box(text_x, y + 3, tw, band - 5, 40, 14, align="left"),
                     "sans-black", "#FFFFFF")
    items += ctx.fit(ctx.text("side_title", side=ctx.side),
                     textfit.Box(text_x, y + band + 2.5, tw, h - band - 16, 17, 9, align="left"), "sans-bold", INK)
    items += ctx.fit(ctx.text("credits", info=model.info),
                     textfit.Box(text_x, y + h - 13.5, tw, 5.5, 8, 5.5, align="left"), "sans", INK)
    items.append(ctx.line(model.info.stamp, text_x, y + h - 3.6, "sans", 7, MUTED, "left", width=tw))
    return items


def _award_symbol(model: GameModel, jersey_id: str):
    """The award jersey as the cards draw it (same symbol key, same drawing)."""
    from pnp.layout.faces.common import CardContext

    look = CardContext(model=model, size=None, bleed=0.0, texts=None).look(jersey_id)  # type: ignore[arg-type]
    return jersey_art.symbol(look)
