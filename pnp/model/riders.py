"""Riders, the pieces players race with, and their profiles."""

from __future__ import annotations

from pnp.model.base import Frozen


class RiderProfile(Frozen):
    """What makes a rider different: an energy deck spec, or stars per terrain."""

    id: str
    name: str
    deck: dict[int, int] = {}
    """Card value -> copies, for riders that race with their own deck."""
    stars: dict[str, int] = {}
    """Terrain -> stars, for riders rated per terrain."""


class Rider(Frozen):
    """One rider on the board."""

    id: str
    name: str
    colour: str
    team: str = ""
    profile: str = ""


class Standee(Frozen):
    """A standing figure of a rider; ``wearing`` names a jersey it wears over its colour.

    A figure with no ``rider`` is the jersey itself (e.g. a yellow-jersey figure that goes to
    whoever leads the race): it wears ``wearing`` alone, in that jersey's own colours.
    """

    id: str
    rider: str = ""
    wearing: str = ""
    face: str = "standee"
    """The template of its figure: ``faces/NAME.svg.j2`` (the game's own, or the shared one)."""
