"""The checks that passed, with what they computed: what `pnp check --all` (and its JSON, always)
shows a designer besides the findings, so that what was verified is seen, not only what failed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pnp.check.declared import declared_results
from pnp.check.findings import Finding, Severity
from pnp.check.piles import RULE as PILE_RULE
from pnp.check.piles import pile_location
from pnp.errors import Location
from pnp.model.game_model import GameModel


@dataclass(frozen=True)
class Passed:
    """A check that ran and passed: its rule id, what it looked at and the figures it computed."""

    rule: str
    component: str
    figures: str
    location: Location

    def render(self) -> str:
        return f"{self.location}: passed {self.rule}: [{self.component}] {self.figures}"

    def as_dict(self) -> dict[str, object]:
        return {"severity": "passed", "rule": self.rule, "component": self.component, "message": self.figures,
                "file": self.location.file, "line": self.location.line}


def passed_checks(model: GameModel, findings: Iterable[Finding]) -> list[Passed]:
    """Every check of ``model`` that passed: its declared checks (rules.yaml ``checks:``), its draw
    piles (PILE-BACKS), and the checks of its rules module that report what they verified (a
    ``verified(model)`` function giving (rule, component, figures[, location]) for each check it
    ran; see pnp.check.checked)."""
    failing = {(f.rule, f.component) for f in findings if f.severity in (Severity.ERROR, Severity.WARNING)}
    out = [Passed(r.rule, r.component, r.figures, r.location) for r in declared_results(model)
           if r.passed and r.checked]
    out += _piles(model, failing)
    out += _module(model, failing)
    return out


def _piles(model: GameModel, failing: set[tuple[str, str]]) -> list[Passed]:
    out = []
    for pile in model.piles:
        component = f"pile {pile.id}"
        if (PILE_RULE, component) in failing:
            continue
        where = pile_location(model, pile.id)
        parts = [f"{len(pile.decks)} printed deck(s) or design(s) with one back, size and printing"]
        if pile.base:
            parts.append(f"with {', '.join(pile.base)} of another box ({', '.join(pile.decision)})")
        out.append(Passed(PILE_RULE, component, "; ".join(parts), where))
    return out


def _module(model: GameModel, failing: set[tuple[str, str]]) -> list[Passed]:
    from pnp.games import game_module

    module = game_module(model.info, model.sources.folder)
    verified = getattr(module, "verified", None)
    if verified is None:
        return []
    top = model.sources.rule()
    return [Passed(rule, component, figures, where[0] if where else top)
            for rule, component, figures, *where in verified(model) if (rule, component) not in failing]
