"""Card art: every physical card of a game as a front and a back, drawn once per design.

A deck's ``face:`` and ``back:`` name a layout: the template ``faces/NAME.svg.j2`` of the game's
``templates/`` folder or of the shared library when there is one (pnp.layout.markup), else a
Python face of pnp.layout.faces (FACES, BACKS), while faces are ported to templates one by one.
"""

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
from pnp.model.decks import Card, Deck
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
    """Every deck names a face and a back that pnp can draw, and every face template it names
    compiles (else a DataErrors: an unknown name says both places it was looked for)."""
    from pnp.i18n.context import current
    from pnp.layout.markup import MarkupError, face_names, face_path, find
    from pnp.layout.markup.env import environment, load
    from pnp.layout.markup.errors import display
    from pnp.paths import template_dirs

    folder = model.sources.folder
    errors: list[DataError] = []
    checked: set[str] = set()
    templates = face_names(folder)
    for deck in model.decks:
        for kind, name, registry in (("face", deck.face, FACES), ("back", deck.back, BACKS)):
            where = model.sources.components.get(f"field:deck:{deck.id}.{kind}") \
                or model.sources.component(f"deck:{deck.id}")
            path = find(folder, face_path(name))
            if path is not None:
                if name not in checked:
                    checked.add(name)
                    try:
                        load(environment(folder, current()), face_path(name), folder)
                    except MarkupError as exc:
                        errors.append(exc.error)
                continue
            if name in registry:
                continue
            looked = " or ".join(f"{display(p)}/" for p in template_dirs(folder))
            errors.append(DataError(where, f"unknown {kind} layout '{name}': no template {face_path(name)} in "
                                           f"{looked}, and no built-in {kind} of that name",
                                    f"decks[{deck.id}].{kind}", did_you_mean(name, set(registry) | set(templates))))
    for kind, pieces in (("token", model.tokens), ("standee", model.standees)):
        for piece in pieces:
            path = find(folder, face_path(piece.face))
            if path is not None:
                if piece.face not in checked:
                    checked.add(piece.face)
                    try:
                        load(environment(folder, current()), face_path(piece.face), folder)
                    except MarkupError as exc:
                        errors.append(exc.error)
                continue
            looked = " or ".join(f"{display(p)}/" for p in template_dirs(folder))
            errors.append(DataError(model.sources.component(f"{kind}:{piece.id}"),
                                    f"unknown {kind} layout '{piece.face}': no template {face_path(piece.face)} "
                                    f"in {looked}", f"{kind}s[{piece.id}].face", did_you_mean(piece.face, templates)))
    if errors:
        raise DataErrors(errors)


def face_items(ctx: CardContext, deck: Deck, card: Card) -> list[Item]:
    """The items of a card's front (trim coordinates), from its template or its Python face
    (the rulebook's figures draw cards this way)."""
    from pnp.layout.markup import faces_for

    faces = faces_for(ctx)
    if faces.path(deck.face) is not None:
        return list(faces.front(deck.face, deck, card).items)
    return FACES[deck.face](ctx, deck, card)


def card_arts(model: GameModel, ctx: CardContext, decks: list[Deck], problems: list[str]
              ) -> Iterator[CardArt]:
    """Every card of ``decks``, in deck order. A face that cannot be drawn is added to
    ``problems`` and skipped, so that all of them are reported together.

    A template face is named by its markup: cards whose markup is the same share one drawing
    (one PDF form), as copies of one card do."""
    from pnp.layout.markup import faces_for

    faces = faces_for(ctx)
    backs: dict[str, Symbol] = {}
    seen: set[str] = set()
    reported: set[tuple] = set()
    for deck in decks:
        if deck.back not in backs:
            if faces.path(deck.back) is not None:
                drawn = _draw(lambda: faces.back(deck.back), problems, f"back {deck.back}", reported)
                backs[deck.back] = as_symbol(drawn.key if drawn else f"{model.id}-back-{deck.back}-failed", ctx,
                                             list(drawn.items) if drawn else [])
            else:
                back_items = _draw(lambda: BACKS[deck.back](ctx), problems, f"back {deck.back}", reported)
                # decks of several sizes share a back layout: one drawing per size (a symbol's key names it)
                backs[deck.back] = as_symbol(f"{model.id}-back-{deck.back}-{ctx.w:g}x{ctx.h:g}", ctx,
                                             back_items or [])
        template = faces.path(deck.face) is not None
        for card in deck.cards:
            if template:
                drawn = _draw(lambda: faces.front(deck.face, deck, card), problems, f"card {deck.id}/{card.id}",
                              reported)
                if drawn is None:
                    continue
                front = as_symbol(drawn.key, ctx, list(drawn.items))
                shared = card.qty > 1 or drawn.key in seen
                seen.add(drawn.key)
            else:
                items = _draw(lambda: FACES[deck.face](ctx, deck, card), problems, f"card {deck.id}/{card.id}",
                              reported)
                if items is None:
                    continue
                front = as_symbol(f"{model.id}-{deck.id}-{card.id}", ctx, items)
                shared = card.qty > 1
            back = None if deck.single_sided else backs[deck.back]
            for n in range(1, card.qty + 1):
                yield CardArt(f"{deck.id}/{card.id}#{n}", front, back, shared)


def draw_problem(fn, problems: list[str] | None, label: str):
    """``fn()``; when ``problems`` is given, a face that cannot be drawn is added to it (as for a
    card) and None is returned, else its error is raised."""
    return fn() if problems is None else _draw(fn, problems, label)


def _draw(fn, problems: list[str], label: str, reported: set[tuple] | None = None):
    from pnp.layout.markup import MarkupError

    try:
        return fn()
    except FaceProblem as exc:
        problems.append(str(exc))
    except TextProblem as exc:
        problems.append(f"{label}: {exc}")
    except MarkupError as exc:
        # a mistake of the template is reported once, for the first card it shows on
        err = exc.error
        same = (err.location, err.message)
        if reported is None or same not in reported:
            if reported is not None:
                reported.add(same)
            problems.append(exc.render())
    return None


def card_size_of(model: GameModel, deck: Deck, override: str | None) -> Size:
    """A deck's card size: its own, else the command line's, else the game's."""
    from pnp.layout.paper import card_size

    return card_size(deck.card_size or override or model.info.card_size)
