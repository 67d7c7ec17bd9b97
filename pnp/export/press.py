"""press: a PDF/X-4 of each PDF of the kit for a print shop (cards, pieces, each board at full size,
the rulebook), in CMYK through an output ICC profile, black text in black ink only.

The pages are the build's own (the same plan, painted by pnp.paint), then made PDF/X-4 by
pnp.export.pdfx; the profile is ``--profile FILE.icc`` or Ghostscript's (pnp.export.colour).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.export import Exported, ExportOptions
from pnp.export.colour import Converter, find_profile
from pnp.export.manifest import export_manifest
from pnp.export.pdfx import PdfxInfo, make_pdfx
from pnp.export.source import KitSource

DESCRIPTION = "PDF/X-4 of cards, pieces, boards and rulebook for a print shop (CMYK; --profile FILE.icc)"


def sources(kit: KitSource) -> list[tuple[str, str, Callable[[Path], int]]]:
    """(file name, title, paint into a path) of every PDF the press export converts, in kit order."""
    from pnp.paint.pdf import paint_pdf
    from pnp.write.kit_files import board_files

    plan, info = kit.plan, kit.model.info
    author = ", ".join(info.authors)
    out: list[tuple[str, str, Callable[[Path], int]]] = []
    for doc in plan.documents():
        out.append((doc.name, doc.title, lambda path, doc=doc: paint_pdf(
            plan.doc_pages(doc), str(path), title=doc.title, author=author, subject=info.stamp)))
    for board_id, side_id in board_files(kit.model):
        side = next((s for s in plan.sides if (s.board_id, s.side_id) == (board_id, side_id)), None)
        if side is None:
            continue
        name = f"board-{side_id}.pdf" if len(kit.model.boards) == 1 else f"{board_id}-{side_id}.pdf"
        title = f"{info.title}: {side.name}"
        out.append((name, title, lambda path, side=side, title=title: paint_pdf(
            [plan.full_size(side)], str(path), title=title, author=author, subject=info.stamp)))
    out.append(("rulebook.pdf", f"{info.title}", lambda path: _rulebook(kit, path)))
    return out


def _rulebook(kit: KitSource, path: Path) -> int:
    from pnp.write.kit_files import paint_plan_rulebook

    return paint_plan_rulebook(kit.plan, str(path), kit.lang)


def export(kit: KitSource, options: ExportOptions, tx) -> Exported:
    """Write the PDF/X-4 files and export.json into <game>/<lang>/press/."""
    folder = f"{kit.model.id}/{kit.lang}/press"
    converter = Converter(find_profile(options.profile))
    info = kit.model.info
    author = ", ".join(info.authors)
    written: list[tuple[str, Path]] = []
    pages = 0
    for name, title, paint in sources(kit):
        scratch = tx.scratch(f"press-{name}")
        paint(scratch)
        path = tx.path(f"{folder}/{name}")
        pages += make_pdfx(scratch, path, converter, PdfxInfo(title, author, info.stamp, info.date,
                                                             f"{info.id}/{info.version}/{kit.lang}/{name}"))
        written.append((name, path))
    extra = {"standard": "PDF/X-4", "output_profile": converter.profile.description,
             "output_profile_file": converter.profile.path.name, "pages": pages}
    tx.path(f"{folder}/export.json").write_text(export_manifest(kit, "press", folder, written, extra),
                                                encoding="utf-8")
    return Exported("press", Path(folder), summary=f"{len(written)} PDF/X-4 files, {pages} pages, CMYK "
                                                   f"({converter.profile.description})")
