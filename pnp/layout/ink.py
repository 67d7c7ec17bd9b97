"""Ink saver (``pnp build --ink-saver``): the same pieces and boards, drawn with less ink.

- A **background** is a fill that runs across the whole width of a piece (into its bleed) and at
  least a tenth of its height: the full-bleed colour of a back, the panels and tabs of a standee
  strip. :func:`light_back` prints it as a pale tint of its colour; what was drawn light on a dark
  background (white titles, pale icons) takes the background's colour instead, so the back reads as
  before, dark on light.
- A **board** (:func:`light_board`) gets a lighter palette: every fill becomes a tint of its colour
  (light grass, light road), light texts turn dark and light strokes grey, so that what read white
  on dark reads dark on light; dark texts and lines keep their ink.

Colours are '#RRGGBB' (pnp.layout.scene). Raster pictures are left as they are.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from pnp.layout.scene import (IDENTITY, Affine, Circle, Group, Item, Line, Path, Rect, Scene, Style, Symbol, Text,
                              Use, apply, compose)

BACK_KEEP = 0.15
"""How much of a background's ink a light back keeps (0: white, 1: as printed)."""
BOARD_KEEP = 0.3
"""How much of each fill's ink a board keeps."""
LIGHT = 0.6
"""Relative luminance from which an ink counts as light (white and pale texts, marks)."""
DARK_TEXT = "#1F2328"
GREY_STROKE = "#8D939B"
BACKGROUND_HEIGHT = 0.1
"""The smallest part of a piece's height a background covers."""


@lru_cache(maxsize=4096)
def luminance(colour: str) -> float:
    """Relative luminance of '#RRGGBB' (WCAG: 0 black, 1 white)."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


@lru_cache(maxsize=4096)
def tinted(colour: str, keep: float) -> str:
    """``colour`` keeping ``keep`` of its ink: mixed with white (each channel's distance to white
    scaled by ``keep``)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(255 - (255 - c) * keep):02X}" for c in (r, g, b))


def _is_light(colour: str | None) -> bool:
    return colour is not None and luminance(colour) >= LIGHT


# --- a piece's backgrounds

def _corners(transform: Affine, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    points = [apply(transform, px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _box(item: Item, transform: Affine) -> tuple[float, float, float, float] | None:
    """The box of a filled shape on the piece (x0, y0, x1, y1), or None for anything else."""
    if isinstance(item, Rect) and item.style.fill:
        return _corners(transform, item.x, item.y, item.w, item.h)
    if isinstance(item, Path) and item.style.fill:
        points = [(c[i], c[i + 1]) for c in item.commands for i in range(1, len(c) - 1, 2)]
        if not points:
            return None
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return _corners(transform, min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return None


def _backgrounds(items: tuple[Item, ...], w: float, h: float, transform: Affine = IDENTITY,
                 found: dict[int, str] | None = None) -> dict[int, str]:
    """id(item) -> fill of every background among ``items`` (see the module's notes), drawn on a
    piece ``w`` x ``h`` mm. A clip is ignored: a background is judged by what it would cover."""
    found = {} if found is None else found
    for item in items:
        if isinstance(item, Group):
            _backgrounds(item.items, w, h, compose(transform, item.transform), found)
        elif isinstance(item, Use):
            _backgrounds(item.symbol.items, w, h, compose(transform, item.transform), found)
        else:
            box = _box(item, transform)
            if box is not None and box[0] <= 0.02 * w and box[2] >= 0.98 * w \
                    and box[3] - box[1] >= BACKGROUND_HEIGHT * h:
                found[id(item)] = item.style.fill
    return found


def light_back(symbol: Symbol) -> Symbol:
    """``symbol`` (a back, a standee strip) with its dark backgrounds printed as pale tints, and the
    light inks drawn on them in the background's colour; the symbol itself when it has none."""
    found = _backgrounds(symbol.items, symbol.width, symbol.height)
    if not found:
        return symbol
    darkest = min(found.values(), key=luminance)
    flip = luminance(darkest) < LIGHT  # light inks were drawn to stand out on it

    def fill(item: Item, colour: str | None) -> str | None:
        if id(item) in found:
            return tinted(colour, BACK_KEEP)
        return darkest if flip and _is_light(colour) else colour

    # a symbol drawn on the back is recoloured after the back's darkest background: its key says which
    items = _recoloured(symbol.items, fill, fill, lambda t: darkest if flip and _is_light(t.fill) else t.fill,
                        f"@light{darkest}")
    return Symbol(f"{symbol.key}@light", symbol.width, symbol.height, items)


def is_flat_colour(symbol: Symbol) -> bool:
    """Whether ``symbol`` is one colour over its whole box and nothing else (a back with no design)."""
    found = _backgrounds(symbol.items, symbol.width, symbol.height)
    shapes = list(leaves(symbol.items))
    return bool(found) and len(set(found.values())) == 1 and all(id(leaf) in found for leaf in shapes)


def leaves(items: tuple[Item, ...]):
    """Every drawn shape under ``items``, groups and symbols opened, in drawing order."""
    for item in items:
        if isinstance(item, Group):
            yield from leaves(item.items)
        elif isinstance(item, Use):
            yield from leaves(item.symbol.items)
        else:
            yield item


# --- boards

def light_board(scene: Scene) -> Scene:
    """``scene`` (a board side) in a lighter palette (see the module's notes); its trim, bleed and
    seam hints kept."""
    items = _recoloured(scene.items, lambda item, c: tinted(c, BOARD_KEEP) if c else c,
                        lambda item, c: GREY_STROKE if _is_light(c) else c,
                        lambda t: DARK_TEXT if _is_light(t.fill) else t.fill, "@light")
    return replace(scene, items=items)


# --- recolouring a tree of items

def _recoloured(items: tuple[Item, ...], fill, stroke, text, suffix: str,
                symbols: dict[str, Symbol] | None = None) -> tuple[Item, ...]:
    """``items`` with every shape's fill ``fill(item, colour)``, stroke ``stroke(item, colour)`` and
    every text's colour ``text(item)``; a symbol is recoloured once (its key gets ``suffix``)."""
    symbols = {} if symbols is None else symbols

    def style(item, s: Style) -> Style:
        new = replace(s, fill=fill(item, s.fill) if s.fill else s.fill,
                      stroke=stroke(item, s.stroke) if s.stroke else s.stroke)
        return s if new == s else new

    def one(item: Item) -> Item:
        if isinstance(item, (Rect, Circle, Line, Path)):
            new = style(item, item.style)
            return item if new is item.style else replace(item, style=new)
        if isinstance(item, Text):
            colour = text(item)
            return item if colour == item.fill else replace(item, fill=colour)
        if isinstance(item, Group):
            return replace(item, items=tuple(one(i) for i in item.items))
        if isinstance(item, Use):
            key = item.symbol.key + suffix
            if key not in symbols:
                sym = item.symbol
                symbols[key] = Symbol(key, sym.width, sym.height, tuple(one(i) for i in sym.items))
            return replace(item, symbol=symbols[key])
        return item  # a picture keeps its colours

    return tuple(one(i) for i in items)
