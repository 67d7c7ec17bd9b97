"""Check stage: the game's rules model looks at the model and returns findings."""

from pnp.check.findings import Finding, Severity
from pnp.check.runner import run_checks

__all__ = ["Finding", "Severity", "run_checks"]
