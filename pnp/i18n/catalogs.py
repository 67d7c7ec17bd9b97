"""The catalog files of a game: data/<game>/locales/messages.pot and one <lang>.po per language.

Plain PO files (Poedit, Weblate); nothing compiled is kept (a build compiles in memory).
Files are rewritten only when their content changes (dates aside), so an unchanged game gives
unchanged catalogs.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from pnp.errors import PnpError
from pnp.i18n.context import SOURCE_LANGUAGE
from pnp.load.suggest import did_you_mean

LOCALES = "locales"
TEMPLATE = "messages.pot"
_DATES = re.compile(r'^"(POT-Creation-Date|PO-Revision-Date): .*\\n"$', re.MULTILINE)


PO_HEADER = """\
# {project}: {language} translation of the texts of its print-and-play kit.
# Update it with `pnp i18n update {game} --lang {lang}`; translate it with Poedit or Weblate.
# A fuzzy entry is stale: its French changed (the old French is kept as #| msgid).
#"""


class CatalogError(PnpError):
    """A catalog that is missing, unreadable, or a language that does not exist."""


def locales_dir(folder: Path) -> Path:
    return folder / LOCALES


def template_path(folder: Path) -> Path:
    return locales_dir(folder) / TEMPLATE


def po_path(folder: Path, lang: str) -> Path:
    return locales_dir(folder) / f"{lang}.po"


def languages(folder: Path) -> list[str]:
    """Languages that have a catalog (a <lang>.po), sorted."""
    return sorted(p.stem for p in locales_dir(folder).glob("*.po"))


def parse_language(code: str) -> str:
    """A language code as Babel knows it ('en', 'pl', 'pt_BR'), or CatalogError."""
    from babel import Locale, UnknownLocaleError

    wanted = code.strip().replace("-", "_")
    if not re.fullmatch(r"[a-z]{2,3}(_[A-Z][a-z]{3})?(_[A-Z]{2})?", wanted):
        raise CatalogError(f"unknown language '{code}'")
    try:
        parsed = str(Locale.parse(wanted))
    except (UnknownLocaleError, ValueError, TypeError):
        raise CatalogError(f"unknown language '{code}'") from None
    if parsed != wanted:  # an alias Babel expands ('eng' -> 'en_US'): not a catalog name
        raise CatalogError(f"unknown language '{code}' (Babel reads it as '{parsed}')")
    return parsed


def require_catalog(folder: Path, lang: str, source: str = SOURCE_LANGUAGE) -> Path:
    """The PO file of ``lang`` for the game in ``folder``, or a CatalogError with a hint."""
    path = po_path(folder, lang)
    if path.is_file():
        return path
    existing = languages(folder)
    hint = did_you_mean(lang, [source, *existing])
    where = display(locales_dir(folder))
    msg = f"no catalog for language '{lang}' in {where}"
    if existing:
        msg += f" (catalogs: {', '.join(existing)}; source language: {source})"
    else:
        msg += f" (no translations yet; the source language is {source})"
    if hint and not hint.startswith("expected"):
        msg += f"; {hint}"
    msg += f"\nstart one with: pnp i18n update {folder.name} --lang {lang}"
    raise CatalogError(msg)


def display(path: Path) -> str:
    """A path as the user should see it (relative to the working folder when inside it)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def read(path: Path, locale: str | None = None):
    """A Babel catalog read from a PO or POT file (obsolete entries kept in ``.obsolete``).

    Babel's reader does not know previous msgids (``#| msgid``): it would keep them as translator
    comments and write them back as "# | msgid". They are read with polib and put back in place.
    """
    from babel.messages.pofile import PoFileError, read_po

    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise CatalogError(f"{display(path)}: file not found") from None
    except UnicodeDecodeError as exc:
        raise CatalogError(f"{display(path)}: not UTF-8 text ({exc.reason})") from None
    problem = syntax_problem(text)
    if problem:
        line, message = problem
        raise CatalogError(f"{display(path)}:{line}: not a valid PO file: {message} "
                           "(msgfmt --check finds the same; fix it in a text editor or Poedit)")
    previous = _previous_ids(text) if "\n#|" in text else {}
    cleaned = "".join(ln for ln in text.splitlines(keepends=True) if not ln.startswith(("#|", "#~|")))
    try:
        catalog = read_po(io.BytesIO(cleaned.encode("utf-8")), locale=locale, abort_invalid=True)
    except (PoFileError, ValueError) as exc:
        raise CatalogError(f"{display(path)}: not a valid PO file: {exc}") from None
    for (msgid, context), ids in previous.items():
        message = catalog.get(msgid, context)
        if message is not None:
            message.previous_id = ids
    return catalog


_KEYWORD = re.compile(r"^(msgctxt|msgid|msgid_plural|msgstr|msgstr\[\d+\])\s+(.*)$")
_STRING = re.compile(r'^"(?:[^"\\]|\\.)*"\s*$')


def syntax_problem(text: str) -> tuple[int, str] | None:
    """The first line of ``text`` that is not PO syntax, as msgfmt reads it (a string not closed, a
    stray word), with what is wrong; None when every line is a comment, a keyword with its string or
    a continued string. Babel's reader is lenient where msgfmt is not (an unclosed quote ran on into
    the next entry and printed "1 JERSE" on 21 cards)."""
    for n, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        m = _KEYWORD.match(stripped)
        rest = m.group(2) if m else stripped
        if not rest.startswith('"'):
            return n, (f"'{m.group(1)}' is not followed by a quoted string" if m
                       else f"'{stripped[:30]}' is not a keyword, a comment or a quoted string")
        if not _STRING.match(rest):
            return n, "a string is not closed with \" (or a \" inside it is not escaped as \\\")"
    return None


def _previous_ids(text: str) -> dict[tuple[str, str | None], list[str]]:
    import polib

    out = {}
    for entry in polib.pofile(text):
        if entry.previous_msgid:
            ids = [entry.previous_msgid] + ([entry.previous_msgid_plural] if entry.previous_msgid_plural else [])
            out[(entry.msgid, entry.msgctxt)] = ids
    return out


def serialize(catalog, template: bool = False) -> bytes:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    # Babel wraps a long previous msgid into broken #| lines: write them ourselves.
    write_po(buf, catalog, width=76, include_previous=False, ignore_obsolete=template)
    text = buf.getvalue().decode("utf-8")
    if not template:
        text = _with_previous_ids(text, catalog)
    return text.encode("utf-8")


def _po_string(keyword: str, value: str, prefix: str = "") -> list[str]:
    """``keyword "value"`` as PO lines (wrapped as Babel wraps them), each starting with ``prefix``."""
    from babel.messages.pofile import normalize

    first, *rest = normalize(value, width=76 - len(prefix)).split("\n")
    return [f"{prefix}{keyword} {first}"] + [f"{prefix}{line}" for line in rest]


def _with_previous_ids(text: str, catalog) -> str:
    """``text`` with the ``#| msgid`` lines of every fuzzy message that has a previous msgid."""
    for message in catalog:
        if not (message.id and message.fuzzy and message.previous_id):
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        anchor = "\n".join(_po_string("msgid", ids[0]))
        if message.context:
            anchor = "\n".join(_po_string("msgctxt", message.context)) + "\n" + anchor
        previous = list(message.previous_id)
        block = _po_string("msgid", previous[0], "#| ")
        if len(previous) > 1:
            block += _po_string("msgid_plural", previous[1], "#| ")
        at = text.find("\n" + anchor + "\n")
        if at >= 0:
            text = text[:at + 1] + "\n".join(block) + "\n" + text[at + 1:]
    return text


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` unless the file already says the same (header dates aside). True if written."""
    if path.is_file():
        old = path.read_bytes()
        strip = lambda b: _DATES.sub("", b.decode("utf-8", "replace"))  # noqa: E731
        if strip(old) == strip(data):
            return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


def write_template(folder: Path, template) -> bool:
    return write_if_changed(template_path(folder), serialize(template, template=True))


@dataclass
class UpdateReport:
    """What ``update`` did to one language's catalog."""

    lang: str
    path: Path
    created: bool = False
    written: bool = False
    new: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    """msgids that became fuzzy because their French changed (previous msgid kept)."""
    removed: list[str] = field(default_factory=list)
    total: int = 0
    prefill: object = None
    """What the translation memory put in (pnp.i18n.memory.Prefill), when one was given."""


def _key(message) -> tuple:
    mid = message.id if isinstance(message.id, str) else tuple(message.id)
    return mid, message.context


def _first(mid) -> str:
    return mid if isinstance(mid, str) else mid[0]


def update(folder: Path, template, lang: str, create: bool = False, team: str = "", memory=None,
           header: str | None = None) -> UpdateReport:
    """Merge ``template`` into the catalog of ``lang`` (Babel's Catalog.update): a changed French string
    becomes fuzzy and keeps its previous msgid, new strings come untranslated, removed ones become
    obsolete (#~). With ``create``, a missing catalog is made from the template (its comment
    ``header``, by default the game's). With ``memory`` (pnp.i18n.memory.Memory), every entry left
    without a translation is pre-filled from it, fuzzy."""
    from babel import Locale

    path = po_path(folder, lang)
    report = UpdateReport(lang, path)
    if path.is_file():
        catalog = read(path, locale=lang)
        before = {_key(m) for m in catalog if m.id}
        previous = {_key(m): list(m.previous_id) for m in catalog if m.id and m.fuzzy and m.previous_id}
        before_obsolete = set(catalog.obsolete)
        catalog.update(template, update_header_comment=False)
        after = [m for m in catalog if m.id]
        for m in after:  # Babel forgets the previous msgid of a string that was already fuzzy
            if m.fuzzy and not m.previous_id and _key(m) in previous:
                m.previous_id = previous[_key(m)]
        report.new = [_first(m.id) for m in after if _key(m) not in before and not m.previous_id]
        report.changed = [_first(m.id) for m in after if _key(m) not in before and m.previous_id]
        report.removed = [_first(m.id) for k, m in catalog.obsolete.items() if k not in before_obsolete]
    elif create:
        from babel.messages.catalog import Catalog

        locale = Locale.parse(lang)
        catalog = Catalog(locale=lang, project=template.project, version=template.version,
                          copyright_holder=template.copyright_holder, msgid_bugs_address="",
                          creation_date=template.creation_date, revision_date=datetime.now(timezone.utc),
                          language_team=team or f"{locale.english_name} <{lang}@li.org>",
                          last_translator="FULL NAME <EMAIL@ADDRESS>", charset="utf-8", fuzzy=False,
                          header_comment=header or PO_HEADER.format(project=template.project, lang=lang,
                                                                    language=locale.english_name, game=folder.name))
        catalog.msgid_bugs_address = ""
        for m in template:
            if m.id:
                catalog.add(m.id, None, list(m.locations), flags=set(m.flags) - {"fuzzy"},
                            auto_comments=list(m.auto_comments), context=m.context)
        report.created = True
        report.new = [_first(m.id) for m in catalog if m.id]
    else:
        raise CatalogError(f"{display(path)}: file not found")
    if memory is not None:
        from pnp.i18n.memory import prefill

        report.prefill = prefill(catalog, memory)
    catalog.fuzzy = False
    report.total = sum(1 for m in catalog if m.id)
    report.written = write_if_changed(path, serialize(catalog))
    return report
