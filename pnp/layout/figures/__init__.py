"""Rulebook figures of one game: its rules module (pnp/games/<module>, or the game folder's
rules.py) may declare ``FIGURES = {kind: draw(figures, arg) -> Scene}`` for refs ``fig:kind:arg``
(``figures``: a pnp.layout.rulebook_figures.Figures, with the model, card faces and jerseys); a
game's own kind is drawn instead of a shared one of the same name."""

from __future__ import annotations

from pnp.model.game_model import GameModel


def game_figures(model: GameModel) -> dict:
    """The figure makers of ``model``'s game ({} when it has none)."""
    from pnp.games import game_module

    module = game_module(model.info, model.sources.folder)
    return getattr(module, "FIGURES", {}) if module is not None else {}
