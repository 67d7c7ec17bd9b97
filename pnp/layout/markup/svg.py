"""SVG markup -> scene items.

Supported: ``svg`` (the root, its ``viewBox``), ``g``, ``defs``, ``symbol``, ``use``, ``clipPath``,
``rect`` (round corners), ``circle``, ``ellipse``, ``line``, ``polyline``, ``polygon``, ``path`` (every
command, arcs included), ``text`` with ``tspan`` runs, ``image`` (PNG, JPEG, SVG); presentation
attributes and ``style="..."`` declarations, inherited as SVG inherits them: ``fill``, ``stroke``,
``stroke-width``, ``stroke-dasharray``, ``stroke-linecap``, ``opacity``, ``fill-opacity``,
``stroke-opacity``, ``font-family``, ``font-size``, ``font-weight``, ``font-style``, ``text-anchor``,
``display``, ``visibility``, ``transform``, ``clip-path``. ``title``, ``desc``, ``metadata`` and
elements of other namespaces (Inkscape's, for one) are skipped; any other SVG element is a mistake
(a gradient, a filter: pnp cannot print them the same in every file, so it says so).

What differs from a browser, because scenes are what PDF can paint:
- shapes fill even-odd (as ReportLab does); a shape has one opacity for its fill and its stroke;
- a group's ``opacity`` multiplies into its shapes' (no group compositing); text is opaque;
- ``<use>`` of a ``<symbol>`` becomes a scene Symbol (one PDF form however often it is used, and
  across cards when its content is the same); ``<use>`` of anything else is drawn in place.
"""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.layout import fonts
from pnp.layout import text as textfit
from pnp.layout.markup import line_room, values
from pnp.layout.markup.errors import MarkupError, at_markup
from pnp.layout.markup.tree import PNP_NS, SVG_NS, XLINK_NS, Node
from pnp.layout.scene import (IDENTITY, Affine, Circle, Group, Item, Line, Path, Rect, Style, Symbol, Text, Use,
                              compose, scale, translate)

INHERITED = frozenset({
    "fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray", "stroke-linecap",
    "font-family", "font-size", "font-weight", "font-style", "text-anchor", "visibility", "color",
})
OWN = frozenset({"opacity", "display", "transform", "clip-path"})
SKIPPED = frozenset({"title", "desc", "metadata"})
DEFAULTS: dict[str, str] = {"fill": "black", "stroke": "none", "stroke-width": "1", "font-family": "Fira Sans",
                            "font-size": "16", "font-weight": "normal", "font-style": "normal",
                            "text-anchor": "start", "visibility": "visible", "color": "black"}
HREF = (f"{{{XLINK_NS}}}href", "href")


@dataclass
class Scope:
    """What a piece of markup is read for: where it comes from (for messages) and what its pnp
    elements draw with."""

    template: str
    """The template file (or picture) the markup comes from."""
    markup: str
    what: str
    """The component, for messages: 'card movement/single-bleu-1'."""
    game_folder: Path | None = None
    ctx: Any = None
    """The card context (pnp.layout.faces.common.CardContext) pnp elements draw with."""
    depth: int = 0
    """How deep in pictures that include pictures (a picture may not include itself)."""


def component(scope: Scope) -> str:
    """The component a markup draws, as its translators read it: "card face 'jersey-move' (deck
    movement)", "card back 'game-back'", "token face 'token'", "board 'route' side a"."""
    name = scope.template.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".j2").removesuffix(".svg")
    kind, _, rest = scope.what.partition(" ")
    if kind == "card":
        return f"card face '{name}' (deck {rest.split('/')[0]})"
    if kind == "back":
        return f"card back '{name}'"
    if kind in ("token", "standee"):
        return f"{kind} face '{name}'"
    if kind == "board":
        board, _, side = rest.partition(" side ")
        return f"board '{board}' side {side}"
    return scope.what or name


class Reader:
    """Reads one document (a rendered face, a picture, an icon) into scene items."""

    def __init__(self, scope: Scope, root: Node) -> None:
        self.scope = scope
        self.root = root
        self.ids: dict[str, Node] = {}
        self._collect_ids(root)
        self._expanding: set[str] = set()
        self.ctm: Affine = IDENTITY
        """User units -> the face's trim coordinates (mm) where the element being read is drawn."""
        from pnp.layout.markup import pnp_elements

        self._pnp = pnp_elements
        self._draw = {"g": self._g, "rect": self._rect, "circle": self._circle, "ellipse": self._ellipse,
                      "line": self._line, "polyline": self._polyline, "polygon": self._polygon, "path": self._path,
                      "text": self._text, "use": self._use, "image": self._image, "a": self._g, "switch": self._g}

    @property
    def component(self) -> str:
        """The component this markup draws, for the rooms of its texts (pnp.layout.rooms)."""
        return component(self.scope)

    @property
    def unit(self) -> float:
        """mm per user unit where the element being read is drawn (along x)."""
        import math

        return math.hypot(self.ctm[0], self.ctm[1])

    # -- messages ------------------------------------------------------------------------------
    def fail(self, node: Node | None, message: str, hint: str = "") -> MarkupError:
        line = node.line if node is not None else 0
        return at_markup(self.scope.template, self.scope.markup, line, message, hint, self.scope.what)

    def _collect_ids(self, node: Node) -> None:
        for child in node.elements():
            ident = child.attrs.get("id")
            if ident:
                self.ids.setdefault(ident, child)
            self._collect_ids(child)

    # -- documents -----------------------------------------------------------------------------
    def root_box(self) -> tuple[float, float, float, float]:
        """The root's viewBox (x, y, w, h), else (0, 0, width, height)."""
        root = self.root
        if root.name == "svg" and root.ns != SVG_NS:
            raise self.fail(root, "the <svg> element is not in the SVG namespace",
                            hint='write <svg xmlns="http://www.w3.org/2000/svg" ...>')
        if root.ns != SVG_NS or root.name != "svg":
            raise self.fail(root, f"the root element is <{root.tag}>, not <svg>",
                            hint='write <svg xmlns="http://www.w3.org/2000/svg" xmlns:pnp="https://pnp.invalid/ns" '
                                 'viewBox="...">')
        box = root.get("viewBox")
        if box is not None:
            nums = self._value(root, "viewBox", box, values.numbers)
            if len(nums) != 4 or nums[2] <= 0 or nums[3] <= 0:
                raise self.fail(root, f"viewBox '{box}' is not 'x y width height' with a positive size")
            return nums  # type: ignore[return-value]
        try:
            return (0.0, 0.0, values.length(root.get("width", "")), values.length(root.get("height", "")))
        except ValueError:
            raise self.fail(root, "the <svg> element has no viewBox (and no width and height in user units)") from None

    def document(self) -> list[Item]:
        """The root's content, in its own user units."""
        root = self.root
        props = self.inherit(root, DEFAULTS)
        opacity = self._opacity(root, 1.0)
        return self.children(root, props, opacity)

    # -- structure -----------------------------------------------------------------------------
    def children(self, node: Node, props: dict, opacity: float) -> list[Item]:
        out: list[Item] = []
        for child in node.children:
            if type(child) is Node:
                out += self.element(child, props, opacity)
        return out

    def element(self, node: Node, props: dict, opacity: float) -> list[Item]:
        t = node.attrs.get("transform")
        if t is None:
            return self._element(node, props, opacity)
        saved = self.ctm
        self.ctm = compose(saved, self._value(node, "transform", t, values.transform))
        try:
            return self._element(node, props, opacity)
        finally:
            self.ctm = saved

    def _element(self, node: Node, props: dict, opacity: float) -> list[Item]:
        if node.ns == PNP_NS:
            return self._pnp.draw(self, node, props, opacity)
        if node.ns != SVG_NS:
            return []  # another program's namespace (Inkscape, Illustrator): not drawn
        attrs = node.attrs
        for key in attrs:
            own = node.name == "text" and key.split("}", 1)[-1] in line_room.ATTRIBUTES
            if key.startswith("{" + PNP_NS) and not own:
                raise self.fail(node, f"unknown pnp attribute pnp:{key.split('}', 1)[1]} on <{node.name}>",
                                hint="pnp's attributes go on pnp's own elements (and pnp:width, pnp:min-size on "
                                     "<text>)")
        draw = self._draw.get(node.name)
        if draw is None:
            if node.name in SKIPPED or node.name in ("defs", "symbol", "clipPath", "style"):
                if node.name == "style":
                    raise self.fail(node, "<style> sheets are not supported",
                                    hint="give presentation attributes (fill=...) or style=\"...\" on the elements")
                return []
            raise self.fail(node, f"unsupported SVG element <{node.name}>",
                            hint="pnp draws rect, circle, ellipse, line, polyline, polygon, path, text, image, g, use")
        props = self.inherit(node, props)
        if attrs.get("display") == "none":
            return []
        opacity = self._opacity(node, opacity)
        items = draw(node, props, opacity)
        return self.wrap(node, items)

    def wrap(self, node: Node, items: list[Item]) -> list[Item]:
        """``items`` under the element's transform and clip."""
        t = node.attrs.get("transform")
        clip = node.attrs.get("clip-path")
        if not items or (t is None and clip is None):
            return items
        transform = self._value(node, "transform", t, values.transform) if t is not None else IDENTITY
        clip_shape = self._clip(node, clip) if clip is not None and clip != "none" else None
        if transform == IDENTITY and clip_shape is None:
            return items
        return [Group(tuple(items), transform, clip_shape)]

    def inherit(self, node: Node, props: dict) -> dict:
        """The inherited properties of ``node``: its parent's, updated by its attributes and style."""
        attrs = node.attrs
        style = attrs.get("style")
        own = [k for k in attrs if k in INHERITED]
        if not own and not style:
            return props
        out = dict(props)
        for k in own:
            v = attrs[k].strip()
            if v != "inherit":
                out[k] = v
        if style:
            for k, v in _declarations(style):
                if k in INHERITED:
                    if v != "inherit":
                        out[k] = v
                elif k in OWN:
                    attrs[k] = v  # style= wins over the attribute in SVG; read as the element's own
        return out

    def _opacity(self, node: Node, opacity: float) -> float:
        v = node.attrs.get("opacity")
        if v is None:
            return opacity
        return opacity * self._value(node, "opacity", v, _unit_number)

    def _value(self, node: Node, name: str, text: str, parse):
        try:
            return parse(text)
        except ValueError as exc:
            raise self.fail(node, f"{name}: {exc}") from None

    def length(self, node: Node, name: str, default: float | None = 0.0) -> float:
        v = node.attrs.get(name)
        if v is None:
            if default is None:
                raise self.fail(node, f"<{node.tag}> needs {name}=")
            return default
        return self._value(node, name, v, values.length)

    # -- styles --------------------------------------------------------------------------------
    def style(self, node: Node, props: dict, opacity: float, fill: bool = True) -> Style | None:
        """The scene Style of a shape; None when it draws nothing (no fill, no stroke, hidden)."""
        if props.get("visibility", "visible") in ("hidden", "collapse"):
            return None
        try:
            return _style(props.get("fill", "black") if fill else "none", props.get("fill-opacity", "1"),
                          props.get("stroke", "none"), props.get("stroke-opacity", "1"),
                          props.get("stroke-width", "1"), props.get("stroke-dasharray", "none"),
                          props.get("stroke-linecap", "butt"), props.get("color", "black"), opacity)
        except ValueError as exc:
            raise self.fail(node, str(exc)) from None

    # -- shapes --------------------------------------------------------------------------------
    def _g(self, node: Node, props: dict, opacity: float) -> list[Item]:
        return self.children(node, props, opacity)

    def _rect(self, node: Node, props: dict, opacity: float) -> list[Item]:
        style = self.style(node, props, opacity)
        w, h = self.length(node, "width"), self.length(node, "height")
        if style is None or w <= 0 or h <= 0:
            if w < 0 or h < 0:
                raise self.fail(node, "a <rect> with a negative width or height")
            return []
        x, y = self.length(node, "x"), self.length(node, "y")
        rx_a, ry_a = node.attrs.get("rx"), node.attrs.get("ry")
        rx = self.length(node, "rx") if rx_a is not None else None
        ry = self.length(node, "ry") if ry_a is not None else None
        rx, ry = (rx if rx is not None else ry or 0.0), (ry if ry is not None else rx or 0.0)
        rx, ry = min(rx, w / 2), min(ry, h / 2)
        if rx <= 0 or ry <= 0:
            return [Rect(x, y, w, h, style)]
        if abs(rx - ry) < 1e-9:
            return [Rect(x, y, w, h, style, rx)]
        return [Path(values.rounded_rect(x, y, w, h, rx, ry), style)]

    def _circle(self, node: Node, props: dict, opacity: float) -> list[Item]:
        style = self.style(node, props, opacity)
        r = self.length(node, "r")
        if style is None or r <= 0:
            return []
        return [Circle(self.length(node, "cx"), self.length(node, "cy"), r, style)]

    def _ellipse(self, node: Node, props: dict, opacity: float) -> list[Item]:
        style = self.style(node, props, opacity)
        rx, ry = self.length(node, "rx"), self.length(node, "ry")
        if style is None or rx <= 0 or ry <= 0:
            return []
        cx, cy = self.length(node, "cx"), self.length(node, "cy")
        if abs(rx - ry) < 1e-9:
            return [Circle(cx, cy, rx, style)]
        return [Path(values.ellipse(cx, cy, rx, ry), style)]

    def _line(self, node: Node, props: dict, opacity: float) -> list[Item]:
        style = self.style(node, props, opacity, fill=False)
        if style is None or not style.stroke:
            return []
        return [Line(self.length(node, "x1"), self.length(node, "y1"), self.length(node, "x2"),
                     self.length(node, "y2"), style)]

    def _points(self, node: Node) -> list[tuple[float, float]]:
        nums = self._value(node, "points", node.attrs.get("points", ""), values.numbers)
        if len(nums) % 2:
            raise self.fail(node, "points: an odd number of coordinates")
        return [(nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]

    def _polyline(self, node: Node, props: dict, opacity: float, close: bool = False) -> list[Item]:
        style = self.style(node, props, opacity)
        pts = self._points(node)
        if style is None or len(pts) < 2:
            return []
        (x0, y0), rest = pts[0], pts[1:]
        cmds = (("M", x0, y0), *(("L", x, y) for x, y in rest)) + ((("Z",),) if close else ())
        return [Path(cmds, style)]

    def _polygon(self, node: Node, props: dict, opacity: float) -> list[Item]:
        return self._polyline(node, props, opacity, close=True)

    def _path(self, node: Node, props: dict, opacity: float) -> list[Item]:
        style = self.style(node, props, opacity)
        if style is None:
            return []
        cmds = self._value(node, "d", node.attrs.get("d", ""), values.path)
        return [Path(cmds, style)] if cmds else []

    # -- text ----------------------------------------------------------------------------------
    def font(self, node: Node, props: dict) -> str:
        """The pnp font key (pnp.layout.fonts.FACES) for the element's font properties."""
        try:
            return font_key(props.get("font-family", "Fira Sans"), props.get("font-weight", "normal"),
                            props.get("font-style", "normal"))
        except ValueError as exc:
            raise self.fail(node, str(exc)) from None

    def font_size(self, node: Node, props: dict) -> float:
        """The font size in points (font-size is in user units, i.e. mm)."""
        size = self._value(node, "font-size", props.get("font-size", "16"), values.length)
        if size <= 0:
            raise self.fail(node, "font-size must be positive")
        return size / fonts.PT

    def fill_colour(self, node: Node, props: dict) -> str | None:
        if props.get("visibility", "visible") in ("hidden", "collapse"):
            return None
        v = props.get("fill", "black")
        if v == "currentColor":
            v = props.get("color", "black")
        return self._value(node, "fill", v, values.colour)[0]

    def _text(self, node: Node, props: dict, opacity: float) -> list[Item]:
        runs: list[tuple[str, str, float, str | None]] = []
        self._runs(node, props, runs)
        runs = _collapse(runs)
        raw = "".join(t for t, *_ in runs)
        runs = [(textfit.typeset_text(t), f, s, fill) for t, f, s, fill in runs]
        if not runs:
            return []
        x = self._first(node, "x")
        y = self._first(node, "y")
        anchor = props.get("text-anchor", "start")
        if anchor not in ("start", "middle", "end"):
            raise self.fail(node, f"text-anchor '{anchor}' is not start, middle or end")
        runs = line_room.fitted(self, node, raw, runs, x, y, anchor)
        widths = [fonts.width_mm(t, f, s) for t, f, s, _ in runs]
        total = sum(widths)
        x -= {"start": 0.0, "middle": total / 2, "end": total}[anchor]
        out: list[Item] = []
        for (t, f, s, fill), w in zip(runs, widths):
            if fill is not None and t.strip():
                try:
                    textfit.check_glyphs(t, f)
                except textfit.TextProblem as exc:
                    raise self.fail(node, str(exc)) from None
                out.append(Text(x, y, t, f, s, fill, w))
            x += w
        return out

    def _first(self, node: Node, name: str) -> float:
        v = node.attrs.get(name)
        if v is None:
            return 0.0
        first = v.replace(",", " ").split()
        return self._value(node, name, first[0], values.length) if first else 0.0

    def _runs(self, node: Node, props: dict, runs: list) -> None:
        font, size, fill = self.font(node, props), self.font_size(node, props), self.fill_colour(node, props)
        for child in node.children:
            if type(child) is str:
                runs.append((child, font, size, fill))
            elif child.ns == SVG_NS and child.name == "tspan":
                for k in ("x", "y", "dx", "dy", "rotate", "transform"):
                    if k in child.attrs:
                        raise self.fail(child, f"<tspan {k}=...> is not supported: a tspan continues the line",
                                        hint="put a line of its own in a <text> of its own, or use <pnp:text>")
                self._runs(child, self.inherit(child, props), runs)
            elif child.ns == SVG_NS and child.name in SKIPPED:
                continue
            elif child.ns in (SVG_NS, PNP_NS):
                raise self.fail(child, f"<{child.tag}> inside <text>: only <tspan> is supported there")

    # -- references ----------------------------------------------------------------------------
    def ref(self, node: Node, value: str, what: str) -> Node:
        if not value.startswith("#"):
            raise self.fail(node, f"{what}: '{value}' is not a reference to an element of the face ('#id')")
        target = self.ids.get(value[1:])
        if target is None:
            raise self.fail(node, f"{what}: no element has id '{value[1:]}'",
                            hint=_suggest(value[1:], self.ids))
        return target

    def _use(self, node: Node, props: dict, opacity: float) -> list[Item]:
        href = next((node.attrs[k] for k in HREF if k in node.attrs), None)
        if href is None:
            raise self.fail(node, "<use> needs href=\"#id\"")
        target = self.ref(node, href, "href")
        ident = href[1:]
        if ident in self._expanding:
            raise self.fail(node, f"<use href=\"{href}\"> uses itself")
        self._expanding.add(ident)
        saved = self.ctm
        try:
            at = translate(self.length(node, "x"), self.length(node, "y"))
            self.ctm = compose(saved, at)
            if target.ns == SVG_NS and target.name == "symbol":
                sym = self._symbol(target, node, props, opacity)
                return [Use(sym, at)] if sym is not None else []
            items = self.element(target, props, opacity)
        finally:
            self._expanding.discard(ident)
            self.ctm = saved
        if not items:
            return []
        return items if at == IDENTITY else [Group(tuple(items), at)]

    def _symbol(self, target: Node, use: Node, props: dict, opacity: float) -> Symbol | None:
        """A <symbol> as a scene Symbol whose box is the size the <use> gives it (else its viewBox's)."""
        props = self.inherit(target, props)
        box = target.attrs.get("viewBox")
        t = IDENTITY
        if box is not None:
            vx, vy, vw, vh = self._value(target, "viewBox", box, values.numbers)
            w = self.length(use, "width", None) if "width" in use.attrs else vw
            h = self.length(use, "height", None) if "height" in use.attrs else vh
            t = fit_box((vx, vy, vw, vh), (0.0, 0.0, w, h), target.attrs.get("preserveAspectRatio", ""))
        saved = self.ctm
        self.ctm = compose(saved, t)
        try:
            items = self.children(target, props, self._opacity(target, opacity))
        finally:
            self.ctm = saved
        if not items:
            return None
        if box is not None:
            if t != IDENTITY:
                items = [Group(tuple(items), t)]
        else:
            w = self.length(use, "width", None) if "width" in use.attrs else 0.0
            h = self.length(use, "height", None) if "height" in use.attrs else 0.0
            if not w or not h:
                raise self.fail(target, "a <symbol> without a viewBox: give it viewBox=\"x y w h\"")
        return content_symbol("sym", w, h, tuple(items))

    def _clip(self, node: Node, value: str):
        v = value.strip()
        if not (v.startswith("url(") and v.endswith(")")):
            raise self.fail(node, f"clip-path '{value}' is not url(#id)")
        target = self.ref(node, v[4:-1].strip().strip("'\""), "clip-path")
        if target.ns != SVG_NS or target.name != "clipPath":
            raise self.fail(node, f"clip-path refers to a <{target.tag}>, not a <clipPath>")
        if target.attrs.get("clipPathUnits", "userSpaceOnUse") != "userSpaceOnUse":
            raise self.fail(target, "clipPathUnits=\"objectBoundingBox\" is not supported")
        return self.clip_shape(target)

    def clip_shape(self, clip: Node):
        """A <clipPath>'s shapes as one clip: a Rect when it is one plain rectangle, else a Path."""
        outer = clip.attrs.get("transform")
        t0 = self._value(clip, "transform", outer, values.transform) if outer else IDENTITY
        commands: list[tuple] = []
        plain_rect = None
        shapes = [c for c in clip.elements() if c.ns == SVG_NS and c.name not in SKIPPED]
        props = dict(DEFAULTS, fill="black", stroke="none")
        for shape in shapes:
            if shape.name == "use":
                raise self.fail(shape, "<use> inside <clipPath> is not supported: draw the shape there")
            items = self._draw.get(shape.name, lambda *a: None)(shape, props, 1.0)
            if items is None or shape.name in ("g", "text", "image"):
                raise self.fail(shape, f"<{shape.name}> inside <clipPath>: give rect, circle, ellipse, polygon or path")
            inner = shape.attrs.get("transform")
            t = compose(t0, self._value(shape, "transform", inner, values.transform)) if inner else t0
            for item in items:
                if isinstance(item, Rect) and not item.radius and len(shapes) == 1 and t == IDENTITY:
                    plain_rect = Rect(item.x, item.y, item.w, item.h, Style())
                commands += values.transform_commands(_commands(item), t) if t != IDENTITY else _commands(item)
        if plain_rect is not None:
            return plain_rect
        if not commands:
            raise self.fail(clip, "an empty <clipPath>")
        return Path(tuple(commands), Style())

    # -- pictures ------------------------------------------------------------------------------
    def _image(self, node: Node, props: dict, opacity: float) -> list[Item]:
        from pnp.layout.markup import images

        if props.get("visibility", "visible") in ("hidden", "collapse"):
            return []
        return images.draw(self, node)


def _commands(item) -> tuple[tuple, ...]:
    """A shape's outline as path commands (for clips)."""
    if isinstance(item, Rect):
        if item.radius:
            return values.rounded_rect(item.x, item.y, item.w, item.h, item.radius, item.radius)
        x, y, w, h = item.x, item.y, item.w, item.h
        return (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",))
    if isinstance(item, Circle):
        return values.ellipse(item.cx, item.cy, item.r, item.r)
    if isinstance(item, Path):
        return item.commands
    if isinstance(item, Line):
        return (("M", item.x1, item.y1), ("L", item.x2, item.y2))
    return ()


def content_symbol(prefix: str, w: float, h: float, items: tuple) -> Symbol:
    """A Symbol keyed by its content: the same drawing anywhere is one PDF form."""
    key = hashlib.sha1(pickle.dumps((w, h, items), protocol=5)).hexdigest()[:20]
    return Symbol(f"{prefix}-{key}", w, h, items)


def fit_box(view: tuple[float, float, float, float], box: tuple[float, float, float, float],
            aspect: str = "") -> Affine:
    """The transform that puts the viewBox ``view`` into ``box`` as SVG's preserveAspectRatio says
    (default xMidYMid meet; ``none`` stretches)."""
    vx, vy, vw, vh = view
    x, y, w, h = box
    parts = aspect.split() or ["xMidYMid"]
    align = parts[0]
    if align == "none":
        return compose(translate(x, y), scale(w / vw, h / vh), translate(-vx, -vy))
    slice_ = len(parts) > 1 and parts[1] == "slice"
    k = max(w / vw, h / vh) if slice_ else min(w / vw, h / vh)
    ax = {"xMin": 0.0, "xMid": 0.5, "xMax": 1.0}.get(align[:4], 0.5)
    ay = {"YMin": 0.0, "YMid": 0.5, "YMax": 1.0}.get(align[4:], 0.5)
    dx, dy = x + (w - vw * k) * ax, y + (h - vh * k) * ay
    t = compose(translate(dx, dy), scale(k), translate(-vx, -vy))
    return tuple(values._clean(v) for v in t)  # type: ignore[return-value]


@lru_cache(maxsize=1024)
def _declarations(style: str) -> tuple[tuple[str, str], ...]:
    out = []
    for decl in style.split(";"):
        k, sep, v = decl.partition(":")
        if sep:
            out.append((k.strip(), v.strip()))
    return tuple(out)


def _unit_number(text: str) -> float:
    t = text.strip()
    try:
        v = float(t[:-1]) / 100 if t.endswith("%") else float(t)
    except ValueError:
        raise ValueError(f"'{text}' is not a number from 0 to 1") from None
    return min(1.0, max(0.0, v))


@lru_cache(maxsize=1024)
def _style(fill: str, fill_opacity: str, stroke: str, stroke_opacity: str, width: str, dash: str, cap: str,
           color: str, opacity: float) -> Style | None:
    def paint(v: str, what: str) -> tuple[str | None, float]:
        if v == "currentColor":
            v = color
        if v.startswith("url("):
            raise ValueError(f"{what}: '{v}': gradients and patterns are not supported, give a colour")
        try:
            return values.colour(v)
        except ValueError as exc:
            raise ValueError(f"{what}: {exc}") from None

    f, fa = paint(fill, "fill")
    s, sa = paint(stroke, "stroke")
    w = values.length(width)
    if w <= 0:
        s = None
    if f is None and s is None:
        return None
    if s is None:
        w = _DEFAULT_WIDTH  # no stroke: the width is moot, keep the scene's default (equal styles compare equal)
    alpha = opacity * (fa * _unit_number(fill_opacity) if f is not None else sa * _unit_number(stroke_opacity))
    if alpha <= 0:
        return None
    d: tuple[float, ...] = ()
    if dash.strip() != "none":
        try:
            d = values.numbers(dash)
        except ValueError as exc:
            raise ValueError(f"stroke-dasharray: {exc}") from None
        if len(d) % 2:
            d = d + d
        if not any(d):
            d = ()
    if cap not in ("butt", "round", "square"):
        raise ValueError(f"stroke-linecap '{cap}' is not butt, round or square")
    return Style(f, s, w, d, round(alpha, 6), cap == "round")


_DEFAULT_WIDTH = Style().width

_WEIGHTS = {"normal": 400, "bold": 700, "lighter": 300, "bolder": 800}


@lru_cache(maxsize=256)
def font_key(family: str, weight: str, style: str) -> str:
    """The pnp font (a key of pnp.layout.fonts.FACES) for CSS font properties; ValueError when pnp
    has none: faces are Fira Sans regular, italic, medium, bold and black."""
    names = [f.strip().strip("'\"") for f in family.split(",")]
    known = {fam.lower() for fam, _, _ in fonts.FACES.values()}
    if not any(n.lower() in known or n.lower() in ("sans-serif", "sans") for n in names):
        raise ValueError(f"font-family '{family}': pnp has {', '.join(sorted({f for f, _, _ in fonts.FACES.values()}))}")
    fam = next((n for n in names if n.lower() in known), next(iter(fonts.FACES.values()))[0])
    w = _WEIGHTS.get(weight.strip())
    if w is None:
        try:
            w = int(weight)
        except ValueError:
            raise ValueError(f"font-weight '{weight}' is not normal, bold or a number") from None
    italic = style.strip() in ("italic", "oblique")
    faces = [(k, fw) for k, (f, fw, it) in fonts.FACES.items() if f.lower() == fam.lower() and it == italic]
    if not faces:
        raise ValueError(f"no {'italic ' if italic else ''}face of {fam}")
    best = min(faces, key=lambda kw: (abs(kw[1] - w), -kw[1]))
    if abs(best[1] - w) > 150:
        have = ", ".join(f"{fw}" for _, fw in faces)
        raise ValueError(f"no face of {fam} of weight {w}{' italic' if italic else ''} (weights: {have})")
    return best[0]


def _collapse(runs: list) -> list:
    """SVG's white space handling: newlines and tabs are spaces, runs of spaces one space, none at
    the start or the end of the text; empty runs dropped."""
    out = []
    prev_space = True
    for t, f, s, fill in runs:
        t = t.replace("\t", " ").replace("\n", " ").replace("\r", " ")
        collapsed = []
        for ch in t:
            if ch == " ":
                if prev_space:
                    continue
                prev_space = True
            else:
                prev_space = False
            collapsed.append(ch)
        text = "".join(collapsed)
        if text:
            out.append([text, f, s, fill])
    if out and out[-1][0].endswith(" "):
        out[-1][0] = out[-1][0].rstrip(" ")
        if not out[-1][0]:
            out.pop()
    return [tuple(r) for r in out]


def _suggest(name: str, names) -> str:
    from pnp.load.suggest import did_you_mean

    return did_you_mean(name, list(names)) or ""
