"""Card sheets: pictures of the same size laid out in a grid, as Tabletop Simulator cuts them into
cards (at most 10 x 7 per sheet, at most 4096 px on a side, the last slot the hidden card)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.export.raster import MM_PER_INCH, pixels

if TYPE_CHECKING:
    from PIL import Image

MAX_PX = 4096
"""The longest side of a texture Tabletop Simulator takes."""
MAX_COLS, MAX_ROWS = 10, 7
CAPACITY = MAX_COLS * MAX_ROWS - 1
"""Faces on one sheet: every slot but the last, which holds the hidden card."""


@dataclass(frozen=True)
class Grid:
    """A sheet of ``cols`` x ``rows`` cells of ``cell`` pixels each."""

    cols: int
    rows: int
    cell: tuple[int, int]
    dpi: float
    """The resolution the cards are drawn at to fill a cell."""

    @property
    def slots(self) -> int:
        return self.cols * self.rows

    @property
    def size(self) -> tuple[int, int]:
        """The sheet's size in pixels."""
        return self.cols * self.cell[0], self.rows * self.cell[1]

    def origin(self, slot: int) -> tuple[int, int]:
        """The top left corner of ``slot`` (0 top left, row after row)."""
        return (slot % self.cols) * self.cell[0], (slot // self.cols) * self.cell[1]


def fitting_dpi(w_mm: float, h_mm: float, dpi: float, max_px: int = MAX_PX) -> float:
    """``dpi``, or less so that a picture of ``w_mm`` x ``h_mm`` is at most ``max_px`` on a side."""
    return min(dpi, max_px * MM_PER_INCH / w_mm, max_px * MM_PER_INCH / h_mm)


def grid_for(faces: int, w_mm: float, h_mm: float, dpi: float) -> Grid:
    """The grid for ``faces`` cards of ``w_mm`` x ``h_mm`` and the hidden card: of the grids with
    room for them, the one that keeps the cards sharpest (closest to ``dpi``), then the one with
    the fewest empty slots, then the widest."""
    if not 1 <= faces <= CAPACITY:
        raise ValueError(f"a sheet holds 1 to {CAPACITY} faces, not {faces}")
    slots = faces + 1
    best: tuple | None = None
    for cols in range(MAX_COLS, 0, -1):
        rows = math.ceil(slots / cols)
        if rows > MAX_ROWS:
            continue
        fit = fitting_dpi(cols * w_mm, rows * h_mm, dpi)
        rank = (-fit, cols * rows - slots, -cols)
        if best is None or rank < best[0]:
            best = (rank, cols, rows, fit)
    _, cols, rows, fit = best
    cell = (min(pixels(w_mm, fit), MAX_PX // cols), min(pixels(h_mm, fit), MAX_PX // rows))
    return Grid(cols, rows, cell, fit)


def compose(grid: Grid, images: list["Image.Image"], hidden: "Image.Image") -> "Image.Image":
    """The sheet: ``images`` in the first slots, row after row, ``hidden`` in the last slot
    (each resized to the cell when it is not that size already); empty slots white."""
    from PIL import Image

    if len(images) >= grid.slots:
        raise ValueError(f"{len(images)} faces do not fit a {grid.cols} x {grid.rows} sheet with its hidden card")
    sheet = Image.new("RGB", grid.size, "white")
    for slot, image in [*enumerate(images), (grid.slots - 1, hidden)]:
        if image.size != grid.cell:
            image = image.resize(grid.cell, Image.Resampling.LANCZOS)
        sheet.paste(image, grid.origin(slot))
    return sheet
