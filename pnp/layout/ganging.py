"""Ganging: small pieces of different kinds and sizes sharing sheets.

A gang sheet is a stack of blocks, top to bottom. A block is a small grid of pieces of one kind
(one size, turned a quarter or not), centred across the page, with crop marks of its own: above and
below it for its columns, beside it for its rows. Between two blocks lies a gutter that holds the
bottom marks of the one and the top marks of the other, with a thin grey line along its middle:
cut the sheet apart there first, then each block as a sheet of its own. A kind may carry a foot
art (the fold diagram of standees), drawn as a block of its own under its pieces when there is
room.

Pieces are placed first fit, kind after kind: each kind fills the room left on the sheets already
open before a new sheet is started. Kinds with a back go first, so that sheets with a back come
before sheets without one; a sheet has a back when any of its pieces has one, mirrored for a
long-edge flip like every sheet of the kit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from pnp.layout.cards import CardArt
from pnp.layout.imposition import (CAL_LENGTH, FOOT_BAND, LABEL_BAND, MARK_GAP, MARK_MAX, MARK_MIN, MARK_STYLE,
                                   TICK_CLEAR, Grid, _card, _clear_start, _place, _ruler_in_strip, _strip_text,
                                   shift_back)
from pnp.layout.paper import PrintSpec, Size
from pnp.layout.scene import Group, Item, Line, Scene, Style, Use

SPLIT = 1.0         # between the marks of two blocks and the line that parts them
GUTTER = 2 * (MARK_GAP + MARK_MIN + SPLIT)
SPLIT_STYLE = Style(stroke="#A3A8B0", width=0.2)
FOOT_ART_H = 30.0   # the room a kind's foot art (a fold diagram) takes
FOOT_ART_W = 180.0  # its widest


@dataclass(frozen=True)
class Kind:
    """One kind of piece to gang: its trim size, how many, and whether it has a printed back."""

    name: str
    """What the sheet label calls it."""
    card: Size
    count: int
    duplex: bool
    foot_art: Callable[[float, float, float, float], list[Item]] | None = None
    """Drawn under its last pieces, ``foot_art(x, y, w, h)`` (mm), when a sheet has room."""


@dataclass(frozen=True)
class Block:
    """``count`` pieces of kind ``kind`` from its ``first``, on the cells of ``grid`` (its page
    fields unused); a foot-art block (``art``) holds no piece and has no marks."""

    kind: int
    first: int
    count: int
    grid: Grid
    duplex: bool
    art: bool = False

    @property
    def x0(self) -> float:
        return self.grid.x0

    @property
    def y0(self) -> float:
        return self.grid.y0

    @property
    def width(self) -> float:
        return self.grid.cols * self.grid.cell_w

    @property
    def height(self) -> float:
        return self.grid.rows * self.grid.cell_h


@dataclass(frozen=True)
class GangSheet:
    """One sheet of ganged pieces: its blocks, top to bottom."""

    blocks: tuple[Block, ...]

    @property
    def duplex(self) -> bool:
        """Whether the sheet has a back: any of its pieces has one."""
        return any(b.duplex for b in self.blocks if not b.art)

    @property
    def pages(self) -> int:
        return 2 if self.duplex else 1

    def kinds(self) -> list[int]:
        """The kinds of piece on the sheet, in the order they appear."""
        return list(dict.fromkeys(b.kind for b in self.blocks if not b.art))


class _Room:
    """The printable height of a gang sheet, and the part of it used so far."""

    def __init__(self, spec: PrintSpec) -> None:
        self.edge = spec.margin + MARK_MIN + MARK_GAP
        self.top = self.edge + LABEL_BAND
        self.height = spec.paper.h - self.top - self.edge - FOOT_BAND
        self.width = spec.paper.w - 2 * self.edge

    def rows_left(self, used: float, cell_h: float) -> int:
        """How many rows of ``cell_h`` fit below ``used`` mm (a gutter first when not at the top)."""
        room = self.height - used - (GUTTER if used else 0.0)
        return max(0, math.floor(room / cell_h + 1e-9))


def _cells(kind: Kind, spec: PrintSpec, room: _Room) -> tuple[bool, float, float, int]:
    """(rotated, cell width, cell height, columns) of a kind: the way that takes the least height
    for all its pieces across the page (upright on a tie)."""
    best = None
    for rotated in (False, True):
        cw, ch = kind.card.w + 2 * spec.bleed, kind.card.h + 2 * spec.bleed
        if rotated:
            cw, ch = ch, cw
        cols = math.floor(room.width / cw + 1e-9)
        if cols < 1 or ch > room.height + 1e-9:
            continue
        total = math.ceil(kind.count / cols) * ch
        if best is None or total < best[0] - 1e-9:
            best = (total, rotated, cw, ch, cols)
    if best is None:
        raise ValueError(f"{kind.name}: pieces of {kind.card.w:g} x {kind.card.h:g} mm do not fit on the paper")
    return best[1:]


def pack(kinds: list[Kind], spec: PrintSpec) -> tuple[GangSheet, ...]:
    """The sheets that hold every piece of ``kinds``, first fit in the order given (see the
    module's notes); ValueError when a kind does not fit the paper at all."""
    room = _Room(spec)
    used: list[float] = []
    blocks: list[list[Block]] = []
    for k, kind in enumerate(kinds):
        if kind.count < 1:
            continue
        rotated, cw, ch, cols = _cells(kind, spec, room)
        placed, s = 0, 0
        while placed < kind.count:
            if s == len(used):
                used.append(0.0)
                blocks.append([])
            rows = room.rows_left(used[s], ch)
            if rows:
                n = min(rows * cols, kind.count - placed)
                down = math.ceil(n / cols)
                across = math.ceil(n / down)  # rows as full as can be: 28 tokens in 4 rows of 7, not 9+9+9+1
                y0 = room.top + used[s] + (GUTTER if used[s] else 0.0)
                grid = Grid(across, down, rotated, (spec.paper.w - across * cw) / 2, y0, cw, ch, spec.bleed,
                            spec.paper.w, spec.paper.h)
                block = Block(k, placed, n, grid, kind.duplex)
                blocks[s].append(block)
                used[s] = y0 - room.top + block.height
                placed += n
            s += 1
        if kind.foot_art is not None:
            _place_foot_art(k, s - 1, used, blocks, room, spec)
    return tuple(GangSheet(tuple(b)) for b in blocks)


def _place_foot_art(kind: int, last: int, used: list[float], blocks: list[list[Block]], room: _Room,
                    spec: PrintSpec) -> None:
    """A foot-art block for ``kind``: on the sheet of its last pieces, else the first with room;
    none when no open sheet has room (a sheet of its own would waste paper)."""
    w = min(room.width, FOOT_ART_W)
    for s in [last, *range(len(used))]:
        if room.height - used[s] - GUTTER >= FOOT_ART_H - 1e-9:
            y0 = room.top + used[s] + GUTTER
            grid = Grid(1, 1, False, (spec.paper.w - w) / 2, y0, w, FOOT_ART_H, 0.0, spec.paper.w, spec.paper.h)
            blocks[s].append(Block(kind, 0, 0, grid, False, art=True))
            used[s] = y0 - room.top + FOOT_ART_H
            return


def _marks(blocks: tuple[Block, ...], i: int, spec: PrintSpec) -> list[Item]:
    """The crop marks of block ``i``: its column cuts above and below it (to the label band or the
    middle of the gutter above, to the middle of the gutter below or ``MARK_MAX`` under the last
    block), its row cuts beside it, never longer than ``MARK_MAX``."""
    b, m, pw, ph = blocks[i], spec.margin, spec.paper.w, spec.paper.h
    top, bottom = b.y0 - MARK_GAP, b.y0 + b.height + MARK_GAP
    up_to = m + LABEL_BAND if i == 0 else _middle(blocks[i - 1], b) + SPLIT
    down_to = (min(ph - m - FOOT_BAND, bottom + MARK_MAX) if i == len(blocks) - 1
               else _middle(b, blocks[i + 1]) - SPLIT)
    left, right = b.x0 - MARK_GAP, b.x0 + b.width + MARK_GAP
    out: list[Item] = []
    for x in b.grid.cuts_x():
        out += [Line(x, up_to, x, top, MARK_STYLE), Line(x, bottom, x, down_to, MARK_STYLE)]
    for y in b.grid.cuts_y():
        out += [Line(max(m, left - MARK_MAX), y, left, y, MARK_STYLE),
                Line(right, y, min(pw - m, right + MARK_MAX), y, MARK_STYLE)]
    return out


def _middle(above: Block, below: Block) -> float:
    return (above.y0 + above.height + below.y0) / 2


def _splits(blocks: tuple[Block, ...], spec: PrintSpec) -> list[Item]:
    """The line along the middle of each gutter between two blocks of pieces: cut there first."""
    m = spec.margin + SPLIT_STYLE.width  # the stroke's ink inside the printable area
    return [Line(m, _middle(a, b), spec.paper.w - m, _middle(a, b), SPLIT_STYLE)
            for a, b in zip(blocks, blocks[1:]) if not (a.art or b.art)]


def _mirrored(items: list[Item], page_w: float) -> list[Item]:
    """Crop marks seen from the back of the sheet (flipped on its long edge)."""
    return [Line(page_w - it.x1, it.y1, page_w - it.x2, it.y2, it.style) for it in items]


@dataclass(frozen=True)
class GangTexts:
    """Words printed on gang sheets: the sheet label (``label(what, page, pages, side)``, ``what``
    naming the kinds on the sheet) and the calibration note of the first sheet ("" for none)."""

    label: Callable[[str, int, int, str], str]
    calibration: str


def gang_pages(sheets: tuple[GangSheet, ...], kinds: list[Kind], arts: list[Iterable[CardArt]], spec: PrintSpec,
               texts: GangTexts) -> Iterator[Scene]:
    """The pages of ``sheets``: each front followed by its back when it has one. ``arts`` holds
    each kind's pieces, in order."""
    pieces = [iter(a) for a in arts]
    for page, sheet in enumerate(sheets, 1):
        front: list[Item] = []
        back: list[Item] = []
        marks: list[Item] = []
        back_marks: list[Item] = []
        for i, block in enumerate(sheet.blocks):
            kind = kinds[block.kind]
            if block.art:
                if kind.foot_art is not None:
                    front.append(Group(tuple(kind.foot_art(block.x0, block.y0, block.width, block.height)),
                                       id="foot-art"))
                continue
            f, b = _block_pieces(block, [next(pieces[block.kind]) for _ in range(block.count)], spec.paper.w)
            front += f
            back += b
            block_marks = _marks(sheet.blocks, i, spec)
            marks += block_marks
            if b:
                back_marks += _mirrored(block_marks, spec.paper.w)
        what = " · ".join(kinds[k].name for k in sheet.kinds())
        extra = [_gang_label(texts.label(what, page, len(sheets), "front"), spec)]
        if page == 1 and texts.calibration:
            extra += _calibration(sheet, texts.calibration, spec)
        yield Scene(spec.paper.w, spec.paper.h, tuple(front + marks + _splits(sheet.blocks, spec) + extra),
                    label=f"sheet {page} front")
        if sheet.duplex and spec.duplex:
            back_label = _gang_label(texts.label(what, page, len(sheets), "back"), spec)
            yield Scene(spec.paper.w, spec.paper.h,
                        tuple(shift_back(back + back_marks + [back_label], spec.back_offset)),
                        label=f"sheet {page} back")


def _block_pieces(block: Block, batch: list[CardArt], page_w: float) -> tuple[list[Item], list[Item]]:
    """The fronts of a block's pieces, and their backs where the mirrored block lies on the back."""
    grid = block.grid
    front_turn, back_turn = (90, -90) if grid.rotated else (0, 0)
    back_x0 = page_w - block.x0 - block.width
    front: list[Item] = []
    back: list[Item] = []
    for n, art in enumerate(batch):
        row, col = divmod(n, grid.cols)
        x, y = grid.cell(row, col)
        front.append(_card(art.front, art.shared, _place(art.front.width, art.front.height, x, y, front_turn)))
        if art.back is not None and block.duplex:
            bx = back_x0 + (grid.cols - 1 - col) * grid.cell_w
            back.append(Use(art.back, _place(art.back.width, art.back.height, bx, y, back_turn)))
    return front, back


def _gang_label(text: str, spec: PrintSpec) -> Item:
    """The sheet label, in the band above the top marks."""
    edge = spec.margin + MARK_MIN + MARK_GAP
    return _strip_text(text, edge, spec.paper.w - 2 * edge, spec.margin, spec.margin + LABEL_BAND)


def _calibration(sheet: GangSheet, note: str, spec: PrintSpec) -> list[Item]:
    """The 50 mm line and its note in the band below the lowest marks, its ticks clear of every cut."""
    m, edge = spec.margin, spec.margin + MARK_MIN + MARK_GAP
    cuts = sorted(x for b in sheet.blocks if not b.art for x in b.grid.cuts_x())
    x = _clear_start(edge + TICK_CLEAR, CAL_LENGTH, cuts)
    return _ruler_in_strip(note, x, spec.paper.w - m, spec.paper.h - m, spec.paper.h - m - FOOT_BAND, CAL_LENGTH)
