"""``<pnp:same-size>``: text boxes set side by side take one size.

    <pnp:same-size>
      <pnp:text x="8" y="48" width="80" height="30" max-size="11" min-size="6.2">...</pnp:text>
      <g transform="translate(93 0)"><pnp:text ...>...</pnp:text></g>
    </pnp:same-size>

Every ``<pnp:text>`` inside (at any depth; those with a fixed ``size=`` keep it) is set at one
size: the largest, from the boxes' largest ``max-size`` down by half points to their largest
``min-size``, at which every text fits its box without hyphenation (pnp.layout.text.common_size,
for any mix of fonts). A text that still does not fit at that size shrinks further on its own, down
to its ``min-size``, or is reported as every ``<pnp:text>`` is. Anything else inside is drawn as in a
``<g>``; the element takes ``transform``, ``opacity``, ``id`` and ``class`` as a ``<g>`` does.
"""

from __future__ import annotations

from pnp.layout import text as textfit
from pnp.layout.markup.tree import PNP_NS, Node
from pnp.layout.scene import Item

NAME = "same-size"


def draw(reader, node: Node, props: dict, opacity: float) -> list[Item]:
    """The element's content, its texts at their common size (in the element's user units)."""
    texts: list[tuple[Node, str, textfit.Box, str]] = []
    _collect(reader, node, props, texts)
    if texts:
        size = common_size([(words, box, font) for _, words, box, font in texts])
        fitted = {id(n): size for n, *_ in texts}
        node = _with_size(node, fitted)
    return reader.children(node, props, reader._opacity(node, opacity))


def common_size(texts: list[tuple[str, textfit.Box, str]]) -> float:
    """The largest size (points), from the boxes' largest max down by half points to their largest
    min, at which every text fits its box unhyphenated in its font; that min when none does."""
    size = max(box.max_size for _, box, _ in texts)
    floor = max(box.min_size for _, box, _ in texts)
    while size > floor:
        if all(textfit._fits(words, box, font, size) for words, box, font in texts):
            return size
        size = max(floor, round(size - 0.5, 2))
    return floor


def _collect(reader, node: Node, props: dict, out: list) -> None:
    from pnp.layout.markup import pnp_elements

    for child in node.elements():
        if child.ns == PNP_NS and child.name == "text":
            if "size" in child.attrs or "max-size" not in child.attrs:
                continue  # a fixed size (or a mistake <pnp:text> itself reports)
            try:
                top = pnp_elements._points(child.attrs["max-size"])
                bottom = pnp_elements._points(child.attrs.get("min-size", child.attrs["max-size"]))
                leading = float(child.attrs.get("leading", "1.18"))
            except ValueError:
                continue  # reported when the text is drawn
            words = pnp_elements._content(reader, child)
            if not words.strip():
                continue
            words, _ = pnp_elements._icons(reader, child, words)
            font = child.attrs.get("font") or reader.font(child, reader.inherit(child, props))
            box = textfit.Box(reader.length(child, "x"), reader.length(child, "y"),
                              reader.length(child, "width", None), reader.length(child, "height", None),
                              top, bottom, leading=leading)
            out.append((child, words, box, font))
        elif child.ns != PNP_NS:
            _collect(reader, child, reader.inherit(child, props), out)


def _with_size(node: Node, sizes: dict[int, float]) -> Node:
    """A copy of ``node`` whose texts named in ``sizes`` (by id) start at most at their size."""
    children = []
    for child in node.children:
        if type(child) is not Node:
            children.append(child)
        elif id(child) in sizes:
            top = min(sizes[id(child)], float(child.attrs["max-size"].strip().removesuffix("pt")))
            attrs = dict(child.attrs)
            attrs["max-size"] = repr(top)
            bottom = float(attrs.get("min-size", attrs["max-size"]).strip().removesuffix("pt"))
            if bottom > top:
                attrs["min-size"] = repr(top)
            children.append(Node(child.ns, child.name, attrs, child.line, child.children))
        elif child.ns != PNP_NS:
            children.append(_with_size(child, sizes))
        else:
            children.append(child)
    return Node(node.ns, node.name, node.attrs, node.line, children)
