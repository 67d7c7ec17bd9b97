"""Every text of the data can be printed: checked where it is written, before anything is laid out.

A value of a data file (YAML or a card list) is refused at its line and column when it holds a
character no XML file can carry (a control character, a noncharacter such as U+FFFF, a lone
surrogate) or one that the kit's fonts cannot draw (an emoji): the designer learns it from the
data file, not from a template far away.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

from pnp.errors import ErrorBag, Location
from pnp.load.records import Record, RecordList

FONT = "sans"
"""The kit's text font: every weight of it has the same characters."""


def _values(node: Any, where: Location) -> Iterator[tuple[str, Location, str]]:
    """(text, location, field) of every string in ``node``, depth first."""
    if isinstance(node, Record):
        for key, value in node.items():
            loc = node.where(key)
            if isinstance(value, str):
                yield value, loc, key
            else:
                yield from _values(value, loc)
    elif isinstance(node, RecordList):
        for i, value in enumerate(node):
            loc = node.where(i)
            if isinstance(value, str):
                yield value, loc, ""
            else:
                yield from _values(value, loc)


def _unwritable(ch: str) -> bool:
    code = ord(ch)
    if ch in "\t\n\r":
        return False
    if unicodedata.category(ch) in ("Cc", "Cs"):
        return True
    return (0xFDD0 <= code <= 0xFDEF) or (code & 0xFFFE) == 0xFFFE


def check_printable(root: Any, errors: ErrorBag) -> None:
    """Add an error for every value of ``root`` (a file's records) with a character that cannot be
    printed; one error per value, naming the first such character."""
    from pnp.layout.fonts import missing_glyphs

    for text, loc, key in _values(root, getattr(root, "loc", Location("<memory>"))):
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
