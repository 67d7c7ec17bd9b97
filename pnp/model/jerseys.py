"""Jerseys: what they look like, and what they mean in the game."""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator

from pnp.model.base import Frozen, split_list

Pattern = Literal["solid", "two-tone", "sash", "stripes", "polka-dot", "multicolour"]


class Jersey(Frozen):
    """A jersey shown on cards, standees and boards.

    ``rider`` names the rider it stands for (a colour jersey); ``award`` marks a jersey that
    stands for whoever holds it (the green jersey); ``wildcard`` one that stands for any rider.
    """

    id: str
    name: str
    pattern: Pattern = "solid"
    colours: tuple[str, ...]
    rider: str = ""
    award: bool = False
    wildcard: bool = False
    mark: Literal["letter", "star", "none"] = "letter"

    @field_validator("colours", mode="before")
    @classmethod
    def _split(cls, v: object) -> object:
        return split_list(v)
