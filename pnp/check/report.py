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


def as_text(game: str, findings: list[Finding]) -> str:
    lines = [f.render() for f in findings]
    lines.append(f"{game}: {summary(findings)}")
    return "\n".join(lines)


def as_json(games: dict[str, list[Finding]]) -> str:
    return json.dumps({g: [f.as_dict() for f in fs] for g, fs in games.items()},
                      indent=2, ensure_ascii=False)
