"""Decisions that count on an outcome of play (``expects:`` in rules.yaml) checked against the engine.

    - id: MY-D-BOARD
      ...
      expects:
        - outcome: sprint ended on the line     # an outcome of the engine (pnp simulate --vary's columns)
          players: [4, 5, 6]
          between: [0.05, 0.30]

Rule id DECISION-EXPECTS. For each simulated report of those player counts (every variant): a
warning when the outcome's 95 % interval (a mean, for a figure that is not a share) lies outside
the range, a question when the interval straddles an end of it (more games would tell), a passed
record when it lies inside.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.check.findings import Finding, question, warning
from pnp.errors import Location
from pnp.load.suggest import did_you_mean
from pnp.simulate.engine import Simulation
from pnp.simulate.report import Report, run_words
from pnp.simulate.stats import Share, Summary

RULE = "DECISION-EXPECTS"


def expectation_results(model, reports: Sequence[Report], sim: Simulation
                        ) -> tuple[list[Finding], list[tuple[str, str, str, Location]]]:
    """The findings and passed records of every decision's ``expects:`` against ``reports``."""
    findings: list[Finding] = []
    passed: list[tuple[str, str, str, Location]] = []
    for index, decision in enumerate(model.decisions):
        for k, expect in enumerate(decision.expects):
            where = _where(model, index, k)
            matching = [r for r in reports if not expect.players or r.players in expect.players]
            for report in matching:
                found = report.outcomes()
                if expect.outcome not in found:
                    hint = did_you_mean(expect.outcome, list(found)) or f"outcomes: {', '.join(found)}"
                    findings.append(warning(RULE, decision.id, f"no outcome '{expect.outcome}' in the engine's "
                                            f"reports ({hint})", where))
                    break
                verdict, text = _judge(found[expect.outcome], expect.between)
                who = f"{decision.id}, {sim.component(report)}"
                message = (f"{decision.topic}: {expect.outcome} {text}, expected between "
                           f"{_show(expect.between[0], found[expect.outcome])} and "
                           f"{_show(expect.between[1], found[expect.outcome])} "
                           f"({run_words(report)})")
                if verdict == "inside":
                    passed.append((RULE, who, message, where))
                elif verdict == "outside":
                    findings.append(warning(RULE, who, message, where))
                else:
                    findings.append(question(RULE, who, message + "; more games would tell", where))
    return findings, passed


def _judge(value, between: tuple[float, float]) -> tuple[str, str]:
    lo, hi = sorted(between)
    if isinstance(value, Share):
        a, b = value.interval
        text = value.text()
    elif isinstance(value, Summary):
        a = b = value.mean
        text = f"mean {value.mean:.2f}"
    else:
        a = b = float(value)
        text = f"{value:g}"
    if lo <= a and b <= hi:
        return "inside", text
    if b < lo or a > hi:
        return "outside", text
    return "straddles", text


def _show(bound: float, value) -> str:
    return f"{100 * bound:g} %" if isinstance(value, Share) else f"{bound:g}"


def _where(model, index: int, k: int) -> Location:
    return model.sources.rule("decisions", index, "expects", k)
