"""The Jinja environment of face templates, and rendering with located errors.

Templates are looked up in ``pnp.paths.template_dirs(game_folder)``: the game's own ``templates/``
folder first, then the shared library, so a game overrides a shared face by giving its name. The
environment is strict about undefined names (StrictUndefined), escapes what it prints for XML (a
card text with ``&`` or ``<`` stays text) and has gettext installed in the build's language, as the
other templates have (pnp.layout.templates): ``{% trans %}`` blocks and ``_()`` work in a face.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.i18n.context import Language
from pnp.layout.markup.errors import MarkupError, at_template
from pnp.paths import template_dirs

FACES = "faces"
SUFFIX = ".svg.j2"


def face_path(name: str) -> str:
    """The template name of a face layout: ``faces/NAME.svg.j2``."""
    return f"{FACES}/{name}{SUFFIX}"


def find(game_folder: Path, name: str) -> Path | None:
    """The file of template ``name`` (e.g. ``faces/back.svg.j2``) for a game: its own first, then
    the shared one; None when neither exists."""
    for folder in template_dirs(game_folder):
        path = folder / name
        if path.is_file():
            return path
    return None


def face_names(game_folder: Path) -> list[str]:
    """Every face layout a template gives, for the game (its own and the shared ones); a template
    whose name starts with ``_`` is a part that faces include or import, not a face."""
    names = set()
    for folder in template_dirs(game_folder):
        for path in (folder / FACES).glob(f"*{SUFFIX}"):
            if not path.name.startswith("_"):
                names.add(path.name[: -len(SUFFIX)])
    return sorted(names)


def pictures_digest(game_folder: Path) -> str:
    """A digest of the game's ``images/`` and ``icons/``: what a face's markup names and draws from
    (the templates themselves are in the markup they render)."""
    return _digest(_digest_folders(game_folder)[-2:])


def faces_digest(game_folder: Path) -> str:
    """A digest of everything a template face can draw from: every file under ``faces/``, ``art/`` and ``boards/``
    of the game's templates and of the shared library (with the parts they include), and the game's
    ``images/`` and ``icons/``. Incremental builds put it in the key of the files that show faces.
    The files are read again only when one of them changed (name, size or modification time)."""
    return _digest(_digest_folders(game_folder))


def _digest(folders: list[tuple[str, Path]]) -> str:
    files = []
    for tag, folder in folders:
        if folder.is_dir():
            for path in sorted(p for p in folder.rglob("*") if p.is_file()):
                st = path.stat()
                files.append((f"{tag}/{path.relative_to(folder).as_posix()}", str(path), st.st_size, st.st_mtime_ns))
    return _hash_files(tuple(files))


def _digest_folders(game_folder: Path) -> list[tuple[str, Path]]:
    dirs = template_dirs(game_folder)
    folders = [(str(i), d / FACES) for i, d in enumerate(dirs)]
    folders += [(f"{i}-art", d / "art") for i, d in enumerate(dirs)]  # the macros faces import
    folders += [(f"{i}-boards", d / "boards") for i, d in enumerate(dirs)]  # board decorations
    return folders + [("images", game_folder / "images"), ("icons", game_folder / "icons")]


@lru_cache(maxsize=8)
def _hash_files(files: tuple[tuple[str, str, int, int], ...]) -> str:
    import hashlib

    h = hashlib.sha256(b"pnp-faces-1")
    for name, path, _size, _mtime in files:
        h.update(f"{name}\0".encode())
        h.update(hashlib.sha256(Path(path).read_bytes()).digest())
    return h.hexdigest()


def environment(game_folder: Path, language: Language):
    """The Jinja environment of a game's templates in ``language``."""
    return _environment(tuple(str(p) for p in template_dirs(game_folder)), language)


@lru_cache(maxsize=16)
def _environment(folders: tuple[str, ...], language: Language):
    from pnp.layout.templates import new_environment

    env = new_environment(folders, _Escaped(language.translations), autoescape=True)  # faces are XML
    env.filters["mm"] = mm
    env.globals["mm"] = mm
    from pnp.layout.markup.geometry import GLOBALS as geometry

    env.globals.update(geometry)  # polar(), cos(), sin() in degrees
    return env


class _Escaped:
    """Translations whose texts are escaped for XML: Jinja takes a translation for markup when it
    autoescapes, so an ``&`` in a translation would break the face's SVG."""

    def __init__(self, translations) -> None:
        self.t = translations

    def gettext(self, message):
        from markupsafe import escape

        return escape(self.t.gettext(message))

    def ngettext(self, singular, plural, n):
        from markupsafe import escape

        return escape(self.t.ngettext(singular, plural, n))

    def pgettext(self, context, message):
        from markupsafe import escape

        return escape(self.t.pgettext(context, message))

    def npgettext(self, context, singular, plural, n):
        from markupsafe import escape

        return escape(self.t.npgettext(context, singular, plural, n))


def mm(value: float) -> str:
    """A number for markup: at most 3 decimals, no trailing zeros (``{{ w / 2 | mm }}``)."""
    s = f"{float(value):.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def load(env, name: str, game_folder: Path):
    """The compiled template ``name``; a missing template or a syntax error is a MarkupError."""
    import jinja2

    try:
        return env.get_template(name)
    except jinja2.TemplateSyntaxError as exc:
        raise at_template(exc.filename or name, exc.lineno, f"template syntax: {exc.message}") from None
    except jinja2.TemplateNotFound as exc:
        looked = " or ".join(f"{p}/" for p in _shown(template_dirs(game_folder)))
        raise at_template(name, 0, f"template not found: {exc.name}", hint=f"looked in {looked}") from None


def render(template, context: dict[str, Any], what: str) -> str:
    """``template`` rendered with ``context``; a mistake in it (an undefined name, a missing included
    template, an error raised by an expression) is a MarkupError at its template line. ``what`` names
    the card, for the message."""
    import jinja2

    try:
        return template.render(context)
    except MarkupError:
        raise
    except jinja2.TemplateSyntaxError as exc:  # an included template
        raise at_template(exc.filename or template.filename, exc.lineno, f"template syntax: {exc.message}") from None
    except jinja2.UndefinedError as exc:
        file, line = _template_frame(exc, template.filename)
        raise at_template(file, line, f"undefined: {exc.message}",
                          hint="see the names a face template receives in the README", what=what) from None
    except jinja2.TemplateNotFound as exc:
        file, line = _template_frame(exc, template.filename)
        raise at_template(file, line, f"template not found: {exc.name}") from None
    except (jinja2.TemplateError, ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as exc:
        file, line = _template_frame(exc, template.filename)
        raise at_template(file, line, f"{type(exc).__name__}: {exc}", what=what) from None


def _template_frame(exc: BaseException, default: str) -> tuple[str, int]:
    """The innermost template frame of ``exc``'s traceback (Jinja rewrites tracebacks so that a
    frame of template code names the template file and line)."""
    found = (default, 0)
    tb = exc.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.endswith(".j2"):
            found = (name, tb.tb_lineno)
        tb = tb.tb_next
    return found


def _shown(folders: list[Path]) -> list[str]:
    from pnp.layout.markup.errors import display

    return [display(p) for p in folders]
