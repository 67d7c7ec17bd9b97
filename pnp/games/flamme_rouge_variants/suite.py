"""Every check of the variants, the rules' (checks.py) and the computed ones (computed.py), and what
they verified (``verified``: the checks that passed and their figures, for ``pnp check --all``)."""

from __future__ import annotations

from pnp.check.checked import Record, verified_by
from pnp.check.findings import Finding
from pnp.games.flamme_rouge_variants import checks as rules_checks
from pnp.games.flamme_rouge_variants.computed import COMPUTED, FIGURES_ONLY
from pnp.model.game_model import GameModel

CHECKS = rules_checks.CHECKS + COMPUTED


def check(model: GameModel) -> list[Finding]:
    """Run every Flamme Rouge variants check on ``model``: the rules', then the computed ones."""
    return [finding for rule in CHECKS for finding in rule(model)]


def verified(model: GameModel) -> list[Record]:
    """(rule, component, figures, location) of every check that ran and found nothing wrong, with what
    it computed, and of the computations that only report figures."""
    return verified_by(CHECKS + FIGURES_ONLY, model)
