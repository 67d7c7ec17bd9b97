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
    form_per_energy: int = Field(ge=1, le=limits.STEPS)
    """What a risky cost the dial cannot pay costs in form: this much per unit of energy missing."""


class Puncture(Frozen):
    miss_turns: int = Field(ge=1)


class Slipstream(Frozen):
    leader_energy: int = Field(ge=0)
    follower_gain: int = Field(ge=1)
    """Squares the first follower (the 2nd rider of the line) moves."""
    follower_step: int = Field(ge=0, le=limits.STEPS)
    """How many squares more each further follower moves than the one in front of it."""
    empty_leader_squares: int = Field(ge=1)

    def gain(self, place: int) -> int:
        """Squares the rider at ``place`` of a slipstreaming line moves (the leader is 1st)."""
        return self.follower_gain + (place - 2) * self.follower_step


class Timing(Frozen):
    minutes_per_round: int = Field(ge=1)


class Dial(Frozen):
    """The rear wheel of a rider card, the energy dial, in mm: the rider card draws it and the
    energy needle is cut to it."""

    radius: float = Field(gt=0, le=60)
    """The rim's radius."""
    mark: float = Field(gt=0, le=10)
    """The radius of the disc that holds each number."""
    inset: float = Field(gt=0, le=30)
    """From the rim in to the centre of a number's disc."""
    reach: float = Field(ge=0, le=5)
    """How far the needle's tip goes into a number's disc (it stops short of the figure)."""
    tyre: float = Field(ge=0, le=10)
    """The tyre's width, round the rim."""
    foot: float = Field(ge=0, le=30)
    """From the tyre down to the rider card's bottom edge (room for the stamp)."""
    sweep: float = Field(gt=0, le=360)
    """The angle the numbers spread over, 0 at the lower left, the highest at the lower right."""
    tail: float = Field(gt=0, le=20)
    """The needle's tail, behind its hole (it carries the rider's letter)."""

    def hub(self, card_height: float) -> float:
        """How far below a rider card's top edge the wheel's hub is (mm)."""
        return card_height - self.foot - self.tyre - self.radius

    def hole(self, needle_height: float) -> float:
        """How far below the needle piece's top edge the needle's hole is (mm): its tail ends
        2 mm above the piece's bottom edge."""
        return needle_height - self.tail - 2

    def angle(self, value: int, top: int) -> float:
        """The needle's turn (degrees, clockwise from straight up) that points it at ``value``."""
        return -self.sweep / 2 + self.sweep * value / top

    @property
    def marks_radius(self) -> float:
        """From the hub to the centre of a number's disc."""
        return self.radius - self.inset

    @property
    def needle_length(self) -> float:
        """From the hub to the needle's tip: into the numbers' discs by ``reach``."""
        return self.marks_radius - self.mark + self.reach


class TrackLayout(Frozen):
    """Where the cells sit on a form track of w x h mm, and the slider cut to them (mm)."""

    cells_x: float
    cells_y: float
    cell_w: float
    cell_h: float
    top: float
    bottom: float
    back: float

    @property
    def slider_length(self) -> float:
        """The slider's strip: its top flap, its back, its bottom flap."""
        return self.top + self.back + self.bottom


class FormTrack(Frozen):
    """The paper form track (one cell per point of form) and its fold-over slider, in mm. The
    track's size is its deck's card size; the slider is one cell wide and wraps the track's height:
    its two flaps fold over the margins above and below the cells and point at one cell."""

    label: float = Field(gt=0, le=100)
    """The rider's panel at the left of the cells."""
    right: float = Field(ge=0, le=20)
    """The margin right of the last cell."""
    top: float = Field(gt=0, le=20)
    """The margin above the cells: the slider's top flap lies on it."""
    bottom: float = Field(gt=0, le=20)
    """The margin under the cells (the way the marker goes): the slider's bottom flap lies on it."""
    slack: float = Field(ge=0, le=5)
    """How much longer than the track is tall the slider's back is, so that it slides."""

    def layout(self, width: float, height: float, cells: int) -> TrackLayout:
        """The cells and the slider on a track of ``width`` x ``height`` mm with ``cells`` cells."""
        cell_w = (width - self.label - self.right) / cells
        return TrackLayout(cells_x=self.label, cells_y=self.top, cell_w=cell_w,
                           cell_h=height - self.top - self.bottom, top=self.top, bottom=self.bottom,
                           back=height + self.slack)


class Pieces(Frozen):
    """The geometry of the paper pieces that must fit one another (not rules: sizes in mm)."""

    dial: Dial
    form_track: FormTrack


Row = Union[tuple[int, ...], Literal["puncture"]]


class EngineRules(Frozen):
    """How the simulation engine plays where the rules are silent, contradict themselves, or leave
    the engine to assume something: the ``engine:`` mapping of rules.yaml. Every field has a default,
    so rules.yaml without that mapping still simulates; each choice is listed as a question
    (MJ-ENGINE-...) by ``pnp.games.maillot_jaune.engine.gaps``."""

    level: Literal["basic", "advanced"] = "advanced"
    """The rules a plain simulation plays: the basic rules, or with the advanced ones (slipstream,
    riding side by side, helping a punctured rider)."""
    rider_choice: Literal["random", "seat-order"] = "random"
    unowned_riders: Literal["rotate"] = "rotate"
    unowned_play: Literal["plain", "own"] = "plain"
    winner: Literal["owner", "best-owned"] = "owner"
    ties: Literal["best-stage-place", "last-stage-place"] = "best-stage-place"
    passing: Literal["over", "around"] = "over"
    announce: Literal["exact"] = "exact"
    round_order: Literal["round-start"] = "round-start"
    stage_places: Literal["crossing-order"] = "crossing-order"
    finished_riders: Literal["leave-road"] = "leave-road"
    puncture_breakaway: Literal["none", "safe-kept"] = "none"
    puncture_carry: Literal["cleared", "kept"] = "cleared"
    abandon: Literal["both-empty", "unpaid"] = "both-empty"
    slipstream_line: Literal["shift-per-turn"] = "shift-per-turn"
    slipstream_escape: Literal["other-lane", "none"] = "other-lane"
    side_by_side: Literal["own-move"] = "own-move"
    slipstream_puncture: Literal["puncture", "no-cost"] = "puncture"
    slipstream_blocked: Literal["leader-pays", "no-effect"] = "leader-pays"
    help_square: Literal["beside", "around"] = "beside"


class Facts(Frozen):
    """Everything rules.yaml says, typed."""

    players: Players
    riders: int
    source_riders: tuple[str, ...] = ()
    """The riders the source rules name (the others are this kit's)."""
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
    pieces: Pieces
    engine: EngineRules = EngineRules()


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
