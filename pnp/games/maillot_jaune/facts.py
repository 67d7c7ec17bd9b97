"""The numbers of the Maillot Jaune rules, read from rules.yaml."""

from __future__ import annotations

from typing import Literal, Union

from pydantic import Field

from pnp.model import limits
from pnp.model.base import Frozen
from pnp.model.game import Players
from pnp.model.tables import Dice, Gauge

PUNCTURE = "puncture"


class Components(Frozen):
    """What the box holds, as the rules list it."""

    rider_cards: int
    energy_needles: int
    form_markers: int
    form_tracks: int
    standees: int
    yellow_standees: int
    dice: int


class Course(Frozen):
    """Three stages on one circuit; each stage is a list of sections, named by terrain."""

    terrains: tuple[str, ...]
    section_squares: int = Field(ge=1, le=limits.STEPS)
    stages: tuple[tuple[str, ...], ...]
    lanes: int = Field(ge=1, le=limits.LANES)
    grid_rows: int = Field(ge=1, le=limits.STEPS)

    @property
    def sections(self) -> list[str]:
        """Terrain of every section, in race order."""
        return [t for stage in self.stages for t in stage]

    @property
    def squares(self) -> int:
        return len(self.sections) * self.section_squares

    def stage_squares(self, stage: int) -> int:
        return len(self.stages[stage - 1]) * self.section_squares

    def stage_start(self, stage: int) -> int:
        """The first column (square) of ``stage`` (1-based)."""
        return 1 + sum(self.stage_squares(s) for s in range(1, stage))

    def terrain_of(self, column: int) -> str:
        return self.sections[(column - 1) // self.section_squares]


class Stars(Frozen):
    min: int = Field(ge=0, le=limits.STEPS)
    max: int = Field(ge=1, le=limits.STEPS)
    per_rider: int = Field(ge=1, le=limits.STEPS)


class Breakaway(Frozen):
    safe_cost: int = Field(ge=0, le=limits.STEPS)
    risky_max: int = Field(ge=1, le=limits.STEPS)


class Puncture(Frozen):
    miss_turns: int = Field(ge=1)


class Slipstream(Frozen):
    leader_energy: int = Field(ge=0)
    follower_gain: int = Field(ge=1)
    empty_leader_squares: int = Field(ge=1)


class Timing(Frozen):
    minutes_per_round: int = Field(ge=1)


Row = Union[tuple[int, ...], Literal["puncture"]]


class Facts(Frozen):
    """Everything rules.yaml says, typed."""

    players: Players
    riders: int
    components: Components
    course: Course
    stars: Stars
    energy: Gauge
    form: Gauge
    breakaway: Breakaway
    dice: Dice
    risky_table: dict[str, Row]
    puncture: Puncture
    slipstream: Slipstream
    timing: Timing


def outcome_key(a: int, b: int) -> str:
    """The row of the risky-breakaway table for a throw: a double has its own row ("3/3"), any
    other throw the row of its total ("7")."""
    return f"{a}/{b}" if a == b else str(a + b)


def outcomes(faces: int) -> list[tuple[int, int]]:
    """Every ordered throw of two dice (36 for d6)."""
    return [(a, b) for a in range(1, faces + 1) for b in range(1, faces + 1)]


def row_order(key: str) -> tuple[int, int]:
    """Rows as the rules print them: by total, a double before the other throws of its total."""
    if "/" in key:
        a = int(key.split("/")[0])
        return (2 * a, 0)
    return (int(key), 1)
