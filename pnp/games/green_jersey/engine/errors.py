"""What the engine raises when a game breaks a rule or a transcript does not replay (kept out of
the modules mypyc compiles: a compiled class cannot derive from AssertionError)."""

from __future__ import annotations


class InvariantViolation(AssertionError):
    """The engine broke a rule of the game. ``seed`` and ``move`` replay it."""

    def __init__(self, message: str, seed: object, move: int, sprint: int) -> None:
        self.seed, self.move, self.sprint, self.detail = seed, move, sprint, message
        super().__init__(f"seed {seed}, move {move} (sprint {sprint}): {message}")


class ReplayError(AssertionError):
    """A transcript does not replay: a recorded decision is not legal in the replayed game."""
