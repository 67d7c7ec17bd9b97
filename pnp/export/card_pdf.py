"""card-pdf: one card per page, for a print shop or a print-on-demand service that cuts cards from
PDFs. One PDF per deck (then tokens, standees, boards) in print order; every copy of every card is a
page, its front followed by its back, the page its size with bleed, TrimBox and BleedBox set, fonts
embedded (pnp.paint.pdf embeds every font it draws with)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pnp.export import Exported, ExportOptions
from pnp.export.manifest import export_manifest
from pnp.export.png import counts, safe
from pnp.export.source import KitSource, Piece
from pnp.layout.scene import Scene, Symbol, Use

DESCRIPTION = "one PDF per deck, one card per page (front, then back) with bleed, TrimBox and BleedBox"


def page(symbol: Symbol | None, width: float, height: float, bleed: float) -> Scene:
    """One face as a page of its size (bleed included), its trim and bleed boxes set; a blank page
    of that size when there is no face (a back never printed)."""
    items = (Use(symbol),) if symbol is not None else ()
    return Scene(width, height, items, trim=(bleed, bleed, width - 2 * bleed, height - 2 * bleed),
                 bleed=(0.0, 0.0, width, height))


def card_pages(piece: Piece, order: str = "front-back", blank_backs: bool = False) -> list[Scene]:
    """The pages of one piece: its front, then its back (``order`` 'back-front': the other way);
    a piece without a back has one page, or a blank back page with ``blank_backs``."""
    w, h, b = piece.front.width, piece.front.height, piece.bleed
    front = page(piece.front, w, h, b)
    if piece.back is None and not blank_backs:
        return [front]
    back = page(piece.back, w, h, b)
    return [back, front] if order == "back-front" else [front, back]


def write_pdf(pages: Iterable[Scene], path: Path, title: str) -> int:
    """Paint ``pages`` into the PDF ``path``; returns its number of pages."""
    from pnp.paint.pdf import paint_pdf

    return paint_pdf(pages, str(path), title=title, author="pnp", subject=title)


def groups(pieces: list[Piece]) -> dict[str, list[Piece]]:
    """The pieces by group (a deck, tokens, standees, boards), in print order."""
    out: dict[str, list[Piece]] = {}
    for p in pieces:
        out.setdefault(p.group, []).append(p)
    return out


def export(kit: KitSource, options: ExportOptions, tx) -> Exported:
    """Write one PDF per group of pieces and export.json into <game>/<lang>/card-pdf/."""
    folder = f"{kit.model.id}/{kit.lang}/card-pdf"
    pieces = [kit.printed(p) for p in [*kit.pieces(), *kit.boards()]]
    written: list[tuple[str, Path]] = []
    pages: dict[str, int] = {}
    for n, (group, members) in enumerate(groups(pieces).items(), 1):
        name = f"{n:02d}-{safe(group)}.pdf"
        path = tx.path(f"{folder}/{name}")
        pages[name] = write_pdf((s for p in members for s in card_pages(p)), path,
                                f"{kit.model.info.title}: {group}")
        written.append((name, path))
    kinds = counts(pieces)
    extra = {"bleed_mm": pieces[0].bleed if pieces else 0.0, "pieces": len(pieces), "cards": kinds.get("cards", 0),
             "kinds": kinds, "pages": pages}
    tx.path(f"{folder}/export.json").write_text(export_manifest(kit, "card-pdf", folder, written, extra),
                                                encoding="utf-8")
    return Exported("card-pdf", Path(folder), summary=f"{len(pieces)} pieces in {len(written)} PDF files, "
                                                      f"{sum(pages.values())} pages")
