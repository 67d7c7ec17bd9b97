"""What one check found and what it verified: a check computes its figures once, and both its
findings and its passed records (``pnp check --all``, pnp.check.passed) come from them.

A rules module's check returns a ``Checked`` (a plain list of its findings to every caller) and
records on it, with ``ok``, what it verified; the module's ``verified(model)`` is then
``verified_by(CHECKS, model)``. Not named verified.py: a submodule of that name would shadow a
package's ``verified`` function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from pnp.check.findings import Finding
from pnp.errors import Location

Record = tuple
"""(rule, component, figures) or (rule, component, figures, location): a check that ran and what it computed."""


@dataclass(frozen=True)
class Claim:
    """A part of the data a check looked at, with the figures it computed there."""

    rule: str
    component: str
    figures: str
    whole: bool
    """The figures speak for the whole check: any finding of ``rule`` cancels them."""
    where: Location | None = None
    """Where in the data the figures come from (None: the top of rules.yaml)."""


class Checked(list):
    """The findings of one check (a list of Finding, as the checks always returned), and the
    claims of what it verified with their figures.

    A claim stands only where the check found nothing: a finding of the same rule for the same
    component cancels it (any finding of the rule, for a claim about the whole check).
    """

    def __init__(self, findings: Iterable[Finding] = ()) -> None:
        super().__init__(findings)
        self.claims: list[Claim] = []

    def ok(self, rule: str, component: str, figures: str, *, whole: bool = False,
           where: Location | None = None) -> None:
        """Claim that ``component`` passed ``rule``, with the ``figures`` the check computed."""
        self.claims.append(Claim(rule, component, figures, whole, where))

    def verified(self, rule: str, component: str, figures: str, where: Location | None = None) -> None:
        """A claim about the whole check (any finding of ``rule`` cancels it)."""
        self.ok(rule, component, figures, whole=True, where=where)

    @property
    def records(self) -> list[Record]:
        """Every claim as (rule, component, figures), cancelled or not."""
        return [(c.rule, c.component, c.figures) for c in self.claims]

    def passed(self) -> list[Record]:
        """(rule, component, figures[, location]) of every claim no finding of this check cancels."""
        rules = {f.rule for f in self}
        failed = {(f.rule, f.component) for f in self}
        return [(c.rule, c.component, c.figures, *([c.where] if c.where is not None else []))
                for c in self.claims if not (c.rule in rules if c.whole else (c.rule, c.component) in failed)]


def verified_by(checks: Iterable[Callable], model) -> list[Record]:
    """The passed records of ``checks`` run on ``model`` (a check that returned a plain list, as an
    early exit does, verified nothing)."""
    out: list[Record] = []
    for check in checks:
        result = check(model)
        if isinstance(result, Checked):
            out += result.passed()
    return out


def listing(items: Iterable[object]) -> str:
    """``1, 2, 3``: the items of a figure, in their order."""
    return ", ".join(map(str, items))


def span(values: Iterable[int]) -> str:
    """``9`` when every value is the same, ``8 to 10`` when they differ."""
    vs = sorted(set(values))
    if not vs:
        return "none"
    return str(vs[0]) if len(vs) == 1 else f"{vs[0]} to {vs[-1]}"
