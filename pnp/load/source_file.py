"""Reading a data file safely, and decoding text as designers' spreadsheet programs save it.

``read_source`` reads the bytes of a file named by the data (a deck's ``cards:``): only a regular
file (a folder, a device such as /dev/zero or a named pipe is refused before it is opened for
reading, so nothing blocks or runs forever), at most ``MAX_BYTES``.

``decode_text`` turns those bytes into text, deciding the encoding the same way every time:

1. a UTF-32 byte order mark is refused; a UTF-16 one (LE or BE) decodes the file as UTF-16;
2. strict UTF-8 (with or without a byte order mark), the common case, read at once;
3. otherwise charset-normalizer, limited to the Western 8-bit encodings spreadsheet programs
   write (Windows-1252, Latin-1, Latin-9), must find the text plausible in one of them; bytes
   that read as UTF-8 letters in the middle of such a file mean mixed encodings and are refused.

A file that is not reliably one of these is refused at the line of its first byte that is not
UTF-8, with how to save it as UTF-8. A NUL character is refused at its line too (csv cannot read
it, and it means a binary file or UTF-16 without a byte order mark), and so is a workbook
(.xlsx, .ods, .xls) that was given a text file's name.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

from pnp.errors import DataError, DataErrors, Location

MAX_BYTES = 20 * 1024 * 1024
"""The largest data file read (a card list of thousands of cards is well under 1 MB)."""

SAVE_AS_UTF8 = "save it as UTF-8 (CSV UTF-8 in Excel; in LibreOffice: Save As, Character set Unicode (UTF-8))"

# the 8-bit encodings a spreadsheet program on a Western European system saves CSV in
LEGACY_ENCODINGS = ("cp1252", "latin_1", "iso8859_15")
LEGACY_NAMES = {"cp1252": "Windows-1252", "latin_1": "Latin-1", "iso8859_15": "Latin-9"}

# UTF-8 sequences of accented letters, non-breaking space, « » °, dashes, quotes, … and € : in a
# file that is not UTF-8 they mean a part of it is (read as Windows-1252 they give "Ã©", "â€™")
_UTF8_LETTERS = re.compile(rb"\xc3[\x80-\xbf]|\xc2[\xa0-\xbf]|\xe2\x80[\x90-\xbf]|\xe2\x82\xac")

_ZIP = b"PK\x03\x04"
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


class SourceError(DataErrors):
    """The file named by the data cannot be used at all: it is missing, it is not a regular file,
    or it has no sheet of the name asked for.

    The problem is about the name written in the data, so a caller that knows where that name is
    written (a deck's ``cards:`` entry) reports it there: ``f"card list '{name}' {problem}"``.
    On its own it renders at the file itself.
    """

    def __init__(self, display: str, problem: str, hint: str = "", message: str | None = None):
        self.display = display
        self.problem = problem
        self.hint = hint
        super().__init__([DataError(Location(display), message or problem, hint=hint)])


def size_text(n: int) -> str:
    """A size in bytes as a person reads it: 512 bytes, 3.5 KB, 20 MB."""
    if n < 1024:
        return f"{n} bytes"
    for unit, scale in (("MB", 1024 * 1024), ("KB", 1024)):
        if n >= scale:
            value = n / scale
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{n} bytes"  # pragma: no cover


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _not_a_file(name: str, mode: int) -> SourceError:
    kind = _kind_of(mode)
    return SourceError(name, f"is {kind}, not a file" if kind.startswith("a ") else f"is {kind}",
                       "name a data file of the game's folder")


def read_source(path: Path, display: str | None = None, limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path``, refusing what is not one and what is larger than
    ``limit`` bytes (default MAX_BYTES).

    Raises SourceError (missing, not a regular file) or DataErrors (too large, unreadable).
    """
    name = display or str(path)
    try:
        info = os.stat(path)  # stat, not open: opening a named pipe would wait for a writer
    except FileNotFoundError:
        raise SourceError(name, "not found", "create it, or fix the name that points to it",
                          message="file not found") from None
    except NotADirectoryError:
        raise SourceError(name, "not found", "a file's name is used as a folder in this path",
                          message="file not found") from None
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise SourceError(name, "has a name too long for the file system", "shorten the file's name") from None
        raise DataErrors([DataError(Location(name), f"cannot be read: {exc.strerror or exc}",
                                    hint="check the file's permissions")]) from None
    if not stat.S_ISREG(info.st_mode):
        raise _not_a_file(name, info.st_mode)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise DataErrors([DataError(Location(name), f"cannot be read: {exc.strerror or exc}",
                                    hint="check the file's permissions")]) from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())  # the file opened, in case the name changed since
        if not stat.S_ISREG(info.st_mode):
            raise _not_a_file(name, info.st_mode)
        limit = MAX_BYTES if limit is None else limit
        data = f.read(limit + 1)
    if len(data) > limit:
        size = max(info.st_size, len(data))
        raise DataErrors([DataError(Location(name),
                                    f"the file is {size_text(size)}, more than the {size_text(limit)} "
                                    "a data file may be",
                                    hint="is it the right file? split a very long card list into several decks")])
    return data


def _line_col(prefix: bytes | str) -> tuple[int, int]:
    """Line and column (1-based) just after ``prefix``; a line ends at \\n, \\r\\n or a lone \\r."""
    nl = b"\n" if isinstance(prefix, bytes) else "\n"
    cr = b"\r" if isinstance(prefix, bytes) else "\r"
    crlf = cr + nl
    line = prefix.count(nl) + prefix.count(cr) - prefix.count(crlf) + 1
    start = max(prefix.rfind(nl), prefix.rfind(cr)) + 1
    return line, len(prefix) - start + 1


def _undecodable(name: str, data: bytes, message: str) -> DataErrors:
    """The error at the first byte of ``data`` that is not UTF-8."""
    try:
        data.decode("utf-8")
        at = len(data)
    except UnicodeDecodeError as exc:
        at = exc.start
    line, col = _line_col(data[:at])
    byte = f": byte 0x{data[at]:02X} on this line is not UTF-8" if at < len(data) else ""
    return DataErrors([DataError(Location(name, line, col), message + byte, hint=SAVE_AS_UTF8)])


def _workbook(name: str, data: bytes) -> DataErrors | None:
    """The error for a spreadsheet workbook given where text is expected, if ``data`` is one."""
    if data.startswith(_ZIP):
        what = "an OpenDocument spreadsheet" if b"opendocument.spreadsheet" in data[:200] else "a workbook (.xlsx or .ods)"
        hint = "give it its own name ending in .xlsx or .ods (pnp reads them), or " + SAVE_AS_UTF8
    elif data.startswith(_OLE):
        what = "an old Excel workbook (.xls)"
        hint = "save it as .xlsx (pnp reads it), or " + SAVE_AS_UTF8
    else:
        return None
    return DataErrors([DataError(Location(name, 1, 1), f"this is {what}, not a CSV text file", hint=hint)])


def detect_encoding(data: bytes) -> str | None:
    """The codec ``decode_text`` reads ``data`` with, or None when it is not reliably a known one.

    The same bytes always give the same answer.
    """
    return _decide(data)[0]


def _decide(data: bytes) -> tuple[str | None, str]:
    """(codec, "") or (None, why the bytes are refused)."""
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return None, "the file is UTF-32 text"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16", ""
    try:
        data.decode("utf-8")
        return "utf-8-sig", ""
    except UnicodeDecodeError:
        pass
    if data.startswith(b"\xef\xbb\xbf"):
        return None, "the file starts as UTF-8 but is not UTF-8 all through"
    from charset_normalizer import from_bytes  # imported when needed: most files are UTF-8

    best = from_bytes(data, cp_isolation=list(LEGACY_ENCODINGS)).best()
    if best is None or best.encoding not in LEGACY_ENCODINGS:
        return None, "the file is neither UTF-8 nor Windows-1252/Latin-1 text"
    if _UTF8_LETTERS.search(data):  # read as Windows-1252 these would be "Ã©", "â€™"
        return None, "the file mixes UTF-8 and another encoding"
    return best.encoding, ""


def _nul_error(display: str, data: bytes, line: int, col: int) -> DataErrors:
    utf16 = data[1:64:2].count(0) > 8 or data[0:64:2].count(0) > 8
    why = ("it looks like UTF-16 without a byte order mark" if utf16 and not data.startswith((b"\xff\xfe", b"\xfe\xff"))
           else "is it a spreadsheet or another binary file?")
    return DataErrors([DataError(Location(display, line, col), "a NUL character (byte 0) is not text",
                                 hint=f"{why}; {SAVE_AS_UTF8}")])


def decode_text(data: bytes, display: str) -> str:
    """The text of a data file (see the module's docstring for how the encoding is decided)."""
    workbook = _workbook(display, data)
    if workbook is not None:
        raise workbook
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        raise DataErrors([DataError(Location(display, 1, 1), _decide(data)[1], hint=SAVE_AS_UTF8)])
    if not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        nul = data.find(b"\0")  # NUL is byte 0 in UTF-8 and the 8-bit encodings
        if nul >= 0:
            raise _nul_error(display, data, *_line_col(data[:nul]))
    encoding, why = _decide(data)
    if encoding is None:
        raise _undecodable(display, data, why)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        if encoding != "utf-16":
            raise _undecodable(display, data, "the file is neither UTF-8 nor Windows-1252/Latin-1 text") from None
        line, col = _line_col(data[:exc.start - exc.start % 2].decode("utf-16", errors="replace"))
        raise DataErrors([DataError(Location(display, line, col),
                                    "the file starts as UTF-16 text but is not UTF-16 all through",
                                    hint=SAVE_AS_UTF8)]) from None
    text = text.removeprefix("\ufeff")
    nul = text.find("\0")
    if nul >= 0:
        raise _nul_error(display, data, *_line_col(text[:nul]))
    return text


def read_text(path: Path, display: str | None = None) -> str:
    """``decode_text(read_source(path))``: the text of a data file, read safely."""
    name = display or str(path)
    return decode_text(read_source(path, name), name)
