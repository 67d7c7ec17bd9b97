"""Paint every file of a kit into a transaction, and list them in manifest.json."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pnp.layout.kit import KitPlan
from pnp.layout.tiling import trimmed
from pnp.paint.pdf import paint_pdf
from pnp.paint.pdf_merge import insert_after_first_page
from pnp.paint.rulebook_pdf import RulebookMeta, paint_rulebook
from pnp.write.manifest import FileEntry, manifest, write_manifest
from pnp.write.transaction import OutputTransaction

Progress = Callable[[Iterable, int, str], Iterable]


PARTS = ("cards", "pieces", "boards", "rulebook", "kit")
"""What a build can be limited to (pnp build --only): cards.pdf, pieces.pdf, the board files,
rulebook.pdf, kit.pdf. manifest.json lists what the build wrote."""


def write_kit(plan: KitPlan, tx: OutputTransaction, prefix: str, lang: str, progress: Progress,
              only: tuple[str, ...] = ()) -> list[FileEntry]:
    """cards.pdf, pieces.pdf, board-<side>.svg / .pdf / -<paper>.pdf, rulebook.pdf, kit.pdf and
    manifest.json.

    Every page comes from the plan, watermarked there when the kit is a draft; the board SVG is
    watermarked here, so no file of a draft passes for a finished translation.
    """
    from pnp.paint.svg import paint_svg

    model = plan.model
    info = model.info
    author = ", ".join(info.authors)
    paper = plan.base.paper.name
    entries: list[FileEntry] = []

    def pdf(name: str, scenes: Iterable, total: int, title: str, duplex: list[tuple[int, int]]) -> None:
        path = tx.path(f"{prefix}/{name}")
        pages = paint_pdf(progress(scenes, total, f"{model.id} {name}"), str(path), title=title, author=author,
                          subject=info.stamp)
        entries.append(FileEntry(name, path, pages, duplex))

    want = set(only or PARTS)
    for doc, total in zip(plan.documents(), plan.page_counts):
        if doc.name.removesuffix(".pdf") in want:
            pdf(doc.name, plan.doc_pages(doc), total, doc.title, doc.duplex_pages)
    for side in plan.sides if "boards" in want else ():
        base = f"board-{side.side_id}" if len(model.boards) == 1 else f"{side.board_id}-{side.side_id}"
        svg = tx.path(f"{prefix}/{base}.svg")
        paint_svg(plan.mark(trimmed(side.scene)), svg, title=f"{info.title} · {side.name}")
        entries.append(FileEntry(f"{base}.svg", svg, 1))
        pdf(f"{base}.pdf", [plan.full_size(side)], 1, f"{info.title}: {side.name}", [])
        pdf(f"{base}-{paper}.pdf", [side.map, *side.tiles], 1 + len(side.tiles), f"{info.title}: {side.name}", [])
    if want & {"rulebook", "kit"}:
        entries += _rulebook_and_kit(plan, tx, prefix, lang, progress, want, author)
    path = tx.path(f"{prefix}/manifest.json")
    data = manifest(model, lang, paper, entries)
    data["draft"] = bool(plan.draft)
    write_manifest(data, path)
    return entries


def _rulebook_and_kit(plan: KitPlan, tx: OutputTransaction, prefix: str, lang: str, progress: Progress,
                      want: set[str], author: str) -> list[FileEntry]:
    """rulebook.pdf (typeset apart) and kit.pdf: the cover, the rulebook, then every other page."""
    info, entries = plan.model.info, []
    rulebook = tx.path(f"{prefix}/rulebook.pdf") if "rulebook" in want else tx.scratch("rulebook.pdf")
    rulebook_pages = paint_rulebook(plan.rulebook_blocks(), str(rulebook), RulebookMeta(**plan.rulebook_meta()),
                                    plan.rulebook_figure, plan.draft, paper=(plan.base.paper.w, plan.base.paper.h),
                                    hyphenation_lang=lang)
    if "rulebook" in want:
        entries.append(FileEntry("rulebook.pdf", rulebook, rulebook_pages, [(1, rulebook_pages)]))
    if "kit" in want:
        rest = tx.scratch("kit-without-rulebook.pdf")
        paint_pdf(progress(plan.kit_pages(rulebook_pages), plan.kit_page_count, f"{plan.model.id} kit.pdf"),
                  str(rest), title=f"{info.title}: kit", author=author, subject=info.stamp)
        kit = tx.path(f"{prefix}/kit.pdf")
        pages = insert_after_first_page(rest, rulebook, kit)
        entries.append(FileEntry("kit.pdf", kit, pages, plan.kit_duplex(rulebook_pages)))
    return entries
