"""A generated rulebook (Markdown) read into simple blocks that a painter typesets.

The Markdown comes from a rulebook template; what it may hold:

- headings (``#`` starts a section, ``##`` a subsection, ``###`` a minor heading);
- paragraphs with **bold** and *italic* (and the inline tags <b> <i> <u> <sup> <sub> <br>);
- bullet and numbered lists (a numbered list may start at any number);
- tables (GitHub style, with ``:--`` / ``--:`` / ``:-:`` alignment);
- a figure: a paragraph made only of ``![caption](fig:REF)``; the painter asks the caller for REF's scene;
- a page break: a line ``---pagebreak---`` or ``<!-- pagebreak -->``;
- a note (``> text``), and a thin rule (``***`` on its own line).

Inline text is kept as ReportLab paragraph markup: ``<b>``, ``<i>``, with ``&``, ``<`` and ``>`` escaped.
Typography: a straight apostrophe becomes ’ (double quotes are left as typed: French writes « »), and a
narrow no-break space (U+202F, which Fira Sans lacks) becomes a no-break space.
Indented code blocks are switched off: an indented line in a template is ordinary text.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from urllib.parse import unquote

from pnp.errors import PnpError

FIGURE_SCHEME = "fig:"
_PAGEBREAK = re.compile(r"^[ \t]*(?:-{3}[ \t]*pagebreak[ \t]*-{3}|<!--[ \t]*pagebreak[ \t]*-->)[ \t]*$",
                        re.IGNORECASE | re.MULTILINE)
_TAG = re.compile(r"<[^>]*>")
_INLINE_TAGS = {
    "b": "b", "strong": "b", "i": "i", "em": "i", "u": "u", "sup": "super", "sub": "sub",
}
_HTML_TAG = re.compile(r"^<\s*(/?)\s*([a-zA-Z]+)\s*(/?)\s*>$")
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")
"""A straight apostrophe inside a word (markdown-it's smartquotes skips a figure's caption)."""


class RulebookSyntaxError(PnpError):
    """The rulebook's Markdown holds something the rulebook cannot print."""


def _listify(obj: object, name: str) -> None:
    object.__setattr__(obj, name, list(getattr(obj, name)))


@dataclass(frozen=True)
class Heading:
    level: int
    text: str

    @property
    def plain(self) -> str:
        return plain_text(self.text)


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class BulletList:
    items: list[str]

    def __post_init__(self) -> None:
        _listify(self, "items")


@dataclass(frozen=True)
class NumberedList:
    items: list[str]
    start: int = 1

    def __post_init__(self) -> None:
        _listify(self, "items")


@dataclass(frozen=True)
class Table:
    header: list[str]
    rows: list[list[str]]
    align: list[str] = field(default_factory=list)
    """Per column: 'left', 'center' or 'right' ('' for the default)."""

    def __post_init__(self) -> None:
        _listify(self, "header")
        object.__setattr__(self, "rows", [list(r) for r in self.rows])
        _listify(self, "align")


@dataclass(frozen=True)
class Figure:
    ref: str
    caption: str


@dataclass(frozen=True)
class PageBreak:
    pass


@dataclass(frozen=True)
class Note:
    """A boxed aside (a Markdown block quote): a tip, an example, a reminder."""

    text: str


@dataclass(frozen=True)
class Rule:
    """A thin horizontal rule."""


Block = Heading | Paragraph | BulletList | NumberedList | Table | Figure | PageBreak | Note | Rule


def escape(text: str) -> str:
    """``text`` made safe for ReportLab paragraph markup."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def plain_text(markup: str) -> str:
    """The characters a piece of paragraph markup prints (tags removed, entities decoded)."""
    return html.unescape(_TAG.sub("", markup.replace("<br/>", " ")))


def _markdown():
    from markdown_it import MarkdownIt

    # typographer + smartquotes only: apostrophes become ’, double quotes are left as typed
    md = MarkdownIt("commonmark", {"typographer": True, "quotes": "\"\"‘’"}).enable(["table", "smartquotes"])
    md.disable("code")  # a template's indentation must not turn prose into code
    return md


def parse(markdown: str) -> list[Block]:
    """The blocks of a generated rulebook, in order."""
    from markdown_it.tree import SyntaxTreeNode

    md = _markdown()
    blocks: list[Block] = []
    chunks = _PAGEBREAK.split(markdown)
    for i, chunk in enumerate(chunks):
        if i:
            blocks.append(PageBreak())
        root = SyntaxTreeNode(md.parse(chunk))
        for node in root.children:
            blocks.extend(_block(node))
    return blocks


def _block(node) -> list[Block]:
    kind = node.type
    if kind == "heading":
        return [Heading(int(node.tag[1:]), _inline_of(node).strip())]
    if kind == "paragraph":
        figure = _figure(node)
        if figure is not None:
            return [figure]
        text = _inline_of(node).strip()
        return [Paragraph(text)] if text else []
    if kind == "bullet_list":
        return [BulletList([_item(li) for li in node.children])]
    if kind == "ordered_list":
        start = node.attrs.get("start", 1)
        return [NumberedList([_item(li) for li in node.children], int(start))]
    if kind == "table":
        return [_table(node)]
    if kind == "blockquote":
        return [Note(_flow(node.children))]
    if kind == "hr":
        return [Rule()]
    if kind == "html_block":
        content = node.content.strip()
        if content.startswith("<!--") and content.endswith("-->"):
            return []
        return [Paragraph(_html_text(content))]
    if kind in ("code_block", "fence"):
        lines = [escape(line) for line in node.content.rstrip("\n").split("\n")]
        return [Paragraph("<br/>".join(lines))]
    raise RulebookSyntaxError(f"rulebook: a Markdown '{kind}' cannot be printed (line {_line(node)})")


def _line(node) -> str:
    return str(node.map[0] + 1) if node.map else "?"


def _figure(paragraph) -> Figure | None:
    inline = paragraph.children[0]
    parts = [c for c in inline.children
             if not (c.type == "softbreak" or (c.type == "text" and not c.content.strip()))]
    images = [c for c in inline.children if c.type == "image"]
    for image in images:
        src = unquote(image.attrs.get("src", ""))
        if not src.startswith(FIGURE_SCHEME):
            raise RulebookSyntaxError(
                f"rulebook: the image '{src}' (line {_line(paragraph)}) is not a figure: "
                f"write ![caption]({FIGURE_SCHEME}REF)")
        if len(parts) != 1:
            raise RulebookSyntaxError(
                f"rulebook: the figure '{src}' (line {_line(paragraph)}) must be a paragraph of its own")
        return Figure(src[len(FIGURE_SCHEME):].strip(), _inline(image.children).strip())
    return None


def _item(list_item) -> str:
    """One list item as markup: its paragraphs, and any nested list as indented lines."""
    return _flow(list_item.children)


def _flow(children, depth: int = 0) -> str:
    parts: list[str] = []
    for child in children:
        if child.type == "paragraph":
            parts.append(_inline_of(child).strip())
        elif child.type in ("bullet_list", "ordered_list"):
            start = int(child.attrs.get("start", 1)) if child.type == "ordered_list" else 0
            for n, li in enumerate(child.children):
                mark = f"{start + n}." if child.type == "ordered_list" else "–"
                parts.append(f"{'&nbsp;' * 3 * (depth + 1)}{mark} {_flow(li.children, depth + 1)}")
        else:
            parts.extend(b.text for b in _block(child) if isinstance(b, (Paragraph, Note)))
    return "<br/>".join(p for p in parts if p)


def _table(node) -> Table:
    header: list[str] = []
    align: list[str] = []
    rows: list[list[str]] = []
    for section in node.children:
        for tr in section.children:
            cells = [_inline_of(cell).strip() for cell in tr.children]
            if section.type == "thead":
                header = cells
                for cell in tr.children:
                    style = str(cell.attrs.get("style", ""))
                    align.append(style.split(":", 1)[1].strip() if style.startswith("text-align:") else "")
            else:
                rows.append(cells)
    return Table(header, rows, align)


def _inline_of(node) -> str:
    return "".join(_inline(c.children) for c in node.children if c.type == "inline")


def _inline(nodes) -> str:
    out: list[str] = []
    for n in nodes:
        kind = n.type
        if kind == "text":
            out.append(escape(_APOSTROPHE.sub("’", n.content).replace("\u202f", "\xa0")))
        elif kind == "strong":
            out.append(f"<b>{_inline(n.children)}</b>")
        elif kind == "em":
            out.append(f"<i>{_inline(n.children)}</i>")
        elif kind == "softbreak":
            out.append(" ")
        elif kind == "hardbreak":
            out.append("<br/>")
        elif kind == "code_inline":
            out.append(escape(n.content))
        elif kind == "html_inline":
            out.append(_html_tag(n.content))
        elif kind == "link":
            out.append(_inline(n.children))
        elif kind == "image":
            src = n.attrs.get("src", "")
            raise RulebookSyntaxError(f"rulebook: the figure '{src}' must be a paragraph of its own")
        else:
            out.append(_inline(n.children) if n.children else escape(n.content))
    return "".join(out)


def _html_tag(tag: str) -> str:
    """A known inline tag becomes ReportLab markup, a comment disappears, anything else prints as text."""
    if tag.startswith("<!--"):
        return ""
    m = _HTML_TAG.match(tag.strip())
    if m:
        closing, name, selfclosing = m.group(1), m.group(2).lower(), m.group(3)
        if name == "br":
            return "<br/>"
        if name in _INLINE_TAGS and not selfclosing:
            return f"<{closing}{_INLINE_TAGS[name]}>"
    return escape(tag)


def _html_text(block: str) -> str:
    parts = re.split(r"(<[^>]*>)", block)
    return "".join(_html_tag(p) if p.startswith("<") else escape(p) for p in parts).strip()
