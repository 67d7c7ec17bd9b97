"""Green Jersey: the rules as typed facts (from rules.yaml) and the checks they imply."""

from pnp.games.green_jersey.check_engine import simulation_findings
from pnp.games.green_jersey.checks import check
from pnp.games.green_jersey.facts import Facts

__all__ = ["Facts", "check", "simulation_findings"]
