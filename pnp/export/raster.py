"""Pictures of scenes: symbols painted as PDF pages (pnp.paint.pdf) and rasterized by PDFium
(pypdfium2) into Pillow images, so that a PNG shows exactly what the PDF prints."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from pnp.layout.scene import Scene, Symbol, Use

if TYPE_CHECKING:
    from PIL import Image

MM_PER_INCH = 25.4
BATCH = 48
"""Symbols painted into one in-memory PDF at a time (bounds memory on big decks)."""


def pixels(mm: float, dpi: int) -> int:
    """``mm`` at ``dpi``, rounded to whole pixels."""
    return max(1, round(mm / MM_PER_INCH * dpi))


def rasterize(symbols: Iterable[Symbol], dpi: int = 300) -> Iterator["Image.Image"]:
    """Each symbol as an RGB image of its box at ``dpi`` (white under transparent parts), in order."""
    batch: list[Symbol] = []
    for symbol in symbols:
        batch.append(symbol)
        if len(batch) == BATCH:
            yield from _batch(batch, dpi)
            batch = []
    if batch:
        yield from _batch(batch, dpi)


def _batch(symbols: list[Symbol], dpi: int) -> Iterator["Image.Image"]:
    import pypdfium2 as pdfium

    from pnp.paint.pdf import paint_pdf

    buffer = io.BytesIO()
    paint_pdf((Scene(s.width, s.height, (Use(s),)) for s in symbols), buffer)
    pdf = pdfium.PdfDocument(buffer.getvalue())
    try:
        for i, symbol in enumerate(symbols):
            page = pdf[i]
            size = (pixels(symbol.width, dpi), pixels(symbol.height, dpi))
            bitmap = page.render(scale=dpi / 72.0, may_draw_forms=False)
            image = bitmap.to_pil().convert("RGB")
            yield image if image.size == size else image.resize(size)
            page.close()
    finally:
        pdf.close()


def save_png(image: "Image.Image", path, dpi: int) -> None:
    """Write ``image`` as a PNG that says its resolution (pHYs), deterministically (no time stamp)."""
    image.save(path, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=6)
