"""Translations affected by a change: msgids that appeared (to translate) or went away (their
translations become stale: `pnp i18n update` turns them fuzzy)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class TranslationDiff:
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    stale: dict[str, list[str]] = field(default_factory=dict)
    """Per language: the translated msgids that went away (their translation is now stale)."""
    error: str = ""

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.error)

    def as_dict(self) -> dict:
        return {"added": self.added, "removed": self.removed, "stale": self.stale,
                **({"error": self.error} if self.error else {})}


def _key(message) -> tuple[str, str | None]:
    mid = message.id if isinstance(message.id, str) else message.id[0]
    return mid, message.context


def _msgids(folder: Path, templates: Path) -> list[tuple[str, str | None]]:
    from pnp.diff.git import templates_home
    from pnp.i18n.extract import extract

    with templates_home(templates):
        return [_key(m) for m in extract(folder, templates) if m.id]


def diff_translations(old_folder: Path, old_templates: Path, new_folder: Path, new_templates: Path
                      ) -> TranslationDiff:
    from pnp.i18n.catalogs import languages, read

    try:
        a, b = _msgids(old_folder, old_templates), _msgids(new_folder, new_templates)
    except Exception as exc:
        return TranslationDiff(error=f"the strings could not be extracted: {type(exc).__name__}: {exc}")
    sa, sb = set(a), set(b)
    added = [k for k in dict.fromkeys(b) if k not in sa]
    removed = [k for k in dict.fromkeys(a) if k not in sb]
    out = TranslationDiff([_show(k) for k in added], [_show(k) for k in removed])
    gone = set(removed)
    for lang in languages(old_folder):
        try:
            catalog = read(old_folder / "locales" / f"{lang}.po", locale=lang)
        except Exception:
            continue
        stale = [_show(_key(m)) for m in catalog if m.id and _key(m) in gone and m.string
                 and (m.string if isinstance(m.string, str) else any(m.string))]
        if stale:
            out.stale[lang] = stale
    return out


def _show(key: tuple[str, str | None]) -> str:
    mid, ctx = key
    return f"{mid} [{ctx}]" if ctx else mid
