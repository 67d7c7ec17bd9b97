"""Where a game's rules are silent or contradict themselves, and what its engine does there: each
such point is a ``Gap``, a key of the ``engine:`` mapping of rules.yaml whose value the engine reads
(it decides nothing of this in code), reported by ``pnp check --simulate`` as a question at its line,
next to the designer decision that answers it for the rulebook, where there is one."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Gap:
    key: str                    # key under engine: in rules.yaml (a field of the game's EngineRules)
    rule: str                   # <PREFIX>-ENGINE-...
    topic: str
    question: str               # what the rules leave open, or where they disagree
    meanings: dict[str, str]    # what each choice makes the engine do
    decision: str = ""          # the decision of rules.yaml that answers it, if any
    choice: str = ""            # the value in force

    @property
    def meaning(self) -> str:
        return self.meanings.get(self.choice, "")

    def message(self) -> str:
        text = f"{self.question} The engine plays '{self.choice}': {self.meaning}"
        if self.decision:
            text += f" (see {self.decision})"
        return text


def gap_questions(model, gaps: Iterable[Gap]) -> list:
    """One question per gap, at the line of its key under ``engine:`` in rules.yaml."""
    from pnp.check.findings import question

    return [question(gap.rule, gap.topic, gap.message(), model.sources.rule("engine", gap.key)) for gap in gaps]
