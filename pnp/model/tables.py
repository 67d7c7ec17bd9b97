"""Lookup tables, gauges and dice."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from pnp.model import limits
from pnp.model.base import Frozen


class Table(Frozen):
    """A lookup table: key -> value (rank -> points, roll -> event, players -> sprints)."""

    id: str
    name: str = ""
    rows: dict[str, Any]


class Gauge(Frozen):
    """A track with a marker: energy, form, weather, score."""

    id: str = ""
    name: str = ""
    min: int = Field(default=0, ge=0, le=limits.STEPS)
    max: int = Field(ge=1, le=limits.STEPS)
    start: int = Field(ge=0, le=limits.STEPS)
    reset: str = "never"


class Dice(Frozen):
    """Dice the game uses."""

    count: int = Field(ge=1, le=limits.DICE)
    faces: int = Field(default=6, ge=2, le=limits.FACES)

    @property
    def mean(self) -> float:
        """The mean of their sum."""
        return self.count * (self.faces + 1) / 2
