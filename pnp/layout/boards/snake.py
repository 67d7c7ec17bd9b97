"""The "snake" board layout, for any game: one track of squares in race order, laid in rows that
turn back at each end (a serpentine).

The side's column n is the n-th square of the race (lane 1 only). The squares are laid out in rows
inside the side's area of kind "track": the first row runs left to right, the next one right to
left, and so on, as many squares to a row as the area is wide, the rows spread over its height and
joined by the road at their ends.

What it draws comes from the side's data only: a verge, the road under the squares (its dashed
centre line where it turns between rows), a plain square for every column (paper with an edge),
each mark's number and label on its square, each square's number in its corner (for counting a move
back), and, in their areas, a title panel (the game's title, ``side_title``, the stamp) and a legend
panel (``legend_title``, then an entry for each kind of mark the game gives a text for:
``legend_<kind>``, else ``legend_entry(kind)``). A game draws its own squares, labels, title or
legend with its board's decorations template (pnp.layout.boards.decorations), which gets ``at``
placing each square where this layout put it, and ``crossings``: each line at the edge of its
column's square that faces the square before it.

Texts come from the game's templates/board.j2; a text macro is given those of ``side``, ``info``
and ``kind`` (the legend's) that it takes, and a text whose macro wants anything else is left out.
Groups (ids): background, road, squares, labels, numbers, legend, title. The scene's
``meta["seams"]`` lists what a seam between tiles should keep out of (pnp.layout.seams): every
square, the numbered marks (where the race starts) and the panels with what they hold.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from pnp.layout import seams
from pnp.layout import text as textfit
from pnp.layout.board import BoardProblem, _Ctx
from pnp.layout.boards import decorations
from pnp.layout.boards.frame import board_of, board_page, board_texts
from pnp.layout.scene import Group, Item, Line, Rect, Scene, Style
from pnp.layout.seams import SeamHints
from pnp.layout.templates import Texts
from pnp.model.boards import TERRAIN_KINDS, BoardSide, Space
from pnp.model.game_model import GameModel

BLEED = 3.0
TRACK = "track"
VERGE = "#CFE0B4"
VERGE_STRIPE = "#C6D9A8"
ROAD = "#5A5F66"
ROAD_EDGE = "#F4F1E6"
CENTRE_LINE = "#FFFFFF"
PAPER = "#FBF8F1"
INK = "#1F2328"
MUTED = "#5F646B"
SHADOW = "#1B3A1F"

Box = tuple[float, float, float, float]


def board_scene(model: GameModel, side: BoardSide, bleed: float = BLEED) -> Scene:
    """One side at full size: trim (bleed, bleed, w, h), the verge running into the bleed; the
    board's decorations template drawn over it (the groups it replaces are not drawn)."""
    board = board_of(model, side)
    w, h = board.size_mm(side)
    ctx = _Ctx(model, board, side, board_texts(model), w, h, bleed)
    boxes = square_boxes(side)

    def at(column: int, lane: int = 1) -> Box:
        return boxes[column]

    drawn = decorations.draw(model, board, side, (w, h), bleed, ctx.texts, at=at,
                             crossings=list(crossings(side, boxes)))
    groups = decorations.layered(drawn, (
        ("background", lambda: _background(w, h, bleed)),
        ("road", lambda: _road(side, boxes)),
        ("squares", lambda: _squares(boxes)),
        ("labels", lambda: _labels(ctx, boxes)),
        ("numbers", lambda: _numbers(boxes)),
        ("legend", lambda: _legend(ctx)),
        ("title", lambda: _title(ctx)),
    ))
    return board_page(board, side, groups, w, h, bleed, seams=seam_hints(side, boxes, groups))


# --- where the squares go

def marks(side: BoardSide) -> dict[int, Space]:
    """The mark on each column that has one (the first, if the data gives several)."""
    out: dict[int, Space] = {}
    for space in side.spaces:
        if space.kind not in TERRAIN_KINDS:
            out.setdefault(space.column, space)
    return out


def per_row(side: BoardSide) -> int:
    """How many squares a row of the track area holds."""
    return max(1, int(_track(side).w // side.square_mm))


def square_boxes(side: BoardSide) -> dict[int, Box]:
    """The box (x, y, w, h) of every column's square: rows of the track area, the first left to
    right, the next right to left, and so on; the rows spread over the area's height."""
    area, sq, n = _track(side), side.square_mm, per_row(side)
    rows = math.ceil(side.columns / n)
    gap = (area.h - rows * sq) / max(rows - 1, 1)
    x0 = area.x + (area.w - n * sq) / 2
    out: dict[int, Box] = {}
    for column in range(1, side.columns + 1):
        row, i = divmod(column - 1, n)
        k = i if row % 2 == 0 else n - 1 - i
        out[column] = (x0 + k * sq, area.y + row * (sq + gap), sq, sq)
    return out


def _track(side: BoardSide):
    areas = side.areas_of(TRACK)
    if not areas:
        raise BoardProblem(f"side {side.id}: the snake layout lays its squares in an area of kind "
                           f"'{TRACK}', and the side has none (add one to its areas in boards.yaml)")
    return areas[0]


def crossings(side: BoardSide, boxes: dict[int, Box]) -> Iterator[tuple[Any, float, float, float]]:
    """Every line of the side on the track: ``(line, x, top, bottom)`` of the edge of its column's
    square that faces the square before it in its row (the left edge on a row run left to right)."""
    n = per_row(side)
    for line in side.lines:
        if line.column in boxes:
            x, y, s, _ = boxes[line.column]
            leftward = ((line.column - 1) // n) % 2 == 1
            yield line, (x + s if leftward else x), y, y + s


# --- what is drawn

def _background(w: float, h: float, bleed: float) -> list[Item]:
    """The verge, mown in stripes, into the bleed."""
    items: list[Item] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=VERGE))]
    y = -bleed
    while y < h + bleed:
        items.append(Rect(-bleed, y, w + 2 * bleed, 6.0, Style(fill=VERGE_STRIPE)))
        y += 14.0
    return items


def _road(side: BoardSide, boxes: dict[int, Box]) -> list[Item]:
    """A band from each square's centre to the next one's, edged, and a dashed centre line where
    the road turns between rows."""
    sq = side.square_mm
    centres = [(x + s / 2, y + s / 2) for x, y, s, _ in (boxes[c] for c in sorted(boxes))]
    legs = list(zip(centres, centres[1:]))
    items: list[Item] = []
    for width, colour in ((sq + 4.0, ROAD_EDGE), (sq + 1.0, ROAD)):
        items += [Line(x1, y1, x2, y2, Style(stroke=colour, width=width, round_caps=True))
                  for (x1, y1), (x2, y2) in legs]
    for (x1, y1), (x2, y2) in legs:
        if abs(y2 - y1) > 1e-6:
            items.append(Line(x1, y1 + sq / 2 + 1.0, x2, y2 - sq / 2 - 1.0,
                              Style(stroke=CENTRE_LINE, width=0.8, dash=(3.0, 2.0))))
    return items


def _squares(boxes: dict[int, Box]) -> list[Item]:
    return [Rect(x + 1.0, y + 1.0, s - 2.0, s - 2.0, Style(fill=PAPER, stroke=INK, width=0.5), radius=2.5)
            for x, y, s, _ in (boxes[c] for c in sorted(boxes))]


def _labels(ctx: _Ctx, boxes: dict[int, Box]) -> list[Item]:
    """Each mark's number, large, and its label, at the foot of its square."""
    items: list[Item] = []
    for column, mark in sorted(marks(ctx.side).items()):
        x, y, s, _ = boxes[column]
        if mark.number is not None:
            items += ctx.fit(str(mark.number), textfit.Box(x + 3, y + 3, s - 6, s * 0.55, 30, 8), "sans-black")
        if mark.label:
            items += ctx.fit(mark.label, textfit.Box(x + 2, y + s * 0.62, s - 4, s * 0.3, 7.5, 4.5), "sans-bold")
    return items


def _numbers(boxes: dict[int, Box]) -> list[Item]:
    """The square's number in the race, small in its top right corner."""
    return [textfit.line(str(c), x + s - 2.6, y + 4.6, "sans", 5.5, MUTED, "right")
            for c, (x, y, s, _) in sorted(boxes.items())]


def _panel(box: Box) -> list[Item]:
    x, y, w, h = box
    return [Rect(x + 1.4, y + 1.8, w, h, Style(fill=SHADOW, opacity=0.3), radius=3.0),
            Rect(x, y, w, h, Style(fill=PAPER, stroke=INK, width=0.5), radius=3.0)]


def _legend(ctx: _Ctx) -> list[Item]:
    """A panel: its title, then one entry (a plain square and the text) per kind of mark with a text."""
    areas = ctx.side.areas_of("legend")
    if not areas:
        return []
    x, y, w, h = box = areas[0].box
    items = _panel(box)
    title = say(ctx.texts, "legend_title", side=ctx.side, info=ctx.model.info)
    if title:
        items += ctx.fit(title.upper(), textfit.Box(x + 4, y + 2, w - 8, 7, 10, 6, align="left"), "sans-black")
    entries = legend_entries(ctx)
    if not entries:
        return items
    cols = min(len(entries), 5)
    rows = math.ceil(len(entries) / cols)
    cw, ch = (w - 6) / cols, (h - 12) / rows
    for i, text in enumerate(entries):
        cx, cy = x + 3 + (i % cols) * cw, y + 10 + (i // cols) * ch
        s = max(min(ch - 4, 12.0), 2.0)
        items.append(Rect(cx + 1, cy + (ch - s) / 2, s, s, Style(fill=PAPER, stroke=INK, width=0.35), radius=1.2))
        items += ctx.fit(text, textfit.Box(cx + s + 4, cy + 0.5, cw - s - 6, ch - 1, 10.0, 5.0, align="left"), "sans")
    return items


def legend_entries(ctx: _Ctx) -> list[str]:
    """The legend's text for each kind of mark of the side, in the order of the data: the board
    text ``legend_<kind>``, else ``legend_entry`` given the kind; kinds with neither are left out."""
    out: list[str] = []
    for kind in dict.fromkeys(m.kind for m in marks(ctx.side).values()):
        offered = dict(kind=kind, side=ctx.side, info=ctx.model.info)
        own = "legend_" + kind.replace("-", "_")
        text = say(ctx.texts, own, **offered) or say(ctx.texts, "legend_entry", **offered)
        if text:
            out.append(text)
    return out


def _title(ctx: _Ctx) -> list[Item]:
    """A panel: the game's title, the side's title, the stamp."""
    areas = ctx.side.areas_of("title")
    if not areas:
        return []
    x, y, w, h = box = areas[0].box
    info = ctx.model.info
    items = _panel(box)
    items += ctx.fit(info.title.upper(), textfit.Box(x + 6, y + 3, w - 12, h * 0.5, 34, 10, align="left"),
                     "sans-black")
    subtitle = say(ctx.texts, "side_title", side=ctx.side, info=info)
    if subtitle:
        items += ctx.fit(subtitle, textfit.Box(x + 6, y + h * 0.56, w - 12, h * 0.3, 11, 6, align="left"), "sans")
    items.append(ctx.line(info.stamp, x + 6, y + h - 2.5, "sans", 6, MUTED, "left", width=w - 12))
    return items


def say(texts: Texts, name: str, **offered: Any) -> str | None:
    """The board text ``name`` given those of ``offered`` that its macro takes; None when the game
    gives no such text or its macro wants a name that is not offered."""
    if not texts.has(name):
        return None
    macro = getattr(texts.module, name)
    takes = tuple(getattr(macro, "arguments", ()))
    needed = takes[:len(takes) - len(getattr(macro, "defaults", ()))]
    if any(a not in offered for a in needed):
        return None
    return texts(name, **{k: v for k, v in offered.items() if k in takes})


# --- where the board may be cut into tiles

def seam_hints(side: BoardSide, boxes: dict[int, Box], groups: tuple[Group, ...]) -> SeamHints:
    """What a seam between tiles should keep out of: every square of the track (a seam runs along
    their edges), the numbered marks (where the race starts), and each panel (a group named after a
    kind of area of the side: title, legend ...) with what is written and drawn on it."""
    starts = {c for c, mark in marks(side).items() if mark.number is not None}
    keep = [seams.Keep(*boxes[c], *((seams.START, "start") if c in starts else (seams.SQUARE, "square")))
            for c in sorted(boxes)]
    for group in groups:
        for area in side.areas_of(group.id)[:1]:
            keep += seams.item_keeps(group.items, seams.LABEL, "label", within=area.box)
    return SeamHints(tuple(keep))
