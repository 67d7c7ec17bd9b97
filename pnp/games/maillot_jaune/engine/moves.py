"""The legal moves of the rider to play.

A move is ``(column, lane, safe, risky, helped)``: the square the rider ends on (``lane`` 0 and the
stage's finish column for a move over the line), the extra squares it announces without risk and
with risk, and the punctured rider it helps (-1: none). Each step goes to a neighbouring square
straight ahead, ahead on a diagonal or to the side, never back; a square holds one rider. A move
announces exactly the extra squares it needs beyond the rider's stars (engine.announce), split in
every way the dial and the table allow. After a puncture the rider moves again, without breakaway.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from pnp.games.maillot_jaune.engine.data import EngineData
from pnp.games.maillot_jaune.engine.state import AFTER_PUNCTURE, RACING, State

Move = tuple[int, int, int, int, int]
STEPS = ((1, -1), (1, 0), (1, 1), (0, -1), (0, 1))


def stars(data: EngineData, st: State, rider: int) -> int:
    """Squares ``rider`` may move: its stars on the terrain of its square."""
    return data.stars_of(rider, st.col[rider])


def safe_max(data: EngineData, st: State, rider: int) -> int:
    """The most extra squares the rider's dial pays without risk."""
    if data.safe_cost <= 0:
        return data.stages[st.stage].finish - st.col[rider]
    return st.energy[rider] // data.safe_cost


def destinations(data: EngineData, st: State, rider: int, reach: int) -> list[tuple[int, int, int]]:
    """(column, lane, steps) of every square ``rider`` may end on within ``reach`` steps, its own
    square first (0 steps); a move over the line is one destination, (finish, 0, steps)."""
    if data.rules.passing == "around":
        return _around(data, st, rider, reach)
    c, lane = st.col[rider], st.lane[rider]
    limit = data.stages[st.stage].finish - c
    occ = st.occ
    squares = data.squares
    out = [(c, lane, 0)]
    append = out.append
    for dc, k, d in _offsets(data.lanes, lane, reach):
        if dc >= limit:
            append((c + limit, 0, limit))
            break
        sq = (c + dc, k)
        if sq in squares and sq not in occ:
            append((c + dc, k, d))
    return out


_OFFSETS: dict[tuple[int, int, int], tuple[tuple[int, int, int], ...]] = {}


def _offsets(lanes: int, lane: int, reach: int) -> tuple[tuple[int, int, int], ...]:
    """(columns ahead, lane, steps) of every square a rider in ``lane`` reaches within ``reach``
    steps on an empty road ``lanes`` wide, by column then lane, its own square left out."""
    key = (lanes, lane, reach)
    found = _OFFSETS.get(key)
    if found is None:
        found = tuple((dc, k, max(dc, abs(k - lane))) for dc in range(reach + 1) for k in range(1, lanes + 1)
                      if 0 < max(dc, abs(k - lane)) <= reach)
        _OFFSETS[key] = found
    return found


def _around(data: EngineData, st: State, rider: int, reach: int) -> list[tuple[int, int, int]]:
    """``destinations`` when every step must land on a free road square (engine.passing: around)."""
    c, lane = st.col[rider], st.lane[rider]
    finish = data.stages[st.stage].finish
    dist = {(c, lane): 0}
    todo = deque([(c, lane)])
    cross = None
    while todo:
        sq = todo.popleft()
        d = dist[sq]
        if d == reach:
            continue
        for dc, dk in STEPS:
            col, k = sq[0] + dc, sq[1] + dk
            if not 1 <= k <= data.lanes:
                continue
            if col >= finish:
                cross = d + 1 if cross is None else min(cross, d + 1)
                continue
            if (col, k) in dist or (col, k) in st.occ or (col, k) not in data.squares:
                continue
            dist[(col, k)] = d + 1
            todo.append((col, k))
    out = [(col, k, d) for (col, k), d in dist.items()]
    out.sort(key=lambda x: (x[2] > 0, x[0], x[1]))
    if cross is not None:
        out.append((finish, 0, cross))
    return out


class Moves(Sequence):
    """The legal moves of one decision, kept as groups: one per square reached, holding every split
    of its extra squares between safe and risky ones. ``groups`` are (column, lane, lowest safe,
    highest safe, extra squares, helped); a group's moves are ``(column, lane, safe, extra - safe,
    helped)`` for each safe count (``(column, lane, 0, 0, helped)`` when the stars suffice). The
    moves are made only when asked for: a random seat picks one index, a greedy one reads the
    groups (``policy.values``)."""

    __slots__ = ("groups", "n")

    def __init__(self, groups: list[tuple[int, int, int, int, int, int]], n: int | None = None) -> None:
        self.groups = groups
        self.n = n if n is not None else sum(g[3] - g[2] + 1 for g in groups)

    @classmethod
    def of(cls, move: Move) -> "Moves":
        """The one move ``move``, as a group."""
        col, lane, safe, risky, helped = move
        return cls([(col, lane, safe, safe, safe + risky, helped)], 1)

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        for col, lane, low, high, extra, helped in self.groups:
            size = high - low + 1
            if i < size:
                safe = low + i
                return (col, lane, safe, extra - safe if extra > 0 else 0, helped)
            i -= size
        raise IndexError(i)  # pragma: no cover - n counts the groups' moves

    def __iter__(self):
        for col, lane, low, high, extra, helped in self.groups:
            for safe in range(low, high + 1):
                yield (col, lane, safe, extra - safe if extra > 0 else 0, helped)

    def __repr__(self) -> str:
        return f"Moves({list(self)!r})"


def legal_moves(data: EngineData, st: State) -> Moves:
    """Every move of the rider to play (never empty: it may stay where it is)."""
    r = st.current
    s = stars(data, st, r)
    if st.phase == AFTER_PUNCTURE:
        found = destinations(data, st, r, st.budget)
        return Moves([(col, k, 0, 0, 0, -1) for col, k, _ in found], len(found))
    top = safe_max(data, st, r)
    risky = data.risky_max
    groups = []
    append = groups.append
    n = 0
    for col, k, d in destinations(data, st, r, s + top + risky):
        extra = d - s
        if extra <= 0:
            append((col, k, 0, 0, 0, -1))
            n += 1
        else:
            low = extra - risky if extra > risky else 0
            high = extra if extra < top else top
            append((col, k, low, high, extra, -1))
            n += high - low + 1
    if data.advanced:
        helps = _helps(data, st, r, groups)
        if helps:
            groups += helps
            n = None
    return Moves(groups, n)


def _helps(data: EngineData, st: State, rider: int, groups: list) -> list:
    """The same moves again, ending beside a punctured rider, with the help given (advanced rules)."""
    waiting = [p for p, m in enumerate(st.miss) if m > 0 and p != rider and st.status[p] == RACING]
    if not waiting:
        return []
    around = data.rules.help_square == "around"
    out = []
    for g in groups:
        col, k = g[0], g[1]
        if k == 0:
            continue
        for p in waiting:
            dc, dk = abs(st.col[p] - col), abs(st.lane[p] - k)
            if (dc == 0 and dk == 1) or (around and max(dc, dk) == 1):
                out.append((*g[:5], p))
    return out
