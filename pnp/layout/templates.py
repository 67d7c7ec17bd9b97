"""Card, board and kit texts rendered through Jinja templates, in the language of the build.

Every text a component prints is a ``{% trans %}`` block of a macro (French source), extracted into
the game's gettext catalogs (pnp.i18n). A template environment is made per template folder and per
language: it has the i18n extension with ``trimmed`` on (as the extraction has, or multi-line blocks
would never match their msgid) and the language's translations installed new-style, so
``{% trans n=x %}...{{ n }}...{% endtrans %}`` and ``_("... %(n)s", n=x)`` both format their variables.
"""

from __future__ import annotations

from functools import lru_cache
import re
from pathlib import Path
from typing import Any

from pnp.errors import DataError, DataErrors, Location
from pnp.i18n.context import Language, current


_BYTECODE = None


def bytecode_cache():
    """Compiled templates kept between builds (Jinja checks each against its template's source)."""
    global _BYTECODE
    if _BYTECODE is None:
        import jinja2

        _BYTECODE = jinja2.FileSystemBytecodeCache(pattern=f"__pnp_{_environment_digest()}_%s.cache")
    return _BYTECODE


def _environment_digest() -> str:
    """A digest of the code that sets up pnp's Jinja environments: compiled templates depend on it
    (a filter's arguments are fixed when a template compiles), so a new pnp never reuses old ones."""
    import hashlib

    here = Path(__file__).parent
    h = hashlib.sha256()
    for name in ("templates.py", "typography.py", "markup/env.py", "rulebook_context.py"):
        h.update((here / name).read_bytes())
    return h.hexdigest()[:16]


CARD_TEXTS = "cards.j2"
"""A game's card and piece texts, in its templates/ folder (macros the faces call: ``texts("name")``)."""
BOARD_TEXTS = "board.j2"
"""A game's board texts."""
RULEBOOK = "rulebook.md.j2"
"""A game's rulebook."""
KIT_TEXTS = "kit.j2"
"""The texts every kit prints (cover, sheet labels, tiles, calibration), in the shared library; a game
may override it by giving its own."""


def environment(folder: str | Path | list[Path] | tuple, language: Language | None = None):
    """The Jinja environment over ``folder`` (or a search path of folders, first first) in
    ``language`` (default: the current language): strict about undefined names, with gettext
    installed, and its compiled templates kept between builds."""
    folders = tuple(str(f) for f in folder) if isinstance(folder, (list, tuple)) else (str(folder),)
    return _environment(folders, language or current())


@lru_cache(maxsize=32)
def _environment(folders: tuple[str, ...], language: Language):
    return new_environment(folders, language.translations)


def new_environment(folders: tuple[str, ...], translations: Any, autoescape: bool = False):
    """A Jinja environment as every pnp template is written for: the ``folders`` searched first to
    last, strict about undefined names, blocks trimmed, the i18n extension with ``trimmed`` on (as
    extraction has it) and ``translations`` installed new-style, compiled templates cached."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(list(folders)),
        bytecode_cache=bytecode_cache(),
        undefined=jinja2.StrictUndefined,
        autoescape=autoescape,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        extensions=["jinja2.ext.i18n"],
    )
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_translations(translations, newstyle=True)  # type: ignore[attr-defined]
    from pnp.layout.typography import install_filters

    install_filters(env)
    return env


_SPACES = re.compile(r"[ \t\r\n]+")


def _one_line(text: str) -> str:
    """``text`` with its runs of ASCII white space made one space (U+00A0 is not white space here:
    it is how a translator keeps "3 pola" together)."""
    return _SPACES.sub(" ", text).strip(" ")


class Texts:
    """The macros of one template file, called by name: ``texts("rule", card=card)``.

    ``globals`` are names every macro of the file may read (e.g. ``model``). The texts come out in
    the language that is current when the Texts is made.
    """

    def __init__(self, folder: Path | list[Path], name: str, **globals: Any) -> None:
        import jinja2

        folders = list(folder) if isinstance(folder, (list, tuple)) else [folder]
        found = next((f / name for f in folders if (f / name).is_file()), folders[0] / name)
        self.where = Location(str(found))
        self.language = current()
        try:
            template = environment(folders, self.language).get_template(name)
            self.module = template.make_module(globals) if globals else template.module
        except jinja2.TemplateNotFound as exc:
            missing = exc.name if exc.name != name else name
            where = Location(str(found)) if missing != name else self.where
            error = DataErrors([DataError(where, f"template not found: {missing}",
                                          hint=f"create {missing} in {folders[0]}")])
            if missing != name:
                raise error from None
            # a game may have no text file of this kind (faces that write their texts themselves):
            # the error comes with the first text asked of it
            self.module, self._missing = None, error
        except jinja2.TemplateSyntaxError as exc:
            raise DataErrors([DataError(Location(exc.filename or self.where.file, exc.lineno),
                                        f"template syntax: {exc.message}")]) from None

    def __call__(self, name: str, /, **context: Any) -> str:
        """The macro's text on one line (runs of white space become one space; a translator's
        no-break space stays)."""
        return _one_line(self._render(name, context))

    def has(self, name: str) -> bool:
        """Whether the file gives macro ``name``."""
        return self.module is not None and getattr(self.module, name, None) is not None

    def lines(self, name: str, /, **context: Any) -> list[str]:
        """The macro's text as its non-empty lines, each on one line."""
        return [_one_line(ln) for ln in self._render(name, context).splitlines() if ln.strip()]

    def _render(self, name: str, context: dict[str, Any]) -> str:
        import jinja2

        if self.module is None:
            raise self._missing
        macro = getattr(self.module, name, None)
        if macro is None:
            raise DataErrors([DataError(self.where, f"no macro '{name}'",
                                        hint=f"add {{% macro {name}(...) %}} to the template")])
        try:
            return str(macro(**context))
        except jinja2.UndefinedError as exc:
            raise DataErrors([DataError(self.where, f"in macro '{name}': {exc.message}")]) from None
        except (KeyError, ValueError, TypeError) as exc:
            # a translation whose placeholders do not match its msgid (msgfmt --check catches it)
            raise DataErrors([DataError(self.where, f"in macro '{name}' [{self.language.code}]: "
                                                    f"a translation does not format: {type(exc).__name__}: {exc}",
                                        hint="run msgfmt --check on the language's PO file")]) from None


def card_texts(model: Any) -> Texts:
    """The card and piece texts of ``model``'s game (its templates/cards.j2), in the current
    language; its macros may read the model."""
    from pnp.paths import template_dirs

    return Texts(template_dirs(model.sources.folder), CARD_TEXTS, model=model)
