"""What a check verified, beside what it found: the records `pnp check --all` lists as passed.

A check returns a ``Checked``: its findings, a plain list of Finding to every caller, on which it
also records, with ``verified``, the figures it computed. The records come from the same values the
findings do, so a check's logic is written once. ``verified_by`` gathers the records of a tuple of
checks for pnp.check.passed (a rules module's ``verified(model)``).

Maillot Jaune and both Tour de France games use it; its natural home would be pnp/check. It is not
named verified.py: a submodule of that name would shadow the package's ``verified`` function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pnp.check.findings import Finding, Severity
from pnp.model.game_model import GameModel

Record = tuple[str, str, str]
"""(rule, component, figures): a check that ran and what it computed."""

FAILING = (Severity.ERROR, Severity.WARNING)


class Checked(list):
    """The findings of one check (a list of Finding) and the records of what it verified."""

    def __init__(self, findings: Iterable[Finding] = ()) -> None:
        super().__init__(findings)
        self.records: list[Record] = []

    def verified(self, rule: str, component: str, figures: str) -> None:
        """Record that the check verified ``rule`` on ``component``, with the figures it computed."""
        self.records.append((rule, component, figures))

    def passed(self) -> list[Record]:
        """The records of the rules this check found nothing wrong with: a rule with an error or a
        warning here lists nothing as passed, whatever component its finding names."""
        failing = {f.rule for f in self if f.severity in FAILING}
        return [r for r in self.records if r[0] not in failing]


def verified_by(checks: Iterable[Callable[[GameModel], list[Finding]]], model: GameModel) -> list[Record]:
    """The passed records of ``checks`` run on ``model`` (a check that returned a plain list, as an
    early exit does, verified nothing)."""
    out: list[Record] = []
    for check in checks:
        result = check(model)
        if isinstance(result, Checked):
            out += result.passed()
    return out
