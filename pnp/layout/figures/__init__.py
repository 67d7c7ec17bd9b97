"""Rulebook figures of one game: its rules module (pnp/games/<module>, or the game folder's
rules.py) may declare ``FIGURES = {kind: draw(model, arg, texts) -> Scene}`` for refs
``fig:kind:arg`` that the shared figures (pnp.layout.rulebook_figures) do not draw."""

from __future__ import annotations

from pnp.model.game_model import GameModel


def game_figures(model: GameModel) -> dict:
    """The figure makers of ``model``'s game ({} when it has none)."""
    from pnp.games import game_module

    module = game_module(model.info, model.sources.folder)
    return getattr(module, "FIGURES", {}) if module is not None else {}
