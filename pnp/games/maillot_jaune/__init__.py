"""Maillot Jaune: the rules as typed facts (from rules.yaml), the checks they imply, and what the
rulebook template is given."""

from pnp.games.maillot_jaune.checks import CHECKS, board_square_size, check
from pnp.games.maillot_jaune.context import rulebook_context
from pnp.games.maillot_jaune.facts import Facts

__all__ = ["CHECKS", "Facts", "board_square_size", "check", "rulebook_context"]
