"""The points of a stage (the kit's Points Table: rules.yaml points), the Yellow Jersey after it, and
the winner of the Tour.

Road stage: cyclists by place on the finish table, teams by cyclists finished (the best placed
first), the team bonus; the green line and the combativity card score during the stage. Team time
trial: teams by the round their last cyclist crossed the line (a round finished together is a
tie), teams still on the road after them (engine: ttt_unfinished). Tied teams share the better
place's points (TDF-D-TIES). The time trial scores in itt.py.
"""

from __future__ import annotations

from pnp.games.tour_de_france_mb.engine.data import ROAD, TTT, EngineData
from pnp.games.tour_de_france_mb.engine.state import NONE, RACE_CARDS, RISK_CARDS, SCORES, State


def place_points(table: tuple[int, ...], place: int) -> int:
    return table[place] if place < len(table) else 0


def shared(keys: dict[int, tuple], table: tuple[int, ...]) -> tuple[dict[int, int], int]:
    """Points by seat for ``keys`` (lower is better), tied seats sharing the better place's points;
    and how many share the first place."""
    order = sorted(keys, key=lambda s: keys[s])
    out: dict[int, int] = {}
    place, first = 0, 0
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and keys[order[j]] == keys[order[i]]:
            j += 1
        for seat in order[i:j]:
            out[seat] = place_points(table, place)
        if i == 0:
            first = j - i
        place += j - i
        i = j
    return out, first


def score_road(data: EngineData, st: State) -> None:
    per = data.per_team
    table = st.table
    for place, cyc in enumerate(table):
        st.indiv[cyc // per] += place_points(data.points.road_individual, place)
    keys = {}
    for seat in range(st.n):
        places = [i for i, cyc in enumerate(table) if cyc // per == seat]
        keys[seat] = (-len(places), places[0] if places else len(table))
    team, st.log.ties_first = shared(keys, data.points.road_team)
    for seat, pts in team.items():
        st.teampts[seat] += pts
        top = sum(1 for cyc in table[:data.points.bonus_places] if cyc // per == seat)
        if top >= data.points.bonus_cyclists:
            st.teampts[seat] += data.points.team_bonus
    st.last_places = list(table)


def score_ttt(data: EngineData, st: State) -> None:
    per = data.per_team
    keys = {}
    for seat in range(st.n):
        if seat in st.complete_round:
            keys[seat] = (0, st.complete_round[seat], 0)
        else:
            racing = st.racing(seat, per)
            finished = per - len(racing)
            rear = min(st.col[c] for c in racing)
            keys[seat] = (1, -finished, -rear)
    team, st.log.ties_first = shared(keys, data.points.ttt_team)
    for seat, pts in team.items():
        st.teampts[seat] += pts


def end_stage(data: EngineData, st: State) -> None:
    """Score the stage, hand the Yellow Jersey on, put back the risk cards still held."""
    st.touched |= RACE_CARDS | RISK_CARDS | SCORES
    if st.kind == ROAD:
        score_road(data, st)
    elif st.kind == TTT:
        score_ttt(data, st)
    log = st.log
    log.finishers = len(st.table)
    log.teams_in = len({cyc // data.per_team for cyc in st.table})
    log.table_full = len(st.table) > data.finish_slots
    for seat in range(st.n):
        for risk, _cyc in st.held[seat]:
            st.rpile.insert(0, risk)
        st.held[seat].clear()
    _yellow(data, st)
    log.yellow = st.yellow // data.per_team if st.yellow != NONE else NONE
    log.rounds = st.round
    log.points = [a + b - c for a, b, c in zip(st.indiv, st.teampts, log.points)]
    st.logs.append(log)


def _yellow(data: EngineData, st: State) -> None:
    """The first stage's winner takes the Yellow; after any other stage, the individual leader
    (a tie keeps it on its wearer, else the tied player placed best in the last road stage)."""
    per = data.per_team
    if st.stage == 0 and st.kind == ROAD and st.table:
        st.yellow = st.table[0]
        return
    best = max(st.indiv)
    leaders = [s for s in range(st.n) if st.indiv[s] == best]
    holder = st.yellow // per if st.yellow != NONE else NONE
    if holder in leaders:
        return
    places = st.last_places
    order = [(st.first + k) % st.n for k in range(st.n)]

    def placed(seat: int) -> tuple[int, int]:
        mine = [i for i, cyc in enumerate(places) if cyc // per == seat]
        return (mine[0] if mine else len(places), order.index(seat))

    seat = min(leaders, key=placed)
    mine = [cyc for cyc in places if cyc // per == seat]
    st.yellow = mine[0] if mine else seat * per


def tour_winner(data: EngineData, st: State) -> int | None:
    totals = [a + b for a, b in zip(st.indiv, st.teampts)]
    best = max(totals)
    top = [s for s in range(st.n) if totals[s] == best]
    if len(top) > 1 and data.rules.tour_tie == "individual":
        most = max(st.indiv[s] for s in top)
        top = [s for s in top if st.indiv[s] == most]
    return top[0] if len(top) == 1 else None
