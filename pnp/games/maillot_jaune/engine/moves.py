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
from typing import Any

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
    if data.around:
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

    def __init__(self, groups: Sequence[tuple[int, int, int, int, int, int]], n: int | None = None) -> None:
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
        for group in self.groups:
            size = group[3] - group[2] + 1
            if i < size:
                col, lane, low, _high, extra, helped = group
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


def legal_moves(data: EngineData, st: State, cache: dict | None = None) -> Moves:
    """Every move of the rider to play (never empty: it may stay where it is). ``cache``: a dict
    the caller keeps across decisions, where the groups of a square on an empty road are kept
    (``_groups``; the moves are the same without it)."""
    r = st.current
    c, lane = st.col[r], st.lane[r]
    s = data.stars_of(r, c)
    if st.phase == AFTER_PUNCTURE:
        reach = destinations(data, st, r, st.budget)
        return Moves([(col, k, 0, 0, 0, -1) for col, k, _ in reach], len(reach))
    top = safe_max(data, st, r)
    groups: Any   # the groups of an empty road (a tuple, kept in the cache) or of this decision (a list)
    n: int | None
    if data.around:   # the squares a rider reaches depend on the others on the way
        groups, n = _free_groups(data, st, r, s, top)
    else:
        key = (st.stage, c, lane, s, top)
        found = cache.get(key) if cache is not None else None
        if found is None:
            found = _groups(data, st.stage, c, lane, s, top)
            if cache is not None:
                cache[key] = found
        groups, n, index, sizes = found
        # the few squares taken within reach come out of the groups of an empty road
        within = index.keys() & st.occ.keys()
        if within:
            taken = sorted([index[sq] for sq in within])
            first = taken[0]
            free, start = groups[:first], first + 1
            n -= sizes[first]
            for i in taken[1:]:
                free += groups[start:i]
                start = i + 1
                n -= sizes[i]
            groups = free + groups[start:]
    if data.advanced and any(st.miss):
        helps = _helps(data, st, r, groups)
        if helps:
            groups = (*groups, *helps)
            n = None
    return Moves(groups, n)


def _group(col: int, k: int, d: int, s: int, top: int, risky: int) -> tuple[tuple, int]:
    """The group of moves ending on (``col``, ``k``) ``d`` steps away for a rider of ``s`` stars who
    may pay ``top`` safe squares, and how many moves it holds (see ``Moves``)."""
    extra = d - s
    if extra <= 0:
        return (col, k, 0, 0, 0, -1), 1
    low = extra - risky if extra > risky else 0
    high = extra if extra < top else top
    return (col, k, low, high, extra, -1), high - low + 1


def _groups(data: EngineData, stage: int, c: int, lane: int, s: int, top: int) -> tuple:
    """The groups of a rider on (``c``, ``lane``) in ``stage`` with ``s`` stars and ``top`` safe
    squares, as ``destinations`` finds them on an empty road: (the groups, in order: its own square,
    every road square within reach, the crossing; how many moves they hold; the index of the group
    of each road square within reach; the number of moves of each group). ``legal_moves`` takes out
    the squares another rider stands on."""
    risky = data.risky_max
    limit = data.stages[stage].finish - c
    squares = data.squares
    found = [_group(c, lane, 0, s, top, risky)]
    index = {}
    for dc, k, d in _offsets(data.lanes, lane, s + top + risky):
        if dc >= limit:
            found.append(_group(c + limit, 0, limit, s, top, risky))
            break
        sq = (c + dc, k)
        if sq in squares:
            index[sq] = len(found)
            found.append(_group(c + dc, k, d, s, top, risky))
    sizes = tuple(size for _group_, size in found)
    return tuple(group for group, _size in found), sum(sizes), index, sizes


def _free_groups(data: EngineData, st: State, r: int, s: int, top: int) -> tuple[list, int]:
    """The groups of every destination of the rider, found with the others on the road."""
    risky = data.risky_max
    groups, n = [], 0
    for col, k, d in destinations(data, st, r, s + top + risky):
        group, size = _group(col, k, d, s, top, risky)
        groups.append(group)
        n += size
    return groups, n


def _helps(data: EngineData, st: State, rider: int, groups: Sequence[tuple]) -> list:
    """The same moves again, ending beside a punctured rider, with the help given (advanced rules)."""
    if not any(st.miss):
        return []
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
