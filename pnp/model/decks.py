"""Decks and cards. A card list comes from CSV (one row per design, ``qty`` copies)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from pnp.model import limits
from pnp.model.base import Frozen, split_list


class Card(Frozen):
    """One card design; ``qty`` is how many copies of it the deck holds."""

    id: str
    kind: str
    qty: int = Field(default=1, ge=1, le=999)
    name: str = ""
    jerseys: tuple[str, ...] = ()
    distance: int | None = Field(default=None, ge=0, le=20)
    rider: str = ""
    value: int | None = None
    values: tuple[int, ...] = ()
    text: str = ""
    colour: str = ""
    fields: dict[str, str] = {}
    """Game-specific texts of the card, in the columns its deck declares (e.g. quiz questions)."""

    @field_validator("jerseys", mode="before")
    @classmethod
    def _split_jerseys(cls, v: object) -> object:
        return split_list(v)

    @field_validator("values", mode="before")
    @classmethod
    def _split_values(cls, v: object) -> object:
        return split_list(v, "-")


class Deck(Frozen):
    """A deck: its cards, the face layout that draws them, and the back they share."""

    id: str
    name: str
    face: str
    back: str
    cards: tuple[Card, ...]
    card_size: str = ""
    """Overrides the game's card size for this deck (a name or WxH in mm)."""
    sheet: Literal["cards", "pieces"] = "cards"
    """Which file of the kit the deck is printed in."""
    fields: tuple[str, ...] = ()
    """Extra columns its cards may have (kept in Card.fields), beyond the Card model's own."""
    stock: Literal["", "paper", "light-card", "card", "thick-card"] = ""
    """What to print it on (the kit's cover says it): by default card for cards and pieces, paper
    for a single-sided sheet of pieces (a score sheet, a reference)."""
    single_sided: bool = False
    """Printed on one side only (e.g. a score sheet): its back is not printed, even in a duplex kit."""
    text_fields: tuple[str, ...] = ()
    """Which of ``fields`` hold words that components print (quiz questions...): they are extracted
    for translation and translated like card names (pnp.i18n.data). Other fields are codes."""

    @model_validator(mode="after")
    def _not_too_many(self) -> "Deck":
        total = sum(c.qty for c in self.cards)
        if total > limits.CARDS_PER_DECK:
            raise ValueError(f"deck '{self.id}' has {total:,} cards with their copies; pnp prints at most "
                             f"{limits.CARDS_PER_DECK:,} per deck")
        return self

    @property
    def size(self) -> int:
        """Number of physical cards, copies included."""
        return sum(c.qty for c in self.cards)

    def copies(self):
        """Every physical card in deck order: (card, copy number from 1)."""
        for card in self.cards:
            for n in range(1, card.qty + 1):
                yield card, n
