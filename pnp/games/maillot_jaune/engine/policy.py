"""What a greedy rider looks for in a move: squares gained (more for crossing the line, since a
round is a minute), a good terrain to start its next move from, a wheel to sit in; against that,
the energy and the form it expects to spend (form weighs more: it never comes back), the chance to
puncture and miss a turn, the chance to abandon, and the energy it pays for dragging a rider in its
wheel. It helps a punctured team-mate who stands no worse than itself in the classification.

A rider nobody owns is ridden plainly by the seat that plays it (engine.unowned_play: plain): its
stars, no breakaway. The weights below are the policy's, not rules: the rules' numbers come from
``EngineData``.
"""

from __future__ import annotations

from pnp.games.maillot_jaune.engine.data import EngineData
from pnp.games.maillot_jaune.engine.moves import Move, Moves
from pnp.games.maillot_jaune.engine.state import State

CROSS = 4.0          # crossing the line now rather than next round
TERRAIN = 0.3        # per star the rider will move from its new square
WHEEL = 0.6          # ending in another rider's wheel (advanced rules)
ENERGY = 0.4         # per unit of energy spent (the dial is set again every stage)
FORM = 1.5           # per unit of form spent
FORM_LOW = 3.0       # ... once little form is left
LOW = 6              # "little form": at most this much
QUIT = 100.0         # abandoning the Tour
MISS = 1.0           # per star of a turn missed after a puncture
HELP = 1.5           # helping a team-mate ahead (or taking a turn off a rival: minus)
NO_BREAKAWAY = -1000.0


def value(data: EngineData, st: State, move: Move, seat: int, costs: dict | None = None) -> float:
    """How good ``move`` looks to the seat playing the rider to play."""
    return values(data, st, Moves.of(move), costs)[0]


def values(data: EngineData, st: State, moves: Moves, costs: dict | None = None,
           terrains: dict | None = None) -> list[float]:
    """``value`` of every move of ``moves`` (one decision's), in their order, worked out per group.
    ``costs`` keeps the costs of breakaways and slipstreams per dial and form across decisions
    (``_costs``), ``terrains`` the terrain term of every column per rider (``_terrain``); the values
    are the same with or without them. The last loop is the rule term by term;
    the loops before it are the same sums for the cases where some terms are nothing (a plain rider's
    breakaways, no help among the moves, no rider to drag), which are most decisions."""
    r = st.current
    c0, lane0 = st.col[r], st.lane[r]
    row = data.stars[r]
    s0 = row[(c0 - 1) % data.circuit]
    terrain = terrains.get(r) if terrains is not None else None
    if terrain is None:
        terrain = _terrain(data, r)
        if terrains is not None:
            terrains[r] = terrain
    finish = data.stages[st.stage].finish
    energy, form = st.energy[r], st.form[r]
    key = (energy, form)
    table = costs.get(key) if costs is not None else None
    if table is None:
        table = _costs(data, energy, form)
        if costs is not None:
            costs[key] = table
    split, lead_costs = table
    advanced = data.advanced
    wheels = st.occ if advanced else {}  # a square is in a wheel when the square ahead of it is taken
    leader = advanced and st.follower >= 0
    partners = [(st.col[p], st.lane[p]) for p in st.partners] if advanced and st.partners else ()
    sc = data.safe_cost
    p = data.risk.puncture
    q = 1 - p
    fallback = p * (min(s0, finish - c0) + TERRAIN * s0 - MISS * s0)
    any_lane = data.any_lane
    plain = st.owner[r] < 0 and data.plain_unowned
    gc = st.times[r]
    out: list[float] = []
    append = out.append
    if plain:
        # a rider nobody owns rides without a breakaway: a square is worth something only within its stars
        for col, lane, low, high, extra, helped in moves.groups:
            if extra > 0:
                if low == high:
                    append(NO_BREAKAWAY)
                else:
                    out += [NO_BREAKAWAY] * (high - low + 1)
                continue
            if lane == 0:
                v0 = finish - c0 + CROSS
            else:
                v0 = col - c0 + terrain[col] + (WHEEL if (col + 1, lane) in wheels else 0.0)
            lead = leader and (lane == 0 or lane == lane0 or any_lane) \
                and not (partners and any(c == col and abs(k - lane) == 1 for c, k in partners))
            bonus = 0.0
            if helped >= 0:
                mate = st.owner[helped] == st.owner[r] >= 0 and st.times[helped] <= gc
                bonus = HELP if mate else -HELP
            append((v0 - lead_costs[energy] if lead else v0) + bonus)
        return out
    groups = moves.groups
    if groups[-1][5] < 0:   # no help among the moves (they come last): the loop below without its help terms
        if not leader:
            for col, lane, low, high, extra, _helped in groups:
                if lane == 0:
                    v0 = finish - c0 + CROSS
                else:
                    v0 = col - c0 + terrain[col] + (WHEEL if (col + 1, lane) in wheels else 0.0)
                if extra <= 0:
                    append(v0)   # v0 + 0.0: v0 is never -0.0
                elif low == high:
                    risky = extra - low
                    append((q * v0 + fallback if risky else v0) - split[low][risky])
                else:
                    odds = q * v0 + fallback
                    for safe in range(low, high + 1):
                        risky = extra - safe
                        append((odds if risky else v0) - split[safe][risky])
            return out
        lead_now = lead_costs[energy]
        for col, lane, low, high, extra, _helped in groups:
            if lane == 0:
                v0 = finish - c0 + CROSS
            else:
                v0 = col - c0 + terrain[col] + (WHEEL if (col + 1, lane) in wheels else 0.0)
            lead = (lane == 0 or lane == lane0 or any_lane) \
                and not (partners and any(c == col and abs(k - lane) == 1 for c, k in partners))
            if extra <= 0:
                append(v0 - lead_now if lead else v0)
            elif not lead:
                if low == high:
                    risky = extra - low
                    append((q * v0 + fallback if risky else v0) - split[low][risky])
                else:
                    odds = q * v0 + fallback
                    for safe in range(low, high + 1):
                        risky = extra - safe
                        append((odds if risky else v0) - split[safe][risky])
            else:
                odds = q * v0 + fallback
                for safe in range(low, high + 1):
                    risky = extra - safe
                    e1 = energy - safe * sc
                    append((odds if risky else v0) - split[safe][risky] - lead_costs[e1 if e1 > 0 else 0])
        return out
    for col, lane, low, high, extra, helped in groups:
        if lane == 0:
            v0 = finish - c0 + CROSS
        else:
            v0 = col - c0 + terrain[col] + (WHEEL if (col + 1, lane) in wheels else 0.0)
        lead = leader and (lane == 0 or lane == lane0 or any_lane) \
            and not (partners and any(c == col and abs(k - lane) == 1 for c, k in partners))
        bonus = 0.0
        if helped >= 0:
            mate = st.owner[helped] == st.owner[r] >= 0 and st.times[helped] <= gc
            bonus = HELP if mate else -HELP
        if extra <= 0:
            append((v0 - lead_costs[energy] if lead else v0) + bonus)
        else:
            odds = q * v0 + fallback
            for safe in range(low, high + 1):
                risky = extra - safe
                v = (odds if risky else v0) - split[safe][risky]
                if lead:
                    e1 = energy - safe * sc
                    v -= lead_costs[e1 if e1 > 0 else 0]
                append(v + bonus)
    return out


def _terrain(data: EngineData, rider: int) -> dict[int, float]:
    """The terrain term of ``rider`` ending on each column of every stage's road (before its line)."""
    row, circuit = data.stars[rider], data.circuit
    return {c: TERRAIN * row[(c - 1) % circuit] for stage in data.stages for c in range(stage.low, stage.finish)}


def _costs(data: EngineData, energy: int, form: int) -> tuple[tuple[tuple[float, ...], ...], tuple[float, ...]]:
    """For a rider with ``energy`` on its dial and ``form`` left: what a breakaway of ``safe`` safe
    and ``risky`` risky squares is expected to cost it (``split[safe][risky]``: energy, form, the
    chance to abandon), and what dragging a rider in its wheel costs it with each energy left."""
    rules = data.rules
    risk = data.risk
    sc = data.safe_cost
    fw = FORM_LOW if form <= LOW else FORM
    keep_safe = 1 - risk.puncture if rules.puncture_breakaway == "none" else 1
    quit_on_empty = rules.abandon == "both-empty" and form == 0
    top = energy // sc if sc > 0 else 0
    split = []
    for safe in range(top + 1):
        e1 = energy - safe * sc
        line = [ENERGY * safe * sc + (QUIT if quit_on_empty and e1 == 0 and safe else 0.0)]
        for k in range(data.risky_max):
            line.append(ENERGY * (safe * sc * keep_safe + risk.energy[k][e1]) + fw * risk.form[k][e1]
                        + QUIT * risk.abandon[k][e1][form])
        split.append(tuple(line))
    lead = tuple(_lead_cost(data, e, form, fw) for e in range(data.energy_max + 1))
    return tuple(split), lead


def _lead_cost(data: EngineData, energy: int, form: int, form_weight: float) -> float:
    """What dragging the rider in its wheel costs a leader left with ``energy`` on its dial."""
    if energy >= data.leader_energy:
        cost = ENERGY * data.leader_energy
        if data.rules.abandon == "both-empty" and energy == data.leader_energy and form == 0:
            cost += QUIT
        return cost
    k = data.empty_leader_squares - 1
    return form_weight * data.risk.form[k][0] + QUIT * data.risk.abandon[k][0][form]
