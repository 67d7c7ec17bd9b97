"""The first-player card: a chequered flag and who plays first."""

from __future__ import annotations

from pnp.layout import text as textfit
from pnp.layout.faces.common import INK, CardContext, card_label, fitted, paper, stamp
from pnp.layout.scene import Item, Rect, Style
from pnp.model.decks import Card, Deck


def _flag(x: float, y: float, cell: float, cols: int = 6, rows: int = 4) -> list[Item]:
    """A chequered flag whose top-left corner is at (x, y), on a pole at its left."""
    pole = cell * 0.5
    items: list[Item] = [Rect(x - pole, y - cell * 0.4, pole, rows * cell * 1.5, Style(fill="#5B4636"),
                              radius=pole / 2)]
    items.append(Rect(x, y, cols * cell, rows * cell, Style(fill="#FFFFFF", stroke=INK, width=0.4)))
    items += [Rect(x + c * cell, y + r * cell, cell, cell, Style(fill=INK))
              for r in range(rows) for c in range(cols) if (r + c) % 2 == 0]
    return items


def draw(ctx: CardContext, deck: Deck, card: Card) -> list[Item]:
    u, b = ctx.u, ctx.bleed
    items: list[Item] = [paper(ctx), Rect(-b, -b, ctx.w + 2 * b, 12 * u + b, Style(fill="#1E9A48")),
                         Rect(-b, ctx.h - 7 * u, ctx.w + 2 * b, 7 * u + b, Style(fill="#1E9A48"))]
    cell = 5.2 * u
    items += _flag(ctx.w / 2 - 3 * cell + 1.5 * u, 19 * u, cell)
    title = ctx.texts("first_player_title")
    items += fitted(title, textfit.Box(4 * u, 52 * u, ctx.w - 8 * u, 10 * u, 16 * u, 10 * u), "sans-black",
                    INK, card_label(deck, card))
    text = ctx.texts("first_player_text")
    items += fitted(text, textfit.Box(6 * u, 63 * u, ctx.w - 12 * u, 16 * u, 7.5 * u, 5.5 * u), "sans",
                    INK, card_label(deck, card))
    items.append(stamp(ctx, "#FFFFFF"))
    return items


FACES = {"first-player": draw}
