"""Green Jersey's rule diagrams for its rulebook (``FIGURES``, found by pnp.layout.figures):

- ``move`` / ``move:CARD``  a single-jersey card and where it takes its rider;
- ``push``                  a rider pushed off its square, and the squares it may go to;
- ``pair``                  a two-jersey card and where the moved rider may land.

They are drawn on a small road in the colours of the board, with the riders' jerseys. They carry
no words: captions and explanations are the rulebook's text, so a translation never has to touch
a figure.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.layout import board as board_art
from pnp.layout import jersey as jersey_art
from pnp.layout.rulebook_figures import PAD, Figures, _placed_card
from pnp.layout.scene import Circle, Group, Item, Line, Path, Rect, Scene, Style, Symbol, polygon, translate
from pnp.model.game_model import GameModel

SQ = 12.0
HIGHLIGHT = "#3FBF6A"
FORBIDDEN = "#E04848"
ARROW = "#FFFFFF"
PANEL_GAP = 8.0


# --- diagrams on a small road

@dataclass
class _Road:
    """A small stretch of road, ``cols`` x ``lanes`` squares of SQ mm, with verges of ``verge``
    squares above and below (grass beyond a barrier), drawn at (x, y)."""

    cols: int
    lanes: int
    x: float = 0.0
    y: float = 0.0
    verge_top: float = 0.6
    verge_bottom: float = 0.8

    @property
    def width(self) -> float:
        return self.cols * SQ

    @property
    def height(self) -> float:
        return (self.lanes + self.verge_top + self.verge_bottom) * SQ

    def box(self, col: float, lane: float) -> tuple[float, float]:
        """Top-left corner of square (col, lane), 1-based; lane 0 is the verge above the road."""
        return self.x + (col - 1) * SQ, self.y + (self.verge_top + lane - 1) * SQ

    def centre(self, col: float, lane: float) -> tuple[float, float]:
        x, y = self.box(col, lane)
        return x + SQ / 2, y + SQ / 2

    def on_road(self, col: int, lane: int) -> bool:
        return 1 <= col <= self.cols and 1 <= lane <= self.lanes

    def draw(self) -> list[Item]:
        x, y, w = self.x, self.y, self.width
        road_y, road_h = self.y + self.verge_top * SQ, self.lanes * SQ
        items: list[Item] = [Rect(x, y, w, self.height, Style(fill=board_art.GRASS)),
                             Rect(x, road_y, w, road_h, Style(fill=board_art.ASPHALT))]
        edge = Style(stroke=board_art.SQUARE_EDGE, width=0.3)
        for c in range(2, self.cols + 1):
            items.append(Line(x + (c - 1) * SQ, road_y, x + (c - 1) * SQ, road_y + road_h, edge))
        dash = Style(stroke=board_art.MARKING, width=0.5, dash=(3.6, 2.4))
        for lane in range(2, self.lanes + 1):
            ly = road_y + (lane - 1) * SQ
            items.append(Line(x, ly, x + w, ly, edge))
            items.append(Line(x + 1.2, ly, x + w - 1.2, ly, dash))
        t = board_art.BARRIER_MM * 0.6
        for by in (road_y - t, road_y + road_h):
            items.append(Rect(x, by, w, t, Style(fill=board_art.BARRIER, stroke=board_art.INK, width=0.2)))
            items += [Rect(bx, by + 0.5, min(6.0, x + w - bx - 0.5), t - 1.0, Style(fill=board_art.GREEN))
                      for bx in _range(x + 0.5, x + w - 1.0, 12.0)]
        solid = Style(stroke=board_art.MARKING, width=0.5)
        items += [Line(x, road_y + 0.9, x + w, road_y + 0.9, solid),
                  Line(x, road_y + road_h - 0.9, x + w, road_y + road_h - 0.9, solid)]
        return items

    def frame(self) -> Item:
        return Rect(self.x, self.y, self.width, self.height, Style(stroke=board_art.INK, width=0.35))

    def fill(self, col: int, lane: int, colour: str, opacity: float = 1.0) -> Item:
        x, y = self.box(col, lane)
        return Rect(x + 0.7, y + 0.7, SQ - 1.4, SQ - 1.4, Style(fill=colour, opacity=opacity), radius=1.0)

    def cross(self, col: int, lane: int, colour: str = FORBIDDEN, width: float = 0.9) -> list[Item]:
        x, y = self.box(col, lane)
        m, st = SQ * 0.3, Style(stroke=colour, width=width, round_caps=True)
        return [Line(x + m, y + m, x + SQ - m, y + SQ - m, st), Line(x + SQ - m, y + m, x + m, y + SQ - m, st)]

    def dot(self, col: int, lane: int) -> Item:
        cx, cy = self.centre(col, lane)
        return Circle(cx, cy, 1.3, Style(fill="#FFFFFF"))


def _range(start: float, end: float, step: float) -> list[float]:
    out, v = [], start
    while v < end:
        out.append(v)
        v += step
    return out


def _rider(road: _Road, sym: Symbol, col: float, lane: float, ghost: bool = False) -> list[Item]:
    """A rider seen from above: its jersey on a white base; a ghost marks where it was."""
    cx, cy = road.centre(col, lane)
    r = SQ * 0.43
    base = Style(fill=board_art.PAPER, stroke=board_art.INK, width=0.35, dash=(1.0, 0.8) if ghost else ())
    size = SQ * 0.7
    items: list[Item] = [Circle(cx, cy, r, base), jersey_art.place(sym, cx - size / 2, cy - size / 2 + 0.3, size)]
    if ghost:
        items.append(Circle(cx, cy, r - 0.2, Style(fill=board_art.PAPER, opacity=0.6)))
    return items


def _arrow(points: list[tuple[float, float]], colour: str = ARROW, dashed: bool = False,
           width: float = 0.9) -> list[Item]:
    """A polyline ending in an arrow head at its last point."""
    (x1, y1), (x2, y2) = points[-2], points[-1]
    a = math.atan2(y2 - y1, x2 - x1)
    head, spread = 2.8, 0.5
    bx, by = x2 - head * 0.8 * math.cos(a), y2 - head * 0.8 * math.sin(a)
    line = Path((("M", *points[0]), *(("L", *p) for p in points[1:-1]), ("L", bx, by)),
                Style(stroke=colour, width=width, dash=(1.8, 1.2) if dashed else (), round_caps=True))
    tip = polygon([(x2, y2), (x2 - head * math.cos(a - spread), y2 - head * math.sin(a - spread)),
                   (x2 - head * math.cos(a + spread), y2 - head * math.sin(a + spread))], Style(fill=colour))
    return [line, tip]


def _toward(p: tuple[float, float], q: tuple[float, float], d: float) -> tuple[float, float]:
    """The point ``d`` mm from ``q`` on the way from ``p``."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    return q[0] - dx / n * d, q[1] - dy / n * d


def _badge(x: float, y: float, n: int) -> list[Item]:
    """A numbered step (1, 2) in the corner of a panel."""
    from pnp.layout import text as textfit

    return [Circle(x, y, 3.4, Style(fill=board_art.PAPER, stroke=board_art.INK, width=0.4)),
            textfit.line(str(n), x, y + 1.45, "sans-black", 11, board_art.INK, "center")]


def _direction(road: _Road) -> list[Item]:
    """The way the race goes, on the verge under the road (as on the board's legend)."""
    x1 = road.x + road.width - 2.0
    x0 = x1 - 16.0
    barrier = board_art.BARRIER_MM * 0.6
    y = road.y + road.height - (road.verge_bottom * SQ - barrier) / 2
    return [polygon([(x0, y - 1.0), (x1 - 3.5, y - 1.0), (x1 - 3.5, y - 2.6), (x1, y), (x1 - 3.5, y + 2.6),
                     (x1 - 3.5, y + 1.0), (x0, y + 1.0)],
                    Style(fill=board_art.GREEN, stroke=board_art.DARK_GREEN, width=0.3))]


def _single_card(f: Figures, distance: int | None = None, rider: str | None = None):
    """A single-jersey movement card of the deck, of ``distance`` squares and ``rider``'s colour
    when there is one (else the nearest there is)."""
    deck = f.model.deck(f.model.facts.deck.deck)
    singles = [c for c in deck.cards if c.kind == "single" and c.distance
               and f.model.jersey(c.jerseys[0]).rider]
    if rider:
        singles = [c for c in singles if f.model.jersey(c.jerseys[0]).rider == rider] or singles
    if distance is not None:
        singles.sort(key=lambda c: (abs(c.distance - distance), -c.distance))
    return deck, singles[0]


def _with_card(f: Figures, deck_id: str, card_id: str, panels: list[Item], pw: float, ph: float,
               card_h: float | None = None) -> Scene:
    """The card at the left, as tall as the diagram (or ``card_h``, at the top), then the diagram."""
    sym, w, h = f.card(deck_id, card_id)
    s = (card_h or ph) / h
    items: list[Item] = [_placed_card(sym, w, h, PAD, PAD, s)]
    x = PAD + w * s + PANEL_GAP
    items.append(Group(tuple(panels), translate(x, PAD)))
    width = x + pw + PAD
    return Scene(width, ph + 2 * PAD, tuple(items), meta={"display_mm": min(165.0, width)})


def _move(f: Figures, arg: str) -> Scene:
    """A single card moves its rider exactly N squares: forward, back or sideways, never on a
    diagonal; on a narrow road a sideways move stops at the edge."""
    if arg:
        deck = f.model.deck(f.model.facts.deck.deck)
        card = next(c for c in deck.cards if c.id == arg and c.kind in ("single", "joker") and c.distance)
    else:
        deck, card = _single_card(f, 2)
    n = card.distance or 1
    jersey = f.model.jersey(card.jerseys[0])
    rider = jersey.rider or next(r.id for r in f.model.riders)
    lanes = 2 * n + 1 if n <= 2 else 3
    road = _Road(2 * n + 3, lanes)
    col, lane = n + 2, (lanes + 1) // 2
    items: list[Item] = road.draw()
    targets = [(col + n, lane), (col - n, lane)]
    for dl in (-n, n):
        stop = min(max(lane + dl, 1), lanes)   # stopped by the edge of the road
        if stop != lane:
            targets.append((col, stop))
    for c, ln in targets:
        items.append(road.fill(c, ln, HIGHLIGHT, 0.85))
    for dc in (-1, 1):
        for dl in (-1, 1):
            items += road.cross(col + dc, lane + dl, "#C9CDD2", 0.6)
    centre = road.centre(col, lane)
    for c, ln in targets:
        end = road.centre(c, ln)
        items += _arrow([_toward(end, centre, -SQ * 0.45), _toward(centre, end, SQ * 0.2)])
    items += _rider(road, f.rider_jersey(rider), col, lane)
    items += _direction(road)
    items.append(road.frame())
    return _with_card(f, deck.id, card.id, items, road.width, road.height)


@dataclass(frozen=True)
class PushCast:
    """Who is where in the ``push`` figure (the rulebook's caption names them)."""

    card: str
    mover: str
    pushed: str
    blockers: tuple[str, ...]
    columns: int
    start: tuple[int, int]
    target: tuple[int, int]
    taken: dict
    around: tuple[tuple[int, int], ...]
    off_road: int
    free: tuple[tuple[int, int], ...]
    chosen: tuple[int, int]


def push_cast(model: GameModel) -> PushCast:
    """The riders and squares of the ``push`` figure: a single card of distance 3 (or the
    nearest) brings its rider along the top lane onto another rider; two more riders stand
    beside the pushed one, and the verge takes three of its neighbours."""
    f = Figures(model, None)
    deck, card = _single_card(f, 3)
    n = card.distance or 1
    riders = [r.id for r in model.riders]
    mover = model.jersey(card.jerseys[0]).rider
    others = [r for r in riders if r != mover]
    pushed, beside, behind = others[0], others[1], others[2]
    cols, lanes = n + 3, 3
    start, target = (1, 1), (1 + n, 1)
    taken = {(target[0] + 1, 1): beside, (target[0], 2): behind}
    around = tuple((target[0] + dc, target[1] + dl) for dl in (-1, 0, 1) for dc in (-1, 0, 1)
                   if (dc, dl) != (0, 0))
    on_road = [sq for sq in around if 1 <= sq[0] <= cols and 1 <= sq[1] <= lanes]
    free = tuple(sq for sq in on_road if sq not in taken)
    chosen = next(sq for sq in free if sq[0] != target[0] and sq[1] != target[1])
    return PushCast(card.id, mover, pushed, (beside, behind), cols, start, target, taken, around,
                    len(around) - len(on_road), free, chosen)


def _push(f: Figures, arg: str) -> Scene:
    """Two panels. 1: a rider arrives on an occupied square; around the rider it lands on, the
    free squares are highlighted, the others are taken by riders or off the road. 2: after the
    move, the pushed rider stands on one of the free squares (a diagonal one)."""
    if arg:
        raise ValueError("push takes no argument")
    cast = push_cast(f.model)
    deck = f.model.deck(f.model.facts.deck.deck)
    mover, pushed = cast.mover, cast.pushed
    sym = {r.id: f.rider_jersey(r.id) for r in f.model.riders}
    road = _Road(cast.columns, 3, verge_top=1.0)
    start, target, taken, around, chosen = cast.start, cast.target, cast.taken, cast.around, cast.chosen

    def panel(after: bool) -> list[Item]:
        items: list[Item] = road.draw()
        for sq in around:
            if not road.on_road(*sq):
                items += road.cross(*sq)
            elif sq not in taken:
                items.append(road.fill(*sq, HIGHLIGHT, 0.85 if (not after or sq == chosen) else 0.3))
        # the eight squares around the pushed rider
        x, y = road.box(target[0] - 1, target[1] - 1)
        items.append(Rect(x, y, 3 * SQ, 3 * SQ, Style(stroke="#FFFFFF", width=0.6, dash=(2.0, 1.4))))
        for sq, r in taken.items():
            items += _rider(road, sym[r], *sq)
        if not after:
            items += _arrow([road.centre(*start), _toward(road.centre(*start), road.centre(*target), SQ * 0.5)],
                            dashed=True)
            items += _rider(road, sym[mover], *start)
            items += _rider(road, sym[pushed], *target)
        else:
            items += _rider(road, sym[mover], *start, ghost=True)
            a, b = road.centre(*target), road.centre(*chosen)
            items += _arrow([_toward(b, a, -SQ * 0.2), _toward(a, b, SQ * 0.38)], HIGHLIGHT, width=1.1)
            items += _rider(road, sym[mover], *target)
            items += _rider(road, sym[pushed], *chosen)
        items += _direction(road)
        items.append(road.frame())
        items += _badge(road.x + 4.2, road.y + 4.2, 2 if after else 1)
        return items

    # the two panels one above the other: the figure fits a column of a two-column page
    first = panel(False)
    second = [Group(tuple(panel(True)), translate(0, road.height + PANEL_GAP))]
    height = 2 * road.height + PANEL_GAP
    return _with_card(f, deck.id, cast.card, first + second, road.width, height, card_h=road.height)


def _pair(f: Figures, arg: str) -> Scene:
    """A two-jersey card: one of its riders jumps next to the other, in front, behind or beside
    it (never on a diagonal), wherever it was."""
    deck = f.model.deck(f.model.facts.deck.deck)
    if arg:
        card = next(c for c in deck.cards if c.id == arg and c.kind == "pair")
    else:
        card = next(c for c in deck.cards if c.kind == "pair"
                    and all(f.model.jersey(j).rider for j in c.jerseys))
    mover, fixed = (f.model.jersey(j).rider for j in card.jerseys[:2])
    road = _Road(7, 3)
    start, at = (1, 3), (5, 2)
    items: list[Item] = road.draw()
    orth = [(at[0] + 1, at[1]), (at[0] - 1, at[1]), (at[0], at[1] - 1), (at[0], at[1] + 1)]
    diag = [(at[0] + dc, at[1] + dl) for dc in (-1, 1) for dl in (-1, 1)]
    for sq in orth:
        items.append(road.fill(*sq, HIGHLIGHT, 0.85))
        items.append(road.dot(*sq))
    for sq in diag:
        items += road.cross(*sq, FORBIDDEN, 0.8)
    chosen = orth[0]
    a, b = road.centre(*start), road.centre(*chosen)
    mid = (b[0] - SQ * 1.5, min(a[1], b[1]) - SQ * 2.4)
    items += _curve_arrow(a, mid, b)
    items += _rider(road, f.rider_jersey(mover), *start, ghost=True)
    items += _rider(road, f.rider_jersey(fixed), *at)
    items += _rider(road, f.rider_jersey(mover), *chosen)
    items += _direction(road)
    items.append(road.frame())
    return _with_card(f, deck.id, card.id, items, road.width, road.height)


def _curve_arrow(a: tuple[float, float], via: tuple[float, float], b: tuple[float, float]) -> list[Item]:
    """A dashed jump from a to b, bending through ``via``: the rider is placed, not walked."""
    pts = []
    for i in range(21):
        t = i / 20
        pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * via[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * via[1] + t * t * b[1]))
    # start outside the rider's base, stop before the target's
    r = SQ * 0.48
    pts = [p for p in pts if math.dist(p, a) > r and math.dist(p, b) > r]
    return _arrow(pts, dashed=True)


FIGURES = {"move": _move, "push": _push, "pair": _pair}
