"""``simulate``: play seeded games of a game on its printed data and report what they show."""

from __future__ import annotations

from pnp.games.green_jersey.engine import EngineData, make_players
from pnp.simulate.report import Report
from pnp.simulate.runner import Progress, run_games


def engine_data(model, side: str | None = None) -> EngineData:
    """The engine's data for ``model`` (a GameModel, or EngineData already compiled)."""
    if isinstance(model, EngineData):
        return model
    return EngineData.from_model(model, side)


def simulate(model, players: int, games: int, seed: int, policy: str = "random", jobs: int = 1,
             progress: Progress | None = None, *, side: str | None = None, sprints: int | None = None,
             check: bool = True) -> Report:
    """Play ``games`` games of ``players`` seats, all with ``policy`` ("random" or "greedy"), from
    ``seed``; ``jobs`` processes (1: this one; 0: every core) give the same report.

    ``side`` picks the board side (default: ``engine.board_side`` of rules.yaml), ``sprints`` the
    sprints per game (default: the first number of rules.yaml for that player count). With
    ``check`` the invariants are checked after every move; a game that breaks one is reported in
    ``Report.failures`` (seed and move) and left out of the figures. ``progress(done, total)`` is
    called as games finish, with the number of games done and the total.

    Raises EngineError (a PnpError: shown as a plain message) when the data cannot be played or the
    side does not exist, ValueError for a bad argument (games < 1, players out of range, an unknown
    policy).
    """
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    data = engine_data(model, side)
    if not 1 <= players <= data.n_riders:
        raise ValueError(f"{players} players: the game has {data.n_riders} riders")
    count = sprints if sprints is not None else data.sprints_for(players)
    make_players(policy, players, seed)  # a bad policy name fails here, before any process starts
    records = run_games(data, players, games, seed, policy=policy, jobs=jobs, progress=progress,
                        sprints=sprints, check=check)
    return Report.from_records(records, game=data.game, side=data.geo.side_id, players=players, seed=seed,
                               policy=policy, sprints_per_game=count)
