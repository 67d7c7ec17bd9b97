"""Le jeu du Tour de France: the icons of the kinds of square, as vector shapes, for the board
(pnp.layout.boards.quiz_track). The game's card faces and backs are templates
(data/tour-de-france-quiz/templates/faces/), whose square icons are the same drawings in the game's
faces/_macros.svg.j2 (square_icon), from the shared art of templates/art/. This module has no faces
left; it goes when the board is a template too."""

from __future__ import annotations

import math

from pnp.layout import jersey as jersey_art
from pnp.layout.faces.common import INK
from pnp.layout.scene import Circle, Group, Item, Line, Path, Rect, Style, compose, polygon, rotate, translate

YELLOW = "#F4C300"
NAVY = "#1D3557"
RED = "#D7182A"
GREEN = "#1E9A48"
BLUE = "#2E6DB4"
ORANGE = "#EF8A17"
TEAL = "#127C8A"
WHITE = "#FFFFFF"
CREAM = "#F7F1E1"

# square kind -> (fill of the square, ink of its icon and label)
SQUARE_LOOK = {
    "prologue": ("#FFE58A", INK), "town": (CREAM, NAVY), "polka": (WHITE, RED), "green": ("#D5EFD9", GREEN),
    "white": (WHITE, "#5A6068"), "crash": ("#F8D3CF", RED), "puncture": ("#F8D3CF", RED), "chain": ("#F8D3CF", RED),
    "strategy": ("#D6E6F7", BLUE), "mishap": ("#FDE3C0", ORANGE), "time-trial": ("#D3EEF1", TEAL),
    "champs": ("#E8E2F3", NAVY), "finish": (YELLOW, INK),
}
JERSEY_OF = {"polka": "polka", "green": "green", "white": "white"}


def _jersey_symbol(model, key: str):
    jid = getattr(model.facts.jerseys, key)
    j = model.jersey(jid)
    colours = tuple(model.colour(c).hex for c in j.colours)
    mark = "*" if j.mark == "star" else ""
    return jersey_art.symbol(jersey_art.JerseyLook(f"{model.id}-{jid}", j.pattern, colours, mark,
                                                  model.colour(j.colours[0]).ink))


def _wheel(cx: float, cy: float, r: float, ink: str, width: float) -> list[Item]:
    st = Style(stroke=ink, width=width)
    items: list[Item] = [Circle(cx, cy, r, st), Circle(cx, cy, r * 0.12, Style(fill=ink))]
    for k in range(6):
        a = math.radians(k * 30)
        items.append(Line(cx - r * math.cos(a), cy - r * math.sin(a), cx + r * math.cos(a), cy + r * math.sin(a),
                          Style(stroke=ink, width=width * 0.35)))
    return items


def _star(cx: float, cy: float, r: float, points: int, style: Style, inner: float = 0.45) -> Path:
    pts = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * inner
        a = math.radians(-90 + i * 180 / points)
        pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return polygon(pts, style)


def icon(model, kind: str, x: float, y: float, s: float) -> list[Item]:
    """The icon of a kind of square in the box (x, y, s, s): vector shapes only."""
    ink = SQUARE_LOOK.get(kind, (WHITE, INK))[1]
    w = s * 0.07
    cx, cy = x + s / 2, y + s / 2
    if kind in JERSEY_OF:
        return [jersey_art.place(_jersey_symbol(model, JERSEY_OF[kind]), x + s * 0.05, y + s * 0.05, s * 0.9)]
    if kind == "town":  # a church: nave, steeple, spire, door
        st = Style(fill=ink)
        return [Rect(x + s * 0.18, y + s * 0.55, s * 0.64, s * 0.38, st),
                polygon([(x + s * 0.12, y + s * 0.57), (cx, y + s * 0.36), (x + s * 0.88, y + s * 0.57)], st),
                Rect(x + s * 0.38, y + s * 0.28, s * 0.24, s * 0.3, st),
                polygon([(x + s * 0.36, y + s * 0.3), (cx, y + s * 0.04), (x + s * 0.64, y + s * 0.3)], st),
                Rect(x + s * 0.44, y + s * 0.72, s * 0.12, s * 0.21, Style(fill=WHITE), radius=s * 0.05)]
    if kind == "crash":  # a wheel knocked over, a burst
        return [_star(x + s * 0.66, y + s * 0.32, s * 0.3, 8, Style(fill=YELLOW, stroke=ink, width=w * 0.6)),
                *_wheel(x + s * 0.38, y + s * 0.62, s * 0.3, ink, w)]
    if kind == "puncture":  # a wheel with a nail and escaping air
        return [*_wheel(x + s * 0.42, cy, s * 0.36, ink, w),
                polygon([(x + s * 0.72, y + s * 0.84), (x + s * 0.84, y + s * 0.6), (x + s * 0.92, y + s * 0.66)],
                        Style(fill=INK)),
                Line(x + s * 0.82, y + s * 0.18, x + s * 0.96, y + s * 0.1, Style(stroke=ink, width=w * 0.6, round_caps=True)),
                Line(x + s * 0.84, y + s * 0.3, x + s * 0.98, y + s * 0.28, Style(stroke=ink, width=w * 0.6, round_caps=True))]
    if kind == "chain":  # three links, the last one open
        st = Style(stroke=ink, width=w)
        items: list[Item] = []
        for i in range(3):
            lx = x + s * (0.06 + i * 0.28)
            items.append(Group((Rect(0, -s * 0.12, s * 0.36, s * 0.24, st, radius=s * 0.12),),
                               compose(translate(lx, cy + (i - 1) * s * 0.1), rotate(-18 if i < 2 else 25))))
        return items
    if kind == "strategy":  # plus and minus in a ring
        st = Style(fill=ink)
        return [Circle(cx, cy, s * 0.44, Style(stroke=ink, width=w)),
                Rect(x + s * 0.22, y + s * 0.37, s * 0.24, s * 0.07, st), Rect(x + s * 0.305, y + s * 0.285, s * 0.07, s * 0.24, st),
                Rect(x + s * 0.54, y + s * 0.56, s * 0.24, s * 0.07, st),
                Line(x + s * 0.34, y + s * 0.74, x + s * 0.66, y + s * 0.26, Style(stroke=ink, width=w * 0.6))]
    if kind == "mishap":  # a warning sign
        return [polygon([(cx, y + s * 0.06), (x + s * 0.96, y + s * 0.9), (x + s * 0.04, y + s * 0.9)],
                        Style(fill=ink, stroke=ink, width=w)),
                polygon([(cx, y + s * 0.22), (x + s * 0.82, y + s * 0.82), (x + s * 0.18, y + s * 0.82)], Style(fill=WHITE)),
                Rect(cx - s * 0.045, y + s * 0.38, s * 0.09, s * 0.26, Style(fill=INK), radius=s * 0.03),
                Circle(cx, y + s * 0.72, s * 0.055, Style(fill=INK))]
    if kind == "time-trial":  # a stopwatch
        r = s * 0.36
        oy = cy + s * 0.06
        return [Rect(cx - s * 0.08, y + s * 0.04, s * 0.16, s * 0.1, Style(fill=ink)),
                Circle(cx, oy, r, Style(fill=WHITE, stroke=ink, width=w)),
                Line(cx, oy, cx, oy - r * 0.75, Style(stroke=ink, width=w * 0.8, round_caps=True)),
                Line(cx, oy, cx + r * 0.55, oy + r * 0.3, Style(stroke=ink, width=w * 0.8, round_caps=True)),
                Circle(cx, oy, s * 0.05, Style(fill=ink))]
    if kind == "champs":  # the Arc de Triomphe
        st = Style(fill=ink)
        return [Rect(x + s * 0.14, y + s * 0.16, s * 0.72, s * 0.12, st),
                Rect(x + s * 0.18, y + s * 0.28, s * 0.64, s * 0.08, st),
                Path((("M", x + s * 0.2, y + s * 0.9), ("L", x + s * 0.2, y + s * 0.36), ("L", x + s * 0.8, y + s * 0.36),
                      ("L", x + s * 0.8, y + s * 0.9), ("L", x + s * 0.6, y + s * 0.9), ("L", x + s * 0.6, y + s * 0.62),
                      ("C", x + s * 0.6, y + s * 0.48, x + s * 0.4, y + s * 0.48, x + s * 0.4, y + s * 0.62),
                      ("L", x + s * 0.4, y + s * 0.9), ("Z",)), st)]
    if kind == "finish":  # a chequered flag
        items = [Rect(x + s * 0.12, y + s * 0.06, s * 0.06, s * 0.88, Style(fill=INK))]
        cell = s * 0.14
        for r_ in range(4):
            for c_ in range(5):
                items.append(Rect(x + s * 0.18 + c_ * cell, y + s * 0.08 + r_ * cell, cell, cell,
                                  Style(fill=INK if (r_ + c_) % 2 else WHITE)))
        items.append(Rect(x + s * 0.18, y + s * 0.08, 5 * cell, 4 * cell, Style(stroke=INK, width=w * 0.4)))
        return items
    if kind == "prologue":  # a start gate: two posts and a banner
        st = Style(fill=ink)
        return [Rect(x + s * 0.12, y + s * 0.2, s * 0.08, s * 0.72, st), Rect(x + s * 0.8, y + s * 0.2, s * 0.08, s * 0.72, st),
                Rect(x + s * 0.08, y + s * 0.12, s * 0.84, s * 0.2, Style(fill=RED, stroke=ink, width=w * 0.4))]
    return []
