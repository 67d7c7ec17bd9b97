"""Where a language stands: counts from its PO file, and the gaps a build in it would hit.

Counts come from the PO files (Babel's reader), never from ``pybabel compile --statistics``, which
counts a fuzzy entry as translated while the compiled catalog drops it. A fuzzy entry is stale:
its French changed since it was translated (``pnp i18n update`` keeps the previous French as #|).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_NAMED = re.compile(r"%\((\w+)\)")


def _strings(message) -> tuple[str, ...]:
    s = message.string
    if isinstance(s, (list, tuple)):
        return tuple(x or "" for x in s)
    return (s or "",)


def is_translated(message, num_plurals: int) -> bool:
    """Not fuzzy, and every form (all plural forms of the language) filled in."""
    if message.fuzzy:
        return False
    forms = _strings(message)
    if isinstance(message.id, (list, tuple)) and len(forms) < num_plurals:
        return False
    return all(f.strip() for f in forms)


class _Any(dict):
    def __missing__(self, key):
        return 1


def format_problem(message) -> str:
    """Why the translation of ``message`` would not format like its msgid (a dropped, unknown or
    broken %(name)s placeholder, a lone %), or ""."""
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    try:
        for i in ids:
            i % _Any()
    except (ValueError, TypeError, KeyError):
        return ""  # the msgid is no format string (a data string): nothing to compare
    names = set().union(*(_NAMED.findall(i) for i in ids))
    plural = not isinstance(message.id, str)
    count = set(_NAMED.findall(ids[0])) ^ set(_NAMED.findall(ids[-1])) if plural else set()
    for form in _strings(message):
        if not form:
            continue
        try:
            form % _Any()
        except (ValueError, TypeError) as exc:
            return f"not a valid format string ({exc}; write a literal % as %%)"
        used = set(_NAMED.findall(form))
        if used - names:
            return "unknown placeholder " + ", ".join(f"%({n})s" for n in sorted(used - names))
        dropped = names - used - count
        if dropped:
            return "drops the placeholder " + ", ".join(f"%({n})s" for n in sorted(dropped))
    return ""


@dataclass(frozen=True)
class Gap:
    """A string a build needs that its language's catalog does not translate (usably)."""

    kind: str
    """"missing" (not in the PO: run update), "untranslated", "fuzzy" (stale), "format"."""
    msgid: str
    context: str | None
    refs: tuple[str, ...]
    previous: str = ""
    detail: str = ""
    po: str = ""
    """Where the entry is in the PO file (``locales/en.po:45``), when it is there."""

    def render(self) -> str:
        where = self.refs[0] if self.refs else "?"
        others = len(self.refs) - 1
        more = f" (and {others} more place{'s' if others > 1 else ''})" if others else ""
        what = {"missing": "not in the catalog", "untranslated": "untranslated",
                "fuzzy": "stale (fuzzy: the French changed)", "format": "bad translation"}[self.kind]
        ctx = f" [{self.context}]" if self.context else ""
        if self.po:  # the translator's place first: the PO entry, then where the text is used
            text = f"{self.po}: {what}: {_quote(self.msgid)}{ctx} (used at {where}{more})"
        else:
            text = f"{where}: {what}: {_quote(self.msgid)}{ctx}{more}"
        if self.previous:
            text += f"; the French was {_quote(self.previous)}"
        if self.detail:
            text += f"; {self.detail}"
        return text


def _quote(s: str, limit: int = 90) -> str:
    s = " ".join(s.split())
    return '"' + (s if len(s) <= limit else s[: limit - 1] + "…") + '"'


def _first(mid) -> str:
    return mid if isinstance(mid, str) else mid[0]


def _refs(message) -> tuple[str, ...]:
    return tuple(f"{f}:{n}" if n else f for f, n in message.locations)


def gaps(template, catalog, po: str = "") -> list[Gap]:
    """Every string of ``template`` (a fresh extraction) that ``catalog`` does not translate usably;
    ``po`` (the catalog's file as shown) places each entry the catalog has at its line."""
    out: list[Gap] = []
    n = catalog.num_plurals
    for m in template:
        if not m.id:
            continue
        t = catalog.get(m.id, m.context)
        refs = _refs(m)
        if t is None:
            out.append(Gap("missing", _first(m.id), m.context, refs))
            continue
        place = f"{po}:{t.lineno}" if po and getattr(t, "lineno", None) else ""
        if t.fuzzy:
            prev = _first(t.previous_id) if t.previous_id else ""
            out.append(Gap("fuzzy", _first(m.id), m.context, refs, prev if prev != _first(m.id) else "", po=place))
        elif not is_translated(t, n):
            out.append(Gap("untranslated", _first(m.id), m.context, refs, po=place))
        else:
            problem = format_problem(t)
            if problem:
                out.append(Gap("format", _first(m.id), m.context, refs, detail=problem, po=place))
    return out


@dataclass
class Status:
    """The counts of one language's catalog of a game."""

    lang: str
    path: Path
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0
    obsolete: int = 0
    missing: int = 0
    """Strings of the game (fresh extraction) that the PO does not hold yet: run `pnp i18n update`."""
    invalid: int = 0
    """Translated strings whose placeholders do not match their msgid."""
    fuzzy_ids: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated

    @property
    def complete(self) -> bool:
        return not (self.fuzzy or self.untranslated or self.missing or self.invalid)


def status(path: Path, lang: str, template=None) -> Status:
    """Counts of the PO file at ``path``; with ``template`` (a fresh extraction), also how many of the
    game's strings the file does not hold yet."""
    from pnp.i18n.catalogs import read

    catalog = read(path, locale=lang)
    st = Status(lang, path, obsolete=len(catalog.obsolete))
    for m in catalog:
        if not m.id:
            continue
        if m.fuzzy:
            st.fuzzy += 1
            st.fuzzy_ids.append(_first(m.id))
        elif is_translated(m, catalog.num_plurals):
            st.translated += 1
            st.invalid += bool(format_problem(m))
        else:
            st.untranslated += 1
    if template is not None:
        st.missing = sum(1 for m in template if m.id and catalog.get(m.id, m.context) is None)
    return st
