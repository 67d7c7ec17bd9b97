"""Identity of a game: title, version, date, players, and print defaults."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import field_validator, model_validator

from pnp.model.base import Frozen


class Range(Frozen):
    """An inclusive range of whole numbers (players, minutes)."""

    min: int
    max: int

    @model_validator(mode="after")
    def _ordered(self) -> "Range":
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")
        return self

    def values(self) -> range:
        return range(self.min, self.max + 1)


class GameInfo(Frozen):
    """What game.yaml says about the game itself."""

    id: str
    title: str
    version: str
    date: dt.date
    authors: tuple[str, ...] = ()
    publisher: str = ""
    players: Range
    age: int | None = None
    duration: Range | None = None
    source_language: str = "fr"
    languages: tuple[str, ...] = ("fr",)
    nature: Literal["prototype", "commercial", "house-rules"] = "prototype"
    rules: str = ""
    card_size: str = "poker"
    notes: str = ""

    @field_validator("version", mode="before")
    @classmethod
    def _version_text(cls, v: object) -> object:
        return str(v) if isinstance(v, (int, float)) else v

    @property
    def stamp(self) -> str:
        """The stamp printed on every component: game, version and date."""
        return f"{self.title} v{self.version} · {self.date.isoformat()}"
