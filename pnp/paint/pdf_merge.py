"""Putting one PDF inside another (the rulebook, typeset apart, goes into kit.pdf)."""

from __future__ import annotations

from pathlib import Path


def insert_after_first_page(main: Path, inserted: Path, target: Path) -> int:
    """Write ``target``: the first page of ``main``, every page of ``inserted``, then the rest of
    ``main``. Returns the page count. The output is deterministic (pypdf writes no date or random id)."""
    from pypdf import PdfReader, PdfWriter

    n = len(PdfReader(str(main)).pages)
    writer = PdfWriter()
    writer.append(str(main), pages=(0, 1))
    writer.append(str(inserted))
    if n > 1:
        writer.append(str(main), pages=(1, n))
    with open(target, "wb") as f:
        writer.write(f)
    return len(writer.pages)
