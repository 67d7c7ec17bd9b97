"""Measuring, wrapping and fitting text into boxes, once, so every painter agrees."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.layout import fonts
from pnp.layout.scene import Text


class TextProblem(PnpError):
    """A text that cannot be drawn: it does not fit, or its font lacks a glyph."""


@dataclass(frozen=True)
class Box:
    """Where a text goes (mm) and the range of sizes it may take (points)."""

    x: float
    y: float
    w: float
    h: float
    max_size: float
    min_size: float
    align: str = "center"
    valign: str = "middle"
    leading: float = 1.18


def check_glyphs(text: str, font: str) -> None:
    missing = fonts.missing_glyphs(text, font)
    if missing:
        shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
        raise TextProblem(f"the font {fonts.FACES[font][0]} has no glyph for {shown} in {text!r}")


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` mm (explicit newlines kept)."""
    from reportlab.lib.utils import simpleSplit

    lines: list[str] = []
    for para in text.split("\n"):
        lines.extend(simpleSplit(para, fonts.face(font).ps_name, size, width / fonts.PT) or [""])
    return lines


def line(text: str, x: float, y: float, font: str, size: float, fill: str = "#000000",
         align: str = "left") -> Text:
    """One measured line; ``align`` places (x, y) at its left, centre or right end."""
    check_glyphs(text, font)
    w = fonts.width_mm(text, font, size)
    start = {"left": x, "center": x - w / 2, "right": x - w}[align]
    return Text(start, y, text, font, size, fill, w)


def fit(text: str, box: Box, font: str, fill: str = "#000000") -> tuple[Text, ...]:
    """Lines of ``text`` at the largest size from max to min that fits ``box``.

    Raises TextProblem saying by how much it overflows at the smallest size.
    """
    check_glyphs(text, font)
    size = box.max_size
    while True:
        lines = wrap(text, font, size, box.w)
        height = _block_height(len(lines), size, box.leading)
        widest = max((fonts.width_mm(t, font, size) for t in lines), default=0.0)
        if height <= box.h + 1e-6 and widest <= box.w + 1e-6:
            return _place(lines, box, font, size, fill)
        if size <= box.min_size:
            over_h = max(0.0, height - box.h)
            over_w = max(0.0, widest - box.w)
            raise TextProblem(f"{text!r} does not fit at {box.min_size:g} pt: "
                              f"{over_h:.1f} mm too tall, {over_w:.1f} mm too wide")
        size = max(box.min_size, round(size - 0.5, 2))


def _block_height(n: int, size: float, leading: float) -> float:
    return (size + (n - 1) * size * leading) * fonts.PT


def _place(lines: list[str], box: Box, font: str, size: float, fill: str) -> tuple[Text, ...]:
    step = size * box.leading * fonts.PT
    block = _block_height(len(lines), size, box.leading)
    cap = size * fonts.PT * 0.72  # baseline sits a cap height below the top of the line
    top = {"top": box.y, "middle": box.y + (box.h - block) / 2, "bottom": box.y + box.h - block}[box.valign]
    anchor = {"center": box.x + box.w / 2, "left": box.x, "right": box.x + box.w}[box.align]
    return tuple(line(t, anchor, top + cap + i * step, font, size, fill, box.align)
                 for i, t in enumerate(lines))
