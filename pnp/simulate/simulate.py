"""``simulate``: play seeded games of a game on its printed data and report what they show."""

from __future__ import annotations

from pnp.simulate.engine import Simulation, find_simulation
from pnp.simulate.report import Report
from pnp.simulate.runner import Progress, run_games


def simulate(model, players: int, games: int, seed: int, policy: str = "random", jobs: int = 1,
             progress: Progress | None = None, *, check: bool = True, **options) -> Report:
    """Play ``games`` games of ``players`` seats, all with ``policy`` ("random" or "greedy"), from
    ``seed``; ``jobs`` processes (1: this one; 0: every core) give the same report.

    ``model`` is a GameModel (its engine is the ``SIMULATION`` of its rules module, built with
    ``options``, the engine's own settings, e.g. a board ``side``; None means
    unset) or a Simulation already built. With ``check`` the invariants are checked after every
    move; a game that breaks one is reported in ``Report.failures`` (seed and move) and left out of
    the figures. ``progress(done, total)`` is called as games finish.

    Raises NoEngine when the game has no engine, a PnpError when its data cannot be played,
    ValueError for a bad argument (games < 1, players out of range, an unknown policy or option).
    """
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    sim = find_simulation(model, **options)
    if not isinstance(sim, Simulation):
        raise TypeError(f"{type(sim).__name__} is not a Simulation")
    sim.validate(players, policy)  # fails here, before any process starts
    records = run_games(sim, players, games, seed, policy=policy, jobs=jobs, progress=progress, check=check)
    return Report.from_records(records, sim, players=players, seed=seed, policy=policy)
