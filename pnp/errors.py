"""Errors that reach the user: each names where it comes from and how to fix it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Location:
    """A place in a data file: path, 1-based line and column (0 when unknown)."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}"
        return self.file

    def relative_to(self, root: Path) -> "Location":
        try:
            rel = Path(self.file).resolve().relative_to(root.resolve())
        except ValueError:
            return self
        return Location(str(rel), self.line, self.column)


@dataclass(frozen=True)
class DataError:
    """One mistake in the input data."""

    location: Location
    message: str
    field: str = ""
    hint: str = ""
    follows: str = ""
    """The data file (e.g. ``palette.yaml``) whose own mistake explains this one: an unknown colour
    after a broken palette. Such errors are folded under the first error of that file."""

    def render(self) -> str:
        field = f"{self.field}: " if self.field else ""
        hint = f" ({self.hint})" if self.hint else ""
        return f"{self.location}: error: {field}{self.message}{hint}"


class PnpError(Exception):
    """Base of every error that is the user's to fix (shown without a traceback)."""


class DataErrors(PnpError):
    """Every data error of a run, reported together."""

    def __init__(self, errors: list[DataError], written: bool = True):
        self.errors = sorted(set(errors), key=lambda e: (e.location, e.field, e.message))
        self.writes = written
        super().__init__(f"{len(self.errors)} data error(s)")

    def render(self) -> str:
        """One line per error, in the order of the files and lines; the errors that follow from a
        file's own mistake are folded into one line under that file's first error."""
        causes = [e for e in self.errors if not e.follows]
        folded: dict[int, list[DataError]] = {}
        shown: list[DataError] = []
        for e in self.errors:
            if not e.follows:
                continue
            cause = next((i for i, c in enumerate(causes) if Path(c.location.file).name == e.follows), None)
            if cause is None:
                shown.append(e)  # its cause was not reported: the error stands on its own
            else:
                folded.setdefault(cause, []).append(e)
        lines = []
        for i, cause in enumerate(causes):
            lines.append(cause.render())
            if i in folded:
                more = folded[i]
                lines.append(f"  ... and {len(more)} more error{'s' if len(more) != 1 else ''} that follow from it "
                             f"(first: {more[0].location}: {more[0].field + ': ' if more[0].field else ''}"
                             f"{more[0].message})")
        lines += [e.render() for e in shown]
        n = len(causes) + len(shown)
        later = sum(len(v) for v in folded.values())
        tail = "; nothing was written." if self.writes else "."
        also = f", and {later} that follow from {'it' if n == 1 else 'them'}" if later else ""
        lines.append(f"{n} error{'s' if n != 1 else ''}{also}{tail}")
        return "\n".join(lines)


class ErrorBag:
    """Collects data errors during a stage so they can be reported together."""

    def __init__(self) -> None:
        self.errors: list[DataError] = []

    def add(self, location: Location, message: str, field: str = "", hint: str = "", follows: str = "") -> None:
        self.errors.append(DataError(location, message, field, hint, follows))

    def in_file(self, name: str) -> bool:
        """Whether an error (of its own) was found in the data file ``name`` (e.g. palette.yaml)."""
        return any(Path(e.location.file).name == name for e in self.errors if not e.follows)

    def raise_if_any(self) -> None:
        if self.errors:
            raise DataErrors(self.errors)

    def __bool__(self) -> bool:
        return bool(self.errors)
