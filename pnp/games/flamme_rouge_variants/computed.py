"""The computed checks of the variants (FRV-CALC-...): what can be worked out from the data on its own,
the base game aside: the ghosts' draws (ghosts.py), the weather walk (weather.py), how long the form deck
and the riders' piles last (lifetime.py), the points tables (tables.py). Exact where the cases can be
counted, seeded Monte Carlo with Wilson intervals where not. Their horizon and the largest chance of
running short the designer accepts are rules.yaml's ``computed:``.

Each returns a Checked (pnp.check.checked): findings, and what it verified with its figures. The
figures that take long to compute (the ghosts' pace, the ties) come from checks that find nothing, run
only for what the checks verified (``pnp check --all``), so that ``pnp check`` stays quick.
"""

from __future__ import annotations

from pnp.games.flamme_rouge_variants import ghosts, lifetime, tables, weather

COMPUTED = ghosts.CHECKS + weather.CHECKS + lifetime.CHECKS + tables.CHECKS
"""The computed checks: model -> findings (a Checked)."""

FIGURES_ONLY = ghosts.FIGURES + tables.FIGURES
"""Computations that find nothing and report what they computed: model -> Checked."""
