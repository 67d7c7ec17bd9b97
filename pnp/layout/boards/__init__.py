"""Board layouts by name (a board's ``layout:`` in boards.yaml): each draws a side as a scene.

"road-grid" (pnp.layout.board) draws a straight or narrowing road of square spaces; another layout
is a module of this package named after it ("circuit" -> pnp.layout.boards.circuit) with a
``board_scene(model, side, bleed=3.0) -> Scene`` function.
"""

from __future__ import annotations

import importlib

from pnp.layout.scene import Scene
from pnp.model.boards import BoardSide
from pnp.model.game_model import GameModel

DEFAULT = "road-grid"


def board_scene(model: GameModel, side: BoardSide, bleed: float = 3.0) -> Scene:
    """The side drawn by its board's layout, at full size with ``bleed`` around the trim."""
    from pnp.layout.boards.frame import board_of

    board = board_of(model, side)
    name = board.layout or DEFAULT
    if name == DEFAULT:
        from pnp.layout import board as module
    else:
        module = importlib.import_module(f"{__name__}.{name.replace('-', '_')}")
    return module.board_scene(model, side, bleed=bleed)
