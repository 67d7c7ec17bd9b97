"""Every value of the data is sane: checked where it is written, before anything is built from it.

A number larger than limits.DATA_NUMBER, or not finite (.nan, .inf), is refused at its line: one
zero too many must be an error, not minutes of work or gigabytes of memory.

Every text of the data can be printed.

A value of a data file (YAML or a card list) is refused at its line and column when it holds a
character no XML file can carry (a control character, a noncharacter such as U+FFFF, a lone
surrogate) or one that the kit's fonts cannot draw (an emoji): the designer learns it from the
data file, not from a template far away.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterator
from typing import Any

from pnp.errors import ErrorBag, Location
from pnp.load.records import Record, RecordList

FONT = "sans"
"""The kit's text font: every weight of it has the same characters."""


def _values(node: Any, where: Location) -> Iterator[tuple[Any, Location, str]]:
    """(value, location, field) of every string and number in ``node``, depth first."""
    if isinstance(node, Record):
        for key, value in node.items():
            loc = node.where(key)
            if isinstance(value, (Record, RecordList)):
                yield from _values(value, loc)
            else:
                yield value, loc, key
    elif isinstance(node, RecordList):
        for i, value in enumerate(node):
            loc = node.where(i)
            if isinstance(value, (Record, RecordList)):
                yield from _values(value, loc)
            else:
                yield value, loc, ""


def _number_problem(value: Any) -> str:
    from pnp.model.limits import DATA_NUMBER

    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return ""
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value} is not a number pnp can use"
    if abs(value) > DATA_NUMBER:
        return f"{value:,} is beyond what a game's data holds (at most {DATA_NUMBER:,}): a zero too many?"
    return ""


def _unwritable(ch: str) -> bool:
    code = ord(ch)
    if ch in "\t\n\r":
        return False
    if unicodedata.category(ch) in ("Cc", "Cs"):
        return True
    return (0xFDD0 <= code <= 0xFDEF) or (code & 0xFFFE) == 0xFFFE


def check_values(root: Any, errors: ErrorBag) -> None:
    """Add an error for every value of ``root`` (a file's records) that is a number out of range or a
    text with a character that cannot be printed (one error per value, naming the first such character)."""
    from pnp.layout.fonts import missing_glyphs

    for text, loc, key in _values(root, getattr(root, "loc", Location("<memory>"))):
        if not isinstance(text, str):
            problem = _number_problem(text)
            if problem:
                errors.add(loc, problem, key, "check the number")
            continue
        if text.isascii() and text.isprintable():
            continue
        bad = next((ch for ch in text if _unwritable(ch)), None)
        if bad is not None:
            errors.add(loc, f"the character U+{ord(bad):04X} cannot be printed (a control character or a "
                            "noncharacter)", key, "remove it; it may come from a copy and paste")
            continue
        missing = missing_glyphs(text, FONT)
        if missing:
            shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing[:3])
            errors.add(loc, f"the kit's font has no glyph for {shown} in {text[:40]!r}", key,
                       "write it in words or with characters the font has (emoji and most symbols are not)")
