"""Designer mistakes in a face template, located in the template (file and line).

A mistake is found either while Jinja renders the template (its line comes from Jinja) or while
the rendered markup is read (its line is one of the markup; the template line it comes from is
found by matching the markup line against the template's lines, their ``{{ }}`` parts as wildcards).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from pnp.errors import DataError, DataErrors, Location, PnpError


class MarkupError(PnpError):
    """One mistake in a template or in the markup it renders, with where it is."""

    def __init__(self, error: DataError, what: str = "") -> None:
        self.error = error
        self.what = what
        """The component it shows on ('card movement/single-bleu-1'), when it depends on one."""
        super().__init__(self.render())

    def render(self) -> str:
        """``what: file:line: error: message (hint)``, as the build lists layout problems."""
        return f"{self.what}: {self.error.render()}" if self.what else self.error.render()

    def as_errors(self) -> DataErrors:
        return DataErrors([self.error])


def display(path: str | Path) -> str:
    """A path as the user should see it: relative to the working folder when inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(p)


def at_template(template: str | Path, line: int, message: str, hint: str = "", what: str = "") -> MarkupError:
    return MarkupError(DataError(Location(display(template), line or 0), message, hint=hint), what)


def at_markup(template: str | Path, markup: str, markup_line: int, message: str, hint: str = "",
              what: str = "") -> MarkupError:
    """A mistake at ``markup_line`` of the rendered ``markup`` of ``template``: located at the template
    line it comes from when that can be told, and quoting the markup line."""
    lines = markup.splitlines()
    text = lines[markup_line - 1].strip() if 0 < markup_line <= len(lines) else ""
    line = template_line(str(template), text, markup_line)
    quoted = f" [rendered line {markup_line}: {_short(text)}]" if text else f" [rendered line {markup_line}]"
    return at_template(template, line, message + quoted, hint, what)


def template_line(template: str, rendered: str, near: int) -> int:
    """The line of ``template`` that rendered the markup line ``rendered`` (0 when it cannot be told):
    of the lines whose pattern matches it, the one closest to ``near``."""
    if not rendered:
        return 0
    candidates = [n for n, pattern in _patterns(template) if pattern.fullmatch(rendered)]
    if not candidates:
        return 0
    return min(candidates, key=lambda n: (abs(n - near), n))


_TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}")


@lru_cache(maxsize=64)
def _source(template: str, stamp: float) -> str:
    return Path(template).read_text(encoding="utf-8")


def _patterns(template: str) -> list[tuple[int, re.Pattern]]:
    try:
        source = _source(template, Path(template).stat().st_mtime)
    except OSError:
        return []
    return _compile(source)


@lru_cache(maxsize=64)
def _compile(source: str) -> list[tuple[int, re.Pattern]]:
    out = []
    for n, line in enumerate(source.splitlines(), 1):
        text = line.strip()
        if not text or not _TAG.sub("", text).strip():
            continue  # a line of Jinja only renders no markup of its own
        parts = _TAG.split(text)
        out.append((n, re.compile(".*?".join(re.escape(p) for p in parts), re.DOTALL)))
    return out


def _short(text: str, limit: int = 70) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
