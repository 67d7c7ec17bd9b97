"""Round tokens (cut along the circle, or square along the crop marks); both sides alike."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.layout import text as textfit
from pnp.layout.cards import CardArt, as_symbol
from pnp.layout.faces.common import CardContext
from pnp.layout.scene import Circle, Item, Rect, Style
from pnp.model.game_model import GameModel
from pnp.model.tokens import Token


def value_of(model: GameModel, token: Token) -> int | None:
    """The token's value: its own, or the rules' points for its rank."""
    if token.value is not None:
        return token.value
    points = getattr(getattr(model.facts, "scoring", None), "points", ())
    if token.rank and token.rank <= len(points):
        return points[token.rank - 1]
    return None


def token_face(ctx: CardContext, token: Token) -> list[Item]:
    model, b = ctx.model, ctx.bleed
    d = ctx.size.w
    r = d / 2
    colour = model.colour(token.colour).hex if token.colour else "#1E9A48"
    ink = model.colour(token.colour).ink if token.colour else "#FFFFFF"  # readable on a light colour too
    items: list[Item] = [Rect(-b, -b, d + 2 * b, d + 2 * b, Style(fill=colour)),
                         Circle(r, r, r - 1.6, Style(stroke=ink, width=0.7))]
    value = value_of(model, token)
    if value is not None:
        items.append(textfit.line(str(value), r, r + 3.6, "sans-black", 30, ink, "center"))
    label = token.name or token.id
    items.append(textfit.line(label, r, r + 8.6, "sans-bold", 7, ink, "center"))
    items.append(textfit.line(ctx.texts("points_word", value=value or 0), r, r - 6.4, "sans-bold", 5.5,
                              ink, "center"))
    return items


def token_arts(model: GameModel, ctx: CardContext) -> Iterator[CardArt]:
    """Every token, ``count`` times, with the same face on both sides."""
    for token in model.tokens:
        face = as_symbol(f"{model.id}-token-{token.id}", ctx, token_face(ctx, token))
        for n in range(1, token.count + 1):
            yield CardArt(f"token/{token.id}#{n}", face, face, True)
