"""Lookup tables, gauges and dice."""

from __future__ import annotations

from typing import Any

from pnp.model.base import Frozen


class Table(Frozen):
    """A lookup table: key -> value (rank -> points, roll -> event, players -> sprints)."""

    id: str
    name: str = ""
    rows: dict[str, Any]


class Gauge(Frozen):
    """A track with a marker: energy, form, weather, score."""

    id: str
    name: str = ""
    min: int
    max: int
    start: int
    reset: str = "never"


class Dice(Frozen):
    """Dice the game uses."""

    count: int
    faces: int = 6
