"""Exports: a game's kit in the formats people print and play with, from the same scenes as the build.

One module per format (FORMATS); each has ``DESCRIPTION`` and ``export(kit, options, tx) -> Exported``.
``pnp export GAME --to FORMAT`` and ``pnp build --with FORMAT`` call :func:`export_game`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import PnpError

FORMATS: dict[str, str] = {
    "png": "pnp.export.png",
    "pod": "pnp.export.pod",
    "card-pdf": "pnp.export.card_pdf",
    "tts": "pnp.export.tts",
    "html": "pnp.export.html",
    "press": "pnp.export.press",
}
"""Format name -> module. A format module is added here and nowhere else."""


class ExportFailed(PnpError):
    """An export stopped before writing anything."""


@dataclass(frozen=True)
class ExportOptions:
    """What the command line can change about an export."""

    out: Path
    lang: str = "fr"
    paper: str = "a4"
    dpi: int = 300
    bleed: bool = True
    draft: bool = False
    profile: str | None = None
    """A print-on-demand service's profile (pnp/export/profiles/<name>.yaml) for the formats that take one."""


@dataclass
class Exported:
    """What an export wrote, for the command line and the manifest."""

    format: str
    folder: Path
    files: list[Path] = field(default_factory=list)
    summary: str = ""


def format_module(name: str):
    """The module of format ``name`` (ExportFailed with the list of formats when there is none)."""
    if name not in FORMATS:
        from pnp.load.suggest import did_you_mean

        hint = did_you_mean(name, list(FORMATS))
        raise ExportFailed(f"unknown export format '{name}'" + (f"; {hint}" if hint else "")
                           + f" (formats: {', '.join(FORMATS)})")
    return importlib.import_module(FORMATS[name])


def export_game(folder: Path, fmt: str, options: ExportOptions) -> Exported:
    """Export the game in ``folder`` as ``fmt`` into ``options.out/<game>/<lang>/<fmt>/``; nothing is
    written when it fails. The format's folder then holds this export only: files an earlier export
    left there (a card renamed or removed since) are deleted, so that its names still give the print
    order and its export.json lists all of it."""
    from pnp.export.source import open_kit
    from pnp.write import OutputTransaction

    module = format_module(fmt)
    kit = open_kit(folder, options.lang, options.paper, options.draft)
    with kit.active(), OutputTransaction(options.out) as tx:
        result = module.export(kit, options, tx)
        result.files = tx.written
    _prune(options.out / result.folder, result.files)
    return result


def _prune(folder: Path, kept: list[Path]) -> None:
    """Delete the files under ``folder`` that are not in ``kept``, then its empty subfolders."""
    if not folder.is_dir():
        return
    keep = {p.resolve() for p in kept}
    for path in sorted(folder.rglob("*"), reverse=True):
        if path.is_file() and path.resolve() not in keep:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
