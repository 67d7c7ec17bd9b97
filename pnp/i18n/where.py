"""Where a printed text comes from: a problem with a text (it does not fit, a glyph is missing)
names the line the designer edits: the data file's line of a text of the data, or the PO entry of
a translation."""

from __future__ import annotations

import ast
import re
from pathlib import Path

_QUOTED = re.compile(r"""(?P<q>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*") (?:does not fit|has no glyph)""")


def _quoted_text(problem: str) -> str:
    """The text a layout problem quotes (without its cut mark), or ""."""
    found = _QUOTED.search(problem)
    if not found:
        return ""
    try:
        text = ast.literal_eval(found.group("q"))
    except (ValueError, SyntaxError):
        return ""
    return " ".join(text.removesuffix("…").split())


def po_entries(po: Path) -> list[tuple[str, int]]:
    """(translation on one line, line of its msgid, or msgctxt) of every translated entry of a PO file."""
    import polib

    lines = po.read_text(encoding="utf-8").splitlines()
    out = []
    for entry in polib.pofile(str(po)):
        line = entry.linenum  # the entry's first line (its comments): on to its msgctxt or msgid
        while line <= len(lines) and not lines[line - 1].startswith(("msgctxt", "msgid")):
            line += 1
        strings = list(entry.msgstr_plural.values()) if entry.msgstr_plural else [entry.msgstr]
        for s in strings:
            if s:
                out.append((" ".join(s.split()), line))
    return out


def with_data_lines(problems: list[str], folder: Path) -> list[str]:
    """``problems`` with the data file's line of each quoted text that comes from the data:
    ``[the text: riders.yaml:3]``."""
    from pnp.i18n.data import data_strings
    from pnp.model.reader import display_path

    strings = None
    out = []
    for problem in problems:
        text = _quoted_text(problem)
        if text:
            strings = strings if strings is not None else data_strings(folder)
            found = next((d for d in strings if " ".join(d.text.split()).startswith(text)), None)
            if found is not None:
                problem = f"{problem} [the text: {display_path(found.file)}:{found.line}]"
        out.append(problem)
    return out


def with_po_lines(problems: list[str], po: Path | None, display: str) -> list[str]:
    """``problems`` with the PO entry of each quoted translated text added: ``[en.po:39]``."""
    if po is None or not po.is_file():
        return problems
    entries = None
    out = []
    for problem in problems:
        text = _quoted_text(problem)
        if text:
            entries = entries if entries is not None else po_entries(po)
            line = next((n for s, n in entries if s.startswith(text) or text.startswith(s) and len(s) > 8), None)
            if line:
                problem = f"{problem} [the translation: {display}:{line}]"
        out.append(problem)
    return out
