"""Everything the engine reads from the model, compiled once into plain, picklable data.

``EngineData.from_model(model, level)`` takes the printed board (its zones give every square's
terrain, its lines the stages, its grid squares the start positions), the riders and their star
profiles (riders.yaml), the pieces every rider needs to race (rider card, energy needle, form track,
form marker), the puncture markers (tokens.yaml), the numbers and the dice table of rules.yaml, and
the engine's choices where the rules are silent (``engine:`` in rules.yaml). Worker processes of a
simulation receive this object, not the model.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.errors import PnpError
from pnp.games.maillot_jaune.facts import PUNCTURE, EngineRules, outcome_key
from pnp.model.game_model import GameModel

CARD_KINDS = {"rider": "rider card", "needle": "energy needle", "form-track": "form track",
              "form-marker": "form marker"}
"""The pieces a rider races with, one each (riders.csv, needles.csv, form.csv, markers.csv)."""
LEVELS = ("basic", "advanced")


class EngineError(PnpError):
    """The data cannot be played by the engine; the command line shows the message alone."""


@dataclass(frozen=True)
class Stage:
    """One stage: riders race from column ``start`` to the line before column ``finish``, from the
    ``grid`` squares (column, lane) in the order of their numbers. Columns behind the start line of
    the first stage are counted back from it (0, -1...), so that a stage's columns always rise."""

    number: int
    start: int
    finish: int
    grid: tuple[tuple[int, int], ...]
    terrains: tuple[str, ...]
    low: int
    """The stage's first column: its last grid row."""


@dataclass(frozen=True)
class Risk:
    """What a risky breakaway of k squares costs, over every throw of the dice, for the greedy
    policy: the chance of a puncture, and per energy left on the dial the expected energy spent,
    the expected form spent and (per form left) the chance that the rider abandons."""

    puncture: float
    energy: tuple[tuple[float, ...], ...]           # [k][energy] expected energy spent
    form: tuple[tuple[float, ...], ...]             # [k][energy] expected form spent
    abandon: tuple[tuple[tuple[float, ...], ...], ...]  # [k][energy][form]


@dataclass(frozen=True)
class EngineData:
    game: str
    level: str
    rules: EngineRules
    riders: tuple[str, ...]
    profiles: tuple[str, ...]
    """The profile id of every rider."""
    profile_stars: dict[str, tuple[int, ...]]
    """Stars per terrain (in ``terrains`` order) of every profile."""
    terrains: tuple[str, ...]
    stars: tuple[tuple[int, ...], ...]
    """stars[rider][column - 1]: the rider's stars on the terrain of that square of the circuit."""
    terrain_at: tuple[str, ...]
    lanes: int
    road: frozenset[tuple[int, int]]
    """The road squares (column, lane) of the circuit, columns 1 to ``circuit``."""
    circuit: int
    stages: tuple[Stage, ...]
    squares: frozenset[tuple[int, int]]
    """The road squares of every stage, by its own columns (the first stage's grid at 0, -1...)."""
    energy_max: int
    energy_start: int
    form_max: int
    form_start: int
    safe_cost: int
    risky_max: int
    form_per_energy: int
    dice_count: int
    dice_faces: int
    throws: tuple[tuple[int, ...] | None, ...]
    """The dice table's row of every ordered throw (first die major); None for a puncture."""
    miss_turns: int
    leader_energy: int
    follower_gain: int
    follower_step: int
    empty_leader_squares: int
    minutes_per_round: int
    players_min: int
    players_max: int
    markers: int
    """Puncture markers in the kit: how many riders can be shown waiting at once."""
    risk: Risk
    # read on every move, so set once from ``level`` and ``rules`` (engine:)
    advanced: bool = field(init=False, repr=False, compare=False)
    """Whether the advanced rules are played."""
    around: bool = field(init=False, repr=False, compare=False)
    """engine.passing: around (a rider steps only onto free squares)."""
    both_empty: bool = field(init=False, repr=False, compare=False)
    """engine.abandon: both-empty."""
    any_lane: bool = field(init=False, repr=False, compare=False)
    """engine.slipstream_escape: none (changing lanes sheds no rider)."""
    plain_unowned: bool = field(init=False, repr=False, compare=False)
    """engine.unowned_play: plain."""

    def __post_init__(self) -> None:
        rules = self.rules
        for name, value in (("advanced", self.level == "advanced"), ("around", rules.passing == "around"),
                            ("both_empty", rules.abandon == "both-empty"),
                            ("any_lane", rules.slipstream_escape == "none"),
                            ("plain_unowned", rules.unowned_play == "plain")):
            object.__setattr__(self, name, value)

    @property
    def lane_ids(self) -> range:
        return range(1, self.lanes + 1)

    @property
    def n_riders(self) -> int:
        return len(self.riders)

    def stars_of(self, rider: int, column: int) -> int:
        """The stars of ``rider`` on the square of ``column`` (any column: the circuit is a loop)."""
        return self.stars[rider][(column - 1) % self.circuit]

    def is_road(self, column: int, lane: int) -> bool:
        return ((column - 1) % self.circuit + 1, lane) in self.road

    @classmethod
    def from_model(cls, model: GameModel, level: str | None = None, side: str | None = None) -> "EngineData":
        """The engine's data for ``model``: ``level`` "basic" or "advanced" (default: rules.yaml's
        ``engine.level``), ``side`` a side of the board (default: its first)."""
        facts = model.facts
        rules: EngineRules = getattr(facts, "engine", None) or EngineRules()
        level = level or rules.level
        if level not in LEVELS:
            raise ValueError(f"no rules level '{level}' (use one of: {', '.join(LEVELS)})")
        board_side = _side(model, side)
        riders = [r.id for r in model.riders]
        _check_pieces(model, riders)
        profiles = {p.id: p for p in model.profiles}
        terrains = tuple(facts.course.terrains)
        for r in model.riders:
            if r.profile not in profiles:
                raise EngineError(f"rider {r.id} has no star profile")
        terrain_at = _terrain_at(board_side)
        unknown = sorted(set(terrain_at) - set(terrains))
        if unknown:
            raise EngineError(f"the board has terrain {', '.join(unknown)}, which no rider is rated on")
        for r in model.riders:
            missing = [t for t in terrains if t not in profiles[r.profile].stars]
            if missing:
                raise EngineError(f"rider {r.id} has no stars for {', '.join(missing)}")
        stars = tuple(tuple(profiles[r.profile].stars[t] for t in terrain_at) for r in model.riders)
        if facts.dice.count != 2:
            raise EngineError(f"the dice table is read with two dice, rules.yaml rolls {facts.dice.count}")
        throws = _throws(facts)
        if not 1 <= facts.slipstream.empty_leader_squares <= facts.breakaway.risky_max:
            raise EngineError(f"an empty leader pays the table's column {facts.slipstream.empty_leader_squares}, "
                              f"the table has {facts.breakaway.risky_max}")
        circuit = board_side.columns
        stages = _stages(board_side, facts.course.grid_rows, terrain_at, len(riders))
        road = frozenset((c, lane) for c in range(1, circuit + 1) for lane in range(1, board_side.lanes + 1)
                         if board_side.is_road(c, lane))
        squares = frozenset((c, lane) for st in stages for c in range(st.low, st.finish)
                            for lane in range(1, board_side.lanes + 1)
                            if ((c - 1) % circuit + 1, lane) in road)
        markers = sum(t.count for t in model.tokens if t.kind == PUNCTURE)
        return cls(
            game=model.id, level=level, rules=rules, riders=tuple(riders),
            profiles=tuple(r.profile for r in model.riders),
            profile_stars={p.id: tuple(p.stars.get(t, 0) for t in terrains) for p in model.profiles},
            terrains=terrains, stars=stars, terrain_at=terrain_at, lanes=board_side.lanes, road=road,
            circuit=circuit, stages=stages, squares=squares,
            energy_max=facts.energy.max, energy_start=facts.energy.start,
            form_max=facts.form.max, form_start=facts.form.start,
            safe_cost=facts.breakaway.safe_cost, risky_max=facts.breakaway.risky_max,
            form_per_energy=facts.breakaway.form_per_energy,
            dice_count=facts.dice.count, dice_faces=facts.dice.faces, throws=throws,
            miss_turns=facts.puncture.miss_turns,
            leader_energy=facts.slipstream.leader_energy, follower_gain=facts.slipstream.follower_gain,
            follower_step=facts.slipstream.follower_step,
            empty_leader_squares=facts.slipstream.empty_leader_squares,
            minutes_per_round=facts.timing.minutes_per_round,
            players_min=facts.players.min, players_max=facts.players.max, markers=markers,
            risk=_risk(throws, facts.breakaway.risky_max, facts.energy.max, facts.form.max,
                       facts.breakaway.form_per_energy, rules.abandon),
        )


def _side(model: GameModel, side: str | None):
    if not model.boards or not model.boards[0].sides:
        raise EngineError("the game has no board to race on")
    board = model.boards[0]
    chosen = next((s for s in board.sides if s.id == (side or board.sides[0].id)), None)
    if chosen is None:
        raise EngineError(f"board '{board.id}' has no side '{side}' (sides: {', '.join(s.id for s in board.sides)})")
    return chosen


def _check_pieces(model: GameModel, riders: list[str]) -> None:
    """Every rider races with one of each piece of CARD_KINDS; a rider short of one cannot race."""
    for kind, name in CARD_KINDS.items():
        owned = {c.rider for d in model.decks for c, _ in d.copies() if c.kind == kind}
        missing = [r for r in riders if r not in owned]
        if missing:
            raise EngineError(f"no {name} for {', '.join(missing)}: a rider needs one to race")


def _terrain_at(side) -> tuple[str, ...]:
    """The terrain of every column of the circuit, from the board's zones."""
    at: dict[int, str] = {}
    for z in side.zones:
        for c in range(z.start, z.end + 1):
            at[c] = z.terrain
    missing = [c for c in range(1, side.columns + 1) if c not in at]
    if missing:
        raise EngineError(f"the board gives no terrain to square {missing[0]}")
    return tuple(at[c] for c in range(1, side.columns + 1))


def _stages(side, grid_rows: int, terrain_at: tuple[str, ...], riders: int) -> tuple[Stage, ...]:
    """The stages between the board's lines (its start line, then every finish line), each with the
    grid squares of the ``grid_rows`` columns behind its start line."""
    starts = [ln.column for ln in side.lines_of("start")]
    finishes = sorted(ln.column for ln in side.lines_of("finish"))
    if len(starts) != 1 or not finishes:
        raise EngineError("the board needs one start line and a finish line for every stage")
    bounds = [starts[0], *finishes]
    circuit = side.columns
    out = []
    for i, (start, finish) in enumerate(zip(bounds, bounds[1:]), 1):
        if finish <= start:
            raise EngineError(f"stage {i} finishes before square {finish}, at or behind its start {start}")
        grid = []
        for space in side.marks("grid"):
            back = (start - space.column) % circuit
            if 1 <= back <= grid_rows:
                grid.append((space.number or 0, start - back, space.lane))
        grid.sort()
        if len(grid) < riders:
            raise EngineError(f"stage {i}: {len(grid)} grid squares behind its line for {riders} riders")
        terrains = tuple(dict.fromkeys(terrain_at[c - 1] for c in range(start, finish)))
        out.append(Stage(i, start, finish, tuple((c, lane) for _, c, lane in grid), terrains,
                         min(c for _, c, _ in grid)))
    return tuple(out)


def _throws(facts) -> tuple[tuple[int, ...] | None, ...]:
    out = []
    for a in range(1, facts.dice.faces + 1):
        for b in range(1, facts.dice.faces + 1):
            key = outcome_key(a, b)
            if key not in facts.risky_table:
                raise EngineError(f"the dice table has no row for the throw {a} and {b} ({key})")
            row = facts.risky_table[key]
            if row != PUNCTURE and len(row) < facts.breakaway.risky_max:
                raise EngineError(f"row {key} of the dice table has {len(row)} costs for "
                                  f"{facts.breakaway.risky_max} squares")
            out.append(None if row == PUNCTURE else tuple(row))
    return tuple(out)


def pay(cost: int, energy: int, form: int, form_per_energy: int) -> tuple[int, int, int]:
    """A cost paid from the dial first, then from form (``form_per_energy`` per unit of energy
    missing): (energy spent, form owed, form left); a negative form left is a cost the rider cannot
    pay."""
    spent = min(cost, energy)
    owed = (cost - spent) * form_per_energy
    return spent, owed, form - owed


def _risk(throws, risky_max: int, energy_max: int, form_max: int, per: int, abandon: str) -> Risk:
    n = len(throws)
    energy, form, quits = [], [], []
    for k in range(risky_max):
        e_row, f_row, q_row = [], [], []
        for e in range(energy_max + 1):
            spent_e = spent_f = 0.0
            q = []
            for f in range(form_max + 1):
                bad = 0
                for row in throws:
                    if row is None:
                        continue
                    spent, owed, left = pay(row[k], e, f, per)
                    if left < 0 or (abandon == "both-empty" and e - spent == 0 and left == 0):
                        bad += 1
                q.append(bad / n)
            for row in throws:
                if row is not None:
                    spent, owed, _ = pay(row[k], e, 0, per)
                    spent_e += spent
                    spent_f += owed
            e_row.append(spent_e / n)
            f_row.append(spent_f / n)
            q_row.append(tuple(q))
        energy.append(tuple(e_row))
        form.append(tuple(f_row))
        quits.append(tuple(q_row))
    return Risk(sum(1 for r in throws if r is None) / n, tuple(energy), tuple(form), tuple(quits))
