"""Draw piles: the cards a game shuffles together, declared under ``piles:`` in rules.yaml.

A card drawn blind from a pile must not show what it is before it is drawn, so every printed card of
a pile must look the same from behind: same back, same size, printed the same way. The check
PILE-BACKS (pnp.check.piles) compares them; what it cannot compare (the decks of another box, whose
backs the kit does not print, and cards that join a pile face up) needs a designer decision.

```yaml
piles:
  - id: grimpeur
    rule: "Each climber draws from its own deck; an attack card is added to every deck."
    decks: [grimpeur, fatigue, attaque]      # printed decks, or one card design as deck/card
    base: [rouleur]                          # decks of another box (not printed by the kit)
    open: [forme]                            # printed cards that join the pile face up
    decision: FRV-D-SLEEVES                  # the decision(s) that accept base and open members
```
"""

from __future__ import annotations

from typing import Any

from pydantic import field_validator, model_validator

from pnp.model.base import Frozen


def _names(value: object) -> object:
    """One name, or a list of names."""
    if isinstance(value, str):
        return (value.strip(),) if value.strip() else ()
    return value


class Pile(Frozen):
    """One draw pile (one per rider, per player or for the table: the declaration stands for each)."""

    id: str
    rule: str
    """What the rules say shuffles these cards together (which rule, in the designer's words)."""
    name: str = ""
    decks: tuple[str, ...] = ()
    """The printed cards shuffled into the pile: a deck id (all its cards) or ``deck/card`` (one design)."""
    base: tuple[str, ...] = ()
    """Decks of another box that the pile is made of: the kit does not print their backs."""
    open: tuple[str, ...] = ()
    """Printed cards that join the pile face up (chosen openly, laid on top...): their backs do not matter."""
    decision: tuple[str, ...] = ()
    """Ids of the decisions (``decisions:``) that accept what the check cannot compare: base decks, open cards."""

    @field_validator("decks", "base", "open", "decision", mode="before")
    @classmethod
    def _lists(cls, v: object) -> object:
        return _names(v)

    @model_validator(mode="after")
    def _not_empty(self) -> "Pile":
        if not self.decks and not self.base:
            raise ValueError(f"pile '{self.id}' holds no cards: list its decks under 'decks:' (or 'base:')")
        return self


def split_ref(ref: str) -> tuple[str, str]:
    """``deck/card`` -> (deck, card); ``deck`` -> (deck, "")."""
    deck, _, card = ref.partition("/")
    return deck.strip(), card.strip()


def pile_index(rules: Any, pile_id: str) -> int | None:
    """Where the pile ``pile_id`` is in the ``piles:`` list of rules.yaml (its raw record)."""
    seq = rules.get("piles") if isinstance(rules, dict) else None
    for i, item in enumerate(seq if isinstance(seq, list) else ()):
        if isinstance(item, dict) and str(item.get("id")) == pile_id:
            return i
    return None
