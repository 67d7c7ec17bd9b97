"""Imposition: card art placed on sheets of paper, with crop marks, fronts followed by backs.

Cells of card-plus-bleed sit edge to edge, so every card keeps its own bleed. Pages are always
portrait; cards turn a quarter when more of them fit that way. A back sheet is the mirror of its
front sheet for a long-edge flip, so the back of (row r, column c) lands behind its front.

Every cut line has its crop mark at both ends, on every sheet. The sheet label and the 50 mm
calibration line never take one away: the plan makes room for them where no mark lies, in this order
of preference: a band of their own between the page margin and the shortened marks (the label above
the top marks, the line below the bottom ones), the stretch of margin between the two marks of a
card (the label above the first card; the line under a card and its note under the next), or a band
along a side of the page (the line on the left, reading upwards; the label on the right, reading
downwards). A grid with no room for both has one row less.
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
FOOT_BAND = 3.5     # room below the bottom crop marks for the calibration line, when the paper has it
SIDE_BAND = (3.0, 4.0)  # the narrowest and the widest band along a side of the page
LABEL_ROOM = 60.0   # the narrowest card the label is set above, between its two marks
CAL_LENGTH = 50.0   # the calibration line
CLEAR = 1.0         # between a text and the crop marks beside it
TICK_CLEAR = 2.0    # between an end tick of the calibration line and a cut line (or it reads as a mark)
NOTE_GAP = 2.0      # between the calibration line and its note
NOTE_ROOM = 45.0    # the room the calibration note needs at its smallest size
RULER_STYLE = Style(stroke="#000000", width=0.25)
ASCENT, DESCENT = 0.82, 0.25  # the ink of a line of Fira Sans above and below its baseline (em)
PAD = 0.25          # between a text's ink and the edges of its strip
SHEETS = "sheets of cards and pieces (kit pages)"
"""The component the sheets' labels and calibration notes are told as to translators (pnp.layout.rooms)."""


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
    foot: float = 0.0
    """Height reserved below the bottom crop marks for the calibration line (0: not there)."""
    left: float = 0.0
    """Width reserved left of the left crop marks for the calibration line (0: not there)."""
    right: float = 0.0
    """Width reserved right of the right crop marks for the sheet label (0: not there)."""

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

    @property
    def label_at(self) -> str:
        """Where the sheet label goes: 'band' (above the top marks), 'right' (along the right side)
        or 'card' (above the first card, between its two top marks)."""
        return "band" if self.band else "right" if self.right else "card"

    @property
    def calibration_at(self) -> str:
        """Where the calibration line goes: 'foot' (below the bottom marks), 'left' (along the left
        side) or 'cards' (under a card, between its two bottom marks)."""
        return "foot" if self.foot else "left" if self.left else "cards"


def plan(spec: PrintSpec) -> Grid:
    """The grid that fits the most cards (upright first on a tie), or ImpositionError; for a folded
    section (``spec.fold``), the grid of its half sheets (pnp.layout.gutter)."""
    if spec.fold:
        from pnp.layout.gutter import halves

        return plan(halves(spec)[0])
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
    """The grid with the most rows (and columns) that leaves room for the label and the line."""
    pw, ph = spec.paper.w, spec.paper.h
    cw, ch = spec.card.w + 2 * spec.bleed, spec.card.h + 2 * spec.bleed
    if rotated:
        cw, ch = ch, cw
    edge = spec.margin + MARK_MIN + MARK_GAP
    cols, rows = math.floor((pw - 2 * edge) / cw), math.floor((ph - 2 * edge) / ch)
    for r in range(rows, 0, -1):
        grid = _arrange(spec, rotated, cols, r, cw, ch)
        if grid is not None:
            return grid
    return None


def _arrange(spec: PrintSpec, rotated: bool, cols: int, rows: int, cw: float, ch: float) -> Grid | None:
    """``cols`` x ``rows`` cells centred on the page, with room for the sheet label and the
    calibration line where they take no crop mark away (see the module's notes), or None."""
    if cols < 1 or rows < 1:
        return None
    pw, ph = spec.paper.w, spec.paper.h
    edge = spec.margin + MARK_MIN + MARK_GAP
    free = ph - rows * ch - 2 * edge            # above and below the shortest marks, together
    side = (pw - cols * cw) / 2 - edge          # beside the shortest marks, on each side
    across = cw - 2 * spec.bleed                # a card's width on the sheet: the room between its marks
    band = foot = left = right = 0.0
    if free >= LABEL_BAND:
        band = LABEL_BAND
    elif across < LABEL_ROOM:
        if side < SIDE_BAND[0]:
            return None
        right = min(side, SIDE_BAND[1])
    if free - band >= FOOT_BAND:
        foot = FOOT_BAND
    elif not (across >= CAL_LENGTH + 2 * TICK_CLEAR
              and (cols > 1 or across >= TICK_CLEAR + CAL_LENGTH + NOTE_GAP + NOTE_ROOM)):
        if side < SIDE_BAND[0]:
            return None
        left = min(side, SIDE_BAND[1])
    y0 = edge + band + (free - band - foot) / 2
    return Grid(cols, rows, rotated, (pw - cols * cw) / 2, y0, cw, ch, spec.bleed, pw, ph, band, foot, left, right)


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
    """Short lines in the margin that extend every cut line; never inside a card's bleed, and
    never in the bands kept for the label and the calibration line. Under the last row of a
    part-filled sheet they stop ``MARK_MAX`` below it, not at the page's margin."""
    top, bottom = grid.y0 - MARK_GAP, grid.y0 + grid.rows * grid.cell_h + MARK_GAP
    left, right = grid.x0 - MARK_GAP, grid.x0 + grid.cols * grid.cell_w + MARK_GAP
    end = grid.page_h - margin - grid.foot
    if part_filled:
        end = min(end, bottom + MARK_MAX)
    items: list[Item] = []
    for x in grid.cuts_x():
        items += [Line(x, margin + grid.band, x, top, MARK_STYLE), Line(x, bottom, x, end, MARK_STYLE)]
    for y in grid.cuts_y():
        items += [Line(margin + grid.left, y, left, y, MARK_STYLE),
                  Line(right, y, grid.page_w - margin - grid.right, y, MARK_STYLE)]
    return items


@dataclass(frozen=True)
class SheetTexts:
    """Words printed in the margins: the sheet label and the calibration note."""

    label: Callable[[int, int, str], str]
    calibration: str
    foot_art: Callable[[float, float, float, float], list] | None = None
    """Drawn on every front sheet in the room left below the cards, ``foot_art(x, y, w, h)`` (mm):
    e.g. how to fold a sheet of standees. The cards then sit at the top of the sheet."""


def _size(text: str, room: float, depth: float, largest: float, smallest: float) -> float | None:
    """The largest size (pt, in quarter points) at which ``text`` is at most ``room`` mm long and
    its ink, with ``PAD`` on either side, fits a strip ``depth`` mm deep; None if none does."""
    size = largest
    while size >= smallest - 1e-9:
        em = size * textfit.fonts.PT
        if textfit.fonts.width_mm(text, "sans", size) <= room and (ASCENT + DESCENT) * em + 2 * PAD <= depth:
            return size
        size -= 0.25
    return None


def _baseline(outer: float, inner: float, size: float) -> float:
    """The baseline that centres a line of text's ink between the two edges of its strip."""
    return (outer + inner) / 2 + (ASCENT - DESCENT) / 2 * size * textfit.fonts.PT


def _strip_text(text: str, x: float, room: float, outer: float, inner: float, fill: str = "#555555",
                largest: float = 6.0) -> Item:
    """``text`` from ``x`` in the strip between heights ``outer`` and ``inner``, at most ``room``
    mm long: never below the readable size; a text too long for the strip is shortened in the
    middle with '…', keeping its end (the sheet's number and side), or at its end as a last resort."""
    depth = abs(inner - outer)
    smallest = textfit.READABLE_PT
    size = _size(text, room, depth, max(largest, smallest), smallest)
    if size is None:
        size = smallest
        text = _shortened(text, room, size)
    return textfit.fit_line(text, x, _baseline(outer, inner, size), "sans", size, room, smallest, fill, where=SHEETS)


def _shortened(text: str, room: float, size: float) -> str:
    """``text`` cut in the middle with '…' to be at most ``room`` mm long at ``size``: its last two
    parts (" · "-separated: "feuille 1/3 · recto") stay whole when they fit."""
    def width(t: str) -> float:
        return textfit.fonts.width_mm(t, "sans", size)

    parts = text.split(" · ")
    tail = " · " + " · ".join(parts[-2:]) if len(parts) > 2 else ""
    words = text[: len(text) - len(tail)].split(" ")
    words.pop()  # something is cut: the '…' says so
    while len(words) > 1 and width(" ".join(words).rstrip(" ·") + "…" + tail) > room:
        words.pop()
    out = " ".join(words).rstrip(" ·") + "…" + tail
    while len(out) > 1 and width(out) > room:  # the tail alone is too long: cut at the end
        out = out[:-2] + "…"
    return out


def _label(grid: Grid, text: str, margin: float) -> Item:
    """The sheet label: in its own band above the top marks; else above the first card, between
    its two top marks; else along the right side of the page, reading downwards."""
    if grid.label_at == "band":
        return _strip_text(text, grid.x0, grid.cols * grid.cell_w, margin, margin + grid.band)
    if grid.label_at == "right":
        # in the band's own frame: x runs down the page from the first cut, y inwards from its edge
        start = grid.y0 + grid.bleed
        item = _strip_text(text, 0.0, grid.page_h - margin - start, 0.0, grid.right)
        return Group((item,), compose(translate(grid.page_w - margin, start), rotate(90)))
    return _strip_text(text, grid.x0 + grid.bleed + CLEAR, grid.cell_w - 2 * grid.bleed - 2 * CLEAR, margin,
                       grid.y0 - MARK_GAP)


def _ruler_fit(note: str, room: float, depth: float) -> tuple[float, float] | None:
    """The note's size and the end ticks' half-length for a line and its note in a strip ``depth``
    mm deep, the note at most ``room`` mm long; None when it does not fit at the smallest readable size."""
    size = textfit.READABLE_PT
    while size >= textfit.READABLE_PT - 1e-9:
        if textfit.fonts.width_mm(note, "sans", size) <= room:
            for tick in (1.0, 0.75):
                if _ruler_ink(size, tick)[2] + 2 * PAD <= depth:
                    return size, tick
        size -= 0.25
    return None


def _ruler_ink(size: float, tick: float) -> tuple[float, float, float]:
    """How far the ink of a line with its ticks and its note reaches above and below the line,
    and in all, in mm (the note's baseline sits 0.35 em below the line)."""
    em = size * textfit.fonts.PT
    above, below = max(tick, (ASCENT - 0.35) * em), max(tick, (DESCENT + 0.35) * em)
    return above, below, above + below


def _ruler(x: float, note_x: float, outer: float, inner: float, note: str, size: float, tick: float,
           length: float, room: float) -> list[Item]:
    """A line exactly ``length`` mm long from ``x`` with end ticks, and its note from ``note_x`` on
    the same baseline (at most ``room`` mm long), their ink centred in the strip between heights
    ``outer`` and ``inner``."""
    above, below, _ = _ruler_ink(size, tick)
    y = (outer + inner) / 2 + (above - below) / 2
    items: list[Item] = [Line(x, y, x + length, y, RULER_STYLE), Line(x, y - tick, x, y + tick, RULER_STYLE),
                         Line(x + length, y - tick, x + length, y + tick, RULER_STYLE)]
    if note:
        items.append(textfit.fit_line(note, note_x, y + 0.35 * size * textfit.fonts.PT, "sans", size, room,
                                      textfit.READABLE_PT, "#000000", where=SHEETS))
    return items


def _ruler_in_strip(note: str, x: float, end: float, outer: float, inner: float, length: float) -> list[Item]:
    """The line from ``x`` and its note after it, before ``end``, in a strip free of marks."""
    note_x = x + length + NOTE_GAP
    depth = abs(inner - outer)
    fit = _ruler_fit(note, end - note_x, depth)
    if fit is None:  # a note longer than any page: set it smaller still
        size = 4.0
        while size > 2.0 and textfit.fonts.width_mm(note, "sans", size) > end - note_x:
            size -= 0.25
        fit = size, min(1.0, max(0.5, depth / 2 - PAD))
    return _ruler(x, note_x, outer, inner, note, *fit, length, end - note_x)


def _clear_start(start: float, length: float, cuts: list[float]) -> float:
    """The first position from ``start`` on (by half millimetres) where neither end tick of a line
    ``length`` mm long lies within ``TICK_CLEAR`` of a cut line (it would read as a crop mark)."""
    for k in range(41):
        s = start + k * 0.5
        if all(abs(s - c) >= TICK_CLEAR - 1e-9 and abs(s + length - c) >= TICK_CLEAR - 1e-9 for c in cuts):
            return s
    return start


def calibration(grid: Grid, note: str, margin: float, length: float = CAL_LENGTH) -> list[Item]:
    """A line exactly ``length`` mm long with end ticks and its note, inside the printable area,
    crossing no crop mark: in the band below the bottom marks; else along the left side of the
    page, reading upwards; else under a card, between its two bottom marks, the note beside it or,
    when it is too long for that, under the next card. No end tick lies in line with a cut."""
    m = margin
    if grid.calibration_at == "foot":
        outer, inner = grid.page_h - m, grid.page_h - m - grid.foot
        cuts = grid.cuts_x()
        x = _clear_start(cuts[0] + TICK_CLEAR, length, cuts)
        return _ruler_in_strip(note, x, grid.page_w - m, outer, inner, length)
    if grid.calibration_at == "left":
        # in the band's own frame: x runs up the page from the lowest cut, y inwards from its edge
        start = grid.y0 + grid.rows * grid.cell_h - grid.bleed
        x = _clear_start(TICK_CLEAR, length, [start - y for y in grid.cuts_y()])
        items = _ruler_in_strip(note, x, start - m, 0.0, grid.left, length)
        return [Group(tuple(items), compose(translate(m, start), rotate(-90)))]
    outer, inner = grid.page_h - m, grid.y0 + grid.rows * grid.cell_h + MARK_GAP
    depth = outer - inner
    edges = [m, *grid.cuts_x(), grid.page_w - m]
    stretches = [(a, b) for a, b in zip(edges, edges[1:]) if b - a >= length + 2 * TICK_CLEAR]
    for i, (a, b) in enumerate(stretches):
        x = a + TICK_CLEAR
        fit = _ruler_fit(note, b - CLEAR - (x + length + NOTE_GAP), depth)
        if fit:  # the note beside the line
            return _ruler(x, x + length + NOTE_GAP, outer, inner, note, *fit, length,
                          b - CLEAR - (x + length + NOTE_GAP))
        for c, d in stretches[i + 1:]:
            fit = _ruler_fit(note, d - c - NOTE_GAP - CLEAR, depth)
            if fit:  # the line towards the end of its stretch, the note in the next one
                x = max(a + TICK_CLEAR, b - 2 * NOTE_GAP - length)
                return _ruler(x, c + NOTE_GAP, outer, inner, note, *fit, length, d - c - NOTE_GAP - CLEAR)
    a, b = max(stretches, key=lambda s: s[1] - s[0])
    return _ruler_in_strip(note, a + TICK_CLEAR, b - CLEAR, outer, inner, length)


def sheets(arts: Iterable[CardArt], count: int, spec: PrintSpec, texts: SheetTexts) -> Iterator[Scene]:
    """Pages of cards: each front sheet followed by its back sheet (unless single-sided); for a
    folded section, each page its fronts beside their backs (pnp.layout.gutter)."""
    if spec.fold:
        from pnp.layout.gutter import folded_sheets

        yield from folded_sheets(arts, count, spec, texts)
        return
    grid = plan(spec)
    pages = max(1, math.ceil(count / grid.slots))
    foot_art = None
    if texts.foot_art is not None:
        grid, room = sheet_grid(spec, with_foot_art=True)
        if room is not None:
            foot_art = [Group(tuple(texts.foot_art(*room)), id="foot-art")]
    marks = crop_marks(grid, spec.margin, part_filled=foot_art is not None)
    batch: list[CardArt] = []
    page = 0
    for art in arts:
        batch.append(art)
        if len(batch) == grid.slots:
            page += 1
            yield from _sheet_pair(batch, grid, spec, texts, marks, page, pages, foot_art)
            batch = []
    if batch:
        page += 1
        yield from _sheet_pair(batch, grid, spec, texts, marks, page, pages, foot_art)


FOOT_ART_MIN = 14.0  # the shortest room worth a foot art (a fold diagram)


def sheet_grid(spec: PrintSpec, with_foot_art: bool = False
               ) -> tuple[Grid, tuple[float, float, float, float] | None]:
    """The grid of the sheets of ``spec`` and, ``with_foot_art``, the room (x, y, w, h) for the
    foot art below the crop marks: the grid then sits at the top of the sheet. No room (None)
    when less than FOOT_ART_MIN is left: the grid stays as ``plan`` has it."""
    grid = plan(spec)
    if not with_foot_art:
        return grid, None
    edge = spec.margin + MARK_MIN + MARK_GAP
    top = edge + grid.band
    bottom = top + grid.rows * grid.cell_h + MARK_GAP + MARK_MAX + 2.0
    end = grid.page_h - edge - grid.foot
    if end - bottom < FOOT_ART_MIN:
        return grid, None
    return replace(grid, y0=top), (grid.x0 + grid.bleed, bottom, grid.cols * grid.cell_w - 2 * grid.bleed,
                                   end - bottom)


def shift_back(items: list[Item], offset: tuple[float, float]) -> list[Item]:
    """A back page's items moved by a back offset (dx, dy) in mm: +dx moves them right and +dy down,
    as seen on the back sheet (on the front, through the paper, +dx is to the left). This is what
    ``--back-offset`` does, and what ``pnp calibrate`` measures."""
    dx, dy = offset
    return [Group(tuple(items), translate(dx, dy))] if dx or dy else list(items)


def _first_calibration(grid: Grid, cards: int, margin: float, note: str) -> list[Item]:
    """The calibration line of a document's first sheet. On a part-filled sheet a line along the
    left side starts level with its lowest card when it has room there; else it lies across the
    empty rows, under the marks of the filled ones."""
    rows = math.ceil(cards / grid.cols)
    if grid.calibration_at != "left" or rows >= grid.rows:
        return calibration(grid, note, margin)
    filled = replace(grid, rows=rows)
    lowest = filled.y0 + rows * filled.cell_h
    if _ruler_fit(note, lowest - filled.bleed - margin - TICK_CLEAR - CAL_LENGTH - NOTE_GAP, grid.left):
        return calibration(filled, note, margin)
    top = lowest + MARK_GAP + MARK_MAX + CLEAR
    cuts = grid.cuts_x()
    x = _clear_start(cuts[0] + TICK_CLEAR, CAL_LENGTH, cuts)
    return _ruler_in_strip(note, x, grid.x0 + grid.cols * grid.cell_w, top, top + FOOT_BAND, CAL_LENGTH)


def _sheet_pair(batch: list[CardArt], grid: Grid, spec: PrintSpec, texts: SheetTexts, marks: list[Item],
                page: int, pages: int, foot_art: list[Item] | None = None) -> Iterator[Scene]:
    front_turn, back_turn = (90, -90) if grid.rotated else (0, 0)
    front: list[Item] = []
    back: list[Item] = []
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
    front_extra = [_label(grid, texts.label(page, pages, "front"), spec.margin), *(foot_art or ())]
    if page == 1 and texts.calibration:
        front_extra += _first_calibration(grid, len(batch), spec.margin, texts.calibration)
    yield Scene(grid.page_w, grid.page_h, tuple(front + marks + front_extra), label=f"sheet {page} front")
    if spec.duplex and back:
        # The offset corrects a printer that shifts the whole back side: marks and label move too.
        back_label = _label(grid, texts.label(page, pages, "back"), spec.margin)
        yield Scene(grid.page_w, grid.page_h, tuple(shift_back(back + marks + [back_label], spec.back_offset)),
                    label=f"sheet {page} back")
