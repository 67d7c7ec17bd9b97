"""Colours of the game: each has a non-colour cue (a letter) for colour-blind players."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import field_validator

from pnp.model.base import Frozen

_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")


class Colour(Frozen):
    """A named colour with its print value and the letter shown beside it."""

    id: str
    name: str
    hex: str
    letter: str = ""
    ink: str = "#FFFFFF"
    """Colour of text and marks drawn on this colour (chosen for contrast)."""
    pattern: Literal["", "level", "rising", "dots"] = ""
    """A pattern drawn over the colour where it fills a board's zone (level lines, rising hatching,
    dots), so that no colour is the only cue."""

    @field_validator("hex", "ink")
    @classmethod
    def _hex(cls, v: str) -> str:
        if not _HEX.match(v):
            raise ValueError(f"'{v}' is not a colour like '#1D4E9E'")
        return v.upper()

    @field_validator("letter")
    @classmethod
    def _short(cls, v: str) -> str:
        if len(v) > 2:
            raise ValueError(f"'{v}' is too long for a mark: use one or two letters")
        return v
