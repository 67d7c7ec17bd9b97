"""Joining PDFs: kit.pdf is its cover followed by the kit's other PDFs, page for page."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

_SUBSET_TAG = re.compile(r"^[A-Z]{6}\+")


def concatenate(parts: list[Path | None], target: Path, title: str = "", author: str = "", subject: str = "",
                order: list[tuple[int, int] | None] | None = None, blank_page: Path | None = None) -> int:
    """Write ``target``: the pages of ``parts``, in order. Returns the page count.

    ``order`` lists the pages to take, each ``(part index, page index)``, or None for the page of
    the one-page PDF ``blank_page``; without it, every page of every part follows the other.

    qpdf (through pikepdf) copies the pages without repainting them; the file ID is derived from
    the content and no date is written, so the same parts give byte-identical output. Every font
    subset gets a tag of its own (see :func:`unique_subset_tags`)."""
    import pikepdf

    with pikepdf.new() as out:
        sources = [pikepdf.open(p) if p is not None else None for p in parts]
        blank = pikepdf.open(blank_page) if blank_page is not None else None
        try:
            if order is None:
                order = [(i, j) for i, src in enumerate(sources) if src is not None for j in range(len(src.pages))]
            for item in order:
                out.pages.append(blank.pages[0] if item is None else sources[item[0]].pages[item[1]])
            unique_subset_tags(out)
            info = {"/Title": title, "/Author": author, "/Subject": subject, "/Producer": "pnp (qpdf)"}
            out.docinfo = out.make_indirect(pikepdf.Dictionary({k: pikepdf.String(v) for k, v in info.items()}))
            out.save(target, deterministic_id=True, compress_streams=True,
                     object_stream_mode=pikepdf.ObjectStreamMode.generate)
            return len(out.pages)
        finally:
            for src in (*sources, blank):
                if src is not None:
                    src.close()


def subset_tag(font_program: bytes) -> str:
    """Six capital letters derived from a font subset's bytes: two different subsets get different
    tags, the same subset the same tag (ISO 32000-1, 9.6.4)."""
    number = int.from_bytes(hashlib.sha256(font_program).digest()[:8], "big")
    letters = []
    for _ in range(6):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(letters)


def unique_subset_tags(pdf) -> None:
    """Rename every embedded font subset of ``pdf`` (a pikepdf.Pdf) by its content.

    Each file ReportLab writes names its first subset of a font ``AAAAAA+Name``, so files joined
    together hold several different fonts of one name, and a RIP that caches fonts by name prints
    the wrong glyphs."""
    import pikepdf

    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/Font":
            continue
        descriptor = obj.get("/FontDescriptor")
        base = str(obj.get("/BaseFont", ""))[1:]
        if descriptor is None or not _SUBSET_TAG.match(base):
            continue
        program = next((descriptor[k] for k in ("/FontFile2", "/FontFile", "/FontFile3") if k in descriptor), None)
        if program is None:
            continue
        name = subset_tag(program.read_raw_bytes() + bytes(obj.get("/Widths", pikepdf.Array()).unparse())) + base[6:]
        obj.BaseFont = pikepdf.Name("/" + name)
        descriptor.FontName = pikepdf.Name("/" + name)
