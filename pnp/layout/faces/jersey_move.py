"""Movement cards that name riders by their jerseys: one jersey, two jerseys, or the joker.

The top of the card points the way the rider goes (the card is laid in that direction);
grey squares tell the distance; a pair card shows where the moved rider may land.
"""

from __future__ import annotations

from pnp.layout import jersey as jersey_art
from pnp.layout import text as textfit
from pnp.layout.faces.common import (GREY_SQUARE, INK, CardContext, card_label, fitted, paper, stamp)
from pnp.layout.scene import Circle, Item, Line, Rect, Style, polygon
from pnp.model.decks import Card, Deck

KIND_COLOURS = {"single": "#2F3B45", "pair": "#0F5E63", "joker": "#2F3B45"}
HEADER = 15.0


def draw(ctx: CardContext, deck: Deck, card: Card) -> list[Item]:
    """The face of one movement card, in mm from the trim's top-left corner."""
    u = ctx.u
    jerseys = [ctx.model.jersey(j) for j in card.jerseys]
    items: list[Item] = [paper(ctx)]
    items += _header(ctx, card)
    if card.kind == "pair":
        items += _pair_art(ctx, card)
    else:
        size = 38 * u
        items.append(jersey_art.place(ctx.jersey(card.jerseys[0]), (ctx.w - size) / 2, 18 * u, size))
        items += _squares(ctx, card.distance or 0, 58 * u)
    text = ctx.texts("rule", card=card, jerseys=jerseys)
    box = textfit.Box(5 * u, 70 * u, ctx.w - 10 * u, 13 * u, 7.0 * u, 5.0 * u)
    items += fitted(text, box, "sans", INK, card_label(deck, card))
    items.append(stamp(ctx))
    return items


def _header(ctx: CardContext, card: Card) -> list[Item]:
    """The band at the top: the kind of card, a corner index, and the direction arrow."""
    u, b = ctx.u, ctx.bleed
    h = HEADER * u
    items: list[Item] = []
    items.append(Rect(-b, -b, ctx.w + 2 * b, h + b, Style(fill=KIND_COLOURS.get(card.kind, INK))))
    if card.kind == "joker":
        # a rainbow edge under the band: the joker stands for any rider
        colours = [ctx.model.colour(c).hex for c in ctx.model.jersey(card.jerseys[0]).colours]
        step = (ctx.w + 2 * b) / len(colours)
        items += [Rect(-b + i * step, h, step + 0.05, 2.2 * u, Style(fill=c)) for i, c in enumerate(colours)]
    # direction cue: a chevron pointing to the top edge
    cx, top = ctx.w / 2, 1.6 * u
    items.append(polygon([(cx, top), (cx + 6 * u, top + 5 * u), (cx + 3 * u, top + 5 * u),
                          (cx, top + 2.6 * u), (cx - 3 * u, top + 5 * u), (cx - 6 * u, top + 5 * u)],
                         Style(fill="#FFFFFF")))
    label = ctx.texts("kind_label", card=card).upper()
    items.append(textfit.line(label, cx, h - 1.6 * u, "sans-bold", 7.5 * u, "#FFFFFF", "center"))
    items += _index(ctx, card)
    return items


def _index(ctx: CardContext, card: Card) -> list[Item]:
    """Top-left corner index, readable when the cards are fanned in a hand."""
    u = ctx.u
    items: list[Item] = []
    x = 2.2 * u
    for j in card.jerseys[:2]:
        items.append(jersey_art.place(ctx.jersey(j), x, 2.0 * u, 7.5 * u))
        x += 6.6 * u
    if card.distance:
        items.append(textfit.line(str(card.distance), ctx.w - 3.2 * u, 8.2 * u, "sans-black", 15 * u,
                                  "#FFFFFF", "right"))
    return items


def _squares(ctx: CardContext, n: int, y: float) -> list[Item]:
    """``n`` grey squares in a row, centred: the distance the rider must move."""
    u = ctx.u
    side, gap = 8.5 * u, 2.2 * u
    total = n * side + (n - 1) * gap
    x0 = (ctx.w - total) / 2
    return [Rect(x0 + i * (side + gap), y, side, side, Style(fill=GREY_SQUARE, stroke="#5E6168", width=0.3),
                 radius=0.8 * u) for i in range(n)]


def _pair_art(ctx: CardContext, card: Card) -> list[Item]:
    """Two jerseys, and a small grid: the moved rider lands in front, behind or beside the other."""
    u = ctx.u
    size = 27 * u
    items: list[Item] = [
        jersey_art.place(ctx.jersey(card.jerseys[0]), ctx.w / 2 - size - 1.5 * u, 18 * u, size),
        jersey_art.place(ctx.jersey(card.jerseys[1]), ctx.w / 2 + 1.5 * u, 18 * u, size),
    ]
    cell = 5.4 * u
    gx, gy = ctx.w / 2 - 1.5 * cell, 47.5 * u
    for row in range(3):
        for col in range(3):
            x, y = gx + col * cell, gy + row * cell
            centre, orth = (row, col) == (1, 1), (row == 1) != (col == 1)
            fill = "#2F3B45" if centre else ("#BFE0C9" if orth else "#FFFFFF")
            items.append(Rect(x, y, cell, cell, Style(fill=fill, stroke="#7D828A", width=0.25)))
            if not centre and not orth:
                s = Style(stroke="#B5B8BD", width=0.3)
                items += [Line(x + 1.2 * u, y + 1.2 * u, x + cell - 1.2 * u, y + cell - 1.2 * u, s),
                          Line(x + cell - 1.2 * u, y + 1.2 * u, x + 1.2 * u, y + cell - 1.2 * u, s)]
    items.append(Circle(gx + 1.5 * cell, gy + 1.5 * cell, 1.3 * u, Style(fill="#FFFFFF")))
    return items


FACES = {"jersey-move": draw}
