"""Turn a smoke run of simulated games into findings, like any other rules check.

Rule ids:
- GJ-SIM-INVARIANT (error): the engine broke a rule of the game (seed and move to replay it);
- GJ-SIM-SPRINT-END (warning / question): no sprint, or very few, ended with riders over the line;
- GJ-SIM-SEAT (warning): a seat's win rate, with its 95 % interval, excludes the fair share;
- GJ-SIM-DEAL (warning / question): the draw pile ran out while dealing / held discards back;
- GJ-SIM-NO-WINNER (question): many games end with the jersey on a rider nobody owns;
- GJ-ENGINE-... (question): one per point where the engine follows a choice of ``engine:``.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.check.findings import Finding, error, question, warning
from pnp.games.green_jersey.engine import EngineData, EngineError
from pnp.simulate.report import Report
from pnp.simulate.simulate import simulate

RARE_END = 0.10
"""Below this share of sprints ended on the line (upper end of the interval), a question."""
NO_WINNER = 0.10
"""From this share of games without a winner, a question."""
SMOKE_POLICY = "greedy"
"""Smoke runs play greedy seats: random play hardly ever races anyone to the line."""


def engine_gap_findings(model) -> list[Finding]:
    """One question per point where the rules are silent and the engine follows ``engine:``."""
    from pnp.games.green_jersey.check_engine import gaps

    return gaps(model)


def report_findings(model, report: Report) -> list[Finding]:
    """Findings of one simulated report (one player count)."""
    src = model.sources
    who = f"{report.players} players, side {report.side}"
    how = f"{report.games} {report.policy} games, seed {report.seed}"
    out: list[Finding] = []
    for f in report.failures[:5]:
        out.append(error("GJ-SIM-INVARIANT", who, f"the engine broke a rule: {f.text()} "
                         f"(replay: seed {f.seed}, {report.players} {report.policy} players)", src.rule("engine")))
    if len(report.failures) > 5:
        out.append(error("GJ-SIM-INVARIANT", who, f"{len(report.failures) - 5} more games broke a rule",
                         src.rule("engine")))
    end = report.ended_by_finishers
    where = src.rule("sprint", "finishers_to_end")
    if end.n and end.k == 0:
        out.append(warning("GJ-SIM-SPRINT-END", who, f"no sprint of {end.n} ended with the riders over the "
                           f"line ({how}): every sprint ran out of cards", where))
    elif end.n and end.interval[1] < RARE_END:
        out.append(question("GJ-SIM-SPRINT-END", who, f"only {end.text()} of the sprints ended with the riders "
                            f"over the line ({how}); the others ran out of cards", where))
    for seat in report.seats:
        if seat.unfair:
            side = "more" if seat.of_decided.value > seat.fair else "less"
            out.append(warning("GJ-SIM-SEAT", who, f"seat {seat.seat + 1} won {seat.of_decided.text()} of the "
                               f"games that had a winner, {side} than the fair {100 * seat.fair:.1f} % ({how}); "
                               "one seat in twenty falls outside its 95 % interval by chance: simulate more "
                               "games to confirm", src.rule("sprints", report.players)))
    short = report.deal_short
    if short.k:
        at = ", ".join(f"sprint {i}: {s.k}" for i, s in enumerate(report.deal_short_by_sprint, 1) if s.k)
        out.append(warning("GJ-SIM-DEAL", who, f"the draw pile ran out while dealing in {short.text()} of the "
                           f"deals ({at}); those hands stayed short ({how})", src.rule("deal", "discard_max")))
    capped = report.deal_capped
    if capped.k:
        out.append(question("GJ-SIM-DEAL", who, f"the draw pile held discards back in {capped.text()} of the "
                            f"deals (GJ-D-DECK-OUT), {report.capped_players.mean:.1f} players a deal on average "
                            f"({how})", src.rule("deal", "discard_max")))
    none = report.no_winner
    if none.n and none.value >= NO_WINNER:
        out.append(question("GJ-SIM-NO-WINNER", who, f"{none.text()} of the games ended with the jersey on a "
                            f"rider nobody owns, so without a winner ({how})", src.rule("riders")))
    return out


def smoke_findings(model, seed: int = 1, games: int = 200, policy: str = SMOKE_POLICY, jobs: int = 1,
                   side: str | None = None,
                   progress: Callable[[int, int, int], None] | None = None) -> list[Finding]:
    """Simulate ``games`` games at every player count and report what they find, plus one question
    per engine gap. ``progress(players, done, total)`` is called as games finish."""
    out: list[Finding] = []
    try:
        data = EngineData.from_model(model, side)
    except EngineError as exc:
        return [error("GJ-SIM-ENGINE", "engine", f"the game cannot be simulated: {exc}", model.sources.rule("engine"))]
    for players in model.facts.players.values():
        if players > data.n_riders:
            continue
        cb = None
        if progress is not None:
            cb = (lambda p: (lambda done, total: progress(p, done, total)))(players)
        report = simulate(data, players, games, seed, policy=policy, jobs=jobs, progress=cb)
        out.extend(report_findings(model, report))
    out.extend(engine_gap_findings(model))
    return out
