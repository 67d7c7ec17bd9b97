"""Run every check of a game: its rules module (if it has one), then the checks every game shares:
the draw piles (PILE-BACKS) and the declarative checks of its rules.yaml."""

from __future__ import annotations

from dataclasses import replace

from pnp.check.declared import declared_checks
from pnp.check.decisions import decision_questions
from pnp.check.findings import Finding, Severity
from pnp.check.piles import pile_backs
from pnp.games import game_module
from pnp.model.game_model import GameModel

SHARED_CHECKS = (pile_backs, declared_checks)
"""Checks every game gets, driven by declarations in its data (``piles:`` and ``checks:`` in rules.yaml)."""


class NoSimulation(Exception):
    """The game's rules module has no engine to play it."""


def run_checks(model: GameModel, simulate: bool = False, progress=None, passed: list | None = None,
               jobs: int = 1) -> list[Finding]:
    """All findings for ``model``, most severe first, then by place in the data.

    ``simulate`` adds what a fixed-seed smoke run of the game's engine finds (NoSimulation when
    the game has no engine), played on ``jobs`` processes (0: every core); ``progress(what, done,
    cap)`` follows it, and what it verified is appended to ``passed`` (pnp.check.passed.Passed).
    """
    module = game_module(model.info, model.sources.folder)
    findings = list(module.check(model)) if module is not None else []
    findings += [finding for shared in SHARED_CHECKS for finding in shared(model)]
    if simulate:
        from pnp.simulate import simulation_class, smoke_run  # the engine is the rules module's SIMULATION

        if simulation_class(model) is None:
            raise NoSimulation(f"{model.id} has no engine to simulate it")
        run = smoke_run(model, seed=1, progress=progress, jobs=jobs)
        findings += run.findings
        if passed is not None:
            from pnp.check.passed import Passed

            passed.extend(Passed(*p) for p in run.passed)
    findings = [_resolved(f, model) for f in dict.fromkeys(findings)] + decision_questions(model)
    return sorted(findings, key=lambda f: (f.severity.rank, f.location, f.rule, f.component))


def _resolved(finding: Finding, model: GameModel) -> Finding:
    """A warning that a designer decision answers becomes a question that names the decision."""
    if finding.severity is not Severity.WARNING:
        return finding
    for decision in model.decisions:
        if finding.rule in decision.resolves:
            return replace(finding, severity=Severity.QUESTION,
                           message=f"{finding.message} [answered by {decision.id}]")
    return finding
