"""Fold-over standees: a strip with a base tab, the front, the back (upside down) and a base tab.

Cut the strip out, fold on the dashed lines, glue the two faces back to back and the tabs
under each other: the figure stands on its base.

A standee's ``face:`` (``standee`` by default) names the template of its figure,
``faces/NAME.svg.j2``, looked up as a deck's face is (the game's own, then the shared library's);
it draws one PANEL_W x PANEL_H panel, no bleed, with ``standee`` instead of the card and deck.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from pnp.layout import text as textfit
from pnp.layout.cards import CardArt, as_symbol, draw_problem
from pnp.layout.faces.common import CardContext
from pnp.layout.markup.pieces import piece
from pnp.layout.paper import Size
from pnp.layout.scene import Group, Item, Line, Rect, Style, compose, rotate, translate
from pnp.model.game_model import GameModel
from pnp.model.riders import Standee

PANEL_W, PANEL_H, TAB_H = 24.0, 40.0, 12.0
PANEL = Size("standee-panel", PANEL_W, PANEL_H)
STRIP = Size("standee", PANEL_W, 2 * PANEL_H + 2 * TAB_H)
FOLD = Style(stroke="#7D828A", width=0.25, dash=(1.2, 1.0))


def _panel_context(ctx: CardContext) -> CardContext:
    """The context a standee's template draws in: the panel, no bleed (kept on ``ctx``)."""
    panel = ctx.__dict__.get("_pnp_standee_panel")
    if panel is None:
        panel = ctx.__dict__["_pnp_standee_panel"] = replace(ctx, size=PANEL, bleed=0.0, _jerseys=ctx._jerseys)
    return panel


def _drawn(ctx: CardContext, standee: Standee):
    return piece(_panel_context(ctx), standee.face, f"standee {standee.id}", standee=standee)


def _panel(ctx: CardContext, standee: Standee) -> list[Item]:
    """The figure's panel (PANEL_W x PANEL_H, its top-left corner at 0, 0), from its template."""
    return list(_drawn(ctx, standee).items)


def _tab(y: float) -> list[Item]:
    return [Rect(0, y, PANEL_W, TAB_H, Style(fill="#D9D4C7"))]


def strip(ctx: CardContext, panel: tuple[Item, ...]) -> list[Item]:
    """The whole strip, top to bottom: tab, back (upside down), front, tab."""
    front_y = TAB_H + PANEL_H
    items: list[Item] = _tab(0) + _tab(front_y + PANEL_H)
    items.append(Group(panel, compose(translate(PANEL_W, front_y), rotate(180))))
    items.append(Group(panel, translate(0, front_y)))
    items.append(textfit.line(ctx.model.info.stamp, PANEL_W / 2, front_y + PANEL_H + TAB_H - 2,
                              "sans", textfit.READABLE_PT, "#555555", "center"))
    items += [Line(0, y, PANEL_W, y, FOLD) for y in (TAB_H, front_y, front_y + PANEL_H)]
    return items


def standee_arts(model: GameModel, ctx: CardContext, problems: list[str] | None = None) -> Iterator[CardArt]:
    """Every standee of the game as a single-sided strip. A standee that cannot be drawn goes to
    ``problems`` (when given) and is skipped."""
    for standee in model.standees:
        drawn = draw_problem(lambda: _drawn(ctx, standee), problems, f"standee {standee.id}")
        if drawn is None:
            continue
        front = as_symbol(f"{model.id}-standee-{drawn.key}", ctx, strip(ctx, drawn.items))
        yield CardArt(f"standee/{standee.id}", front, None, False)
