"""Gutter fold (``pnp build --gutter-fold``): fronts and their backs side by side on one page, for a
printer that prints one side only.

The sheet is imposed as two half sheets: the fronts on the first half, and on the other half the
back sheet a duplex kit would print, laid so that folding the paper along the gutter puts each back
behind its own front. Halves side by side (a fold along the page's height) hold the back sheet as
it is (mirrored for a flip on the long edge, like every back of the kit); halves one above the other
(a fold across the page) hold it turned a half turn. Each half has its crop marks and its label, as
a sheet of its own; a dashed line runs along the gutter. The halves are chosen the way that holds
more pieces (side by side on a tie).

Cut out the column or row of pieces folded, glue the halves together if you like, then cut each
piece along its marks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from pnp.layout.cards import CardArt
from pnp.layout.paper import PrintSpec, Size
from pnp.layout.scene import Group, Line, Scene, Style, compose, rotate, translate

FOLD_STYLE = Style(stroke="#8D939B", width=0.25, dash=(2.0, 1.5))


def halves(spec: PrintSpec) -> tuple[PrintSpec, str]:
    """The half sheet the pieces of ``spec`` are imposed on, duplex, and the fold: 'down' (halves
    side by side, a fold along the page's height) or 'across' (one above the other).
    ImpositionError when a piece fits neither half."""
    from pnp.layout.imposition import ImpositionError, plan

    paper = spec.paper
    best: tuple[int, PrintSpec, str] | None = None
    error: ImpositionError | None = None
    for fold, size in (("down", Size(paper.name, paper.w / 2, paper.h)),
                       ("across", Size(paper.name, paper.w, paper.h / 2))):
        half = replace(spec, paper=size, fold=False, duplex=True, back_offset=(0.0, 0.0))
        try:
            slots = plan(half).slots
        except ImpositionError as exc:
            error = error or exc
            continue
        if best is None or slots > best[0]:
            best = (slots, half, fold)
    if best is None:
        raise error
    return best[1], best[2]


def settle(spec: PrintSpec) -> PrintSpec:
    """``spec`` of a section whose pieces have backs, in a gutter-fold kit: folded when a piece fits
    half a sheet, else printed as a duplex section (its backs on pages of their own)."""
    from pnp.layout.imposition import ImpositionError

    try:
        halves(spec)
    except ImpositionError:
        return replace(spec, fold=False, duplex=True)
    return replace(spec, fold=True, duplex=False)


def folded_sheets(arts: Iterable[CardArt], count: int, spec: PrintSpec, texts) -> Iterator[Scene]:
    """The pages of a folded section: each the front half sheet beside (or above) its back half."""
    from pnp.layout.imposition import sheets

    half, fold = halves(spec)
    page: Scene | None = None
    for scene in sheets(arts, count, half, texts):
        if scene.label.endswith("front"):
            if page is not None:
                yield _joined(page, None, spec, fold)
            page = scene
        else:
            yield _joined(page, scene, spec, fold)
            page = None
    if page is not None:
        yield _joined(page, None, spec, fold)


def back_transform(spec: PrintSpec, fold: str):
    """Where the back half sheet goes on the page (its own coordinates to the page's)."""
    w, h = spec.paper.w, spec.paper.h
    return translate(w / 2, 0) if fold == "down" else compose(translate(w, h), rotate(180))


def _joined(front: Scene, back: Scene | None, spec: PrintSpec, fold: str) -> Scene:
    w, h, m = spec.paper.w, spec.paper.h, spec.margin
    items = list(front.items)
    if back is not None:
        items.append(Group(back.items, back_transform(spec, fold), id="backs"))
    line = Line(w / 2, m, w / 2, h - m, FOLD_STYLE) if fold == "down" else Line(m, h / 2, w - m, h / 2, FOLD_STYLE)
    items.append(Group((line,), id="fold"))
    return Scene(w, h, tuple(items), label=front.label.removesuffix(" front") + " folded")
