"""Identity of a game: title, version, date, players, and print defaults."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import Field, field_validator, model_validator

from pnp.model import limits
from pnp.model.base import Frozen


class Range(Frozen):
    """An inclusive range of whole numbers (players, minutes)."""

    min: int = Field(ge=0)
    max: int = Field(ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> "Range":
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")
        return self

    def values(self) -> range:
        return range(self.min, self.max + 1)


class Players(Range):
    """How many players: from 1 to at most limits.PLAYERS (a larger number is one zero too many)."""

    @model_validator(mode="after")
    def _sane(self) -> "Players":
        if self.min < 1:
            raise ValueError(f"players.min is {self.min}: a game has at least 1 player")
        if self.max > limits.PLAYERS:
            raise ValueError(f"players.max is {self.max}: pnp handles at most {limits.PLAYERS} players")
        return self


SUPPLIES = ("dice", "split-pins", "paper-clips", "pencil", "pawns")
"""What a player may have to bring, by id (the kit's cover names them in every language:
templates/kit.j2 ``kit_supply``); anything else is given by ``name``."""


class Supply(Frozen):
    """Something the kit does not print and a player brings: ``what`` (one of SUPPLIES) or a
    ``name`` (a translatable text, e.g. "a Flamme Rouge base box"), and how many."""

    what: str = ""
    name: str = ""
    count: int | str = 1
    """How many: a number, or a path into rules.yaml ("rules.dice.count") so that it follows the rules."""
    faces: int | str = 6
    """Dice only: how many faces, a number or a path into rules.yaml ("rules.dice.faces")."""

    @field_validator("count", "faces")
    @classmethod
    def _count(cls, v: int | str) -> int | str:
        if isinstance(v, str) and not v.startswith("rules."):
            raise ValueError(f"count '{v}' is neither a number nor a path into rules.yaml (rules.dice.count)")
        if isinstance(v, int) and not 1 <= v <= limits.DATA_NUMBER:
            raise ValueError(f"count {v} is not between 1 and {limits.DATA_NUMBER:,}")
        return v

    @model_validator(mode="after")
    def _known(self) -> "Supply":
        from pnp.load.suggest import did_you_mean

        if bool(self.what) == bool(self.name):
            raise ValueError("give a supply either what: (one of " + ", ".join(SUPPLIES) + ") or name: (a text)")
        if self.what and self.what not in SUPPLIES:
            hint = did_you_mean(self.what, list(SUPPLIES)) or "one of " + ", ".join(SUPPLIES)
            raise ValueError(f"supply '{self.what}' is not known ({hint}); write any other as name: ...")
        return self


class KitInfo(Frozen):
    """What the kit's cover says besides the components: the credits and what to bring."""

    source: str = ""
    """Where the rules come from (the source document, its publisher and year)."""
    licence: str = ""
    """Under what terms the kit may be printed and shared."""
    supplies: tuple[Supply, ...] = ()


class GameInfo(Frozen):
    """What game.yaml says about the game itself."""

    id: str
    title: str
    version: str
    date: dt.date
    authors: tuple[str, ...] = ()
    publisher: str = ""
    players: Players
    age: int | None = Field(None, ge=0, le=limits.AGE)
    duration: Range | None = None
    source_language: str = "fr"
    languages: tuple[str, ...] = ("fr",)
    nature: Literal["prototype", "commercial", "house-rules"] = "prototype"
    rules: str = ""
    card_size: str = "poker"
    notes: str = ""
    kit: KitInfo = KitInfo()
    rich_text: tuple[str, ...] = ()
    """Texts of the data that are Markdown in the rulebook (``decisions.why``, ``decks.cards.text``):
    every other text prints as typed (pnp.layout.rulebook_context.markdown_text)."""

    @field_validator("duration", mode="after")
    @classmethod
    def _duration(cls, v: Range | None) -> Range | None:
        if v is not None and v.max > limits.MINUTES:
            raise ValueError(f"duration.max is {v.max} minutes: at most {limits.MINUTES:,}")
        return v

    @field_validator("id")
    @classmethod
    def _file_id(cls, v: str) -> str:
        """The game's id names its output folder: safe in every file system."""
        from pnp.load.paths import id_problem

        problem = id_problem(v)
        if problem:
            raise ValueError(problem)
        return v

    @field_validator("rich_text")
    @classmethod
    def _rich_paths(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        from pnp.layout.rulebook_context import TEXT_PATHS
        from pnp.load.suggest import did_you_mean

        for path in v:
            if path not in TEXT_PATHS:
                hint = did_you_mean(path, sorted(TEXT_PATHS)) or f"one of {', '.join(sorted(TEXT_PATHS))}"
                raise ValueError(f"'{path}' is not a text of the data ({hint})")
        return v

    @field_validator("version", mode="before")
    @classmethod
    def _version_text(cls, v: object) -> object:
        return str(v) if isinstance(v, (int, float)) else v

    @property
    def stamp(self) -> str:
        """The stamp printed on every component: game, version and date, the date written out in
        the language being built ("3 novembre 2023", "3 November 2023")."""
        from pnp.i18n.context import current
        from pnp.i18n.formats import long_date

        return f"{self.title} v{self.version} · {long_date(self.date, current().code)}"
