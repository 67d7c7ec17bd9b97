"""The first page of a kit: what it holds, what to print double-sided, how to assemble the board."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layout import jersey as jersey_art
from pnp.layout import text as textfit
from pnp.layout.paper import Size
from pnp.layout.scene import Item, Line, Rect, Scene, Style
from pnp.layout.tiling import calibration_line

INK, BAND = "#1F2328", "#146B36"


@dataclass(frozen=True)
class Part:
    """One part of the kit: a line of the contents table."""

    what: str
    first: int
    last: int
    duplex: bool


def cover(paper: Size, title: str, intro: str, heading: str, parts: list[Part], pages_text, duplex_text: str,
          simplex_text: str, note: str, calibration: str, emblem=None, simplex_one: str = "") -> Scene:
    """A portrait page: title band, the intro with the calibration line, and the contents table."""
    w, h, m = paper.w, paper.h, 12.0
    items: list[Item] = [Rect(0, 0, w, 38, Style(fill=BAND))]
    if emblem is not None:
        items.append(jersey_art.place(emblem, m, 7, 24))
    items += textfit.fit(title, textfit.Box(m + 30, 8, w - 2 * m - 30, 22, 24, 14, align="left"), "sans-black",
                         "#FFFFFF")
    items += textfit.fit(intro, textfit.Box(m, 46, w - 2 * m, 16, 10, 8, align="left", valign="top"), "sans", INK)
    items += calibration_line(m, 68, calibration)
    y = 84.0
    items.append(textfit.line(heading, m, y, "sans-bold", 13, BAND))
    items.append(Line(m, y + 2, w - m, y + 2, Style(stroke=BAND, width=0.4)))
    y += 10
    size, cap = 9.5, 9.5 * textfit.fonts.PT * 0.72
    for part in parts:
        # three columns on one baseline; the description and the printing mode wrap in their own column
        where = pages_text(part.first, part.last)
        how = duplex_text if part.duplex else (simplex_one if simplex_one and part.first == part.last
                                                 else simplex_text)
        items.append(textfit.line(where, m, y, "sans-bold", size, INK))
        # a long list of decks wraps onto as many lines as it needs, down to what the page has left
        room = max(12.0, h - 40.0 - (y - cap))
        what = textfit.fit(part.what, textfit.Box(m + 36, y - cap, w - 2 * m - 36 - 74, room, size, 7.5,
                                                  align="left", valign="top"), "sans", INK)
        mode = textfit.fit(how, textfit.Box(w - m - 70, y - cap, 70, 12, size, 7.5, align="right", valign="top"),
                           "sans-bold" if part.duplex else "sans", BAND if part.duplex else INK)
        items += [*what, *mode]
        last = max((t.y for t in (*what, *mode)), default=y)  # the baseline of the lowest line
        y = max(y, last) + 11
    items += textfit.fit(note, textfit.Box(m, y + 4, w - 2 * m, 20, 9.5, 7.5, align="left", valign="top"),
                         "sans-italic", INK)
    return Scene(w, h, tuple(items), label="kit cover")
