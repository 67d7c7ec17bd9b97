"""The "quiz-track" board layout (Le jeu du Tour de France): one track of typed squares in race order.

The side's column n is the n-th square of the race (lane 1 only); each square carries one mark (a
space of kind prologue, town, polka, green, white, crash, puncture, chain, strategy, mishap, time-trial,
champs or finish). The squares are laid out in rows inside the side's area of kind "track": the first row
runs left to right, the next one right to left, and so on (a serpentine), joined by the road at the ends.
Each square is filled with its kind's colour and carries its icon (vector shapes) and a label: the
stage town's name, the prologue number, or the kind's name. A legend (icon, name and action of every kind)
and a title cartouche sit in their own areas.

Groups (ids): background, road, squares, labels, legend, title. Texts come from the game's templates/board.j2.
The scene's ``meta["seams"]`` lists what a seam between tiles should keep out of (pnp.layout.seams).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.layout import jersey as jersey_art
from pnp.layout import text as textfit
from pnp.layout.faces.tour_de_france_quiz import SQUARE_LOOK, _jersey_symbol, icon
from pnp.layout import seams
from pnp.layout.boards.frame import board_of, board_page, board_texts
from pnp.layout.scene import Group, Item, Line, Rect, Scene, Style
from pnp.layout.seams import SeamHints
from pnp.layout.templates import Texts
from pnp.model.boards import Board, BoardSide
from pnp.model.game_model import GameModel

BLEED = 3.0
BACKGROUND = "#CFE0B4"
BACKGROUND_STRIPE = "#C6D9A8"
ROAD = "#5A5F66"
ROAD_EDGE = "#F4F1E6"
INK = "#1F2328"
MUTED = "#5F646B"
PAPER = "#FBF8F1"
YELLOW = "#F4C300"


class TrackProblem(textfit.TextProblem):
    """A board text that cannot be drawn."""


@dataclass
class _Ctx:
    model: GameModel
    board: Board
    side: BoardSide
    texts: Texts

    def text(self, name: str, **kw) -> str:
        return self.texts(name, **kw)

    def fit(self, text: str, box: textfit.Box, font: str, fill: str = INK) -> tuple[Item, ...]:
        try:
            return textfit.fit(text, box, font, fill)
        except textfit.TextProblem as exc:
            raise TrackProblem(f"board {self.board.id} side {self.side.id}: {exc}") from None


def marks(side: BoardSide) -> dict[int, object]:
    """The typed square of every column."""
    return {s.column: s for s in side.spaces if s.kind not in ("road", "off")}


def positions(side: BoardSide) -> dict[int, tuple[float, float]]:
    """The top-left corner (mm) of every square: rows of the track area, turning back at each end."""
    area = side.areas_of("track")[0]
    sq = side.square_mm
    per_row = max(1, int(area.w // sq))
    rows = math.ceil(side.columns / per_row)
    gap = (area.h - rows * sq) / max(rows - 1, 1)
    x0 = area.x + (area.w - per_row * sq) / 2
    out = {}
    for n in range(1, side.columns + 1):
        r, i = divmod(n - 1, per_row)
        col = i if r % 2 == 0 else per_row - 1 - i
        out[n] = (x0 + col * sq, area.y + r * (sq + gap))
    return out


def board_scene(model: GameModel, side: BoardSide, bleed: float = BLEED) -> Scene:
    board = board_of(model, side)
    w, h = board.size_mm(side)
    ctx = _Ctx(model, board, side, board_texts(model))
    groups = (
        Group(tuple(_background(w, h, bleed)), id="background"),
        Group(tuple(_road(ctx)), id="road"),
        Group(tuple(_squares(ctx)), id="squares"),
        Group(tuple(_labels(ctx)), id="labels"),
        Group(tuple(_legend(ctx)), id="legend"),
        Group(tuple(_title(ctx)), id="title"),
    )
    return board_page(board, side, groups, w, h, bleed, seams=seam_hints(ctx, groups))


def seam_hints(ctx: _Ctx, groups: tuple[Group, ...]) -> SeamHints:
    """What a seam between tiles should keep out of: every square of the track (a seam runs along
    their edges), the prologue squares where the race starts, and the legend and title panels with
    what they hold."""
    side, sq = ctx.side, ctx.side.square_mm
    by_id = {g.id: g for g in groups}
    pos = positions(side)
    starts = {n for n, mark in marks(side).items() if mark.kind == "prologue"}
    keep = [seams.Keep(x, y, sq, sq, seams.START if n in starts else seams.SQUARE,
                       "start" if n in starts else "square") for n, (x, y) in sorted(pos.items())]
    for kind in ("legend", "title"):
        for area in side.areas_of(kind)[:1]:
            keep += seams.item_keeps(by_id[kind].items, seams.LABEL, "label", within=area.box)
    return SeamHints(tuple(keep))


def _background(w: float, h: float, bleed: float) -> list[Item]:
    items: list[Item] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=BACKGROUND))]
    y = -bleed
    while y < h + bleed:
        items.append(Rect(-bleed, y, w + 2 * bleed, 6.0, Style(fill=BACKGROUND_STRIPE)))
        y += 14.0
    return items


def _road(ctx: _Ctx) -> list[Item]:
    """The road under the squares: a band from each square's centre to the next one's."""
    side, sq = ctx.side, ctx.side.square_mm
    pos = positions(side)
    centres = [(x + sq / 2, y + sq / 2) for x, y in (pos[n] for n in range(1, side.columns + 1))]
    items: list[Item] = []
    for width, colour in ((sq + 4.0, ROAD_EDGE), (sq + 1.0, ROAD)):
        for (x1, y1), (x2, y2) in zip(centres, centres[1:]):
            items.append(Line(x1, y1, x2, y2, Style(stroke=colour, width=width, round_caps=True)))
    # the centre line where the road turns between rows
    for (x1, y1), (x2, y2) in zip(centres, centres[1:]):
        if abs(y2 - y1) > 1e-6:
            my0, my1 = y1 + sq / 2 + 1.0, y2 - sq / 2 - 1.0
            items.append(Line(x1, my0, x2, my1, Style(stroke="#FFFFFF", width=0.8, dash=(3.0, 2.0))))
    return items


def _squares(ctx: _Ctx) -> list[Item]:
    side, sq, model = ctx.side, ctx.side.square_mm, ctx.model
    pos = positions(side)
    items: list[Item] = []
    for n, mark in sorted(marks(side).items()):
        x, y = pos[n]
        fill, ink = SQUARE_LOOK.get(mark.kind, ("#FFFFFF", INK))
        items.append(Rect(x + 1.0, y + 1.0, sq - 2.0, sq - 2.0, Style(fill=fill, stroke=INK, width=0.5), radius=2.5))
        if mark.kind == "champs":  # the cobbles of the avenue, under the icon
            items += [Rect(x + 2.5 + i * 6.2, y + sq - 5.2, 5.4, 2.6, Style(fill="#D3CBE6"), radius=0.6)
                      for i in range(5)]
        s = sq * 0.52
        if mark.kind == "prologue":
            items += icon(model, "prologue", x + 3.0, y + 3.0, sq * 0.34)
        else:
            items += icon(model, mark.kind, x + (sq - s) / 2, y + 3.0, s)
    return items


def _labels(ctx: _Ctx) -> list[Item]:
    side, sq = ctx.side, ctx.side.square_mm
    pos = positions(side)
    items: list[Item] = []
    for n, mark in sorted(marks(side).items()):
        x, y = pos[n]
        ink = SQUARE_LOOK.get(mark.kind, ("#FFFFFF", INK))[1]
        if mark.kind == "prologue":
            items += ctx.fit(str(mark.number), textfit.Box(x + sq * 0.4, y + 2, sq * 0.55, sq * 0.55, 30, 14),
                             "sans-black", INK)
            label = ctx.text("square_short", kind=mark.kind).upper()
        elif mark.kind == "town":
            label = mark.label
        else:
            label = ctx.text("square_short", kind=mark.kind).upper()
        box = textfit.Box(x + 2.0, y + sq * 0.62, sq - 4.0, sq * 0.3, 7.5, 4.5)
        items += ctx.fit(label, box, "sans-black" if mark.kind == "town" else "sans-bold", ink if mark.kind != "town" else INK)
    # the square's number in the race, small in a corner, for counting a move back
    for n in range(1, side.columns + 1):
        x, y = pos[n]
        items.append(textfit.line(str(n), x + sq - 2.6, y + 4.6, "sans", 5.5, MUTED, "right"))
    return items


def _panel(x: float, y: float, w: float, h: float) -> list[Item]:
    return [Rect(x + 1.4, y + 1.8, w, h, Style(fill="#1B3A1F", opacity=0.3), radius=3.0),
            Rect(x, y, w, h, Style(fill=PAPER, stroke=INK, width=0.5), radius=3.0)]


def _legend(ctx: _Ctx) -> list[Item]:
    areas = ctx.side.areas_of("legend")
    if not areas:
        return []
    x, y, w, h = areas[0].box
    f = ctx.model.facts
    kinds = list(f.squares)
    items = _panel(x, y, w, h)
    items += ctx.fit(ctx.text("legend_title").upper(), textfit.Box(x + 4, y + 2, w - 8, 7, 10, 7, align="left"),
                     "sans-black", INK)
    cols = 5
    rows = math.ceil(len(kinds) / cols)
    cw, ch = (w - 6) / cols, (h - 12) / rows
    for i, kind in enumerate(kinds):
        cx, cy = x + 3 + (i % cols) * cw, y + 10 + (i // cols) * ch
        s = min(ch - 4, 16.0)
        fill = SQUARE_LOOK.get(kind, ("#FFFFFF", INK))[0]
        items.append(Rect(cx + 1, cy + 1, s + 2, s + 2, Style(fill=fill, stroke=INK, width=0.35), radius=1.2))
        items += icon(ctx.model, kind, cx + 2, cy + 2, s)
        items += ctx.fit(ctx.text("legend_entry", kind=kind, action=f.squares[kind].action, setback=f.setback),
                         textfit.Box(cx + s + 5, cy + 0.5, cw - s - 7, ch - 1, 10.0, 6.0, align="left"), "sans", INK)
    return items


def _title(ctx: _Ctx) -> list[Item]:
    areas = ctx.side.areas_of("title")
    if not areas:
        return []
    x, y, w, h = areas[0].box
    model = ctx.model
    items = _panel(x, y, w, h)
    items.append(Rect(x, y, 12, h, Style(fill=YELLOW), radius=3.0))
    size = h - 6
    for i, key in enumerate(("yellow", "polka", "green", "white")):
        items.append(jersey_art.place(_jersey_symbol(model, key), x + w - 4 - (4 - i) * (size * 0.62), y + 4, size * 0.6))
    items += ctx.fit(model.info.title.upper(), textfit.Box(x + 18, y + 4, w * 0.62, h * 0.55, 34, 14, align="left"),
                     "sans-black", INK)
    items += ctx.fit(ctx.text("side_title", side=ctx.side, info=model.info),
                     textfit.Box(x + 18, y + h * 0.6, w * 0.62, h * 0.3, 11, 7, align="left"), "sans", INK)
    items.append(textfit.line(model.info.stamp, x + 18, y + h - 2.5, "sans", 6, MUTED, "left"))
    return items
