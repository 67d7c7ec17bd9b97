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
from collections.abc import Callable

from pnp.layout.scene import Group, Item, Line, Path, Rect, Style, compose, rotate, translate
from pnp.model.game_model import GameModel
from pnp.model.riders import Standee

PANEL_W, PANEL_H, TAB_H = 24.0, 40.0, 12.0
PANEL = Size("standee-panel", PANEL_W, PANEL_H)
STRIP = Size("standee", PANEL_W, 2 * PANEL_H + 2 * TAB_H)
FOLD = Style(stroke="#7D828A", width=0.25, dash=(1.2, 1.0))


def _panel_context(ctx: CardContext) -> CardContext:
    """The context a standee's template draws in: the panel, with the strip's bleed (its art runs
    past the cut on either side; kept on ``ctx``)."""
    panel = ctx.__dict__.get("_pnp_standee_panel")
    if panel is None:
        panel = ctx.__dict__["_pnp_standee_panel"] = replace(ctx, size=PANEL, _jerseys=ctx._jerseys)
    return panel


def _drawn(ctx: CardContext, standee: Standee):
    return piece(_panel_context(ctx), standee.face, f"standee {standee.id}", standee=standee)


def _panel(ctx: CardContext, standee: Standee) -> list[Item]:
    """The figure's panel (PANEL_W x PANEL_H, its top-left corner at 0, 0), from its template."""
    return list(_drawn(ctx, standee).items)


def _tab(y: float, bleed: float, top: float = 0.0, bottom: float = 0.0) -> list[Item]:
    """A base tab, running into the bleed on either side (and past the strip's end by ``top`` or
    ``bottom``)."""
    return [Rect(-bleed, y - top, PANEL_W + 2 * bleed, TAB_H + top + bottom, Style(fill="#D9D4C7"))]


def strip(ctx: CardContext, panel: tuple[Item, ...]) -> list[Item]:
    """The whole strip, top to bottom: tab, back (upside down), front, tab."""
    front_y = TAB_H + PANEL_H
    b = ctx.bleed
    items: list[Item] = _tab(0, b, top=b) + _tab(front_y + PANEL_H, b, bottom=b)
    # each panel keeps its bleed on the sides, and stops at its fold lines
    clip = Rect(-b, 0, PANEL_W + 2 * b, PANEL_H, Style())
    items.append(Group(panel, compose(translate(PANEL_W, front_y), rotate(180)), clip=clip))
    items.append(Group(panel, translate(0, front_y), clip=clip))
    # the stamp on the lower tab, on as many lines as the strip's width needs
    items += textfit.fit(ctx.model.info.stamp, textfit.Box(1.0, front_y + PANEL_H + 2.0, PANEL_W - 2.0, TAB_H - 3.0,
                                                           textfit.READABLE_PT, textfit.READABLE_PT), "sans",
                         "#555555")
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


FOLD_INK = "#3A3F47"


def fold_diagram(steps: list[str]) -> "Callable[[float, float, float, float], list[Item]]":
    """How to make a standee, in four pictures side by side with their captions (``steps``: cut,
    fold, glue back to back, open the tabs): the foot art of a sheet of standees."""

    def draw(x: float, y: float, w: float, h: float) -> list[Item]:
        box_w = w / 4
        pic_h = min(h - 7.0, 22.0)
        size = max(textfit.READABLE_PT, 7.0)
        items: list[Item] = []
        for i, (picture, caption) in enumerate(zip((_flat, _folded, _glued, _standing), steps)):
            bx = x + i * box_w
            items += picture(bx + box_w / 2, y + pic_h / 2 + 0.5, pic_h * 0.42)
            items += textfit.fit(f"{i + 1}. {caption}", textfit.Box(bx + 1, y + pic_h + 1.5, box_w - 2,
                                                                    max(h - pic_h - 1.5, 4.0), size,
                                                                    textfit.READABLE_PT, valign="top"),
                                 "sans", FOLD_INK)
        return items

    return draw


def _stroke(width: float = 0.5) -> Style:
    return Style(stroke=FOLD_INK, width=width)


def _flat(cx: float, cy: float, r: float) -> list[Item]:
    """The strip cut out, lying flat: tab, back, front, tab, the folds dashed."""
    total = 2 * PANEL_H + 2 * TAB_H
    k = 3.6 * r / total
    left = cx - total * k / 2
    cuts = [0, TAB_H, TAB_H + PANEL_H, TAB_H + 2 * PANEL_H, total]
    items: list[Item] = [Rect(left, cy - 0.35 * r, total * k, 0.7 * r, Style(fill="#EDEAE2", stroke=FOLD_INK,
                                                                              width=0.4))]
    items += [Line(left + c * k, cy - 0.35 * r, left + c * k, cy + 0.35 * r, FOLD) for c in cuts[1:-1]]
    return items


def _folded(cx: float, cy: float, r: float) -> list[Item]:
    """Folded on the dotted lines: the two faces meet at the head, the tabs hang open."""
    top, foot = cy - r, cy + 0.55 * r
    return [Line(cx, top, cx - 0.35 * r, foot, _stroke()), Line(cx, top, cx + 0.35 * r, foot, _stroke()),
            Line(cx - 0.35 * r, foot, cx - 0.85 * r, foot + 0.35 * r, _stroke()),
            Line(cx + 0.35 * r, foot, cx + 0.85 * r, foot + 0.35 * r, _stroke())]


def _glued(cx: float, cy: float, r: float) -> list[Item]:
    """The faces glued back to back: arrows press them together."""
    top, foot = cy - r, cy + 0.55 * r
    items: list[Item] = [Line(cx - 0.4, top, cx - 0.4, foot, _stroke()), Line(cx + 0.4, top, cx + 0.4, foot, _stroke())]
    for side in (-1, 1):
        tip = cx + side * 1.4
        tail = cx + side * 0.75 * r
        items += [Line(tail, cy - 0.2 * r, tip, cy - 0.2 * r, _stroke(0.4)),
                  Path((("M", tip + side * 1.2, cy - 0.2 * r - 0.8), ("L", tip, cy - 0.2 * r),
                        ("L", tip + side * 1.2, cy - 0.2 * r + 0.8)), _stroke(0.4))]
    return items


def _standing(cx: float, cy: float, r: float) -> list[Item]:
    """The tabs folded out in opposite directions: the figure stands on its base."""
    top, foot = cy - r, cy + 0.75 * r
    return [Line(cx - 0.4, top, cx - 0.4, foot, _stroke()), Line(cx + 0.4, top, cx + 0.4, foot, _stroke()),
            Line(cx - 0.4, foot, cx - 0.9 * r, foot, _stroke()), Line(cx + 0.4, foot, cx + 0.9 * r, foot, _stroke()),
            Line(cx - 1.1 * r, foot + 0.4, cx + 1.1 * r, foot + 0.4, Style(stroke="#B8BCC2", width=0.3))]
