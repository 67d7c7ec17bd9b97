"""Maillot Jaune as a ``TurnEngine``: the rider to play is the move's owner (its seat, or for a
rider nobody owns the seat whose turn it is to play it); its moves are ``moves.legal_moves``; the
race goes on in ``race``; invariants after every move; the greedy policy is ``policy.value``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pnp.games.maillot_jaune.engine import invariants, moves, policy, race
from pnp.games.maillot_jaune.engine.data import EngineData
from pnp.games.maillot_jaune.engine.record import RaceRecord, record
from pnp.games.maillot_jaune.engine.state import State
from pnp.simulate.turns import TurnEngine, pick_best


class RaceEngine(TurnEngine):
    """The Tour on the printed board, riders, pieces and tables (``EngineData``)."""

    rule_prefix: ClassVar[str] = "MJ-SIM"
    move_unit: ClassVar[str] = "moves"
    smoke_policy: ClassVar[str] = "greedy"

    def __init__(self, data: EngineData) -> None:
        self.data = data
        self.game = data.game
        self.costs: dict = {}  # the greedy policy's costs per dial and form (policy.values), filled as met
        self.terrains: dict = {}  # the greedy policy's terrain term per rider and column (policy.values)
        self.groups: dict = {}  # the move groups of a square on an empty road (moves.legal_moves), filled as met

    @classmethod
    def from_model(cls, model, level: str | None = None, side: str | None = None, **options) -> "RaceEngine":
        """``level``: "basic" or "advanced" rules (default: engine.level of rules.yaml); ``side``:
        the board side (default: the first)."""
        if options:
            raise ValueError(f"Maillot Jaune's engine has no option {', '.join(sorted(options))} "
                             "(it knows: level, side)")
        return cls(EngineData.from_model(model, level, side))

    def validate(self, players: int, policy: str) -> None:
        if not 1 <= players <= self.data.n_riders:
            raise ValueError(f"{players} players: the game has {self.data.n_riders} riders")
        super().validate(players, policy)

    # --- the game

    def start(self, players: int, rng: random.Random) -> State:
        return race.start(self.data, players, rng)

    def to_move(self, state: State) -> int:
        return state.seat

    def legal_moves(self, state: State) -> Sequence:
        return moves.legal_moves(self.data, state, self.groups)

    def apply(self, state: State, move, rng: random.Random) -> State:
        return race.apply(self.data, state, move, rng)

    def is_over(self, state: State) -> bool:
        return state.over

    def winner(self, state: State) -> int | None:
        """The seat of the yellow jersey (engine.winner: owner), or of the best rider a seat owns
        (best-owned); None when that rider is nobody's, or nobody finished."""
        order = state.counts.order
        if self.data.rules.winner == "best-owned":
            order = tuple(r for r in order if state.owner[r] >= 0)
        if not order or state.owner[order[0]] < 0:
            return None
        return state.owner[order[0]]

    def invariants(self, state: State) -> str:
        return invariants.broken(self.data, state)

    def value(self, state: State, move, seat: int) -> float:
        return policy.value(self.data, state, move, seat, self.costs)

    def policy(self, name: str, rng: random.Random):
        """The generic policies; "greedy" works out the values of one decision's moves together
        (``policy.values``: the same values as ``value``, the same ties broken the same way)."""
        if name != "greedy":
            return super().policy(name, rng)
        data, costs, terrains = self.data, self.costs, self.terrains

        def greedy(state, legal, seat):
            return pick_best(policy.values(data, state, legal, costs, terrains), rng)
        return greedy

    def where(self, state: State) -> tuple[tuple[str, Any], ...]:
        return (("stage", state.stage + 1), ("round", state.round))

    def detail(self, state: State) -> RaceRecord:
        return record(self.data, state)
