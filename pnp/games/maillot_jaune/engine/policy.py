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
from pnp.games.maillot_jaune.engine.state import RACING, State

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


class Context:
    """What every move of one decision shares, worked out once."""

    __slots__ = ("key", "rider", "col", "lane", "stars", "energy", "form", "finish", "plain", "wheels",
                 "leader", "partners", "form_weight", "gc")

    def __init__(self, data: EngineData, st: State) -> None:
        r = st.current
        self.key = (st.decisions, st.phase)
        self.rider = r
        self.col, self.lane = st.col[r], st.lane[r]
        self.stars = data.stars_of(r, self.col)
        self.energy, self.form = st.energy[r], st.form[r]
        self.finish = data.stages[st.stage].finish
        self.plain = st.owner[r] < 0 and data.rules.unowned_play == "plain"
        self.form_weight = FORM_LOW if self.form <= LOW else FORM
        if data.advanced:
            self.wheels = {(st.col[x] - 1, st.lane[x]) for x, s in enumerate(st.status) if s == RACING and x != r}
            self.leader = st.follower >= 0
            self.partners = tuple((st.col[p], st.lane[p]) for p in st.partners)
        else:
            self.wheels, self.leader, self.partners = set(), False, ()
        self.gc = st.times[r]


def context(data: EngineData, st: State) -> Context:
    ctx = getattr(st, "ctx", None)
    if ctx is None or ctx.key != (st.decisions, st.phase):
        ctx = Context(data, st)
        st.ctx = ctx
    return ctx


def value(data: EngineData, st: State, move: Move, seat: int) -> float:
    """How good ``move`` looks to the seat playing the rider to play."""
    return values(data, st, Moves.of(move))[0]


def values(data: EngineData, st: State, moves: Moves) -> list[float]:
    """``value`` of every move of ``moves`` (one decision's), in their order, worked out per group."""
    ctx = context(data, st)
    r = ctx.rider
    c0, lane0, s0 = ctx.col, ctx.lane, ctx.stars
    finish = ctx.finish
    energy, form, fw = ctx.energy, ctx.form, ctx.form_weight
    row = data.stars[r]
    circuit = data.circuit
    wheels = ctx.wheels
    sc = data.safe_cost
    risk = data.risk
    p = risk.puncture
    q = 1 - p
    fallback = p * (min(s0, finish - c0) + TERRAIN * s0 - MISS * s0)
    keep_safe = q if data.rules.puncture_breakaway == "none" else 1
    quit_on_empty = data.rules.abandon == "both-empty" and form == 0
    leader = ctx.leader
    any_lane = data.rules.slipstream_escape == "none"
    partners = ctx.partners
    lead_costs = [_lead_cost(data, ctx, e) for e in range(data.energy_max + 1)] if leader else ()
    plain = ctx.plain
    r_energy, r_form, r_quit = risk.energy, risk.form, risk.abandon
    out: list[float] = []
    append = out.append
    for col, lane, low, high, extra, helped in moves.groups:
        if lane == 0:
            v0 = finish - c0 + CROSS
        else:
            v0 = col - c0 + TERRAIN * row[(col - 1) % circuit] + (WHEEL if (col, lane) in wheels else 0.0)
        lead = leader and (lane == 0 or lane == lane0 or any_lane) \
            and not (partners and any(c == col and abs(k - lane) == 1 for c, k in partners))
        bonus = 0.0
        if helped >= 0:
            mate = st.owner[helped] == st.owner[r] >= 0 and st.times[helped] <= ctx.gc
            bonus = HELP if mate else -HELP
        if extra <= 0:
            append((v0 - lead_costs[energy] if lead else v0) + bonus)
            continue
        for safe in range(low, high + 1):
            risky = extra - safe
            if plain:
                append(NO_BREAKAWAY)
                continue
            e1 = energy - safe * sc
            if risky:
                k = risky - 1
                v = q * v0 + fallback - (ENERGY * (safe * sc * keep_safe + r_energy[k][e1]) + fw * r_form[k][e1]
                                         + QUIT * r_quit[k][e1][form])
            else:
                v = v0 - ENERGY * safe * sc
                if quit_on_empty and e1 == 0:
                    v -= QUIT
            if lead:
                v -= lead_costs[e1 if e1 > 0 else 0]
            append(v + bonus)
    return out


def _lead_cost(data: EngineData, ctx: Context, energy: int) -> float:
    if energy >= data.leader_energy:
        cost = ENERGY * data.leader_energy
        if data.rules.abandon == "both-empty" and energy == data.leader_energy and ctx.form == 0:
            cost += QUIT
        return cost
    k = data.empty_leader_squares - 1
    return ctx.form_weight * data.risk.form[k][0] + QUIT * data.risk.abandon[k][0][ctx.form]
