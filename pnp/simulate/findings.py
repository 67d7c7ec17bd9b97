"""Turn a smoke run of simulated games into findings, like any other rules check.

Generic rule ids, after the game's ``Simulation.rule_prefix`` (``P``):
- P-INVARIANT (error): the engine broke a rule of the game (seed and move to replay it);
- P-SEAT (warning): a seat's win rate, with its 95 % interval, excludes the fair share;
- P-ENGINE (error): the game's data cannot be played by its engine.
What a run verified is reported as passed records: P-INVARIANT (every rule held), P-SEAT (every seat
within its interval), P-LENGTH (the game length's distribution). A decision's ``expects:`` is checked
against the reports (DECISION-EXPECTS, pnp.simulate.expectations).
The game adds its own (``Simulation.findings`` per report, ``Simulation.engine_findings`` once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.check.findings import Finding, error, warning
from pnp.errors import Location, PnpError
from pnp.simulate.engine import NoEngine, Simulation, simulation_class
from pnp.simulate.expectations import expectation_results
from pnp.simulate.report import Report, run_words
from pnp.simulate.sequential import Stopping, run_until_decided

SMOKE = Stopping(first=500, cap=20_000, precision=0.015)
"""A smoke run's stopping rule, per player count and engine variant (see pnp.simulate.sequential)."""
SMOKE_GAMES: int | None = None
"""A fixed number of games per player count instead (tests set it to keep runs short)."""


@dataclass(frozen=True)
class SmokeRun:
    """What a smoke run found (``findings``), what it verified (``passed``: rule, component, figures,
    location) and its reports, one per player count and variant."""

    findings: tuple[Finding, ...]
    passed: tuple[tuple[str, str, str, Location], ...]
    reports: tuple[Report, ...]


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
                               "outside the interval shared among the seats (Bonferroni), so unlikely by chance", sim.source(model, "seat", report.players)))
    out.extend(sim.findings(model, report))
    return out


def smoke_findings(model, seed: int = 1, games: int | None = None, policy: str | None = None, jobs: int = 1,
                   progress: Callable[[str, int, int], None] | None = None, **options) -> list[Finding]:
    """The findings of ``smoke_run`` (which see)."""
    return list(smoke_run(model, seed, games, policy, jobs, progress, **options).findings)


def smoke_run(model, seed: int = 1, games: int | None = None, policy: str | None = None, jobs: int = 1,
              progress: Callable[[str, int, int], None] | None = None, stopping: Stopping | None = None,
              **options) -> SmokeRun:
    """Simulate every player count the engine can seat, in every variant it covers by default
    (``Simulation.variants``, e.g. every board side; ``options`` given instead choose one), each
    until its findings are decided (``stopping``, default ``SMOKE``) or for exactly ``games`` games;
    ``policy``: the engine's ``smoke_policy``. Reports what the runs find and verify, plus the
    engine's own findings (once). ``progress(what, done, cap)`` is called as games finish
    ("4 players, side a"). NoEngine when the game has none."""
    cls = simulation_class(model)
    if cls is None:
        raise NoEngine(f"{model.id} has no rules engine yet")
    games = games if games is not None else SMOKE_GAMES
    stopping = Stopping(games, games) if games is not None else (stopping or SMOKE)
    chosen = {k: v for k, v in options.items() if v is not None}
    findings: list[Finding] = []
    passed: list[tuple[str, str, str, Location]] = []
    reports: list[Report] = []
    sim = None
    for variant in ([chosen] if chosen else cls.variants(model)):
        try:
            sim = cls.from_model(model, **variant)
        except PnpError as exc:
            findings.append(error(f"{cls.rule_prefix}-ENGINE", "engine", f"the game cannot be simulated: {exc}",
                                  cls.source(model, "engine")))
            continue
        for players in sim.smoke_players(model):
            cb = None
            if progress is not None:
                label = ", ".join([f"{players} players", *(f"{k} {v}" for k, v in variant.items())])
                cb = (lambda what: (lambda done, total: progress(what, done, total)))(label)
            report = run_until_decided(sim, players, seed, policy or sim.smoke_policy, stopping, jobs=jobs,
                                       progress=cb)
            reports.append(report)
            findings.extend(report_findings(model, report, sim))
            passed.extend(report_passed(model, report, sim))
    if sim is not None:
        found, verified = expectation_results(model, reports, sim)
        findings.extend(found)
        passed.extend(verified)
        findings.extend(sim.engine_findings(model))
    return SmokeRun(tuple(findings), tuple(passed), tuple(reports))


def report_passed(model, report: Report, sim: Simulation) -> list[tuple[str, str, str, Location]]:
    """What a report verified, as passed records: the invariants held, no seat outside its interval
    (with the spread), and the game length's distribution."""
    who = sim.component(report)
    p = sim.rule_prefix
    how = run_words(report) + (f"; {report.stop_words()}" if report.stop else "")
    out = []
    if not report.failures:
        out.append((f"{p}-INVARIANT", who, f"every rule held after every move of {how}",
                    sim.source(model, "engine")))
    if report.seats and not any(s.unfair for s in report.seats):
        lows = [100 * s.of_decided.interval[0] for s in report.seats]
        highs = [100 * s.of_decided.interval[1] for s in report.seats]
        wins = ", ".join(f"{100 * s.of_decided.value:.1f}" for s in report.seats)
        out.append((f"{p}-SEAT", who, f"every seat within its interval of the fair {100 * report.seats[0].fair:.1f} %: "
                    f"wins per seat {wins} % (intervals {min(lows):.1f} to {max(highs):.1f} %; {how})",
                    sim.source(model, "seat", report.players)))
    length = report.game_length
    if length.n:
        out.append((f"{p}-LENGTH", who, f"game length ({report.move_unit}): {length.text()}; "
                    f"{_spread(length)} ({how})", sim.source(model, "engine")))
    return out


def _spread(summary) -> str:
    """The middle 80 % of a distribution of whole numbers: "80 % of games between 41 and 63"."""
    counts = dict(summary.counts)
    n = summary.n
    seen, lo, hi = 0, None, None
    for value in sorted(counts):
        seen += counts[value]
        if lo is None and seen >= 0.1 * n:
            lo = value
        if hi is None and seen >= 0.9 * n:
            hi = value
    return f"80 % of games between {lo} and {hi}"
