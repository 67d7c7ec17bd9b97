"""A build's language: its catalog compiled in memory, checked against what the kit needs.

Before anything is laid out, a build in a language other than the source:
- extracts the game's strings afresh (templates and data), so a French text changed since the last
  ``pnp i18n update`` is caught even though the PO file still looks complete;
- finds every one the catalog does not translate usably: missing, untranslated, fuzzy (stale), or
  with placeholders that do not match (see status.gaps);
- checks every translation against the character map of the kit's fonts;
- compiles the usable entries (read_po -> write_mo into memory -> babel.support.Translations):
  fuzzy entries never count, so a draft falls back to the French source for every gap.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from pnp.i18n.context import SOURCE_LANGUAGE, Language
from pnp.i18n.status import Gap, gaps as find_gaps


class Tracked:
    """Translations that remember every string looked up but not translated (filled with the source):
    the build's last guard, for a text the kit prints that no checked template declares."""

    def __init__(self, translations) -> None:
        self.translations = translations
        self.catalog = getattr(translations, "_catalog", {})
        self.fallbacks: dict[tuple[str, str | None], None] = {}

    def _miss(self, key, msgid: str, context: str | None = None) -> None:
        if msgid and key not in self.catalog:
            self.fallbacks[(msgid, context)] = None

    def gettext(self, message: str) -> str:
        self._miss(message, message)
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self._miss((singular, 0), singular)
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        self._miss(f"{context}\x04{message}", message, context)
        return self.translations.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        self._miss((f"{context}\x04{singular}", 0), singular, context)
        return self.translations.npgettext(context, singular, plural, n)


@dataclass
class Prepared:
    """What a build needs to know about its language before laying anything out."""

    language: Language
    po: Path | None = None
    gaps: list[Gap] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """Errors no draft can paper over: a glyph missing from the fonts, colour letters that clash."""


def compile_catalog(catalog, skip: set = frozenset()):
    """babel.support.Translations of the usable entries of ``catalog`` (no fuzzy, no partial plural,
    none whose key is in ``skip``), compiled in memory."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.support import Translations

    from pnp.i18n.status import is_translated

    clean = Catalog(locale=catalog.locale, charset="utf-8", fuzzy=False)
    clean.mime_headers = catalog.mime_headers
    for m in catalog:
        if m.id and is_translated(m, catalog.num_plurals) and (_first(m.id), m.context) not in skip:
            clean.add(m.id, m.string, context=m.context)
    buf = io.BytesIO()
    write_mo(buf, clean, use_fuzzy=False)
    buf.seek(0)
    return Translations(fp=buf)


def _first(mid) -> str:
    return mid if isinstance(mid, str) else mid[0]


def prepare(folder: Path, model, lang: str, draft: bool = False, templates: tuple[str, ...] | None = None
            ) -> Prepared:
    """The language ``lang`` for a build of the game in ``folder`` (``model`` loaded from it).

    ``templates`` are the templates the kit renders (as in pnp.i18n.extract.TEMPLATES; default: all):
    their strings and the data strings must be translated. With ``draft`` the build goes on despite
    gaps: they are filled with the French source, and the build watermarks every page.
    """
    source = getattr(model.info, "source_language", SOURCE_LANGUAGE) or SOURCE_LANGUAGE
    if lang == source:
        return Prepared(Language(lang, draft=draft))
    from pnp.i18n.catalogs import read, require_catalog
    from pnp.i18n.extract import extract

    path = require_catalog(folder, lang, source)
    catalog = read(path, locale=lang)
    template = extract(folder)
    from pnp.i18n.catalogs import display

    found = find_gaps(template, catalog, display(path))
    skip = {(g.msgid, g.context) for g in found}
    translations = Tracked(compile_catalog(catalog, skip))
    language = Language(lang, translations, draft=draft, source=False)
    problems = _glyph_problems(template, catalog, skip, lang)
    problems += _letter_problems(model, language)
    if templates is not None:
        needed = needed_keys(folder, template, templates)
        found = [g for g in found if (g.msgid, g.context) in needed]
    return Prepared(language, path, found, problems)


def needed_keys(folder: Path, template, roots: tuple[str, ...]) -> set[tuple[str, str | None]]:
    """Keys of the strings of ``roots`` (and what they import) and of the data."""
    from pnp.i18n.extract import template_sources
    from pnp.paths import templates_dir

    every = {s.ref for s in template_sources(folder, templates_dir())}
    kit = {s.ref for s in template_sources(folder, templates_dir(), roots)}
    return {(_first(m.id), m.context) for m in template
            if m.id and any(f not in every or f in kit for f, _ in m.locations)}


def fallbacks(language: Language) -> list[tuple[str, str | None]]:
    """Strings looked up in ``language`` so far that its catalog did not translate."""
    return list(getattr(language.translations, "fallbacks", {}))


def _glyph_problems(template, catalog, skip: set, lang: str) -> list[str]:
    """A translation with a character that the kit's fonts cannot draw (it would print as nothing)."""
    from pnp.layout import fonts
    from pnp.i18n.status import _strings

    out = []
    families: dict[str, str] = {}
    for key, (family, *_rest) in fonts.FACES.items():
        families.setdefault(family, key)
    for m in template:
        if not m.id or (_first(m.id), m.context) in skip:
            continue
        t = catalog.get(m.id, m.context)
        if t is None:
            continue
        for text in _strings(t):
            for family, key in families.items():
                missing = fonts.missing_glyphs(text, key)
                if missing:
                    where = f"{m.locations[0][0]}:{m.locations[0][1]}" if m.locations else "?"
                    chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
                    out.append(f"{where}: [{lang}] the font {family} has no glyph for {chars} in the translation "
                               f"{text!r} of {_first(m.id)!r}")
    return out


def _letter_problems(model, language: Language) -> list[str]:
    """Colour letters must stay distinct once translated (they tell colours apart without hue)."""
    from pnp.i18n.data import translator

    tr = translator(language)
    seen: dict[str, str] = {}
    out = []
    for colour in getattr(model, "colours", ()):
        if not colour.letter:
            continue
        letter = tr(("colours", "letter"), colour.letter)
        if letter in seen:
            out.append(f"[{language.code}] the colours {seen[letter]} and {colour.id} have the same letter "
                       f"'{letter}': give each colour its own letter in the catalog")
        seen.setdefault(letter, colour.id)
    return out
