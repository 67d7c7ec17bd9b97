"""Findings: what a rules check reports, with a stable rule id and a place in the data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pnp.errors import Location


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    QUESTION = "question"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "question": 2}[self.value]


@dataclass(frozen=True)
class Finding:
    """One result of a check: ``rule`` is stable across versions (e.g. GJ-DECK-SUM)."""

    severity: Severity
    rule: str
    component: str
    message: str
    location: Location

    def render(self) -> str:
        return f"{self.location}: {self.severity.value} {self.rule}: [{self.component}] {self.message}"

    def as_dict(self) -> dict[str, object]:
        return {
            "severity": self.severity.value,
            "rule": self.rule,
            "component": self.component,
            "message": self.message,
            "file": self.location.file,
            "line": self.location.line,
        }


def error(rule: str, component: str, message: str, location: Location) -> Finding:
    return Finding(Severity.ERROR, rule, component, message, location)


def warning(rule: str, component: str, message: str, location: Location) -> Finding:
    return Finding(Severity.WARNING, rule, component, message, location)


def question(rule: str, component: str, message: str, location: Location) -> Finding:
    return Finding(Severity.QUESTION, rule, component, message, location)
