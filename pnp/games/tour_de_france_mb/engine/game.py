"""The Tour as a TurnEngine (pnp.simulate.turns): the stages of rules.yaml one after the other,
every decision of a player a move (a red card played or kept, a card to discard, a race card and
how its numbers spread over the cyclists, a square where several are open, a time trial card).

Whatever needs no decision (a single legal move, the red dots, lines, scoring, the next stage)
runs on its own between two moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pnp.games.tour_de_france_mb.engine import itt, road, scoring
from pnp.games.tour_de_france_mb.engine.data import ITT, EngineData
from pnp.games.tour_de_france_mb.engine.greedy import value, values
from pnp.games.tour_de_france_mb.engine.invariants import broken
from pnp.games.tour_de_france_mb.engine.record import tour_record
from pnp.games.tour_de_france_mb.engine.state import (AFTER_PLAY, CARD, DECIDE, DISCARD, END_TURN, ITT_CARD,
                                                      ITT_HEAT, ITT_RANK, ITT_TURN, LANE, MOVE, RED,
                                                      STAGE_END, STAGE_START, TURN, State)
from pnp.simulate.turns import Choose, TurnEngine, pick_best

RUNNING = {
    TURN: road.begin_turn, MOVE: road.move_next, AFTER_PLAY: road.after_play, END_TURN: road.end_turn,
    ITT_HEAT: itt.next_heat, ITT_TURN: itt.racer_turn, ITT_RANK: itt.rank,
}
ANSWERS = {RED: road.on_red, DISCARD: road.on_discard, CARD: road.on_card, LANE: road.on_lane,
           ITT_CARD: itt.on_card}


AUTO_STEPS = 1_000_000
"""Steps the game may run on its own between two decisions before it counts as stuck (an invariant)."""


class TourEngine(TurnEngine):
    """A whole Tour (every stage of rules.yaml) on the printed course and decks."""

    max_moves: ClassVar[int] = 100_000

    def __init__(self, data: EngineData, stages: tuple[int, ...] | None = None) -> None:
        self.data = data
        self.game = data.game
        self.stages = stages if stages is not None else tuple(range(len(data.stages)))
        """The stages raced (indexes of rules.yaml stages): all of them by default."""
        self.rows: dict = {}
        """What the greedy policy works out per cyclist for a race card (greedy.values), kept as met."""

    # --- the game

    def start(self, players: int, rng: random.Random) -> State:
        data = self.data
        st = State(players, players * data.per_team, data.course.columns)
        teams = list(range(len(data.teams)))
        if data.rules.team_choice == "random":
            st.team = rng.sample(teams, players)
        else:
            st.team = teams[:players]
        st.rpile = list(range(len(data.risks)))
        rng.shuffle(st.rpile)
        st.dealer = rng.randrange(players)
        st.stage = -1
        self._next_stage(st, rng)
        self._run(st, rng)
        return st

    def to_move(self, state: State) -> int:
        return state.seat

    def legal_moves(self, state: State) -> Sequence[Any]:
        return state.moves

    def apply(self, state: State, move, rng: random.Random) -> State:
        return self.apply_choosing(state, move, rng, None)

    def apply_choosing(self, state: State, move, rng: random.Random, choose: Choose | None) -> State:
        """``apply``, with ``choose`` picking the square each cyclist of a race card stops on where
        several are open, as the card is played (no LANE decision left for the loop); without it,
        each such square is a LANE decision of its own."""
        state.pick = choose
        ANSWERS[state.ask](self.data, state, move, rng)
        self._run(state, rng)
        return state

    def is_over(self, state: State) -> bool:
        return state.over

    def winner(self, state: State) -> int | None:
        return state.winner

    def invariants(self, state: State) -> str:
        return broken(self.data, state)

    def value(self, state: State, move, seat: int) -> float:
        return value(self.data, state, move, seat)

    def policy(self, name: str, rng: random.Random) -> Choose:
        """The base policies; "greedy" values a decision's moves in one pass (the same choice as
        the base greedy policy: the best ``value``, ties drawn with ``rng``)."""
        if name != "greedy":
            return super().policy(name, rng)
        data, rows = self.data, self.rows

        def greedy(state: State, moves: Sequence[Any], seat: int) -> int:
            return pick_best(values(data, state, moves, seat, rows), rng)
        return greedy

    def where(self, state: State) -> tuple[tuple[str, Any], ...]:
        return (("stage", state.stage + 1), ("round", state.round))

    def detail(self, state: State):
        return tour_record(self.data, state)

    # --- what runs between two decisions

    def _run(self, st: State, rng: random.Random) -> None:
        data = self.data
        steps = 0
        while not st.over:
            steps += 1
            if steps > AUTO_STEPS:
                st.stuck = f"{AUTO_STEPS} steps without a decision: the Tour no longer moves on"
                st.over = True
                return
            phase = st.phase
            if phase == DECIDE:
                if len(st.moves) > 1:
                    return
                ANSWERS[st.ask](data, st, st.moves[0], rng)
            elif phase == STAGE_END:
                scoring.end_stage(data, st)
                self._next_stage(st, rng)
            else:
                RUNNING[phase](data, st, rng)

    def _next_stage(self, st: State, rng: random.Random) -> None:
        data = self.data
        done = st.stage >= 0
        later = [i for i in self.stages if i > st.stage]
        if not later:
            st.over = True
            st.winner = scoring.tour_winner(data, st)
            st.moves = []
            return
        if done:
            st.dealer = (st.dealer + 1) % st.n
        st.stage = later[0]
        st.kind = data.stages[st.stage]
        st.first = (st.dealer + 1) % st.n
        st.phase = STAGE_START
        if st.kind == ITT:
            itt.start(data, st, rng)
        else:
            road.start(data, st, rng)
