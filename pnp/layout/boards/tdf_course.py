"""The Tour de France (MB) course: one straight road of square spaces raced by all five stages.

Drawn on the road of pnp.layout.board (grass, barriers, asphalt, square edges, distance badges and line
signs), with what this game adds: the team start bands (in team colour, with the team letter), the team
time trial corridors (a coloured edge along each team's lanes), the two individual time trial start
squares, the red dots (risk squares), the green line at mid-stage, the finish line, the stage finish table
(one numbered slot per cyclist), a legend and the title.

Groups (ids): road, squares, corridors, bands, risk, lines, labels, finish-table, legend, title.
Texts come from the game's templates/board.j2. The scene's ``meta["seams"]`` lists what a seam between tiles
should keep out of (pnp.layout.seams): the start bands and time trial squares count as start squares.
"""

from __future__ import annotations

from pnp.layout import board as base
from pnp.layout import text as textfit
from pnp.layout.boards.frame import board_of, board_page, board_texts
from pnp.layout.scene import Circle, Group, Item, Line, Rect, Scene, Style
from pnp.model.boards import BoardSide
from pnp.model.game_model import GameModel

YELLOW = "#F4C300"
DOT = "#E02A2A"
GREEN_LINE = "#1E9A48"


def board_scene(model: GameModel, side: BoardSide, bleed: float = base.BLEED) -> Scene:
    board = board_of(model, side)
    w, h = board.size_mm(side)
    ctx = base._Ctx(model, board, side, board_texts(model), w, h, bleed)
    groups = (
        Group(tuple(base._road(ctx)), id="road"),
        Group(tuple(base._squares(ctx)), id="squares"),
        Group(tuple(_corridors(ctx)), id="corridors"),
        Group(tuple(_bands(ctx)), id="bands"),
        Group(tuple(_risk(ctx)), id="risk"),
        Group(tuple(_lines(ctx)), id="lines"),
        Group(tuple(base._labels(ctx)), id="labels"),
        Group(tuple(_finish_table(ctx)), id="finish-table"),
        Group(tuple(_legend(ctx)), id="legend"),
        Group(tuple(_title(ctx)), id="title"),
    )
    starts = [(s.column, s.lane) for kind in ("band", "itt-start") for s in side.marks(kind)]
    hints = base.seam_hints(ctx, groups, starts, lines=("lines", "corridors"))
    return board_page(board, side, groups, w, h, bleed, seams=hints)


def _teams(ctx):
    facts = ctx.model.facts
    return [ctx.model.colour(t) for t in facts.teams]


def _corridors(ctx) -> list[Item]:
    """A thin line in team colour along the outer edges of each team's time trial corridor, and a dashed
    yellow edge around the two individual time trial lanes (drawn at the start, before the bands)."""
    side, facts = ctx.side, ctx.model.facts
    items: list[Item] = []
    x0, x1 = side.x_mm(1), side.x_mm(side.columns + 1)
    for colour in _teams(ctx):
        lanes = facts.corridor(colour.id)
        y0, y1 = side.y_mm(min(lanes)), side.y_mm(max(lanes) + 1)
        for y in (y0 + 0.6, y1 - 0.6):
            items.append(Line(x0, y, x1, y, Style(stroke=colour.hex, width=1.2)))
        # the corridor's letter at the start of the road, on the verge-side edge
        items.append(Rect(x0 - ctx.bleed - 12, y0 + 2, 10 + ctx.bleed, y1 - y0 - 4,
                          Style(fill=colour.hex, stroke=base.INK, width=0.3)))
        items.append(ctx.line(colour.letter, x0 - 7, (y0 + y1) / 2 + 2.5, "sans-black", 10, colour.ink))
    return items


def _bands(ctx) -> list[Item]:
    side, sq = ctx.side, ctx.sq
    teams = _teams(ctx)
    items: list[Item] = []
    for s in side.marks("band"):
        colour = teams[(s.number or 1) - 1]
        x, y = side.x_mm(s.column), side.y_mm(s.lane)
        items.append(Rect(x + 1.2, y + 1.2, sq - 2.4, sq - 2.4, Style(fill=colour.hex, stroke=base.INK, width=0.4),
                          radius=1.5))
        items.append(ctx.line(colour.letter, x + sq / 2, y + sq / 2 + 3.5, "sans-black", 13, colour.ink))
    for s in side.marks("itt-start"):
        x, y = side.x_mm(s.column), side.y_mm(s.lane)
        items.append(Rect(x + 1.5, y + 1.5, sq - 3, sq - 3, Style(stroke=YELLOW, width=1.2, dash=(2.5, 1.5)),
                          radius=1.5))
        items.append(ctx.line(ctx.text("itt_mark", n=s.number), x + sq / 2, y + sq / 2 + 2.6, "sans-black", 9, YELLOW))
    return items


def _red_dot(x: float, y: float, r: float) -> list[Item]:
    return [Circle(x, y, r + 1.2, Style(fill="#FFFFFF")), Circle(x, y, r, Style(fill=DOT))]


def _risk(ctx) -> list[Item]:
    side, sq = ctx.side, ctx.sq
    items: list[Item] = []
    for s in side.marks("risk"):
        items += _red_dot(side.x_mm(s.column) + sq / 2, side.y_mm(s.lane) + sq / 2, sq * 0.18)
    return items


def _lines(ctx) -> list[Item]:
    items: list[Item] = []
    for line, x, y0, y1 in base.crossings(ctx.side):
        if line.kind == "finish":
            items += base._chequer(x - 5.0, y0, y1, 5.0)
        else:
            items.append(Rect(x - 2.25, y0, 4.5, y1 - y0, Style(fill=GREEN_LINE, stroke="#FFFFFF", width=0.5)))
    return items


def _finish_table(ctx) -> list[Item]:
    """The stage finish table: one numbered slot per cyclist, in finishing order."""
    areas = ctx.side.areas_of("finish-table")
    if not areas:
        return []
    x, y, w, h = areas[0].box
    slots = ctx.model.facts.components.finish_slots
    head = 12.0
    items: list[Item] = [base._shadow(x, y, w, h, 3.0),
                         Rect(x, y, w, h, Style(fill=base.PAPER, stroke=base.INK, width=0.5), radius=3.0),
                         Rect(x, y, w, head, Style(fill=YELLOW), radius=3.0),
                         Rect(x, y + head - 4, w, 4, Style(fill=YELLOW)),
                         Rect(x, y + head, w, 0.8, Style(fill=base.INK))]
    items += ctx.fit(ctx.text("finish_table_title").upper(), textfit.Box(x + 4, y + 1.5, w - 8, head - 3, 11, 7),
                     "sans-black", base.INK)
    gap = 2.0
    cell = (w - 8 - (slots - 1) * gap) / slots
    top = y + head + 4
    size = min(cell, h - head - 8)
    for i in range(slots):
        cx = x + 4 + i * (cell + gap)
        items.append(Rect(cx, top, cell, size, Style(fill="#FFFFFF", stroke=base.SQUARE_EDGE, width=0.5), radius=1.5))
        items.append(ctx.line(str(i + 1), cx + cell / 2, top + size / 2 + 4, "sans-black", 14, "#D5D1C6"))
    return items


def _legend(ctx) -> list[Item]:
    areas = ctx.side.areas_of("legend")
    if not areas:
        return []
    x, y, w, h = areas[0].box
    items: list[Item] = [base._shadow(x, y, w, h, 3.0),
                         Rect(x, y, w, h, Style(fill=base.PAPER, stroke=base.INK, width=0.5), radius=3.0)]
    teams = _teams(ctx)
    entries = ["band", "corridor", "itt", "risk", "green", "finish"]
    rows = 3
    cw, ch = (w - 4) / 2, (h - 4) / rows
    for i, kind in enumerate(entries):
        cx, cy = x + 2 + (i // rows) * cw, y + 2 + (i % rows) * ch
        s = ch - 6
        ix, iy = cx + 2, cy + 3
        items.append(Rect(ix, iy, s, s, Style(fill=base.ASPHALT), radius=1.0))
        if kind == "band":
            items.append(Rect(ix + 1, iy + 1, s - 2, s - 2, Style(fill=teams[0].hex), radius=1.0))
            items.append(ctx.line(teams[0].letter, ix + s / 2, iy + s / 2 + 2.4, "sans-black", 9, teams[0].ink))
        elif kind == "corridor":
            items += [Line(ix, iy + 1, ix + s, iy + 1, Style(stroke=teams[1].hex, width=1.2)),
                      Line(ix, iy + s - 1, ix + s, iy + s - 1, Style(stroke=teams[1].hex, width=1.2))]
        elif kind == "itt":
            items.append(Rect(ix + 1.5, iy + 1.5, s - 3, s - 3, Style(stroke=YELLOW, width=1.0, dash=(2.0, 1.2))))
        elif kind == "risk":
            items += _red_dot(ix + s / 2, iy + s / 2, s * 0.2)
        elif kind == "green":
            items.append(Rect(ix + s / 2 - 1.5, iy, 3, s, Style(fill=GREEN_LINE)))
        else:
            items += base._chequer(ix + s / 2 - 2.5, iy, iy + s, 2.5)
        box = textfit.Box(ix + s + 2.5, cy + 1, cw - s - 7, ch - 2, 7.5, 5.0, align="left")
        extra = {"n": ctx.model.facts.cyclists_per_team} if kind == "band" else {}
        items += ctx.fit(ctx.text(f"legend_{kind}", **extra), box, "sans", base.INK)
    return items


def _title(ctx) -> list[Item]:
    areas = ctx.side.areas_of("title")
    if not areas:
        return []
    x, y, w, h = areas[0].box
    model = ctx.model
    band = h * 0.5
    items: list[Item] = [base._shadow(x, y, w, h, 4.0),
                         Rect(x, y, w, h, Style(fill=base.PAPER, stroke=base.INK, width=0.6), radius=4.0),
                         Rect(x, y, w, band, Style(fill=YELLOW), radius=4.0),
                         Rect(x, y + band - 4.0, w, 4.0, Style(fill=YELLOW)),
                         Rect(x, y + band, w, 1.2, Style(fill=base.INK))]
    size = min(h * 0.8, 56.0)
    yellow = model.facts.jerseys.yellow
    from pnp.layout import jersey as jersey_art

    items.append(jersey_art.place(base._award_symbol(model, yellow), x + 4, y + (h - size) / 2, size))
    text_x = x + size + 8
    tw = x + w - 5 - text_x
    items += ctx.fit(model.info.title.upper(), textfit.Box(text_x, y + 3, tw, band - 5, 34, 14, align="left"),
                     "sans-black", base.INK)
    items += ctx.fit(ctx.text("side_title", side=ctx.side),
                     textfit.Box(text_x, y + band + 2, tw, h - band - 16, 13, 8, align="left"), "sans-bold", base.INK)
    items += ctx.fit(ctx.text("credits", info=model.info),
                     textfit.Box(text_x, y + h - 13.5, tw, 5.5, 8, 5.5, align="left"), "sans", base.INK)
    items.append(ctx.line(model.info.stamp, text_x, y + h - 3.6, "sans", 7, base.MUTED, "left"))
    return items
