"""Le jeu du Tour de France (BD2 Games): the rules as typed facts (from rules.yaml), the checks they imply,
and what the rulebook template reads."""

from pnp.games.tour_de_france_quiz.checks import CHECKS, check
from pnp.games.tour_de_france_quiz.checks import verified as verified  # what the checks verified (pnp.check.passed)
from pnp.games.tour_de_france_quiz.context import rulebook_context
from pnp.games.tour_de_france_quiz.facts import Facts
from pnp.games.tour_de_france_quiz.simulation import SIMULATION  # noqa: F401  (the engine pnp simulate plays)

__all__ = ["CHECKS", "Facts", "SIMULATION", "check", "rulebook_context", "verified"]
