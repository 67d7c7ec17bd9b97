"""Geometry for face templates: what Jinja's arithmetic lacks to place points round a centre.

``polar(cx, cy, r, angle)`` is the point at distance ``r`` from (cx, cy) in direction ``angle``
(degrees, clockwise from 3 o'clock as SVG turns: -90 is straight up), as a pair (x, y):
``{% set x, y = polar(cx, cy, r, -90 + k * 36) %}``. ``cos`` and ``sin`` take degrees too.
"""

from __future__ import annotations

import math


def polar(cx: float, cy: float, r: float, angle: float) -> tuple[float, float]:
    a = math.radians(angle)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def cos(angle: float) -> float:
    return math.cos(math.radians(angle))


def sin(angle: float) -> float:
    return math.sin(math.radians(angle))


GLOBALS = {"polar": polar, "cos": cos, "sin": sin}
