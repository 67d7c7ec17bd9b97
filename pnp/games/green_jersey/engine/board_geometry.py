"""The geometry of one board side, precomputed for play: squares as small integers and tables.

A square (column, lane) of a ``BoardSide`` becomes the index ``(column - 1) * lanes + lane - 1``.
Everything the rules ask about a square is looked up, never recomputed during play:

- ``road``: the square is road (a rider may stand on it);
- ``crossed``: it lies past the 300 m line (a rider there can never be moved back over it);
- ``finish``: it lies past the finish line (a rider there has finished and never moves again);
- ``dest[n][sq]``: where a straight move of exactly ``n`` squares forward, back, left or right ends,
  stopped early at the road edge and, for a rider past the 300 m line, at the line. A direction
  that is blocked at once gives no destination (``blocked[n][sq]`` says that one was);
- ``push[sq]``: the squares among the 8 around ``sq`` where a rider standing on ``sq`` may be
  pushed (road; past the 300 m line if ``sq`` is); ``push_short[sq]``: the same, less the squares
  past the finish line (for ``engine.push_across_finish: forbidden``);
- ``orth[sq]``: the road squares in front of, behind, left and right of ``sq`` (two-jersey cards).

"Forward" is towards the finish (higher columns); "left" is towards lane 1, the rider's left when
facing the finish on a board drawn with lane 1 at the top.
"""

from __future__ import annotations

from pnp.model.boards import BoardSide

PELOTON = "peloton"
LINE_300 = "300m"
FINISH = "finish"

DIRECTIONS = (("forward", 1, 0), ("back", -1, 0), ("left", 0, -1), ("right", 0, 1))
AROUND = tuple((dc, dl) for dc in (-1, 0, 1) for dl in (-1, 0, 1) if (dc, dl) != (0, 0))


class GeometryError(ValueError):
    """The board side lacks something the engine needs (a finish line, peloton squares)."""


class Geometry:
    """Lookup tables of one board side (plain lists and tuples: cheap to pickle and to read)."""

    def __init__(self, side: BoardSide, distances: tuple[int, ...] = (1, 2, 3),
                 push_across_finish: bool = True) -> None:
        self.side_id = side.id
        self.side_name = side.name
        self.columns = side.columns
        self.lanes = side.lanes
        self.size = side.columns * side.lanes
        line = side.line(LINE_300)
        finish = side.line(FINISH)
        if finish is None:
            raise GeometryError(f"board side '{side.id}' has no finish line: the engine cannot tell who finished")
        self.line300 = line.column if line is not None else None
        self.finish_column = finish.column
        n = self.size
        self.col = [0] * n
        self.lane = [0] * n
        for c in range(1, self.columns + 1):
            for ln in range(1, self.lanes + 1):
                i = self.index(c, ln)
                self.col[i], self.lane[i] = c, ln
        self.road = [side.is_road(self.col[i], self.lane[i]) for i in range(n)]
        self.crossed = [self.line300 is not None and self.col[i] >= self.line300 for i in range(n)]
        self.finish = [self.col[i] >= self.finish_column for i in range(n)]
        self.dest: dict[int, list[tuple[int, ...]]] = {}
        self.blocked: dict[int, list[bool]] = {}
        for d in sorted(set(distances)):
            if d < 1:
                continue
            self.dest[d], self.blocked[d] = [], []
            for i in range(n):
                ends, stuck = [], False
                if self.road[i]:
                    for _, dc, dl in DIRECTIONS:
                        end = self._walk(i, dc, dl, d)
                        if end == i:
                            stuck = True
                        else:
                            ends.append(end)
                self.dest[d].append(tuple(ends))
                self.blocked[d].append(stuck)
        self.orth = [tuple(self._near(i, ((dc, dl) for _, dc, dl in DIRECTIONS))) if self.road[i] else ()
                     for i in range(n)]
        self.push = []
        self.push_short = []
        for i in range(n):
            around = self._near(i, AROUND) if self.road[i] else []
            if self.crossed[i]:
                around = [t for t in around if self.crossed[t]]
            self.push.append(tuple(around))
            self.push_short.append(tuple(t for t in around if self.finish[i] or not self.finish[t]))
        if not push_across_finish:
            self.push = self.push_short
        marks = side.marks(PELOTON)
        self.peloton = [self.index(m.column, m.lane) for m in marks]
        self.peloton_numbers = [m.number for m in marks]

    # --- squares

    def index(self, column: int, lane: int) -> int:
        return (column - 1) * self.lanes + (lane - 1)

    def square(self, index: int) -> tuple[int, int]:
        """(column, lane) of a square index."""
        return self.col[index], self.lane[index]

    def on_grid(self, column: int, lane: int) -> bool:
        return 1 <= column <= self.columns and 1 <= lane <= self.lanes

    def is_road(self, column: int, lane: int) -> bool:
        return self.on_grid(column, lane) and self.road[self.index(column, lane)]

    def to_finish(self, index: int) -> int:
        """Squares a rider on ``index`` must still go forward to cross the finish (0 once over)."""
        return max(0, self.finish_column - self.col[index])

    # --- building the tables

    def _walk(self, start: int, dc: int, dl: int, steps: int) -> int:
        """Where a straight move of ``steps`` squares from ``start`` ends: passing through riders,
        stopped at the road edge, and, once past the 300 m line, stopped at the line."""
        c, ln = self.col[start], self.lane[start]
        past = self.crossed[start]
        for _ in range(steps):
            nc, nl = c + dc, ln + dl
            if not self.is_road(nc, nl):
                break
            if past and not self.crossed[self.index(nc, nl)]:
                break
            c, ln = nc, nl
        return self.index(c, ln)

    def _near(self, i: int, offsets) -> list[int]:
        c, ln = self.col[i], self.lane[i]
        return [self.index(c + dc, ln + dl) for dc, dl in offsets if self.is_road(c + dc, ln + dl)]
