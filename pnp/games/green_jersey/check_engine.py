"""Where the rules are silent or contradict themselves, the engine follows a choice of rules.yaml
(`engine:`): each such choice is a question for the designer."""

from __future__ import annotations

from pnp.check.findings import Finding, question
from pnp.games.green_jersey.engine import engine_gaps
from pnp.model.game_model import GameModel


def gaps(model: GameModel) -> list[Finding]:
    """GJ-ENGINE-*: one question per gap of the rules that the engine fills with a written choice."""
    return [question(gap.rule, gap.topic, gap.message(), model.sources.rule("engine", gap.key))
            for gap in engine_gaps(model.facts)]

