"""Everything the engine reads from the model, compiled once into plain, picklable data.

``EngineData.from_model(model)`` takes the printed course (boards.yaml: the road, the start bands,
the time trial start squares, the red dots, the green and finish lines), the printed decks
(course.csv, risque.csv), the numbers of rules.yaml (hands, redraws, the colour bonus, the risk
hand, the crash, the time trial, the points, the stages) and the engine's choices where the rules
are silent (``engine:`` in rules.yaml). Nothing of the game is typed here: a rules number changed
in the data changes what the engine plays. Worker processes of a simulation receive this object,
not the model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations

from pnp.errors import PnpError
from pnp.games.tour_de_france_mb import checks as C
from pnp.games.tour_de_france_mb.facts import EngineRules, Points
from pnp.model.game_model import GameModel

ROAD, TTT, ITT = 0, 1, 2
"""Stage kinds, as the engine numbers them."""
STAGE_KINDS = {"road": ROAD, "team-time-trial": TTT, "individual-time-trial": ITT}
KIND_NAMES = {v: k for k, v in STAGE_KINDS.items()}

NEEDS_VALUE = {"advance", "boost", "extra-card", "crash", "lose-turn", "headwind"}
"""Risk effects whose card must print a number (squares, turns, cards)."""
WITH_CARD = {"boost", "extra-card"}
"""Blue effects a player keeps and plays with one of its race cards."""


class EngineError(PnpError):
    """The data cannot be played by the engine. A ``PnpError``: the command line shows the message."""


@dataclass(frozen=True)
class RaceCard:
    id: str
    values: tuple[int, ...]
    colour: int
    """The team (index of rules.yaml teams) whose colour the card has; -1 for none."""
    bonus: bool
    """Whether the card gives the colour bonus to its team (Sprint cards never do)."""

    @property
    def total(self) -> int:
        return sum(self.values)


@dataclass(frozen=True)
class RiskCard:
    id: str
    name: str
    favourable: bool
    effect: str
    value: int


@dataclass(frozen=True)
class Course:
    """The course as bit masks: bit ``i`` of a column's mask is lane ``i + 1``; lists are indexed by
    column (0 and the columns past the last are empty)."""

    columns: int
    lanes: int
    road: tuple[int, ...]
    red: tuple[int, ...]
    green: int
    """The first column past the green line (0: no green line)."""
    finish: int
    """The first column past the finish line: a cyclist that reaches it has finished."""
    bands: tuple[tuple[tuple[int, int], ...], ...]
    """Per team, its band squares (column, lane), the front first."""
    corridors: tuple[int, ...]
    """Per team, the mask of its corridor's lanes (team time trial)."""
    itt_starts: tuple[tuple[int, int], ...]
    """The time trial start squares (column, lane), one per racer of a heat."""

    def distance(self, column: int) -> int:
        return self.finish - column


@dataclass
class EngineData:
    game: str
    teams: tuple[str, ...]
    per_team: int
    stages: tuple[int, ...]
    course: Course
    cards: tuple[RaceCard, ...]
    risks: tuple[RiskCard, ...]
    hand: int
    redraw: int
    colour_bonus: int
    risk_hand: int
    crash_offsets: tuple[tuple[int, int], ...]
    itt_hand: int
    itt_heat: int
    points: Points
    """rules.yaml's points: the scales and bonuses of every stage kind."""
    standings_max: int
    finish_slots: int
    markers: int
    players_min: int
    players_max: int
    rules: EngineRules = field(default_factory=EngineRules)

    def __post_init__(self) -> None:
        # the numbers a card may give its cyclists (spreads[card][own colour]): every order of its
        # values, and for a card of the team's colour also the bonus on any one cyclist (it is a "may")
        self.spreads: list[tuple[tuple[tuple[int, ...], ...], ...]] = []
        for card in self.cards:
            orders = sorted(set(permutations(card.values)))
            own = orders
            if card.bonus and self.colour_bonus:
                with_bonus = {o[:k] + (o[k] + self.colour_bonus,) + o[k + 1:] for o in orders for k in range(len(o))}
                own = sorted(set(orders) | with_bonus)
            self.spreads.append((tuple(orders), tuple(own)))
        self.colour_of = tuple(c.colour for c in self.cards)
        self.card_kind = tuple(((c.values, False), (c.values, c.bonus and bool(self.colour_bonus)))
                               for c in self.cards)
        """Per card, what makes two cards the same move (numbers, colour bonus), for another team and its own."""
        self.kind_of = tuple((c.values, c.bonus, c.colour) for c in self.cards)
        self.max_card = max((max(c.values, default=0) for c in self.cards), default=0) + self.colour_bonus
        """The most squares a race card gives a cyclist, with the colour bonus."""
        self.max_value = self.max_card + max((r.value for r in self.risks if r.effect == "boost"), default=0)
        """... and with a boost."""
        self.max_total = max((c.total for c in self.cards), default=0)
        course = self.course
        self.road_short = tuple(m if c < course.finish else 0 for c, m in enumerate(course.road))
        """The road of a team holding a red card: nothing at or past the finish."""
        self.corridor_road = tuple(tuple(m & lanes for m in course.road) for lanes in course.corridors)
        self.card_ids = sum(range(len(self.cards)))
        self.risk_ids = sum(range(len(self.risks)))
        # read once here rather than on every move: what the hot loops look up
        self.team_kind = tuple(tuple(kinds[c.colour == t] for c, kinds in zip(self.cards, self.card_kind))
                               for t in range(len(self.teams)))
        """Per team, per card: ``card_kind`` as that team sees it."""
        self.unfavourable = tuple(not r.favourable for r in self.risks)
        """Per risk card: whether it is red (held, it keeps the team off the finish)."""
        self.road_points = tuple(self.points.road_individual)
        self.green_first = self.points.green_first
        rules = self.rules
        self.stops_this_turn = rules.stop_timing == "this-turn"
        self.stops_next_turn = rules.stop_timing == "next-turn"
        self.stopped_pass = rules.stopped_team == "pass"
        self.most_squares = rules.card_use == "most-squares"
        self.foremost_first = rules.move_order == "foremost-first"
        self.spread_cache: dict[tuple, tuple] = {}
        """A card's spreads for a set of cyclists and a headwind (road._spreads), and a team's moves of
        every card for them (road.card_options), made as met."""
        self.lane_moves: dict[tuple[int, int, int], tuple[tuple, ...]] = {}
        """The moves of a cyclist choosing its square (road._lane_moves), made as met."""
        self.itt_distance = course.finish - min((c for c, _lane in course.itt_starts), default=course.finish)
        """Squares from the time trial start squares to the finish."""

    @classmethod
    def from_model(cls, model: GameModel, side: str | None = None) -> "EngineData":
        f = model.facts
        if not hasattr(f, "race_deck"):
            raise EngineError(f"the game '{model.id}' is not played by the Tour de France (MB) engine")
        rules: EngineRules = getattr(f, "engine", None) or EngineRules()
        stages = []
        for s in f.stages:
            stages.append(STAGE_KINDS[s.kind])
        return cls(
            game=model.id, teams=tuple(f.teams), per_team=f.cyclists_per_team, stages=tuple(stages),
            course=_course(model, side), cards=_race_cards(model), risks=_risk_cards(model),
            hand=f.road.hand, redraw=f.road.redraw, colour_bonus=f.race_deck.colour_bonus,
            risk_hand=f.risk_deck.hand_max, crash_offsets=_around(f.risk_deck.crash_neighbours),
            itt_hand=f.individual_time_trial.hand, itt_heat=f.individual_time_trial.heat,
            points=f.points,
            standings_max=f.standings.max, finish_slots=f.components.finish_slots,
            markers=C.lost_turn_markers(model), players_min=f.players.min, players_max=f.players.max,
            rules=rules)


def _around(n: int) -> tuple[tuple[int, int], ...]:
    """The first ``n`` squares around a square as (column, lane) offsets: the four that share a side
    first, then the four corners (rules.yaml risk_deck.crash_neighbours)."""
    sides = ((0, -1), (0, 1), (-1, 0), (1, 0))
    corners = ((-1, -1), (-1, 1), (1, -1), (1, 1))
    return (sides + corners)[:n]


def _race_cards(model: GameModel) -> tuple[RaceCard, ...]:
    f = model.facts
    deck = C.race_deck(model)
    if deck is None or not deck.size:
        raise EngineError(f"no race deck '{f.race_deck.deck}' in decks.yaml")
    out = []
    for card, _copy in deck.copies():
        if len(card.values) != f.cyclists_per_team:
            raise EngineError(f"race card {card.id} has {len(card.values)} numbers for {f.cyclists_per_team} "
                              "cyclists")
        colour = f.teams.index(card.colour) if card.colour in f.teams else -1
        out.append(RaceCard(card.id, tuple(card.values), colour, card.kind != "sprint"))
    return tuple(out)


def _risk_cards(model: GameModel) -> tuple[RiskCard, ...]:
    deck = C.risk_deck(model)
    if deck is None:
        raise EngineError(f"no risk deck '{model.facts.risk_deck.deck}' in decks.yaml")
    out = []
    for card, _copy in deck.copies():
        effect = card.fields.get("effect", "")
        if effect not in C.RISK_EFFECTS:
            raise EngineError(f"risk card {card.id}: the engine does not know the effect '{effect}'")
        if effect in NEEDS_VALUE and not card.value:
            raise EngineError(f"risk card {card.id} ({effect}) needs a value of 1 or more")
        out.append(RiskCard(card.id, card.name, card.kind == C.FAVOURABLE, effect, card.value or 0))
    return tuple(out)


def _course(model: GameModel, side_id: str | None) -> Course:
    f = model.facts
    board, side = C.course_side(model)
    if side_id is not None and board is not None:
        side = next((s for s in board.sides if s.id == side_id), None)
        if side is None:
            raise EngineError(f"board '{board.id}' has no side '{side_id}' (sides: "
                              f"{', '.join(s.id for s in board.sides)})")
    if side is None:
        raise EngineError(f"no side '{f.course.side}' of board '{f.course.board}' to race on")
    finish, green = side.line("finish"), side.line("green")
    if finish is None:
        raise EngineError(f"side '{side.id}' of the course has no finish line")
    pad = [0] * (side.columns + 2)
    road, red = list(pad), list(pad)
    for column in range(1, side.columns + 1):
        for lane in side.road_lanes(column):
            road[column] |= 1 << (lane - 1)
    for dot in side.marks("risk"):
        red[dot.column] |= 1 << (dot.lane - 1)
    by_band = C.bands(side)
    bands = []
    for i, team in enumerate(f.teams, 1):
        squares = sorted(((s.column, s.lane) for s in by_band.get(i, [])), reverse=True)
        if len(squares) < f.cyclists_per_team:
            raise EngineError(f"team {team} has {len(squares)} start band squares for {f.cyclists_per_team} "
                              "cyclists")
        bands.append(tuple(squares[:f.cyclists_per_team]))
    corridors = tuple(sum(1 << (lane - 1) for lane in f.corridor(t)) for t in f.teams)
    starts = tuple((s.column, s.lane) for s in side.marks("itt-start"))
    if len(starts) < f.individual_time_trial.heat:
        raise EngineError(f"{len(starts)} time trial start squares for heats of {f.individual_time_trial.heat}")
    return Course(side.columns, side.lanes, tuple(road), tuple(red), green.column if green else 0,
                  min(finish.column, side.columns + 1), tuple(bands), corridors, starts)
