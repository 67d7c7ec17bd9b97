"""Rulebook figures of one game: a module named after the game's rules module
(pnp/layout/figures/maillot_jaune.py) may declare ``FIGURES = {kind: draw(model, arg, texts) -> Scene}``
for refs ``fig:kind:arg`` that the shared figures (pnp.layout.rulebook_figures) do not draw."""

from __future__ import annotations

import importlib
import importlib.util

from pnp.games import module_name
from pnp.model.game_model import GameModel


def game_figures(model: GameModel) -> dict:
    """The figure makers of ``model``'s game ({} when it has none)."""
    name = f"{__name__}.{module_name(model.info)}"
    if importlib.util.find_spec(name) is None:
        return {}
    return getattr(importlib.import_module(name), "FIGURES", {})
