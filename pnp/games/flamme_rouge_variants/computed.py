"""The computed checks of the variants (FRV-CALC-...): what can be worked out from the data on its own,
the base game aside: the ghosts' draws (ghosts.py), the weather walk (weather.py), how long the form deck
and the riders' piles last (lifetime.py), the points tables (tables.py). Exact where the cases can be
counted, seeded Monte Carlo with Wilson intervals where not. Their horizons and the largest chance of
running short the designer accepts are rules.yaml's ``computed:``.
"""

from __future__ import annotations

from pnp.check.findings import Finding
from pnp.games.flamme_rouge_variants import ghosts, lifetime, tables, weather
from pnp.games.flamme_rouge_variants.verified import Verified
from pnp.model.game_model import GameModel

COMPUTED = (ghosts.findings, weather.findings, lifetime.findings, tables.findings)
"""The computed checks: model -> findings."""

COMPUTED_FIGURES = (ghosts.figures, weather.figures, lifetime.figures, tables.figures)
"""What they verified: model -> Verified entries."""


def computed_findings(model: GameModel) -> list[Finding]:
    return [finding for rule in COMPUTED for finding in rule(model)]


def computed_figures(model: GameModel) -> list[Verified]:
    return [entry for figures in COMPUTED_FIGURES for entry in figures(model)]
