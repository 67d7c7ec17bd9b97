"""Pictures of scenes: symbols painted as PDF pages (pnp.paint.pdf) and rasterized by PDFium
(pypdfium2) into Pillow images, so that a PNG shows exactly what the PDF prints."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, BinaryIO

from pnp.layout.scene import Scene, Symbol, Use

if TYPE_CHECKING:
    from PIL import Image

MM_PER_INCH = 25.4
BATCH = 48
"""Symbols painted into one in-memory PDF at a time (bounds memory on big decks)."""
COMPRESS_LEVEL = 3
"""zlib level of the PNG files. Pillow's PNG encoder spends most of its time choosing a filter for
each row, whatever the level; levels 1-3 (zlib's fast matcher) encode a card about 40% faster than
the default 6 for files 15-25% larger (the bench deck: 73 against 58 cards/s on one core, 58 against
47 KiB a file; bench/export_png.py), and 3 is the smallest of them."""


def pixels(mm: float, dpi: int) -> int:
    """``mm`` at ``dpi``, rounded to whole pixels."""
    return max(1, round(mm / MM_PER_INCH * dpi))


def rasterize(symbols: Iterable[Symbol], dpi: int = 300) -> Iterator["Image.Image"]:
    """Each symbol as an RGB image of its box at ``dpi`` (white under transparent parts), in order;
    an image is exactly ``pixels(width, dpi)`` x ``pixels(height, dpi)``."""
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
            try:
                yield _render(page, pixels(symbol.width, dpi), pixels(symbol.height, dpi))
            finally:
                page.close()
    finally:
        pdf.close()


def _render(page, width: int, height: int) -> "Image.Image":
    """``page`` drawn onto exactly ``width`` x ``height`` RGB pixels on white. PDFium fits the page
    to the bitmap, so a page whose size in points rounds the other way gives no extra row (which
    page.render's ceil would add) and the picture is never resampled."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    bitmap = pdfium.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGR, rev_byteorder=True)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
    pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    try:
        # RGB already; the pixels stay in the buffer Python allocated for the bitmap (not PDFium's), which
        # the image holds on to if Pillow maps it rather than copies it
        return bitmap.to_pil()
    finally:
        bitmap.close()


def save_png(image: "Image.Image", path: str | BinaryIO, dpi: int) -> None:
    """Write ``image`` as a PNG that says its resolution (pHYs), deterministically (no time stamp)."""
    image.save(path, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=COMPRESS_LEVEL)


def png_bytes(image: "Image.Image", dpi: int) -> bytes:
    """``image`` encoded as by :func:`save_png`."""
    buffer = io.BytesIO()
    save_png(image, buffer, dpi)
    return buffer.getvalue()
