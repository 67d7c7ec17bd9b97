"""Paint scenes into a PDF with ReportLab.

Scenes are in millimetres with y pointing down; each page flips and scales once. Symbols become
form XObjects drawn once per document. Every font is embedded (subset) and the canvas starts on an
embedded font, so no unembedded standard font is referenced. Output is invariant: the same scenes
give the same bytes.

A scene can also be painted onto any ReportLab canvas at a position and scale
(:func:`paint_scene_on`): the rulebook draws its figures that way, inside platypus flowables.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any, BinaryIO

from pnp.layout import fonts
from pnp.layout.scene import IDENTITY, Circle, Group, Image, Line, Path, Rect, Scene, Style, Text, Use

MM = 72.0 / 25.4


class _Deflated:
    """A stream filter for content that is already deflated: named FlateDecode, encodes nothing."""

    pdfname = "FlateDecode"

    def encode(self, content: bytes) -> bytes:
        return content


def _compress_last_page(canvas) -> None:
    """Deflate the page just finished now, and drop its text: ReportLab would keep every page's
    content as text until the file is saved, so memory would grow with the deck. The bytes
    written are the same as ReportLab's own (zlib at its default level, a FlateDecode filter)."""
    import zlib

    from reportlab.pdfbase import pdfdoc

    page = canvas._doc.Pages.pages[-1]
    if not page.stream or not page.compression:
        return
    stream = pdfdoc.PDFStream(content=zlib.compress(page.stream.encode("utf8")), filters=[_Deflated()])
    stream.__Comment__ = "page stream"
    page.Contents, page.stream = stream, None


def _binary_streams() -> None:
    """Compressed streams stay binary (ReportLab wraps them in ASCII85 by default: 25 % larger, slower)."""
    from reportlab import rl_config

    rl_config.useA85 = 0


_binary_streams()


def _forms_declare_their_graphics_states() -> None:
    """A form XObject lists the graphics states (opacity) it uses in its own resources.

    ReportLab records them on the form (``form.ExtGState``) but writes a form's resources without
    them, so every renderer reports the state unknown and paints the shape opaque. The fix is made
    once, where forms are written, so it holds for every reused drawing: symbols, backs, tiles."""
    from reportlab.pdfbase import pdfdoc

    form_class = pdfdoc.PDFFormXObject
    if getattr(form_class, "_pnp_extgstate", False):
        return
    write = form_class.format

    def format(self, document):  # noqa: A001 - ReportLab's name
        states = getattr(self, "ExtGState", None)
        if states and not self.Resources:
            resources = pdfdoc.PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs() if self.hasImages else resources.basicProcs()
            if self.XObjects:
                resources.XObject = self.XObjects
            resources.ExtGState = states
            self.Resources = resources
        return write(self, document)

    form_class.format = format
    form_class._pnp_extgstate = True


_forms_declare_their_graphics_states()


@lru_cache(maxsize=512)
def _rgb(hex_colour: str) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255


class ItemPainter:
    """Paints scene items onto one ReportLab canvas, in whatever coordinates the canvas is in
    (the caller sets up millimetres with y down). Symbols become form XObjects, drawn once per
    canvas: get the painter of a canvas with :func:`painter_for`, so every user shares them."""

    def __init__(self, canvas: Any) -> None:
        self.c = canvas
        self.forms: dict[str, str] = {}
        self._draw = {Rect: self._rect, Circle: self._circle, Line: self._line, Path: self._path,
                      Text: self._text, Group: self._group, Use: self._use, Image: self._image}

    def items(self, items: Iterable) -> None:
        draw = self._draw
        for item in items:
            draw[type(item)](item)

    def _style(self, style: Style) -> tuple[int, int]:
        c = self.c
        if style.fill:
            c.setFillColorRGB(*_rgb(style.fill))
        if style.stroke:
            c.setStrokeColorRGB(*_rgb(style.stroke))
            c.setLineWidth(style.width)
            c.setDash(list(style.dash) if style.dash else [])
            c.setLineCap(1 if style.round_caps else 0)
        if style.opacity < 1:
            c.setFillAlpha(style.opacity)
            c.setStrokeAlpha(style.opacity)
        return (1 if style.stroke else 0), (1 if style.fill else 0)

    def _end_style(self, style: Style) -> None:
        if style.opacity < 1:
            self.c.setFillAlpha(1)
            self.c.setStrokeAlpha(1)

    def _rect(self, r: Rect) -> None:
        stroke, fill = self._style(r.style)
        if r.radius:
            self.c.roundRect(r.x, r.y, r.w, r.h, r.radius, stroke=stroke, fill=fill)
        else:
            self.c.rect(r.x, r.y, r.w, r.h, stroke=stroke, fill=fill)
        self._end_style(r.style)

    def _circle(self, ci: Circle) -> None:
        stroke, fill = self._style(ci.style)
        self.c.circle(ci.cx, ci.cy, ci.r, stroke=stroke, fill=fill)
        self._end_style(ci.style)

    def _line(self, ln: Line) -> None:
        if not ln.style.stroke:
            return
        self._style(ln.style)
        self.c.line(ln.x1, ln.y1, ln.x2, ln.y2)
        self._end_style(ln.style)

    def _build_path(self, commands):
        p = self.c.beginPath()
        for cmd in commands:
            op = cmd[0]
            if op == "M":
                p.moveTo(cmd[1], cmd[2])
            elif op == "L":
                p.lineTo(cmd[1], cmd[2])
            elif op == "C":
                p.curveTo(*cmd[1:])
            elif op == "Z":
                p.close()
        return p

    def _path(self, pa: Path) -> None:
        stroke, fill = self._style(pa.style)
        self.c.drawPath(self._build_path(pa.commands), stroke=stroke, fill=fill)
        self._end_style(pa.style)

    def _text(self, t: Text) -> None:
        obj = self.c.beginText()
        obj.setTextTransform(1, 0, 0, -1, t.x, t.y)
        obj.setFont(fonts.face(t.font).ps_name, t.size * fonts.PT)
        obj.setFillColorRGB(*_rgb(t.fill))
        obj.textOut(t.text)
        self.c.drawText(obj)

    def _image(self, im: Image) -> None:
        """A picture over its box: drawn in a frame flipped back to y up, so it stands upright.
        ReportLab embeds each file once per document (PNG transparency kept)."""
        c = self.c
        c.saveState()
        c.transform(1, 0, 0, -1, im.x, im.y + im.h)
        c.drawImage(im.path, 0, 0, im.w, im.h, mask="auto")
        c.restoreState()

    def _clip(self, clip) -> None:
        if isinstance(clip, Rect):
            p = self.c.beginPath()
            p.rect(clip.x, clip.y, clip.w, clip.h)
        else:
            p = self._build_path(clip.commands)
        self.c.clipPath(p, stroke=0, fill=0)

    def _group(self, g: Group) -> None:
        c = self.c
        c.saveState()
        if g.transform != IDENTITY:
            c.transform(*g.transform)
        if g.clip is not None:
            self._clip(g.clip)
        self.items(g.items)
        c.restoreState()

    def _use(self, u: Use) -> None:
        c = self.c
        sym = u.symbol
        name = self.forms.get(sym.key)
        if name is None:
            name = self.forms[sym.key] = f"S{len(self.forms)}"
            c.beginForm(name, 0, 0, sym.width, sym.height)
            self.items(sym.items)
            c.endForm()
        c.saveState()
        c.transform(*u.transform)
        c.doForm(name)
        c.restoreState()


def painter_for(canvas: Any) -> ItemPainter:
    """The item painter of ``canvas`` (made on first use), so its form XObjects are shared."""
    painter = getattr(canvas, "_pnp_item_painter", None)
    if painter is None:
        painter = ItemPainter(canvas)
        canvas._pnp_item_painter = painter
    return painter


def paint_scene_on(canvas: Any, scene: Scene, x_pt: float = 0.0, y_pt: float = 0.0, scale: float = 1.0) -> None:
    """Paint ``scene`` onto ``canvas`` with its bottom-left corner at (x_pt, y_pt), in the canvas's
    current coordinates (points, y up), ``scale`` times its true size. The canvas state is restored."""
    k = MM * scale
    canvas.saveState()
    canvas.transform(k, 0, 0, -k, x_pt, y_pt + scene.height * k)
    painter_for(canvas).items(scene.items)
    canvas.restoreState()


def new_canvas(target: str | BinaryIO, pagesize: tuple[float, float] = (595.0, 842.0), **kwargs: Any) -> Any:
    """A ReportLab canvas that starts on an embedded font (so no standard font is referenced), with
    invariant output and compressed pages."""
    from reportlab.pdfgen.canvas import Canvas

    kwargs.setdefault("initialFontName", fonts.face(fonts.DEFAULT).ps_name)
    kwargs.setdefault("initialFontSize", 10)
    return Canvas(target, pagesize=pagesize, invariant=1, pageCompression=1, **kwargs)


class PdfPainter:
    """Paints pages one at a time into ``target`` (a path or a binary file)."""

    def __init__(self, target: str | BinaryIO, title: str = "", author: str = "", subject: str = "") -> None:
        self.c = new_canvas(target)
        self.c.setTitle(title)
        self.c.setAuthor(author)
        self.c.setSubject(subject)
        self.c.setCreator("pnp")
        self.c.setProducer("pnp (ReportLab)")
        self.pages = 0

    @property
    def _forms(self) -> dict[str, str]:
        return painter_for(self.c).forms

    def page(self, scene: Scene) -> None:
        """Paint one scene as one page."""
        c = self.c
        c.setPageSize((scene.width * MM, scene.height * MM))
        self._boxes(scene)
        paint_scene_on(c, scene)
        c.showPage()
        _compress_last_page(c)
        self.pages += 1

    def _boxes(self, scene: Scene) -> None:
        c = self.c
        for setter, box in ((c.setTrimBox, scene.trim), (c.setBleedBox, scene.bleed)):
            if box is None:
                setter(None)
            else:
                x, y, w, h = box
                setter((x * MM, (scene.height - y - h) * MM, (x + w) * MM, (scene.height - y) * MM))

    def close(self) -> None:
        self.c.save()


def paint_pdf(pages: Iterable[Scene], target: str | BinaryIO, title: str = "", author: str = "",
              subject: str = "") -> int:
    """Paint every scene of ``pages`` into one PDF; returns the number of pages."""
    painter = PdfPainter(target, title, author, subject)
    for scene in pages:
        painter.page(scene)
    painter.close()
    return painter.pages
