"""The back shared by the decks of a game: its title around the award jersey on a road pattern.

It reads the same either way up, so a card turned round in the hand gives nothing away.
"""

from __future__ import annotations

from pnp.layout import jersey as jersey_art
from pnp.layout import text as textfit
from pnp.layout.faces.common import CardContext, fitted, upside_down
from pnp.layout.scene import Item, Rect, Style, polygon

GREEN = "#146B36"
STRIPE = "#1A7C41"


def draw(ctx: CardContext) -> list[Item]:
    u, b, w, h = ctx.u, ctx.bleed, ctx.w, ctx.h
    items: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=GREEN))]
    step = 9 * u
    k = -h - 2 * b
    while k < w + 2 * b:
        items.append(polygon([(k, h + b), (k + 4 * u, h + b), (k + 4 * u + h + 2 * b, -b), (k + h + 2 * b, -b)],
                             Style(fill=STRIPE)))
        k += step
    items.append(Rect(4 * u, 4 * u, w - 8 * u, h - 8 * u, Style(stroke="#FFFFFF", width=0.6), radius=3 * u))
    award = next((j for j in ctx.model.jerseys if j.award), None)
    size = 30 * u
    if award is not None:
        items.append(jersey_art.place(ctx.jersey(award.id), (w - size) / 2, (h - size) / 2, size))
    title = ctx.model.info.title.upper()
    box = textfit.Box(7 * u, 12 * u, w - 14 * u, 12 * u, 17 * u, 9 * u)
    line = fitted(title, box, "sans-black", "#FFFFFF", "card back")
    items += line
    items.append(upside_down(ctx, line))
    return items


BACKS = {"game-back": draw}
