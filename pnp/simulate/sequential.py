"""Sequential runs: play a game in growing batches until every share its findings compare with a
threshold is decided, or a cap is hit.

A share is decided when its interval excludes the threshold (the finding is certain; 99.9 % while
the run may go on, see ``Z_LOOK``) or its 95 % interval is narrower than ``precision`` on each side (the share is known well enough to say it is close to the
threshold). Every run watches the seats (their wins against the fair share) and whatever the game
watches (``Simulation.watched``). Batches double (first, 2 x first, 4 x first...), so a clear
result costs few games and a close one gets the games it needs; games are the same games, in the
same order, as a plain run of that many games, so a report can be played again with its seed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.simulate.engine import Simulation, Watch
from pnp.simulate.report import Report
from pnp.simulate.runner import run_games
from pnp.simulate.stats import wilson


@dataclass(frozen=True)
class Stopping:
    """When a sequential run stops: after ``first`` games at the least, ``cap`` at the most, as soon as
    every watched share's interval excludes its threshold or is within ``precision`` of its share."""

    first: int = 500
    cap: int = 20_000
    precision: float = 0.02

    def __post_init__(self) -> None:
        if not 1 <= self.first <= self.cap:
            raise ValueError(f"a sequential run needs 1 <= first ({self.first}) <= cap ({self.cap})")
        if not 0 < self.precision < 0.5:
            raise ValueError(f"precision {self.precision}: between 0 and 0.5")


def watches(sim: Simulation, report: Report) -> list[Watch]:
    """What a report's run must decide: every seat's share of the decided games against the fair
    share, then the game's own watched shares."""
    seats = [Watch(f"seat {s.seat + 1} wins", s.of_decided, s.fair) for s in report.seats]
    return seats + list(sim.watched(report))


Z_LOOK = 3.2905267314918945
"""The interval (99.9 %) a share must exclude its threshold by to stop a run early: a run looks at
its shares after every batch, and stopping at the first 95 % exclusion would stop on chance."""


def is_decided(watch: Watch, precision: float) -> bool:
    """Whether ``watch`` is decided: its 99.9 % interval excludes the threshold, or its 95 % interval
    is at most ``precision`` either side of the share (a share nobody has measured is not decided)."""
    share = watch.share
    if share.n == 0:
        return False
    lo, hi = wilson(share.k, share.n, Z_LOOK)
    if not lo <= watch.threshold <= hi:
        return True
    lo, hi = share.interval
    return (hi - lo) / 2 <= precision


def undecided(sim: Simulation, report: Report, precision: float) -> list[Watch]:
    return [w for w in watches(sim, report) if not is_decided(w, precision)]


def run_until_decided(sim: Simulation, players: int, seed: int, policy: str, stopping: Stopping = Stopping(),
                      jobs: int = 1, check: bool = True,
                      progress: Callable[[int, int], None] | None = None) -> Report:
    """A report of the games ``sim`` needed to decide its watched shares (see ``Stopping``).
    ``report.stop`` says why it stopped: "decided" or "cap" (with the shares still open)."""
    sim.validate(players, policy)
    records: list = []
    target = stopping.first
    while True:
        done = len(records)

        def step(n: int, _total: int, done: int = done) -> None:
            if progress is not None:
                progress(done + n, stopping.cap)

        records += run_games(sim, players, target - done, seed, policy=policy, jobs=jobs, check=check,
                             progress=step, start=done)
        report = Report.from_records(records, sim, players=players, seed=seed, policy=policy)
        still = undecided(sim, report, stopping.precision)
        if not still:
            return report.stopped("decided")
        if target >= stopping.cap:
            return report.stopped("cap", tuple(w.name for w in still))
        target = min(stopping.cap, target * 2)
