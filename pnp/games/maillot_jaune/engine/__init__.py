"""An engine that plays Maillot Jaune on the printed board, riders, pieces and dice table.

It reads the real board (terrain zones, stage lines, grid squares), the riders and their star
profiles, the pieces each rider needs, the puncture markers and every number of rules.yaml, and
follows the ``engine:`` choices of rules.yaml wherever the rules are silent (listed by ``gaps``).

    from pnp.games.maillot_jaune.engine import EngineData, RaceEngine
    engine = RaceEngine.from_model(model)             # or from_model(model, level="basic")
    outcome = engine.play(4, seed=7, policy="greedy")
"""

from pnp.games.maillot_jaune.engine.data import EngineData, EngineError
from pnp.games.maillot_jaune.engine.game import RaceEngine
from pnp.games.maillot_jaune.engine.record import RaceRecord
from pnp.games.maillot_jaune.engine.state import State

__all__ = ["EngineData", "EngineError", "RaceEngine", "RaceRecord", "State"]

COMPILED_MODULES = ("invariants", "moves", "policy", "race", "state")
"""The engine's hot modules, compiled to C by mypyc when a wheel is built (pnp.native, setup.py)."""
