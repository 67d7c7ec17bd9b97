"""Findings as text for a terminal, or as JSON for tools."""

from __future__ import annotations

import json
from collections import Counter

from pnp.check.findings import Finding


def summary(findings: list[Finding]) -> str:
    counts = Counter(f.severity.value for f in findings)
    parts = [f"{counts.get(k, 0)} {k}{'s' if counts.get(k, 0) != 1 else ''}"
             for k in ("error", "warning", "question")]
    return ", ".join(parts)


def as_text(game: str, findings: list[Finding], passed: list | None = None) -> str:
    """The findings, then (with ``passed``, pnp.check.passed.Passed) every check that passed and
    what it computed, then a summary line."""
    lines = [f.render() for f in findings] + [p.render() for p in passed or ()]
    tail = f", {len(passed)} passed" if passed is not None else ""
    lines.append(f"{game}: {summary(findings)}{tail}")
    return "\n".join(lines)


def as_json(games: dict[str, list[Finding]], passed: dict[str, list] | None = None) -> str:
    """Every game's findings, then its passed checks (severity "passed", the figures as message)."""
    passed = passed or {}
    return json.dumps({g: [f.as_dict() for f in fs] + [p.as_dict() for p in passed.get(g, ())]
                       for g, fs in games.items()}, indent=2, ensure_ascii=False)
