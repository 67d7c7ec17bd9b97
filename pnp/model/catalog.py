"""The games in a data folder: every sub-folder with a game.yaml."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import ErrorBag
from pnp.load import load_yaml
from pnp.model.game import GameInfo
from pnp.model.validation import parse


def game_folders(data: Path) -> dict[str, Path]:
    """Game id (the folder name) -> folder, sorted by id."""
    if not data.is_dir():
        return {}
    return {p.name: p for p in sorted(data.iterdir()) if (p / "game.yaml").is_file()}


def game_info(folder: Path) -> GameInfo | None:
    """The identity of the game in ``folder`` (None when game.yaml is not valid)."""
    try:
        raw = load_yaml(folder / "game.yaml")
    except Exception:  # a broken file is reported by `pnp check`, not by the listing
        return None
    return parse(GameInfo, raw, ErrorBag())
