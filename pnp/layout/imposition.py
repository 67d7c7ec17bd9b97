"""Imposition: card art placed on sheets of paper, with crop marks, fronts followed by backs.

Cells of card-plus-bleed sit edge to edge, so every card keeps its own bleed. Pages are always
portrait; cards turn a quarter when more of them fit that way. A back sheet is the mirror of its
front sheet for a long-edge flip, so the back of (row r, column c) lands behind its front.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from pnp.layout import text as textfit
from pnp.layout.cards import CardArt
from pnp.layout.paper import PrintSpec, display_name
from pnp.layout.scene import Group, Item, Line, Scene, Style, Use, compose, rotate, translate

MARK_GAP = 1.0      # between a crop mark and the bleed
MARK_MIN = 2.5      # shortest useful crop mark
MARK_STYLE = Style(stroke="#000000", width=0.2)
LABEL_BAND = 4.0    # room above the crop marks for the sheet label, when the paper has it


class ImpositionError(ValueError):
    """The cards do not fit on the paper with room for crop marks."""


@dataclass(frozen=True)
class Grid:
    """Where cells go on a sheet; a cell is a card with its bleed, turned a quarter if ``rotated``."""

    cols: int
    rows: int
    rotated: bool
    x0: float
    y0: float
    cell_w: float
    cell_h: float
    bleed: float
    page_w: float
    page_h: float
    band: float = 0.0
    """Height reserved above the top crop marks for the sheet label (0 when there was no room)."""

    @property
    def slots(self) -> int:
        return self.cols * self.rows

    def cell(self, row: int, col: int) -> tuple[float, float]:
        return self.x0 + col * self.cell_w, self.y0 + row * self.cell_h

    def cuts_x(self) -> list[float]:
        b, trim = self.bleed, self.cell_w - 2 * self.bleed
        return [self.x0 + c * self.cell_w + b + d for c in range(self.cols) for d in (0.0, trim)]

    def cuts_y(self) -> list[float]:
        b, trim = self.bleed, self.cell_h - 2 * self.bleed
        return [self.y0 + r * self.cell_h + b + d for r in range(self.rows) for d in (0.0, trim)]


def plan(spec: PrintSpec) -> Grid:
    """The grid that fits the most cards (upright first on a tie), or ImpositionError."""
    best: Grid | None = None
    for rotated in (False, True):
        grid = _grid(spec, rotated)
        if grid and (best is None or grid.slots > best.slots):
            best = grid
    if best is None:
        edge = spec.margin + MARK_MIN + MARK_GAP
        room = sorted((spec.paper.w - 2 * edge - 2 * spec.bleed, spec.paper.h - 2 * edge - 2 * spec.bleed))
        size = sorted((spec.card.w, spec.card.h))
        named = "" if any(ch.isdigit() for ch in spec.card.name) else f"{spec.card.name} "
        paper = display_name(spec.paper.name)
        raise ImpositionError(
            f"{named}cards of {spec.card.w:g} x {spec.card.h:g} mm with {spec.bleed:g} mm bleed do not fit on "
            f"{paper} paper with {spec.margin:g} mm margins and crop marks: at most {room[0]:.0f} x {room[1]:.0f} mm "
            f"fit ({'width' if size[0] > room[0] else 'length'} too large); choose a smaller card_size in "
            f"decks.yaml or --card-size")
    return best


def _grid(spec: PrintSpec, rotated: bool) -> Grid | None:
    pw, ph = spec.paper.w, spec.paper.h
    cw, ch = spec.card.w + 2 * spec.bleed, spec.card.h + 2 * spec.bleed
    if rotated:
        cw, ch = ch, cw
    edge = spec.margin + MARK_MIN + MARK_GAP
    cols, rows = math.floor((pw - 2 * edge) / cw), math.floor((ph - 2 * edge) / ch)
    if cols < 1 or rows < 1:
        return None
    band = LABEL_BAND if rows * ch + 2 * edge + LABEL_BAND <= ph else 0.0
    y0 = band + (ph - band - rows * ch) / 2
    return Grid(cols, rows, rotated, (pw - cols * cw) / 2, y0, cw, ch, spec.bleed, pw, ph, band)


def _place(art_w: float, art_h: float, x: float, y: float, turn: int) -> tuple:
    """Transform putting a card box (art_w x art_h) in the cell at (x, y), turned ``turn`` degrees."""
    if turn == 90:
        return compose(translate(x + art_h, y), rotate(90))
    if turn == -90:
        return compose(translate(x, y + art_w), rotate(-90))
    return translate(x, y)


def _card(art_symbol, shared: bool, transform) -> Item:
    """A repeated design is drawn once and reused; a one-off is drawn in place."""
    if shared:
        return Use(art_symbol, transform)
    return Group(art_symbol.items, transform)


MARK_MAX = 10.0     # a crop mark under a part-filled sheet's last row stops this far below it


def crop_marks(grid: Grid, margin: float, part_filled: bool = False) -> list[Item]:
    """Short lines in the margin that extend every cut line; never inside a card's bleed. Under the
    last row of a part-filled sheet they stop ``MARK_MAX`` below it, not at the page's margin."""
    top, bottom = grid.y0 - MARK_GAP, grid.y0 + grid.rows * grid.cell_h + MARK_GAP
    left, right = grid.x0 - MARK_GAP, grid.x0 + grid.cols * grid.cell_w + MARK_GAP
    end = min(grid.page_h - margin, bottom + MARK_MAX) if part_filled else grid.page_h - margin
    items: list[Item] = []
    for x in grid.cuts_x():
        items += [Line(x, margin + grid.band, x, top, MARK_STYLE), Line(x, bottom, x, end, MARK_STYLE)]
    for y in grid.cuts_y():
        items += [Line(margin, y, left, y, MARK_STYLE), Line(right, y, grid.page_w - margin, y, MARK_STYLE)]
    return items


@dataclass(frozen=True)
class SheetTexts:
    """Words printed in the margins: the sheet label and the calibration note."""

    label: Callable[[int, int, str], str]
    calibration: str


def _label(grid: Grid, text: str, margin: float) -> Item:
    """The sheet label: in its own band when there is one, else between two crop marks, or, when it
    is longer than a card, across the top marks (``_clear`` takes away those it would cross)."""
    if grid.band:
        x, y = grid.x0, margin + grid.band - 1.0
        room = grid.cols * grid.cell_w
    else:
        x, y = grid.x0 + grid.bleed + 1.0, grid.y0 - MARK_GAP - 1.2
        room = grid.cell_w - 2 * grid.bleed - 2.0
    size = 6.0
    while size > 4.0 and textfit.fonts.width_mm(text, "sans", size) > room:
        size -= 0.25
    return textfit.line(text, x, y, "sans", size, "#555555")


def _clear_label(marks: list[Item], label: Item, grid: Grid) -> list[Item]:
    """The crop marks, less the top ones the label crosses (the bottom ones still show those cuts);
    a label in its own band crosses none."""
    if grid.band:
        return marks
    return _clear(marks, label.x - 0.2, label.x + label.width + 0.2, top=grid.y0)


def calibration(grid: Grid, note: str, margin: float, length: float = 50.0) -> tuple[list[Item], float, float]:
    """A line exactly ``length`` mm long with end ticks in the bottom margin, its note after it on
    the same baseline, inside the printable area. Returns the items and the span (x0, x1) they
    take, where the bottom crop marks must give way (the top ones still show those cuts)."""
    x = grid.x0 + grid.bleed + 1.0
    y = min(grid.y0 + grid.rows * grid.cell_h + MARK_GAP + 1.6, grid.page_h - margin - 1.2)
    s = Style(stroke="#000000", width=0.25)
    items: list[Item] = [Line(x, y, x + length, y, s), Line(x, y - 1.0, x, y + 1.0, s),
                         Line(x + length, y - 1.0, x + length, y + 1.0, s)]
    size = 5.5
    while size > 3.5 and textfit.fonts.width_mm(note, "sans", size) > 60:
        size -= 0.25
    text = textfit.line(note, x + length + 2.0, y + size * textfit.fonts.PT * 0.35, "sans", size, "#000000")
    items.append(text)
    return items, x - 1.0, text.x + text.width + 1.0


def _clear(marks: list[Item], x0: float, x1: float, below: float | None = None, top: float | None = None
           ) -> list[Item]:
    """The crop marks, less the vertical ones between x0 and x1 that start at or ``below`` a height,
    or that end at or above ``top``."""
    def gone(m: Item) -> bool:
        if not (isinstance(m, Line) and m.x1 == m.x2 and x0 <= m.x1 <= x1):
            return False
        return (below is not None and m.y1 >= below) or (top is not None and m.y2 <= top)

    return [m for m in marks if not gone(m)]


def sheets(arts: Iterable[CardArt], count: int, spec: PrintSpec, texts: SheetTexts) -> Iterator[Scene]:
    """Pages of cards: each front sheet followed by its back sheet (unless single-sided)."""
    grid = plan(spec)
    pages = max(1, math.ceil(count / grid.slots))
    marks = crop_marks(grid, spec.margin)
    batch: list[CardArt] = []
    page = 0
    for art in arts:
        batch.append(art)
        if len(batch) == grid.slots:
            page += 1
            yield from _sheet_pair(batch, grid, spec, texts, marks, page, pages)
            batch = []
    if batch:
        page += 1
        yield from _sheet_pair(batch, grid, spec, texts, marks, page, pages)


def _sheet_pair(batch: list[CardArt], grid: Grid, spec: PrintSpec, texts: SheetTexts, marks: list[Item],
                page: int, pages: int) -> Iterator[Scene]:
    front_turn, back_turn = (90, -90) if grid.rotated else (0, 0)
    front: list[Item] = []
    back: list[Item] = []
    dx, dy = spec.back_offset
    for i, art in enumerate(batch):
        row, col = divmod(i, grid.cols)
        x, y = grid.cell(row, col)
        front.append(_card(art.front, art.shared, _place(art.front.width, art.front.height, x, y, front_turn)))
        if art.back is None:
            continue
        bx, by = grid.cell(row, grid.cols - 1 - col)
        back.append(Use(art.back, _place(art.back.width, art.back.height, bx, by, back_turn)))
    if len(batch) < grid.slots:  # the last sheet: crop marks for the rows it fills only
        rows = math.ceil(len(batch) / grid.cols)
        if rows < grid.rows:
            marks = crop_marks(replace(grid, rows=rows), spec.margin, part_filled=True)
    front_label = _label(grid, texts.label(page, pages, "front"), spec.margin)
    front_marks, front_extra = _clear_label(marks, front_label, grid), [front_label]
    if page == 1 and texts.calibration:
        ruler, x0, x1 = calibration(grid, texts.calibration, spec.margin)
        front_extra += ruler
        front_marks = _clear(front_marks, x0, x1, grid.y0 + grid.rows * grid.cell_h)
    yield Scene(grid.page_w, grid.page_h, tuple(front + front_marks + front_extra), label=f"sheet {page} front")
    if spec.duplex and back:
        # The offset corrects a printer that shifts the whole back side: marks and label move too.
        back_label = _label(grid, texts.label(page, pages, "back"), spec.margin)
        back_items = back + _clear_label(marks, back_label, grid) + [back_label]
        if dx or dy:
            back_items = [Group(tuple(back_items), translate(dx, dy))]
        yield Scene(grid.page_w, grid.page_h, tuple(back_items), label=f"sheet {page} back")
