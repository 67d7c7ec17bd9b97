"""Everything the engine reads from the model, compiled once into plain, picklable data.

``EngineData.from_model(model, side)`` takes the printed board side, the printed movement deck,
the numbers of rules.yaml (deal, sprint end, points, sprints per player count) and the engine's
choices where the rules are silent (``engine:`` in rules.yaml). Worker processes of a simulation
receive this object, not the model. ``dataclasses.replace(data, rules=EngineRules(...))`` gives the
same game under other engine choices.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.errors import PnpError
from pnp.games.green_jersey.engine.board_geometry import Geometry, GeometryError
from pnp.games.green_jersey.engine.cards import CardTable
from pnp.games.green_jersey.facts import EngineRules
from pnp.model.boards import BoardSide
from pnp.model.decks import Card
from pnp.model.game_model import GameModel


class EngineError(PnpError):
    """The data cannot be played by the engine (a missing board side, too few peloton squares...).
    A ``PnpError``: the command line shows its message without a traceback."""


@dataclass
class EngineData:
    game: str
    geo: Geometry
    cards: CardTable
    riders: list[str]
    hand: int
    discard_max: int
    refill_to: int
    keep_max: int
    finishers_to_end: int
    points: tuple[int, ...]
    sprints: dict[int, tuple[int, ...]]
    players_min: int
    players_max: int
    rules: EngineRules = field(default_factory=EngineRules)

    # flags read in the hot paths
    @property
    def n_riders(self) -> int:
        return len(self.riders)

    def __post_init__(self) -> None:
        r = self.rules
        self.finished_blocks = r.finished_rider == "blocks"
        self.vacated_free = r.vacated_square == "free"
        self.pair_with_finished = r.pair_with_finished == "allowed" and self.finished_blocks
        self.zero_move_no_effect = r.zero_move == "no-effect"
        self.discard_capped = r.discard_limit == "pile"
        self.push = self.geo.push if r.push_across_finish == "allowed" else self.geo.push_short

    @classmethod
    def from_model(cls, model: GameModel, side: str | None = None) -> "EngineData":
        if not has_engine(model):
            raise EngineError(f"there is no simulation engine for the game '{model.id}' (only Green Jersey has one)")
        facts = model.facts
        rules: EngineRules = getattr(facts, "engine", None) or EngineRules()
        if not model.boards or not model.boards[0].sides:
            raise EngineError("the game has no board to play on")
        board = model.boards[0]
        wanted = side or rules.board_side or board.sides[0].id
        chosen = next((s for s in board.sides if s.id == wanted), None)
        if chosen is None:
            known = ", ".join(s.id for s in board.sides)
            raise EngineError(f"board '{board.id}' has no side '{wanted}' (sides: {known})")
        riders = [r.id for r in model.riders]
        try:
            cards = CardTable.from_model(model, riders)
            geo = Geometry(chosen, cards.distances() or (1,))
        except (GeometryError, ValueError) as exc:
            raise EngineError(str(exc)) from exc
        return cls(
            game=model.id, geo=geo, cards=cards, riders=riders,
            hand=facts.deal.hand, discard_max=facts.deal.discard_max, refill_to=facts.deal.refill_to,
            keep_max=facts.deal.keep_max, finishers_to_end=facts.sprint.finishers_to_end,
            points=tuple(facts.scoring.points), sprints={int(k): tuple(v) for k, v in facts.sprints.items()},
            players_min=facts.players.min, players_max=facts.players.max, rules=rules,
        )

    @classmethod
    def from_parts(cls, side: BoardSide, cards: list[Card], riders: list[str], *, award: str = "vert",
                   wildcard: str = "multicolore", rules: EngineRules | None = None, hand: int = 5,
                   discard_max: int = 5, refill_to: int = 6, keep_max: int = 5, finishers_to_end: int = 3,
                   points: tuple[int, ...] = (3, 2, 1), sprints: dict[int, tuple[int, ...]] | None = None,
                   game: str = "test") -> "EngineData":
        """Engine data from loose parts: a board side, a list of cards (jersey ids equal to rider ids,
        plus the award and wildcard jerseys) and the riders. For tests and experiments."""
        rules = rules or EngineRules()
        table = CardTable(((c, n) for c in cards for n in range(1, c.qty + 1)), riders, award, wildcard)
        geo = Geometry(side, table.distances() or (1,))
        return cls(game=game, geo=geo, cards=table, riders=list(riders), hand=hand, discard_max=discard_max,
                   refill_to=refill_to, keep_max=keep_max, finishers_to_end=finishers_to_end, points=points,
                   sprints=sprints or {n: (1,) for n in range(1, len(riders) + 1)},
                   players_min=1, players_max=len(riders), rules=rules)

    def sprints_for(self, players: int) -> int:
        options = self.sprints.get(players)
        if not options:
            raise EngineError(f"rules.yaml gives no number of sprints for {players} players")
        return options[0]


def has_engine(model: GameModel) -> bool:
    """True when ``model`` is played by the Green Jersey rules module, which this engine plays."""
    from pnp.games import module_name

    return model.info is not None and module_name(model.info) == "green_jersey"
