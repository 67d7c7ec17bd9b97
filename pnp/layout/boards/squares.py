"""A plain board of square spaces (``layout: squares`` in boards.yaml), for any game.

What it draws comes from the side's data only: the squares of its grid (the map's "." squares; "#"
squares are left blank), its marks (a mark with a ``number`` shows it, one with a ``label`` shows
that), its lines (a finish is chequered, any other line is a bar, each with its sign from the
``line_label`` text), and its areas: the title (the game's title, ``side_title``, ``credits``, the
stamp), the legend (an entry for each kind of mark and line the side has, for squares off the grid,
and the direction), and the token piles (a ring per token held, with its name). Paper and ink only,
so it prints well on any printer.

Texts come from the game's templates/board.j2: ``side_title(side)``, ``credits(info)``,
``line_label(kind)``, ``podium_title()``, ``legend_<kind>()`` for each kind of mark or line shown,
``legend_off()`` and ``direction()``. Groups (ids) and seam hints as in pnp.layout.board.
"""

from __future__ import annotations

from pnp.layout import text as textfit
from pnp.layout.board import _chequer, _Ctx, crossings, numbered, seam_hints
from pnp.layout.boards import decorations
from pnp.layout.boards.frame import board_of, board_page, board_texts
from pnp.layout.scene import Circle, Item, Line, Rect, Scene, Style, polygon
from pnp.model.boards import TERRAIN_KINDS, BoardSide
from pnp.model.game_model import GameModel

PAPER = "#FBF8F1"
INK = "#1F2328"
MUTED = "#6B6F76"
SQUARE = "#FFFFFF"
EDGE = "#8D939B"
MARK = "#E6E0D0"
FINISH = "finish"


def board_scene(model: GameModel, side: BoardSide, bleed: float = 3.0) -> Scene:
    """One side at full size: trim (bleed, bleed, w, h), the paper running into the bleed."""
    board = board_of(model, side)
    w, h = board.size_mm(side)
    ctx = _Ctx(model, board, side, board_texts(model), w, h, bleed)
    drawn = decorations.draw(model, board, side, (w, h), bleed, ctx.texts, crossings=list(crossings(side)))
    ctx.directed = any(g.id == "direction" for g in drawn)
    parts = (("road", _paper), ("squares", _squares), ("lines", _lines), ("labels", _labels),
             ("tokens", _tokens), ("legend", _legend), ("title", _title))
    groups = decorations.layered(drawn, ((gid, lambda make=make: make(ctx)) for gid, make in parts))
    return board_page(board, side, groups, w, h, bleed, seams=seam_hints(ctx, groups, numbered(side)))


def _paper(ctx: _Ctx) -> list[Item]:
    b = ctx.bleed
    return [Rect(-b, -b, ctx.w + 2 * b, ctx.h + 2 * b, Style(fill=PAPER))]


def _marks(side: BoardSide) -> list:
    return [s for s in side.spaces if s.kind not in TERRAIN_KINDS]


def legend_entries(side: BoardSide, directed: bool = False) -> list[tuple[str, str]]:
    """(icon, text macro) for what the side has: each kind of mark, each kind of line, squares off
    the grid; then the direction, when the board draws it (``directed``: a ``direction`` group of
    its decorations)."""
    entries: list[tuple[str, str]] = []
    for kind in dict.fromkeys(m.kind for m in _marks(side)):
        entries.append(("mark", f"legend_{kind}"))
    for kind in dict.fromkeys(line.kind for line in side.lines):
        entries.append((FINISH if kind == FINISH else "line", f"legend_{kind}"))
    if any(not side.is_road(c, l) for c, l in side.squares()):
        entries.append(("off", "legend_off"))
    return entries + ([("direction", "direction")] if directed else [])


def _squares(ctx: _Ctx) -> list[Item]:
    side, sq = ctx.side, ctx.sq
    items: list[Item] = []
    for c, l in side.road():
        items.append(Rect(side.x_mm(c), side.y_mm(l), sq, sq, Style(fill=SQUARE, stroke=EDGE, width=0.5)))
    for mark in _marks(side):
        if not side.is_road(mark.column, mark.lane):
            continue
        x, y = side.x_mm(mark.column), side.y_mm(mark.lane)
        items.append(Rect(x + 1.2, y + 1.2, sq - 2.4, sq - 2.4, Style(fill=MARK), radius=1.5))
        text = str(mark.number) if mark.number is not None else mark.label
        if text:
            size = min(sq * 2.0, 28.0) if mark.number is not None else min(sq * 0.8, 10.0)
            items.append(ctx.line(text, x + sq / 2, y + sq / 2 + size * 0.125, "sans-black", size, INK))
    return items


def _lines(ctx: _Ctx) -> list[Item]:
    items: list[Item] = []
    for line, x, y0, y1 in crossings(ctx.side):
        if line.kind == FINISH:
            items += _chequer(x - 4.0, y0, y1, 4.0)
        else:
            items.append(Rect(x - 1.2, y0, 2.4, y1 - y0, Style(fill=INK)))
    return items


def _labels(ctx: _Ctx) -> list[Item]:
    """The sign of each line, above the grid where the line meets it."""
    items: list[Item] = []
    for line, x, y0, _ in crossings(ctx.side):
        text = ctx.text("line_label", kind=line.kind)
        if text:
            items.append(ctx.line(text.upper(), x, y0 - 2.5, "sans-black", 10, INK))
    return items


def _panel(x: float, y: float, w: float, h: float) -> list[Item]:
    return [Rect(x, y, w, h, Style(fill="#FFFFFF", stroke=INK, width=0.5), radius=2.5)]


def _tokens(ctx: _Ctx) -> list[Item]:
    """A panel with a dashed ring per pile of tokens it holds, and the token's name."""
    areas = ctx.side.areas_of("tokens")
    if not areas:
        return []
    x, y, w, h = areas[0].box
    items = _panel(x, y, w, h)
    items += ctx.fit(ctx.text("podium_title"), textfit.Box(x + 3, y + 2, w - 6, 8, 11, 7), "sans-bold", INK)
    piles = [t for t in ctx.model.tokens if t.id in areas[0].holds]
    if not piles:
        return items
    step = (w - 6) / len(piles)
    for i, token in enumerate(piles):
        cx = x + 3 + (i + 0.5) * step
        r = min(token.size_mm / 2 + 1.2, step / 2 - 1, (h - 22) / 2)
        cy = y + 12 + r
        items.append(Circle(cx, cy, r, Style(stroke=MUTED, width=0.6, dash=(2.2, 1.6))))
        items += ctx.fit(token.name or token.id, textfit.Box(cx - step / 2 + 1, cy + r + 1.5, step - 2, 6, 8, 5.5),
                         "sans", INK)
    return items


def _legend(ctx: _Ctx) -> list[Item]:
    areas = ctx.side.areas_of("legend")
    if not areas:
        return []
    x, y, w, h = areas[0].box
    items = _panel(x, y, w, h)
    entries = legend_entries(ctx.side, ctx.directed)
    cols = 3
    rows = (len(entries) + cols - 1) // cols
    cw, ch = (w - 6) / cols, (h - 6) / rows
    for i, (icon, macro) in enumerate(entries):
        cx, cy = x + 3 + (i % cols) * cw, y + 3 + (i // cols) * ch
        s = min(ch - 4, 14.0)
        ix, iy = cx + 2, cy + (ch - s) / 2
        items += _icon(icon, ix, iy, s)
        box = textfit.Box(ix + s + 3, cy + 1, cw - s - 8, ch - 2, 9.5, 6, align="left")
        items += ctx.fit(ctx.text(macro), box, "sans", INK)
    return items


def _icon(kind: str, x: float, y: float, s: float) -> list[Item]:
    square = Rect(x, y, s, s, Style(fill=SQUARE, stroke=EDGE, width=0.5))
    if kind == "mark":
        return [square, Rect(x + 1, y + 1, s - 2, s - 2, Style(fill=MARK), radius=1.0)]
    if kind == FINISH:
        return [square, *_chequer(x + s / 2 - 2.0, y, y + s, 2.0)]
    if kind == "line":
        return [square, Rect(x + s / 2 - 0.9, y, 1.8, s, Style(fill=INK))]
    if kind == "off":
        return [Rect(x, y, s, s, Style(stroke=EDGE, width=0.5, dash=(1.5, 1.2)))]
    m = s / 2
    return [polygon([(x, y + m - 2), (x + s - 6, y + m - 2), (x + s - 6, y + m - 5), (x + s, y + m),
                     (x + s - 6, y + m + 5), (x + s - 6, y + m + 2), (x, y + m + 2)], Style(fill=INK))]


def _title(ctx: _Ctx) -> list[Item]:
    areas = ctx.side.areas_of("title")
    if not areas:
        return []
    x, y, w, h = areas[0].box
    info = ctx.model.info
    items = _panel(x, y, w, h)
    items += ctx.fit(info.title.upper(), textfit.Box(x + 4, y + 2, w - 8, h * 0.42, 30, 12, align="left"),
                     "sans-black", INK)
    items.append(Line(x + 4, y + h * 0.46, x + w - 4, y + h * 0.46, Style(stroke=INK, width=0.4)))
    items += ctx.fit(ctx.text("side_title", side=ctx.side),
                     textfit.Box(x + 4, y + h * 0.5, w - 8, h * 0.22, 13, 7, align="left"), "sans-bold", INK)
    items += ctx.fit(ctx.text("credits", info=info),
                     textfit.Box(x + 4, y + h * 0.72, w - 8, h * 0.14, 8, 5.5, align="left"), "sans", INK)
    items.append(ctx.line(info.stamp, x + 4, y + h - 2.2, "sans", 6.5, MUTED, "left", width=w - 8))
    return items
