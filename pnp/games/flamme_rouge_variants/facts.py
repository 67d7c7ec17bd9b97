"""The numbers of the Flamme Rouge variants, read from rules.yaml."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from pnp.model import limits
from pnp.model.base import Frozen
from pnp.model.game import Players


class RidersPerTeam(Frozen):
    race: int = Field(ge=1)
    grand_tour: int = Field(ge=1)
    world_cup: int = Field(ge=1)


class Profile(Frozen):
    """An energy deck: every value ``copies`` times; what the kit prints of it."""

    role: str
    values: tuple[int, ...]
    copies: int = Field(ge=1)
    printed: Literal["none", "replacements", "deck"]
    base_values: tuple[int, ...] = ()
    deck: str = ""
    cap_exempt: tuple[int, ...] = ()

    @property
    def size(self) -> int:
        return len(self.values) * self.copies


class DeckRef(Frozen):
    deck: str
    per_rider_deck: int = Field(1, ge=0)


class Exhaustion(Frozen):
    deck: str
    per_team: int = Field(ge=0)


class Ghost(Frozen):
    values: Literal["top", "bottom", "middle"]
    count: int = Field(ge=1)
    draw: int = Field(ge=1)
    play: Literal["highest", "only", "middle"]


class PelotonBot(Frozen):
    decks: tuple[str, ...]
    draw: int = Field(ge=1)


class Steep(Frozen):
    cost: int = Field(ge=1)
    mountain_bonus: int = Field(ge=0)
    overlays: int = Field(ge=0)
    descent_idea: int = Field(1, ge=1)
    """Not a rule: what the booklet suggests adding to the card played before a black square on a descent."""


class Roundabout(Frozen):
    squares: int = Field(ge=1)
    short: int = Field(ge=1)
    long: int = Field(ge=1)
    short_lane: Literal["inner", "outer"]


class Penalty(Frozen):
    penalty_squares: int = Field(0, ge=0)
    penalty_cards: int = Field(0, ge=0)


class FeedZone(Frozen):
    max_card: int
    musette_cards: int = Field(ge=1)


class RollingStart(Frozen):
    draw: int = Field(ge=1)
    exhaustion_per_square: int = Field(ge=0)
    unsheltered_exhaustion: int = Field(ge=0)


class Weather(Frozen):
    min: int
    max: int
    start: int
    die: dict[int, int]
    effects: dict[int, str]
    hot_exhaustion: int = Field(ge=1)


class WindDirection(Frozen):
    exhaustion: int = Field(ge=0)
    shelter: Literal["front", "side", "none"]


class Wind(Frozen):
    directions: dict[str, WindDirection]
    rose: tuple[str, ...]


class Time(Frozen):
    card_seconds: int = Field(ge=1)
    beyond_seconds: int = Field(ge=0)
    left_seconds: dict[str, int]
    stage_bonus: tuple[int, ...]
    intermediate_bonus: tuple[int, ...]


class Points(Frozen):
    intermediate: tuple[int, ...]
    finish: tuple[int, ...]


class Mountain(Frozen):
    rule: Literal["halve"]
    lengths: dict[int, tuple[int, ...]]
    steep_bonus: int = Field(ge=0)


class TeamClassification(Frozen):
    best: int = Field(ge=1)


class Markers(Frozen):
    """The line markers laid beside the track: intermediate sprints and summits (tokens of those kinds)."""

    sprint: int = Field(ge=1)
    summit: int = Field(ge=1)


def _ordered(v: object) -> object:
    """A mapping place -> value, written as such in rules.yaml, as the tuple of values by place."""
    return tuple(x for _, x in sorted(v.items(), key=lambda kv: int(kv[0]))) if isinstance(v, dict) else v


class Form(Frozen):
    deck: str
    values: tuple[int, ...]

    @field_validator("values", mode="before")
    @classmethod
    def _counts(cls, v: object) -> object:
        """``{value: copies}`` in rules.yaml, highest value first."""
        if isinstance(v, dict):
            return tuple(int(k) for k, n in sorted(v.items(), key=lambda kv: int(kv[0]), reverse=True) for _ in range(int(n)))
        return v


class WorldCup(Frozen):
    points: tuple[int, ...]

    @field_validator("points", mode="before")
    @classmethod
    def _by_place(cls, v: object) -> object:
        return _ordered(v)
    form: Form
    back_to_back_exhaustion: int = Field(ge=0)


class TimeTrial(Frozen):
    individual_cut: tuple[int, ...]
    team_cut: tuple[int, ...]
    hand: int = Field(ge=1)
    highest_exhaustion: int = Field(ge=0)


class ScoreSheets(Frozen):
    grand_tour: str
    time_trial: str
    world_cup: str
    rows: int = Field(ge=1, le=limits.STEPS)
    stages: int = Field(6, ge=1, le=12)
    """Stage columns of the grand tour's overall sheet."""
    events: int = Field(5, ge=1, le=8)
    """Event columns of the World Cup sheet."""


class Tile(Frozen):
    board: str
    square_mm: float = Field(gt=0)
    lane_mm: float = Field(gt=0)


class Computed(Frozen):
    """What the computed checks (FRV-CALC-...) weigh their figures against: no rule, nothing printed."""

    stage_turns: int = Field(ge=1, le=60)
    """Turns a stage lasts, about: the horizon of the ghosts' draws, the weather walk and the piles."""
    run_out: float = Field(ge=0, le=1)
    """The largest chance the designer accepts that a pile, the form deck or the ghost markers run short."""


class Facts(Frozen):
    """Everything rules.yaml says, typed."""

    base_game: str
    base_authors: tuple[str, ...] = ()
    base_publishers: tuple[str, ...] = ()
    players: Players
    teams: tuple[str, ...]
    riders_per_team: RidersPerTeam
    world_cup_entered: int = Field(ge=1)
    hand: int = Field(ge=1)
    exhaustion_value: int
    mountain_cap: int
    descent_min: int
    profiles: dict[str, Profile]
    attack: DeckRef
    exhaustion: Exhaustion
    ghosts: dict[str, Ghost]
    peloton_bot: PelotonBot
    steep: Steep
    roundabout: Roundabout
    puncture: Penalty
    crash: Penalty
    crash_thresholds: dict[str, int]
    rain_modifier: int
    feed_zone: FeedZone
    rolling_start: RollingStart
    weather: Weather
    wind: Wind
    time: Time
    points: Points
    mountain: Mountain
    team_classification: TeamClassification
    markers: Markers
    combativity: int = Field(ge=1)
    classifications: tuple[str, ...]
    world_cup: WorldCup
    time_trial: TimeTrial
    components: dict[str, int]
    score_sheets: ScoreSheets
    tile: Tile
    computed: Computed

    @property
    def max_riders(self) -> int:
        r = self.riders_per_team
        return len(self.teams) * max(r.race, r.grand_tour, r.world_cup)

    @property
    def max_ghosts(self) -> int:
        """Ghost riders when the fewest players race with every team: the other teams' riders."""
        return (len(self.teams) - self.players.min) * self.riders_per_team.race

    def terrains(self) -> list[str]:
        return list(self.crash_thresholds)
