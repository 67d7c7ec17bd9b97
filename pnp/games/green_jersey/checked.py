"""What one Green Jersey check found and what it verified: a check computes its figures once, and
both its findings and its passed records (``pnp check --all``, pnp.check.passed) come from them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pnp.check.findings import Finding


@dataclass(frozen=True)
class Claim:
    """A part of the data a check looked at, with the figures it computed there."""

    rule: str
    component: str
    figures: str
    whole: bool
    """The figures speak for the whole check: any finding of ``rule`` cancels them."""


class Checked(list[Finding]):
    """The findings of one check (a plain list of them, as the checks always returned), and the
    claims of what it verified with their figures.

    A claim stands only where the check found nothing: a finding of the same rule for the same
    component cancels it (any finding of the rule, for a claim about the whole check).
    """

    def __init__(self, findings: Iterable[Finding] = ()) -> None:
        super().__init__(findings)
        self.claims: list[Claim] = []

    def ok(self, rule: str, component: str, figures: str, *, whole: bool = False) -> None:
        """Claim that ``component`` passed ``rule``, with the ``figures`` the check computed."""
        self.claims.append(Claim(rule, component, figures, whole))

    def passed(self) -> list[tuple[str, str, str]]:
        """(rule, component, figures) of every claim no finding of this check cancels."""
        rules = {f.rule for f in self}
        failed = {(f.rule, f.component) for f in self}
        return [(c.rule, c.component, c.figures) for c in self.claims
                if not (c.rule in rules if c.whole else (c.rule, c.component) in failed)]


def listing(items: Iterable[object]) -> str:
    """``1, 2, 3``: the items of a figure, in their order."""
    return ", ".join(map(str, items))


def span(values: Iterable[int]) -> str:
    """``9`` when every value is the same, ``8 to 10`` when they differ."""
    vs = sorted(set(values))
    if not vs:
        return "none"
    return str(vs[0]) if len(vs) == 1 else f"{vs[0]} to {vs[-1]}"
