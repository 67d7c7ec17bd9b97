"""png: one PNG per card face and back, per token, piece and board side, at a chosen resolution,
with or without bleed. Names sort in print order: NNNNa-group-design[-copy]-front.png, then its
NNNNb-...-back.png; the board sides come last."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

from pnp.export import Exported, ExportOptions
from pnp.export.manifest import export_manifest
from pnp.export.raster import png_bytes, rasterize
from pnp.export.source import KitSource, Piece, with_bleed
from pnp.layout.scene import Symbol

DESCRIPTION = "one PNG per card face and back, token, piece and board side (--dpi, --no-bleed)"

BOARD_DPI = 300
"""The board sides' resolution at most: a 660 x 500 mm board is 46 million pixels at 300 dpi, and
would be 740 million (2 GB in memory) at 1200."""
Place = Callable[[str], Path]
"""Where the file of a name goes (an OutputTransaction's tx.path under the export folder)."""


def file_stem(index: int, piece: Piece) -> str:
    """NNNN-group-design[-copy]: a sort of the names gives the print order."""
    design, _, copy = piece.label.partition("#")
    name = design.split("/", 1)[1] if "/" in design else design
    return f"{index:04d}-{safe(piece.group)}-{safe(name)}" + (f"-{copy}" if copy else "")


def safe(text: str) -> str:
    """``text`` as a portable part of a file name."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "x"


def faces(pieces: list[Piece]) -> list[tuple[str, Symbol]]:
    """(file name, picture) of every face of ``pieces`` in print order: a front (``a``), then its
    back (``b``); a board side is one picture, without a side in its name."""
    out: list[tuple[str, Symbol]] = []
    for i, piece in enumerate(pieces, 1):
        number, rest = file_stem(i, piece).split("-", 1)
        if piece.kind == "boards":
            out.append((f"{number}-{rest}.png", piece.front))
            continue
        out.append((f"{number}a-{rest}-front.png", piece.front))
        if piece.back is not None:
            out.append((f"{number}b-{rest}-back.png", piece.back))
    return out


def write_pngs(named: Iterable[tuple[str, Symbol]], dpi: int, place: Place) -> list[tuple[str, Path]]:
    """Draw and write every (name, picture): a picture used by several files (copies of a card, a
    shared back) is drawn and encoded once. Returns (name, path) in the order given."""
    named = list(named)
    users: dict[str, list[str]] = {}
    symbols: dict[str, Symbol] = {}
    for name, symbol in named:
        users.setdefault(symbol.key, []).append(name)
        symbols.setdefault(symbol.key, symbol)
    paths: dict[str, Path] = {}
    for key, image in zip(symbols, rasterize(symbols.values(), dpi)):
        data = png_bytes(image, dpi)
        for name in users[key]:
            paths[name] = place(name)
            paths[name].write_bytes(data)
    return [(name, paths[name]) for name, _ in named]


def counts(pieces: list[Piece]) -> dict[str, int]:
    """How many pieces of each kind (cards, aids, tokens, standees, boards)."""
    out: dict[str, int] = {}
    for p in pieces:
        out[p.kind] = out.get(p.kind, 0) + 1
    return out


def export(kit: KitSource, options: ExportOptions, tx) -> Exported:
    """Write the PNGs and export.json into <game>/<lang>/png/."""
    folder = f"{kit.model.id}/{kit.lang}/png"
    pieces = [with_bleed(kit.printed(p), options.bleed) for p in [*kit.pieces(), *kit.boards()]]
    named = faces(pieces)
    cut = len(named) - sum(1 for p in pieces if p.kind == "boards")  # a board side is one picture, the last ones
    board_dpi = min(options.dpi, BOARD_DPI)
    place = lambda name: tx.path(f"{folder}/{name}")  # noqa: E731
    written = write_pngs(named[:cut], options.dpi, place) + write_pngs(named[cut:], board_dpi, place)
    kinds = counts(pieces)
    extra = {"dpi": options.dpi, "board_dpi": board_dpi, "bleed_mm": pieces[0].bleed if pieces else 0.0,
             "pieces": len(pieces), "cards": kinds.get("cards", 0), "kinds": kinds}
    tx.path(f"{folder}/export.json").write_text(export_manifest(kit, "png", folder, written, extra), encoding="utf-8")
    return Exported("png", Path(folder), summary=f"{len(pieces)} pieces ({kinds.get('cards', 0)} cards), "
                                                 f"{len(written)} PNG files at {options.dpi} dpi"
                                                 + (f" (boards at {board_dpi})" if board_dpi != options.dpi else ""))
