"""Tour de France (Donald Bostock, MB France): the rules as typed facts (from rules.yaml), the checks
they imply, the movement rules and the rulebook's diagrams drawn from them, and what the rulebook
template reads."""

from pnp.games.tour_de_france_mb.checks import CHECKS, check
from pnp.games.tour_de_france_mb.checks import verified as verified  # what the checks verified (pnp.check.passed)
from pnp.games.tour_de_france_mb.context import rulebook_context
from pnp.games.tour_de_france_mb.facts import Facts
from pnp.games.tour_de_france_mb.figures import FIGURES
from pnp.games.tour_de_france_mb.simulation import SIMULATION  # noqa: F401  (the engine pnp simulate plays)

__all__ = ["CHECKS", "FIGURES", "Facts", "SIMULATION", "check", "rulebook_context", "verified"]
