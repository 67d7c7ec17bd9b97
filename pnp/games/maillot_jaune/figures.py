"""Maillot Jaune's rule diagrams for its rulebook (``FIGURES``, found by pnp.layout.figures):

- ``move`` / ``move:RIDER``  the source's movement diagram, on the real board: a rider on a
                              straight of its best terrain, the squares its stars let it reach;
- ``dial`` / ``dial:RIDER``  a rider card with its energy needle mounted on the wheel's hub,
                              pointing at the dial's start value;
- ``form`` / ``form:RIDER``  the form marker as cut (a strip with its fold lines), then folded
                              round the start of its form track, pointing at the start cell.

They are drawn from the kit's own pieces (the board scene, the card faces) and carry no words:
captions are the rulebook's text, so a translation never touches a figure.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.layout import jersey as jersey_art
from pnp.layout.paper import card_size
from pnp.layout.rulebook_figures import PAD, Figures, _placed_card
from pnp.layout.scene import (Circle, Group, Item, Path, Rect, Scene, Style, Use, compose, polygon, rotate,
                              translate)
from pnp.model.game_model import GameModel

REACH = "#2F6FDB"
"""The squares a rider may reach (a blue that no terrain of the board uses)."""
INK = "#1F2328"
PAPER = "#FFFFFF"
GAP = 7.0
VERGE = 5.0
"""How much of the verge the ``move`` figure shows on each side of the road (mm of the board)."""
STEPS = ((1, -1), (1, 0), (1, 1), (0, -1), (0, 1))
"""One step of a rider, (columns, lanes): forward, forward on a diagonal, or sideways; never back."""

# The cut outline of an energy needle: the defaults of templates/art/dial.svg.j2 ``needle``
# (head width, head length, neck, shaft), which the game's mj-needle face uses.
NEEDLE_WIDTH, NEEDLE_HEAD, NEEDLE_NECK, NEEDLE_SHAFT = 6.4, 6.0, 3.2, 4.4


# --- the movement diagram

@dataclass(frozen=True)
class MoveCast:
    """Who is where in the ``move`` figure (the rulebook's caption names them)."""

    rider: str
    name: str
    terrain: str
    stars: int
    column: int
    lane: int
    section_square: int
    reach: tuple[tuple[int, int], ...]


def reachable(column: int, lane: int, steps: int, lanes: int) -> list[tuple[int, int]]:
    """Every square a rider on (column, lane) may end its move on with ``steps`` steps at most,
    each forward, forward on a diagonal or sideways, on a road ``lanes`` wide (its own square
    excluded), in order of column then lane."""
    seen = {(column, lane)}
    frontier = [(column, lane)]
    for _ in range(steps):
        nxt = []
        for c, k in frontier:
            for dc, dk in STEPS:
                sq = (c + dc, k + dk)
                if 1 <= sq[1] <= lanes and sq not in seen:
                    seen.add(sq)
                    nxt.append(sq)
        frontier = nxt
    return sorted(seen - {(column, lane)})


def _side(model: GameModel):
    return next(s for b in model.boards for s in b.sides)


def _loop(model: GameModel):
    """The drawn circuit of the board's side (pnp.layout.boards.circuit)."""
    from pnp.layout.boards.circuit import Circuit
    from pnp.layout.boards.frame import board_of

    side = _side(model)
    w, h = board_of(model, side).size_mm(side)
    return side, Circuit(side, w, h)


def _straight(loop, side, first: int, last: int) -> bool:
    """Whether columns ``first`` to ``last`` all lie on one straight of the loop."""
    if first < 1 or last > side.columns:
        return False
    heading = loop.heading(first)
    return all(loop.on_straight(loop.col_t(c) + 0.01) and loop.on_straight(loop.col_t(c + 1) - 0.01)
               and abs(loop.heading(c) - heading) < 1e-6 for c in range(first, last + 1))


def move_cast(model: GameModel, rider_id: str = "") -> MoveCast:
    """The ``move`` figure's rider and squares: the named rider (else the first one with the most
    stars on the first terrain of the course), on the middle lane of a straight of that terrain,
    with a square of road behind it and one beyond its reach."""
    facts = model.facts
    terrain = facts.course.terrains[0]
    stars = {p.id: dict(p.stars) for p in model.profiles}
    if rider_id:
        rider = model.rider(rider_id)
        terrain = max(stars[rider.profile], key=stars[rider.profile].get)
    else:
        best = max(stars[r.profile].get(terrain, 0) for r in model.riders)
        rider = next(r for r in model.riders if stars[r.profile].get(terrain, 0) == best)
    n = stars[rider.profile].get(terrain, 0)
    side, loop = _loop(model)
    lane = (side.lanes + 1) // 2
    per = facts.course.section_squares
    column = next(c for c in range(1, side.columns + 1)
                  if facts.course.terrain_of(c) == terrain and facts.course.terrain_of(min(c + n, side.columns)) == terrain
                  and _straight(loop, side, c - 1, c + n + 1))
    return MoveCast(rider.id, rider.name, terrain, n, column, lane, (column - 1) % per + 1,
                    tuple(reachable(column, lane, n, side.lanes)))


def _move(f: Figures, arg: str) -> Scene:
    """A window of the real board round a rider on a straight of its best terrain, its reachable
    squares in blue with a white dot, the way the race goes shown by an arrow on the verge."""
    from pnp.layout.boards import board_scene

    cast = move_cast(f.model, arg)
    side, loop = _loop(f.model)
    first, last = cast.column - 1, cast.column + cast.stars + 1
    full = board_scene(f.model, side, bleed=0.0)
    items: list[Item] = list(full.items)
    for column, lane in cast.reach:
        cell = loop.cell(column, lane)
        items.append(_inset(cell, loop.centre(column, lane), 1 - 2.4 / side.square_mm, Style(fill=REACH, opacity=0.72)))
        cx, cy = loop.centre(column, lane)
        items.append(Circle(cx, cy, 1.8, Style(fill=PAPER)))
    items += _rider(f, cast.rider, *loop.centre(cast.column, cast.lane), side.square_mm)
    # the window: the road from column `first` to `last`, with some verge, turned to run left to right
    corners = [p for c in range(first, last + 1) for lane in (1, side.lanes) for p in loop.cell(c, lane, 2)]
    turn = -math.degrees(loop.heading(first))
    spin = rotate(turn)
    pts = [_apply(spin, x, y) for x, y in corners]
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts) - VERGE, max(p[1] for p in pts) + VERGE
    w, h = x1 - x0, y1 - y0
    board = Group(tuple(items), compose(translate(-x0, -y0), spin))
    arrow = _travel_arrow(w, VERGE)
    frame = Rect(0, 0, w, h, Style(stroke=INK, width=0.35))
    scene_items = (Group((board, *arrow), clip=Rect(0, 0, w, h, Style())), frame)
    return _with_card(f, cast.rider, Scene(w, h, scene_items))


def _apply(t, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, g = t
    return a * x + c * y + e, b * x + d * y + g


def _inset(cell: list[tuple[float, float]], centre: tuple[float, float], k: float, style: Style) -> Path:
    """A square's outline shrunk to ``k`` of its size about its centre."""
    cx, cy = centre
    return polygon([(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in cell], style)


def _rider(f: Figures, rider_id: str, cx: float, cy: float, square: float) -> list[Item]:
    """A rider seen from above: its jersey on a white base, as big as a standee's base."""
    r = square * 0.4
    size = square * 0.62
    return [Circle(cx, cy, r, Style(fill=PAPER, stroke=INK, width=0.45)),
            jersey_art.place(f.rider_jersey(rider_id), cx - size / 2, cy - size / 2 + 0.4, size)]


def _travel_arrow(width: float, verge: float) -> list[Item]:
    """The way the race goes: an arrow on the verge above the road, at its right end."""
    x1 = width - 3.0
    x0 = x1 - 22.0
    y = verge / 2
    return [polygon([(x0, y - 0.9), (x1 - 4.0, y - 0.9), (x1 - 4.0, y - 2.4), (x1, y), (x1 - 4.0, y + 2.4),
                     (x1 - 4.0, y + 0.9), (x0, y + 0.9)], Style(fill=PAPER, stroke=INK, width=0.3))]


def _with_card(f: Figures, rider_id: str, diagram: Scene) -> Scene:
    """The rider's card at the left, as tall as the diagram, then the diagram."""
    deck = f.model.deck("coureurs")
    card = next(c for c in deck.cards if c.rider == rider_id)
    sym, w, h = f.card(deck.id, card.id)
    s = diagram.height / h
    x = PAD + w * s + GAP
    items: list[Item] = [_placed_card(sym, w, h, PAD, PAD, s), Group(diagram.items, translate(x, PAD))]
    width = x + diagram.width + PAD
    return Scene(width, diagram.height + 2 * PAD, tuple(items), meta={"display_mm": min(165.0, width)})


# --- the energy needle on its wheel

def _piece(model: GameModel, kind: str, rider_id: str):
    """The deck and card of the piece of ``kind`` that belongs to ``rider_id``."""
    for deck in model.decks:
        for card in deck.cards:
            if card.kind == kind and card.rider == rider_id:
                return deck, card
    raise ValueError(f"no piece of kind {kind} for {rider_id}")


def _needle_outline(cx: float, hole: float, length: float, tail: float) -> Path:
    """The cut outline of an energy needle whose hole is at (cx, hole), pointing up."""
    tip = hole - length
    a, n, s = NEEDLE_WIDTH / 2, NEEDLE_NECK / 2, NEEDLE_SHAFT / 2
    head = tip + NEEDLE_HEAD
    return polygon([(cx, tip), (cx + a, head), (cx + n, head), (cx + s, hole), (cx + s, hole + tail),
                    (cx - s, hole + tail), (cx - s, hole), (cx - n, head), (cx - a, head)], Style())


def _dial(f: Figures, arg: str) -> Scene:
    """A rider card with its needle on the hub, turned to the dial's start value."""
    model = f.model
    rider_id = arg or model.riders[0].id
    dial, energy = model.facts.pieces.dial, model.facts.energy
    rdeck, rcard = _piece(model, "rider", rider_id)
    ndeck, ncard = _piece(model, "needle", rider_id)
    csym, cw, ch = f.card(rdeck.id, rcard.id)
    nsym, nw, nh = f.card(ndeck.id, ncard.id)
    hole = dial.hole(nh)
    needle = Group((Use(nsym),), clip=_needle_outline(nw / 2, hole, dial.needle_length, dial.tail))
    place = compose(translate(cw / 2, dial.hub(ch)), rotate(dial.angle(energy.start, energy.max)),
                    translate(-nw / 2, -hole))
    card = _placed_card(csym, cw, ch, 0, 0)
    items = (Group((card, Group((needle,), place)), translate(PAD, PAD)),)
    return Scene(cw + 2 * PAD, ch + 2 * PAD, items, meta={"display_mm": 44.0})


# --- the form marker on its track

def _form(f: Figures, arg: str) -> Scene:
    """Left: the marker as cut, a strip with its fold lines. Right: the start of the form track
    with the marker folded round it on the first cell: its top flap above the cell, its bottom
    flap under it, both turned half round by the fold."""
    model = f.model
    rider_id = arg or model.riders[0].id
    tdeck, tcard = _piece(model, "form-track", rider_id)
    mdeck, mcard = _piece(model, "form-marker", rider_id)
    tsym, tw, th = f.card(tdeck.id, tcard.id)
    msym, mw, mh = f.card(mdeck.id, mcard.id)
    size = card_size(tdeck.card_size)
    t = model.facts.pieces.form_track.layout(size.w, size.h, model.facts.form.start + 1)
    sx0, sy0 = (mw - t.cell_w) / 2, (mh - t.slider_length) / 2
    sx1, sy1 = sx0 + t.cell_w, sy0 + t.slider_length
    edge = Style(stroke=INK, width=0.3)
    strip = Group((Group((Use(msym),), clip=Rect(sx0, sy0, t.cell_w, t.slider_length, Style())),
                   Rect(sx0, sy0, t.cell_w, t.slider_length, edge)), translate(-sx0, -sy0))
    # the track, cut after a few cells, with the folded flaps on its first cell
    shown = min(tw, t.cells_x + 8 * t.cell_w)
    x = t.cells_x
    top = Group((Use(msym),), (-1.0, 0.0, 0.0, -1.0, x + sx1, t.top + sy0),
                clip=Rect(sx0, sy0, t.cell_w, t.top, Style()))
    bottom = Group((Use(msym),), (-1.0, 0.0, 0.0, -1.0, x + sx1, th - t.bottom + sy1),
                   clip=Rect(sx0, sy1 - t.bottom, t.cell_w, t.bottom, Style()))
    flaps = [top, Rect(x, 0, t.cell_w, t.top, edge), bottom, Rect(x, th - t.bottom, t.cell_w, t.bottom, edge)]
    track = Group((Group((Use(tsym), *flaps), clip=Rect(0, 0, shown, th, Style())),
                   Rect(0, 0, shown, th, Style(stroke="#9A9EA5", width=0.3))))
    gap = 10.0
    height = max(t.slider_length, th)
    items = (Group((strip,), translate(PAD, PAD + (height - t.slider_length) / 2)),
             Group((track,), translate(PAD + t.cell_w + gap, PAD + (height - th) / 2)))
    width = t.cell_w + gap + shown + 2 * PAD
    return Scene(width, height + 2 * PAD, items, meta={"display_mm": min(85.0, width)})


def form_marker_width(model: GameModel) -> float:
    """The width of a form marker's strip: one cell of the form track (mm)."""
    deck = next(d for d in model.decks for c in d.cards if c.kind == "form-track")
    size = card_size(deck.card_size or model.info.card_size)
    return model.facts.pieces.form_track.layout(size.w, size.h, model.facts.form.start + 1).cell_w


FIGURES = {"move": _move, "dial": _dial, "form": _form}
