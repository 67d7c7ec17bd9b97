"""What every board layout does with its drawing: a page of the side's size plus bleed."""

from __future__ import annotations

from typing import Any

from pnp.layout.scene import Group, Rect, Scene, Style, translate
from pnp.model.boards import Board, BoardSide


def board_page(board: Board, side: BoardSide, groups: tuple[Group, ...], w: float, h: float, bleed: float,
               **meta: Any) -> Scene:
    """The side's groups (drawn from the trim's top-left corner) on a scene with ``bleed`` around
    the trim, clipped to it, TrimBox and BleedBox set; ``meta`` adds to the scene's meta."""
    full = (w + 2 * bleed, h + 2 * bleed)
    root = Group(groups, translate(bleed, bleed), clip=Rect(-bleed, -bleed, *full, Style()), id="board")
    return Scene(full[0], full[1], (root,), label=f"board {board.id} side {side.id}",
                 trim=(bleed, bleed, w, h), bleed=(0.0, 0.0, *full),
                 meta={"board": board.id, "side": side.id, "size_mm": (w, h), **meta})
