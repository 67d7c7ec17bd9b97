"""The race: seats take their riders, stages start on the grid, riders play in race order, pay for
their breakaways from the dial and then from form, puncture, pull one another along in a
slipstream, cross the line, and the general classification ranks them by time.

Every number comes from ``EngineData`` (rules.yaml, the board, the riders' profiles); every point
the rules leave open follows ``data.rules`` (``engine:`` in rules.yaml, see ``gaps``).
"""

from __future__ import annotations

import random

from pnp.games.maillot_jaune.engine.data import EngineData, pay
from pnp.games.maillot_jaune.engine.moves import Move, stars
from pnp.games.maillot_jaune.engine.state import ABANDONED, AFTER_PUNCTURE, FINISHED, MOVE, RACING, State


def start(data: EngineData, players: int, rng: random.Random) -> State:
    """A new game: riders shared out between the seats (the rest nobody's), the first player drawn
    with a die, the first grid drawn, and the first rider to play."""
    n = data.n_riders
    st = State(n, players)
    order = list(range(n))
    if data.rules.rider_choice == "random":
        rng.shuffle(order)
    per = n // players
    for i, r in enumerate(order[:per * players]):
        st.owner[r] = i % players
    grid = list(range(n))
    rng.shuffle(grid)
    for rank, r in enumerate(grid):
        st.draw[r] = rank
    st.unowned_turns = rng.randrange(players)
    for r in range(n):
        st.form[r] = data.form_start
    begin_stage(data, st, 0, grid)
    next_turn(data, st)
    return st


# --- stages and rounds

def begin_stage(data: EngineData, st: State, index: int, order: list[int]) -> None:
    """Stage ``index``: the riders still in the Tour on its grid in ``order``, dials set again."""
    stage = data.stages[index]
    st.stage = index
    st.round = 1
    st.occ.clear()
    st.crossed = []
    st.winner_round = 0
    racing = [r for r in order if st.status[r] != ABANDONED]
    for i, r in enumerate(racing):
        col, lane = stage.grid[i]
        st.col[r], st.lane[r] = col, lane
        st.occ[(col, lane)] = r
        st.status[r] = RACING
        st.energy[r] = data.energy_start
        st.energy_spent[r] = 0
        st.cross_round[r] = 0
        st.dial_emptied[r] = False
    if data.rules.puncture_carry == "cleared":
        st.miss = [0] * data.n_riders
    st.queue = racing


def race_order(st: State) -> list[int]:
    """The riders on the road, the one in front first; level riders leftmost first."""
    return sorted(st.racing(), key=lambda r: (-st.col[r], st.lane[r]))


def next_turn(data: EngineData, st: State) -> None:
    """Hand the move to the next rider that plays: riders waiting out a puncture miss their turn;
    a new round starts in race order; a stage ends when nobody is left on the road."""
    st.current = -1
    while not st.over:
        if st.queue:
            r = st.queue.pop(0)
            if st.status[r] != RACING:
                continue
            if st.miss[r] > 0:
                st.miss[r] -= 1
                st.touched.append(r)
                st.counts.skipped += 1
                continue
            begin_turn(data, st, r)
            return
        if any(s == RACING for s in st.status):
            st.round += 1
            st.queue = race_order(st)
        else:
            end_stage(data, st)


def begin_turn(data: EngineData, st: State, r: int) -> None:
    st.current = r
    st.phase = MOVE
    if st.owner[r] >= 0:
        st.seat = st.owner[r]
    else:
        st.seat = st.unowned_turns % st.players
        st.unowned_turns += 1
    col, lane = st.col[r], st.lane[r]
    st.turn_col, st.turn_lane = col, lane
    if data.advanced:
        occ = st.occ
        st.follower = occ.get((col - 1, lane), -1)
        left, right = occ.get((col, lane - 1)), occ.get((col, lane + 1))
        if left is None:
            st.partners = () if right is None else (right,)
        else:
            st.partners = (left,) if right is None else (left, right)
    else:
        st.follower, st.partners = -1, ()


def end_stage(data: EngineData, st: State) -> None:
    """Times and places of the stage, the yellow jersey, then the next stage's grid (or the end)."""
    mpr = data.minutes_per_round
    for place, r in enumerate(st.crossed, 1):
        st.times[r] += (st.cross_round[r] - st.winner_round) * mpr
        st.places[r].append(place)
    st.counts.stage_rounds.append(st.round)
    st.counts.stage_winners.append(st.crossed[0] if st.crossed else -1)
    order = classification(data, st)
    if st.stage + 1 >= len(data.stages) or not order:
        st.counts.order = tuple(order)
        st.counts.decided = decided_by(data, st, order)
        st.holder = order[0] if order else -1
        st.over = True
        st.current = -1
        return
    st.holder = order[0]
    begin_stage(data, st, st.stage + 1, order)


def classification(data: EngineData, st: State) -> list[int]:
    """The riders still in the Tour, best first: least time, then the tie rule of engine.ties
    (best stage place, or the last stage's), then the yellow jersey's holder, then the first draw."""
    best = data.rules.ties == "best-stage-place"
    alive = [r for r, s in enumerate(st.status) if s != ABANDONED]
    return sorted(alive, key=lambda r: (st.times[r], (min(st.places[r]) if best else st.places[r][-1])
                                        if st.places[r] else 0, r != st.holder, st.draw[r]))


DECIDED = ("time", "stage place", "yellow jersey", "draw")
"""How the yellow jersey went to the winner rather than to the runner-up: on time, or on equal
time by the tie rule (engine.ties), the holder keeping it, or the first draw."""


def decided_by(data: EngineData, st: State, order: list[int]) -> str:
    """Which criterion of ``classification`` put ``order[0]`` before ``order[1]`` ("" for fewer
    than two riders); the holder is the one before this classification."""
    if len(order) < 2:
        return ""
    a, b = order[0], order[1]
    if st.times[a] != st.times[b]:
        return DECIDED[0]
    best = data.rules.ties == "best-stage-place"
    pa = min(st.places[a]) if best else st.places[a][-1]
    pb = min(st.places[b]) if best else st.places[b][-1]
    if pa != pb:
        return DECIDED[1]
    return DECIDED[2] if st.holder == a else DECIDED[3]


# --- a move

def roll(data: EngineData, rng: random.Random) -> tuple[int, ...] | None:
    """The dice table's row for a throw of the dice (None: a puncture)."""
    faces = data.dice_faces
    return data.throws[rng.randrange(faces) * faces + rng.randrange(faces)]


def apply(data: EngineData, st: State, move: Move, rng: random.Random) -> State:
    """Play ``move`` for the rider to play, then hand over to the next rider."""
    st.decisions += 1
    r = st.current
    st.touched.append(r)
    col, lane, safe, risky, helped = move
    if st.phase == MOVE:
        c = st.counts
        if risky:
            c.risky += 1
        elif safe:
            c.safe += 1
        else:
            c.plain += 1
        if risky:
            row = roll(data, rng)
            if row is None:
                _puncture(data, st, r, safe)
                return st
            if not _spend_safe(data, st, r, safe) or not _spend(data, st, r, row[risky - 1]):
                next_turn(data, st)
                return st
        elif safe and not _spend_safe(data, st, r, safe):   # no safe square costs nothing
            next_turn(data, st)
            return st
    _finish_move(data, st, r, col, lane, helped, rng)
    next_turn(data, st)
    return st


def _puncture(data: EngineData, st: State, r: int, safe: int) -> None:
    """A puncture on a risky breakaway: no breakaway (engine.puncture_breakaway says whether the
    safe squares stay), turns to miss, and the rider moves again without breakaway."""
    st.counts.punctures += 1
    st.miss[r] += data.miss_turns
    _note_waiting(data, st)
    keep = safe if data.rules.puncture_breakaway == "safe-kept" else 0
    if keep and not _spend_safe(data, st, r, keep):
        next_turn(data, st)
        return
    st.phase = AFTER_PUNCTURE
    st.budget = stars(data, st, r) + keep


def _note_waiting(data: EngineData, st: State) -> None:
    waiting = st.waiting()
    c = st.counts
    if waiting > c.waiting_max:
        c.waiting_max = waiting
    if waiting > data.markers:
        c.markers_short += 1


def _spend_safe(data: EngineData, st: State, r: int, safe: int) -> bool:
    """Pay ``safe`` squares from the dial (never from form); False when the rider abandons."""
    cost = safe * data.safe_cost
    if not cost:
        return True
    st.energy[r] -= cost
    st.energy_spent[r] += cost
    return _after_payment(data, st, r)


def _spend(data: EngineData, st: State, r: int, cost: int, slip: bool = False) -> bool:
    """Pay a risky cost: the dial first, then form; False when the rider abandons."""
    spent, owed, left = pay(cost, st.energy[r], st.form[r], data.form_per_energy)
    st.energy[r] -= spent
    st.energy_spent[r] += spent
    paid = min(owed, st.form[r])
    st.form[r] -= paid
    st.form_spent[r] += paid
    if slip:
        st.counts.form_spent_slip += paid
    else:
        st.counts.form_spent_risky += paid
    if left < 0:
        _abandon(data, st, r)
        return False
    return _after_payment(data, st, r)


def _after_payment(data: EngineData, st: State, r: int) -> bool:
    if st.energy[r] == 0 and not st.dial_emptied[r]:
        st.dial_emptied[r] = True
        st.counts.dial_empty[r] += 1
    if data.both_empty and st.energy[r] == 0 and st.form[r] == 0:
        _abandon(data, st, r)
        return False
    return True


def _abandon(data: EngineData, st: State, r: int) -> None:
    """The rider leaves the Tour, its dial and form spent."""
    st.touched.append(r)
    if st.status[r] == RACING:
        del st.occ[(st.col[r], st.lane[r])]
    elif st.status[r] == FINISHED and r in st.crossed:
        st.crossed.remove(r)
    st.status[r] = ABANDONED
    st.energy_spent[r] += st.energy[r]
    st.energy[r] = 0
    st.form_spent[r] += st.form[r]
    st.form[r] = 0
    st.miss[r] = 0
    st.counts.abandons.append((r, st.stage))
    if r == st.current:
        st.moved = (r, st.col[r], st.col[r])


def _cross(data: EngineData, st: State, r: int) -> None:
    st.touched.append(r)
    del st.occ[(st.col[r], st.lane[r])]
    st.status[r] = FINISHED
    st.cross_round[r] = st.round
    st.crossed.append(r)
    st.miss[r] = 0 if data.rules.puncture_carry == "cleared" else st.miss[r]
    if not st.winner_round:
        st.winner_round = st.round
    st.counts.energy_left.append(st.energy[r])


def _finish_move(data: EngineData, st: State, r: int, col: int, lane: int, helped: int,
                 rng: random.Random) -> None:
    """The rider's slipstream (advanced rules), its move, the help it gives, its line pulled along."""
    finish = data.stages[st.stage].finish
    follower = _dragged(data, st, r, col, lane) if st.follower >= 0 else -1
    if follower >= 0 and not _leader_pays(data, st, r, follower, col, lane, finish):
        follower = -1
    if follower >= 0 and not _lead(data, st, r, rng):
        _pull(data, st, follower, finish)  # the leader is out, but the line still moves up behind it
        return
    before = st.col[r]
    if lane == 0:
        _cross(data, st, r)
    elif (col, lane) != (st.col[r], st.lane[r]):
        del st.occ[(st.col[r], st.lane[r])]
        st.col[r], st.lane[r] = col, lane
        st.occ[(col, lane)] = r
    st.moved = (r, before, col)
    if helped >= 0 and st.status[helped] == RACING and st.miss[helped] > 0:
        st.touched.append(helped)
        st.miss[r] += st.miss[helped]
        st.miss[helped] = 0
        st.counts.helps += 1
    if follower >= 0:
        _pull(data, st, follower, finish)


def _dragged(data: EngineData, st: State, r: int, col: int, lane: int) -> int:
    """The rider in ``r``'s wheel when its turn began, if ``r`` drags it along with this move:
    not when ``r`` ends in another lane (engine.slipstream_escape), nor when it stays beside the
    same rider before and after its move (engine.side_by_side). -1 when nobody is dragged."""
    f = st.follower
    if f < 0 or st.status[f] != RACING or st.occ.get((st.turn_col - 1, st.turn_lane)) != f:
        return -1
    if lane != 0:
        if data.rules.slipstream_escape == "other-lane" and lane != st.turn_lane:
            st.counts.escapes += 1
            return -1
        for p in st.partners:
            if st.status[p] == RACING and st.col[p] == col and abs(st.lane[p] - lane) == 1:
                st.counts.pairs += 1
                return -1
    return f


def _leader_pays(data: EngineData, st: State, r: int, f: int, col: int, lane: int, finish: int) -> bool:
    """Whether the slipstream plays: always (engine.slipstream_blocked: leader-pays), or only when
    the follower can move up (no-effect: otherwise nobody pays and nobody moves)."""
    if data.rules.slipstream_blocked == "leader-pays":
        return True
    target = (st.col[f] + data.follower_gain, st.lane[f])
    if target[0] >= finish:
        return True
    taken = st.occ.get(target)
    return target != (col, lane) and (taken is None or taken == r)


def _lead(data: EngineData, st: State, r: int, rng: random.Random) -> bool:
    """The leader pays for the rider in its wheel: energy, or with too little on the dial the
    table's cost for ``empty_leader_squares`` squares, from form (a puncture there: see
    engine.slipstream_puncture). False when it abandons."""
    c = st.counts
    if st.energy[r] >= data.leader_energy:
        c.slip_paid += 1
        if not data.leader_energy:
            return True
        st.energy[r] -= data.leader_energy
        st.energy_spent[r] += data.leader_energy
        return _after_payment(data, st, r)
    c.slip_rolls += 1
    row = roll(data, rng)
    if row is None:
        c.slip_punctures += 1
        if data.rules.slipstream_puncture == "puncture":
            st.miss[r] += data.miss_turns
            _note_waiting(data, st)
        return True
    return _spend(data, st, r, row[data.empty_leader_squares - 1], slip=True)


def _pull(data: EngineData, st: State, f: int, finish: int) -> None:
    """The line behind a leader moves up ``follower_gain`` squares, the rider in front first, each
    into a free square; the rider in the leader's wheel plays next."""
    line = [f]
    x = f
    while True:
        b = st.occ.get((st.col[x] - 1, st.lane[x]))
        if b is None:
            break
        line.append(b)
        x = b
    gain = data.follower_gain
    for x in line:
        target = (st.col[x] + gain, st.lane[x])
        if target[0] >= finish:
            st.counts.shifts += finish - st.col[x]
            _cross(data, st, x)
        elif target not in st.occ and data.is_road(*target):
            st.touched.append(x)
            del st.occ[(st.col[x], st.lane[x])]
            st.col[x] = target[0]
            st.occ[target] = x
            st.counts.shifts += gain
        else:
            break
    if st.status[f] == RACING and f in st.queue:
        st.queue.remove(f)
        st.queue.insert(0, f)
