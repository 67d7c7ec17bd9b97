"""Turn a smoke run of simulated games into findings, like any other rules check.

Generic rule ids, after the game's ``Simulation.rule_prefix`` (``P``):
- P-INVARIANT (error): the engine broke a rule of the game (seed and move to replay it);
- P-SEAT (warning): a seat's win rate, with its 95 % interval, excludes the fair share;
- P-ENGINE (error): the game's data cannot be played by its engine.
The game adds its own (``Simulation.findings`` per report, ``Simulation.engine_findings`` once).
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.check.findings import Finding, error, warning
from pnp.errors import PnpError
from pnp.simulate.engine import NoEngine, Simulation, simulation_class
from pnp.simulate.report import Report
from pnp.simulate.simulate import simulate

SMOKE_GAMES = 200
"""Games per player count of a smoke run."""


def run_words(report: Report) -> str:
    """How a report was made, for messages: "200 greedy games, seed 1"."""
    return f"{report.games} {report.policy} games, seed {report.seed}"


def report_findings(model, report: Report, sim: Simulation) -> list[Finding]:
    """Findings of one simulated report (one player count): the generic ones, then the game's."""
    who = sim.component(report)
    how = run_words(report)
    p = sim.rule_prefix
    where = sim.source(model, "engine")
    out: list[Finding] = []
    for f in report.failures[:5]:
        out.append(error(f"{p}-INVARIANT", who, f"the engine broke a rule: {f.text()} "
                         f"(replay: seed {f.seed}, {report.players} {report.policy} players)", where))
    if len(report.failures) > 5:
        out.append(error(f"{p}-INVARIANT", who, f"{len(report.failures) - 5} more games broke a rule", where))
    for seat in report.seats:
        if seat.unfair:
            side = "more" if seat.of_decided.value > seat.fair else "less"
            out.append(warning(f"{p}-SEAT", who, f"seat {seat.seat + 1} won {seat.of_decided.text()} of the "
                               f"games that had a winner, {side} than the fair {100 * seat.fair:.1f} % ({how}); "
                               "one seat in twenty falls outside its 95 % interval by chance: simulate more "
                               "games to confirm", sim.source(model, "seat", report.players)))
    out.extend(sim.findings(model, report))
    return out


def smoke_findings(model, seed: int = 1, games: int = SMOKE_GAMES, policy: str | None = None, jobs: int = 1,
                   progress: Callable[[int, int, int], None] | None = None, **options) -> list[Finding]:
    """Simulate ``games`` games at every player count the engine can seat (``policy``: the engine's
    ``smoke_policy``) and report what they find, plus the engine's own findings (once).
    ``progress(players, done, total)`` is called as games finish. NoEngine when the game has none."""
    cls = simulation_class(model)
    if cls is None:
        raise NoEngine(f"{model.id} has no rules engine yet")
    try:
        sim = cls.from_model(model, **{k: v for k, v in options.items() if v is not None})
    except PnpError as exc:
        return [error(f"{cls.rule_prefix}-ENGINE", "engine", f"the game cannot be simulated: {exc}",
                      cls.source(model, "engine"))]
    policy = policy or sim.smoke_policy
    out: list[Finding] = []
    for players in sim.smoke_players(model):
        cb = None
        if progress is not None:
            cb = (lambda p: (lambda done, total: progress(p, done, total)))(players)
        report = simulate(sim, players, games, seed, policy=policy, jobs=jobs, progress=cb)
        out.extend(report_findings(model, report, sim))
    out.extend(sim.engine_findings(model))
    return out
