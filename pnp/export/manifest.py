"""export.json: what an export wrote (every file with its sha256) and how many of each piece, so that
a user or a service can check the folder it received."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pnp.write.manifest import component_counts, sha256


def export_manifest(kit, fmt: str, folder: str, files: list[tuple[str, Path]], extra: dict[str, Any]) -> str:
    """The manifest's text: ``files`` as (name relative to the export folder, staged path)."""
    info = kit.model.info
    data = {"game": info.id, "title": info.title, "version": info.version, "language": kit.lang, "format": fmt,
            "folder": folder, **extra, "components": component_counts(kit.model),
            "files": [{"name": name, "sha256": sha256(path), "bytes": path.stat().st_size} for name, path in files]}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
