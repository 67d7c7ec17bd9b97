"""A rider seen from the front: helmet, jersey, shorts and wheel, for standees and legends."""

from __future__ import annotations

from pnp.layout import jersey as jersey_art
from pnp.layout.scene import Circle, Item, Path, Rect, Style, Symbol, polygon

SKIN = "#E3B28C"
DARK = "#1F2328"


def figure(jersey: Symbol, helmet: str, w: float, h: float) -> list[Item]:
    """A rider filling a w x h box (about 24 x 40 mm): the jersey symbol is the torso."""
    cx = w / 2
    items: list[Item] = [
        Rect(cx - 1.6, h * 0.66, 3.2, h * 0.33, Style(fill=DARK), radius=1.4),          # wheel
        polygon([(cx - 5.2, h * 0.58), (cx + 5.2, h * 0.58), (cx + 4.2, h * 0.74), (cx - 4.2, h * 0.74)],
                Style(fill=DARK)),                                                      # shorts
    ]
    size = w * 0.86
    items.append(jersey_art.place(jersey, cx - size / 2, h * 0.2, size))
    head_y = h * 0.17
    items += [Circle(cx, head_y, 3.3, Style(fill=SKIN, stroke=DARK, width=0.3)),
              Path((("M", cx - 3.9, head_y - 0.2), ("C", cx - 3.9, head_y - 5.4, cx + 3.9, head_y - 5.4,
                                                        cx + 3.9, head_y - 0.2), ("Z",)),
                   Style(fill=helmet, stroke=DARK, width=0.3))]
    return items
