"""A large piece cut into home-printer pages: tiles that overlap, with alignment marks,
a label on every page, and an assembly map; and the one-page full-size print for a print shop.

The piece is drawn once (a symbol) and every tile shows a clipped window on it, so the
overlap strips of neighbouring tiles carry exactly the same picture.

Tiles are laid row by row, from left to right, each one on the overlap strips of its left and
upper neighbours: the seam that shows is the left (top) edge of the tile on top, where it is cut
along its picture. Seams are placed by the piece's features (pnp.layout.seams: along the edges
of squares, clear of start squares, lines and labels), column by column and row by row, so tiles
may differ in size. Nothing but the picture is printed where it will show: the targets that
register two tiles sit on a strip that the next row covers, or in a margin that is cut away,
centred on the cut line so that their two halves meet; the tile's name and label sit in a margin
that stays until the tile is laid, or on a strip that another tile covers. Nothing is printed
closer than ``SAFE`` mm to the edge of the page.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable
from dataclasses import dataclass, replace

from pnp.layout import text as textfit
from pnp.layout.paper import Size
from pnp.layout.scene import (Circle, Group, Item, Line, Rect, Scene, Style, Symbol, Use, compose, rotate, scale,
                              translate)
from pnp.layout.seams import START, SeamHints, choose_cuts, hints_of

OVERLAP = 12.0      # mm shown on both neighbouring tiles (at least 10 mm)
SAFE = 6.0          # nothing printed closer to the edge of the page (printers leave 5 mm blank)
SLUG = 14.0         # room around a full-size print for crop marks and the calibration line
BAND = 8.0          # room above a piece printed whole on one sheet, for its label
TARGET_R, TARGET_ARM = 1.8, 3.2   # a target: a circle and a cross
TARGET_OFF = 4.5    # a target in a margin: its centre this far from the picture
MARK_ROOM = 8.5     # the room a row of targets takes in a margin
FOOT = 7.0          # the room a tile's label takes in a margin
LEAST = 3 * OVERLAP  # the least of its own a tile shows
TILES = "board tiles and assembly map (kit pages)"
"""The component the tiles' labels, notes and titles are told as to translators (pnp.layout.rooms)."""
MARK = Style(stroke="#000000", width=0.25)
HALO = Style(stroke="#FFFFFF", width=0.9)
GUIDE = Style(stroke="#000000", width=0.25, dash=(1.0, 1.0))
PLATE = Style(fill="#FFFFFF", stroke="#8A8F98", width=0.2)


def page_edge(margin: float) -> float:
    """How far from the page's edge anything is printed: 1 mm inside the printer's margin, and
    never closer than SAFE."""
    return max(SAFE, margin + 1.0)


@dataclass(frozen=True)
class Placement:
    """Where a tile's picture sits on its page (top-left corner, mm), and which of its margins
    hold targets ("top", "bottom", "left", "right") or have room for its label (under it: "foot";
    on its right: "side")."""

    ox: float
    oy: float
    room: frozenset[str]


@dataclass(frozen=True)
class TileGrid:
    """How a piece of ``w`` x ``h`` mm is cut: the tiles of column c start at ``xs[c]``, those of
    row r at ``ys[r]``; each tile reaches ``overlap`` mm past the start of the next one."""

    w: float
    h: float
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    overlap: float
    page: Size
    landscape: bool
    edge: float = SAFE
    cost: float = 0.0
    """What the seams cost (pnp.layout.seams): 0 when every seam keeps clear of the features."""
    starts: int = 0
    """How many start squares the seams cut through."""

    @property
    def cols(self) -> int:
        return len(self.xs)

    @property
    def rows(self) -> int:
        return len(self.ys)

    @property
    def page_w(self) -> float:
        return self.page.h if self.landscape else self.page.w

    @property
    def page_h(self) -> float:
        return self.page.w if self.landscape else self.page.h

    def origin(self, col: int, row: int) -> tuple[float, float]:
        """Top-left corner of tile (col, row) on the piece, in mm."""
        return self.xs[col], self.ys[row]

    def box(self, col: int, row: int) -> tuple[float, float, float, float]:
        """The part of the piece that tile (col, row) prints: x, y, w, h (its overlap strips included)."""
        x, y = self.origin(col, row)
        x1 = self.xs[col + 1] + self.overlap if col + 1 < self.cols else self.w
        y1 = self.ys[row + 1] + self.overlap if row + 1 < self.rows else self.h
        return x, y, x1 - x, y1 - y

    def visible(self, col: int, row: int) -> tuple[float, float, float, float]:
        """The part of tile (col, row) that shows on the assembled piece: its box without the strips
        that its right and lower neighbours cover."""
        x, y = self.origin(col, row)
        x1 = self.xs[col + 1] if col + 1 < self.cols else self.w
        y1 = self.ys[row + 1] if row + 1 < self.rows else self.h
        return x, y, x1 - x, y1 - y

    def name(self, col: int, row: int) -> str:
        """Tiles are named like map squares: column letter, row number (A1 at the top left)."""
        return f"{string.ascii_uppercase[col % 26]}{row + 1}"

    def cells(self) -> list[tuple[int, int]]:
        """Every tile, row by row: the order they are printed and laid in."""
        return [(c, r) for r in range(self.rows) for c in range(self.cols)]

    def placement(self, col: int, row: int) -> Placement:
        """Where tile (col, row) sits on its page: the room its margins need first (targets, the
        label), the rest shared equally. Tiles of one row share their height on the page, tiles of
        one column their left edge, so the halves of a target in a margin always meet."""
        _, _, tw, th = self.box(col, row)
        last_row, last_col = row == self.rows - 1, col == self.cols - 1
        oy, vertical = _share(self.page_h, th, self.edge, [
            ("bottom", False, MARK_ROOM, last_row and self.cols > 1), ("foot", False, FOOT, True),
            ("top", True, MARK_ROOM, row == 0 and self.cols > 1)])
        ox, horizontal = _share(self.page_w, tw, self.edge, [
            ("left", True, MARK_ROOM, col == 0 and self.rows > 1),
            ("right", False, MARK_ROOM, last_col and self.rows > 1), ("side", False, FOOT, last_col)])
        return Placement(ox, oy, vertical | horizontal)


def _share(page: float, size: float, edge: float, wants: list[tuple[str, bool, float, bool]]
           ) -> tuple[float, frozenset[str]]:
    """Where a picture ``size`` mm long starts on a page ``page`` mm long, and which of ``wants``
    (name, before the picture?, room, wanted?) it leaves room for, in that order."""
    spare, before, granted = page - 2 * edge - size, 0.0, set()
    for name, first, room, wanted in wants:
        if wanted and spare >= room - 1e-9:
            spare -= room
            before += room if first else 0.0
            granted.add(name)
    return edge + before + max(spare, 0.0) / 2, frozenset(granted)


# --- planning: how many tiles, and where the seams go

@dataclass(frozen=True)
class Room:
    """Room (mm) a plan keeps in the margins: for targets above the first row, below the last one and
    beside the first and last columns; for the label under every row, under the last row only, or
    right of the last column."""

    top: float = 0.0
    bottom: float = 0.0
    side: float = 0.0
    foot: float = 0.0
    last_foot: float = 0.0
    right_label: float = 0.0


# a plan takes the most comfortable of these that costs no more than the tightest, as long as every
# tile keeps a place for its name (a piece without hints: the even split, if its tiles have room)
LEVELS = (Room(MARK_ROOM, MARK_ROOM, MARK_ROOM, FOOT), Room(0.0, MARK_ROOM, MARK_ROOM, FOOT),
          Room(0.0, MARK_ROOM, MARK_ROOM, last_foot=FOOT), Room(0.0, MARK_ROOM, MARK_ROOM, right_label=FOOT),
          Room(last_foot=FOOT), Room(right_label=FOOT), Room())


def _limits(page: float, edge: float, n: int, first: float, last: float, every: float = 0.0) -> list[float]:
    """The longest each of ``n`` tiles of one axis may be: the page less its edges, less the
    room wanted in every tile's margin, the first tile's leading margin and the last one's trailing one."""
    out = []
    for i in range(n):
        room = every + (first if i == 0 else 0.0) + (last if i == n - 1 else 0.0)
        out.append(page - 2 * edge - room)
    return out


def _plan(w: float, h: float, page: Size, landscape: bool, cols: int, rows: int, edge: float, overlap: float,
          hints: SeamHints) -> TileGrid | None:
    """The best grid of ``cols`` x ``rows`` tiles on ``page``, or None if they cannot cover the piece."""
    pw, ph = (page.h, page.w) if landscape else (page.w, page.h)
    found = []
    for room in LEVELS if hints.keep else (Room(), *LEVELS):  # without hints: an even split first
        side = room.side if rows > 1 else 0.0
        top, bottom = (room.top, room.bottom) if cols > 1 else (0.0, 0.0)
        by_x = choose_cuts(w, _limits(pw, edge, cols, side, side + room.right_label), overlap, hints, 0, LEAST)
        by_y = choose_cuts(h, _limits(ph, edge, rows, top, bottom + room.last_foot, room.foot), overlap, hints, 1,
                           LEAST)
        if by_x is None or by_y is None:
            continue
        grid = TileGrid(w, h, by_x.starts, by_y.starts, overlap, page, landscape, edge, by_x.cost + by_y.cost)
        if all(_named(grid, col, row) for col, row in grid.cells()):
            found.append(grid)
    if not found:
        return None
    least = min(g.cost for g in found)
    grid = next(g for g in found if g.cost <= least + 1e-9)
    starts = sum(1 for axis, cuts in ((0, grid.xs), (1, grid.ys)) for pos in cuts[1:]
                 for k in hints.crossed(axis, pos) if k.weight >= START)
    return replace(grid, starts=starts)


def _named(grid: TileGrid, col: int, row: int) -> bool:
    """Whether tile (col, row) has a place for its name (pnp.layout.tiling.label_slots)."""
    return any(s.length >= 20.0 and s.height >= FOOT - 1.0 - 1e-9
               for s in label_slots(grid, col, row, grid.placement(col, row)))


def _fewest(length: float, page: float, edge: float, overlap: float) -> int:
    """The fewest tiles of one axis that could cover ``length`` mm."""
    room = page - 2 * edge
    return max(1, math.ceil((length - overlap) / (room - overlap) - 1e-9))


def plan_tiles(w: float, h: float, page: Size, margin: float = 5.0, overlap: float = OVERLAP,
               hints: SeamHints | None = None) -> TileGrid:
    """The grid that cuts w x h mm over ``page``: no seam through a start square if a few more pages
    avoid it; then the fewest pages; then the seams that cost least (``hints``); portrait on a tie."""
    hints, edge = hints or SeamHints(), page_edge(margin)
    options = []
    for landscape in (False, True):
        pw, ph = (page.h, page.w) if landscape else (page.w, page.h)
        c0, r0 = _fewest(w, pw, edge, overlap), _fewest(h, ph, edge, overlap)
        for cols in (c0, c0 + 1):
            for rows in (r0, r0 + 1):
                grid = _plan(w, h, page, landscape, cols, rows, edge, overlap, hints)
                if grid is not None:
                    options.append(grid)
    return min(options, key=lambda g: (g.starts, g.cols * g.rows, g.cost, g.landscape))


# --- marks

@dataclass(frozen=True)
class Target:
    """A target centred on a seam, at (x, y) on the piece: the two tiles it registers each show
    the half on their side. ``margin`` names the margin it sits in ("" on an overlap strip that
    the next row covers)."""

    x: float
    y: float
    tiles: tuple[tuple[int, int], tuple[int, int]]
    margin: str = ""


def alignment_targets(grid: TileGrid) -> list[Target]:
    """The targets of every seam. A vertical seam has one on the strip under it that the next row
    covers, and one in the margin above the first row and below the last; a horizontal seam has one
    in the margin left of the first column and right of the last (a seam's other places show)."""
    out: list[Target] = []
    ov = grid.overlap
    for c in range(1, grid.cols):
        x = grid.xs[c]
        for r in range(grid.rows):
            pair = ((c - 1, r), (c, r))
            if r == 0:
                out.append(Target(x, -TARGET_OFF, pair, "top"))
            if r + 1 < grid.rows:
                out.append(Target(x, grid.ys[r + 1] + ov / 2, pair))
            else:
                out.append(Target(x, grid.h + TARGET_OFF, pair, "bottom"))
    for r in range(1, grid.rows):
        y = grid.ys[r]
        out.append(Target(-TARGET_OFF, y, ((0, r - 1), (0, r)), "left"))
        last = grid.cols - 1
        out.append(Target(grid.w + TARGET_OFF, y, ((last, r - 1), (last, r)), "right"))
    return out


def _registration(x: float, y: float) -> list[Item]:
    """A cross in a circle, with a white halo so it reads on any colour."""
    r, arm = TARGET_R, TARGET_ARM
    return [Circle(x, y, r, HALO), Line(x - arm, y, x + arm, y, HALO), Line(x, y - arm, x, y + arm, HALO),
            Circle(x, y, r, MARK), Line(x - arm, y, x + arm, y, MARK), Line(x, y - arm, x, y + arm, MARK)]


def _targets_on(grid: TileGrid, col: int, row: int, place: Placement) -> list[Item]:
    """The targets printed on tile (col, row), on its page, clipped to the printable part of the page
    (half of a target in a margin that is cut away may be left out)."""
    bx, by = grid.origin(col, row)
    items: list[Item] = []
    for t in alignment_targets(grid):
        if (col, row) in t.tiles and (not t.margin or t.margin in place.room):
            items += _registration(place.ox + t.x - bx, place.oy + t.y - by)
    if not items:
        return []
    e = grid.edge
    return [Group(tuple(items), clip=Rect(e, e, grid.page_w - 2 * e, grid.page_h - 2 * e, Style()))]


def _cut_guides(grid: TileGrid, col: int, row: int, place: Placement) -> list[Item]:
    """Short dashes in the margins, on the line of each edge to cut (the left edge of a tile with
    a left neighbour, the top edge of one with an upper neighbour): the cut runs across the sheet."""
    _, _, tw, th = grid.box(col, row)
    ox, oy, e = place.ox, place.oy, grid.edge + GUIDE.width
    items: list[Item] = []

    def dash(a: float, b: float, at: float, vertical: bool) -> None:
        if b - a >= 1.0:
            items.append(Line(at, a, at, b, GUIDE) if vertical else Line(a, at, b, at, GUIDE))

    if col > 0:
        dash(max(e, oy - 5), oy - 1, ox, True)
        dash(oy + th + 1, min(grid.page_h - e, oy + th + 5), ox, True)
    if row > 0:
        dash(max(e, ox - 5), ox - 1, oy, False)
        dash(ox + tw + 1, min(grid.page_w - e, ox + tw + 5), oy, False)
    return items


# --- the tile's name and label

@dataclass(frozen=True)
class Slot:
    """Room for a tile's label on its page: ``length`` x ``height`` mm from (x, y), along the page or
    (``upright``) reading upwards from (x, y + length); ``plate``: over the picture, on a white plate."""

    x: float
    y: float
    length: float
    height: float
    upright: bool = False
    plate: bool = False


def label_slots(grid: TileGrid, col: int, row: int, place: Placement) -> list[Slot]:
    """Where the label of tile (col, row) may go, best first: the margin under the picture (it stays
    until the tile is laid), the strip that the tile below or on the right covers, the margin right of
    the last column or above the first row (cut away at the very end)."""
    bx, by, tw, th = grid.box(col, row)
    _, _, vw, vh = grid.visible(col, row)
    ox, oy, e, ov = place.ox, place.oy, grid.edge, grid.overlap
    pw, ph = grid.page_w, grid.page_h
    h = FOOT - 1.0
    slots: list[Slot] = []
    if "foot" in place.room:
        top = oy + th + (MARK_ROOM if "bottom" in place.room else 1.0)
        x0 = max(e, ox + (2.0 if col > 0 else 0.0))
        slots.append(Slot(x0, top, min(pw - e, ox + tw) - x0, h))
    if row + 1 < grid.rows:
        x0 = ox + (6.0 if col > 0 else 2.0)
        x1 = ox + vw - (6.0 if col + 1 < grid.cols else 2.0)
        slots.append(Slot(x0, oy + (grid.ys[row + 1] - by) + 1.5, x1 - x0, ov - 3.0, plate=True))
    if col + 1 < grid.cols:
        slots.append(Slot(ox + (grid.xs[col + 1] - bx) + 1.5, oy + 2.0, vh - 4.0, ov - 3.0, True, True))
    if "side" in place.room:
        x0 = ox + tw + (MARK_ROOM if "right" in place.room else 1.0)
        y0 = max(e, oy)
        slots.append(Slot(x0, y0, min(ph - e, oy + th) - y0, h, True))
    if row == 0:
        y1 = oy - (MARK_ROOM if "top" in place.room else 1.0)
        if y1 - e >= h:
            x0 = max(e, ox + (2.0 if col > 0 else 0.0))
            slots.append(Slot(x0, y1 - h, min(pw - e, ox + tw) - x0, h))
    return slots


def _label_items(text: str, name: str, slot: Slot, with_text: bool = True) -> list[Item] | None:
    """The tile's name, big, then its label, shrunk down to 5 pt to fit ``slot``; None if even
    that does not fit (the name alone without ``with_text``)."""
    pad = 1.5 if slot.plate else 0.0
    size = min(14.0, (slot.height - 2 * pad) / (0.72 * textfit.fonts.PT))
    base = slot.height / 2 + 0.36 * size * textfit.fonts.PT
    name_item = textfit.line(name, pad + 1.0 if slot.plate else 0.0, base, "sans-black", size, "#000000")
    end = name_item.x + name_item.width
    items: list[Item] = [name_item]
    if with_text:
        room = slot.length - pad - 1.0 - (end + 3.0)
        full = textfit.fonts.width_mm(text, "sans", 7.0)
        small = 7.0 * room / max(full, 1e-6)
        if small < 5.0:
            return None
        line = textfit.fit_line(text, end + 3.0, base, "sans", min(7.0, small), room, 5.0, "#333333", where=TILES)
        items.append(line)
        end = line.x + line.width
    if end + pad + 1.0 > slot.length + 1e-6:
        return None
    if slot.plate:
        items.insert(0, Rect(0, 0, end + pad + 1.0, slot.height, PLATE, radius=1.0))
    where = (compose(translate(slot.x, slot.y + slot.length), rotate(-90)) if slot.upright
             else translate(slot.x, slot.y))
    return [Group(tuple(items), where)]


def _tile_label(grid: TileGrid, col: int, row: int, place: Placement, text: str) -> list[Item]:
    """The name and label of tile (col, row) in the first slot they fit (the name alone if none)."""
    slots = label_slots(grid, col, row, place)
    name = grid.name(col, row)
    for slot in slots:
        items = _label_items(text, name, slot)
        if items is not None:
            return items
    for slot in slots:
        items = _label_items(text, name, slot, with_text=False)
        if items is not None:
            return items
    raise ValueError(f"tile {name}: no room for its name on the page")


# --- pages

def piece_symbol(scene: Scene, key: str) -> tuple[Symbol, tuple[float, float, float, float]]:
    """The scene as a symbol, and its trim box (the finished piece)."""
    trim = scene.trim or (0.0, 0.0, scene.width, scene.height)
    return Symbol(key, scene.width, scene.height, scene.items), trim


def tile_pages(scene: Scene, key: str, page: Size, label: Callable[[str, int, int], str],
               margin: float = 5.0, overlap: float = OVERLAP, calibration: str = "") -> tuple[TileGrid, list[Scene]]:
    """One page per tile, row by row. ``label(name, number, total)`` is printed on each. The seams
    follow the hints in ``scene.meta["seams"]`` (an even split without them). A piece that fits on
    one sheet is that sheet, with the ``calibration`` line (the assembly map carries it otherwise)."""
    symbol, (tx, ty, w, h) = piece_symbol(scene, key)
    grid = plan_tiles(w, h, page, margin, overlap, hints_of(scene.meta))
    total = grid.cols * grid.rows
    if total == 1:
        return grid, [_whole_page(grid, symbol, (tx, ty), label("A1", 1, 1), calibration)]
    pages = []
    for number, (col, row) in enumerate(grid.cells(), 1):
        place = grid.placement(col, row)
        bx, by, tw, th = grid.box(col, row)
        window = Group((Use(symbol, translate(-tx, -ty)),), translate(place.ox - bx, place.oy - by),
                       clip=Rect(bx, by, tw, th, Style()))
        items: list[Item] = [window, *_targets_on(grid, col, row, place), *_cut_guides(grid, col, row, place)]
        items += _tile_label(grid, col, row, place, label(grid.name(col, row), number, total))
        pages.append(Scene(grid.page_w, grid.page_h, tuple(items), label=f"tile {grid.name(col, row)}"))
    return grid, pages


def _whole_page(grid: TileGrid, symbol: Symbol, trim: tuple[float, float], text: str, calibration: str = ""
                ) -> Scene:
    """A piece that fits on one sheet: centred under its label, crop marks at its corners, and the
    calibration line under its bottom crop marks when the page has room for it."""
    pw, ph, e = grid.page_w, grid.page_h, grid.edge
    ox = (pw - grid.w) / 2
    oy = e + BAND + (ph - 2 * e - BAND - grid.h) / 2
    items: list[Item] = [Group((Use(symbol, translate(-trim[0], -trim[1])),), translate(ox, oy),
                               clip=Rect(0, 0, grid.w, grid.h, Style()))]
    items += _trim_marks(ox, oy, grid.w, grid.h, e, pw, ph)
    size = max(5.0, min(7.0, 7.0 * (pw - 2 * e) / max(textfit.fonts.width_mm(text, "sans", 7.0), 1e-6)))
    items.append(textfit.fit_line(text, max(e, min(ox, pw - e - textfit.fonts.width_mm(text, "sans", size))),
                                  e + BAND - 2.5, "sans", size, pw - 2 * e, 5.0, "#333333", where=TILES))
    line_y = ph - e - 4
    if calibration and oy + grid.h + 8 + 4 <= line_y - 2:  # below the crop marks, which reach 8 mm out
        x = max(e + 2, ox)
        items += calibration_line(x, line_y, calibration, room=pw - e - 2 - (x + 50), where=TILES)
    return Scene(pw, ph, tuple(items), label="tile A1")


def _trim_marks(x: float, y: float, w: float, h: float, edge: float, page_w: float, page_h: float
                ) -> list[Item]:
    """Crop marks at the four corners of a piece printed whole, in the room around it (6 mm long,
    starting 2 mm from its edge), never closer than ``edge`` to the page's edge."""
    def clamp(v: float, lo: float, hi: float) -> float:
        return max(lo, min(hi, v))

    items: list[Item] = []
    for cx in (x, x + w):
        for cy, d in ((y, -1), (y + h, 1)):
            a, b = clamp(cy + d * 2, edge, page_h - edge), clamp(cy + d * 8, edge, page_h - edge)
            if abs(b - a) > 1:
                items.append(Line(cx, a, cx, b, MARK))
    for cy in (y, y + h):
        for cx, d in ((x, -1), (x + w, 1)):
            a, b = clamp(cx + d * 2, edge, page_w - edge), clamp(cx + d * 8, edge, page_w - edge)
            if abs(b - a) > 1:
                items.append(Line(a, cy, b, cy, MARK))
    return items


# --- the assembly map

def assembly_map(scene: Scene, key: str, grid: TileGrid, title: str, steps: list[str],
                 calibration: str, margin: float = 5.0) -> Scene:
    """A page with the whole piece small, its seams and the strips that tiles cover, each tile's
    name where it shows, and how to put them together."""
    symbol, (tx, ty, w, h) = piece_symbol(scene, key)
    pw, ph, e = grid.page_w, grid.page_h, grid.edge
    box_w = pw - 2 * e - 10
    box_h = (ph - 2 * e) * 0.55
    k = min(box_w / w, box_h / h)
    x0, y0 = (pw - w * k) / 2, e + 16
    items: list[Item] = [textfit.fit_line(title, pw / 2, e + 9, "sans-black", 16, pw - 2 * e, 10, "#000000", "center",
                                          where=TILES)]
    items.append(Group((Use(symbol, translate(-tx, -ty)),), compose(translate(x0, y0), scale(k)),
                       clip=Rect(0, 0, w, h, Style())))
    items += _map_tiles(grid, x0, y0, k)
    y = y0 + h * k + 10
    box = textfit.Box(e + 5, y, pw - 2 * e - 10, ph - y - e - 14, 10, 7, align="left", valign="top")
    items += textfit.fit("\n".join(steps), box, "sans", "#000000")
    items += calibration_line(e + 5, ph - e - 6, calibration, room=pw - 2 * e - 60, where=TILES)
    return Scene(pw, ph, tuple(items), label="assembly map")


def _map_tiles(grid: TileGrid, x0: float, y0: float, k: float) -> list[Item]:
    """On the map: the strips each tile's neighbours cover (pale), the seams where the pictures
    meet, and each tile's name in the part of it that shows."""
    strip = Style(fill="#FFFFFF", opacity=0.55)
    items: list[Item] = []
    for col, row in grid.cells():
        bx, by, tw, th = grid.box(col, row)
        _, _, vw, vh = grid.visible(col, row)
        if vw < tw:
            items.append(Rect(x0 + (bx + vw) * k, y0 + by * k, (tw - vw) * k, vh * k, strip))
        if vh < th:
            items.append(Rect(x0 + bx * k, y0 + (by + vh) * k, tw * k, (th - vh) * k, strip))
    seam = Style(stroke="#000000", width=0.5)
    items += [Line(x0 + x * k, y0, x0 + x * k, y0 + grid.h * k, seam) for x in grid.xs[1:]]
    items += [Line(x0, y0 + y * k, x0 + grid.w * k, y0 + y * k, seam) for y in grid.ys[1:]]
    items.append(Rect(x0, y0, grid.w * k, grid.h * k, seam))
    for col, row in grid.cells():
        bx, by, vw, vh = grid.visible(col, row)
        name = grid.name(col, row)
        size = min(18.0, 0.5 * vh * k / textfit.fonts.PT, 18.0 * 0.8 * vw * k / max(
            textfit.fonts.width_mm(name, "sans-black", 18.0), 1e-6))
        cx, cy = x0 + (bx + vw / 2) * k, y0 + (by + vh / 2) * k + 0.36 * size * textfit.fonts.PT
        items.append(Circle(cx, cy - 0.36 * size * textfit.fonts.PT, 0.55 * size * textfit.fonts.PT + 1.5,
                            Style(fill="#FFFFFF", opacity=0.8)))
        items.append(textfit.line(name, cx, cy, "sans-black", size, "#000000", "center"))
    return items


def calibration_line(x: float, y: float, note: str, length: float = 50.0, room: float | None = None,
                     where: str = "") -> list[Item]:
    """A line exactly ``length`` mm long with end ticks, and its note beside it; given the ``room``
    (mm) left of the line's end, a note too long for it is set smaller, on two lines if need be.
    ``where`` names the component for the note's room (pnp.layout.rooms)."""
    items: list[Item] = [Line(x, y, x + length, y, MARK), Line(x, y - 1.2, x, y + 1.2, MARK),
                         Line(x + length, y - 1.2, x + length, y + 1.2, MARK)]
    if room is None:  # the caller vouches for the room
        items.append(textfit.line(note, x + length + 3, y + 1.2, "sans", 7, "#000000"))
        return items
    if textfit.fonts.width_mm(note, "sans", 7) <= room - 3:
        items.append(textfit.fit_line(note, x + length + 3, y + 1.2, "sans", 7, room - 3, 7, "#000000", where=where))
        return items
    try:  # beside the line, smaller, on two lines if need be
        with textfit.rooms.attempt():
            items += textfit.fit(note, textfit.Box(x + length + 3, y - 3.2, room - 3, 6.4, 7, textfit.READABLE_PT,
                                                   align="left"), "sans", "#000000")
    except textfit.TextProblem:  # too narrow beside it: above the line, along its whole length
        items += textfit.fit(note, textfit.Box(x, y - 5.6, length + room - 1, 4.6, 7, textfit.READABLE_PT, align="left",
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
    items += calibration_line(left + 8, ph - 6, calibration, room=right - 2 - (left + 8 + 50), where=TILES)
    room = pw - left - 10
    size = min(7.0, 7.0 * room / max(textfit.fonts.width_mm(label, "sans", 7), 1e-6))
    items.append(textfit.fit_line(label, left + 8, 7.5, "sans", size, room, fill="#333333", where=TILES))
    return Scene(pw, ph, tuple(items), label="full size", trim=(left, top, w, h),
                 bleed=(SLUG + bx, SLUG + by, bw, bh))
