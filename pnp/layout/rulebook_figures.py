"""Figures of a rulebook, drawn from the real components: ``figure_scene(model, ref)``.

A rulebook template names its figures with refs (``![caption](fig:REF)``). Every figure is a
scene in millimetres, drawn by the same code as the kit (card faces, the board, jerseys, tokens,
standees), so what a player reads about is what they have printed. Refs:

- ``card:DECK/CARD``               one card face, trimmed (no bleed), with rounded corners;
- ``cards:DECK/C1,C2,...``         a row of cards of one deck;
- ``board:SIDE``                   a whole side of the board;
- ``board:SIDE:C1-C2``             columns C1 to C2 of a side, cropped to the road and its verges
                                   (a window that starts at column 1 or ends at the last column
                                   runs on to the edge of the board: the run-out and the podium);
- ``jersey:ID``, ``jersey:ID+RIDER``  a jersey; ``+RIDER`` wears it over that rider's colour;
- ``jerseys:A,B+RIDER,...``        a row of jerseys;
- ``token:ID``, ``tokens:A,B,...`` point tokens, as cut out round;
- ``standee:ID``, ``standees:A,B`` the front of rider standees (the figure swap);
- ``move`` / ``move:CARD``         a single-jersey card and where it takes its rider;
- ``push``                         a rider pushed off its square, and the squares it may go to;
- ``pair``                         a two-jersey card and where the moved rider may land.

The diagrams (move, push, pair) are drawn on a small road in the colours of the board, with the
riders' jerseys. They carry no words: captions and explanations are the rulebook's text, so a
translation never has to touch a figure. An unknown ref raises KeyError.

Every scene's ``meta`` has ``ref``, ``kind`` and ``display_mm``: the width (mm) the figure is
meant to take on a rulebook page (the renderer scales the scene to it, or to the text width
when that is narrower).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from pnp.layout import board as board_art
from pnp.layout import jersey as jersey_art
from pnp.layout.scene import (Circle, Group, Item, Line, Path, Rect, Scene, Style, Symbol, Use, compose,
                              polygon, scale, translate)
from pnp.layout.templates import Texts
from pnp.model.game_model import GameModel

CARD_GAP = 5.0
CARD_RADIUS = 3.0
CARD_EDGE = Style(stroke="#9A9EA5", width=0.3)
PAD = 0.6
"""Room around a figure for the outlines drawn on its edges."""

# diagrams
SQ = 12.0
HIGHLIGHT = "#3FBF6A"
FORBIDDEN = "#E04848"
ARROW = "#FFFFFF"
PANEL_GAP = 8.0

REF = re.compile(r"fig:([^)\s]+)")
"""A figure ref in the Markdown of a rulebook: ``![caption](fig:REF)``."""


def figure_refs(markdown: str) -> list[str]:
    """The figure refs used in ``markdown``, in order, each once."""
    return list(dict.fromkeys(REF.findall(markdown)))


def figure_scene(model: GameModel, ref: str, texts: Texts | None = None) -> Scene:
    """The scene of figure ``ref`` (see the module docstring); KeyError when ``ref`` is unknown.

    ``texts`` are the card texts to draw card faces with (a translated set for a translated
    rulebook); by default the game's own card template.
    """
    from pnp.layout.figures import game_figures

    kind, _, arg = ref.partition(":")
    own = game_figures(model)
    maker = _MAKERS.get(kind)
    if maker is None and kind not in own:
        raise KeyError(f"unknown figure '{ref}': use one of {', '.join(sorted({*_MAKERS, *own}))}")
    figures = _Figures(model, texts)
    try:
        scene = maker(figures, arg) if maker is not None else own[kind](model, arg, texts)
    except (StopIteration, ValueError, IndexError) as exc:
        raise KeyError(f"figure '{ref}': {exc or 'not found in the game'}") from None
    meta = {"ref": ref, "kind": kind, **scene.meta}
    meta.setdefault("display_mm", scene.width)
    meta.setdefault("figure_width", meta["display_mm"])
    return Scene(scene.width, scene.height, scene.items, label=f"figure {ref}", meta=meta)


# --- the components, as the kit draws them

@dataclass
class _Figures:
    model: GameModel
    texts: Texts | None
    _ctx: dict = field(default_factory=dict)

    def card_texts(self) -> Texts:
        if self.texts is None:
            from pnp.layout.templates import card_texts

            self.texts = card_texts(self.model)
        return self.texts

    def context(self, size):
        """A card context with no bleed: the figure shows the card as it is once cut."""
        from pnp.layout.faces.common import CardContext

        if size not in self._ctx:
            self._ctx[size] = CardContext(self.model, size, 0.0, self.card_texts())
        return self._ctx[size]

    def jersey(self, spec: str) -> Symbol:
        """``ID`` or ``ID+RIDER`` (the jersey worn over that rider's colour)."""
        from pnp.layout.faces.common import CardContext

        jersey_id, _, over = spec.partition("+")
        self.model.jersey(jersey_id)
        if over:
            self.model.rider(over)
        ctx = CardContext(self.model, None, 0.0, None)  # type: ignore[arg-type]
        return ctx.jersey(jersey_id, over)

    def rider_jersey(self, rider_id: str) -> Symbol:
        """The jersey that stands for ``rider_id`` on the cards."""
        return self.jersey(next(j.id for j in self.model.jerseys if j.rider == rider_id))

    def card(self, deck_id: str, card_id: str) -> tuple[Symbol, float, float]:
        """A card face as a symbol, trimmed, with the face code of its deck."""
        from pnp.layout.cards import as_symbol, card_size_of, face_items

        deck = self.model.deck(deck_id)
        card = next(c for c in deck.cards if c.id == card_id)
        ctx = self.context(card_size_of(self.model, deck, None))
        items = face_items(ctx, deck, card)
        return as_symbol(f"{self.model.id}-figure-{deck.id}-{card.id}", ctx, items), ctx.w, ctx.h


def _rounded(x: float, y: float, w: float, h: float, r: float) -> Path:
    """A rectangle with round corners, as a path (to clip a card to its cut shape)."""
    k = r * 0.5523
    return Path((("M", x + r, y), ("L", x + w - r, y), ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r),
                 ("L", x + w, y + h - r), ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
                 ("L", x + r, y + h), ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r),
                 ("L", x, y + r), ("C", x, y + r - k, x + r - k, y, x + r, y), ("Z",)), Style())


def _circle_path(cx: float, cy: float, r: float) -> Path:
    k = r * 0.5523
    return Path((("M", cx + r, cy), ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
                 ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
                 ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
                 ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy), ("Z",)), Style())


def _placed_card(sym: Symbol, w: float, h: float, x: float, y: float, s: float = 1.0) -> Item:
    """A card at (x, y), ``s`` times its size, cut with round corners and a thin edge."""
    body = Group((Use(sym),), clip=_rounded(0, 0, w, h, CARD_RADIUS))
    edge = Rect(0, 0, w, h, CARD_EDGE, radius=CARD_RADIUS)
    return Group((body, edge), compose(translate(x, y), scale(s)))


def _row(scenes: list[tuple[Item, float, float]], gap: float) -> tuple[list[Item], float, float]:
    """Items of equal-height pieces side by side, centred vertically; (items, width, height)."""
    height = max(h for _, _, h in scenes)
    x, items = PAD, []
    for item, w, h in scenes:
        items.append(Group((item,), translate(x, PAD + (height - h) / 2)))
        x += w + gap
    return items, x - gap + PAD, height + 2 * PAD


def _split_list(arg: str) -> list[str]:
    names = [a.strip() for a in arg.split(",") if a.strip()]
    if not names:
        raise ValueError("nothing named")
    return names


def _cards(f: _Figures, arg: str) -> Scene:
    deck_id, sep, ids = arg.partition("/")
    if not sep:
        raise ValueError("write DECK/CARD")
    pieces = []
    for card_id in _split_list(ids):
        sym, w, h = f.card(deck_id, card_id)
        pieces.append((_placed_card(sym, w, h, 0, 0), w, h))
    items, w, h = _row(pieces, CARD_GAP)
    n = len(pieces)
    # a card is shown at about half its size (a row takes the width of the text)
    display = min(w, n * 38.0 + (n - 1) * 3.0)
    return Scene(w, h, tuple(items), meta={"display_mm": display, "cards": n})


def _card(f: _Figures, arg: str) -> Scene:
    if "," in arg:
        raise ValueError("one card only: use cards:DECK/C1,C2")
    return _cards(f, arg)


def _jerseys(f: _Figures, arg: str) -> Scene:
    size = 30.0
    pieces = [(jersey_art.place(f.jersey(spec), 0, 0, size), size, size) for spec in _split_list(arg)]
    items, w, h = _row(pieces, 6.0)
    return Scene(w, h, tuple(items), meta={"display_mm": min(w, 22.0 * len(pieces) + 4.0 * (len(pieces) - 1))})


def _jersey(f: _Figures, arg: str) -> Scene:
    if "," in arg:
        raise ValueError("one jersey only: use jerseys:A,B")
    return _jerseys(f, arg)


def _tokens(f: _Figures, arg: str) -> Scene:
    from pnp.layout.cards import as_symbol
    from pnp.layout.kit import TOKEN_MM
    from pnp.layout.paper import Size
    from pnp.layout.tokens import token_face

    pieces = []
    for token_id in _split_list(arg):
        token = next(t for t in f.model.tokens if t.id == token_id)
        d = token.size_mm or TOKEN_MM
        ctx = f.context(Size("token", d, d))
        sym = as_symbol(f"{f.model.id}-figure-token-{token.id}", ctx, token_face(ctx, token))
        r = d / 2
        body = Group((Use(sym),), clip=_circle_path(r, r, r))
        edge = Circle(r, r, r, Style(stroke="#5E6168", width=0.3))
        pieces.append((Group((body, edge)), d, d))
    items, w, h = _row(pieces, 5.0)
    n = len(pieces)
    return Scene(w, h, tuple(items), meta={"display_mm": min(w, n * 17.0 + (n - 1) * 3.0)})


def _standees(f: _Figures, arg: str) -> Scene:
    from pnp.layout.standees import PANEL_H, PANEL_W, STRIP, _panel

    ctx = f.context(STRIP)
    pieces = []
    for standee_id in _split_list(arg):
        standee = next(s for s in f.model.standees if s.id == standee_id)
        art = Group((Group(tuple(_panel(ctx, standee)), clip=Rect(0, 0, PANEL_W, PANEL_H, Style())),
                     Rect(0, 0, PANEL_W, PANEL_H, CARD_EDGE)))
        pieces.append((art, PANEL_W, PANEL_H))
    items, w, h = _row(pieces, 6.0)
    n = len(pieces)
    return Scene(w, h, tuple(items), meta={"display_mm": min(w, n * 20.0 + (n - 1) * 5.0)})


# --- the board

def _board(f: _Figures, arg: str) -> Scene:
    side_id, _, window = arg.partition(":")
    side = next(s for b in f.model.boards for s in b.sides if s.id == side_id)
    from pnp.layout.boards import board_scene

    full = board_scene(f.model, side, bleed=0.0)
    bw, bh = full.meta["size_mm"]
    if not window:
        return Scene(bw, bh, full.items, meta={"display_mm": 170.0, "side": side.id})
    m = re.fullmatch(r"(\d+)-(\d+)", window)
    if not m:
        raise ValueError("write board:SIDE:C1-C2")
    c1, c2 = int(m.group(1)), int(m.group(2))
    if not 1 <= c1 <= c2 <= side.columns:
        raise ValueError(f"side {side.id} has columns 1 to {side.columns}")
    x0 = 0.0 if c1 == 1 else side.x_mm(c1)
    x1 = bw if c2 == side.columns else side.x_mm(c2 + 1)
    lanes = [lane for c in range(c1, c2 + 1) for lane in side.road_lanes(c)] or [1, side.lanes]
    # the road with the signs and distance marks on its verges
    margin = board_art.BARRIER_MM + 2 * board_art.BADGE_R + 3.2 + 13.0
    y0 = max(0.0, side.y_mm(min(lanes)) - margin)
    y1 = min(bh, side.y_mm(max(lanes) + 1) + margin)
    if c2 == side.columns:
        # the podium after the road
        for area in side.areas_of("tokens"):
            y0, y1 = min(y0, area.y - 4.0), max(y1, area.y + area.h + 4.0)
    w, h = x1 - x0, y1 - y0
    window_items = Group(full.items, translate(-x0, -y0), clip=Rect(x0, y0, w, h, Style()))
    return Scene(w, h, (window_items,), meta={"display_mm": min(170.0, w * 0.62), "side": side.id,
                                              "columns": (c1, c2)})


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


def _single_card(f: _Figures, distance: int | None = None, rider: str | None = None):
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


def _with_card(f: _Figures, deck_id: str, card_id: str, panels: list[Item], pw: float, ph: float,
               card_h: float | None = None) -> Scene:
    """The card at the left, as tall as the diagram (or ``card_h``, at the top), then the diagram."""
    sym, w, h = f.card(deck_id, card_id)
    s = (card_h or ph) / h
    items: list[Item] = [_placed_card(sym, w, h, PAD, PAD, s)]
    x = PAD + w * s + PANEL_GAP
    items.append(Group(tuple(panels), translate(x, PAD)))
    width = x + pw + PAD
    return Scene(width, ph + 2 * PAD, tuple(items), meta={"display_mm": min(165.0, width)})


def _move(f: _Figures, arg: str) -> Scene:
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
    f = _Figures(model, None)
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


def _push(f: _Figures, arg: str) -> Scene:
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


def _pair(f: _Figures, arg: str) -> Scene:
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


_MAKERS = {
    "card": _card,
    "cards": _cards,
    "board": _board,
    "jersey": _jersey,
    "jerseys": _jerseys,
    "token": _tokens,
    "tokens": _tokens,
    "standee": _standees,
    "standees": _standees,
    "move": _move,
    "push": _push,
    "pair": _pair,
}
