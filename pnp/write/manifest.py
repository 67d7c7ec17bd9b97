"""manifest.json: every file of a kit with its checksum and pages, and the count of every component."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.model.game_model import GameModel


@dataclass(frozen=True)
class FileEntry:
    """A file of the kit as the manifest lists it."""

    name: str
    path: Path
    pages: int
    duplex: list[tuple[int, int]] = field(default_factory=list)
    """Page ranges (1-based, inclusive) to print double-sided, flipped on the long edge."""


def component_counts(model: GameModel) -> dict[str, Any]:
    """How many of each component the kit holds, straight from the model."""
    return {
        "cards": {d.id: d.size for d in model.decks if d.sheet == "cards"},
        "pieces": {d.id: d.size for d in model.decks if d.sheet == "pieces"},
        "tokens": {t.id: t.count for t in model.tokens},
        "standees": len(model.standees),
        "boards": {b.id: [s.id for s in b.sides] for b in model.boards},
    }


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()


def manifest(model: GameModel, lang: str, paper: str, files: list[FileEntry]) -> dict[str, Any]:
    """The manifest as a dict (no dates: the same kit gives the same manifest)."""
    info = model.info
    return {
        "game": info.id,
        "title": info.title,
        "version": info.version,
        "date": info.date.isoformat(),
        "language": lang,
        "paper": paper,
        "files": [{"name": f.name, "sha256": sha256(f.path), "bytes": f.path.stat().st_size,
                   "pages": f.pages, "duplex_pages": [list(r) for r in f.duplex]} for f in files],
        "components": component_counts(model),
    }


def manifest_text(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def write_manifest(data: dict[str, Any], path: Path) -> None:
    path.write_text(manifest_text(data), encoding="utf-8")
