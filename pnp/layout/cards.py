"""Card art: every physical card of a game as a front and a back, drawn once per design."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from pnp.errors import DataError, DataErrors
from pnp.layout.faces import BACKS, FACES
from pnp.layout.faces.common import CardContext, FaceProblem
from pnp.layout.paper import Size
from pnp.layout.text import TextProblem
from pnp.layout.scene import Group, Item, Rect, Style, Symbol, translate
from pnp.load.suggest import did_you_mean
from pnp.model.decks import Deck
from pnp.model.game_model import GameModel


@dataclass(frozen=True)
class CardArt:
    """One physical card: its front, its back, and whether its front repeats (draw it once)."""

    label: str
    front: Symbol
    back: Symbol | None
    """None for a single-sided piece."""
    shared: bool


def as_symbol(key: str, ctx: CardContext, items: list[Item]) -> Symbol:
    """Face items (trim coordinates) as a symbol whose box is the card with its bleed."""
    b = ctx.bleed
    w, h = ctx.w + 2 * b, ctx.h + 2 * b
    body = Group((Group(tuple(items), translate(b, b)),), clip=Rect(0, 0, w, h, Style()))
    return Symbol(key, w, h, (body,))


def check_faces(model: GameModel) -> None:
    """Every deck names a face and a back that pnp can draw (else a DataErrors)."""
    errors = []
    for deck in model.decks:
        where = model.sources.component(f"deck:{deck.id}")
        if deck.face not in FACES:
            errors.append(DataError(where, f"unknown face layout '{deck.face}'", f"decks[{deck.id}].face",
                                    did_you_mean(deck.face, FACES)))
        if deck.back not in BACKS:
            errors.append(DataError(where, f"unknown back layout '{deck.back}'", f"decks[{deck.id}].back",
                                    did_you_mean(deck.back, BACKS)))
    if errors:
        raise DataErrors(errors)


def card_arts(model: GameModel, ctx: CardContext, decks: list[Deck], problems: list[str]
              ) -> Iterator[CardArt]:
    """Every card of ``decks``, in deck order. A face that cannot be drawn is added to
    ``problems`` and skipped, so that all of them are reported together."""
    backs: dict[str, Symbol] = {}
    for deck in decks:
        if deck.back not in backs:
            back_items = _draw(lambda: BACKS[deck.back](ctx), problems, f"back {deck.back}")
            # decks of several sizes share a back layout: one drawing per size (a symbol's key names it)
            backs[deck.back] = as_symbol(f"{model.id}-back-{deck.back}-{ctx.w:g}x{ctx.h:g}", ctx, back_items or [])
        for card in deck.cards:
            items = _draw(lambda: FACES[deck.face](ctx, deck, card), problems, f"card {deck.id}/{card.id}")
            if items is None:
                continue
            front = as_symbol(f"{model.id}-{deck.id}-{card.id}", ctx, items)
            back = None if deck.single_sided else backs[deck.back]
            for n in range(1, card.qty + 1):
                yield CardArt(f"{deck.id}/{card.id}#{n}", front, back, card.qty > 1)


def _draw(fn, problems: list[str], label: str) -> list[Item] | None:
    try:
        return fn()
    except FaceProblem as exc:
        problems.append(str(exc))
    except TextProblem as exc:
        problems.append(f"{label}: {exc}")
    return None


def card_size_of(model: GameModel, deck: Deck, override: str | None) -> Size:
    """A deck's card size: its own, else the command line's, else the game's."""
    from pnp.layout.paper import card_size

    return card_size(deck.card_size or override or model.info.card_size)
