"""Play many seeded games, on one core or several, and keep a small record of each.

Game ``i`` of a run with seed ``s`` is played with the seed ``game_seed(s, i)``, whatever process
plays it, and the records come back in game order: a run gives the same records with any number
of jobs. ``replay_seed`` names that seed in messages, so any game can be played again alone:

    play_game(EngineData.from_model(model), players, game_seed(s, i), policy, record=True)
"""

from __future__ import annotations

import multiprocessing as mp
import os
from collections.abc import Callable
from dataclasses import dataclass

from pnp.games.green_jersey.engine import EngineData, InvariantViolation, play_game

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SprintRecord:
    cards_played: int
    ended: str
    finishers: int
    photo_finish: bool
    forced: int
    kept: int
    pile: int
    short: int
    short_step: str
    empty: bool
    capped: int
    discarded: int
    jersey_changed: bool


@dataclass(frozen=True)
class GameRecord:
    index: int
    seed: int
    winner: int | None
    wearer: int
    wearer_owned: bool
    jersey_changes: int
    moves: int
    sprints: tuple[SprintRecord, ...]
    error: str = ""
    error_move: int = 0
    error_sprint: int = 0


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a run seeded with ``seed``."""
    return int(seed) * 1_000_003 + index


def play_record(data: EngineData, players: int, seed: int, index: int, policy, sprints: int | None,
                check: bool) -> GameRecord:
    s = game_seed(seed, index)
    try:
        r = play_game(data, players, s, policy=policy, sprints=sprints, check=check)
    except InvariantViolation as exc:
        return GameRecord(index, s, None, -1, False, 0, exc.move, (), exc.detail, exc.move, exc.sprint)
    sprints_out = tuple(
        SprintRecord(x.cards_played, x.ended, len(x.finishers), x.photo_finish, x.forced, x.kept,
                     x.deal.pile, x.deal.short, x.deal.short_step, x.deal.empty, x.deal.capped,
                     x.deal.discarded, x.jersey_changed)
        for x in r.sprints)
    owned = r.wearer >= 0 and r.winner is not None
    return GameRecord(index, s, r.winner, r.wearer, owned, r.jersey_changes, r.moves, sprints_out)


# --- worker processes

_JOB: tuple | None = None


def _init(job: tuple) -> None:
    global _JOB
    _JOB = job


def _chunk(bounds: tuple[int, int]) -> list[GameRecord]:
    data, players, seed, policy, sprints, check = _JOB
    return [play_record(data, players, seed, i, policy, sprints, check) for i in range(*bounds)]


def run_games(data: EngineData, players: int, games: int, seed: int, policy="random", jobs: int = 1,
              progress: Progress | None = None, sprints: int | None = None, check: bool = True
              ) -> list[GameRecord]:
    """``games`` records, in game order. ``jobs`` > 1 plays them in that many processes
    (0 or less: one per core)."""
    if jobs <= 0:
        jobs = os.cpu_count() or 1
    jobs = max(1, min(jobs, games))
    if jobs == 1:
        out = []
        for i in range(games):
            out.append(play_record(data, players, seed, i, policy, sprints, check))
            if progress is not None:
                progress(i + 1, games)
        return out
    size = max(1, min(50, games // (jobs * 4) or 1))
    bounds = [(a, min(games, a + size)) for a in range(0, games, size)]
    job = (data, players, seed, policy, sprints, check)
    out: list[GameRecord] = []
    methods = mp.get_all_start_methods()
    ctx = mp.get_context("fork" if "fork" in methods else methods[0])
    with ctx.Pool(jobs, initializer=_init, initargs=(job,)) as pool:
        for records in pool.imap(_chunk, bounds):
            out.extend(records)
            if progress is not None:
                progress(len(out), games)
    return out
