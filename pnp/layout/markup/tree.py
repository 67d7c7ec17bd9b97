"""Rendered markup read into a small tree that remembers the line of every element.

Expat (the stdlib's XML parser, in C) does the reading; namespaces are resolved, so a name is a
pair (namespace URI, local name). Text stays in order between child elements (mixed content, for
``<text>`` and ``<pnp:text>``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
XML_NS = "http://www.w3.org/XML/1998/namespace"
PNP_NS = "https://pnp.invalid/ns"
"""pnp's own namespace: declare it as ``xmlns:pnp="https://pnp.invalid/ns"`` (a name, never fetched)."""


@dataclass(slots=True)
class Node:
    ns: str
    name: str
    attrs: dict[str, str]
    """Attributes by name: ``x`` for a plain one, ``{uri}local`` for a namespaced one."""
    line: int
    children: list = field(default_factory=list)
    """Child Nodes and strings (text), in document order."""

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.attrs.get(key, default)

    @property
    def tag(self) -> str:
        """The element's name as a designer writes it: ``rect``, ``pnp:text``."""
        if self.ns == PNP_NS:
            return f"pnp:{self.name}"
        if self.ns in (SVG_NS, ""):
            return self.name
        return f"{{{self.ns}}}{self.name}"

    def elements(self):
        return (c for c in self.children if type(c) is Node)


class XmlProblem(Exception):
    """Markup that is not well-formed XML: its message, line and column (1-based)."""

    def __init__(self, message: str, line: int, column: int, open_line: int = 0) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column
        self.open_line = open_line
        """For a mismatched end tag: the line of the element left open (the likely mistake)."""


def parse(markup: str) -> Node:
    """The root element of ``markup``; XmlProblem when it is not well-formed."""
    from xml.parsers import expat

    parser = expat.ParserCreate("utf-8", " ")
    parser.buffer_text = True
    root: list[Node] = []
    stack: list[Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        ns, _, name = tag.rpartition(" ")
        if any(" " in k for k in attrs):
            attrs = {("{%s}%s" % tuple(k.split(" ", 1)) if " " in k else k): v for k, v in attrs.items()}
        node = Node(ns, name, attrs, parser.CurrentLineNumber)
        if stack:
            stack[-1].children.append(node)
        else:
            root.append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def text(data: str) -> None:
        if stack:
            stack[-1].children.append(data)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(markup, True)
    except expat.ExpatError as exc:
        message = expat.ErrorString(exc.code)
        if message == "unbound prefix":
            message = "unbound prefix (declare it: xmlns:pnp=\"https://pnp.invalid/ns\" on the <svg> element)"
        open_line = 0
        if message == "mismatched tag" and stack:
            node = stack[-1]
            message = f"mismatched tag: <{node.tag}> of rendered line {node.line} is not closed"
            open_line = node.line
        raise XmlProblem(message, exc.lineno, exc.offset + 1, open_line) from None
    return root[0]
