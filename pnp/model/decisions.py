"""Designer decisions: what the source rules leave open, decided in the data."""

from __future__ import annotations

from pnp.model.base import Frozen


class Decision(Frozen):
    """One open point of the rules and the choice the data makes for it."""

    id: str
    topic: str
    choice: str
    why: str
    resolves: tuple[str, ...] = ()
    """Rule ids of warnings this decision answers: they are then reported as questions."""
