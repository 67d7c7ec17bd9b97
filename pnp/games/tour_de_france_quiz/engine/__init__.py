"""An engine that plays Le jeu du Tour de France on the printed track and decks.

It reads the real board side (its typed squares in race order), the real decks (questions, points,
strategy, mishaps), the numbers of rules.yaml, and follows the ``engine:`` choices of rules.yaml
wherever the rules are silent (listed by ``gaps.engine_gaps``).

    from pnp.games.tour_de_france_quiz.engine import EngineData, QuizEngine
    engine = QuizEngine(EngineData.from_model(model))
    outcome = engine.play(4, seed=7, policy="greedy")
"""

from pnp.games.tour_de_france_quiz.engine.data import EngineData, EngineError
from pnp.games.tour_de_france_quiz.engine.record import QuizGame
from pnp.games.tour_de_france_quiz.engine.state import State
from pnp.games.tour_de_france_quiz.engine.turns import QuizEngine

__all__ = ["EngineData", "EngineError", "QuizEngine", "QuizGame", "State"]
