"""Every check of the variants, the rules' (checks.py) and the computed ones (computed.py), and what
they verified (``verified``: the checks that passed and their figures, for ``pnp check --all``)."""

from __future__ import annotations

from pnp.check.findings import Finding
from pnp.games.flamme_rouge_variants import checks as rules_checks
from pnp.games.flamme_rouge_variants.computed import COMPUTED, computed_figures, computed_findings
from pnp.games.flamme_rouge_variants.figures import FIGURES
from pnp.games.flamme_rouge_variants.verified import passed
from pnp.model.game_model import GameModel

CHECKS = rules_checks.CHECKS + COMPUTED


def check(model: GameModel) -> list[Finding]:
    """Run every Flamme Rouge variants check on ``model``: the rules', then the computed ones."""
    return rules_checks.check(model) + computed_findings(model)


def verified(model: GameModel) -> list[tuple[str, str, str]]:
    """(rule, component, figures) of every check that ran and passed: each rules check with the figures
    it compared, each computation with what it computed."""
    out = []
    for rule in rules_checks.CHECKS:
        out += passed(FIGURES[rule](model), rule(model))
    out += passed(computed_figures(model), computed_findings(model))
    return [entry.row() for entry in out]
