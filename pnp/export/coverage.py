"""Ink coverage: how much of a page is inked, measured on the page as PDFium renders it.

A page's coverage is the mean of (1 - luminance) over its pixels: 0 for white paper, 1 for black
all over. :func:`ink_saving` compares a kit with and without ``--ink-saver`` over what it prints at
home (cards.pdf, pieces.pdf and the boards' tiles).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.layout.scene import Scene

DPI = 24
"""Resolution of the measure: coverage is an average, fine detail does not change it."""


def page_coverage(pages: Iterable[Scene], dpi: int = DPI) -> list[float]:
    """The coverage of each page, painted as PDF (pnp.paint.pdf) and rendered by PDFium."""
    from pnp.paint.pdf import paint_pdf

    buffer = io.BytesIO()
    paint_pdf(pages, buffer)
    return pdf_coverage(buffer.getvalue(), dpi)


def pdf_coverage(pdf: bytes | str | Path, dpi: int = DPI) -> list[float]:
    """The coverage of each page of a PDF file (or its bytes)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf) if isinstance(pdf, Path) else pdf)
    out = []
    try:
        for i in range(len(document)):
            page = document[i]
            image = page.render(scale=dpi / 72.0, fill_color=(255, 255, 255, 255)).to_pil().convert("L")
            page.close()
            histogram = image.histogram()
            pixels = sum(histogram)
            out.append(sum((255 - level) * n for level, n in enumerate(histogram)) / (255 * pixels))
    finally:
        document.close()
    return out


@dataclass(frozen=True)
class Coverage:
    """The coverage of what a kit prints at home: its files, their pages and mean coverage."""

    files: dict[str, list[float]]

    @property
    def pages(self) -> int:
        return sum(len(p) for p in self.files.values())

    @property
    def mean(self) -> float:
        """The mean coverage of every page (how much ink the whole kit takes, per page)."""
        return sum(sum(p) for p in self.files.values()) / max(1, self.pages)


def plan_coverage(plan, dpi: int = DPI) -> Coverage:
    """The coverage of cards.pdf, pieces.pdf and every board's tiles of ``plan`` (a KitPlan)."""
    files = {doc.name: page_coverage(plan.doc_pages(doc), dpi) for doc in plan.documents()}
    for side in plan.sides:
        files[f"board {side.board_id}/{side.side_id}"] = page_coverage(side.pages, dpi)
    return Coverage(files)


@dataclass(frozen=True)
class InkSaving:
    """A kit's coverage without and with the ink saver."""

    before: Coverage
    after: Coverage

    @property
    def saved(self) -> float:
        """The part of the ink the ink saver spares (0.25: a quarter less)."""
        return 1 - self.after.mean / self.before.mean if self.before.mean else 0.0

    def lines(self) -> list[str]:
        """One line per file whose coverage changed, then the whole."""
        out = []
        for name, after in self.after.files.items():
            before = self.before.files.get(name, [])
            if before != after:
                out.append(f"  {name}: {len(before)} -> {len(after)} pages, ink {_mean(before):.1%} -> "
                           f"{_mean(after):.1%} of the page")
        out.append(f"  in all: {self.before.pages} -> {self.after.pages} pages, ink {self.before.mean:.1%} -> "
                   f"{self.after.mean:.1%} of the page ({self.saved:.0%} less ink)")
        return out


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def ink_saving(folder: Path, options, dpi: int = DPI) -> InkSaving:
    """The coverage of the game's kit in ``folder`` as ``options`` (pnp.build.BuildOptions) lay it
    out, without and with the ink saver."""
    before, after = with_plans(folder, [replace(options, ink_saver=ink) for ink in (False, True)],
                                lambda plan: plan_coverage(plan, dpi))
    return InkSaving(before, after)


def paper_report(folder: Path, options) -> list[str]:
    """Lines on the paper the kit of ``options`` takes: the pages ganging saves and, for a gutter-fold
    kit, each file's pages against the same file printed double-sided."""
    from pnp.layout.savings import ganging, printed

    plain = replace(options, gutter_fold=False, ink_saver=False)
    (gang, pages), (_, plain_pages) = with_plans(folder, [options, plain],
                                                  lambda plan: (ganging(plan.documents()), printed(plan)))
    lines = []
    if gang.separate:
        lines.append(f"ganging: the pieces that share sheets take {gang.pages} pages, {gang.separate} with "
                     f"sheets of their own per kind ({gang.saved} saved)")
    if options.gutter_fold:
        for name, (n, sheets) in pages.items():
            m, plain_sheets = plain_pages.get(name, (0, 0))
            if (n, sheets) != (m, plain_sheets):
                lines.append(f"gutter fold: {name}: {n} pages on one side, {sheets} sheets (double-sided: "
                             f"{m} pages on {plain_sheets} sheets)")
    return lines


def with_plans(folder: Path, options: list, measure) -> list:
    """``measure(plan)`` of the kit of the game in ``folder`` laid out as each of ``options``."""
    from pnp.build import _language, kit_plan, load_and_check
    from pnp.i18n import activate
    from pnp.i18n.data import localize_model

    model, _ = load_and_check(folder)
    prepared = _language(folder, model, options[0])
    with activate(prepared.language):
        local = localize_model(model, prepared.language)
        return [measure(kit_plan(local, o)[0]) for o in options]
