"""Every designer decision in the data becomes a question for the designer."""

from __future__ import annotations

from pnp.check.findings import Finding, error, question
from pnp.model.game_model import GameModel


def decision_questions(model: GameModel) -> list[Finding]:
    """One question per decision listed under ``decisions:`` in rules.yaml."""
    seq = model.sources.rules_record.get("decisions") if model.sources.rules_record else None
    out, seen = [], set()
    for i, d in enumerate(model.decisions):
        where = seq.where(i) if seq is not None else model.sources.rule("decisions")
        if d.id in seen:
            out.append(error("DECISION-ID", d.topic, f"the decision id '{d.id}' is used twice", where))
        seen.add(d.id)
        out.append(question(d.id, d.topic, f"decided: {d.choice} Why: {d.why}", where))
    return out
