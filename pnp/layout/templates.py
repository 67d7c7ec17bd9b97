"""Card and kit texts rendered through Jinja templates (ready for gettext catalogs)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.errors import DataError, DataErrors, Location


@lru_cache(maxsize=None)
def environment(folder: str):
    """The Jinja environment over ``folder``: strict about undefined names."""
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )


class Texts:
    """The macros of one template file, called by name: ``texts("rule", card=card)``."""

    def __init__(self, folder: Path, name: str) -> None:
        import jinja2

        self.where = Location(str(folder / name))
        try:
            self.module = environment(str(folder)).get_template(name).module
        except jinja2.TemplateNotFound:
            raise DataErrors([DataError(self.where, "template not found",
                                        hint=f"create {name} under {folder} (one template per game)")]) from None
        except jinja2.TemplateSyntaxError as exc:
            raise DataErrors([DataError(Location(self.where.file, exc.lineno),
                                        f"template syntax: {exc.message}")]) from None

    def __call__(self, name: str, /, **context: Any) -> str:
        """The macro's text on one line (runs of white space become one space)."""
        return " ".join(self._render(name, context).split())

    def lines(self, name: str, /, **context: Any) -> list[str]:
        """The macro's text as its non-empty lines, each on one line."""
        return [" ".join(ln.split()) for ln in self._render(name, context).splitlines() if ln.strip()]

    def _render(self, name: str, context: dict[str, Any]) -> str:
        import jinja2

        macro = getattr(self.module, name, None)
        if macro is None:
            raise DataErrors([DataError(self.where, f"no macro '{name}'",
                                        hint=f"add {{% macro {name}(...) %}} to the template")])
        try:
            return str(macro(**context))
        except jinja2.UndefinedError as exc:
            raise DataErrors([DataError(self.where, f"in macro '{name}': {exc.message}")]) from None
