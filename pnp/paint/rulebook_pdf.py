"""Typeset a rulebook (blocks from pnp.layout.rulebook) into a PDF with ReportLab platypus.

A title page (title band, subtitle, players / age / duration, the cover art, the stamp and the
50 mm calibration line), then body pages in two columns with a running header (game title, current
section) and a footer (stamp, "page N / M"). Sections open on a coloured band, figures are scenes
drawn from the real components (vector, via :func:`pnp.paint.pdf.paint_scene_on`), tables repeat
their header when they split. A draft carries a diagonal watermark on every page.

Only the embedded Fira Sans faces are used (the canvas starts on one, so no standard font is
referenced); every string is checked against the font's character map first. The document is built
twice (the first pass counts the pages for the footer); output is invariant: the same input gives the
same bytes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from typing import Any, BinaryIO

from pnp.errors import PnpError
from pnp.layout import fonts
from pnp.layout import rulebook as rb
from pnp.layout.scene import Group, Scene, Text, Use
from pnp.layout.text import TextProblem, bind_punctuation, breaks, check_glyphs
from pnp.layout.tiling import calibration_line
from pnp.paint.pdf import MM, paint_scene_on

A4 = (210.0, 297.0)

GREEN = "#146B36"
GREEN_LIGHT = "#D9ECDF"
ZEBRA = "#F1F7F3"
NOTE = "#EAF4ED"
INK = "#1B1B1B"
GREY = "#5F5F5F"
RULE = "#B9C9BE"
WHITE = "#FFFFFF"

MARGIN_X = 16.0      # mm, left and right
TOP = 21.0           # mm from the top of the page to the body frames
BOTTOM = 19.0        # mm from the bottom of the page to the body frames
GUTTER = 7.0         # mm between the columns
FIGURE_MAX_H = 90.0  # mm
TITLE_FOOT = 24.0    # mm kept free at the bottom of the title page (stamp, calibration line)

BODY_SIZE, BODY_LEADING = 9.5, 12.9
_BREAKABLE = re.compile(r"[ \t\n]+")
"""Where a line may break between words (not at a no-break space)."""


class RulebookError(PnpError):
    """The rulebook cannot be typeset: an unknown figure, markup ReportLab cannot read."""


@dataclass(frozen=True)
class RulebookMeta:
    """What the rulebook says about itself, in its language (every string is printed as given)."""

    title: str
    subtitle: str = ""
    stamp: str = ""
    """Game, version and date: on the title page and in every footer."""
    language: str = ""
    players: str = ""
    age: str = ""
    duration: str = ""
    cover_art: Scene | None = None
    calibration: str = ""
    """The note beside the 50 mm calibration line ("print at 100 %...")."""
    page_label: str = "page {page} / {pages}"
    figure_missing: str = "unknown figure {ref}"
    """The error message for a figure reference nobody can draw; {ref} is the reference."""
    author: str = ""
    title_page: bool = True
    """False: the text starts on the first page, under the title band (a report, not a rulebook)."""
    names: frozenset[str] = frozenset()
    """Proper names (authors, riders, colours): hyphenation never cuts them."""


def paint_rulebook(blocks: Iterable[rb.Block], target: str | BinaryIO | None, meta: RulebookMeta,
                   figure: Callable[[str], Scene], draft: str = "", *,
                   paper: Any = A4, hyphenation_lang: str = "") -> int:
    """Typeset ``blocks`` into ``target`` (a path or a binary file); returns the number of pages.
    With no ``target``, only the first pass runs (the flow into pages, figures not painted): what
    a preflight needs to know that the rulebook fits.

    ``figure(ref)`` gives the scene of a figure (raises KeyError for an unknown one). ``paper`` is
    (width, height) in mm or a pnp.layout.paper.Size (A4 by default). ``draft``, when given, is the
    watermark word. ``hyphenation_lang`` ('fr', 'en', ...) turns hyphenation on (pyphen).
    """
    blocks = list(blocks)
    size = (float(paper.w), float(paper.h)) if hasattr(paper, "w") else (float(paper[0]), float(paper[1]))
    kit = _Kit(meta, draft, size, _hyphenation(hyphenation_lang, meta.names))
    kit.check_meta()
    scenes = _resolve_figures(blocks, figure, meta)
    counter = BytesIO()
    pages = kit.build(blocks, scenes, counter, total=None)
    if target is None:
        return pages
    final = kit.build(blocks, scenes, target, total=pages)
    if final != pages:  # the footer never changes the flow; this would be a bug
        raise RulebookError(f"rulebook: the page count changed between passes ({pages} -> {final})")
    return final


# -- checks -----------------------------------------------------------------------------------------

def _check(text: str, *faces: str) -> None:
    try:
        for face in faces:
            check_glyphs(text, face)
    except TextProblem as exc:
        raise TextProblem(f"rulebook: {exc}") from None


def _check_scene(items: Iterable, seen: set[str]) -> None:
    for item in items:
        if isinstance(item, Text):
            _check(item.text, item.font)
        elif isinstance(item, Group):
            _check_scene(item.items, seen)
        elif isinstance(item, Use) and item.symbol.key not in seen:
            seen.add(item.symbol.key)
            _check_scene(item.symbol.items, seen)


def _hyphenation(lang: str, names: frozenset[str] = frozenset()) -> Callable[[str], Iterable[tuple[str, str]]] | str:
    """ReportLab's hyphenator for ``lang`` ('' when off): pyphen's, except that numbers,
    identifiers and ``names`` are never cut, nor what a no-break space binds (pnp.layout.text.breaks)."""
    if not lang:
        return ""
    try:
        import pyphen
    except ImportError:
        raise RulebookError("rulebook: hyphenation needs the 'pyphen' package") from None
    key = pyphen.language_fallback(lang.replace("-", "_"))
    if key is None:
        raise RulebookError(f"rulebook: no hyphenation dictionary for the language '{lang}'")
    cut = pyphen.Pyphen(lang=key).iterate

    def pairs(word: str) -> Iterable[tuple[str, str]]:
        return breaks(word, cut, names)

    return pairs


def _resolve_figures(blocks: list[rb.Block], figure: Callable[[str], Scene], meta: RulebookMeta
                     ) -> dict[str, Scene]:
    scenes: dict[str, Scene] = {}
    for block in blocks:
        if isinstance(block, rb.Figure) and block.ref not in scenes:
            try:
                scene = figure(block.ref)
            except KeyError:
                raise RulebookError(f"rulebook: {_missing(meta, block.ref)}") from None
            _check_scene(scene.items, set())
            scenes[block.ref] = scene
    if meta.cover_art is not None:
        _check_scene(meta.cover_art.items, set())
    return scenes


def _missing(meta: RulebookMeta, ref: str) -> str:
    try:
        text = meta.figure_missing.format(ref=ref)
    except (KeyError, IndexError, ValueError):
        text = meta.figure_missing
    return text if ref in text else f"{text}: '{ref}'".lstrip(": ")


# -- fonts and styles -------------------------------------------------------------------------------

def _register_fonts() -> dict[str, str]:
    """The Fira Sans faces as ReportLab names, with families so <b> and <i> find their faces."""
    from reportlab.pdfbase.pdfmetrics import registerFontFamily

    names = {key: fonts.face(key).ps_name for key in ("sans", "sans-italic", "sans-bold", "sans-black")}
    registerFontFamily(names["sans"], normal=names["sans"], bold=names["sans-bold"],
                       italic=names["sans-italic"], boldItalic=names["sans-bold"])
    black = names["sans-black"]
    registerFontFamily(black, normal=black, bold=black, italic=black, boldItalic=black)
    return names


def _styles(f: dict[str, str], hyphenation: Any) -> dict[str, Any]:
    from reportlab.lib.colors import HexColor
    from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
    from reportlab.lib.styles import ParagraphStyle

    def style(name: str, face: str, size: float, leading: float, colour: str, align: int = TA_LEFT,
              **kwargs: Any) -> Any:
        # bulletFontName too: ReportLab's default is Helvetica, which must never be referenced
        return ParagraphStyle(name, fontName=f[face], bulletFontName=f["sans"], fontSize=size, leading=leading,
                              textColor=HexColor(colour), alignment=align, **kwargs)

    body = style("body", "sans", BODY_SIZE, BODY_LEADING, INK, TA_JUSTIFY, spaceAfter=5.2,
                 hyphenationLang=hyphenation, allowWidows=0, allowOrphans=0)
    return {
        "body": body,
        "lead-in": ParagraphStyle("lead-in", parent=body, keepWithNext=1),
        "item": ParagraphStyle("item", parent=body, spaceAfter=2.4),
        "note": ParagraphStyle("note", parent=body, fontSize=9.0, leading=12.2, spaceAfter=0),
        "h1": style("h1", "sans-black", 13.5, 16.5, WHITE),
        "h2": style("h2", "sans-bold", 11.5, 14.0, GREEN, spaceBefore=9.0, spaceAfter=3.2, keepWithNext=1),
        "h3": style("h3", "sans-bold", 9.8, 12.6, INK, spaceBefore=6.5, spaceAfter=1.8, keepWithNext=1),
        "caption": style("caption", "sans-italic", 8.3, 10.6, GREY, TA_CENTER),
        "cell": style("cell", "sans", 8.3, 10.3, INK),
        "head": style("head", "sans-bold", 8.3, 10.3, WHITE),
        "title": style("title", "sans-black", 34, 38, WHITE, TA_CENTER),
        "subtitle": style("subtitle", "sans", 13.5, 17.5, GREEN_LIGHT, TA_CENTER),
        "facts": style("facts", "sans-bold", 12, 15, GREEN, TA_CENTER),
    }


def _para(markup: str, style: Any, *faces: str, make: Callable[..., Any] | None = None) -> Any:
    """A checked Paragraph (or ``make(markup, style)``): every glyph exists in ``faces`` (by default
    the style's face, and bold or italic where the markup asks), and ReportLab can read the markup."""
    from reportlab.platypus import Paragraph

    plain = rb.plain_text(markup)
    if not faces:
        faces = (_face_of(style),)
        if "<b>" in markup:
            faces += ("sans-bold",)
        if "<i>" in markup:
            faces += ("sans-italic",)
    _check(plain, *faces)
    try:
        return (make or Paragraph)(bind_punctuation(markup), style)
    except ValueError as exc:
        raise RulebookError(f"rulebook: cannot typeset {markup!r}: {exc}") from None


_SUB_ITEM = re.compile(r"^((?:&nbsp;)+)(–|\d+\.) (.*)$", re.S)


def _face_of(style: Any) -> str:
    for key in fonts.FACES:
        if fonts.face(key).ps_name == style.fontName:
            return key
    return fonts.DEFAULT


# -- flowables --------------------------------------------------------------------------------------

def _describe(block: "rb.Block", heading: str) -> str:
    """A block as a reader of the rulebook names it: 'the table under "Sprints" (Joueurs, Sprints)'."""
    kind = {"Table": "the table", "Figure": "the figure", "Paragraph": "the paragraph", "BulletList": "the list",
            "NumberedList": "the list", "Note": "the note", "Heading": "the heading"}.get(type(block).__name__,
                                                                                       "a block")
    detail = ""
    if isinstance(block, rb.Table):
        detail = ", ".join(rb.plain_text(c) for c in block.header)[:60]
    elif isinstance(block, rb.Figure):
        detail = block.ref
    elif isinstance(block, (rb.Paragraph, rb.Heading)):
        detail = rb.plain_text(block.text)[:60]
    under = f' under "{heading}"' if heading else ""
    return f"{kind}{under}" + (f" ({detail})" if detail else "")


@lru_cache(maxsize=1)
def _flowable_classes():
    """Flowable subclasses, defined on first use so importing this module stays cheap."""
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Flowable, Paragraph

    class SceneFlowable(Flowable):
        """A scene scaled to the available width (at most ``max_h`` tall), centred, with a caption."""

        def __init__(self, scene: Scene, caption: Any | None, max_h: float | None,
                     space_before: float = 4.0, space_after: float = 9.0, paint: bool = True) -> None:
            super().__init__()
            self.scene, self.caption, self.max_h, self.paint = scene, caption, max_h, paint
            self.fill = max_h is None  # take the whole height left (the cover), the scene centred in it
            self.spaceBefore, self.spaceAfter = space_before, space_after
            self.k = 1.0
            self.img_w = self.img_h = 0.0

        def wrap(self, aw: float, ah: float) -> tuple[float, float]:
            w_pt, h_pt = self.scene.width * MM, self.scene.height * MM
            cap_h = 0.0
            if self.caption is not None:
                cap_h = self.caption.wrap(aw * 0.92, ah)[1] + 4.0
            max_h = self.max_h if self.max_h is not None else max(1.0, ah - cap_h - 1.0)
            want_w = self.scene.meta.get("display_mm")  # the width the figure asks for, in mm
            limit_w = min(aw, want_w * MM) if want_w else aw
            self.k = min(limit_w / w_pt, max_h / h_pt)
            self.img_w, self.img_h = w_pt * self.k, h_pt * self.k
            self.width, self.height = aw, max(self.img_h + cap_h, ah if self.fill else 0.0)
            return self.width, self.height

        def split(self, aw: float, ah: float) -> list:
            return []

        def draw(self) -> None:
            top = self.height - (self.height - self.img_h) / 2 if self.fill else self.height
            if self.paint:  # not in the pass that only counts the pages
                paint_scene_on(self.canv, self.scene, (self.width - self.img_w) / 2, top - self.img_h, self.k)
            if self.caption is not None:
                self.caption.drawOn(self.canv, self.width * 0.04, 0)

    class SectionBand(Flowable):
        """A level-1 heading: white text on a coloured band; it also names the running section."""

        def __init__(self, para: Any, plain: str, running: "_Running") -> None:
            super().__init__()
            self.para, self.plain, self.running = para, plain, running
            self.spaceBefore, self.spaceAfter, self.keepWithNext = 11.0, 6.0, 1
            self.pad_x, self.pad_y = 6.0, 4.6

        def wrap(self, aw: float, ah: float) -> tuple[float, float]:
            _, ph = self.para.wrap(aw - 2 * self.pad_x - 3.0, ah)
            self.width, self.height = aw, ph + 2 * self.pad_y
            return self.width, self.height

        def split(self, aw: float, ah: float) -> list:
            return []

        def draw(self) -> None:
            c = self.canv
            c.saveState()
            c.setFillColor(HexColor(GREEN))
            c.roundRect(0, 0, self.width, self.height, 2.0, stroke=0, fill=1)
            c.setFillColor(HexColor("#2E8B4E"))
            c.rect(self.pad_x, self.pad_y, 2.2, self.height - 2 * self.pad_y, stroke=0, fill=1)
            c.restoreState()
            self.para.drawOn(c, self.pad_x + 6.0, self.pad_y)
            self.running.section_started(c, self.plain, 0)

    class OutlinedParagraph(Paragraph):
        """A level-2 heading: a paragraph that adds itself to the PDF outline when drawn (a separate
        zero-size marker would hide the heading's space before it from keepWithNext)."""

        def __init__(self, markup: Any, style: Any, plain: str = "", running: "_Running | None" = None,
                     **kwargs: Any) -> None:
            super().__init__(markup, style, **kwargs)  # a split makes its parts with more keywords
            self.plain, self.running = plain, running

        def split(self, aw: float, ah: float) -> list:
            parts = super().split(aw, ah)
            if parts:
                parts[0].plain, parts[0].running = self.plain, self.running
            return parts

        def draw(self) -> None:
            if self.running is not None:
                self.running.section_started(self.canv, self.plain, 1)
            super().draw()

    return SceneFlowable, SectionBand, OutlinedParagraph


class _Running:
    """What the page furniture needs to know while the document is built."""

    def __init__(self) -> None:
        self.current = ""
        self.at_start = ""
        self.first_on_page = ""
        self.bookmarks = 0
        self.has_top = False

    def page_started(self) -> None:
        self.at_start, self.first_on_page = self.current, ""

    def section_started(self, canvas: Any, plain: str, level: int) -> None:
        if level == 0:
            self.current = plain
            self.first_on_page = self.first_on_page or plain
        if level == 1 and not self.has_top:
            return
        self.bookmarks += 1
        key = f"sec{self.bookmarks}"
        canvas.bookmarkHorizontal(key, 0, 0)
        canvas.addOutlineEntry(plain, key, level=level)
        self.has_top = True

    @property
    def header_section(self) -> str:
        return self.first_on_page or self.at_start


# -- the document -----------------------------------------------------------------------------------

class _Kit:
    def __init__(self, meta: RulebookMeta, draft: str, size: tuple[float, float], hyphenation: Any) -> None:
        self.meta, self.draft, self.size = meta, draft, size
        self.f = _register_fonts()
        self.styles = _styles(self.f, hyphenation)
        self.page_w, self.page_h = size[0] * MM, size[1] * MM
        self.col_w = (size[0] - 2 * MARGIN_X - GUTTER) / 2 * MM
        self.painting = True

    def check_meta(self) -> None:
        m = self.meta
        _check(m.title, "sans-black", "sans-bold")
        for text in (m.subtitle, m.stamp, m.calibration, m.players, m.age, m.duration):
            _check(text, "sans", "sans-bold")
        try:
            label = m.page_label.format(page=1234567890, pages=1234567890)
        except (KeyError, IndexError, ValueError) as exc:
            raise RulebookError(f"rulebook: the page label {m.page_label!r} is not a valid pattern "
                                f"({{page}} and {{pages}}): {exc}") from None
        _check(label, "sans")
        _check("•…", "sans")  # list bullets, a shortened running header
        if self.draft:
            _check(self.draft, "sans-black")

    # story ---------------------------------------------------------------------------------------

    def story(self, blocks: list[rb.Block], scenes: dict[str, Scene], running: _Running) -> list:
        from reportlab.platypus import CondPageBreak, NextPageTemplate, PageBreak

        SceneFlowable, SectionBand, OutlinedParagraph = _flowable_classes()
        s = self.styles
        out: list = self.title_page(SceneFlowable)
        # a report without art runs on under its title band; a rulebook's title page stands alone
        out += [NextPageTemplate("body"), PageBreak()] if self.meta.title_page else [NextPageTemplate("body")]
        heading = ""
        for block in blocks:
            if isinstance(block, rb.Heading):
                heading = rb.plain_text(block.text)
                if block.level == 1:
                    out.append(CondPageBreak(70 * MM))
                    _check(block.plain, "sans")  # the running header
                    out.append(SectionBand(_para(block.text, s["h1"], "sans-black"), block.plain, running))
                elif block.level == 2:
                    out.append(_para(block.text, s["h2"], "sans-bold", make=lambda text, style, b=block:
                                     OutlinedParagraph(text, style, b.plain, running)))
                else:
                    out.append(_para(block.text, s["h3"], "sans-bold"))
            elif isinstance(block, rb.Paragraph):
                # a paragraph that introduces what follows ("... :") stays with it
                lead_in = rb.plain_text(block.text).rstrip().endswith(":")
                out.append(_para(block.text, s["lead-in" if lead_in else "body"]))
            elif isinstance(block, (rb.BulletList, rb.NumberedList)):
                out.append(self.list_flowable(block))
            elif isinstance(block, rb.Table):
                out.append(self.table(block))
            elif isinstance(block, rb.Figure):
                caption = _para(block.caption, s["caption"]) if block.caption else None
                out.append(SceneFlowable(scenes[block.ref], caption, FIGURE_MAX_H * MM, paint=self.painting))
            elif isinstance(block, rb.PageBreak):
                out.append(PageBreak())
            elif isinstance(block, rb.Note):
                out.append(self.note(block))
            elif isinstance(block, rb.Rule):
                from reportlab.lib.colors import HexColor
                from reportlab.platypus import HRFlowable

                out.append(HRFlowable(width="100%", thickness=0.6, color=HexColor(RULE), spaceBefore=3,
                                      spaceAfter=7))
            else:
                raise RulebookError(f"rulebook: cannot typeset a {type(block).__name__}")
            self.described[id(out[-1])] = _describe(block, heading)
        return out

    def title_page(self, SceneFlowable) -> list:
        from reportlab.lib.colors import HexColor
        from reportlab.platypus import Spacer

        s, m = self.styles, self.meta
        width = (self.size[0] - 2 * MARGIN_X) * MM
        cell = [_para(rb.escape(m.title), s["title"], "sans-black")]
        if m.subtitle:
            cell += [Spacer(1, 3 * MM), _para(rb.escape(m.subtitle), s["subtitle"], "sans")]
        band = _fira_table(self.f, [[cell]], colWidths=[width], cornerRadii=[4, 4, 4, 4])
        band.setStyle([("BACKGROUND", (0, 0), (-1, -1), HexColor(GREEN)),
                       ("TOPPADDING", (0, 0), (-1, -1), 15 * MM),
                       ("BOTTOMPADDING", (0, 0), (-1, -1), 13 * MM),
                       ("LEFTPADDING", (0, 0), (-1, -1), 10 * MM),
                       ("RIGHTPADDING", (0, 0), (-1, -1), 10 * MM)])
        out: list = [band]
        facts = [t for t in (m.players, m.age, m.duration) if t]
        if facts:
            row = _fira_table(self.f, [[_para(rb.escape(t), s["facts"], "sans-bold") for t in facts]],
                              colWidths=[width / len(facts)] * len(facts))
            style = [("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                     ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 7),
                     ("LINEBELOW", (0, 0), (-1, -1), 1.2, HexColor(GREEN))]
            for i in range(1, len(facts)):
                style.append(("LINEBEFORE", (i, 0), (i, 0), 0.6, HexColor(RULE)))
            row.setStyle(style)
            out += [Spacer(1, 6 * MM), row]
        if m.cover_art is not None:
            out += [Spacer(1, 9 * MM), SceneFlowable(m.cover_art, None, None, 0, 0, self.painting)]
        return out

    def list_flowable(self, block: rb.BulletList | rb.NumberedList) -> Any:
        from reportlab.lib.colors import HexColor
        from reportlab.pdfbase.pdfmetrics import stringWidth
        from reportlab.platypus import ListFlowable, ListItem

        items = [ListItem(self._item_flowables(text)) for text in block.items]
        common = dict(spaceBefore=0, spaceAfter=5.2, bulletColor=HexColor(GREEN), bulletFontSize=BODY_SIZE)
        if isinstance(block, rb.BulletList):
            return ListFlowable(items, bulletType="bullet", start="•", leftIndent=11, bulletDedent=10,
                                bulletFontName=self.f["sans"], **common)
        last = block.start + max(0, len(block.items) - 1)
        widest = max(stringWidth(f"{n}.", self.f["sans-bold"], BODY_SIZE) for n in (block.start, last))
        return ListFlowable(items, bulletType="1", start=block.start, bulletFormat="%s.",
                            leftIndent=widest + 5, bulletDedent=5, bulletAlign="right",
                            bulletFontName=self.f["sans-bold"], **common)

    def _item_flowables(self, markup: str) -> Any:
        """A list item: its text, then its nested list (pnp.layout.rulebook writes nested items as
        lines after a <br/>, indented with three no-break spaces per level) as a list of its own,
        with a hanging indent, instead of lines run into the item's paragraph."""
        from reportlab.lib.colors import HexColor
        from reportlab.platypus import ListFlowable, ListItem

        head, subs = [], []
        for part in markup.split("<br/>"):
            m = _SUB_ITEM.match(part)
            if m and m.group(1) == "&nbsp;" * 3:
                subs.append(m.group(3))
            elif subs:  # a deeper level stays inside the sub-item it belongs to
                subs[-1] += "<br/>" + part
            else:
                head.append(part)
        para = _para("<br/>".join(head), self.styles["item"])
        if not subs:
            return para
        nested = ListFlowable([ListItem(_para(t, self.styles["item"])) for t in subs], bulletType="bullet",
                              start="–", leftIndent=10, bulletDedent=8, bulletColor=HexColor(GREEN),
                              bulletFontSize=BODY_SIZE, bulletFontName=self.f["sans"], spaceBefore=1.5, spaceAfter=0)
        return [para, nested]

    def table(self, block: rb.Table) -> Any:
        from reportlab.lib.colors import HexColor
        from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
        from reportlab.lib.styles import ParagraphStyle
        from reportlab.pdfbase.pdfmetrics import stringWidth

        s = self.styles
        ncols = max([len(block.header)] + [len(r) for r in block.rows]) if (block.header or block.rows) else 0
        if ncols == 0:
            from reportlab.platypus import Spacer

            return Spacer(1, 0)
        def pad(row: list[str]) -> list[str]:
            return list(row) + [""] * (ncols - len(row))

        rows_text = ([pad(block.header)] if block.header else []) + [pad(r) for r in block.rows]
        header_rows = 1 if block.header else 0
        size = self._table_size(rows_text, header_rows, stringWidth)
        aligns = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}
        styles_for: list[tuple[Any, Any]] = []
        for i in range(ncols):
            a = aligns.get(block.align[i] if i < len(block.align) else "", TA_LEFT)
            scaled = dict(alignment=a, fontSize=size, leading=size * 10.3 / 8.3)
            styles_for.append((ParagraphStyle(f"head{i}", parent=s["head"], **scaled),
                               ParagraphStyle(f"cell{i}", parent=s["cell"], **scaled)))
        data = [[_para(t, styles_for[i][0 if r < header_rows else 1]) for i, t in enumerate(row)]
                for r, row in enumerate(rows_text)]
        widths = self._column_widths(rows_text, header_rows, stringWidth, size)
        t = _fira_table(self.f, data, colWidths=widths, repeatRows=header_rows, spaceBefore=3, spaceAfter=9,
                        hAlign="CENTER")
        style: list = [
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 4.5), ("RIGHTPADDING", (0, 0), (-1, -1), 4.5),
            ("TOPPADDING", (0, 0), (-1, -1), 2.6), ("BOTTOMPADDING", (0, 0), (-1, -1), 3.2),
            ("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [HexColor(WHITE), HexColor(ZEBRA)]),
            ("LINEBELOW", (0, header_rows), (-1, -2), 0.3, HexColor(RULE)),
            ("LINEBELOW", (0, -1), (-1, -1), 0.9, HexColor(GREEN)),
        ]
        if header_rows:
            style += [("BACKGROUND", (0, 0), (-1, 0), HexColor(GREEN)),
                      ("TOPPADDING", (0, 0), (-1, 0), 3.6), ("BOTTOMPADDING", (0, 0), (-1, 0), 4.0)]
        t.setStyle(style)
        return t

    def _longest_words(self, rows: list[list[str]], header_rows: int, string_width, size: float) -> list[float]:
        widths = [0.0] * len(rows[0])
        for r, row in enumerate(rows):
            face = self.f["sans-bold"] if r < header_rows else self.f["sans"]
            for i, markup in enumerate(row):
                words = _BREAKABLE.split(rb.plain_text(markup)) or [""]  # no-break spaces bind a word
                widths[i] = max(widths[i], max(string_width(w, face, size) for w in words))
        return widths

    def _table_size(self, rows: list[list[str]], header_rows: int, string_width) -> float:
        """The table's font size: 8.3 pt, smaller (down to 6.5 pt) when its longest words would not
        fit the column side by side, so that no word is ever broken inside."""
        words = sum(self._longest_words(rows, header_rows, string_width, 8.3))
        room = self.col_w - 10.0 * len(rows[0])
        return 8.3 if words <= room else max(6.5, 8.3 * room / words)

    def _column_widths(self, rows: list[list[str]], header_rows: int, string_width,
                       size: float = 8.3) -> list[float]:
        """Fill the column width: each table column gets at least its longest word, and what is left
        goes where the text is longest."""
        pad = 9.0
        ncols = len(rows[0])
        natural = [pad] * ncols
        # +1 pt: a word exactly as wide as its cell would still be broken by ReportLab's rounding
        least = [w + pad + 1.0 for w in self._longest_words(rows, header_rows, string_width, size)]
        for r, row in enumerate(rows):
            face = self.f["sans-bold"] if r < header_rows else self.f["sans"]
            for i, markup in enumerate(row):
                natural[i] = max(natural[i], string_width(rb.plain_text(markup), face, size) + pad)
        avail = self.col_w
        if sum(natural) <= avail:
            extra = avail - sum(natural)
            return [n + extra * n / sum(natural) for n in natural]
        if sum(least) >= avail:
            return [avail * n / sum(least) for n in least]
        room = avail - sum(least)
        want = [n - m for n, m in zip(natural, least)]
        return [m + room * w / sum(want) for m, w in zip(least, want)]

    def note(self, block: rb.Note) -> Any:
        from reportlab.lib.colors import HexColor

        t = _fira_table(self.f, [[_para(block.text, self.styles["note"])]], colWidths=[self.col_w],
                        spaceBefore=3, spaceAfter=9, splitInRow=1)
        t.setStyle([("BACKGROUND", (0, 0), (-1, -1), HexColor(NOTE)),
                    ("LINEBEFORE", (0, 0), (0, -1), 2.5, HexColor(GREEN)),
                    ("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 7),
                    ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 6.5)])
        return t

    # pages ---------------------------------------------------------------------------------------

    def build(self, blocks: list[rb.Block], scenes: dict[str, Scene], target: Any, total: int | None) -> int:
        from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate
        from reportlab.platypus.doctemplate import LayoutError

        m = self.meta
        self.painting = total is not None
        running = _Running()
        w, h = self.size
        doc = BaseDocTemplate(target, pagesize=(self.page_w, self.page_h), invariant=1, pageCompression=1,
                              initialFontName=self.f["sans"], initialFontSize=10,
                              leftMargin=MARGIN_X * MM, rightMargin=MARGIN_X * MM, topMargin=TOP * MM,
                              bottomMargin=BOTTOM * MM, title=m.title, author=m.author, subject=m.stamp,
                              creator="pnp", producer="pnp (ReportLab)", lang=m.language or None,
                              allowSplitting=1)
        title_frame = Frame(MARGIN_X * MM, TITLE_FOOT * MM, (w - 2 * MARGIN_X) * MM,
                            (h - 14 - TITLE_FOOT) * MM, 0, 0, 0, 0, id="title")
        body_h = (h - TOP - BOTTOM) * MM
        left = Frame(MARGIN_X * MM, BOTTOM * MM, self.col_w, body_h, 0, 0, 0, 0, id="left")
        right = Frame(MARGIN_X * MM + self.col_w + GUTTER * MM, BOTTOM * MM, self.col_w, body_h, 0, 0, 0, 0,
                      id="right")
        doc.addPageTemplates([
            PageTemplate("title", [title_frame], onPageEnd=lambda c, d: self.title_furniture(c)),
            PageTemplate("body", [left, right], onPage=lambda c, d: running.page_started(),
                         onPageEnd=lambda c, d: self.body_furniture(c, running, total)),
        ])
        self.described: dict[int, str] = {}
        story = self.story(blocks, scenes, running)
        try:
            doc.build(story)
        except LayoutError as exc:
            raise RulebookError(f"rulebook: {self._too_large(str(exc))} does not fit in a page's column; "
                                "shorten it or split it in the rulebook template (rulebook.md.j2)") from None
        return doc.page

    def _too_large(self, message: str) -> str:
        """What ReportLab's LayoutError names as too large, in the words of the rulebook (its block and
        the heading it is under), never ReportLab's own ``<Table@0x...>``."""
        import re

        found = re.search(r"@0x([0-9A-Fa-f]+)", message)
        what = self.described.get(int(found.group(1), 16), "") if found else ""
        return what or "a block"

    def title_furniture(self, c: Any) -> None:
        from reportlab.lib.colors import HexColor

        m = self.meta
        w = self.size[0]
        # every PDF of the kit carries the 50 mm line on its first page, with its note when given;
        # the note keeps clear of the stamp at the right
        stamp_w = fonts.width_mm(m.stamp, "sans", 8) if m.stamp else 0.0
        items = calibration_line(0.0, 6.0, m.calibration, room=w - 2 * MARGIN_X - 50.0 - stamp_w - 4.0)
        paint_scene_on(c, Scene(w - 2 * MARGIN_X, 10.0, tuple(items)), MARGIN_X * MM, 8 * MM)
        if m.stamp:
            c.saveState()
            c.setFillColor(HexColor(GREY))
            c.setFont(self.f["sans"], 8)
            c.drawRightString((w - MARGIN_X) * MM, 10.4 * MM, m.stamp)
            c.restoreState()
        self.watermark(c)

    def body_furniture(self, c: Any, running: _Running, total: int | None) -> None:
        from reportlab.lib.colors import HexColor
        from reportlab.pdfbase.pdfmetrics import stringWidth

        m = self.meta
        w, h = self.size
        x0, x1 = MARGIN_X * MM, (w - MARGIN_X) * MM
        c.saveState()
        # header: game title left, the section right, a rule under both
        y = (h - 12.5) * MM
        c.setFillColor(HexColor(GREEN))
        c.setFont(self.f["sans-bold"], 8)
        c.drawString(x0, y, m.title)
        room = x1 - x0 - stringWidth(m.title, self.f["sans-bold"], 8) - 12 * MM
        section = _shorten(running.header_section, self.f["sans"], 8, room)
        if section:
            c.setFillColor(HexColor(GREY))
            c.setFont(self.f["sans"], 8)
            c.drawRightString(x1, y, section)
        c.setStrokeColor(HexColor(GREEN))
        c.setLineWidth(0.7)
        c.line(x0, y - 2.4 * MM, x1, y - 2.4 * MM)
        # footer: stamp left, page number right
        c.setStrokeColor(HexColor(RULE))
        c.setLineWidth(0.4)
        c.line(x0, 14.0 * MM, x1, 14.0 * MM)
        c.setFillColor(HexColor(GREY))
        c.setFont(self.f["sans"], 7.5)
        if m.stamp:
            c.drawString(x0, 10.0 * MM, m.stamp)
        page = c.getPageNumber()
        label = m.page_label.format(page=page, pages=total if total is not None else page)
        c.setFont(self.f["sans-bold"], 7.5)
        c.drawRightString(x1, 10.0 * MM, label)
        c.restoreState()
        self.watermark(c)

    def watermark(self, c: Any) -> None:
        if not self.draft:
            return
        from reportlab.pdfbase.pdfmetrics import stringWidth

        pw, ph = self.page_w, self.page_h
        diagonal = math.hypot(pw, ph)
        size = min(130.0, 0.62 * diagonal / max(1.0, stringWidth(self.draft, self.f["sans-black"], 1.0)))
        c.saveState()
        c.translate(pw / 2, ph / 2)
        c.rotate(math.degrees(math.atan2(ph, pw)))
        c.setFillColorRGB(0.55, 0.55, 0.55)
        c.setFillAlpha(0.2)
        c.setFont(self.f["sans-black"], size)
        c.drawCentredString(0, -size * 0.35, self.draft)
        c.restoreState()


def _fira_table(f: dict[str, str], data: list, **kwargs: Any) -> Any:
    """A platypus Table whose cells start on Fira Sans (a Table sets its cells' font, Helvetica by
    default, even when every cell is a Paragraph)."""
    from reportlab.platypus import Table

    table = Table(data, **kwargs)
    table.setStyle([("FONT", (0, 0), (-1, -1), f["sans"], 8.3)])
    return table


def _shorten(text: str, font: str, size: float, room: float) -> str:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if stringWidth(text, font, size) <= room:
        return text
    while text and stringWidth(text + "…", font, size) > room:
        text = text[:-1]
    return (text.rstrip() + "…") if text else ""
