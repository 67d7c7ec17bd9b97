"""Paint one scene into an SVG file with svgwrite.

The picture is the one the PDF painter draws (pnp.paint.pdf):

- true size: ``width``/``height`` in mm and ``viewBox="0 0 W H"``, so one user unit is one millimetre
  and y points down, as in the scene; no flip is needed.
- the PDF's defaults are restated on the root: even-odd filling and clipping (ReportLab's default fill
  mode) and a miter limit of 10 (PDF's default; SVG's own is 4).
- a shape's opacity becomes ``fill-opacity`` and ``stroke-opacity``, as the PDF sets fill and stroke alpha.
- text stays text (``<text>`` at the baseline start, the layout's measured position; no anchoring),
  in the face named by :data:`pnp.layout.fonts.FACES`, its size in user units (points * 25.4 / 72).
- a symbol is defined once in ``<defs>`` as a ``<symbol>`` whose viewBox is its box (0, 0, w, h), like
  the PDF form's bounding box, and placed with ``<use>``.
- a picture (PNG, JPEG) is embedded once in ``<defs>`` as a data: URI and placed with ``<use>``.
- a group's clip becomes a ``<clipPath>`` in ``<defs>`` (identical clips are shared), in the group's
  coordinates (after its transform), as in the PDF.

Output is deterministic: ids are given in order of first use and numbers are written with a fixed
precision (3 decimals for lengths, 6 for the linear part of a matrix) without trailing zeros, so the
same scene gives the same bytes.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path as FilePath
from typing import TextIO

from pnp.layout import fonts
from pnp.layout.scene import IDENTITY, Circle, Group, Image, Line, Path, Rect, Scene, Style, Symbol, Text, Use

MM_PER_PT = 25.4 / 72.0

__all__ = ["paint_svg", "fmt", "fmt_matrix", "svg_id"]


def fmt(v: float) -> str:
    """A length for SVG: at most 3 decimals, no trailing zeros, never '-0'."""
    if type(v) is int:
        return str(v)
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _fmt6(v: float) -> str:
    s = f"{v:.6f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def fmt_matrix(t: tuple[float, float, float, float, float, float]) -> str:
    """``matrix(a,b,c,d,e,f)``; the linear part keeps 6 decimals (it multiplies), the offset 3."""
    a, b, c, d, e, f = t
    return f"matrix({_fmt6(a)} {_fmt6(b)} {_fmt6(c)} {_fmt6(d)} {fmt(e)} {fmt(f)})"


_NOT_ID = re.compile(r"[^A-Za-z0-9_-]+")
_ID_START = re.compile(r"[A-Za-z_]")
_BAD_XML_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def svg_id(name: str, prefix: str = "") -> str:
    """``prefix + name`` as a valid XML id (ASCII letters, digits, '_' and '-'; starts with a letter or '_')."""
    s = _NOT_ID.sub("_", prefix + name)
    if not _ID_START.match(s):
        s = "_" + s
    return s


@lru_cache(maxsize=None)
def _node_class():
    """An svgwrite element built from ready-made attributes.

    The painter formats every value itself (see :func:`fmt`), so the per-attribute checks and
    conversions of svgwrite's element classes are skipped: with ~20,000 shapes they cost more than the
    rest of the painting. Attributes keep the painter's (fixed) order.
    """
    from xml.etree.ElementTree import Element

    from svgwrite.base import BaseElement

    class Node(BaseElement):
        def __init__(self, name: str, attribs: dict[str, str], text: str | None, parameter) -> None:
            self.elementname = name
            self.attribs = attribs
            self.elements = []
            self.text = text
            self._parameter = parameter

        def get_xml(self) -> Element:
            xml = Element(self.elementname, self.attribs)
            if self.text is not None:
                xml.text = self.text
            for element in self.elements:
                xml.append(element.get_xml())
            return xml

    return Node


class _SvgPainter:
    def __init__(self, scene: Scene, title: str, ids: bool) -> None:
        import svgwrite

        self._Node = _node_class()
        w, h = fmt(scene.width), fmt(scene.height)
        self.dwg = dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), profile="full", debug=False)
        dwg.attribs.update({"viewBox": f"0 0 {w} {h}", "fill-rule": "evenodd", "clip-rule": "evenodd",
                            "stroke-miterlimit": "10"})
        if title:
            dwg.set_desc(title=title)
        self.defs = dwg.defs
        self.ids = ids
        self._used: set[str] = set()
        self._symbols: dict[str, str] = {}
        self._clips: dict[object, str] = {}
        self._styles: dict[Style, dict[str, str]] = {}
        self._fonts: dict[str, dict[str, str]] = {}
        self._chars: dict[str, set[str]] = {}
        self._draw = {Rect: self._rect, Circle: self._circle, Line: self._line, Path: self._path,
                      Text: self._text, Group: self._group, Use: self._use, Image: self._image}
        self._images: dict[tuple, str] = {}
        self._items(dwg, scene.items)

    # -- ids -------------------------------------------------------------------------------------
    def _unique(self, base: str) -> str:
        used = self._used
        name, n = base, 2
        while name in used:
            name = f"{base}-{n}"
            n += 1
        used.add(name)
        return name

    # -- elements --------------------------------------------------------------------------------
    def _new(self, name: str, attribs: dict[str, str], text: str | None = None):
        return self._Node(name, attribs, text, self.dwg._parameter)

    def _items(self, parent, items) -> None:
        draw = self._draw
        for item in items:
            el = draw[type(item)](item)
            if el is not None:
                parent.elements.append(el)

    def _style(self, style: Style) -> dict[str, str]:
        """Presentation attributes for ``style`` (cached: styles are few, shapes many)."""
        try:
            attrs = self._styles.get(style)
        except TypeError:  # a list where a tuple was meant (dash): not cached
            return self._style_attrs(style)
        if attrs is None:
            attrs = self._styles[style] = self._style_attrs(style)
        return attrs

    @staticmethod
    def _style_attrs(style: Style) -> dict[str, str]:
        attrs = {"fill": style.fill or "none"}
        if style.stroke:
            attrs["stroke"] = style.stroke
            attrs["stroke-width"] = fmt(style.width)
            if style.dash:
                attrs["stroke-dasharray"] = " ".join(fmt(d) for d in style.dash)
            if style.round_caps:
                attrs["stroke-linecap"] = "round"
        if style.opacity < 1:
            op = fmt(max(style.opacity, 0.0))
            if style.fill:
                attrs["fill-opacity"] = op
            if style.stroke:
                attrs["stroke-opacity"] = op
        return attrs

    def _rect_attrs(self, r: Rect) -> dict[str, str]:
        x, y, w, h = r.x, r.y, r.w, r.h
        if w < 0:  # ReportLab draws negative sizes; SVG refuses them
            x, w = x + w, -w
        if h < 0:
            y, h = y + h, -h
        attrs = {"x": fmt(x), "y": fmt(y), "width": fmt(w), "height": fmt(h)}
        if r.radius:
            attrs["rx"] = attrs["ry"] = fmt(abs(r.radius))
        return attrs

    def _rect(self, r: Rect):
        attrs = self._rect_attrs(r)
        attrs.update(self._style(r.style))
        return self._new("rect", attrs)

    def _circle(self, c: Circle):
        attrs = {"cx": fmt(c.cx), "cy": fmt(c.cy), "r": fmt(abs(c.r))}
        attrs.update(self._style(c.style))
        return self._new("circle", attrs)

    def _line(self, ln: Line):
        attrs = {"x1": fmt(ln.x1), "y1": fmt(ln.y1), "x2": fmt(ln.x2), "y2": fmt(ln.y2)}
        attrs.update(self._style(ln.style))
        del attrs["fill"]  # a line has no inside
        return self._new("line", attrs)

    @staticmethod
    def _d(commands) -> str:
        parts = []
        add = parts.append
        for cmd in commands:
            op = cmd[0]
            if op == "M" or op == "L":
                add(f"{op}{fmt(cmd[1])} {fmt(cmd[2])}")
            elif op == "C":
                add("C" + " ".join(fmt(v) for v in cmd[1:7]))
            elif op == "Z":
                add("Z")
            # other operators are ignored, as the PDF painter does
        return "".join(parts)

    def _path(self, p: Path):
        d = self._d(p.commands)
        if not d:
            return None
        attrs = {"d": d}
        attrs.update(self._style(p.style))
        return self._new("path", attrs)

    def _font(self, key: str) -> dict[str, str]:
        attrs = self._fonts.get(key)
        if attrs is None:
            family, weight, italic = fonts.FACES[key]
            attrs = {"font-family": f"'{family}', sans-serif",
                     "font-weight": str(weight), "font-style": "italic" if italic else "normal"}
            self._fonts[key] = attrs
        return attrs

    def _text(self, t: Text):
        attrs = {"x": fmt(t.x), "y": fmt(t.y), "xml:space": "preserve"}
        attrs.update(self._font(t.font))
        attrs["font-size"] = fmt(t.size * MM_PER_PT)
        attrs["fill"] = t.fill or "#000000"
        text = _BAD_XML_CHARS.sub("", t.text)
        self._chars.setdefault(t.font, set()).update(text)
        return self._new("text", attrs, text)

    def _clip_id(self, clip) -> str:
        if isinstance(clip, Rect):
            key: object = ("R", clip.x, clip.y, clip.w, clip.h, clip.radius)
        else:
            key = ("P", clip.commands)
        try:
            found = self._clips.get(key)
        except TypeError:  # unhashable commands (lists): no sharing
            key, found = object(), None
        if found is not None:
            return found
        cid = self._clips[key] = self._unique(f"clip-{len(self._clips)}")
        if isinstance(clip, Rect):
            shape = self._new("rect", self._rect_attrs(clip))
        else:
            shape = self._new("path", {"d": self._d(clip.commands) or "M0 0Z"})
        shape.attribs["clip-rule"] = "evenodd"
        cp = self._new("clipPath", {"id": cid, "clipPathUnits": "userSpaceOnUse"})
        cp.elements.append(shape)
        self.defs.elements.append(cp)
        return cid

    def _group(self, g: Group):
        attrs: dict[str, str] = {}
        if self.ids and g.id:
            attrs["id"] = self._unique(svg_id(g.id))
        if g.transform != IDENTITY:
            attrs["transform"] = fmt_matrix(g.transform)
        if g.clip is not None:
            attrs["clip-path"] = f"url(#{self._clip_id(g.clip)})"
        el = self._new("g", attrs)
        self._items(el, g.items)
        return el

    def _symbol_id(self, sym: Symbol) -> str:
        sid = self._symbols.get(sym.key)
        if sid is None:
            sid = self._symbols[sym.key] = self._unique(svg_id(sym.key, "sym-"))
            w, h = fmt(max(sym.width, 0)), fmt(max(sym.height, 0))
            el = self._new("symbol",
                           {"id": sid, "viewBox": f"0 0 {w} {h}", "overflow": "hidden"})
            self._items(el, sym.items)
            self.defs.elements.append(el)  # after what its content defines: no forward references
        return sid

    def _use(self, u: Use):
        sym = u.symbol
        href = f"#{self._symbol_id(sym)}"
        attrs = {"xlink:href": href, "x": "0", "y": "0",
                 "width": fmt(max(sym.width, 0)), "height": fmt(max(sym.height, 0))}
        if u.transform != IDENTITY:
            attrs["transform"] = fmt_matrix(u.transform)
        return self._new("use", attrs)

    def _image(self, im: Image):
        """A picture: its bytes defined once in ``<defs>`` (a data: URI) per size, placed with ``<use>``."""
        w, h = fmt(abs(im.w)), fmt(abs(im.h))
        key = (im.digest, w, h)
        iid = self._images.get(key)
        if iid is None:
            import base64

            iid = self._images[key] = self._unique(f"img-{im.digest[:12]}")
            data = FilePath(im.path).read_bytes()
            mime = "image/jpeg" if data[:3] == b"\xff\xd8\xff" else "image/png"
            href = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
            self.defs.elements.append(self._new("image", {"id": iid, "x": "0", "y": "0", "width": w, "height": h,
                                                          "preserveAspectRatio": "none", "xlink:href": href}))
        attrs = {"xlink:href": f"#{iid}"}
        x, y = min(im.x, im.x + im.w), min(im.y, im.y + im.h)
        if x or y:
            attrs["transform"] = f"translate({fmt(x)} {fmt(y)})"
        return self._new("use", attrs)

    def write(self, fp: TextIO) -> None:
        from xml.etree.ElementTree import tostring

        if self._chars:
            from pnp.paint.svg_fonts import font_face_css

            self.defs.elements.insert(0, self._new("style", {"type": "text/css"}, font_face_css(self._chars)))
        if not self.defs.elements:
            self.dwg.elements.remove(self.defs)
        # svgwrite's own write() serializes through a UTF-8 byte stream: the same text, slower.
        fp.write('<?xml version="1.0" encoding="utf-8" ?>\n')
        fp.write(tostring(self.dwg.get_xml(), encoding="unicode"))
        fp.write("\n")


def paint_svg(scene: Scene, target: str | FilePath | TextIO, title: str = "", ids: bool = True) -> None:
    """Paint ``scene`` as one SVG at its true size into ``target`` (a path or a text file).

    ``title`` becomes the document's ``<title>``. With ``ids`` (the default) a group's ``id`` is kept
    as its element's id (made a valid XML id, and unique); without, groups carry no id (symbols and
    clips always do, since they are referenced).
    """
    painter = _SvgPainter(scene, title, ids)
    if isinstance(target, (str, FilePath)):
        with open(target, "w", encoding="utf-8", newline="\n") as fp:
            painter.write(fp)
    else:
        painter.write(target)
