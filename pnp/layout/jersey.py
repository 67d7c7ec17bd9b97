"""The jersey: one reusable drawing for cards, standees, tokens and board legends.

Patterns: solid, two-tone (sleeves and collar in a second colour, e.g. an award jersey worn over a
rider's colour), sash, stripes, polka-dot, multicolour. A mark on the chest (a letter or a star)
makes the jersey readable without colour vision.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layout import text as textfit
from pnp.layout.scene import Circle, Group, Path, Rect, Style, Symbol, Use, compose, polygon, scale, translate

BOX = 100.0
OUTLINE = "#1B1B1B"
_SILHOUETTE = (
    ("M", 37, 6), ("C", 42, 13, 58, 13, 63, 6), ("L", 78, 9), ("L", 96, 25), ("L", 86, 42),
    ("L", 76, 36), ("L", 75, 92), ("C", 62, 96, 38, 96, 25, 92), ("L", 24, 36), ("L", 14, 42),
    ("L", 4, 25), ("L", 22, 9), ("Z",),
)
_COLLAR = (("M", 37, 6), ("C", 42, 13, 58, 13, 63, 6))


@dataclass(frozen=True)
class JerseyLook:
    """Everything needed to draw one jersey."""

    key: str
    pattern: str
    colours: tuple[str, ...]
    """Hex colours: body first, then the pattern's colours."""
    mark: str = ""
    """A letter, '*' for a star, or '' for none."""
    mark_ink: str = "#FFFFFF"


def silhouette(style: Style) -> Path:
    return Path(_SILHOUETTE, style)


def _pattern(look: JerseyLook) -> list:
    body, *others = look.colours
    second = others[0] if others else body
    items: list = [Rect(0, 0, BOX, BOX, Style(fill=body))]
    if look.pattern == "two-tone":
        items += [polygon([(0, 0), (29, 0), (26, 38), (0, 48)], Style(fill=second)),
                  polygon([(71, 0), (100, 0), (100, 48), (74, 38)], Style(fill=second)),
                  Path(_COLLAR, Style(stroke=second, width=7))]
    elif look.pattern == "sash":
        items.append(polygon([(14, 8), (34, 8), (88, 96), (68, 96)], Style(fill=second)))
    elif look.pattern == "stripes":
        items += [Rect(0, y, BOX, 9, Style(fill=second)) for y in (30, 52, 74)]
    elif look.pattern == "polka-dot":
        items += [Circle(x + (9 if row % 2 else 0), 16 + row * 16, 5.2, Style(fill=second))
                  for row in range(6) for x in range(8, 100, 18)]
    elif look.pattern == "multicolour":
        n = max(1, len(look.colours))
        w = 92 / n
        items = [Rect(4 + i * w, 0, w + 0.3, BOX, Style(fill=c)) for i, c in enumerate(look.colours)]
    return items


def _star(cx: float, cy: float, r: float, style: Style) -> Path:
    import math

    pts = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        a = math.radians(-90 + i * 36)
        pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return polygon(pts, style)


def _mark(look: JerseyLook) -> list:
    if look.mark == "*":
        return [_star(50, 55, 17, Style(fill="#FFFFFF", stroke=OUTLINE, width=1.6))]
    if look.mark:
        # Inside the symbol one unit is 1/100 of the jersey: a "size" of 100 makes a letter
        # whose capitals are about a quarter of the jersey tall.
        size = 100.0 if len(look.mark) == 1 else 70.0
        return [textfit.line(look.mark, 50, 69, "sans-black", size, look.mark_ink, "center")]
    return []


def symbol(look: JerseyLook) -> Symbol:
    """The jersey as a symbol in a 100 x 100 box (scale it with ``place``)."""
    body = Group(tuple(_pattern(look)), clip=silhouette(Style()))
    outline = silhouette(Style(stroke=OUTLINE, width=2.6))
    return Symbol(f"jersey-{look.key}", BOX, BOX, (body, *_mark(look), outline))


def place(sym: Symbol, x: float, y: float, size: float) -> Use:
    """The jersey symbol drawn ``size`` mm wide with its top-left corner at (x, y)."""
    return Use(sym, compose(translate(x, y), scale(size / BOX)))
