"""The movement deck as the engine sees it: every physical card is a small integer.

A card names riders through its jerseys: a colour jersey names its rider, the award jersey (green)
names whoever wears it when the card is played, and the wildcard jersey (the jokers' multicoloured
one) names any rider. ``names[card]`` holds rider indexes, with ``AWARD`` standing for the wearer.
"""

from __future__ import annotations

from collections.abc import Iterable

from pnp.model.decks import Card
from pnp.model.game_model import GameModel

SINGLE, JOKER, PAIR = 0, 1, 2
KINDS = {"single": SINGLE, "joker": JOKER, "pair": PAIR}
AWARD = -2
"""Stands in ``names`` for the rider who wears the award jersey."""


class CardError(ValueError):
    """The deck holds a card the engine cannot play."""


class CardTable:
    """Every physical movement card, in deck order (copies included)."""

    @classmethod
    def from_model(cls, model: GameModel, riders: list[str]) -> "CardTable":
        """The game's movement deck (``deck.deck`` of rules.yaml), jerseys read from jerseys.yaml."""
        facts = model.facts
        deck = model.deck(facts.deck.deck)
        jerseys = {j.id: j.rider for j in model.jerseys if j.rider}
        return cls(deck.copies(), riders, facts.jersey.award, facts.jersey.wildcard, jerseys)

    def __init__(self, copies: Iterable[tuple[Card, int]], riders: list[str], award: str, wildcard: str,
                 jerseys: dict[str, str] | None = None) -> None:
        """``copies``: (card, copy number) in deck order; ``jerseys``: jersey id -> rider id (a jersey
        named like a rider stands for that rider too)."""
        rider_of: dict[str, int] = {}
        for jersey, rider in (jerseys or {}).items():
            if rider in riders:
                rider_of[jersey] = riders.index(rider)
        for i, rider in enumerate(riders):
            rider_of.setdefault(rider, i)
        self.ids: list[str] = []
        self.kind: list[int] = []
        self.dist: list[int] = []
        self.names: list[tuple[int, ...]] = []
        self.award: list[bool] = []
        for card, copy in copies:
            kind = KINDS.get(card.kind)
            if kind is None:
                raise CardError(f"card '{card.id}': the engine cannot play a card of kind '{card.kind}'")
            names: list[int] = []
            for j in card.jerseys:
                if j == award:
                    names.append(AWARD)
                elif j == wildcard:
                    continue
                elif j in rider_of:
                    names.append(rider_of[j])
                else:
                    raise CardError(f"card '{card.id}': the jersey '{j}' names no rider")
            if kind == SINGLE and len(names) != 1:
                raise CardError(f"card '{card.id}': a single card names one rider, not {len(names)}")
            if kind == PAIR and len(names) != 2:
                raise CardError(f"card '{card.id}': a two-jersey card names two riders, not {len(names)}")
            if kind in (SINGLE, JOKER) and not card.distance:
                raise CardError(f"card '{card.id}': a {card.kind} card needs a distance (grey squares)")
            self.ids.append(card.id if card.qty == 1 else f"{card.id}#{copy}")
            self.kind.append(kind)
            self.dist.append(card.distance or 0)
            self.names.append(tuple(names))
            self.award.append(award in card.jerseys)
        self.total = len(self.ids)
        self.index = {cid: i for i, cid in enumerate(self.ids)}
        # the two-jersey card "green + this rider's colour", set aside beside the wearer's rider card
        self.award_pair = [-1] * len(riders)
        for c in range(self.total):
            if self.kind[c] == PAIR and AWARD in self.names[c]:
                other = next(n for n in self.names[c] if n != AWARD) if self.names[c] != (AWARD, AWARD) else -1
                if other >= 0 and self.award_pair[other] < 0:
                    self.award_pair[other] = c

    def distances(self) -> tuple[int, ...]:
        return tuple(sorted({d for d in self.dist if d}))
