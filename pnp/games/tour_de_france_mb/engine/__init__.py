"""An engine that plays the Tour de France (MB) on the printed course and decks.

It reads the real course (boards.yaml: road, bands, time trial squares, red dots, green and finish
lines), the race and risk decks (course.csv, risque.csv) and the numbers of rules.yaml, and follows
the ``engine:`` choices of rules.yaml wherever the rules are silent (listed by ``engine_gaps``).

    from pnp.games.tour_de_france_mb.engine import EngineData, TourEngine
    engine = TourEngine(EngineData.from_model(model))
    outcome = engine.play(4, seed=7, policy="greedy")
"""

from pnp.games.tour_de_france_mb.engine.data import ITT, ROAD, TTT, EngineData, EngineError
from pnp.games.tour_de_france_mb.engine.game import TourEngine
from pnp.games.tour_de_france_mb.engine.record import TourRecord
from pnp.games.tour_de_france_mb.engine.state import State, StageLog

__all__ = ["EngineData", "EngineError", "ITT", "ROAD", "State", "StageLog", "TTT", "TourEngine", "TourRecord"]

COMPILED_MODULES = ("course", "greedy", "invariants", "itt", "piles", "road", "scoring", "state")
"""The engine's hot modules, compiled to C by mypyc when a wheel is built (pnp.native, setup.py)."""
