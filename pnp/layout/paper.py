"""Paper and card sizes, and the print options of a build."""

from __future__ import annotations

import re
from dataclasses import dataclass

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
CARD_SIZES = {
    "poker": (63.5, 88.9),
    "standard": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "euro": (59.0, 92.0),
    "mini": (44.0, 68.0),
    "tarot": (70.0, 120.0),
}
_MM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$")


@dataclass(frozen=True)
class Size:
    name: str
    w: float
    h: float


def display_name(name: str) -> str:
    """A paper's name as printed for people: 'A4', 'Letter'."""
    return name.upper() if len(name) <= 3 else name.capitalize()


def paper(name: str) -> Size:
    w, h = PAPERS[name.lower()]
    return Size(name.lower(), w, h)


def card_size(spec: str) -> Size:
    """A card size by name ('poker') or in millimetres ('63x88')."""
    key = spec.strip().lower()
    if key in CARD_SIZES:
        return Size(key, *CARD_SIZES[key])
    m = _MM.match(key)
    if not m:
        raise ValueError(f"'{spec}' is not a card size: use one of {', '.join(CARD_SIZES)} or WxH in mm")
    w, h = float(m.group(1)), float(m.group(2))
    if not (20 <= w <= 200 and 20 <= h <= 280):
        raise ValueError(f"a card of {w:g}x{h:g} mm is not printable: the width must be 20 to 200 mm "
                         "and the height 20 to 280 mm")
    return Size(f"{w:g}x{h:g}mm", w, h)


@dataclass(frozen=True)
class PrintSpec:
    """How a kit is printed: paper, card size, bleed, duplex and printer corrections."""

    paper: Size
    card: Size
    bleed: float = 3.0
    margin: float = 5.0
    duplex: bool = True
    back_offset: tuple[float, float] = (0.0, 0.0)
    fold: bool = False
    """Gutter fold: fronts on one half of each sheet, their backs on the other, for a printer that
    prints one side (pnp.layout.gutter); ``duplex`` is then False."""
    ink_saver: bool = False
    """Light backgrounds on backs of aids and standees, and a light board (pnp.layout.ink)."""
