"""pnp's own elements (namespace ``https://pnp.invalid/ns``, prefix ``pnp:``): what SVG lacks.

- ``<pnp:text x y width height max-size min-size>words</pnp:text>``: a box the text is wrapped
  and fitted in, from its largest size down to its smallest (points), French no-break rules and
  hyphenation included (pnp.layout.text.fit); ``<pnp:br/>`` starts a new line; ``:name:`` is an
  icon of the game (``icons/name.svg``) set in the line.
- ``<pnp:jersey ref="vert" x y size/>``: a jersey of the game (``over="rouge"``: worn over a rider's
  colour), or any jersey: ``pattern="sash" colours="rouge blanc" mark="R"``.
- ``<pnp:stamp/>``: the game, version and date, small at the foot of the card.
- ``<pnp:icon ref="wind" x y size/>``: an icon of the game on its own.

An element or attribute of the namespace that pnp does not know is a mistake (with a did-you-mean).
"""

from __future__ import annotations

import re

from pnp.layout import fonts
from pnp.layout import jersey as jersey_art
from pnp.layout import text as textfit
from pnp.layout.markup import values
from pnp.layout.markup.tree import PNP_NS, SVG_NS, Node
from pnp.layout.scene import Item, Use, compose, scale, translate
from pnp.load.suggest import did_you_mean

MUTED = "#6B6F76"
PATTERNS = ("solid", "two-tone", "sash", "stripes", "polka-dot", "multicolour")
COMMON = {"id", "class", "transform", "opacity"}
ATTRIBUTES = {
    "text": {"x", "y", "width", "height", "size", "max-size", "min-size", "font", "font-family", "font-weight",
             "font-style", "fill", "align", "valign", "leading"},
    "jersey": {"ref", "over", "pattern", "colours", "mark", "ink", "x", "y", "size"},
    "stamp": {"x", "y", "size", "fill", "align"},
    "icon": {"ref", "x", "y", "size"},
    "same-size": set(),
}
ICON = re.compile(r"(?<![\w:]):([a-z][a-z0-9_-]*):(?![\w:])")
PLACEHOLDER = "\u2003\u2003"
"""What an inline icon is while the text is wrapped: two em spaces (in no font pnp uses, so measured
as 2 x 0.666 em, never drawn, and not a break point: wrapping breaks at ordinary spaces only)."""


def draw(reader, node: Node, props: dict, opacity: float) -> list[Item]:
    allowed = ATTRIBUTES.get(node.name)
    if allowed is None:
        raise reader.fail(node, f"unknown element <pnp:{node.name}>",
                          hint=did_you_mean(node.name, list(ATTRIBUTES)) or "")
    for key in node.attrs:
        name = key.split("}", 1)[1] if key.startswith("{") else key
        if key.startswith("{") and not key.startswith("{" + PNP_NS):
            continue  # another namespace's attribute (an editor's): ignored
        if name not in allowed and name not in COMMON:
            raise reader.fail(node, f"unknown attribute {name}= on <pnp:{node.name}>",
                              hint=did_you_mean(name, sorted(allowed)))
    props = reader.inherit(node, props)
    if node.name == "same-size":  # texts side by side at one size (pnp.layout.markup.same_size)
        from pnp.layout.markup import same_size

        return reader.wrap(node, same_size.draw(reader, node, props, opacity))
    items = {"text": _text, "jersey": _jersey, "stamp": _stamp, "icon": _icon}[node.name](reader, node, props)
    return reader.wrap(node, items)


def _ctx(reader, node: Node):
    ctx = reader.scope.ctx
    if ctx is None:
        raise reader.fail(node, f"<pnp:{node.name}> draws with the game's data: it is not allowed in a picture")
    return ctx


# -- text -------------------------------------------------------------------------------------------
def _text(reader, node: Node, props: dict) -> list[Item]:
    x, y = reader.length(node, "x"), reader.length(node, "y")
    w, h = reader.length(node, "width", None), reader.length(node, "height", None)
    fixed = node.attrs.get("size")
    try:
        if fixed is not None:
            top = bottom = _points(fixed)
        else:
            if "max-size" not in node.attrs:
                raise ValueError("<pnp:text> needs max-size= and min-size= (points), or size=")
            top = _points(node.attrs["max-size"])
            bottom = _points(node.attrs.get("min-size", node.attrs["max-size"]))
        if bottom > top:
            raise ValueError(f"min-size {bottom:g} is larger than max-size {top:g}")
        leading = float(node.attrs.get("leading", "1.18"))
    except ValueError as exc:
        raise reader.fail(node, str(exc)) from None
    font = node.attrs.get("font")
    if font is not None:
        if font not in fonts.FACES:
            raise reader.fail(node, f"unknown font '{font}'", hint=did_you_mean(font, fonts.FACES))
    else:
        font = reader.font(node, props)
    fill = reader.fill_colour(node, props)
    if fill is None:
        return []
    align = {"start": "left", "middle": "center", "end": "right"}.get(node.attrs.get("align", "center"),
                                                                      node.attrs.get("align", "center"))
    valign = node.attrs.get("valign", "middle")
    if align not in ("left", "center", "right"):
        raise reader.fail(node, f"align '{align}' is not left, center or right")
    if valign not in ("top", "middle", "bottom"):
        raise reader.fail(node, f"valign '{valign}' is not top, middle or bottom")
    words = _content(reader, node)
    if not words.strip():
        return []
    words, icons = _icons(reader, node, words)
    box = textfit.Box(x, y, w, h, top, bottom, align, valign, leading)
    try:
        lines = textfit.fit(words, box, font, fill, where=reader.component, unit=reader.unit)
    except textfit.TextProblem as exc:
        from pnp.i18n.context import current

        raise reader.fail(node, f"[{current().code}] {exc}",
                          hint="shorten the text, or give the box more room or a smaller min-size") from None
    if not icons:
        return list(lines)
    return _set_icons(lines, icons)


def _points(text: str) -> float:
    t = text.strip()
    if t.endswith("pt"):
        t = t[:-2]
    v = float(t)
    if v <= 0:
        raise ValueError(f"a size of {text} pt")
    return v


def _content(reader, node: Node) -> str:
    """The words of a <pnp:text>: white space collapsed as SVG does, <pnp:br/> a new line."""
    parts: list[str] = []
    for child in node.children:
        if type(child) is str:
            parts.append(child)
        elif child.ns == PNP_NS and child.name == "br":
            parts.append("\n")
        elif child.ns == SVG_NS and child.name in ("title", "desc"):
            continue
        else:
            raise reader.fail(child, f"<{child.tag}> inside <pnp:text>: only words and <pnp:br/> go there")
    paras = "".join(parts).replace("\u2003", " ").split("\n")
    # XML white space only: a no-break space (U+00A0) of a translation keeps its words together
    return "\n".join(" ".join(w for w in re.split(r"[ \t\r\n]+", p) if w) for p in paras).strip("\n")


# -- inline icons -----------------------------------------------------------------------------------
def _icons(reader, node: Node, words: str) -> tuple[str, list]:
    """``words`` with each ``:name:`` of the game's icons replaced by a placeholder, and the icons'
    symbols in order."""
    found = list(ICON.finditer(words))
    if not found:
        return words, []
    from pnp.layout.markup import images

    icons = [images.icon(reader, node, m.group(1)) for m in found]
    return ICON.sub(PLACEHOLDER, words), icons


def _set_icons(lines, icons: list) -> list[Item]:
    """The fitted lines with their placeholders cut out and the icons drawn there: one em square,
    centred in the placeholder's room, its foot a little under the baseline."""
    out: list[Item] = []
    queue = list(icons)
    for t in lines:
        if PLACEHOLDER not in t.text:
            out.append(t)
            continue
        em = t.size * fonts.PT
        pieces = t.text.split(PLACEHOLDER)
        x = t.x
        for i, piece in enumerate(pieces):
            if piece:
                w = fonts.width_mm(piece, t.font, t.size)
                out.append(type(t)(x, t.y, piece, t.font, t.size, t.fill, w))
                x += w
            if i < len(pieces) - 1:
                room = fonts.width_mm(PLACEHOLDER, t.font, t.size)
                sym = queue.pop(0)
                side = em
                k = side / max(sym.width, sym.height)
                dx = x + (room - sym.width * k) / 2
                dy = t.y + 0.15 * em - sym.height * k
                out.append(Use(sym, compose(translate(dx, dy), scale(k))))
                x += room
    return out


# -- art helpers ------------------------------------------------------------------------------------
def _jersey(reader, node: Node, props: dict) -> list[Item]:
    ctx = _ctx(reader, node)
    model = ctx.model
    x, y = reader.length(node, "x"), reader.length(node, "y")
    size = reader.length(node, "size", None)
    ref = node.attrs.get("ref")
    if ref is not None:
        ids = [j.id for j in model.jerseys]
        if ref not in ids:
            raise reader.fail(node, f"unknown jersey '{ref}'", hint=did_you_mean(ref, ids))
        over = node.attrs.get("over", "")
        if over and over not in [r.id for r in model.riders]:
            raise reader.fail(node, f"unknown rider '{over}'", hint=did_you_mean(over, [r.id for r in model.riders]))
        sym = ctx.jersey(ref, over)
    else:
        pattern = node.attrs.get("pattern")
        if pattern is None:
            raise reader.fail(node, "<pnp:jersey> needs ref= (a jersey of the game) or pattern= and colours=")
        if pattern not in PATTERNS:
            raise reader.fail(node, f"unknown jersey pattern '{pattern}'", hint=did_you_mean(pattern, PATTERNS))
        names = node.attrs.get("colours", "").split()
        if not names:
            raise reader.fail(node, "<pnp:jersey pattern=...> needs colours= (palette ids or #RRGGBB)")
        colours = tuple(_colour(reader, node, model, c) for c in names)
        mark = node.attrs.get("mark", "")
        ink = _colour(reader, node, model, node.attrs["ink"]) if "ink" in node.attrs else "#FFFFFF"
        key = f"{model.id}-{pattern}-{'-'.join(c[1:] for c in colours)}-{mark}-{ink[1:]}"
        sym = _looks(jersey_art.JerseyLook(key, pattern, colours, mark, ink))
    return [jersey_art.place(sym, x, y, size)]


_LOOKS: dict = {}


def _looks(look):
    sym = _LOOKS.get(look)
    if sym is None:
        if len(_LOOKS) > 256:
            _LOOKS.clear()
        sym = _LOOKS[look] = jersey_art.symbol(look)
    return sym


def _colour(reader, node: Node, model, name: str) -> str:
    """A palette colour by id, or a colour as SVG writes it."""
    for c in model.colours:
        if c.id == name:
            return c.hex
    try:
        hex_, _ = values.colour(name)
    except ValueError:
        raise reader.fail(node, f"unknown colour '{name}'",
                          hint=did_you_mean(name, [c.id for c in model.colours])) from None
    return hex_ or "#FFFFFF"


def _stamp(reader, node: Node, props: dict) -> list[Item]:
    ctx = _ctx(reader, node)
    u = ctx.u
    x = reader.length(node, "x", ctx.w / 2)
    y = reader.length(node, "y", ctx.h - 2.6 * u)
    try:
        size = max(_points(node.attrs["size"]) if "size" in node.attrs else 0.0, textfit.READABLE_PT)
    except ValueError as exc:
        raise reader.fail(node, f"size: {exc}") from None
    fill = reader._value(node, "fill", node.attrs["fill"], values.colour)[0] if "fill" in node.attrs else MUTED
    align = {"start": "left", "middle": "center", "end": "right"}.get(node.attrs.get("align", "center"),
                                                                      node.attrs.get("align", "center"))
    if align not in ("left", "center", "right"):
        raise reader.fail(node, f"align '{align}' is not left, center or right")
    try:
        return [textfit.line(ctx.model.info.stamp, x, y, "sans", size, fill or MUTED, align)]
    except textfit.TextProblem as exc:
        raise reader.fail(node, str(exc)) from None


def _icon(reader, node: Node, props: dict) -> list[Item]:
    from pnp.layout.markup import images

    ref = node.attrs.get("ref")
    if not ref:
        raise reader.fail(node, "<pnp:icon> needs ref= (the name of a file icons/NAME.svg of the game)")
    sym = images.icon(reader, node, ref)
    size = reader.length(node, "size", None)
    k = size / max(sym.width, sym.height)
    return [Use(sym, compose(translate(reader.length(node, "x"), reader.length(node, "y")), scale(k)))]
