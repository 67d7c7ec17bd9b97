"""The room each text had: a record of the boxes and lines texts were fitted into while a kit was laid out.

Nothing is recorded unless a ``recording()`` is active (then every fit, line and overflow is kept),
so a build pays one context-variable read per text. Two uses:

- ``pnp i18n extract`` lays the kit out in the source language while recording, and tells the
  translators of every string how much room it has (pnp.i18n.room);
- a build, and ``pnp i18n check``, record the texts that do not fit (``overflows``): with
  ``collect`` on, a text that does not fit is drawn at its smallest size anyway and the layout
  goes on, so every overflow of a kit is found in one pass (pnp.i18n.fitcheck).

A room is in millimetres as printed (the markup's user units scaled by their transform), its sizes
in points.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Room:
    """One text as it was fitted: its box (or line), its sizes, where it is, and by how much it
    overflowed (0 when it fits)."""

    text: str
    """The text as laid out (before typography: straight apostrophes, the catalog's own words)."""
    w: float | None
    """The width it may take (mm); None for a line whose room is not measured (kit page labels)."""
    h: float | None
    """The height of its box (mm); None for a single line."""
    min_size: float
    max_size: float
    font: str
    where: str = ""
    """The component, as a translator reads it: "card face 'jersey-move' (deck movement)"."""
    over: float = 0.0
    """How much too long, as a fraction (0.12: 12 % too long); 0 when it fits."""
    detail: str = ""
    """How it overflows in mm ("17.6 mm too tall"), "" when it fits."""
    leading: float = 1.18

    @property
    def single_line(self) -> bool:
        return self.h is None

    @property
    def fits(self) -> bool:
        return self.over <= 0.0


@dataclass
class Recorder:
    """What a ``recording()`` keeps."""

    collect: bool = False
    """Overflows are recorded and drawn at the smallest size instead of raised (a fit check)."""
    rooms: list[Room] = field(default_factory=list)
    """Every text fitted (when ``every``), each overflow always."""
    every: bool = True
    failures: int = 0
    """How many overflows were recorded so far."""

    @property
    def overflows(self) -> list[Room]:
        return [r for r in self.rooms if not r.fits]


_RECORDER: ContextVar[Recorder | None] = ContextVar("pnp_rooms", default=None)
_COMPONENT: ContextVar[str] = ContextVar("pnp_room_component", default="")
_ATTEMPT: ContextVar[bool] = ContextVar("pnp_room_attempt", default=False)


@contextmanager
def recording(every: bool = True, collect: bool = False) -> Iterator[Recorder]:
    """Record the rooms of the texts laid out in the block: every text (``every``) or only those
    that do not fit; with ``collect``, a text that does not fit is recorded instead of raised."""
    recorder = Recorder(collect, every=every)
    token = _RECORDER.set(recorder)
    try:
        yield recorder
    finally:
        _RECORDER.reset(token)


def active() -> Recorder | None:
    """The recording under way, or None (the usual case: a build records nothing that fits)."""
    return _RECORDER.get()


@contextmanager
def component(label: str) -> Iterator[None]:
    """Name the component the texts laid out in the block belong to (when the text itself does not
    say it: markup faces name themselves)."""
    token = _COMPONENT.set(label)
    try:
        yield
    finally:
        _COMPONENT.reset(token)


@contextmanager
def attempt() -> Iterator[None]:
    """A fit that may fail because the caller has another way (a smaller box, another place): a
    text that does not fit in the block raises, always, and is no overflow of the kit."""
    token = _ATTEMPT.set(True)
    try:
        yield
    finally:
        _ATTEMPT.reset(token)


def record(room: Room) -> None:
    """Keep ``room`` when a recording wants it (its component filled in from ``component()``)."""
    recorder = _RECORDER.get()
    if recorder is None or (room.fits and not recorder.every) or (not room.fits and _ATTEMPT.get()):
        return
    if not room.where:
        label = _COMPONENT.get()
        if label:
            from dataclasses import replace

            room = replace(room, where=label)
    recorder.rooms.append(room)
    if not room.fits:
        recorder.failures += 1


def recording_all() -> bool:
    """Whether a recording wants the rooms of the texts that fit too (not only the overflows)."""
    recorder = _RECORDER.get()
    return recorder is not None and recorder.every


def collecting() -> bool:
    """Whether an overflow is to be recorded and drawn anyway rather than raised."""
    recorder = _RECORDER.get()
    return recorder is not None and recorder.collect and not _ATTEMPT.get()
