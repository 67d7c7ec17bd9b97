"""The Green Jersey player aid: card types and the push rule on the front; sprints per player
count, the end of a sprint and the jersey on the back. Every number comes from the rules."""

from __future__ import annotations

from pnp.layout import jersey as jersey_art
from pnp.layout import text as textfit
from pnp.layout.faces.common import INK, MUTED, CardContext, fitted, paper, stamp
from pnp.layout.scene import Circle, Item, Line, Rect, Style
from pnp.model.decks import Card, Deck

BAND = "#146B36"


def _band(ctx: CardContext, title: str) -> list[Item]:
    u, b = ctx.u, ctx.bleed
    return [Rect(-b, -b, ctx.w + 2 * b, 11 * u + b, Style(fill=BAND)),
            textfit.line(title, ctx.w / 2, 7.6 * u, "sans-black", 11 * u, "#FFFFFF", "center")]


def _heading(ctx: CardContext, text: str, y: float) -> list[Item]:
    u = ctx.u
    return [textfit.line(text, 4 * u, y, "sans-bold", 7.5 * u, BAND),
            Line(4 * u, y + 1.2 * u, ctx.w - 4 * u, y + 1.2 * u, Style(stroke=BAND, width=0.25))]


TEXT_X = 22.0
"""Where the texts of the aid start, in card units (the push grid is 15.6 wide from 4)."""


def _row(ctx: CardContext, icons: list[str], text: str, y: float, label: str) -> list[Item]:
    u = ctx.u
    items: list[Item] = []
    x = 4 * u
    for j in icons:
        items.append(jersey_art.place(ctx.jersey(j), x, y, 8 * u))
        x += 6.5 * u
    # one text column for every row and for the push rule, clear of the widest icon (two jerseys)
    box = textfit.Box(TEXT_X * u, y - 0.5 * u, ctx.w - (TEXT_X + 4) * u, 10 * u, 6.4 * u, 4.8 * u, align="left")
    items += fitted(text, box, "sans", INK, label)
    return items


def _push_grid(ctx: CardContext, x: float, y: float) -> list[Item]:
    """The pushed rider (centre) may go to any free square around it, diagonals included."""
    u = ctx.u
    cell = 5.2 * u
    items: list[Item] = []
    for row in range(3):
        for col in range(3):
            centre = (row, col) == (1, 1)
            fill = "#2F3B45" if centre else "#BFE0C9"
            items.append(Rect(x + col * cell, y + row * cell, cell, cell,
                              Style(fill=fill, stroke="#7D828A", width=0.25)))
    items.append(Circle(x + 1.5 * cell, y + 1.5 * cell, 1.3 * u, Style(fill="#FFFFFF")))
    return items


def front(ctx: CardContext, deck: Deck, card: Card) -> list[Item]:
    """Card types and the push rule."""
    u, t = ctx.u, ctx.texts
    colour_jersey = next(j.id for j in ctx.model.jerseys if j.rider)
    award = next(j.id for j in ctx.model.jerseys if j.award)
    wildcard = next(j.id for j in ctx.model.jerseys if j.wildcard)
    label = f"card {deck.id}/{card.id}"
    items: list[Item] = [paper(ctx)] + _band(ctx, t("aid_title"))
    items += _heading(ctx, t("aid_cards_heading"), 19 * u)
    items += _row(ctx, [colour_jersey], t("aid_single"), 23 * u, label)
    items += _row(ctx, [award], t("aid_award"), 35 * u, label)
    items += _row(ctx, [wildcard], t("aid_joker"), 47 * u, label)
    items += _row(ctx, [colour_jersey, award], t("aid_pair"), 59 * u, label)
    items += _heading(ctx, t("aid_push_heading"), 76 * u)
    items += _push_grid(ctx, 4 * u, 80 * u)
    items += fitted(t("aid_push"), textfit.Box(TEXT_X * u, 79.5 * u, ctx.w - (TEXT_X + 4) * u, 24 * u, 6.4 * u, 4.8 * u,
                                               align="left", valign="top"), "sans", INK, label)
    items.append(stamp(ctx))
    return items


def back(ctx: CardContext) -> list[Item]:
    """Sprints per player count, how a sprint ends and scores, and the jersey."""
    u, t, facts = ctx.u, ctx.texts, ctx.model.facts
    items: list[Item] = [paper(ctx)] + _band(ctx, t("aid_title"))
    items += _heading(ctx, t("aid_sprints_heading"), 19 * u)
    y = 25 * u
    for players, options in sorted(facts.sprints.items()):
        items.append(textfit.line(t("aid_players", n=players), 6 * u, y, "sans-bold", 7 * u, INK))
        items.append(textfit.line(t("aid_sprint_options", options=list(options)), ctx.w - 6 * u, y, "sans",
                                  7 * u, INK, "right"))
        y += 4.4 * u
    items += _heading(ctx, t("aid_end_heading"), 51 * u)
    box = textfit.Box(4 * u, 54 * u, ctx.w - 8 * u, 14 * u, 6.6 * u, 4.8 * u, align="left", valign="top")
    items += fitted(t("aid_end", finishers=facts.sprint.finishers_to_end, points=list(facts.scoring.points)),
                    box, "sans", INK, "player aid back")
    items += _heading(ctx, t("aid_jersey_heading"), 72 * u)
    box = textfit.Box(4 * u, 75 * u, ctx.w - 8 * u, 28 * u, 6.6 * u, 4.8 * u, align="left", valign="top")
    items += fitted(t("aid_jersey"), box, "sans", INK, "player aid back")
    items.append(stamp(ctx, MUTED))
    return items


FACES = {"green-jersey-aid": front}
BACKS = {"green-jersey-aid-back": back}
