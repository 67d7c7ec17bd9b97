"""What must hold after every move; ``broken`` says what does not ("" when all holds).

- every rider on the road stands on its own road square of the stage, within the lanes, and the
  board marks no other square taken;
- dials between 0 and their top, form between 0 and its top; form only ever goes down (what is left
  plus what was spent is the start), and within a stage energy only goes down too;
- a rider out of the Tour has spent its dial and its form, and is off the road; one still racing
  has not spent both (engine.abandon: both-empty);
- no rider moves back; riders over the line crossed in or after the winner's round, once each (as
  many riders over the line as crossed it);
- turns to miss are never negative; times never negative.

Every rider is checked at the first look of every stage and at the end of the game; in between, the
riders the engine changed since the last look (``State.touched``: the rider that played, the riders
it helped or pulled along, a rider that missed its turn, crossed the line or abandoned), and as many
squares marked taken as riders on the road. tests/test_maillot_jaune_engine.py plays games to check
that every rider changed between two looks is marked.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.maillot_jaune.engine.data import EngineData
from pnp.games.maillot_jaune.engine.state import ABANDONED, FINISHED, RACING, State


def broken(data: EngineData, st: State) -> str:
    """What rule ``st`` breaks, or ""."""
    touched = st.touched
    riders: Sequence[int]
    if st.checked != st.stage or st.over:
        st.checked = st.stage
        riders = range(len(st.status))
    elif len(touched) == 1:
        riders = (touched[0],)
    else:
        riders = sorted(set(touched))
    touched.clear()
    return _riders(data, st, riders) or _race(data, st, riders)


def _riders(data: EngineData, st: State, riders) -> str:
    """The square and gauges of every rider of ``riders``, and as many squares marked taken as riders
    on the road."""
    stage = data.stages[st.stage]
    low, finish, squares = stage.low, stage.finish, data.squares
    occ = st.occ
    both = data.both_empty
    e_max, f_max, f_start, e_start = data.energy_max, data.form_max, data.form_start, data.energy_start
    status = st.status
    for r in riders:
        s = status[r]
        e, f = st.energy[r], st.form[r]
        if s == RACING:
            sq = (st.col[r], st.lane[r])
            if occ.get(sq) != r:
                return f"rider {data.riders[r]} stands on column {sq[0]}, lane {sq[1]}, which the board does not " \
                       "mark as its"
            if not low <= sq[0] < finish or sq not in squares:
                return f"rider {data.riders[r]} stands off the stage's road at column {sq[0]}, lane {sq[1]}"
            if both and e == 0 and f == 0:
                return f"rider {data.riders[r]} races on with its dial and its form both spent"
        if not (0 <= e <= e_max and 0 <= f <= f_max) or f + st.form_spent[r] != f_start \
                or st.miss[r] < 0 or st.times[r] < 0:
            return _gauge_problem(data, st, r)
        if s == ABANDONED:
            if e or f:
                return f"rider {data.riders[r]} abandoned with {e} energy and {f} form left"
        elif e + st.energy_spent[r] != e_start:
            return f"rider {data.riders[r]}'s dial went up within the stage: {e} left, {st.energy_spent[r]} spent"
    on_road = status.count(RACING)
    if len(occ) != on_road:
        return f"{len(occ)} squares marked taken for {on_road} riders on the road"
    return ""


def _gauge_problem(data: EngineData, st: State, r: int) -> str:
    name, e, f = data.riders[r], st.energy[r], st.form[r]
    if not 0 <= e <= data.energy_max:
        return f"rider {name} has {e} energy, outside 0-{data.energy_max}"
    if not 0 <= f <= data.form_max:
        return f"rider {name} has {f} form, outside 0-{data.form_max}"
    if f + st.form_spent[r] != data.form_start:
        return f"rider {name}'s form went up: {f} left, {st.form_spent[r]} spent, from {data.form_start}"
    if st.miss[r] < 0:
        return f"rider {name} has {st.miss[r]} turns to miss"
    return f"rider {name} is {st.times[r]} minutes behind"


def _race(data: EngineData, st: State, riders) -> str:
    """The last move forward; the riders of ``riders`` over the line crossed it once, in or after
    the winner's round and not after this one (the round only grows: a rider's crossing is looked at
    when it changes); the first over the line not before the winner's round; as many riders over
    the line as crossed it."""
    r, before, after = st.moved
    if r >= 0 and after < before:
        return f"rider {data.riders[r]} moved back from column {before} to {after}"
    crossed = st.crossed
    for x in riders:
        if x not in crossed:
            continue
        if crossed.count(x) != 1:
            return "a rider crossed the line twice"
        if st.status[x] != FINISHED:
            return f"rider {data.riders[x]} crossed the line but is not marked over it"
        if st.cross_round[x] < st.winner_round or st.cross_round[x] > st.round:
            return f"rider {data.riders[x]} crossed in round {st.cross_round[x]}, the winner in {st.winner_round}"
    # the first over the line (in the order they crossed) crossed in or after the winner's round
    if crossed and st.cross_round[crossed[0]] < st.winner_round:
        x = crossed[0]
        return f"rider {data.riders[x]} crossed in round {st.cross_round[x]}, the winner in {st.winner_round}"
    finished = st.status.count(FINISHED)
    if finished != len(st.crossed):
        return f"{finished} riders over the line, {len(st.crossed)} crossed it"
    if st.current >= 0 and st.status[st.current] != RACING:
        return f"rider {data.riders[st.current]} is to play but is not on the road"
    return ""
