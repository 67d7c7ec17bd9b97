"""Lookup tables, gauges and dice."""

from __future__ import annotations

from typing import Any

from pydantic import Field

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
    min: int = Field(default=0, ge=0)
    max: int = Field(ge=1)
    start: int = Field(ge=0)
    reset: str = "never"


class Dice(Frozen):
    """Dice the game uses."""

    count: int = Field(ge=1)
    faces: int = Field(default=6, ge=2)

    @property
    def mean(self) -> float:
        """The mean of their sum."""
        return self.count * (self.faces + 1) / 2
