"""Green Jersey: the rules as typed facts (from rules.yaml), the checks they imply, and the engine
``pnp simulate`` plays (``SIMULATION``, see pnp.simulate.engine)."""

from pnp.games.green_jersey.checks import check, verified
from pnp.games.green_jersey.context import rulebook_context
from pnp.games.green_jersey.facts import Facts
from pnp.games.green_jersey.figures import FIGURES
from pnp.games.green_jersey.simulation import SIMULATION

__all__ = ["FIGURES", "Facts", "SIMULATION", "check", "rulebook_context", "verified"]
