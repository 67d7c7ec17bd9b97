"""The translation memory: what a new or stale catalog can start from instead of empty strings.

Two sources, looked up by exact msgid (with its plural) and msgctxt, in this order:

- the shared catalog, ``templates/locales/<lang>.po``: the strings of the shared templates (the kit's
  cover, kit pages, tile and sheet labels, stamps), which every kit prints, translated once;
- the other games' catalogs of the same language: where they disagree, the translation most of them
  give (then the first game by name), so the result does not depend on the order games are read in.

``prefill`` puts a found translation into every untranslated entry and marks it fuzzy: a translator
confirms it (Poedit, Weblate: "needs work"), and until then builds, ``pnp i18n status`` and
``--draft`` treat it as a gap, as gettext does (a compiled catalog leaves fuzzy entries out).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from pnp.i18n.catalogs import LOCALES, TEMPLATE, read, serialize, write_if_changed

SHARED = "the shared catalog"
"""The source name of the shared catalog in reports."""

SHARED_HEADER = """\
# pnp: {language} translation of the texts every kit prints (cover, kit
# pages, tile and sheet labels): the translation memory of the games.
# `pnp i18n update` (every game) updates it; `pnp i18n update GAME --lang
# {lang}` pre-fills a game's catalog from it, fuzzy.
#"""

Key = tuple[object, str | None]
"""An entry's msgid (a string, or (singular, plural)) and msgctxt."""


def shared_dir(templates: Path) -> Path:
    """Where the shared catalog lives: ``templates/locales/``."""
    return templates / LOCALES


def shared_template(templates: Path):
    """A Babel catalog of the strings of every shared template (``templates/**/*.j2``), each with its
    ``templates/...:line`` as the games' catalogs reference it."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file

    from pnp.errors import DataError, DataErrors, Location
    from pnp.i18n.extract import COMMENT_TAGS, JINJA_METHOD, JINJA_OPTIONS

    from pnp import __version__

    catalog = Catalog(project="pnp shared kit texts", version=__version__, msgid_bugs_address="", charset="utf-8",
                      fuzzy=True,
                      header_comment="# The texts every kit prints (shared templates), in French: the source of\n"
                                     "# the translation memory. Made by `pnp i18n update`; never edit it by hand.\n#")
    catalog.msgid_bugs_address = ""
    for path in sorted(templates.rglob("*.j2")):
        ref = path.relative_to(templates.parent).as_posix()
        try:
            found = list(extract_from_file(JINJA_METHOD, str(path), DEFAULT_KEYWORDS, COMMENT_TAGS,
                                           JINJA_OPTIONS, strip_comment_tags=True))
        except Exception as exc:  # a template Jinja cannot parse
            line = getattr(exc, "lineno", 0) or 0
            raise DataErrors([DataError(Location(ref, line), f"cannot extract strings: {exc}")]) from None
        for lineno, message, comments, context in found:
            catalog.add(message, None, [(ref, lineno)], auto_comments=comments, context=context)
    return catalog


def _key(message) -> Key:
    return (message.id if isinstance(message.id, str) else tuple(message.id)), message.context


def _forms(message) -> tuple[str, ...]:
    s = message.string
    return tuple(x or "" for x in s) if isinstance(s, (list, tuple)) else (s or "",)


def _usable(message) -> bool:
    """Translated and confirmed: not fuzzy, every form filled in."""
    return bool(message.id) and not message.fuzzy and all(f.strip() for f in _forms(message))


@dataclass
class Memory:
    """The translations of one language that catalogs can be pre-filled from."""

    lang: str
    shared: dict[Key, object] = field(default_factory=dict)
    games: dict[Key, list[tuple[str, object]]] = field(default_factory=dict)
    """Per key, (game, translation) of every other game that translates it, games in name order."""
    sources: list[Path] = field(default_factory=list)
    """The catalog files read, shared first."""

    def lookup(self, message, num_plurals: int) -> tuple[object, str] | None:
        """The translation of ``message`` and where it comes from (SHARED or a game's id), or None;
        a plural translation only when it has the catalog's number of forms."""
        key = _key(message)
        plural = not isinstance(message.id, str)
        fits = lambda t: not plural or len(t) == num_plurals  # noqa: E731
        if key in self.shared and fits(self.shared[key]):
            return self.shared[key], SHARED
        votes = [(game, t) for game, t in self.games.get(key, []) if fits(t)]
        if not votes:
            return None
        counts = Counter(t for _, t in votes)
        best = max(counts.values())
        return next((t, game) for game, t in votes if counts[t] == best)

    def __len__(self) -> int:
        return len(set(self.shared) | set(self.games))


def load(lang: str, templates: Path | None, games: dict[str, Path]) -> Memory:
    """The memory of ``lang``: the shared catalog under ``templates`` (when it has that language) and
    the ``<lang>.po`` of each of ``games`` (id -> folder; the game being updated left out by the caller)."""
    memory = Memory(lang)
    shared = shared_dir(templates) / f"{lang}.po" if templates is not None else None
    if shared is not None and shared.is_file():
        memory.sources.append(shared)
        memory.shared = {_key(m): m.string for m in read(shared, locale=lang) if _usable(m)}
    for game in sorted(games):
        path = games[game] / LOCALES / f"{lang}.po"
        if not path.is_file():
            continue
        memory.sources.append(path)
        for m in read(path, locale=lang):
            if _usable(m):
                memory.games.setdefault(_key(m), []).append((game, m.string))
    return memory


@dataclass
class Prefill:
    """What ``prefill`` put into a catalog."""

    candidates: int = 0
    """Entries that had no translation at all (the ones the memory was asked about)."""
    by_source: Counter = field(default_factory=Counter)
    """How many came from SHARED and from each game."""

    @property
    def filled(self) -> int:
        return sum(self.by_source.values())

    def describe(self, shared_path: str = "") -> str:
        """'pre-filled 66 of 140 strings from the translation memory (fuzzy: review them): 60 from
        the shared catalog ..., 6 from other games (green-jersey 4, ...)'."""
        if not self.filled:
            return f"nothing of {self.candidates} untranslated strings found in the translation memory"
        parts = []
        if self.by_source[SHARED]:
            where = f" {shared_path}" if shared_path else ""
            parts.append(f"{self.by_source[SHARED]} from the shared catalog{where}")
        games = sorted((g, n) for g, n in self.by_source.items() if g != SHARED)
        if games:
            total = sum(n for _, n in games)
            parts.append(f"{total} from other games (" + ", ".join(f"{g} {n}" for g, n in games) + ")")
        return (f"pre-filled {self.filled} of {self.candidates} untranslated strings from the translation "
                f"memory (fuzzy: review them): " + ", ".join(parts))


def prefill(catalog, memory: Memory) -> Prefill:
    """Fill every entry of ``catalog`` that has no translation yet from ``memory``, marked fuzzy.
    Entries already translated, partly translated or fuzzy (stale) are left as they are."""
    report = Prefill()
    for message in catalog:
        if not message.id or message.fuzzy or any(f.strip() for f in _forms(message)):
            continue
        report.candidates += 1
        found = memory.lookup(message, catalog.num_plurals)
        if found is None:
            continue
        translation, source = found
        message.string = translation
        message.flags.add("fuzzy")
        report.by_source[source] += 1
    return report


@dataclass
class SharedUpdate:
    """What ``update_shared`` did: the template's size, and each language's merge."""

    total: int
    template_written: bool
    languages: dict[str, object] = field(default_factory=dict)
    """lang -> catalogs.UpdateReport."""


def update_shared(templates: Path, games: dict[str, Path], langs: tuple[str, ...] = ()) -> SharedUpdate:
    """Extract the shared templates into ``templates/locales/messages.pot`` and merge it into every
    ``<lang>.po`` there (and into ``langs``, created when missing), new strings pre-filled (fuzzy)
    from the games' catalogs ``games``."""
    from pnp.i18n.catalogs import languages, update

    template = with_rooms(shared_template(templates), games)
    written = write_if_changed(shared_dir(templates) / TEMPLATE, serialize(template, template=True))
    result = SharedUpdate(sum(1 for m in template if m.id), written)
    for lang in sorted(set(languages(templates)) | set(langs)):
        header = SHARED_HEADER.format(language=_english_name(lang), lang=lang)
        result.languages[lang] = update(templates, template, lang, create=True, memory=load(lang, None, games),
                                        header=header)
    return result


def with_rooms(template, games: dict[str, Path]):
    """``template`` with, on each string, where the games print it and its room, as their own
    catalogs (messages.pot, made by ``pnp i18n update GAME``) say it: the first game that prints it."""
    done: set = set()
    for folder in (games[g] for g in sorted(games)):
        pot = folder / LOCALES / TEMPLATE
        if not pot.is_file():
            continue
        rooms = {_key(m): m.auto_comments for m in read(pot) if m.id}
        for message in template:
            key = _key(message) if message.id else None
            if key is not None and key not in done and key in rooms:
                message.auto_comments = list(dict.fromkeys([*message.auto_comments, *rooms[key]]))
                done.add(key)
    return template


def _english_name(lang: str) -> str:
    from babel import Locale

    return Locale.parse(lang).english_name
