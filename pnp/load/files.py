"""Reading a data file safely: only a regular file, of a sane size, as text with its line numbers.

Every reader of a game's files goes through ``read_bytes``/``read_text`` so that a folder, a device,
a FIFO, a file too large or a file with a NUL byte is a located error, never a crash or a hang.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pnp.errors import DataError, DataErrors, Location

MAX_BYTES = 20 * 1024 * 1024
"""The largest data file pnp reads (20 MB: a card list of 100,000 rows is under 10 MB)."""


def _fail(name: str, message: str, hint: str, line: int = 0, column: int = 0) -> DataErrors:
    return DataErrors([DataError(Location(name, line, column), message, hint=hint)])


def read_bytes(path: Path, display: str | None = None, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else is a DataErrors naming it."""
    name = display or str(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise _fail(name, "file not found", "create it, or fix the name that points to it") from None
    except OSError as exc:
        raise _fail(name, f"cannot be read ({exc.strerror or exc})", "check the name and the permissions") from None
    if stat.S_ISDIR(st.st_mode):
        raise _fail(name, "is a folder, not a file", "name the file inside it") from None
    if not stat.S_ISREG(st.st_mode):
        raise _fail(name, "is not a regular file (a device, a pipe or a socket)", "name a file of the game's folder")
    if st.st_size > limit:
        raise _fail(name, f"is {st.st_size / 1e6:.1f} MB; pnp reads data files of at most {limit / 1e6:g} MB",
                    "split it, or check that it is the file you meant")
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise _fail(name, f"cannot be read ({exc.strerror or exc})", "check the permissions") from None
    if len(data) > limit:  # it grew while being read
        raise _fail(name, f"is larger than {limit / 1e6:g} MB", "split it")
    return data


def line_column(text: str, index: int) -> tuple[int, int]:
    """The line and column (1-based) of character ``index`` of ``text``."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def read_text(path: Path, display: str | None = None, limit: int = MAX_BYTES) -> str:
    """A regular file's text, UTF-8 (a BOM is dropped); undecodable bytes and NUL characters are
    DataErrors at their line and column."""
    name = display or str(path)
    data = read_bytes(path, name, limit)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8-sig", errors="replace")
        line, column = line_column(good, len(good))
        raise _fail(name, f"not UTF-8 text (byte 0x{data[exc.start]:02X} cannot be read)",
                    "save the file as UTF-8", line, column) from None
    nul = text.find("\0")
    if nul >= 0:
        line, column = line_column(text, nul)
        raise _fail(name, "a NUL character (byte 0) in the text", "remove it: a data file is plain text",
                    line, column)
    return text
