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


def value(data: EngineData, st: State, move: tuple, seat: int) -> float:
    kind = move[0]
    if kind == CARD:
        return _card(data, st, move, seat)
    if kind == LANE:
        return _lane(data, st, move, seat)
    if kind == ITT_CARD:
        total = data.cards[move[1]].total
        left = data.course.finish - st.col[seat * data.per_team]
        return 100.0 * min(total, left) - total
    if kind == RED:
        return 1.0 if move[1] != NONE else 0.0
    if kind == DISCARD:
        return -float(data.cards[move[1]].total)
    return 0.0


def _card(data: EngineData, st: State, move: tuple, seat: int) -> float:
    caps = st.cache
    if caps is None:
        caps = st.cache = caps_of(data, st, seat)
    course = data.course
    finish, green = course.finish, course.green
    base = seat * data.per_team
    got = 0.0
    for k, squares in enumerate(move[2]):
        if not squares:
            continue
        cap = caps[k]
        go = squares if squares < cap else cap
        got -= WASTE * (squares - go)
        if not go:
            continue
        column = st.col[base + k]
        got += go * (1.0 + REAR * (finish - column))
        if column + go >= finish:
            got += FINISH + (data.road_individual[len(st.table)] if len(st.table) < len(data.road_individual)
                             else 0)
        elif not st.green_done and column < green <= column + go:
            got += data.green_first
    if move[4] != NONE:
        got += EXTRA
    return got


def _lane(data: EngineData, st: State, move: tuple, seat: int) -> float:
    _, cyc, column, bit = move
    road, finish = road_for(data, st, seat)
    ahead = st.occ[column + 1] if column + 1 < len(st.occ) else 0
    room = step(bit, st.occ[column] | bit, ahead, road[column + 1] & ~ahead if column + 1 < len(road) else 0)
    got = float(room.bit_count())
    if st.kind == ROAD and data.course.red[column] & bit and not st.risk_played and st.red_stop == NONE \
            and len(st.held[seat]) < data.risk_hand and finish - column <= NEAR:
        got -= RED_DOT
    return got
