"""The "roundabout" board layout: a half-round tile on which the two lanes of the road turn 180° round an
island. The straight edge of the tile (the left edge of the board) joins the track: the road comes in at
the bottom and leaves at the top. The side's road squares in each lane (its map) are spread evenly over
the half turn of that lane.

Sizes come from the data: the board is ``width_mm`` x ``height_mm`` (the tile's radius x its diameter);
its options (boards.yaml) give ``lane_mm``, the width of a lane, and ``short_lane``, "inner" (the side's
lane 1 runs by the island, lane 2 outside it) or "outer" (the other way round); the island fills what is
left inside. Drawn to the bleed; the cut line follows the round edge. Groups (ids): verge, road, squares,
island, labels, cut; the board's decorations template (pnp.layout.boards.decorations) may redraw or add
to them. Texts: the game's templates/board.j2 (``tile_name``, ``tile_lanes(short, long)``).
"""

from __future__ import annotations

import math

from pnp.layout import text as textfit
from pnp.layout.boards.decorations import decorate
from pnp.layout.boards.frame import board_of, board_page, board_texts
from pnp.layout.scene import Group, Item, Line, Path, Rect, Scene, Style, compose, rotate, translate
from pnp.model.boards import BoardSide
from pnp.model.game_model import GameModel

GRASS = "#7DB46C"
GRASS_DARK = "#5E9A50"
ASPHALT = "#4A4F57"
KERB = "#FFFFFF"
RED = "#C8102E"
INK = "#1F2328"
VERGE = 6.0


def _sector(cx: float, cy: float, r0: float, r1: float, a0: float, a1: float, style: Style, steps: int = 36) -> Path:
    """An annular sector between radii r0 and r1, angles a0 to a1 (degrees, clockwise on the page)."""
    pts = [(math.radians(a0 + (a1 - a0) * k / steps)) for k in range(steps + 1)]
    cmds = [("M", cx + r1 * math.cos(pts[0]), cy + r1 * math.sin(pts[0]))]
    cmds += [("L", cx + r1 * math.cos(a), cy + r1 * math.sin(a)) for a in pts[1:]]
    cmds += [("L", cx + r0 * math.cos(a), cy + r0 * math.sin(a)) for a in reversed(pts)]
    cmds.append(("Z",))
    return Path(tuple(cmds), style)


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, style: Style, steps: int = 48) -> Path:
    pts = [math.radians(a0 + (a1 - a0) * k / steps) for k in range(steps + 1)]
    return Path((("M", cx + r * math.cos(pts[0]), cy + r * math.sin(pts[0])),
                 *(("L", cx + r * math.cos(a), cy + r * math.sin(a)) for a in pts[1:])), style)


def _radial(cx: float, cy: float, r0: float, r1: float, a: float, style: Style) -> Line:
    t = math.radians(a)
    return Line(cx + r0 * math.cos(t), cy + r0 * math.sin(t), cx + r1 * math.cos(t), cy + r1 * math.sin(t), style)


def board_scene(model: GameModel, side: BoardSide, bleed: float = 3.0) -> Scene:
    board = board_of(model, side)
    texts = board_texts(model)
    w, h = board.size_mm(side)
    radius = w - bleed  # the cut circle, with its bleed ring inside the tile's box: nothing clips the verge
    cx, cy = 0.0, h / 2
    lane = board.options["lane_mm"]  # given, of the right kind: checked when boards.yaml is read
    r_out = radius - VERGE
    r_mid = r_out - lane
    r_in = r_mid - lane
    inner = sum(1 for c in range(1, side.columns + 1) if side.is_road(c, 1))
    outer = sum(1 for c in range(1, side.columns + 1) if side.is_road(c, 2))
    if board.options["short_lane"] == "outer":
        inner, outer = outer, inner

    verge: list[Item] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill="#FFFFFF")),
                         _sector(cx, cy, 0, radius + bleed, -90, 90, Style(fill=GRASS), 72),
                         # the straight edge joins the track: grass, road and island run on into its bleed
                         Rect(-bleed, cy - radius - bleed, bleed, 2 * (radius + bleed), Style(fill=GRASS))]
    verge += [_arc(cx, cy, r, -90, 90, Style(stroke=GRASS_DARK, width=0.5, dash=(1.0, 2.2))) for r in (r_out + 2.5, r_out + 4.5)]
    road: list[Item] = [_sector(cx, cy, r_in, r_out, -90, 90, Style(fill=ASPHALT), 72),
                        Rect(-bleed, cy - r_out, bleed, r_out - r_in, Style(fill=ASPHALT)),
                        Rect(-bleed, cy + r_in, bleed, r_out - r_in, Style(fill=ASPHALT))]
    road += [_arc(cx, cy, r, -90, 90, Style(stroke=KERB, width=0.8)) for r in (r_in + 0.6, r_out - 0.6)]
    road.append(_arc(cx, cy, r_mid, -90, 90, Style(stroke=KERB, width=0.6, dash=(3.0, 2.5))))
    # the squares: travel runs from the bottom (90°) round the right (0°) to the top (-90°)
    squares: list[Item] = []
    labels: list[Item] = []
    # the lines between squares; the entry and the exit are the tile's straight edge (the cut)
    for k in range(1, outer):
        a = 90 - 180 * k / outer
        squares.append(_radial(cx, cy, r_mid, r_out, a, Style(stroke=KERB, width=0.9)))
    for k in range(1, inner):
        a = 90 - 180 * k / inner
        squares.append(_radial(cx, cy, r_in, r_mid, a, Style(stroke=KERB, width=0.9)))
    for k in range(outer):
        a = math.radians(90 - 180 * (k + 0.5) / outer)
        r = (r_mid + r_out) / 2
        labels.append(textfit.line(str(k + 1), cx + r * math.cos(a), cy + r * math.sin(a) + 3.5, "sans-black", 14,
                                   "#D8DADF", "center"))
    # travel arrows in each lane, near the entry
    for r in ((r_in + r_mid) / 2, (r_mid + r_out) / 2):
        a0, a1 = 88, 70      # before the first square's number (at 60°)
        labels.append(_arc(cx, cy, r, a0, a1, Style(stroke="#E8E8E8", width=1.2, round_caps=True), 8))
        t = math.radians(a1)
        tip = (cx + r * math.cos(t), cy + r * math.sin(t))
        d = (math.sin(t), -math.cos(t))  # direction of travel (decreasing angle)
        n = (math.cos(t), math.sin(t))
        labels.append(Path((("M", tip[0] + d[0] * 2.4, tip[1] + d[1] * 2.4),
                            ("L", tip[0] + n[0] * 1.8, tip[1] + n[1] * 1.8),
                            ("L", tip[0] - n[0] * 1.8, tip[1] - n[1] * 1.8), ("Z",)), Style(fill="#E8E8E8")))
    # the inner square: the tile's name, along the lane, and the stamp
    mid = (r_in + r_mid) / 2
    name = Group(tuple(textfit.fit(texts("tile_name").upper(), textfit.Box(-40, -6, 80, 8, 11, 6), "sans-black",
                                   "#F2F2F2")), compose(translate(cx + mid, cy), rotate(-90)))
    lanes_text = Group(tuple(textfit.fit(texts("tile_lanes", short=inner, long=outer), textfit.Box(-40, 2.5, 80, 5, 7, 4.5),
                                         "sans-bold", "#D8DADF")), compose(translate(cx + mid, cy), rotate(-90)))
    labels += [name, lanes_text]
    stamp = Group((textfit.line(model.info.stamp, 0, 0, "sans", textfit.READABLE_PT, "#F2F2F2", "center"),),
                  compose(translate(cx + r_out + 3.9, cy), rotate(-90)))
    labels.append(stamp)
    # the island: grass, a white kerb and a red flag
    island: list[Item] = [_sector(cx, cy, 0, r_in, -90, 90, Style(fill=GRASS_DARK), 36),
                          Rect(-bleed, cy - r_in, bleed, 2 * r_in, Style(fill=GRASS_DARK)),
                          _arc(cx, cy, r_in, -90, 90, Style(stroke=KERB, width=1.0))]
    fx, fy = cx + r_in * 0.45, cy
    island += [Line(fx - 1.2, fy + 4, fx - 1.2, fy - 5, Style(stroke=INK, width=0.6)),
               Path((("M", fx - 1.2, fy - 5), ("L", fx + 4.2, fy - 3.4), ("L", fx - 1.2, fy - 1.8), ("Z",)), Style(fill=RED))]
    cut = [_arc(cx, cy, radius, -90, 90, Style(stroke="#9A9EA5", width=0.3, dash=(2.0, 1.5)), 96)]
    groups = (Group(tuple(verge), id="verge"), Group(tuple(road), id="road"), Group(tuple(squares), id="squares"),
              Group(tuple(island), id="island"), Group(tuple(labels), id="labels"), Group(tuple(cut), id="cut"))
    groups = decorate(model, board, side, (w, h), bleed, groups, texts)
    return board_page(board, side, groups, w, h, bleed)
