"""Tokens and markers: counters, point tokens, pawns."""

from __future__ import annotations

from pydantic import Field

from pnp.model.base import Frozen


class Token(Frozen):
    """A kind of token; ``count`` is how many the kit holds; ``face`` names its template
    (``faces/NAME.svg.j2``, the game's own or the shared one)."""

    id: str
    kind: str
    name: str = ""
    count: int = Field(ge=1, le=999)
    rank: int | None = None
    value: int | None = None
    colour: str = ""
    shape: str = "circle"
    size_mm: float = Field(default=25.0, ge=8, le=120)
    face: str = "token"
