"""Joining PDFs: kit.pdf is its cover followed by the kit's other PDFs, page for page."""

from __future__ import annotations

from pathlib import Path


def concatenate(parts: list[Path], target: Path, title: str = "", author: str = "", subject: str = "") -> int:
    """Write ``target``: every page of every file of ``parts``, in order. Returns the page count.

    qpdf (through pikepdf) copies the pages without repainting them; the file ID is derived from
    the content and no date is written, so the same parts give byte-identical output."""
    import pikepdf

    with pikepdf.new() as out:
        sources = [pikepdf.open(p) for p in parts]
        try:
            for src in sources:
                out.pages.extend(src.pages)
            info = {"/Title": title, "/Author": author, "/Subject": subject, "/Producer": "pnp (qpdf)"}
            out.docinfo = out.make_indirect(pikepdf.Dictionary({k: pikepdf.String(v) for k, v in info.items()}))
            out.save(target, deterministic_id=True, compress_streams=True,
                     object_stream_mode=pikepdf.ObjectStreamMode.generate)
            return len(out.pages)
        finally:
            for src in sources:
                src.close()
