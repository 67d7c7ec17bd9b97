"""Simulated games of any game whose rules module has an engine (``SIMULATION``: see pnp.simulate.engine,
and pnp.simulate.turns for a game written as states and moves).

    from pnp.simulate import simulate, smoke_findings
    report = simulate(model, players=4, games=1000, seed=1, policy="random", jobs=2)
    print(report.as_text())          # or report.as_json()
    findings = smoke_findings(model)  # list[pnp.check.findings.Finding]
"""

from pnp.simulate.engine import (POLICIES, Details, GameRecord, NoEngine, Outcome, Simulation, Watch, find_simulation,
                                 has_engine, simulation_class)
from pnp.simulate.findings import SmokeRun, report_findings, smoke_findings, smoke_run
from pnp.simulate.sequential import Stopping, run_until_decided
from pnp.simulate.report import Failure, Report, SeatStat
from pnp.simulate.runner import game_seed, run_games
from pnp.simulate.simulate import simulate
from pnp.simulate.stats import Share, Summary, wilson
from pnp.simulate.turns import ReplayError, TurnEngine

__all__ = ["Details", "Failure", "GameRecord", "NoEngine", "Outcome", "POLICIES", "ReplayError", "Report",
           "SeatStat", "Share", "Simulation", "SmokeRun", "Stopping", "Summary", "TurnEngine", "Watch", "find_simulation", "game_seed", "has_engine",
           "report_findings", "run_games", "run_until_decided", "simulate", "smoke_run", "simulation_class", "smoke_findings", "wilson"]
