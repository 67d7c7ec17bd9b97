"""Le jeu du Tour de France as a ``TurnEngine``: the generic loop of pnp.simulate.turns plays it.

A move is a decision of one seat: a strategy card played on a roll (or pass), the side of a question
card (asked only when the sides' chances differ), showing a Joker or keeping it. Everything between
two decisions (dice, draws, squares, time trials, jersey awards) is played by ``flow`` with the chance
generator. ``Outcome.moves`` is the game's length in rounds (a round every player has had a turn,
the last one cut short by the win); a transcript counts decisions.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from pnp.games.tour_de_france_quiz.engine import flow, invariants, values
from pnp.games.tour_de_france_quiz.engine.data import EngineData
from pnp.games.tour_de_france_quiz.engine.record import QuizGame
from pnp.games.tour_de_france_quiz.engine.state import State
from pnp.simulate.engine import Outcome
from pnp.simulate.turns import Choose, TurnEngine


class QuizEngine(TurnEngine):
    """The rules of ``flow`` on one ``EngineData`` (plain data: pickled to worker processes)."""

    rule_prefix = "TDQ-SIM"
    move_unit = "rounds"

    def __init__(self, data: EngineData) -> None:
        self.data = data
        self.worth = values.Worth.of(data)
        self.game = data.game

    def validate(self, players: int, policy: str) -> None:
        seats = min(len(self.data.prologue), self.data.riders)
        if not 1 <= players <= seats:
            raise ValueError(f"{players} players: the track has {len(self.data.prologue)} prologue squares "
                             f"and the game {self.data.riders} pawns")
        super().validate(players, policy)

    # --- the game

    def start(self, players: int, rng: random.Random) -> State:
        st = State(self.data, players)
        flow.setup(self.data, st, rng)
        st.gen = flow.play_out(self.data, st, rng)
        self._resume(st, None)
        return st

    def to_move(self, state: State) -> int:
        return state.seat

    def legal_moves(self, state: State) -> tuple[Any, ...]:
        return state.options

    def apply(self, state: State, move, rng: random.Random) -> State:
        self._resume(state, move)
        return state

    @staticmethod
    def _resume(state: State, move) -> None:
        """Play on from the decision ``move`` answers to the next one (or the end)."""
        try:
            state.gen.send(move)
        except StopIteration:
            state.over = True
            state.options = ()

    def is_over(self, state: State) -> bool:
        return state.over

    def winner(self, state: State) -> int | None:
        return state.winner

    def invariants(self, state: State) -> str:
        return invariants.broken(self.data, state)

    def value(self, state: State, move, seat: int) -> float:
        return values.value(self.data, self.worth, state, move, seat)

    def where(self, state: State) -> tuple[tuple[str, Any], ...]:
        return (("round", state.round), ("turn of seat", state.order[state.idx] + 1))

    def detail(self, state: State) -> QuizGame:
        return QuizGame.of(state)

    def run(self, players: int, seed: int, choose: Choose, check: bool = True, record: bool = False
            ) -> tuple[Outcome, list[int]]:
        """The generic loop; a finished game's ``moves`` are its rounds."""
        outcome, transcript = super().run(players, seed, choose, check, record)
        if not outcome.error:
            outcome = replace(outcome, moves=outcome.detail.rounds)
        return outcome, transcript
