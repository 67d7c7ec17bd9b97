"""An engine that plays Green Jersey on the printed board and deck data.

It reads the real board side (road squares, lanes, the 300 m and finish lines, the numbered
peloton squares), the real movement deck (movement.csv) and the numbers of rules.yaml, and follows
the ``engine:`` choices of rules.yaml wherever the rules are silent (listed by ``engine_gaps``).

    from pnp.games.green_jersey.engine import EngineData, Game, make_players
    data = EngineData.from_model(model)                 # or from_model(model, side="b")
    result = Game(data, make_players("greedy", 4, seed=7), seed=7).play()
"""

from pnp.games.green_jersey.engine.board_geometry import Geometry
from pnp.games.green_jersey.engine.cards import CardTable
from pnp.games.green_jersey.engine.data import EngineData, EngineError, has_engine
from pnp.games.green_jersey.engine.game import Game, GameResult
from pnp.games.green_jersey.engine.gaps import Gap, engine_gaps
from pnp.games.green_jersey.engine.invariants import InvariantViolation
from pnp.games.green_jersey.engine.moves import Move, apply_move, legal_moves
from pnp.games.green_jersey.engine.players import (POLICIES, GreedyPlayer, Player, RandomPlayer, ReplayError,
                                                   make_players)
from pnp.games.green_jersey.engine.position import position
from pnp.games.green_jersey.engine.state import State


def play_game(data: EngineData, players: int, seed: int, policy="random", sprints: int | None = None,
              record: bool = False, check: bool = True) -> GameResult:
    """Play one seeded game: ``players`` seats of ``policy`` (a name, or one per seat)."""
    return Game(data, make_players(policy, players, seed), seed, sprints=sprints, record=record,
                check=check).play()


__all__ = ["CardTable", "EngineData", "EngineError", "Game", "GameResult", "Gap", "Geometry", "GreedyPlayer",
           "InvariantViolation", "Move", "POLICIES", "Player", "RandomPlayer", "ReplayError", "State",
           "apply_move", "engine_gaps", "has_engine", "legal_moves", "make_players", "play_game", "position"]

COMPILED_MODULES = ("invariants", "moves", "players", "sprint", "state")
"""The engine's hot modules, compiled to C by mypyc when a wheel is built (pnp.native, setup.py)."""
