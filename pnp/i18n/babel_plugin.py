"""pnp's extraction as a Babel extractor, so ``pybabel extract`` (and tools built on it, such as
Weblate's or a CI's) gets exactly the strings ``pnp i18n extract`` gets, data strings included.

Installed with pnp as the Babel extraction method ``pnp`` (entry point ``babel.extractors``). A game's
``babel.cfg`` maps every file of its folder to it:

    [pnp: **]

and, in the game's folder, ``pybabel extract -F babel.cfg -o locales/messages.pot .`` writes the
catalog. Each file yields the strings pnp extracts from it (a template, a data file); ``game.yaml``
also yields the strings of the shared templates the game uses (kit pages, shared faces), which live
outside its folder: their comment names the shared file and line. A file pnp does not read yields
nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

SHARED_NOTE = "From the shared template"


def extract_pnp(fileobj: Any, keywords: Any, comment_tags: Any, options: dict) -> Iterator[tuple]:
    """Babel extraction method: (lineno, funcname, message(s), comments) for each string of this file."""
    path = Path(getattr(fileobj, "name", "")).resolve()
    folder = _game_folder(path)
    if folder is None:
        return
    catalog = _extracted(folder)
    shared = path == folder / "game.yaml"
    for message in catalog:
        if not message.id:
            continue
        for ref, line in message.locations:
            target = _resolve(folder, ref)
            if target == path:
                yield _entry(message, line, [])
            elif shared and not _inside(target, folder):
                yield _entry(message, 0, [f"{SHARED_NOTE} {ref}:{line}."])


def _entry(message, line: int, extra: list[str]) -> tuple:
    comments = [*message.auto_comments, *extra]
    if isinstance(message.id, (tuple, list)):
        singular, plural = message.id[0], message.id[1]
        if message.context:
            return line, "npgettext", (message.context, singular, plural), comments
        return line, "ngettext", (singular, plural), comments
    if message.context:
        return line, "pgettext", (message.context, message.id), comments
    return line, "gettext", message.id, comments


def _game_folder(path: Path) -> Path | None:
    """The game folder a file belongs to: the nearest folder above it with a game.yaml."""
    for folder in [path.parent, *path.parents]:
        if (folder / "game.yaml").is_file():
            return folder
    return None


_CACHE: dict[tuple, Any] = {}


def _extracted(folder: Path) -> Any:
    """pnp's catalog of the game, computed once per state of its files (Babel calls us per file)."""
    from pnp.i18n.extract import extract

    stamp = tuple(sorted((str(p), p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()
                         and "locales" not in p.relative_to(folder).parts))
    key = (folder, stamp)
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = extract(folder, room=True)
    return _CACHE[key]


def _resolve(folder: Path, ref: str) -> Path:
    """The file a catalog reference names: references are relative to the folder above the game's
    parent (data/<game>/...) or to the shared library's parent (templates/...)."""
    from pnp.paths import templates_dir

    for root in (folder.parent.parent, templates_dir().parent):
        candidate = (root / ref).resolve()
        if candidate.exists():
            return candidate
    return (folder / ref).resolve()


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder.resolve())
        return True
    except ValueError:
        return False
