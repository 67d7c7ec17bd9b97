"""The whole model of one game, as the later stages see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import Location
from pnp.load.records import Record, location_of
from pnp.model.boards import Board
from pnp.model.decisions import Decision
from pnp.model.decks import Card, Deck
from pnp.model.game import GameInfo
from pnp.model.jerseys import Jersey
from pnp.model.palette import Colour
from pnp.model.piles import Pile
from pnp.model.riders import Rider, RiderProfile, Standee
from pnp.model.tokens import Token


@dataclass(frozen=True)
class Sources:
    """Where each part of the model came from, for messages and findings."""

    folder: Path
    rules_record: Any = None
    components: dict[str, Location] = field(default_factory=dict)

    def rule(self, *path: Any) -> Location:
        """Location of a value of rules.yaml, e.g. ``rule("deal", "refill_to")``."""
        if self.rules_record is None:
            return Location(str(self.folder / "rules.yaml"))
        return location_of(self.rules_record, path)

    def decision(self, decision_id: str) -> Location:
        """Location of the decision ``decision_id`` in rules.yaml's ``decisions:`` (the list itself
        when there is no such decision)."""
        items = (self.rules_record or {}).get("decisions") if isinstance(self.rules_record, dict) else None
        for i, item in enumerate(items or []):
            if isinstance(item, dict) and item.get("id") == decision_id:
                return self.rule("decisions", i)
        return self.rule("decisions")

    def component(self, key: str) -> Location:
        """Location of a component by key, e.g. 'card:movement/M-R1' or 'rider:rouge'."""
        return self.components.get(key, Location(str(self.folder)))


@dataclass(frozen=True)
class GameModel:
    """Typed, frozen objects for one game: what the checks, layouts and rulebook read."""

    info: GameInfo
    colours: tuple[Colour, ...]
    riders: tuple[Rider, ...]
    profiles: tuple[RiderProfile, ...]
    standees: tuple[Standee, ...]
    jerseys: tuple[Jersey, ...]
    decks: tuple[Deck, ...]
    tokens: tuple[Token, ...]
    boards: tuple[Board, ...]
    decisions: tuple[Decision, ...]
    facts: Any
    sources: Sources
    piles: tuple[Pile, ...] = ()
    """The draw piles of rules.yaml: which cards are shuffled together (checked by PILE-BACKS)."""
    checks: tuple[Any, ...] = ()
    """The declarative checks of rules.yaml (pnp.model.checks), run by pnp.check.declared."""

    @property
    def id(self) -> str:
        return self.info.id

    def colour(self, colour_id: str) -> Colour:
        return next(c for c in self.colours if c.id == colour_id)

    def jersey(self, jersey_id: str) -> Jersey:
        return next(j for j in self.jerseys if j.id == jersey_id)

    def rider(self, rider_id: str) -> Rider:
        return next(r for r in self.riders if r.id == rider_id)

    def deck(self, deck_id: str) -> Deck:
        return next(d for d in self.decks if d.id == deck_id)

    def card_location(self, deck: Deck, card: Card) -> Location:
        return self.sources.component(f"card:{deck.id}/{card.id}")


__all__ = ["GameModel", "Sources", "Record"]
