"""Play many seeded games of any game's engine, on one core or several, and keep a small record of each.

Game ``i`` of a run with seed ``s`` is played with the seed ``game_seed(s, i)``, whatever process
plays it, and the records come back in game order: a run gives the same records with any number
of jobs. A record's ``seed`` names that seed, so any game can be played again alone:

    simulation.play(players, game_seed(s, i), policy)
"""

from __future__ import annotations

import os
from collections.abc import Callable

from pnp.simulate.engine import GameRecord, Simulation

Progress = Callable[[int, int], None]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a run seeded with ``seed``."""
    return int(seed) * 1_000_003 + index


def play_record(sim: Simulation, players: int, seed: int, index: int, policy: str, check: bool) -> GameRecord:
    """Game ``index`` of the run seeded with ``seed``, as a record."""
    s = game_seed(seed, index)
    o = sim.play(players, s, policy, check)
    return GameRecord(index, s, o.winner, o.moves, o.detail, o.error, o.error_move, o.error_at)


def cores(jobs: int) -> int:
    """The processes ``jobs`` asks for: 0 or less means one per core."""
    return jobs if jobs > 0 else (os.cpu_count() or 1)


def run_games(sim: Simulation, players: int, games: int, seed: int, policy: str = "random", jobs: int = 1,
              progress: Progress | None = None, check: bool = True, start: int = 0) -> list[GameRecord]:
    """``games`` records, in game order, of games ``start`` to ``start + games - 1`` of the run
    seeded with ``seed``. ``jobs`` > 1 plays them in that many processes (0 or less: one per core)."""
    jobs = cores(jobs)
    jobs = max(1, min(jobs, games))
    stop = start + games
    if jobs == 1:
        out = []
        for i in range(start, stop):
            out.append(play_record(sim, players, seed, i, policy, check))
            if progress is not None:
                progress(i + 1 - start, games)
        return out
    from pnp.simulate.backends import Chunk, run_local  # the pool every local run shares

    size = max(1, min(50, games // (jobs * 4) or 1))
    chunks = [Chunk(0, players, seed, a, min(stop, a + size)) for a in range(start, stop, size)]
    done = [0]

    def finished(chunk: Chunk) -> None:
        done[0] += chunk.games
        if progress is not None:
            progress(done[0], games)

    return [r for part in run_local([sim], chunks, policy, check, jobs, finished) for r in part]
