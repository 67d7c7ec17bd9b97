"""What a check verified, for ``pnp check --all`` (pnp.check.passed): a rule, a component and figures."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pnp.check.findings import Finding, Severity


@dataclass(frozen=True)
class Verified:
    """A check that ran on ``component`` and the figures it computed. ``covers`` holds the beginnings of
    the components of the findings it vouches for too (a deck's figure covers its teams' findings)."""

    rule: str
    component: str
    figures: str
    covers: tuple[str, ...] = ()

    def spoiled_by(self, finding: Finding) -> bool:
        """Whether ``finding`` says this check did not pass."""
        return finding.rule == self.rule and (finding.component == self.component
                                              or finding.component.startswith(self.covers or ("\0",)))

    def row(self) -> tuple[str, str, str]:
        return self.rule, self.component, self.figures


def passed(entries: Iterable[Verified], findings: Iterable[Finding]) -> list[Verified]:
    """The entries no error or warning of ``findings`` spoils. A failing finding that no entry of its
    rule names spoils every entry of that rule: a check is never listed as passed beside a failure
    it cannot place."""
    entries = list(entries)
    failing = [f for f in findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    unplaced = {f.rule for f in failing if not any(e.spoiled_by(f) for e in entries)}
    return [e for e in entries if e.rule not in unplaced and not any(e.spoiled_by(f) for f in failing)]
