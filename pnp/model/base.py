"""Base class of every model object: typed, frozen, and strict about unknown fields."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """A typed, immutable model object; unknown keys in the data are errors."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


def split_list(value: object, sep: str = "+") -> object:
    """Accept 'a+b' (a CSV cell) as well as a YAML list for tuple fields."""
    if isinstance(value, str):
        return tuple(p.strip() for p in value.split(sep) if p.strip())
    return value
