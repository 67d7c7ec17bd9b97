"""Measuring, wrapping and fitting text into boxes, once, so every painter agrees."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from pnp.errors import PnpError
from pnp.layout import fonts, rooms
from pnp.layout.scene import Text


class TextProblem(PnpError):
    """A text that cannot be drawn: it does not fit, or its font lacks a glyph. ``room`` is the
    room of a text that does not fit (how much too long, where), None for a missing glyph."""

    def __init__(self, message: str, room: rooms.Room | None = None) -> None:
        super().__init__(message)
        self.room = room


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


READABLE_PT = 6.0
"""The smallest size of a text a player reads (stamps, captions, labels): print shops and
publishers set nothing smaller."""

NBSP = "\u00a0"
_BEFORE = re.compile(r" +(?=[?!:;»%×])|(?<=\d) +(?=(?:mm|cm|m|km|s|min|h|pt)\b)")
_AFTER = re.compile(r"(?<=[«×]) +")


def typeset_text(text: str) -> str:
    """``text`` with the apostrophes and quotes of the build's language (pnp.layout.typography)."""
    if "'" not in text and '"' not in text:
        return text
    from pnp.i18n.context import current
    from pnp.layout.typography import typeset

    return typeset(text, current().code)


def bind_punctuation(text: str) -> str:
    """``text`` with a no-break space where a line must not break: before ? ! : ; » % and after «
    (French typography: a line never starts with a lone "?" or ":"), between a number and its
    unit (30 mm, 300 m, 10 s) and around ×."""
    return _AFTER.sub(NBSP, _BEFORE.sub(NBSP, text))


def _words(para: str) -> list[str]:
    """The words of ``para``, split at ordinary spaces only (a no-break space binds its neighbours)."""
    return [w for w in para.split(" ") if w]


def wrap(text: str, font: str, size: float, width: float, hyphenate: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` mm (explicit newlines kept), greedily, at
    ordinary spaces; see ``bind_punctuation`` for where a line never breaks.

    With ``hyphenate``, a word wider than the box on its own is broken at a hyphenation point of the
    build's language (pyphen), where the language has a dictionary.
    """
    lines: list[str] = []
    for para in bind_punctuation(text).split("\n"):
        if hyphenate and any(fonts.width_mm(w, font, size) > width for w in _words(para)):
            lines.extend(_hyphenated(para, font, size, width))
        else:
            lines.extend(_greedy(para, font, size, width))
    return lines


def _greedy(para: str, font: str, size: float, width: float) -> list[str]:
    """As many words on each line as fit; a word too wide for any line stays alone on its line."""
    lines, cur = [], ""
    for word in _words(para):
        trial = f"{cur} {word}" if cur else word
        if cur and fonts.width_mm(trial, font, size) > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    lines.append(cur)
    return lines


def _hyphenated(para: str, font: str, size: float, width: float) -> list[str]:
    """Greedy lines of ``para``; a word too wide for any line is split across lines with hyphens."""
    lines, cur = [], ""
    for word in _words(para):
        while True:
            trial = f"{cur} {word}" if cur else word
            if fonts.width_mm(trial, font, size) <= width:
                cur = trial
                break
            if fonts.width_mm(word, font, size) <= width:  # fits on the next line
                lines.append(cur)
                cur = word
                break
            room = width - (fonts.width_mm(cur + " ", font, size) if cur else 0.0)
            split = _split(word, font, size, room)
            if split is None and cur:  # no break point fits after the line's words: start a new line
                lines.append(cur)
                cur = ""
                continue
            if split is None:  # cannot be hyphenated: leave it too wide, fit() reports it
                cur = word
                break
            head, word = split
            lines.append(f"{cur} {head}" if cur else head)
            cur = ""
    lines.append(cur)
    return lines


def uncuttable(word: str, names: frozenset[str] = frozenset()) -> bool:
    """Whether hyphenation must leave ``word`` whole: a number or an identifier (a digit in it, or
    all capitals, like AB-D-TOKENS), or one of ``names`` (proper names: Jean-Christophe, Vandamme),
    whatever punctuation is around it. A chunk bound by no-break spaces ("1\u00a0Erschöpfungskarte")
    is judged by its part after the last one: what comes before is kept whole by ``breaks``."""
    word = word[_bound(word):]
    letters = [c for c in word if c.isalpha()]
    if any(c.isdigit() for c in word) or (len(letters) > 1 and all(c.isupper() for c in letters)):
        return True
    return bool(names) and word.strip(_AROUND) in names


_AROUND = " \u00a0\u202f.,;:!?()[]«»“”‘’\"'"
_GLUE = "\u00a0\u202f"


def _bound(word: str) -> int:
    """Where the part of ``word`` after its last no-break space starts (0 without one)."""
    return max(word.rfind(c) for c in _GLUE) + 1


def breaks(word: str, iterate: Callable[[str], Iterable[tuple[str, str]]],
           names: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """The (head, tail) places hyphenation may cut ``word``, as ``iterate`` (pyphen's) gives them for
    its part after the last no-break space: "1\u00a0Erschöpfungskarte" may become
    "1\u00a0Erschöpfungs-" / "karte", never "1-"; none when that part is uncuttable."""
    cut = _bound(word)
    if not word[cut:] or uncuttable(word, names):
        return []
    return [(word[:cut] + head, tail) for head, tail in iterate(word[cut:])]


def _split(word: str, font: str, size: float, room: float) -> tuple[str, str] | None:
    """The longest ("head-", "tail") break of ``word`` whose head fits in ``room`` mm, or None."""
    dic = _dictionary(_language())
    if dic is None:
        return None
    for head, tail in breaks(word, dic.iterate):
        head = head if head.endswith("-") else head + "-"
        if fonts.width_mm(head, font, size) <= room:
            return head, tail
    return None


def _language() -> str:
    from pnp.i18n.context import current

    return current().code


@lru_cache(maxsize=None)
def _dictionary(lang: str):
    import pyphen

    name = pyphen.language_fallback(lang.replace("-", "_"))
    return pyphen.Pyphen(lang=name) if name else None


def line(text: str, x: float, y: float, font: str, size: float, fill: str = "#000000",
         align: str = "left") -> Text:
    """One measured line; ``align`` places (x, y) at its left, centre or right end. Its room is not
    measured (``fit_line`` fits a line to the width it may take)."""
    if rooms.recording_all():
        rooms.record(rooms.Room(text, None, None, size, size, font))
    return _line(text, x, y, font, size, fill, align)


def _line(text: str, x: float, y: float, font: str, size: float, fill: str, align: str) -> Text:
    text = typeset_text(text)
    check_glyphs(text, font)
    w = fonts.width_mm(text, font, size)
    start = {"left": x, "center": x - w / 2, "right": x - w}[align]
    return Text(start, y, text, font, size, fill, w)


def fit(text: str, box: Box, font: str, fill: str = "#000000", *, where: str = "",
        unit: float = 1.0) -> tuple[Text, ...]:
    """Lines of ``text`` at the largest size from max to min that fits ``box``.

    Shrinking comes first; only when no size fits are words too wide for the box hyphenated
    (again from the largest size). Raises TextProblem saying by how much it overflows at the
    smallest size (while a fit check collects overflows, the text is drawn at that size instead).

    ``where`` names the component for the room recorded (pnp.layout.rooms), ``unit`` is how many
    mm one unit of ``box`` is as printed.
    """
    raw = text
    text = typeset_text(text)
    check_glyphs(text, font)
    for hyphenate in (False, True):
        size = box.max_size
        while True:
            lines = wrap(text, font, size, box.w, hyphenate)
            height = _block_height(len(lines), size, box.leading)
            widest = max((fonts.width_mm(t, font, size) for t in lines), default=0.0)
            if height <= box.h + 1e-6 and widest <= box.w + 1e-6:
                if rooms.recording_all():
                    rooms.record(_room(raw, box, font, where, unit))
                return _place(lines, box, font, size, fill)
            if size <= box.min_size:
                break
            size = max(box.min_size, round(size - 0.5, 2))
    over_h = max(0.0, height - box.h)
    over_w = max(0.0, widest - box.w)
    over = max(height / box.h if box.h > 0 else 1.0, widest / box.w if box.w > 0 else 1.0) - 1.0
    detail = ", ".join(p for p in (f"{over_h * unit:.1f} mm too tall" if over_h > 0.05 else "",
                                   f"{over_w * unit:.1f} mm too wide" if over_w > 0.05 else "") if p)
    room = _room(raw, box, font, where, unit, over, detail or "too long")
    rooms.record(room)
    if rooms.collecting():
        return _place(lines, box, font, box.min_size, fill)
    raise TextProblem(f"{_short(text)} does not fit at {box.min_size:g} pt: "
                      f"{over_h:.1f} mm too tall, {over_w:.1f} mm too wide ({percent(over)} too long)", room)


def _room(text: str, box: Box, font: str, where: str, unit: float, over: float = 0.0,
          detail: str = "") -> rooms.Room:
    return rooms.Room(text, box.w * unit, box.h * unit, box.min_size, box.max_size, font, where, over, detail,
                      box.leading)


def percent(over: float) -> str:
    """An overflow (a fraction) as translators read it: "12 %" (at least 1 %)."""
    return f"{max(1, round(over * 100))} %"


def fit_line(text: str, x: float, y: float, font: str, size: float, width: float, min_size: float | None = None,
             fill: str = "#000000", align: str = "left", *, where: str = "", unit: float = 1.0) -> Text:
    """One line of ``text`` no wider than ``width`` (in the units of x and y; ``unit`` mm each): at
    ``size`` points, or smaller down to ``min_size`` (default: READABLE_PT, or ``size`` when it
    is smaller). Raises TextProblem saying how much too wide it is at the smallest size (while a
    fit check collects overflows, it is drawn at that size instead)."""
    floor = min(size, READABLE_PT) if min_size is None else min(min_size, size)
    raw = text
    text = typeset_text(text)
    check_glyphs(text, font)
    natural = fonts.width_mm(text, font, size)
    chosen = size
    if natural > width + 1e-6:
        chosen = max(floor, math.floor(size * width / natural * 4) / 4)  # widths grow with the size
    w = fonts.width_mm(text, font, chosen)
    room = rooms.Room(raw, width * unit, None, floor, size, font, where)
    if w > width + 1e-6:
        over = w / width - 1.0 if width > 0 else 1.0
        detail = f"{(w - width) * unit:.1f} mm too wide"
        room = rooms.Room(raw, width * unit, None, floor, size, font, where, over, detail)
        rooms.record(room)
        if not rooms.collecting():
            raise TextProblem(f"{_short(text)} does not fit at {floor:g} pt: {detail} for its line of "
                              f"{width * unit:.1f} mm ({percent(over)} too long)", room)
    elif rooms.recording_all():
        rooms.record(room)
    start = {"left": x, "center": x - w / 2, "right": x - w}[align]
    return Text(start, y, text, font, chosen, fill, w)


def common_size(texts: list[tuple[str, Box]], font: str) -> float:
    """The largest size, from the boxes' max down to their min, at which every text fits its box
    unhyphenated: blocks set side by side then share one size. The min when none fits (``fit``
    then shrinks or reports the text that overflows)."""
    size = max(box.max_size for _, box in texts)
    floor = max(box.min_size for _, box in texts)
    while size > floor:
        if all(_fits(text, box, font, size) for text, box in texts):
            return size
        size = max(floor, round(size - 0.5, 2))
    return floor


def _fits(text: str, box: Box, font: str, size: float) -> bool:
    lines = wrap(text, font, size, box.w)
    widest = max((fonts.width_mm(t, font, size) for t in lines), default=0.0)
    return _block_height(len(lines), size, box.leading) <= box.h + 1e-6 and widest <= box.w + 1e-6


def _short(text: str, limit: int = 80) -> str:
    """The text as quoted in a message, cut when long."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def _block_height(n: int, size: float, leading: float) -> float:
    return (size + (n - 1) * size * leading) * fonts.PT


def _place(lines: list[str], box: Box, font: str, size: float, fill: str) -> tuple[Text, ...]:
    step = size * box.leading * fonts.PT
    block = _block_height(len(lines), size, box.leading)
    cap = size * fonts.PT * 0.72  # baseline sits a cap height below the top of the line
    top = {"top": box.y, "middle": box.y + (box.h - block) / 2, "bottom": box.y + box.h - block}[box.valign]
    anchor = {"center": box.x + box.w / 2, "left": box.x, "right": box.x + box.w}[box.align]
    return tuple(_line(t, anchor, top + cap + i * step, font, size, fill, box.align)
                 for i, t in enumerate(lines))
