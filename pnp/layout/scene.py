"""Scenes: lists of simple shapes (and pictures) in millimetres, y pointing down, that painters turn into files.

A scene knows nothing of games; painters know nothing of anything else.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Union

Affine = tuple[float, float, float, float, float, float]
IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Style:
    """How a shape is filled and stroked. Colours are '#RRGGBB'; widths in mm."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    dash: tuple[float, ...] = ()
    opacity: float = 1.0
    round_caps: bool = False


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style


@dataclass(frozen=True, slots=True)
class Path:
    """Commands: ('M', x, y), ('L', x, y), ('C', x1, y1, x2, y2, x, y), ('Z',)."""

    commands: tuple[tuple, ...]
    style: Style


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; (x, y) is the start of its baseline. Measured and placed by the layout."""

    x: float
    y: float
    text: str
    font: str
    size: float
    """Font size in points."""
    fill: str = "#000000"
    width: float = 0.0
    """Advance width in mm, as measured by the layout (painters may use it for anchoring)."""


@dataclass(frozen=True, slots=True)
class Image:
    """A raster picture (PNG or JPEG) stretched over the box (x, y, w, h), in mm, y down.

    ``path`` is its file; ``digest`` the sha256 of its bytes, so that a changed picture changes the
    scene (digests of scenes, incremental builds) and painters can embed each picture once."""

    x: float
    y: float
    w: float
    h: float
    path: str
    digest: str


Clip = Union[Rect, Path]


@dataclass(frozen=True, slots=True)
class Group:
    """Shapes drawn under a transform, optionally clipped (clip in the group's coordinates)."""

    items: tuple["Item", ...]
    transform: Affine = IDENTITY
    clip: Clip | None = None
    id: str = ""


@dataclass(frozen=True, slots=True)
class Symbol:
    """A sub-scene drawn once and reused: a PDF form XObject, an SVG <symbol>.

    ``key`` identifies it: two symbols with the same key must have the same content.
    Its box is (0, 0, width, height) in its own coordinates.
    """

    key: str
    width: float
    height: float
    items: tuple["Item", ...]


@dataclass(frozen=True, slots=True)
class Use:
    """A symbol placed under a transform."""

    symbol: Symbol
    transform: Affine = IDENTITY


Item = Union[Rect, Circle, Line, Path, Text, Group, Use, Image]


@dataclass(frozen=True)
class Scene:
    """A page or a component: its size in mm and what is on it."""

    width: float
    height: float
    items: tuple[Item, ...]
    label: str = ""
    trim: tuple[float, float, float, float] | None = None
    """Trim box (x, y, w, h) in mm, y down, when the page is a finished piece (a board)."""
    bleed: tuple[float, float, float, float] | None = None
    meta: dict = field(default_factory=dict)


def translate(x: float, y: float) -> Affine:
    return (1.0, 0.0, 0.0, 1.0, x, y)


def scale(sx: float, sy: float | None = None) -> Affine:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float) -> Affine:
    """Rotation about the origin; positive turns clockwise on the page (y points down)."""
    if degrees % 360 == 0:
        return IDENTITY
    r = math.radians(degrees)
    c, s = round(math.cos(r), 12), round(math.sin(r), 12)
    return (c, s, -s, c, 0.0, 0.0)


def compose(*transforms: Affine) -> Affine:
    """The transform that applies the last one first (like nesting groups, outermost first)."""
    a, b, c, d, e, f = IDENTITY
    for (a2, b2, c2, d2, e2, f2) in transforms:
        a, b, c, d, e, f = (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
                            a * e2 + c * f2 + e, b * e2 + d * f2 + f)
    return (a, b, c, d, e, f)


def apply(t: Affine, x: float, y: float) -> tuple[float, float]:
    """Where the point (x, y) lands under ``t``."""
    a, b, c, d, e, f = t
    return a * x + c * y + e, b * x + d * y + f


def polygon(points: list[tuple[float, float]], style: Style) -> Path:
    """A closed path through ``points``."""
    (x0, y0), rest = points[0], points[1:]
    return Path((("M", x0, y0), *(("L", x, y) for x, y in rest), ("Z",)), style)
