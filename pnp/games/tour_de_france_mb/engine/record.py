"""What one Tour records (``Outcome.detail``): its stages' logs, the teams, the scores, the jerseys."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.tour_de_france_mb.engine.data import EngineData
from pnp.games.tour_de_france_mb.engine.state import NONE, StageLog, State


@dataclass(frozen=True)
class TourRecord:
    teams: tuple[int, ...]
    """The team (index of rules.yaml teams) each seat raced."""
    stages: tuple[StageLog, ...]
    individual: tuple[int, ...]
    team: tuple[int, ...]
    winner: int | None
    yellow: int
    """The seat wearing the Yellow Jersey at the end (the individual leader)."""
    trace: int = 0
    """A digest of every decision's effect (State.traced): another path gives another digest."""

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(a + b for a, b in zip(self.individual, self.team))

    @property
    def winning_team(self) -> int:
        return self.teams[self.winner] if self.winner is not None else NONE


def tour_record(data: EngineData, st: State) -> TourRecord:
    yellow = st.yellow // data.per_team if st.yellow != NONE else NONE
    return TourRecord(tuple(st.team), tuple(st.logs), tuple(st.indiv), tuple(st.teampts), st.winner, yellow,
                      st.trace)
