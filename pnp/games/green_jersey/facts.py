"""The numbers of the Green Jersey rules, read from rules.yaml."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pnp.model.base import Frozen
from pnp.model.game import Players


class Components(Frozen):
    """What the box holds, as the rules list it."""

    riders: int
    green_riders: int
    rider_cards: int
    movement_cards: int
    first_player_cards: int
    point_tokens: int
    peloton_squares: int


class DeckRules(Frozen):
    """Composition of the movement deck."""

    deck: str
    total: int = Field(ge=1)
    kinds: dict[str, int]
    award_cards: int = Field(ge=0)
    distances: tuple[int, ...]


class DealRules(Frozen):
    """Dealing at the start of a sprint: top up, discard, top up again."""

    hand: int = Field(ge=1)
    discard_max: int = Field(ge=0)
    refill_to: int = Field(ge=1)
    keep_max: int = Field(ge=0)


class SprintRules(Frozen):
    finishers_to_end: int = Field(ge=1)


class ScoringRules(Frozen):
    points: tuple[int, ...]
    token_kind: str


class JerseyRules(Frozen):
    award: str
    wildcard: str


class EngineRules(Frozen):
    """How the simulation engine plays where the rules are silent or contradict themselves.

    Read from the ``engine:`` mapping of rules.yaml; every field has a default, so a game without
    that mapping still simulates. Each choice is listed as a question (GJ-ENGINE-...) by
    ``pnp.games.green_jersey.engine.engine_gaps``.
    """

    board_side: str = ""
    """The board side simulated unless one is asked for ("" = the first side)."""
    rider_choice: Literal["random", "seat-order"] = "random"
    zero_move: Literal["illegal", "no-effect"] = "illegal"
    finished_rider: Literal["blocks", "leaves-road"] = "blocks"
    vacated_square: Literal["free", "taken"] = "free"
    push_across_finish: Literal["allowed", "forbidden"] = "allowed"
    pair_with_finished: Literal["allowed", "forbidden"] = "allowed"
    no_legal_move: Literal["any-card"] = "any-card"
    laid_down_cards: Literal["discard"] = "discard"
    kept_award_card: Literal["set-aside"] = "set-aside"
    peloton_order: Literal["points", "last-sprint"] = "points"
    discard_limit: Literal["pile", "rules"] = "pile"


class Facts(Frozen):
    """Everything rules.yaml says, typed."""

    players: Players
    riders: int
    sprints: dict[int, tuple[int, ...]]
    components: Components
    deck: DeckRules
    deal: DealRules
    sprint: SprintRules
    scoring: ScoringRules
    jersey: JerseyRules
    engine: EngineRules = EngineRules()

    def deck_size(self, sprint: int) -> int:
        """Cards in play at the start of a sprint (1-based), before kept cards.

        The first sprint is played without the cards that show the green jersey; from the second
        on they are back, less the one card set aside beside the wearer's rider card.
        """
        if sprint == 1:
            return self.deck.total - self.deck.award_cards
        return self.deck.total - 1

    @property
    def max_sprints(self) -> int:
        return max((s for options in self.sprints.values() for s in options), default=0)
