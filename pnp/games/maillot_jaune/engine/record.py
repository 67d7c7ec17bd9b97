"""What one finished game leaves for the report (``Outcome.detail``): small and picklable."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.maillot_jaune.engine.data import EngineData
from pnp.games.maillot_jaune.engine.state import State


@dataclass(frozen=True)
class RaceRecord:
    owners: tuple[int, ...]          # seat of every rider, -1 for nobody's
    ranks: tuple[int, ...]           # final place of every rider (1 = yellow jersey), 0 if it abandoned
    times: tuple[int, ...]           # minutes behind, in all
    form_left: tuple[int, ...]
    stage_winners: tuple[int, ...]   # rider of every stage (-1: nobody crossed)
    stage_rounds: tuple[int, ...]
    abandons: tuple[tuple[int, int], ...]  # (rider, stage from 0)
    decided_by: str                  # one of race.DECIDED, or "" with fewer than two riders left
    margin: int                      # minutes between the first two, -1 with fewer than two
    punctures: int
    slip_punctures: int
    risky: int
    safe: int
    plain: int
    waiting_max: int
    markers_short: int
    shifts: int
    slip_paid: int
    slip_rolls: int
    escapes: int
    pairs: int
    helps: int
    skipped: int
    dial_empty: int                  # rider-stages in which a dial ran empty
    energy_left: tuple[int, ...]     # energy on the dial of every rider as it crossed a line
    form_spent_risky: int
    form_spent_slip: int


def record(data: EngineData, st: State) -> RaceRecord:
    c = st.counts
    order = c.order
    ranks = [0] * data.n_riders
    for place, r in enumerate(order, 1):
        ranks[r] = place
    margin = st.times[order[1]] - st.times[order[0]] if len(order) >= 2 else -1
    return RaceRecord(
        owners=tuple(st.owner), ranks=tuple(ranks), times=tuple(st.times), form_left=tuple(st.form),
        stage_winners=tuple(c.stage_winners), stage_rounds=tuple(c.stage_rounds), abandons=tuple(c.abandons),
        decided_by=c.decided, margin=margin, punctures=c.punctures, slip_punctures=c.slip_punctures,
        risky=c.risky, safe=c.safe, plain=c.plain, waiting_max=c.waiting_max, markers_short=c.markers_short,
        shifts=c.shifts, slip_paid=c.slip_paid, slip_rolls=c.slip_rolls, escapes=c.escapes, pairs=c.pairs,
        helps=c.helps, skipped=c.skipped, dial_empty=sum(c.dial_empty), energy_left=tuple(c.energy_left),
        form_spent_risky=c.form_spent_risky, form_spent_slip=c.form_spent_slip,
    )
