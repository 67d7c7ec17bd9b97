"""Extraction: every translatable string of a game, with its file:line, as a Babel catalog.

Sources, per game (each looked up in the game's own templates/ folder, then in the shared library):
- its card texts ``cards.j2``, its board texts ``board.j2``, its rulebook ``rulebook.md.j2``
  when it exists, and the texts every kit prints ``kit.j2``; templates these import or include
  are followed (same folder, the game's templates/, the shared library);
- its face templates (pnp.layout.markup): every ``faces/*.svg.j2`` of the game's own ``templates/``
  folder, and the shared ``faces/NAME.svg.j2`` its decks name (``face:``, ``back:``) and it does
  not override, with what they include;
- the translatable fields of its data files (pnp.i18n.data.FIELDS).

Templates go through Babel with Jinja's extractor, ``trimmed`` and ``newstyle_gettext`` on, as the
build's environment has them: without ``newstyle_gettext`` a block without variables would be
extracted with "%" where the build looks up "%%", and never be found.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.errors import DataError, DataErrors, Location

TEMPLATES = ("cards.j2", "board.j2", "rulebook.md.j2", "kit.j2")
"""The templates of a game's kit, each looked up in the game's templates/ folder, then in the shared
library (kit.j2 is the shared one unless the game gives its own)."""

KINDS = {"cards.j2": "cards", "board.j2": "boards", "rulebook.md.j2": "rulebook", "kit.j2": "shared"}
"""What each kit template holds, for the status tables."""

JINJA_METHOD = "jinja2.ext:babel_extract"
JINJA_OPTIONS = {"trimmed": "true", "newstyle_gettext": "true", "trim_blocks": "true",
                 "lstrip_blocks": "true", "silent": "false"}
COMMENT_TAGS = ("Translators:",)

HEADER = """\
# {title}: the texts of its print-and-play kit (cards, pieces, boards, kit pages, rulebook).
# Source language: French. Made by `pnp i18n extract`; never edit it by hand.
# Translations are <lang>.po beside it: `pnp i18n update {game} --lang <lang>` creates or updates one.
#"""


@dataclass(frozen=True)
class Source:
    """A file strings were extracted from, as shown in references (relative to the project)."""

    path: Path
    ref: str
    kind: str
    """"template" or "data"."""


def template_sources(folder: Path, templates: Path, roots: tuple[str, ...] = TEMPLATES) -> list[Source]:
    """The templates ``roots`` (default TEMPLATES) of the game in ``folder`` that exist (its own,
    else the shared library's), and those they import or include, in order."""
    own = folder / "templates"
    paths = [next((d / name for d in (own, templates) if (d / name).is_file()), own / name) for name in roots]
    return _with_includes(paths, lambda path: (path.parent, own, templates), _roots(folder, templates))


def face_sources(folder: Path, templates: Path) -> list[Source]:
    """The face templates of the game in ``folder``: its own, then the shared ones its decks name
    (read from decks.yaml; an unreadable file gives none, the model reports it), with what they
    include (looked up as the build does: the game's templates/ first, then the shared library)."""
    own = folder / "templates"
    paths = sorted((own / "faces").glob("*.svg.j2"))
    for name in _deck_layouts(folder):
        rel = f"faces/{name}.svg.j2"
        if not (own / rel).is_file() and (templates / rel).is_file():
            paths.append(templates / rel)
    return _with_includes(paths, lambda path: (own, templates), _roots(folder, templates))


def _roots(folder: Path, templates: Path) -> tuple[Path, Path]:
    """What references are relative to: the folder above the game's folder's parent (so a built-in
    game's files read data/<game>/...), and the shared library's parent (templates/...)."""
    return folder.parent.parent, templates.parent


def _with_includes(paths: list[Path], lookup, roots: tuple[Path, Path]) -> list[Source]:
    """``paths`` that exist and the templates they import or include, in order, each once; a
    name is looked up in the folders ``lookup(path)`` gives for the template naming it, first first."""
    import jinja2
    from jinja2 import meta

    seen: dict[Path, Source] = {}
    queue = list(paths)
    env = jinja2.Environment(extensions=["jinja2.ext.i18n"])
    while queue:
        path = queue.pop(0)
        if path in seen or not path.is_file():
            continue
        ref = _ref(path, roots[1]) if _inside(path, roots[1] / "templates") else _ref(path, roots[0])
        seen[path] = Source(path, ref, "template")
        try:
            names = meta.find_referenced_templates(env.parse(path.read_text(encoding="utf-8")))
        except jinja2.TemplateSyntaxError as exc:
            raise DataErrors([DataError(Location(ref, exc.lineno or 0),
                                        f"template syntax: {exc.message}")]) from None
        for name in names:
            if name:
                queue += [p for p in (folder / name for folder in lookup(path)) if p.is_file()][:1]
    return list(seen.values())


def _deck_layouts(folder: Path) -> list[str]:
    """The face and back names of the decks of decks.yaml, in order, once each."""
    import yaml

    try:
        data = yaml.safe_load((folder / "decks.yaml").read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError):
        return []
    names: list[str] = []
    for deck in data.get("decks") or [] if isinstance(data, dict) else []:
        if isinstance(deck, dict):
            names += [str(deck[k]) for k in ("face", "back") if isinstance(deck.get(k), str)]
    return list(dict.fromkeys(names))


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def _ref(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def extract(folder: Path, templates: Path | None = None, room: bool = False):
    """A Babel catalog (the .pot) of every string of the game in ``folder``.

    With ``room``, every entry also says where it is printed and how much room it has (the kit is
    laid out in the source language to measure it: pnp.i18n.room); what the catalog files get.
    """
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file

    from pnp.i18n.data import data_strings
    from pnp.model.catalog import game_info
    from pnp.paths import templates_dir

    templates = templates or templates_dir()
    game = folder.name
    info = game_info(folder)
    title = info.title if info else game
    catalog = Catalog(project=f"{title} ({game})", version=info.version if info else None,
                      copyright_holder=(info.publisher or ", ".join(info.authors)) if info else None,
                      msgid_bugs_address="", charset="utf-8", fuzzy=True,
                      header_comment=HEADER.format(title=title, game=game))
    catalog.msgid_bugs_address = ""
    for source in template_sources(folder, templates) + face_sources(folder, templates):
        try:
            found = list(extract_from_file(JINJA_METHOD, str(source.path), DEFAULT_KEYWORDS, COMMENT_TAGS,
                                           JINJA_OPTIONS, strip_comment_tags=True))
        except Exception as exc:  # a template Jinja cannot parse
            line = getattr(exc, "lineno", 0) or 0
            raise DataErrors([DataError(Location(source.ref, line), f"cannot extract strings: {exc}")]) from None
        for lineno, message, comments, context in found:
            catalog.add(message, None, [(source.ref, lineno)], auto_comments=comments, context=context)
    data_root = folder.parent.parent
    for s in data_strings(folder):
        catalog.add(s.text, None, [(_ref(s.file, data_root), s.line)],
                    auto_comments=[s.comment] if s.comment else [], context=s.context)
    if room:
        from pnp.i18n.room import annotate

        annotate(catalog, folder, templates)
    return catalog


def source_kind(ref: str) -> str:
    """What a reference points to: "cards", "boards", "rulebook", "shared" (kit pages), "faces"
    (face templates) or "data"."""
    parts = ref.split("/")
    if "templates" not in parts[:-1]:
        return "data"
    after = parts[parts.index("templates") + 1:]  # the shared library's, or a game's own
    return KINDS.get(after[0], "shared") if len(after) == 1 else after[0]


def kinds(message) -> list[str]:
    """The kinds of source a message comes from, in the order of its references."""
    return list(dict.fromkeys(source_kind(f) for f, _ in message.locations)) or ["data"]


def references(message) -> list[str]:
    """A message's references as 'file:line'."""
    return [f"{f}:{n}" if n else f for f, n in message.locations]
