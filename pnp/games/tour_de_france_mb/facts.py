"""The numbers of the Tour de France (MB) rules, read from rules.yaml."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pnp.model import limits
from pnp.model.base import Frozen
from pnp.model.game import Players

StageKind = Literal["road", "team-time-trial", "individual-time-trial"]


class Jerseys(Frozen):
    yellow: str
    green: str


class Components(Frozen):
    """What the box holds, as the rules list it."""

    race_cards: int
    sprint_cards: int
    colour_cards: int
    risk_cards: int
    cyclists: int
    pawns: int
    pawns_per_player: int
    finish_slots: int = Field(ge=1, le=limits.STEPS)


class Stage(Frozen):
    number: int
    kind: StageKind


class RaceDeck(Frozen):
    deck: str
    per_colour: int = Field(ge=1)
    sprint: tuple[int, ...]
    colour_bonus: int = Field(ge=0)


class RiskDeck(Frozen):
    deck: str
    favourable: int = Field(ge=0)
    unfavourable: int = Field(ge=0)
    crash_min: int = Field(ge=0)
    hand_max: int = Field(ge=1)
    crash_neighbours: int = Field(8, ge=0, le=8)
    """The squares around a fallen cyclist whose cyclists a crash also stops."""


class Road(Frozen):
    hand: int = Field(ge=1)
    redraw: int = Field(ge=0)


class TeamTimeTrial(Frozen):
    corridor_lanes: int = Field(ge=1)


class IndividualTimeTrial(Frozen):
    hand: int = Field(ge=1)
    heat: int = Field(ge=1)
    lanes: tuple[int, ...]


class Course(Frozen):
    board: str
    side: str


class Points(Frozen):
    road_individual: tuple[int, ...]
    road_team: tuple[int, ...]
    team_bonus: int
    bonus_cyclists: int
    bonus_places: int
    green_first: int
    green_second: int
    combativity: int
    ttt_team: tuple[int, ...]
    itt_individual: tuple[int, ...]


class Standings(Frozen):
    min: int
    max: int


class EngineRules(Frozen):
    """How the simulation engine plays where the rules are silent, or where it must assume something.

    Read from the ``engine:`` mapping of rules.yaml; every field has a default, so the game still
    simulates without that mapping. Each choice is listed as a question (TDF-ENGINE-...) by
    ``pnp.games.tour_de_france_mb.engine.gaps``.
    """

    team_choice: Literal["random", "seat-order"] = "random"
    """Which seat races which team (colour, start band)."""
    move_order: Literal["foremost-first", "rearmost-first"] = "foremost-first"
    """The order in which the cyclists of one card move."""
    card_use: Literal["free", "most-squares"] = "free"
    """Whether the numbers of a card may go to cyclists that cannot use them."""
    stopped_team: Literal["pass", "redraw"] = "pass"
    """A player whose racing cyclists all miss the turn: plays no card, or discards and redraws."""
    risk_cyclist: Literal["first-stopped"] = "first-stopped"
    """Several cyclists stop on red dots in one play: which one draws."""
    combativity: Literal["at-once"] = "at-once"
    """When the combativity card, whose text gives no time, is played."""
    stop_timing: Literal["this-turn", "next-turn"] = "this-turn"
    """A cyclist stopped by a card its own player plays at the start of a turn misses that turn or the next."""
    stopped_again: Literal["longest", "adds"] = "longest"
    """A cyclist already missing turns and stopped again."""
    stall: Literal["number-lost"] = "number-lost"
    blue_after_finish: Literal["unusable"] = "unusable"
    held_at_stage_end: Literal["under-pile"] = "under-pile"
    stage_deck: Literal["gathered"] = "gathered"
    itt_leftover: Literal["played-pile"] = "played-pile"
    itt_reruns: int = Field(20, ge=0, le=1000)
    """Re-runs of tied time trial racers before they share the better place's points."""
    ttt_unfinished: Literal["finishers-then-rearmost"] = "finishers-then-rearmost"
    yellow_wearer: Literal["best-placed"] = "best-placed"
    tour_tie: Literal["shared", "individual"] = "shared"


class Facts(Frozen):
    """Everything rules.yaml says, typed."""

    players: Players
    teams: tuple[str, ...]
    cyclists_per_team: int = Field(ge=1)
    jerseys: Jerseys
    components: Components
    stages: tuple[Stage, ...]
    race_deck: RaceDeck
    risk_deck: RiskDeck
    road: Road
    team_time_trial: TeamTimeTrial
    individual_time_trial: IndividualTimeTrial
    course: Course
    points: Points
    standings: Standings
    engine: EngineRules = EngineRules()

    def stages_of(self, kind: str) -> list[Stage]:
        return [s for s in self.stages if s.kind == kind]

    def corridor(self, team: str) -> tuple[int, ...]:
        """The lanes of ``team``'s corridor in the team time trial (team i: lanes (i-1)*n+1 .. i*n)."""
        n = self.team_time_trial.corridor_lanes
        i = self.teams.index(team)
        return tuple(range(i * n + 1, (i + 1) * n + 1))
