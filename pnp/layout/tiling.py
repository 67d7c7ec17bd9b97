"""A large piece cut into home-printer pages: tiles that overlap, with alignment marks,
a label on every page, and an assembly map; and the one-page full-size print for a print shop.

The piece is drawn once (a symbol) and every tile shows a clipped window on it, so the
overlap strips of neighbouring tiles carry exactly the same picture.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable
from dataclasses import dataclass

from pnp.layout import text as textfit
from pnp.layout.paper import Size
from pnp.layout.scene import (Circle, Group, Item, Line, Rect, Scene, Style, Symbol, Use, compose, scale,
                              translate)

OVERLAP = 12.0      # mm shown on both neighbouring tiles (at least 10 mm)
BAND = 8.0          # room at the top of a tile page for its label
SLUG = 14.0         # room around a full-size print for crop marks and the calibration line
MARK = Style(stroke="#000000", width=0.25)
HALO = Style(stroke="#FFFFFF", width=0.9)


@dataclass(frozen=True)
class TileGrid:
    """How a piece of ``w`` x ``h`` mm is cut into ``cols`` x ``rows`` tiles of ``tw`` x ``th``."""

    w: float
    h: float
    cols: int
    rows: int
    tw: float
    th: float
    overlap: float
    page: Size
    landscape: bool

    @property
    def page_w(self) -> float:
        return self.page.h if self.landscape else self.page.w

    @property
    def page_h(self) -> float:
        return self.page.w if self.landscape else self.page.h

    def origin(self, col: int, row: int) -> tuple[float, float]:
        """Top-left corner of tile (col, row) on the piece, in mm."""
        return col * (self.tw - self.overlap), row * (self.th - self.overlap)

    def name(self, col: int, row: int) -> str:
        """Tiles are named like map squares: column letter, row number (A1 at the top left)."""
        return f"{string.ascii_uppercase[col % 26]}{row + 1}"


def _fit(w: float, h: float, page: Size, landscape: bool, margin: float, overlap: float) -> TileGrid:
    pw, ph = (page.h, page.w) if landscape else (page.w, page.h)
    area_w, area_h = pw - 2 * margin, ph - 2 * margin - BAND
    cols = max(1, math.ceil((w - overlap) / (area_w - overlap)))
    rows = max(1, math.ceil((h - overlap) / (area_h - overlap)))
    tw = w if cols == 1 else (w + (cols - 1) * overlap) / cols
    th = h if rows == 1 else (h + (rows - 1) * overlap) / rows
    return TileGrid(w, h, cols, rows, tw, th, overlap, page, landscape)


def plan_tiles(w: float, h: float, page: Size, margin: float = 5.0, overlap: float = OVERLAP) -> TileGrid:
    """The fewest pages (portrait or landscape, portrait on a tie) that cover w x h mm."""
    options = [_fit(w, h, page, landscape, margin, overlap) for landscape in (False, True)]
    return min(options, key=lambda g: (g.cols * g.rows, g.landscape))


def _registration(x: float, y: float) -> list[Item]:
    """A cross in a circle, with a white halo so it reads on any colour."""
    r, arm = 2.2, 4.0
    return [Circle(x, y, r, HALO), Line(x - arm, y, x + arm, y, HALO), Line(x, y - arm, x, y + arm, HALO),
            Circle(x, y, r, MARK), Line(x - arm, y, x + arm, y, MARK), Line(x, y - arm, x, y + arm, MARK)]


def alignment_marks(grid: TileGrid) -> list[Item]:
    """Marks in the middle of every overlap strip, in the piece's coordinates."""
    items: list[Item] = []
    for col in range(1, grid.cols):
        x = grid.origin(col, 0)[0] + grid.overlap / 2
        for row in range(grid.rows):
            y0 = grid.origin(0, row)[1]
            items += _registration(x, y0 + grid.th * 0.25) + _registration(x, y0 + grid.th * 0.75)
    for row in range(1, grid.rows):
        y = grid.origin(0, row)[1] + grid.overlap / 2
        for col in range(grid.cols):
            x0 = grid.origin(col, 0)[0]
            items += _registration(x0 + grid.tw * 0.25, y) + _registration(x0 + grid.tw * 0.75, y)
    return items


def piece_symbol(scene: Scene, key: str) -> tuple[Symbol, tuple[float, float, float, float]]:
    """The scene as a symbol, and its trim box (the finished piece)."""
    trim = scene.trim or (0.0, 0.0, scene.width, scene.height)
    return Symbol(key, scene.width, scene.height, scene.items), trim


def tile_pages(scene: Scene, key: str, page: Size, label: Callable[[str, int, int], str],
               margin: float = 5.0, overlap: float = OVERLAP) -> tuple[TileGrid, list[Scene]]:
    """One page per tile, row by row. ``label(name, number, total)`` is printed on each."""
    symbol, (tx, ty, w, h) = piece_symbol(scene, key)
    grid = plan_tiles(w, h, page, margin, overlap)
    marks = tuple(alignment_marks(grid))
    pages = []
    total = grid.cols * grid.rows
    for row in range(grid.rows):
        for col in range(grid.cols):
            bx, by = grid.origin(col, row)
            ox = (grid.page_w - grid.tw) / 2
            oy = margin + BAND + (grid.page_h - 2 * margin - BAND - grid.th) / 2
            window = Group((Use(symbol, translate(-tx, -ty)), *marks), translate(ox - bx, oy - by),
                           clip=Rect(bx, by, grid.tw, grid.th, Style()))
            name = grid.name(col, row)
            items: list[Item] = [window, *_edge_ticks(grid, col, row, ox, oy)]
            if total == 1:  # the whole piece on one sheet: cut it out along its trim
                items += _trim_marks(ox, oy, grid.tw, grid.th, margin, grid.page_w, grid.page_h)
            items += _tile_head(label(name, len(pages) + 1, total), name if total > 1 else "", grid, ox, margin)
            pages.append(Scene(grid.page_w, grid.page_h, tuple(items), label=f"tile {name}"))
    return grid, pages


def _trim_marks(x: float, y: float, w: float, h: float, margin: float, page_w: float, page_h: float
                ) -> list[Item]:
    """Crop marks at the four corners of a piece printed whole, in the room around it (6 mm long,
    starting 2 mm from its edge), never past the page's printable margin."""
    def clamp(v: float, lo: float, hi: float) -> float:
        return max(lo, min(hi, v))

    items: list[Item] = []
    for cx in (x, x + w):
        for cy, d in ((y, -1), (y + h, 1)):
            a, b = clamp(cy + d * 2, margin, page_h - margin), clamp(cy + d * 8, margin, page_h - margin)
            if abs(b - a) > 1:
                items.append(Line(cx, a, cx, b, MARK))
    for cy in (y, y + h):
        for cx, d in ((x, -1), (x + w, 1)):
            a, b = clamp(cx + d * 2, margin, page_w - margin), clamp(cx + d * 8, margin, page_w - margin)
            if abs(b - a) > 1:
                items.append(Line(a, cy, b, cy, MARK))
    return items


def _tile_head(text: str, name: str, grid: TileGrid, ox: float, margin: float) -> list[Item]:
    """The tile's label from the left of the tile (or of the page, for a narrow tile) and its big
    name at the tile's right edge; the label shrinks, down to 5 pt, rather than run under the name."""
    if not name:  # a board on one sheet: its label alone
        return [textfit.line(text, min(ox, margin), margin + BAND - 2.5, "sans", 7.0, "#333333")]
    name_item = textfit.line(name, ox + grid.tw, margin + BAND - 2.0, "sans-black", 14.0, "#000000", "right")
    x0 = min(ox, margin) if textfit.fonts.width_mm(text, "sans", 7.0) > grid.tw - name_item.width - 4 else ox
    room = name_item.x - 4 - x0
    size = max(5.0, min(7.0, 7.0 * room / max(textfit.fonts.width_mm(text, "sans", 7.0), 1e-6)))
    return [textfit.line(text, x0, margin + BAND - 2.5, "sans", size, "#333333"), name_item]


def _edge_ticks(grid: TileGrid, col: int, row: int, ox: float, oy: float) -> list[Item]:
    """In the margin: where the overlap strips begin, so the next sheet's edge can be laid on it."""
    items: list[Item] = []
    dash = Style(stroke="#000000", width=0.25, dash=(1.0, 1.0))
    if col + 1 < grid.cols:
        x = ox + grid.tw - grid.overlap
        items += [Line(x, oy - 3, x, oy - 0.5, dash), Line(x, oy + grid.th + 0.5, x, oy + grid.th + 3, dash)]
    if row + 1 < grid.rows:
        y = oy + grid.th - grid.overlap
        items += [Line(ox - 3, y, ox - 0.5, y, dash), Line(ox + grid.tw + 0.5, y, ox + grid.tw + 3, y, dash)]
    return items


def assembly_map(scene: Scene, key: str, grid: TileGrid, title: str, steps: list[str],
                 calibration: str, margin: float = 5.0) -> Scene:
    """A page with the whole piece small, the tiles drawn on it, and how to put them together."""
    symbol, (tx, ty, w, h) = piece_symbol(scene, key)
    pw, ph = grid.page_w, grid.page_h
    box_w = pw - 2 * margin - 10
    box_h = (ph - 2 * margin) * 0.55
    k = min(box_w / w, box_h / h)
    x0, y0 = (pw - w * k) / 2, margin + 16
    items: list[Item] = [textfit.line(title, pw / 2, margin + 9, "sans-black", 16, "#000000", "center")]
    items.append(Group((Use(symbol, translate(-tx, -ty)),), compose(translate(x0, y0), scale(k)),
                       clip=Rect(0, 0, w, h, Style())))
    for row in range(grid.rows):
        for col in range(grid.cols):
            bx, by = grid.origin(col, row)
            items.append(Rect(x0 + bx * k, y0 + by * k, grid.tw * k, grid.th * k,
                              Style(stroke="#000000", width=0.5, fill="#FFFFFF", opacity=0.35)))
            items.append(textfit.line(grid.name(col, row), x0 + (bx + grid.tw / 2) * k,
                                      y0 + (by + grid.th / 2) * k + 4, "sans-black", 18, "#000000", "center"))
    y = y0 + h * k + 10
    box = textfit.Box(margin + 5, y, pw - 2 * margin - 10, ph - y - margin - 14, 10, 7, align="left",
                      valign="top")
    items += textfit.fit("\n".join(steps), box, "sans", "#000000")
    items += calibration_line(margin + 5, ph - margin - 6, calibration)
    return Scene(pw, ph, tuple(items), label="assembly map")


def calibration_line(x: float, y: float, note: str, length: float = 50.0, room: float | None = None
                     ) -> list[Item]:
    """A line exactly ``length`` mm long with end ticks, and its note beside it; given the ``room``
    (mm) left of the line's end, a note too long for it is set smaller, on two lines if need be."""
    items: list[Item] = [Line(x, y, x + length, y, MARK), Line(x, y - 1.2, x, y + 1.2, MARK),
                         Line(x + length, y - 1.2, x + length, y + 1.2, MARK)]
    if room is None or textfit.fonts.width_mm(note, "sans", 7) <= room - 3:
        items.append(textfit.line(note, x + length + 3, y + 1.2, "sans", 7, "#000000"))
        return items
    try:  # beside the line, smaller, on two lines if need be
        items += textfit.fit(note, textfit.Box(x + length + 3, y - 3.2, room - 3, 6.4, 7, 5, align="left"), "sans",
                             "#000000")
    except textfit.TextProblem:  # too narrow beside it: above the line, along its whole length
        items += textfit.fit(note, textfit.Box(x, y - 5.6, length + room - 1, 4.2, 7, 4, align="left",
                                               valign="bottom"), "sans", "#000000")
    return items


def trimmed(scene: Scene) -> Scene:
    """The scene cut to its trim box: the finished piece at true size, without its bleed."""
    if scene.trim is None:
        return scene
    tx, ty, w, h = scene.trim
    return Scene(w, h, (Group(scene.items, translate(-tx, -ty), clip=Rect(tx, ty, w, h, Style())),),
                 label=scene.label, meta=scene.meta)


def full_size_page(scene: Scene, key: str, calibration: str, label: str) -> Scene:
    """The piece at 100 % on one page, with a slug around its bleed for crop marks, the
    calibration line and a label; TrimBox and BleedBox say where to cut."""
    tx, ty, w, h = scene.trim or (0.0, 0.0, scene.width, scene.height)
    bx, by, bw, bh = scene.bleed or (0.0, 0.0, scene.width, scene.height)
    pw, ph = scene.width + 2 * SLUG, scene.height + 2 * SLUG
    items: list[Item] = [Group(scene.items, translate(SLUG, SLUG))]
    left, top, right, bottom = SLUG + tx, SLUG + ty, SLUG + tx + w, SLUG + ty + h
    gap = SLUG + bx - 1.0  # marks stop 1 mm before the bleed
    for x in (left, right):
        items += [Line(x, 2, x, gap, MARK), Line(x, ph - gap, x, ph - 2, MARK)]
    for y in (top, bottom):
        items += [Line(2, y, gap, y, MARK), Line(pw - gap, y, pw - 2, y, MARK)]
    # the note stops before the right-hand crop mark
    items += calibration_line(left + 8, ph - 6, calibration, room=right - 2 - (left + 8 + 50))
    items.append(textfit.line(label, left + 8, 7.5, "sans", min(7.0, 7.0 * (pw - left - 10) / max(
        textfit.fonts.width_mm(label, "sans", 7), 1e-6)), "#333333"))
    return Scene(pw, ph, tuple(items), label="full size", trim=(left, top, w, h),
                 bleed=(SLUG + bx, SLUG + by, bw, bh))
