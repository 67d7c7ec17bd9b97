"""Finding catalog strings in laid-out texts: which msgid (or msgstr) a printed text came from.

A text a box holds is a catalog string with its placeholders filled in ("%(rider)s : avance ..."
printed as "Coureur rouge : avance ..."), in capitals maybe (a band), with icons and no-break
spaces; or a string inside a longer text. Each string becomes a pattern: its words literally
(case, no-break spaces and icons aside), each placeholder any run of text. ``Finder.find`` tells
which strings a text is: the one that matches it whole (the most literal one when several do), and
the strings its placeholders were filled with; else the strings found inside it.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from dataclasses import dataclass

_PLACEHOLDER = re.compile(r"%\((\w+)\)[sdifr]|%[sdifr]|%%")
_ICON = re.compile(r"(?<![\w:]):[a-z][a-z0-9_-]*:(?![\w:])")
_SPACES = re.compile(r"[^\S\n]+")
_BREAKS = re.compile(r" ?\n[\s]*")
_SEGMENTS = re.compile(r"\n| · ")
"""Where texts joined into one box or line meet: a new line, a middle dot (" · ")."""
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u201c": '"', "\u201d": '"',
                         "\u00ab": '"', "\u00bb": '"', "\u201e": '"', "\u2003": " ", "\u00a0": " ",
                         "\u202f": " ", "\u2009": " "})


def normalize(text: str) -> str:
    """``text`` as compared: icons and every kind of space one space (new lines kept), quotes
    straight, case folded."""
    return _BREAKS.sub("\n", _SPACES.sub(" ", _ICON.sub(" ", text).translate(_QUOTES))).strip().casefold()


@dataclass(frozen=True)
class Pattern:
    """One catalog string as a regular expression over normalized texts."""

    key: Hashable
    regex: re.Pattern
    anchor: str
    """Its longest literal piece: a text without it cannot match."""
    literal: int
    """How many literal characters it has (the more, the more specific)."""
    letters: int
    """How many letters and digits it has literally."""
    names: tuple[str, ...]
    """Its placeholders, in order (groups of ``regex``)."""


def pattern(key: Hashable, text: str, formatted: bool = True) -> Pattern | None:
    """``text`` (a msgid or msgstr) as a Pattern; ``formatted``: %(name)s are placeholders (a
    python-format string). None when it has no word to find (a placeholder alone)."""
    norm = normalize(text)
    parts: list[str] = []
    names: list[str] = []
    literals: list[str] = []
    pos = 0
    for m in _PLACEHOLDER.finditer(norm) if formatted else ():
        literals.append(norm[pos:m.start()])
        parts.append(re.escape(norm[pos:m.start()]))
        if m.group(0) == "%%":
            literals.append("%")
            parts.append("%")
        else:
            names.append(m.group(1) or f"_{len(names)}")
            parts.append("(.+?)")
        pos = m.end()
    literals.append(norm[pos:])
    parts.append(re.escape(norm[pos:]))
    letters = sum(1 for piece in literals for c in piece if c.isalnum())
    if not letters:
        return None
    body = "".join(parts)
    regex = re.compile(rf"(?<!\w){body}(?!\w)", re.DOTALL)
    anchor = max((p.strip() for p in literals), key=len)
    return Pattern(key, regex, anchor, sum(len(p) for p in literals), letters, tuple(names))


@dataclass(frozen=True)
class Found:
    """A catalog string a text was made from."""

    key: Hashable
    whole: bool
    """The text is this string alone (its placeholders filled), not a part of a longer text."""


class Finder:
    """Patterns of a catalog's strings, to find them in texts."""

    CONTAINED = 4
    """Letters a string needs to be looked for inside a longer text (shorter ones, like "2e",
    would be found everywhere)."""
    CONTAINED_FORMAT = 10
    """Letters a string with placeholders needs for that ("%(a)s ou %(b)s" would match any "ou")."""
    WHOLE = 6
    """Letters a string with placeholders needs to be a text whole, unless its words are a third of
    the text ("%(a)s ou %(b)s" is "2 ou 3", not any sentence with "ou" in it)."""
    DEPTH = 2
    """How deep placeholders' values are looked into (a name inside a rule inside a caption)."""

    def __init__(self, strings: Iterable[tuple[Hashable, str, bool]]) -> None:
        """``strings``: (key, text, python-format) of each string (several per key for plurals)."""
        self.patterns = [p for key, text, formatted in strings if (p := pattern(key, text, formatted))]

    def find(self, text: str) -> list[Found]:
        """The strings ``text`` was made from, the one it is whole first (several keys when strings
        share a text), then those inside it; [] when none."""
        return _unique(self._find(normalize(text), True, 0))

    def _find(self, norm: str, whole: bool, depth: int) -> list[Found]:
        """The strings of ``norm``: the one it is, or those of each of its segments (texts joined
        with new lines or middle dots) when they account for more of its words; else those inside it."""
        if not norm:
            return []
        found, literal = self._whole(norm, whole, depth)
        segments = [seg.strip() for seg in _SEGMENTS.split(norm) if seg.strip()]
        if len(segments) > 1:
            parts = [self._whole(seg, False, depth) for seg in segments]
            if sum(n for _, n in parts) > literal:
                return [f for seg, (got, _) in zip(segments, parts) for f in (got or self._inside(seg))]
        return found or self._inside(norm)

    def _whole(self, norm: str, whole: bool, depth: int) -> tuple[list[Found], int]:
        """The most literal strings that match ``norm`` whole with the strings of their placeholders'
        values, and how many literal characters they match."""
        matches = [(p, m) for p in self.patterns if p.anchor in norm and (m := p.regex.fullmatch(norm))
                   and (p.letters >= self.WHOLE or 3 * p.literal >= len(norm))]
        if not matches:
            return [], 0
        best = max(p.literal for p, _ in matches)
        out: list[Found] = []
        for p, m in matches:
            if p.literal == best:
                out.append(Found(p.key, whole))
                if depth < self.DEPTH:
                    out += [f for value in m.groups() for f in self._find(value.strip(), False, depth + 1)]
        return out, best

    def _inside(self, norm: str) -> list[Found]:
        """Strings found inside ``norm``, the most literal first, each span of it used once."""
        taken: list[tuple[int, int]] = []
        out: list[Found] = []
        for p in sorted((p for p in self.patterns if p.anchor in norm), key=lambda p: -p.literal):
            if p.letters < (self.CONTAINED_FORMAT if p.names else self.CONTAINED):
                continue
            for m in p.regex.finditer(norm):
                if any(m.start() < b and a < m.end() for a, b in taken):
                    continue
                taken.append(m.span())
                out.append(Found(p.key, False))
                break
        return out


def _unique(found: list[Found]) -> list[Found]:
    seen: dict[Hashable, Found] = {}
    for f in found:
        if f.key not in seen or (f.whole and not seen[f.key].whole):
            seen[f.key] = f
    return list(seen.values())
