"""Le jeu du Tour de France behind pnp.simulate's engine interface: the engine (``QuizEngine``, a
TurnEngine on the printed track and decks), what a run of games shows (``QuizDetails``) and the
findings it implies (TDQ-SIM-..., see engine.findings), plus one question per choice the engine
makes where the rules are silent (TDQ-ENGINE-..., see engine.gaps)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnp.check.findings import Finding
from pnp.games.tour_de_france_quiz.engine import EngineData, QuizEngine, findings, gaps
from pnp.games.tour_de_france_quiz.engine.data import EngineError
from pnp.games.tour_de_france_quiz.engine.details import QuizDetails
from pnp.simulate.engine import GameRecord, Watch


class QuizSimulation(QuizEngine):
    """The engine with its report. Option: ``side`` (a side of the track's board; default rules.yaml
    track.side)."""

    smoke_policy = "greedy"

    @classmethod
    def from_model(cls, model, side: str | None = None) -> "QuizSimulation":
        return cls(EngineData.from_model(model, side))

    @classmethod
    def variants(cls, model) -> list[dict[str, Any]]:
        """One run per side of the track's board when it has several, else the default side only."""
        board = next((b for b in model.boards if b.id == model.facts.track.board), None)
        sides = [s.id for s in board.sides] if board is not None else []
        return [{"side": s} for s in sides] if len(sides) > 1 else [{}]

    def summarize(self, records: Sequence[GameRecord], players: int) -> QuizDetails:
        return QuizDetails.of(records, players, self.data)

    def component(self, report) -> str:
        return f"{report.players} players, side {report.detail.side}"

    @classmethod
    def source(cls, model, topic: str, players: int | None = None):
        return model.sources.rule("engine") if topic == "engine" else model.sources.rule("players")

    def findings(self, model, report) -> list[Finding]:
        return findings.report_findings(model, report, self.component(report))

    def watched(self, report) -> list[Watch]:
        return findings.watched(report)

    def engine_findings(self, model) -> list[Finding]:
        return gaps.gap_findings(model)


SIMULATION = QuizSimulation
"""What pnp.simulate plays (exported by the rules module, pnp.games.tour_de_france_quiz)."""

__all__ = ["EngineError", "QuizSimulation", "SIMULATION"]
