"""Maillot Jaune: the rules as typed facts (from rules.yaml), the checks they imply, what the
rulebook template is given, and the rulebook's own diagrams (``FIGURES``)."""

from pnp.games.maillot_jaune.checks import CHECKS, board_square_size, check
from pnp.games.maillot_jaune.checks import verified as verified  # what the checks verified (pnp.check.passed)
from pnp.games.maillot_jaune.context import rulebook_context
from pnp.games.maillot_jaune.facts import Facts
from pnp.games.maillot_jaune.figures import FIGURES
from pnp.games.maillot_jaune.simulation import SIMULATION as SIMULATION  # the engine pnp simulate plays

__all__ = ["CHECKS", "FIGURES", "Facts", "SIMULATION", "board_square_size", "check", "rulebook_context", "verified"]
