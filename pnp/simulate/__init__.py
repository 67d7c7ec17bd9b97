"""Simulated games on the printed data: reports, and the findings of a smoke run.

    from pnp.simulate import simulate, smoke_findings
    report = simulate(model, players=4, games=1000, seed=1, policy="random", jobs=2)
    print(report.as_text())          # or report.as_json()
    findings = smoke_findings(model)  # list[pnp.check.findings.Finding]
"""

from pnp.games.green_jersey.engine import EngineError, has_engine
from pnp.simulate.findings import engine_gap_findings, report_findings, smoke_findings
from pnp.simulate.report import Report
from pnp.simulate.runner import game_seed, run_games
from pnp.simulate.simulate import simulate
from pnp.simulate.stats import Share, Summary, wilson

__all__ = ["EngineError", "Report", "Share", "Summary", "engine_gap_findings", "game_seed", "has_engine",
           "report_findings", "run_games", "simulate", "smoke_findings", "wilson"]
