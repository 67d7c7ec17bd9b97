"""A line of SVG ``<text>`` measured against the room it has, as ``<pnp:text>`` boxes are.

A ``<text>`` is one line: a band's words ("1 MAILLOT"), a label, a title. Its room is the width
``pnp:width`` gives (in user units), else the run from its anchor to the edge of the face's trim
(less EDGE mm), along its baseline: a ``text-anchor="middle"`` line has twice the shorter side. A
line wider than its room shrinks, every run alike, down to ``pnp:min-size`` (points; default
SHRINK of its size, never under pnp.layout.text.READABLE_PT); still too wide, it is a problem
located at its template line, as a box that overflows is (a translation that ran into the next
card before). Lines of a picture (no face around them) are not measured.
"""

from __future__ import annotations

import math

from pnp.layout import fonts, rooms
from pnp.layout import text as textfit
from pnp.layout.scene import apply

ATTRIBUTES = ("width", "min-size")
"""pnp's attributes on an SVG <text>: the room of the line (user units) and its smallest size (points)."""
EDGE = 1.0
"""mm a line keeps clear of the trim: the cut is never exact."""
SHRINK = 0.7
"""How far a line shrinks by default, as a fraction of its size."""


def fitted(reader, node, raw: str, runs: list[tuple], x: float, y: float, anchor: str) -> list[tuple]:
    """``runs`` (text, font, size, fill) of the line whose anchor is (x, y), shrunk to fit its room;
    a MarkupError when it cannot (recorded as an overflow, or drawn at its smallest size while a
    fit check collects overflows)."""
    room = _room(reader, node, x, y, anchor)
    if room is None or not raw.strip():
        return runs
    width, unit = room
    top = max(s for _, _, s, _ in runs)
    floor = _min_size(reader, node, top)
    total = sum(fonts.width_mm(t, f, s) for t, f, s, _ in runs)
    where = reader.component
    if total <= width + 1e-6:
        if rooms.recording_all():
            rooms.record(rooms.Room(raw, width * unit, None, floor, top, runs[0][1], where))
        return runs
    size = max(floor, math.floor(top * width / total * 4) / 4)  # widths grow with the size
    k = size / top
    shrunk = [(t, f, s * k, fill) for t, f, s, fill in runs]
    wide = total * k
    if wide <= width + 1e-6:
        if rooms.recording_all():
            rooms.record(rooms.Room(raw, width * unit, None, floor, top, runs[0][1], where))
        return shrunk
    over = wide / width - 1.0 if width > 0 else 1.0
    detail = f"{(wide - width) * unit:.1f} mm too wide"
    rooms.record(rooms.Room(raw, width * unit, None, floor, top, runs[0][1], where, over, detail))
    if rooms.collecting():
        return shrunk
    from pnp.i18n.context import current

    raise reader.fail(node, f"[{current().code}] {textfit._short(raw)} does not fit at {floor:g} pt: {detail} for "
                            f"its line of {width * unit:.1f} mm ({textfit.percent(over)} too long)",
                      hint="shorten the text, or give the line pnp:width= more room or a smaller pnp:min-size=")


def _min_size(reader, node, top: float) -> float:
    given = node.attrs.get(f"{{{_ns()}}}min-size")
    if given is not None:
        try:
            return min(top, float(given.strip().removesuffix("pt")))
        except ValueError:
            raise reader.fail(node, f"pnp:min-size '{given}' is not a size in points") from None
    return min(top, max(textfit.READABLE_PT, SHRINK * top))


def _room(reader, node, x: float, y: float, anchor: str) -> tuple[float, float] | None:
    """(width the line may take in user units, mm per user unit along its baseline), or None when
    it is not measured."""
    a, b = reader.ctm[0], reader.ctm[1]
    unit = math.hypot(a, b)
    if unit <= 0:
        return None
    given = node.attrs.get(f"{{{_ns()}}}width")
    if given is not None:
        return reader.length(node, f"{{{_ns()}}}width"), unit
    ctx = reader.scope.ctx
    if ctx is None or reader.scope.depth:
        return None
    px, py = apply(reader.ctm, x, y)
    dx, dy = a / unit, b / unit
    box = (EDGE, EDGE, ctx.w - EDGE, ctx.h - EDGE)
    if not (box[0] <= px <= box[2] and box[1] <= py <= box[3]):
        return None  # anchored outside the trim (into the bleed): drawn as the designer placed it
    ahead, behind = _run(px, py, dx, dy, box), _run(px, py, -dx, -dy, box)
    room = {"start": ahead, "end": behind, "middle": 2 * min(ahead, behind)}[anchor]
    return room / unit, unit


def _run(px: float, py: float, dx: float, dy: float, box: tuple[float, float, float, float]) -> float:
    """How far (mm) from (px, py) along (dx, dy) before leaving ``box`` (x0, y0, x1, y1)."""
    out = math.inf
    for p, d, lo, hi in ((px, dx, box[0], box[2]), (py, dy, box[1], box[3])):
        if d > 1e-12:
            out = min(out, (hi - p) / d)
        elif d < -1e-12:
            out = min(out, (lo - p) / d)
    return out


def _ns() -> str:
    from pnp.layout.markup.tree import PNP_NS

    return PNP_NS
