"""The first page of a kit, as a publisher's print-and-play has it: the game's title, author and art;
what the kit holds (a checklist with counts) and what to bring; what to print on which paper, in
which mode; the tools; how to assemble; the credits. Every text comes in, already in the kit's
language (pnp.layout.kit makes them from templates/kit.j2 and the model)."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layout import jersey as jersey_art
from pnp.layout import text as textfit
from pnp.layout.paper import Size
from pnp.layout.scene import Group, Item, Line, Rect, Scene, Style, compose, scale, translate
from pnp.layout.tiling import calibration_line

INK, BAND, MUTED, TINT = "#1F2328", "#146B36", "#5B616B", "#EEF4EF"
MARGIN = 12.0
BAND_H = 36.0
COVER = "kit cover"
"""The component the cover's lines are told as to translators (pnp.layout.rooms)."""


@dataclass(frozen=True)
class Part:
    """One part of the kit: a line of the contents table."""

    what: str
    first: int
    last: int
    duplex: bool
    stock: str = ""
    """What to print it on ("carte 250-300 g/m²"), in the kit's language."""


@dataclass(frozen=True)
class CoverContent:
    """Everything the cover says, in the kit's language."""

    title: str
    subtitle: str
    byline: str
    intro: str
    calibration: str
    contents_heading: str
    parts: list[Part]
    pages_text: object
    """``pages_text(first, last)``: "pages 3 à 10"."""
    duplex_text: str
    simplex_text: str
    simplex_one: str
    note: str
    checklist_heading: str
    checklist: list[str]
    supplies_heading: str
    supplies: list[str]
    tools_heading: str
    tools: list[str]
    assembly_heading: str
    assembly: list[str]
    credits_heading: str
    credits: list[str]
    emblem: object = None
    art: Scene | None = None


class _Page:
    """The cover's items as they are laid out, top to bottom, at a scale ``k`` of the type sizes
    (the cover shrinks its type, never below the readable size, when a kit has many parts)."""

    def __init__(self, paper: Size, k: float) -> None:
        self.w, self.h, self.k = paper.w, paper.h, k
        self.items: list[Item] = []

    def pt(self, size: float) -> float:
        return max(textfit.READABLE_PT, size * self.k)

    def text(self, text: str, x: float, y: float, w: float, h: float, size: float, font: str = "sans",
             fill: str = INK, align: str = "left") -> float:
        """``text`` wrapped in the box from its top; returns the y below its last line."""
        if not text:
            return y
        size = self.pt(size)
        items = textfit.fit(text, textfit.Box(x, y, w, h, size, textfit.READABLE_PT, align=align, valign="top"),
                            font, fill)
        self.items += items
        return max((t.y for t in items), default=y) + 0.5 * size * textfit.fonts.PT

    def heading(self, text: str, x: float, y: float, w: float) -> float:
        size = self.pt(12)
        self.items.append(textfit.fit_line(text, x, y + size * textfit.fonts.PT * 0.8, "sans-bold", size, w,
                                           fill=BAND, where=COVER))
        y += size * textfit.fonts.PT * 0.8 + 1.6
        self.items.append(Line(x, y, x + w, y, Style(stroke=BAND, width=0.35)))
        return y + 2.4


def cover(paper: Size, c: CoverContent) -> Scene:
    """A portrait page: title band with the author; the art beside the intro and the calibration
    line; the contents table with paper and printing mode; a checklist of the components and what
    to bring beside the tools and the assembly; the credits at the foot."""
    for k in (1.0, 0.94, 0.88, 0.82, 0.76, 0.7):
        page = _lay_out(paper, c, k)
        if page is not None:
            return page
    return _lay_out(paper, c, 0.7, force=True)  # type: ignore[return-value]


def _lay_out(paper: Size, c: CoverContent, k: float, force: bool = False) -> Scene | None:
    p = _Page(paper, k)
    w, m = p.w, MARGIN
    inner = w - 2 * m
    _band(p, c)
    # the art on the right, the intro and the calibration line on the left
    art_w = 0.36 * inner if c.art is not None else 0.0
    left_w = inner - (art_w + 6 if art_w else 0)
    y = BAND_H + 6
    art_bottom = _art(p, c.art, w - m - art_w, y, art_w, 48.0) if c.art is not None else y
    y = p.text(c.intro, m, y, left_w, 30, 9.5)
    cal_y = y + 5
    p.items += calibration_line(m, cal_y, c.calibration, room=left_w - 50, where=COVER)
    y = max(cal_y + 6, art_bottom + 4)
    y = _contents(p, c, y)
    y = _columns(p, c, y + 3)
    foot = _credits_height(p, c)
    if y + foot > p.h - m and not force:
        return None
    _credits(p, c, max(y + 2, p.h - m - foot))
    return Scene(p.w, p.h, tuple(p.items), label="kit cover")


def _band(p: _Page, c: CoverContent) -> None:
    m = MARGIN
    p.items.append(Rect(0, 0, p.w, BAND_H, Style(fill=BAND)))
    x = m
    if c.emblem is not None:
        p.items.append(jersey_art.place(c.emblem, m, 6, 24))
        x = m + 30
    # the title on one line (shrunk to fit, never broken), the subtitle and the byline under it
    p.items += textfit.fit(c.title, textfit.Box(x, 4, p.w - m - x, 14, 26, 12, align="left"), "sans-black",
                           "#FFFFFF")
    p.items.append(textfit.fit_line(c.subtitle, x, 23.5, "sans-bold", 12, p.w - m - x, fill="#D9EBDD", where=COVER))
    p.items += textfit.fit(c.byline, textfit.Box(x, 26, p.w - m - x, 8, 10.5, textfit.READABLE_PT,
                                                  align="left"), "sans", "#FFFFFF")


def _art(p: _Page, art: Scene, x: float, y: float, w: float, h: float) -> float:
    """The art scaled into the box (x, y, w, h), framed; returns its bottom."""
    s = min(w / art.width, h / art.height)
    aw, ah = art.width * s, art.height * s
    ax = x + (w - aw)
    p.items.append(Group(art.items, compose(translate(ax, y), scale(s)), clip=Rect(0, 0, art.width, art.height,
                                                                                   Style())))
    p.items.append(Rect(ax, y, aw, ah, Style(stroke="#C9CDD3", width=0.3)))
    return y + ah


def _contents(p: _Page, c: CoverContent, y: float) -> float:
    m, inner = MARGIN, p.w - 2 * MARGIN
    y = p.heading(c.contents_heading, m, y, inner)
    size = p.pt(9)
    cap = size * textfit.fonts.PT * 0.72
    where_w, mode_w = 26.0, 62.0
    what_w = inner - where_w - mode_w - 4
    for part in c.parts:
        where = c.pages_text(part.first, part.last)  # type: ignore[operator]
        how = c.duplex_text if part.duplex else (c.simplex_one if c.simplex_one and part.first == part.last
                                                 else c.simplex_text)
        base = y + cap
        p.items.append(textfit.fit_line(where, m, base, "sans-bold", size, where_w - 1.0, fill=INK, where=COVER))
        below_what = p.text(part.what, m + where_w, y, what_w, 24, 9)
        below_mode = p.text(how, p.w - m - mode_w, y, mode_w, 12, 9, "sans-bold" if part.duplex else "sans",
                            BAND if part.duplex else INK, "right")
        if part.stock:
            below_mode = p.text(part.stock, p.w - m - mode_w, below_mode, mode_w, 10, 8.5, "sans", MUTED, "right")
        y = max(below_what, below_mode) + 2.2
    return p.text(c.note, m, y, inner, 16, 8.5, "sans-italic", INK)


def _columns(p: _Page, c: CoverContent, y: float) -> float:
    """The checklist and what to bring on the left; the tools and the assembly on the right."""
    m, inner = MARGIN, p.w - 2 * MARGIN
    col = (inner - 8) / 2
    left, right = m, m + col + 8
    ly = p.heading(c.checklist_heading, left, y, col)
    for entry in c.checklist:
        ly = _checked(p, entry, left, ly, col)
    if c.supplies:
        ly = p.heading(c.supplies_heading, left, ly + 2, col)
        for entry in c.supplies:
            ly = _checked(p, entry, left, ly, col)
    ry = p.heading(c.tools_heading, right, y, col)
    for entry in c.tools:
        ry = _bullet(p, entry, right, ry, col)
    ry = p.heading(c.assembly_heading, right, ry + 2, col)
    for n, step in enumerate(c.assembly, 1):
        ry = _numbered(p, n, step, right, ry, col)
    return max(ly, ry)


def _checked(p: _Page, text: str, x: float, y: float, w: float) -> float:
    """A line of the checklist: an empty box to tick, then the text."""
    size = p.pt(9)
    box = size * textfit.fonts.PT * 0.72
    p.items.append(Rect(x, y + 0.15, box, box, Style(stroke=INK, width=0.3)))
    return p.text(text, x + box + 2.2, y, w - box - 2.2, 12, 9) + 0.8


def _bullet(p: _Page, text: str, x: float, y: float, w: float) -> float:
    size = p.pt(9)
    cap = size * textfit.fonts.PT * 0.72
    p.items.append(Rect(x + 0.4, y + cap / 2 - 0.5, 1.0, 1.0, Style(fill=BAND)))
    return p.text(text, x + 3.2, y, w - 3.2, 14, 9) + 0.8


def _numbered(p: _Page, n: int, text: str, x: float, y: float, w: float) -> float:
    size = p.pt(9)
    p.items.append(textfit.line(f"{n}.", x, y + size * textfit.fonts.PT * 0.72, "sans-bold", size, BAND))
    return p.text(text, x + 4.5, y, w - 4.5, 20, 9) + 0.8


def _credits_height(p: _Page, c: CoverContent) -> float:
    return 9.0 + 4.2 * len(c.credits) * max(p.k, 0.8)


def _credits(p: _Page, c: CoverContent, y: float) -> None:
    m, inner = MARGIN, p.w - 2 * MARGIN
    p.items.append(Rect(m - 2, y - 1, inner + 4, p.h - MARGIN - y + 3, Style(fill=TINT)))
    y = p.text(c.credits_heading, m, y + 0.5, inner, 6, 9, "sans-bold", BAND)
    for line in c.credits:
        y = p.text(line, m, y, inner, 9, 8, "sans", INK)
