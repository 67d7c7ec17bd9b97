"""Fold-over standees: a strip with a base tab, the front, the back (upside down) and a base tab.

Cut the strip out, fold on the dashed lines, glue the two faces back to back and the tabs
under each other: the figure stands on its base.
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.layout import text as textfit
from pnp.layout.cards import CardArt, as_symbol
from pnp.layout.faces.common import INK, CardContext
from pnp.layout.faces.common import tint
from pnp.layout.paper import Size
from pnp.layout.rider_figure import figure
from pnp.layout.scene import Group, Item, Line, Rect, Style, compose, rotate, translate
from pnp.model.game_model import GameModel
from pnp.model.riders import Standee

PANEL_W, PANEL_H, TAB_H = 24.0, 40.0, 12.0
STRIP = Size("standee", PANEL_W, 2 * PANEL_H + 2 * TAB_H)
FOLD = Style(stroke="#7D828A", width=0.25, dash=(1.2, 1.0))


def _panel(ctx: CardContext, standee: Standee) -> list[Item]:
    model = ctx.model
    if not standee.rider:  # the jersey itself, for whoever wears it: in its own colours, no letter
        colour = model.colour(model.jersey(standee.wearing).colours[0])
        items: list[Item] = [Rect(0, 0, PANEL_W, PANEL_H, Style(fill=tint(colour.hex, 0.7)))]
        return items + figure(ctx.jersey(standee.wearing), colour.hex, PANEL_W, PANEL_H)
    rider = model.rider(standee.rider)
    colour = model.colour(rider.colour)
    jersey_id = standee.wearing or next(j.id for j in model.jerseys if j.rider == rider.id)
    symbol = ctx.jersey(jersey_id, over=rider.id if standee.wearing else "")
    helmet = model.colour(model.jersey(standee.wearing).colours[0]).hex if standee.wearing else colour.hex
    items: list[Item] = [Rect(0, 0, PANEL_W, PANEL_H, Style(fill=tint(colour.hex, 0.7)))]
    items += figure(symbol, helmet, PANEL_W, PANEL_H)
    items.append(textfit.line(colour.letter, 2.0, 5.0, "sans-black", 9, INK))
    return items


def _tab(ctx: CardContext, y: float) -> list[Item]:
    return [Rect(0, y, PANEL_W, TAB_H, Style(fill="#D9D4C7"))]


def strip(ctx: CardContext, standee: Standee) -> list[Item]:
    """The whole strip, top to bottom: tab, back (upside down), front, tab."""
    panel = tuple(_panel(ctx, standee))
    front_y = TAB_H + PANEL_H
    items: list[Item] = _tab(ctx, 0) + _tab(ctx, front_y + PANEL_H)
    items.append(Group(panel, compose(translate(PANEL_W, front_y), rotate(180))))
    items.append(Group(panel, translate(0, front_y)))
    items.append(textfit.line(ctx.model.info.stamp, PANEL_W / 2, front_y + PANEL_H + TAB_H - 2,
                              "sans", 3.6, "#555555", "center"))
    items += [Line(0, y, PANEL_W, y, FOLD) for y in (TAB_H, front_y, front_y + PANEL_H)]
    return items


def standee_arts(model: GameModel, ctx: CardContext) -> Iterator[CardArt]:
    """Every standee of the game as a single-sided strip."""
    for standee in model.standees:
        front = as_symbol(f"{model.id}-standee-{standee.id}", ctx, strip(ctx, standee))
        yield CardArt(f"standee/{standee.id}", front, None, False)
