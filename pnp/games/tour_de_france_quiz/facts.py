"""The numbers of Le jeu du Tour de France, read from rules.yaml."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, field_validator

from pnp.model import limits
from pnp.model.base import Frozen
from pnp.model.game import Players
from pnp.model.tables import Dice

if TYPE_CHECKING:
    from pnp.model.game_model import GameModel

Action = Literal["start", "question", "points", "setback", "strategy", "mishap", "time-trial", "none", "finish"]
DECK_KEYS = ("jerseys", "polka", "green", "white", "strategy", "questions", "mishaps")
SHUFFLED = ("polka", "green", "white", "strategy", "questions", "mishaps")
"""The six decks shuffled apart, each with a back of its own."""


class Components(Frozen):
    cards: int
    pawns: int
    stands: int
    backs: int


class DeckRef(Frozen):
    deck: str
    cards: int = Field(ge=0)


class Decks(Frozen):
    jerseys: DeckRef
    polka: DeckRef
    green: DeckRef
    white: DeckRef
    strategy: DeckRef
    questions: DeckRef
    mishaps: DeckRef

    def items(self) -> list[tuple[str, DeckRef]]:
        return [(k, getattr(self, k)) for k in DECK_KEYS]


class Jerseys(Frozen):
    yellow: str
    polka: str
    green: str
    white: str


class Square(Frozen):
    action: Action
    deck: str = ""


class Questions(Frozen):
    sides: tuple[str, ...]
    answers: int = Field(ge=2, le=limits.STEPS)


class Strategy(Frozen):
    balanced: bool = True
    values: tuple[int, ...] = ()
    """The values of the strategy cards, each on plus and minus cards (empty: not fixed)."""
    per_value: int = Field(0, ge=0)
    """Cards of each of +value and -value (with ``values``)."""


class PointsCards(Frozen):
    """The jersey points cards: the values a card may be worth, and how many cards of each value
    (in the order of ``values``) each points deck holds."""

    values: tuple[int, ...]
    polka: tuple[int, ...]
    green: tuple[int, ...]
    white: tuple[int, ...]

    def of(self, key: str) -> dict[int, int]:
        """{value: cards} of the points deck ``key`` (polka, green, white)."""
        return dict(zip(self.values, getattr(self, key)))


class Mishaps(Frozen):
    jokers_min: int = Field(ge=0)
    favourable: tuple[str, ...]
    unfavourable: tuple[str, ...]


class Track(Frozen):
    board: str
    side: str


class Pace(Frozen):
    players: int = Field(ge=1)
    seconds_per_turn: float = Field(gt=0)
    finish_turns: float = Field(ge=0)
    target_minutes: float = Field(gt=0)
    tolerance_minutes: float = Field(ge=0)
    long_game: float = Field(ge=1)


class EngineRules(Frozen):
    """How the simulation engine plays where the rules are silent or leave a choice open.

    Read from the ``engine:`` mapping of rules.yaml. ``answer`` has no default (it is the engine's
    model of the players, a number the designer states); every other field names one reading of the
    rules. Each choice is listed as a question (TDQ-ENGINE-...) by
    ``pnp.games.tour_de_france_quiz.engine.gaps``.
    """

    answer: dict[str, float]
    """Per side of a question card: the share of its questions a player knows; the others are guessed
    among the answers."""
    strategy_order: Literal["opponents-first", "roller-first"] = "opponents-first"
    strategy_rolls: Literal["moves"] = "moves"
    low_total: Literal["stay", "back"] = "stay"
    bounce_square: Literal["play", "skip"] = "play"
    card_finish: Literal["exact", "stop"] = "exact"
    time_trial_leader: Literal["front", "yellow"] = "front"
    time_trial_order: Literal["after-square", "before-square"] = "after-square"
    final_award: Literal["none", "award"] = "none"
    joker_cancels: Literal["unfavourable"] = "unfavourable"
    empty_deck: Literal["nothing"] = "nothing"
    side_jerseys: Literal["honours"] = "honours"
    behind_start: Literal["first-square"] = "first-square"

    @field_validator("answer")
    @classmethod
    def _shares(cls, v: dict[str, float]) -> dict[str, float]:
        bad = [k for k, x in v.items() if not 0.0 <= x <= 1.0]
        if bad:
            raise ValueError(f"answer: {', '.join(bad)} must be a share between 0 and 1")
        return v


class Facts(Frozen):
    """Everything rules.yaml says, typed."""

    players: Players
    dice: Dice
    components: Components
    decks: Decks
    jerseys: Jerseys
    squares: dict[str, Square]
    setback: int = Field(ge=1)
    bounce_back: bool
    questions: Questions
    strategy: Strategy
    points_cards: PointsCards | None = None
    mishaps: Mishaps
    track: Track
    pace: Pace
    dice_nets: str = ""
    """The deck of printable dice nets (one net per die the rules use), if the kit prints them."""
    engine: EngineRules | None = None
    """The simulation engine's choices where the rules are silent (None: the game cannot be simulated)."""

    def expected_turns(self, model: "GameModel") -> float:
        """The turns a game lasts, as the rulebook prints them (one decimal): the track over the
        squares a pawn nets a turn, plus the turns to stop exactly on the Arrivée."""
        from pnp.games.tour_de_france_quiz.checks import pace

        return round(pace(model)["turns"], 1)

    def tally_rounds(self, model: "GameModel") -> int:
        """The rounds the jersey points tally has rows for: the expected turns with the margin of a
        long game (pace.long_game)."""
        import math

        return math.ceil(self.expected_turns(model) * self.pace.long_game)
