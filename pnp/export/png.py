"""png: one PNG per card face and back, per token and per piece, at a chosen resolution, with or
without bleed; names sort in print order (NNNN-group-card-copy-front.png)."""

from __future__ import annotations

import io
import re
from pathlib import Path

from pnp.export import Exported, ExportOptions
from pnp.export.manifest import export_manifest
from pnp.export.raster import rasterize, save_png
from pnp.export.source import KitSource, Piece, with_bleed

DESCRIPTION = "one PNG per card face and back, token and piece (--dpi, --no-bleed)"


def file_stem(index: int, piece: Piece) -> str:
    """NNNN-group-design-copy: a sort of the names gives the print order."""
    design, _, copy = piece.label.partition("#")
    name = design.split("/", 1)[1] if "/" in design else design
    return f"{index:04d}-{_safe(piece.group)}-{_safe(name)}-{copy or '1'}"


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "x"


def encoded(pieces: list[Piece], dpi: int) -> dict[str, bytes]:
    """symbol key -> PNG bytes of every distinct face and back (each drawn and encoded once)."""
    symbols = {}
    for p in pieces:
        for s in (p.front, p.back):
            if s is not None and s.key not in symbols:
                symbols[s.key] = s
    out: dict[str, bytes] = {}
    for key, image in zip(symbols, rasterize(symbols.values(), dpi)):
        buffer = io.BytesIO()
        save_png(image, buffer, dpi)
        out[key] = buffer.getvalue()
    return out


def export(kit: KitSource, options: ExportOptions, tx) -> Exported:
    """Write the PNGs and export.json into <game>/<lang>/png/."""
    folder = f"{kit.model.id}/{kit.lang}/png"
    pieces = [with_bleed(p, options.bleed) for p in kit.pieces()]
    images = encoded(pieces, options.dpi)
    written: list[tuple[str, Path]] = []
    for i, piece in enumerate(pieces, 1):
        for side, symbol in (("front", piece.front), ("back", piece.back)):
            if symbol is None:
                continue
            name = f"{file_stem(i, piece)}-{side}.png"
            path = tx.path(f"{folder}/{name}")
            path.write_bytes(images[symbol.key])
            written.append((name, path))
    extra = {"dpi": options.dpi, "bleed_mm": pieces[0].bleed if pieces else 0.0, "pieces": len(pieces),
             "cards": sum(1 for p in pieces if p.kind == "cards")}
    tx.path(f"{folder}/export.json").write_text(export_manifest(kit, "png", folder, written, extra), encoding="utf-8")
    return Exported("png", Path(folder), summary=f"{len(pieces)} pieces, {len(written)} PNG files at {options.dpi} dpi")
