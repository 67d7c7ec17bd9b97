"""A game as states and moves (``TurnEngine``): the generic loop plays it, with the seeded random and
greedy policies, the invariants checked after every move, and transcripts that replay.

A game whose engine fits "a seat to move picks one of its legal moves" subclasses ``TurnEngine``
instead of writing ``Simulation.play`` itself:

    class DiceRace(TurnEngine):
        def start(self, players, rng): ...            # the first state (chance: rng)
        def to_move(self, state): ...                 # the seat to move
        def legal_moves(self, state): ...             # its moves (never empty while the game runs)
        def apply(self, state, move, rng): ...        # the next state (chance: rng)
        def is_over(self, state): ...
        def winner(self, state): ...                  # a seat, or None
        def invariants(self, state): ...              # "" or what broke
        def value(self, state, move, seat): ...       # what the greedy policy maximizes

A move may hold later choices of the same seat (where each cyclist a card moves stops): an engine
that overrides ``apply_choosing`` asks the policy for them while it plays the move, without going
back to the loop; each is a decision of the transcript like any other, and the invariants are
checked once the move is whole.

Chance (``rng``) and the policies' choices draw from two generators seeded from the game's seed
alone, so a game is the same in any process; a transcript (the index of every move chosen among
the legal moves) plays the same game again, and a move that is not legal there is a ReplayError.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from pnp.simulate.engine import Outcome, Simulation

Choose = Callable[[Any, Sequence[Any], int], int]
"""A policy: (state, legal moves, seat) -> the index of the move it plays."""


class ReplayError(ValueError):
    """A transcript does not fit the game it replays (a move that is not legal, moves left over...)."""


def pick_best(values: Sequence[float], rng: random.Random) -> int:
    """The index of the best of ``values``; several best: one of their indexes (in order) drawn with
    ``rng.randrange``. What the greedy policy plays (engines that value moves themselves use it too)."""
    best = max(values)
    i = values.index(best)
    ties = values.count(best)
    if ties == 1:
        return i
    top = [i]
    for _ in range(ties - 1):
        i = values.index(best, i + 1)
        top.append(i)
    return top[rng.randrange(ties)]


def chance_rng(seed: int) -> random.Random:
    """The generator of the game's chance (shuffles, dice)."""
    return random.Random(int(seed) * 2)


def policy_rng(seed: int) -> random.Random:
    """The generator of the policies' choices (random moves, greedy ties)."""
    return random.Random(int(seed) * 2 + 1)


class TurnEngine(Simulation):
    """A ``Simulation`` whose ``play`` is the generic loop over ``to_move``, ``legal_moves`` and ``apply``."""

    max_moves: ClassVar[int] = 100_000
    """A game longer than this breaks the invariant that every game ends."""

    # --- the game (required)

    def start(self, players: int, rng: random.Random) -> Any:
        raise NotImplementedError

    def to_move(self, state) -> int:
        raise NotImplementedError

    def legal_moves(self, state) -> Sequence[Any]:
        raise NotImplementedError

    def apply(self, state, move, rng: random.Random) -> Any:
        """The state after ``move`` (a new state, or ``state`` changed in place and returned)."""
        raise NotImplementedError

    def is_over(self, state) -> bool:
        raise NotImplementedError

    def apply_choosing(self, state, move, rng: random.Random, choose: Choose) -> Any:
        """``apply``, for a move that holds later choices: ``choose`` picks each of them (called as a
        policy is: state, its legal moves, the seat). Left alone, the moves hold no such choice."""
        return self.apply(state, move, rng)

    def winner(self, state) -> int | None:
        raise NotImplementedError

    # --- the game (defaults)

    def invariants(self, state) -> str:
        """What rule of the game ``state`` breaks ("" when none), checked after every move."""
        return ""

    def value(self, state, move, seat: int) -> float:
        """How good ``move`` looks to ``seat`` (the greedy policy plays the best; ties at random)."""
        return 0.0

    def values(self, state, moves: Sequence[Any], seat: int) -> list[float]:
        """``value`` of every legal move at once (override it when moves share work to value)."""
        return [self.value(state, m, seat) for m in moves]

    def where(self, state) -> tuple[tuple[str, Any], ...]:
        """Where in the game ``state`` is, for the report of a broken invariant (e.g. ``(("round", 3),)``)."""
        return ()

    def detail(self, state) -> Any:
        """The game's own record of a finished game (``Outcome.detail``, read by ``summarize``)."""
        return None

    # --- policies

    def policy(self, name: str, rng: random.Random) -> Choose:
        """The policy ``name``: "random" (uniform among the legal moves) or "greedy" (``value``)."""
        if name == "random":
            # uniform: a draw in [0, 1) scaled to the moves (off by less than n / 2**53 for n moves),
            # a third of randrange's cost, which counts in engines of many small decisions
            draw = rng.random
            return lambda state, moves, seat: int(draw() * len(moves))
        if name == "greedy":
            def greedy(state, moves, seat):
                return pick_best(self.values(state, moves, seat), rng)
            return greedy
        raise ValueError(f"no player policy '{name}' (use one of: {', '.join(self.policies)})")

    # --- playing

    def play(self, players: int, seed: int, policy: str, check: bool = True) -> Outcome:
        return self.run(players, seed, self.policy(policy, policy_rng(seed)), check)[0]

    def play_recorded(self, players: int, seed: int, policy: str, check: bool = True) -> tuple[Outcome, list[int]]:
        """One game and its transcript: the index of every move played among the legal moves."""
        return self.run(players, seed, self.policy(policy, policy_rng(seed)), check, record=True)

    def replay(self, players: int, seed: int, transcript: Sequence[int], check: bool = True) -> Outcome:
        """Play ``transcript`` again from ``seed``: the same game, or a ReplayError where it does not fit."""
        choices = iter(transcript)

        def scripted(state, moves, seat):
            index = next(choices, None)
            if index is None:
                raise ReplayError("the transcript ends before the game")
            if not 0 <= index < len(moves):
                raise ReplayError(f"move {index} is not legal for seat {seat + 1} ({len(moves)} legal moves)")
            return index

        outcome, _ = self.run(players, seed, scripted, check)
        if next(choices, None) is not None:
            raise ReplayError("the game ends before the transcript")
        return outcome

    def run(self, players: int, seed: int, choose: Choose, check: bool = True, record: bool = False
            ) -> tuple[Outcome, list[int]]:
        """The generic loop: ``choose`` picks every move; invariants after every move with ``check``."""
        rng = chance_rng(seed)
        state = self.start(players, rng)
        transcript: list[int] = []
        moves = 0
        if check:
            broken = self.invariants(state)
            if broken:
                return Outcome(error=f"at the start: {broken}", error_move=0, error_at=self.where(state)), transcript
        # the engine's methods looked up once: this loop runs for every move of every game
        is_over, to_move, legal_moves, apply, invariants = (self.is_over, self.to_move, self.legal_moves,
                                                            self.apply, self.invariants)
        choosing = type(self).apply_choosing is not TurnEngine.apply_choosing
        if choosing:
            apply_choosing = self.apply_choosing

            def within(state, legal, seat):
                """A choice within a move: a decision of the transcript, like the move's own."""
                nonlocal moves
                index = choose(state, legal, seat)
                if record:
                    transcript.append(index)
                moves += 1
                return index
        max_moves = self.max_moves
        while not is_over(state):
            if moves >= max_moves:
                return Outcome(error=f"no end after {moves} moves", error_move=moves, error_at=self.where(state)), \
                    transcript
            seat = to_move(state)
            legal = legal_moves(state)
            if not legal:
                return Outcome(error=f"seat {seat + 1} has no legal move", error_move=moves + 1,
                               error_at=self.where(state)), transcript
            index = choose(state, legal, seat)
            if record:
                transcript.append(index)
            moves += 1
            if choosing:
                state = apply_choosing(state, legal[index], rng, within)
            else:
                state = apply(state, legal[index], rng)
            if check:
                broken = invariants(state)
                if broken:
                    return Outcome(error=broken, error_move=moves, error_at=self.where(state)), transcript
        return Outcome(self.winner(state), moves, self.detail(state)), transcript
