"""Where a large piece may be cut into tiles: the features a seam should not run through.

A board layout knows its features (squares, start squares, lines across the road, labels, panels);
it lists them as :class:`Keep` rectangles, each with the cost of a seam through it, in
:class:`SeamHints` that it puts in its scene's ``meta["seams"]``. The tiler (pnp.layout.tiling)
then chooses, for each column and row of tiles, the seam of least cost that the paper allows:
a seam that runs along the edge of a square costs nothing, one through a start square costs
more than any other cut. A piece without hints is cut evenly.

Everything is in mm from the top-left corner of the piece's trim box; a vertical seam at x runs
the piece's whole height (axis 0), a horizontal seam at y its whole width (axis 1).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate

from pnp.layout.fonts import PT
from pnp.layout.scene import IDENTITY, Affine, Circle, Group, Item, Line, Path, Rect, Text, Use, apply, compose

# What a seam through a feature costs. A seam along a square's edge costs nothing; through the
# square it costs SQUARE; through a start square, more than any other cut could.
PANEL = 3.0       # the blank part of a panel (title, legend, a table for tokens)
SQUARE = 30.0     # a space of the track
LABEL = 40.0      # a word, a number, an icon, a sign
LINE = 50.0       # a line across the track (start, finish, 300 m...)
START = 1000.0    # a start square
TOL = 0.05        # a seam this close to a feature's edge runs along the edge

Box = tuple[float, float, float, float]
"""(x0, y0, x1, y1) in mm."""


@dataclass(frozen=True)
class Keep:
    """A rectangle of the piece that a seam should not run through, and what that costs."""

    x: float
    y: float
    w: float
    h: float
    weight: float
    what: str = ""
    """What it is, for messages and tests: "square", "start", "line", "label", "panel"."""

    def span(self, axis: int) -> tuple[float, float]:
        """Where the rectangle starts and ends across a seam of ``axis`` (0: x, 1: y)."""
        return (self.x, self.x + self.w) if axis == 0 else (self.y, self.y + self.h)

    def crossed(self, axis: int, pos: float) -> bool:
        """Whether a seam of ``axis`` at ``pos`` runs through the inside of the rectangle."""
        lo, hi = self.span(axis)
        return lo + TOL < pos < hi - TOL


@dataclass(frozen=True)
class SeamHints:
    """The features of a piece that seams should keep out of."""

    keep: tuple[Keep, ...] = ()

    def cost(self, axis: int, pos: float) -> float:
        """What a seam of ``axis`` at ``pos`` costs: the weights of the features it runs through."""
        starts, start_sums, ends, end_sums = self._sweep[axis]
        # features crossed: those starting before pos, less those (all of which started) ending by pos
        return start_sums[bisect_left(starts, pos)] - end_sums[bisect_right(ends, pos)]

    @cached_property
    def _sweep(self) -> tuple[tuple[list[float], list[float], list[float], list[float]], ...]:
        """Per axis: the inner starts and ends of the features (a seam must pass strictly between
        them to cross), each sorted, with the running sums of their weights."""
        out = []
        for axis in (0, 1):
            spans = [(lo + TOL, hi - TOL, k.weight) for k in self.keep for lo, hi in [k.span(axis)]
                     if lo + TOL < hi - TOL]
            starts = sorted((a, w) for a, _, w in spans)
            ends = sorted((b, w) for _, b, w in spans)
            out.append(([a for a, _ in starts], list(accumulate((w for _, w in starts), initial=0.0)),
                        [b for b, _ in ends], list(accumulate((w for _, w in ends), initial=0.0))))
        return tuple(out)

    def crossed(self, axis: int, pos: float) -> list[Keep]:
        return [k for k in self.keep if k.crossed(axis, pos)]

    def edges(self, axis: int) -> list[float]:
        """Every edge of a feature across ``axis``, sorted: where a seam can run along one."""
        return self._edges[axis]

    @cached_property
    def _edges(self) -> tuple[list[float], list[float]]:
        return tuple(sorted({v for k in self.keep for v in k.span(axis)}) for axis in (0, 1))

    @cached_property
    def plans(self) -> dict[tuple, "Cuts | None"]:
        """The cuts already chosen for these hints, by the arguments of :func:`choose_cuts`."""
        return {}


def hints_of(meta: dict) -> SeamHints:
    """The hints a scene carries (none: an even split)."""
    hints = meta.get("seams")
    return hints if isinstance(hints, SeamHints) else SeamHints()


# --- features from drawn items

def bounds(item: Item, t: Affine = IDENTITY) -> Box | None:
    """The box of what ``item`` draws under ``t`` (glyphs by their ascent and descent; a stroke
    by half its width; a group without its clip), or None for an empty group."""
    if isinstance(item, Group):
        inner = compose(t, item.transform)
        return _union(bounds(i, inner) for i in item.items)
    if isinstance(item, Use):
        s = item.symbol
        return _box_of(compose(t, item.transform), [(0, 0), (s.width, 0), (0, s.height), (s.width, s.height)])
    if isinstance(item, Text):
        up, down = 0.75 * item.size * PT, 0.25 * item.size * PT
        pts = [(item.x, item.y - up), (item.x + item.width, item.y - up), (item.x, item.y + down),
               (item.x + item.width, item.y + down)]
        return _box_of(t, pts)
    pts, pad = _points(item)
    box = _box_of(t, pts)
    return (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad) if box else None


def _points(item: Item) -> tuple[list[tuple[float, float]], float]:
    """The points that bound a shape, and how far its stroke reaches beyond them."""
    style = getattr(item, "style", None)
    pad = style.width / 2 if style is not None and style.stroke else 0.0
    if isinstance(item, Rect):
        return [(item.x, item.y), (item.x + item.w, item.y), (item.x, item.y + item.h),
                (item.x + item.w, item.y + item.h)], pad
    if isinstance(item, Circle):
        r = item.r
        return [(item.cx - r, item.cy - r), (item.cx + r, item.cy - r), (item.cx - r, item.cy + r),
                (item.cx + r, item.cy + r)], pad
    if isinstance(item, Line):
        return [(item.x1, item.y1), (item.x2, item.y2)], item.style.width / 2
    if isinstance(item, Path):
        pts = [(c[i], c[i + 1]) for c in item.commands for i in range(1, len(c) - 1, 2)]
        return pts, pad
    if all(hasattr(item, a) for a in ("x", "y", "w", "h")):  # a picture over its box
        return [(item.x, item.y), (item.x + item.w, item.y + item.h)], 0.0
    return [], 0.0


def _box_of(t: Affine, pts: list[tuple[float, float]]) -> Box | None:
    if not pts:
        return None
    moved = [apply(t, x, y) for x, y in pts]
    xs, ys = [p[0] for p in moved], [p[1] for p in moved]
    return min(xs), min(ys), max(xs), max(ys)


def _union(boxes: Iterable[Box | None]) -> Box | None:
    found = [b for b in boxes if b is not None]
    if not found:
        return None
    return (min(b[0] for b in found), min(b[1] for b in found), max(b[2] for b in found),
            max(b[3] for b in found))


def keep_box(box: Box | tuple[float, float, float, float], weight: float, what: str, *, xywh: bool = False) -> Keep:
    """A feature from a box (x0, y0, x1, y1), or (x, y, w, h) with ``xywh``."""
    x, y, a, b = box
    return Keep(x, y, a, b, weight, what) if xywh else Keep(x, y, a - x, b - y, weight, what)


def item_keeps(items: Iterable[Item], weight: float, what: str, t: Affine = IDENTITY,
               within: tuple[float, float, float, float] | None = None) -> list[Keep]:
    """One feature per drawn item (a word, an icon, a sign). Given the panel ``within`` (x, y, w, h)
    they sit on, the panel itself is a feature (PANEL), and items that run across most of it (its
    background, its shadow, a coloured band, a rule) are part of the panel, not features of their own."""
    out: list[Keep] = []
    if within:
        out.append(keep_box(within, PANEL, "panel", xywh=True))
    for item in items:
        box = bounds(item, t)
        if box is None or box[2] - box[0] <= 0 or box[3] - box[1] <= 0:
            continue
        if within and (box[2] - box[0] >= 0.9 * within[2] or box[3] - box[1] >= 0.9 * within[3]):
            continue
        out.append(keep_box(box, weight, what))
    return out


# --- choosing the seams of one axis

@dataclass(frozen=True)
class Cuts:
    """Where the tiles of one axis start (the first at 0), what their seams cost, and how far
    they are from an even split (to break ties)."""

    starts: tuple[float, ...]
    cost: float
    spread: float


EVEN = 1e-4  # cost of a mm² away from the even split: breaks ties, never outweighs a feature


def choose_cuts(length: float, limits: list[float], overlap: float, hints: SeamHints, axis: int,
                least: float) -> Cuts | None:
    """The starts of ``len(limits)`` tiles that cover ``length`` mm, tile i at most ``limits[i]`` long
    (its overlap strip included) and showing at least ``least`` mm of its own, whose seams cost least;
    None when the tiles cannot cover the length."""
    key = (length, tuple(limits), overlap, axis, least)
    if key not in hints.plans:
        hints.plans[key] = _choose_cuts(length, limits, overlap, hints, axis, least)
    return hints.plans[key]


def _choose_cuts(length: float, limits: list[float], overlap: float, hints: SeamHints, axis: int,
                 least: float) -> Cuts | None:
    n = len(limits)
    if n == 1:
        return Cuts((0.0,), 0.0, 0.0) if length <= limits[0] + 1e-9 else None
    even = (length + (n - 1) * overlap) / n
    ideal = [i * (even - overlap) for i in range(n)]
    ranges = _ranges(length, limits, overlap, least)
    if ranges is None:
        return None
    edges = hints.edges(axis)
    # layer i: start of tile i -> (cost, spread, start of tile i - 1), the best way to get there
    layers: list[dict[float, tuple[float, float, float | None]]] = [{0.0: (0.0, 0.0, None)}]
    for i in range(1, n):
        here = [(p, hints.cost(axis, p), EVEN * (p - ideal[i]) ** 2)
                for p in _candidates(*ranges[i], ideal[i], edges)]
        layers.append(_step(layers[-1], here, limits[i - 1] - overlap, least))
    ends = [(c, s, p) for p, (c, s, _) in layers[-1].items()
            if length - p <= limits[-1] + 1e-9 and length - p >= least - 1e-9]
    if not ends:
        return None
    cost, spread, p = min(ends)
    starts = [p]
    for layer in reversed(layers[1:]):
        p = layer[p][2]
        starts.append(p)
    return Cuts(tuple(reversed(starts)), cost, spread)


def _step(before: dict[float, tuple[float, float, float | None]], here: list[tuple[float, float, float]],
          reach: float, least: float) -> dict[float, tuple[float, float, float | None]]:
    """The best way to each start ``p`` of ``here`` (with its own cost and spread) from a start ``q``
    of ``before`` with ``least`` <= p - q <= ``reach``: a minimum over a window sliding with p."""
    from collections import deque

    qs = sorted(before.items())
    window: deque[tuple[float, float, float]] = deque()  # (q, cost, spread), best first
    nxt, out = 0, {}
    for p, cost, spread in here:
        while nxt < len(qs) and qs[nxt][0] <= p - least + 1e-9:
            q, (qc, qsp, _) = qs[nxt]
            while window and window[-1][1:] >= (qc, qsp):
                window.pop()
            window.append((q, qc, qsp))
            nxt += 1
        while window and window[0][0] < p - reach - 1e-9:
            window.popleft()
        if window:
            q, qc, qsp = window[0]
            out[p] = (qc + cost, qsp + spread, q)
    return out


def _ranges(length: float, limits: list[float], overlap: float, least: float
            ) -> list[tuple[float, float]] | None:
    """For each tile, the first and last place its start can be."""
    n = len(limits)
    out = [(0.0, 0.0)]
    for i in range(1, n):
        hi = sum(limits[j] - overlap for j in range(i))
        lo = max(i * least, length - sum(limits[j] for j in range(i, n)) + (n - 1 - i) * overlap)
        hi = min(hi, length - (n - i) * least)
        if lo > hi + 1e-9:
            return None
        out.append((lo, hi))
    return out


def _candidates(lo: float, hi: float, ideal: float, edges: list[float]) -> list[float]:
    """Where a seam between ``lo`` and ``hi`` is worth trying: every feature edge, one place in
    each gap between edges (the nearest to the even split), and the ends."""
    inside = [e for e in edges if lo <= e <= hi]
    points = {lo, hi, min(hi, max(lo, ideal)), *inside}
    bounds_ = [lo, *inside, hi]
    for a, b in zip(bounds_, bounds_[1:]):
        if b - a > 2 * TOL:
            points.add(min(b - TOL * 2, max(a + TOL * 2, ideal)))
            points.add((a + b) / 2)
    return sorted(round(p, 6) for p in points)
