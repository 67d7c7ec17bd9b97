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
    """A round token in its colour: its value, its name and the points word; a pawn carries only
    its colour's letter (a small disc has no room for words, and the letter serves colour-blind
    players). Drawn for 25 mm and scaled to the token's size."""
    model, b = ctx.model, ctx.bleed
    d = ctx.size.w
    r, k = d / 2, d / 25.0
    colour = model.colour(token.colour).hex if token.colour else "#1E9A48"
    ink = model.colour(token.colour).ink if token.colour else "#FFFFFF"  # readable on a light colour too
    items: list[Item] = [Rect(-b, -b, d + 2 * b, d + 2 * b, Style(fill=colour)),
                         Circle(r, r, r - 1.6 * k, Style(stroke=ink, width=0.7 * min(1.0, k * 1.4)))]
    if token.kind == "pawn":
        letter = model.colour(token.colour).letter if token.colour else ""
        if letter:
            size = 0.42 * d / (0.69 * textfit.fonts.PT) / (1 if len(letter) == 1 else 1.45)  # cap height 42 %
            items.append(textfit.line(letter, r, r + 0.69 * size * textfit.fonts.PT / 2, "sans-black", size, ink,
                                      "center"))
        return items
    value = value_of(model, token)
    if value is not None:
        items.append(textfit.line(str(value), r, r + 3.6 * k, "sans-black", 30 * k, ink, "center"))
    label = token.name or token.id
    items.append(textfit.line(label, r, r + 8.6 * k, "sans-bold", 7 * k, ink, "center"))
    items.append(textfit.line(ctx.texts("points_word", value=value or 0), r, r - 6.4 * k, "sans-bold", 5.5 * k,
                              ink, "center"))
    return items


def token_sizes(model: GameModel) -> list[float]:
    """The tokens' diameters (mm), in the order they first appear: one sheet section each."""
    return list(dict.fromkeys(t.size_mm for t in model.tokens))


def token_arts(model: GameModel, ctx: CardContext) -> Iterator[CardArt]:
    """Every token of the context's size, ``count`` times, with the same face on both sides."""
    for token in model.tokens:
        if abs(token.size_mm - ctx.size.w) > 1e-6:
            continue
        face = as_symbol(f"{model.id}-token-{token.id}", ctx, token_face(ctx, token))
        for n in range(1, token.count + 1):
            yield CardArt(f"token/{token.id}#{n}", face, face, True)
