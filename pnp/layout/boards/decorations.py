"""A board's decorations are a template: what a game draws on its board beyond what its layout draws.

A board's ``decorations: NAME`` in boards.yaml names the template ``boards/NAME.svg.j2``, looked up
in the game's ``templates/`` folder first, then in the shared library, like a face. It renders SVG
in millimetres whose viewBox is the side with its bleed (the trim's top-left corner at 0, 0: the
layout's own coordinates), and gets what a face template gets (model, palette, jerseys, rules,
``texts`` (here the game's board texts, templates/board.j2), ``mm``, ``tint``, ``polar`` ...) and:

================  ==================================================================================
``board``         the board (``board.id``, ``board.name``)
``side``          the side drawn (``side.id``, ``.spaces``, ``.lines``, ``.areas``, ``.areas_of(kind)``,
                  ``.marks(kind)``, ``.square_mm``)
``w``, ``h``      the side's trim size (mm); ``bleed`` around it
``at(column, lane=1)``  the square's box ``(x, y, w, h)`` where the layout put it
``crossings``     the side's lines across the road: ``(line, x, top, bottom)`` of the road there
``kinds``         the kinds of the side's marks, in the order of the data (terrain left out)
``legend``        ``(kind, macro)`` for every kind of mark and line on the side whose board text
                  ``legend_<kind>`` the game gives, in the order of the data
================  ==================================================================================

Each top-level ``<g id="NAME">`` of the markup is a group of the side's drawing: a group the layout
also draws under that id (road, squares, lines, labels, tokens, legend, title ...) is replaced by
the template's, so a game redraws its title or legend by giving it; other groups are drawn over the
layout's, in order. The layout's seam hints (where tiles may be cut) read the groups by id, so a
template's ``lines``, ``labels`` and panel groups (legend, title, ...) keep seams out of them as the
layout's do. A group ``direction`` draws the direction of the race: the layouts' legends explain
the direction only on a board that draws one. Everything else at the top level is the group
``decorations``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from pnp.layout.paper import Size
from pnp.layout.scene import IDENTITY, Group, Item
from pnp.model.boards import TERRAIN_KINDS, Board, BoardSide
from pnp.model.game_model import GameModel

FOLDER = "boards"
SUFFIX = ".svg.j2"
LOOSE = "decorations"


def template_name(name: str) -> str:
    """The template of decorations ``name``: ``boards/NAME.svg.j2``."""
    return f"{FOLDER}/{name}{SUFFIX}"


def decorate(model: GameModel, board: Board, side: BoardSide, size: tuple[float, float], bleed: float,
             groups: Iterable[Group], texts, at: Callable[..., tuple[float, float, float, float]] | None = None,
             crossings: Iterable[tuple] = (), **names: Any) -> tuple[Group, ...]:
    """The layout's ``groups`` with the board's decorations template drawn over them (unchanged when
    the board names none). ``at`` places a square (column, lane) as the layout does (default: the
    side's grid); ``names`` are added to what the template receives. A mistake in the template is a
    MarkupError located in it."""
    return merge(groups, draw(model, board, side, size, bleed, texts, at, crossings, **names))


def draw(model: GameModel, board: Board, side: BoardSide, size: tuple[float, float], bleed: float, texts,
         at: Callable[..., tuple[float, float, float, float]] | None = None, crossings: Iterable[tuple] = (),
         **names: Any) -> list[Group]:
    """The groups the board's decorations template draws ([] when the board names none): a layout
    that draws them first need not draw the groups they replace (``replaced``)."""
    if not board.decorations:
        return []
    return _draw(model, board, side, size, bleed, texts, at or side.square_box, tuple(crossings), names)


def replaced(drawn: Iterable[Group]) -> set[str]:
    """The ids of the layout's groups that the drawn decorations replace."""
    return {g.id for g in drawn if g.id != LOOSE}


def layered(drawn: list[Group], parts: Iterable[tuple[str, Callable[[], Iterable[Item]]]]) -> tuple[Group, ...]:
    """A layout's groups under its ``drawn`` decorations: each part (id, what draws it) is drawn
    unless a decorations group replaces it (then it stays, empty, to keep its place)."""
    skip = replaced(drawn)
    return merge((Group(() if gid in skip else tuple(make()), id=gid) for gid, make in parts), drawn)


def merge(groups: Iterable[Group], drawn: Iterable[Group]) -> tuple[Group, ...]:
    """The layout's ``groups``, each replaced by the drawn group of the same id, then the other drawn
    groups in order."""
    out = list(groups)
    index = {g.id: i for i, g in enumerate(out)}
    for group in drawn:
        if group.id in index and group.id != LOOSE:
            out[index[group.id]] = group
        else:
            index[group.id] = len(out)
            out.append(group)
    return tuple(out)


def _draw(model: GameModel, board: Board, side: BoardSide, size: tuple[float, float], bleed: float, texts,
          at, crossings: tuple, names: dict) -> list[Group]:
    from pnp.layout.faces.common import CardContext
    from pnp.layout.markup import env as jenv
    from pnp.layout.markup.engine import faces_for

    w, h = size
    ctx = CardContext(model=model, size=Size("board", w, h), bleed=bleed, texts=texts)
    faces = faces_for(ctx)
    template = jenv.load(faces.env, template_name(board.decorations), faces.folder)
    what = f"board {board.id} side {side.id}"
    context = dict(faces.base, board=board, side=side, at=at, crossings=crossings, kinds=kinds(side),
                   legend=legend(side, texts), **names)
    markup = jenv.render(template, context, what)
    return read(markup, str(template.filename), what, faces.folder, ctx)


def kinds(side: BoardSide) -> list[str]:
    """The kinds of the side's marks (terrain left out), in the order of the data."""
    return list(dict.fromkeys(s.kind for s in side.spaces if s.kind not in TERRAIN_KINDS))


def legend(side: BoardSide, texts) -> list[tuple[str, str]]:
    """(kind, macro) for each kind of mark, then of line, on ``side`` that has a ``legend_<kind>``
    board text."""
    found = kinds(side) + list(dict.fromkeys(line.kind for line in side.lines))
    out = []
    for kind in dict.fromkeys(found):
        macro = "legend_" + kind.replace("-", "_")
        if texts.has(macro):
            out.append((kind, macro))
    return out


def read(markup: str, template: str, what: str, folder: Path | None, ctx) -> list[Group]:
    """The top-level groups of a decorations markup, in the side's coordinates."""
    from pnp.layout.markup.engine import open_markup
    from pnp.layout.markup.svg import DEFAULTS

    reader, t = open_markup(markup, template, what, folder, ctx, "a board's decorations template")
    root = reader.root
    props = reader.inherit(root, DEFAULTS)
    opacity = reader._opacity(root, 1.0)
    out: list[Group] = []
    loose: list[Item] = []
    for child in root.elements():
        items = reader.element(child, props, opacity)
        ident = child.attrs.get("id", "") if child.name == "g" else ""
        if ident:
            out.append(_group(items, t, ident))
        else:
            loose += items
    if loose:
        out.append(_group(loose, t, LOOSE))
    return out


def _group(items: list[Item], t, ident: str) -> Group:
    """``items`` as group ``ident``, in the side's coordinates (a viewBox other than the side's
    is a transform inside the group, so the group's items keep the side's coordinates)."""
    if t != IDENTITY:
        items = [Group(tuple(items), t)]
    return Group(tuple(items), id=ident)
