"""What the greedy policy maximizes: squares gained now, a cyclist over the line or the green line,
no number wasted on a blocked cyclist; room to move on next turn; red dots taken only far from the
line; red cards played at once; the time trial's cards that go furthest.

Weights are the policy's own (how a sensible player plays), not numbers of the game: the game's
numbers (points, the course) come from EngineData.
"""

from __future__ import annotations

from pnp.games.tour_de_france_mb.engine.course import step
from pnp.games.tour_de_france_mb.engine.data import ROAD, EngineData
from pnp.games.tour_de_france_mb.engine.road import caps_of, road_for
from pnp.games.tour_de_france_mb.engine.state import CARD, DISCARD, ITT_CARD, LANE, NONE, RED, State

REAR = 0.05
"""Extra weight per square still to go: the rear cyclists move first, the team finishes together."""
FINISH = 2.0
"""Reaching the line, besides the place's points."""
WASTE = 0.3
"""Per square of a card lost on a blocked cyclist."""
EXTRA = 3.0
"""Playing a second race card (Second souffle)."""
RED_DOT = 0.5
"""Stopping on a red dot near the line, where a red card would hold the team back."""
NEAR = 6
"""Squares from the line within which a red dot is avoided."""


def values(data: EngineData, st: State, moves: list[tuple], seat: int) -> list[float]:
    """``value`` of every move of the decision before ``seat`` (one decision: one kind of move)."""
    kind = moves[0][0]
    if kind == CARD:
        return _cards(data, st, moves, seat)
    if kind == LANE:
        return _lanes(data, st, moves, seat)
    return [value(data, st, m, seat) for m in moves]


def value(data: EngineData, st: State, move: tuple, seat: int) -> float:
    """How good ``move`` looks to ``seat``."""
    kind = move[0]
    if kind == CARD:
        return _cards(data, st, [move], seat)[0]
    if kind == LANE:
        return _lanes(data, st, [move], seat)[0]
    if kind == ITT_CARD:
        total = data.cards[move[1]].total
        left = data.course.finish - st.col[seat * data.per_team]
        return 100.0 * min(total, left) - total
    if kind == RED:
        return 1.0 if move[1] != NONE else 0.0
    if kind == DISCARD:
        return -float(data.cards[move[1]].total)
    return 0.0


def _cards(data: EngineData, st: State, moves: list[tuple], seat: int) -> list[float]:
    caps = st.cache
    if caps is None:
        caps = st.cache = caps_of(data, st, seat)
    course = data.course
    finish, green = course.finish, course.green
    base = seat * data.per_team
    cols = [st.col[base + k] for k in range(data.per_team)]
    weight = [1.0 + REAR * (finish - c) for c in cols]
    place = len(st.table)
    arrive = FINISH + (data.points.road_individual[place] if place < len(data.points.road_individual) else 0)
    line = data.points.green_first if not st.green_done else 0
    out = []
    for move in moves:
        got = 0.0
        for k, squares in enumerate(move[2]):
            if not squares:
                continue
            cap = caps[k]
            go = squares if squares < cap else cap
            got -= WASTE * (squares - go)
            if not go:
                continue
            column = cols[k]
            got += go * weight[k]
            if column + go >= finish:
                got += arrive
            elif line and column < green <= column + go:
                got += line
        if move[4] != NONE:
            got += EXTRA
        out.append(got)
    return out


def _lanes(data: EngineData, st: State, moves: list[tuple], seat: int) -> list[float]:
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
        got = float(step(bit, here | bit, ahead, free).bit_count())
        if wary and red & bit:
            got -= RED_DOT
        out.append(got)
    return out
