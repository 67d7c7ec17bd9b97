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
        lines = [e.render() for e in self.errors]
        n = len(self.errors)
        tail = "; nothing was written." if self.writes else "."
        lines.append(f"{n} error{'s' if n != 1 else ''}{tail}")
        return "\n".join(lines)


class ErrorBag:
    """Collects data errors during a stage so they can be reported together."""

    def __init__(self) -> None:
        self.errors: list[DataError] = []

    def add(self, location: Location, message: str, field: str = "", hint: str = "") -> None:
        self.errors.append(DataError(location, message, field, hint))

    def raise_if_any(self) -> None:
        if self.errors:
            raise DataErrors(self.errors)

    def __bool__(self) -> bool:
        return bool(self.errors)
