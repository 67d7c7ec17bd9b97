"""Rider cards: one per rider, drawn for the random draws (peloton order, photo-finish)."""

from __future__ import annotations

from pnp.layout import jersey as jersey_art
from pnp.layout import text as textfit
from pnp.layout.faces.common import INK, MUTED, CardContext, card_label, fitted, paper, stamp, tint
from pnp.layout.scene import Circle, Item, Rect, Style
from pnp.model.decks import Card, Deck


def draw(ctx: CardContext, deck: Deck, card: Card) -> list[Item]:
    u, b = ctx.u, ctx.bleed
    rider = ctx.model.rider(card.rider)
    colour = ctx.model.colour(rider.colour)
    jersey = next(j for j in ctx.model.jerseys if j.rider == rider.id)
    panel_h = 58 * u
    items: list[Item] = [paper(ctx),
                         Rect(-b, -b, ctx.w + 2 * b, panel_h + b, Style(fill=tint(colour.hex, 0.72))),
                         Rect(-b, panel_h - 1.2 * u, ctx.w + 2 * b, 1.2 * u, Style(fill=colour.hex))]
    size = 44 * u
    items.append(jersey_art.place(ctx.jersey(jersey.id), (ctx.w - size) / 2, 8 * u, size))
    # letter badge in the corner, for colour-blind players
    items.append(Circle(6.5 * u, 6.5 * u, 4.2 * u, Style(fill=colour.hex, stroke=INK, width=0.35)))
    items.append(textfit.line(colour.letter, 6.5 * u, 8.3 * u, "sans-black", 13 * u, colour.ink, "center"))
    # the same rider wearing the green jersey, as its figure will when it leads on points
    award = next((j for j in ctx.model.jerseys if j.award), None)
    if award is not None:
        items.append(jersey_art.place(ctx.jersey(award.id, over=rider.id), ctx.w - 13 * u, 2.2 * u, 10.5 * u))
    title = ctx.texts("rider_title", rider=rider)
    items += fitted(title, textfit.Box(4 * u, 60 * u, ctx.w - 8 * u, 10 * u, 15 * u, 9 * u), "sans-bold",
                    INK, card_label(deck, card))
    note = ctx.texts("rider_note")
    items += fitted(note, textfit.Box(6 * u, 71 * u, ctx.w - 12 * u, 12 * u, 6.8 * u, 5 * u), "sans-italic",
                    MUTED, card_label(deck, card))
    items.append(stamp(ctx))
    return items


FACES = {"rider": draw}
