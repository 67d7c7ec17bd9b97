"""The duplex calibration sheet of ``pnp calibrate``: one sheet printed on both sides that measures
how far a printer puts the back side from where it belongs, and gives the ``--back-offset`` that
corrects it.

A scale is a row of lines on the front and a row of lines on the back, drawn where they meet
through the paper. The front's lines are ``FRONT_PITCH`` apart; the back's are ``BACK_PITCH`` apart
(``STEP`` more), so back line k sits k x STEP further out than front line k and is labelled with the
offset k x STEP. A printer that puts the back e mm off (as seen on the back) brings back line k
onto front line k where k x STEP = -e: the label read there is the correction, the value to pass to
``--back-offset`` (which moves the backs +X to the right and +Y down, as seen on the back sheet).
The pitch is more than twice the range, so no other pair of lines meets within +-3 mm.

Horizontal scales (lines across, read along X) lie near the top edge, near the centre and near the
bottom edge; vertical ones (read along Y) near the left edge, near the centre and near the right
edge: a printer that turns or stretches the back reads differently at the edges.

Positions are in millimetres, y down. The back page is laid out for a long-edge flip, like the card
sheets: a point x mm from the front's left edge is W - x from the back's left edge.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.layout import text as textfit
from pnp.layout.imposition import shift_back
from pnp.layout.paper import Size
from pnp.layout.scene import Group, Item, Line, Scene, Style, Text
from pnp.layout.tiling import calibration_line

STEP = 0.5            # mm between two labelled offsets
COUNT = 6             # offsets from -COUNT x STEP to +COUNT x STEP: +-3 mm
FRONT_PITCH = 7.0     # mm between two lines of a scale on the front
BACK_PITCH = FRONT_PITCH + STEP
TICK = 5.0            # length of a line of a scale
ZERO = 8.0            # length of its 0 line
OVERLAP = 0.5         # how far front and back lines run into each other
LINE = Style(stroke="#000000", width=0.2)
MARGIN = 5.0          # the printer's margin: nothing is printed closer to the edge
TEXT_X = 12.0         # left and right edges of the texts
INK = "#1F2328"
GREY = "#5A6069"


@dataclass(frozen=True)
class Scale:
    """One scale: its 0 line on the front at (x, y) (front page coordinates). A horizontal scale
    (``axis`` 'x') has vertical lines across a row; a vertical one (``axis`` 'y') horizontal lines
    down a column. ``out`` is where the front's lines run from the meeting line: -1 up (x) or left
    (y), +1 down or right; the back's lines and their labels are on the other side."""

    name: str
    axis: str
    x: float
    y: float
    out: int = -1

    def front_lines(self) -> list[tuple[int, float]]:
        """(k, position along the scale) of the front's lines, in front page coordinates."""
        at = self.x if self.axis == "x" else self.y
        return [(k, at + k * FRONT_PITCH) for k in range(-COUNT, COUNT + 1)]

    def back_lines(self, page_w: float) -> list[tuple[int, float, float]]:
        """(k, position along the scale, the offset it reads) of the back's lines, in back page
        coordinates (before any --back-offset)."""
        at = page_w - self.x if self.axis == "x" else self.y
        return [(k, at + k * BACK_PITCH, k * STEP) for k in range(-COUNT, COUNT + 1)]


def value(v: float) -> str:
    """An offset as printed and as typed: '+1.5', '-0.5', '0'."""
    return "0" if abs(v) < 1e-9 else f"{v:+.1f}"


@dataclass(frozen=True)
class CalibrationTexts:
    """Every word of the sheet, in the language of the command."""

    front_title: str
    back_title: str
    front_steps: list[str]
    back_steps: list[str]
    calibration: str
    """The note beside the 50 mm line."""
    applied: str = ""
    """Printed when the sheet itself was printed with a --back-offset ("" for none)."""


def texts_from(shared, paper_name: str, back_offset: tuple[float, float] = (0.0, 0.0)) -> CalibrationTexts:
    """The sheet's texts from the shared templates (``shared`` is a pnp.layout.templates.Texts of
    templates/kit.j2, made in the language wanted)."""
    from pnp.layout.paper import display_name

    dx, dy = back_offset
    applied = shared("calibrate_applied", offset=f"{dx:g},{dy:g}") if dx or dy else ""
    steps = [_unbroken(t) for t in shared.lines("calibrate_front_steps", paper=display_name(paper_name))]
    return CalibrationTexts(shared("calibrate_title", side="front"), shared("calibrate_title", side="back"), steps,
                            [_unbroken(t) for t in shared.lines("calibrate_back_steps")],
                            shared("calibration", length=50), _unbroken(applied))


_COMMAND = re.compile(r"(?:pnp build )?--back-offset(?: [-+0-9.,XY]+)?")


def _unbroken(text: str) -> str:
    """``text`` with the command it quotes kept on one line (no-break spaces): it is typed."""
    return _COMMAND.sub(lambda m: m.group(0).replace(" ", textfit.NBSP), text)


def scales(paper: Size) -> list[Scale]:
    """The six scales: X near the top edge, near the centre and near the bottom edge; Y near the
    left edge, near the centre and near the right edge. The centre ones straddle the page's centre
    (X above it, Y below it) so that they do not cross."""
    w, h = paper.w, paper.h
    edge = MARGIN + ZERO + 1.0
    centre = h / 2 - 36.0
    middle = centre + 60.0
    return [
        Scale("x-top", "x", w / 2, edge),
        Scale("x-centre", "x", w / 2, centre),
        Scale("x-bottom", "x", w / 2, h - edge - 7.0),
        Scale("y-left", "y", edge, middle, out=-1),
        Scale("y-centre", "y", w / 2, middle, out=-1),
        Scale("y-right", "y", w - edge, middle, out=+1),
    ]


def _front_scale(s: Scale) -> Item:
    items: list[Item] = []
    for k, at in s.front_lines():
        n = ZERO if k == 0 else TICK
        if s.axis == "x":
            items.append(Line(at, s.y + s.out * n, at, s.y - s.out * OVERLAP, LINE))
        else:
            items.append(Line(s.x + s.out * n, at, s.x - s.out * OVERLAP, at, LINE))
    items.append(_name(s, s.x, s.y, s.out, s.axis.upper()))
    return Group(tuple(items), id=f"front-{s.name}")


def _back_scale(s: Scale, page_w: float) -> Item:
    """The back's lines run to the other side of the meeting line than the front's; on the back
    page left and right swap (a long-edge flip), up and down do not."""
    u = page_w - s.x
    items: list[Item] = []
    size = 6.0
    em = size * textfit.fonts.PT
    for k, at, v in s.back_lines(page_w):
        n = ZERO if k == 0 else TICK
        if s.axis == "x":
            items.append(Line(at, s.y + s.out * OVERLAP, at, s.y - s.out * n, LINE))
            base = s.y - s.out * (n + 1.2) + (0.72 * em if s.out < 0 else 0.0)
            items.append(textfit.line(value(v), at, base, "sans-bold" if k == 0 else "sans", size, INK, "center"))
        else:
            side = s.out  # on the back page the front's left is the right
            items.append(Line(u - side * OVERLAP, at, u + side * n, at, LINE))
            items.append(textfit.line(value(v), u + side * (n + 1.2), at + 0.36 * em,
                                      "sans-bold" if k == 0 else "sans", size, INK, "left" if side > 0 else "right"))
    items.append(_name(s, u, s.y, s.out if s.axis == "y" else -s.out, s.axis.upper()))
    return Group(tuple(items), id=f"back-{s.name}")


def _name(s: Scale, x: float, y: float, out: int, name: str) -> Item:
    """The scale's letter, on the side of the lines it names: left of a row, under a column."""
    size = 7.0
    em = size * textfit.fonts.PT
    if s.axis == "x":
        return textfit.line(name, x - COUNT * BACK_PITCH - 6.5, y + out * TICK / 2 + 0.36 * em, "sans-bold", size,
                            GREY, "center")
    return textfit.line(name, x + out * TICK / 2, y + COUNT * BACK_PITCH + 3.0 + 0.72 * em, "sans-bold", size, GREY,
                        "center")


def _texts(paper: Size, title: str, steps: list[str], top: float, bottom: float, extra: str = "") -> list[Item]:
    """A title and numbered steps between heights ``top`` and ``bottom``."""
    w = paper.w - 2 * TEXT_X
    items: list[Item] = [textfit.line(title, TEXT_X, top + 5.0, "sans-bold", 14, INK)]
    body = "\n".join(steps + ([extra] if extra else []))
    items += textfit.fit(body, textfit.Box(TEXT_X, top + 8.0, w, bottom - top - 8.0, 9.0, 6.5, align="left",
                                           valign="top"), "sans", INK)
    return items


def _footer(paper: Size, text: str) -> Item:
    return textfit.line(text, paper.w / 2, paper.h - MARGIN - 1.0, "sans", 6.5, GREY, "center")


def calibration_sheet(paper: Size, texts: CalibrationTexts, back_offset: tuple[float, float] = (0.0, 0.0),
                      footer: str = "") -> list[Scene]:
    """The front page and the back page (for a long-edge flip) of the calibration sheet; the back
    moved by ``back_offset`` as ``pnp build --back-offset`` moves the backs of the card sheets."""
    all_scales = scales(paper)
    by_name = {s.name: s for s in all_scales}
    # the front: title and steps under the top scale, the 50 mm line under them
    head_top = by_name["x-top"].y + ZERO + 4.0
    head_bottom = by_name["x-centre"].y - ZERO - 8.0
    front: list[Item] = _texts(paper, texts.front_title, texts.front_steps, head_top, head_bottom - 8.0,
                               texts.applied)
    last = max(item.y for item in front if isinstance(item, Text))
    front += calibration_line(TEXT_X, min(last + 8.0, head_bottom), texts.calibration,
                              room=paper.w - 2 * TEXT_X - 50.0)
    front += [_front_scale(s) for s in all_scales]
    # the back: its text between the vertical scales and the bottom scale, where the front is blank
    y_end = by_name["y-centre"].y + COUNT * BACK_PITCH + 9.0
    back: list[Item] = _texts(paper, texts.back_title, texts.back_steps, y_end,
                              by_name["x-bottom"].y - ZERO - 3.0, texts.applied)
    back += [_back_scale(s, paper.w) for s in all_scales]
    if footer:
        front.append(_footer(paper, footer))
        back.append(_footer(paper, footer))
    return [Scene(paper.w, paper.h, tuple(front), label="calibration front"),
            Scene(paper.w, paper.h, tuple(shift_back(back, back_offset)), label="calibration back")]


def meeting_value(scale: Scale, page_w: float, printer_error: float) -> float | None:
    """The offset read on ``scale`` when the printer puts the back ``printer_error`` mm off along
    the scale (as seen on the back: + right or down): the label of the back line that then lies on a
    front line, or None when none does."""
    front = [page_w - at if scale.axis == "x" else at for _, at in scale.front_lines()]
    hits = [v for _, at, v in scale.back_lines(page_w) if any(abs(at + printer_error - f) < 1e-6 for f in front)]
    return hits[0] if len(hits) == 1 else None


__all__ = ["CalibrationTexts", "Scale", "calibration_sheet", "meeting_value", "scales", "texts_from", "value"]
