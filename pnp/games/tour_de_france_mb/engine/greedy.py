"""What the greedy policy maximizes: squares gained now, a cyclist over the line or the green line,
no number wasted on a blocked cyclist; room to move on next turn; red dots taken only far from the
line; red cards played at once; the time trial's cards that go furthest.

Weights are the policy's own (how a sensible player plays), not numbers of the game: the game's
numbers (points, the course) come from EngineData. Values are whole numbers of TICKs (a twentieth
of a square), so that a sum does not depend on its order and equal moves are true ties.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.tour_de_france_mb.engine.data import ROAD, EngineData
from pnp.games.tour_de_france_mb.engine.road import caps_of, road_for
from pnp.games.tour_de_france_mb.engine.state import CARD, DISCARD, ITT_CARD, LANE, NONE, RED, State

TICK = 20
"""Value units per square gone."""
REAR = 1
"""Extra ticks per square gone, per square still to go: the rear cyclists move first, the team
finishes together."""
FINISH = 40
"""Reaching the line, besides the place's points (a point is worth a square)."""
WASTE = 6
"""Per square of a card lost on a blocked cyclist."""
EXTRA = 60
"""Playing a second race card (Second souffle)."""
RED_DOT = 10
"""Stopping on a red dot near the line, where a red card would hold the team back."""
NEAR = 6
"""Squares from the line within which a red dot is avoided."""


def values(data: EngineData, st: State, moves: Sequence[tuple], seat: int, rows: dict | None = None) -> list[int]:
    """``value`` of every move of the decision before ``seat`` (one decision: one kind of move).
    ``rows``: a dict the caller keeps across decisions, where the race card values keep what they
    work out per cyclist, by (ticks for arriving, ticks for the green line) then (squares it can go,
    column) (the values are the same without it)."""
    kind = moves[0][0]
    if kind == CARD:
        return _cards(data, st, moves, seat, rows)
    if kind == LANE:
        return _lanes(data, st, moves, seat)
    return [value(data, st, m, seat) for m in moves]


def value(data: EngineData, st: State, move: tuple, seat: int) -> int:
    """How good ``move`` looks to ``seat``, in ticks."""
    kind = move[0]
    if kind == CARD:
        return _cards(data, st, [move], seat)[0]
    if kind == LANE:
        return _lanes(data, st, [move], seat)[0]
    if kind == ITT_CARD:
        total = data.cards[move[1]].total
        left = data.course.finish - st.col[seat * data.per_team]
        return TICK * (100 * min(total, left) - total)
    if kind == RED:
        return TICK if move[1] != NONE else 0
    if kind == DISCARD:
        return -TICK * data.cards[move[1]].total
    return 0


def _cards(data: EngineData, st: State, moves: Sequence[tuple], seat: int, rows: dict | None = None) -> list[int]:
    """The value of every race card move: the sum over its cyclist slots of the slot's row
    (``_slot_row``) at the squares the move gives it, and EXTRA for a second card. ``rows`` keeps the
    rows across decisions; the values are the same without it. A cyclist's cap is looked for no
    further than the most any move gives it: a row is right for every number up to its cap, and no
    move asks it for more."""
    caps = st.cache
    if caps is None:
        # no number above a card's and its bonus without a blue card (boost): no need to look further
        caps = st.cache = caps_of(data, st, seat, data.max_value if st.held[seat] else data.max_card)
    base = seat * data.per_team
    place = len(st.table)
    points = data.road_points
    arrive = FINISH + TICK * (points[place] if place < len(points) else 0)
    line = TICK * data.green_first if not st.green_done else 0
    if rows is None:
        rows = {}
    kept = rows.get((arrive, line))
    if kept is None:
        kept = rows[(arrive, line)] = {}
    col = st.col
    table = []
    for k, cap in enumerate(caps):
        key = (cap, col[base + k])
        row = kept.get(key)
        if row is None:
            row = kept[key] = _slot_row(data, cap, col[base + k], arrive, line)
        table.append(row)
    if len(table) == 3 and not st.held[seat]:   # the printed game's teams, no blue card: no EXTRA
        t0, t1, t2 = table
        return [t0[a] + t1[b] + t2[c] for _, _, (a, b, c), _, _ in moves]
    out = []
    for move in moves:
        got = sum(row[squares] for row, squares in zip(table, move[2]))
        out.append(got + EXTRA if move[4] != NONE else got)
    return out


def _slot_row(data: EngineData, cap: int, column: int, arrive: int, line: int) -> tuple[int, ...]:
    """For a cyclist on ``column`` that can go ``cap`` squares, per number of squares given to it
    (0 to ``data.max_value``): the ticks it is worth, the squares gone (weighted: the further from
    the line, the more) and the line reached, less the squares lost on what blocks it."""
    finish, green = data.course.finish, data.course.green
    weight = TICK + REAR * (finish - column)
    out = []
    for squares in range(data.max_value + 1):
        go = squares if squares < cap else cap
        got = go * weight - WASTE * (squares - go)
        if go:
            if column + go >= finish:
                got += arrive
            elif line and column < green <= column + go:
                got += line
        out.append(got)
    return tuple(out)


def _lanes(data: EngineData, st: State, moves: Sequence[tuple], seat: int) -> list[int]:
    """The value of every square a moved cyclist may stop on (LANE moves of one cyclist and column):
    the squares it could step onto next, less RED_DOT for a red dot near the line."""
    _, cyc, column, _bit = moves[0]
    road, finish = road_for(data, st, seat)
    occ = st.occ
    here = occ[column]
    ahead = occ[column + 1] if column + 1 < len(occ) else 0
    free = road[column + 1] & ~ahead if column + 1 < len(road) else 0
    wary = st.kind == ROAD and finish - column <= NEAR and not st.risk_played and st.red_stop == NONE \
        and len(st.held[seat]) < data.risk_hand
    red = data.course.red[column]
    out = []
    for move in moves:
        bit = move[3]
        mine = here | bit
        # step(bit, mine, ahead, free), inlined: the squares the cyclist could step onto next
        got = TICK * ((bit & free) | (((bit & ~(ahead & (mine >> 1))) << 1) & free)
                      | (((bit & ~(ahead & (mine << 1))) >> 1) & free)).bit_count()
        if wary and red & bit:
            got -= RED_DOT
        out.append(got)
    return out
