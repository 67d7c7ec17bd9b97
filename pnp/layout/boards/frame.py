"""What every board layout does with its drawing: a page of the side's size plus bleed."""

from __future__ import annotations

from typing import Any

from pnp.layout.scene import Group, Rect, Scene, Style, translate
from pnp.layout.templates import Texts
from pnp.model.boards import Board, BoardSide
from pnp.model.game_model import GameModel


def board_of(model: GameModel, side: BoardSide) -> Board:
    """The board that ``side`` belongs to."""
    return next(b for b in model.boards if any(s is side or s == side for s in b.sides))


def board_texts(model: GameModel) -> Texts:
    """The board texts of the game (board.j2 of its templates/ folder), in the current language;
    like the card texts they can read the game (``model``, ``rules``), so no rules number is typed."""
    from pnp.layout.templates import BOARD_TEXTS
    from pnp.paths import template_dirs

    return Texts(template_dirs(model.sources.folder), BOARD_TEXTS, model=model)


def board_page(board: Board, side: BoardSide, groups: tuple[Group, ...], w: float, h: float, bleed: float,
               **meta: Any) -> Scene:
    """The side's groups (drawn from the trim's top-left corner) on a scene with ``bleed`` around
    the trim, clipped to it, TrimBox and BleedBox set; ``meta`` adds to the scene's meta."""
    full = (w + 2 * bleed, h + 2 * bleed)
    root = Group(groups, translate(bleed, bleed), clip=Rect(-bleed, -bleed, *full, Style()), id="board")
    return Scene(full[0], full[1], (root,), label=f"board {board.id} side {side.id}",
                 trim=(bleed, bleed, w, h), bleed=(0.0, 0.0, *full),
                 meta={"board": board.id, "side": side.id, "size_mm": (w, h), **meta})
