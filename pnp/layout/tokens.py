"""Round tokens (cut along the circle, or square along the crop marks); both sides alike.

A token's ``face:`` (tokens.yaml; ``token`` by default) names its template ``faces/NAME.svg.j2``,
looked up as a deck's face is: the game's own ``templates/`` first, then the shared library (whose
``token`` draws a round token with its value, name and points word, or a pawn's letter). The
template gets what a card's face gets (``w`` and ``h`` are the token's diameter) with ``token`` and
its ``value`` instead of the card and deck.
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.layout.cards import CardArt, as_symbol, draw_problem
from pnp.layout.faces.common import CardContext
from pnp.layout.markup.pieces import piece
from pnp.layout.scene import Item
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


def _drawn(ctx: CardContext, token: Token):
    return piece(ctx, token.face, f"token {token.id}", token=token, value=value_of(ctx.model, token))


def token_face(ctx: CardContext, token: Token) -> list[Item]:
    """The items of a token's face (trim coordinates), from its template."""
    return list(_drawn(ctx, token).items)


def token_sizes(model: GameModel) -> list[float]:
    """The tokens' diameters (mm), in the order they first appear: one sheet section each."""
    return list(dict.fromkeys(t.size_mm for t in model.tokens))


def token_arts(model: GameModel, ctx: CardContext, problems: list[str] | None = None) -> Iterator[CardArt]:
    """Every token of the context's size, ``count`` times, with the same face on both sides. A
    token that cannot be drawn goes to ``problems`` (when given) and is skipped."""
    for token in model.tokens:
        if abs(token.size_mm - ctx.size.w) > 1e-6:
            continue
        drawn = draw_problem(lambda: _drawn(ctx, token), problems, f"token {token.id}")
        if drawn is None:
            continue
        face = as_symbol(drawn.key, ctx, list(drawn.items))
        for n in range(1, token.count + 1):
            yield CardArt(f"token/{token.id}#{n}", face, face, True)
