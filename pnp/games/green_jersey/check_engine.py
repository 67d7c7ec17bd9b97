"""Where the rules are silent or contradict themselves, the engine follows a choice of rules.yaml
(`engine:`): each such choice is a question for the designer."""

from __future__ import annotations

from pnp.check.findings import Finding
from pnp.games.green_jersey.engine import engine_gaps
from pnp.model.game_model import GameModel
from pnp.simulate.gaps import gap_questions


def gaps(model: GameModel) -> list[Finding]:
    """GJ-ENGINE-*: one question per gap of the rules that the engine fills with a written choice."""
    return gap_questions(model, engine_gaps(model.facts))
