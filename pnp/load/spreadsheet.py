"""Card lists as spreadsheet workbooks (.xlsx, .ods), and the choice between them and CSV.

A deck's ``cards:`` names a CSV file, a workbook, or one sheet of a workbook::

    cards: movement.csv
    cards: cards.xlsx              # the first sheet
    cards: cards.xlsx#Movement     # the sheet named Movement (also cards.ods#Movement)

(``#`` rather than a deck key ``sheet:``, which already says on which sheets of paper a deck is
printed.) A sheet is read as a CSV file is: the first row neither blank nor a # comment names the
columns, every other filled row is a card located at ``cards.xlsx[Movement]:ROW``, each value at
its row and column; empty cells are left out. Values are text, as in CSV: a whole number is
written without decimals (3.0 -> "3"), other numbers with up to 15 significant digits, TRUE and
FALSE as true and false, dates as 2024-07-21; a formula gives the value saved with the workbook.
The file is read with the checks of ``pnp.load.source_file`` (a regular file of at most 20 MB),
and a workbook that unpacks to more than 10 times that is refused, and so is a sheet whose
last value is more than 2 million cells from A1 (a stray value far away: calamine would abort).
"""

from __future__ import annotations

import datetime as dt
import io
import math
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path
from typing import Any

from pnp.errors import DataError, DataErrors, Location
from pnp.load.csv_file import load_csv, records_of
from pnp.load.records import RecordList
from pnp.load.source_file import _OLE, MAX_BYTES, SourceError, read_source, size_text
from pnp.load.suggest import did_you_mean

SPREADSHEET_SUFFIXES = (".xlsx", ".ods")
TABLE_SUFFIXES = (".csv", *SPREADSHEET_SUFFIXES)
"""The kinds of card list a deck's ``cards:`` may name."""

UNPACKED_RATIO = 10
"""A workbook may unpack to at most this many times MAX_BYTES."""

MAX_CELLS = 2_000_000
"""The largest sheet read, in cells from A1 to its last value (a stray value in cell XFD1048576
would make a table of 17 billion cells: calamine would abort the process asking for the memory)."""

EMPTY_SHEET_HINT = "the first row names the columns (id, kind, qty...), one card on each row below"


def split_sheet(name: str) -> tuple[str, str | None]:
    """``cards.xlsx#Movement`` -> (``cards.xlsx``, ``Movement``); a name with no sheet -> (name, None).

    Only a workbook's name is split, so a CSV file may have a # in its name.
    """
    base, hash_, sheet = name.rpartition("#")
    if hash_ and base.lower().endswith(SPREADSHEET_SUFFIXES):
        return base, sheet or None
    return name, None


def load_table(path: Path, display: str | None = None) -> RecordList:
    """The records of a card list: a workbook's sheet for .xlsx and .ods (``file#Sheet`` picks one),
    a CSV file otherwise. Raises DataErrors (SourceError when the file or sheet is missing)."""
    display = display or str(path)
    file_name, sheet = split_sheet(path.name)
    if file_name != path.name:
        path = path.with_name(file_name)
        display = display[: len(display) - len(f"#{sheet}")] if sheet else display.removesuffix("#")
    if path.suffix.lower() in SPREADSHEET_SUFFIXES:
        return load_spreadsheet(path, display, sheet)
    return load_csv(path, display)


def column_letters(n: int) -> str:
    """The spreadsheet name of the n-th column (1 -> A, 27 -> AA)."""
    out = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        out = chr(ord("A") + r) + out
    return out


def cell_text(value: Any) -> str:
    """A cell's value as the text a CSV file would hold."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value.replace("\r\n", "\n").replace("\r", "\n")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return str(int(value))
        return f"{value:.15g}"
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0):
            return value.date().isoformat()
        return value.isoformat(sep=" ")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    return str(value)


def _why(exc: BaseException) -> str:
    """What calamine said (its Rust panics are BaseExceptions; ^C and exits go on)."""
    if isinstance(exc, (KeyboardInterrupt, SystemExit, GeneratorExit, MemoryError)):
        raise exc
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _unreadable(name: str, kind: str, why: str) -> DataErrors:
    return DataErrors([DataError(Location(name), f"cannot be read as {kind}: {why}",
                                 hint="open it in your spreadsheet program and save it again, "
                                      "or save the sheet as CSV UTF-8")])


_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PKG = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"


def _xlsx_extent(data: bytes, sheet: str) -> tuple[int, int]:
    """(last row, last column) holding a value in the sheet ``sheet`` of an .xlsx file, read from
    its XML as it streams (0, 0 when it cannot be found: calamine then says what is wrong)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            workbook = ET.fromstring(archive.read("xl/workbook.xml"))
            rel_id = next((s.get(f"{_REL}id") for s in workbook.iter(f"{_MAIN}sheet") if s.get("name") == sheet), None)
            rels = ET.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
            target = next((r.get("Target") for r in rels.iter(f"{_PKG}Relationship") if r.get("Id") == rel_id), None)
            if not target:
                return 0, 0
            part = target.lstrip("/") if target.startswith("/") else f"xl/{target}"
            last_row = last_col = 0
            row = 0
            with archive.open(part) as f:
                for _, elem in ET.iterparse(f):
                    if elem.tag == f"{_MAIN}row":
                        row = int(elem.get("r") or row + 1)
                        col = 0
                        for cell in elem.iter(f"{_MAIN}c"):
                            ref = cell.get("r")
                            if ref:
                                letters = ref.rstrip("0123456789")
                                col = sum((ord(ch) - 64) * 26 ** i for i, ch in enumerate(reversed(letters.upper())))
                            else:
                                col += 1
                            if cell.find(f"{_MAIN}v") is not None or cell.find(f"{_MAIN}is") is not None:
                                last_row, last_col = max(last_row, row), max(last_col, col)
                        elem.clear()
            return last_row, last_col
    except (KeyError, ValueError, ET.ParseError, zipfile.BadZipFile, OSError):
        return 0, 0


def _ods_extents(archive: zipfile.ZipFile) -> dict[str, tuple[int, int]]:
    """(last row, last column) holding a value in every table of an .ods file."""
    out: dict[str, tuple[int, int]] = {}
    name = None
    last_row = last_col = row = 0
    with archive.open("content.xml") as f:
        for event, elem in ET.iterparse(f, events=("start", "end")):
            if elem.tag == f"{_TABLE}table":
                if event == "start":
                    name, last_row, last_col, row = elem.get(f"{_TABLE}name") or "", 0, 0, 0
                else:
                    out[name or ""] = (last_row, last_col)
                    elem.clear()
                continue
            if name is None or event != "end" or elem.tag != f"{_TABLE}table-row":
                continue
            repeat = int(elem.get(f"{_TABLE}number-rows-repeated", "1"))
            col = filled = 0
            for cell in elem:
                if cell.tag not in (f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell"):
                    continue
                col += int(cell.get(f"{_TABLE}number-columns-repeated", "1"))
                if cell.get(f"{_OFFICE}value-type") or cell.find(f"{_TEXT}p") is not None:
                    filled = col
            if filled:
                last_row, last_col = row + repeat, max(last_col, filled)
            row += repeat
            elem.clear()
    return out


def _too_large(where: str, extent: tuple[int, int]) -> DataErrors | None:
    rows, columns = extent
    if rows * columns <= MAX_CELLS:
        return None
    return DataErrors([DataError(Location(where),
                                 f"the sheet's last value is in cell {column_letters(columns)}{rows}: "
                                 f"{rows * columns:,} cells from A1, more than the {MAX_CELLS:,} read",
                                 hint="delete the values far from the table; Ctrl+End goes to the last one")])


def load_spreadsheet(path: Path, display: str | None = None, sheet: str | None = None) -> RecordList:
    """The records of the sheet ``sheet`` (default: the first) of the workbook ``path``."""
    name = display or str(path)
    kind = "an OpenDocument spreadsheet (.ods)" if path.suffix.lower() == ".ods" else "an Excel workbook (.xlsx)"
    data = read_source(path, name)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError):
        why = ("it is an old .xls workbook, or one protected by a password" if data.startswith(_OLE)
               else "it is not a workbook file (a CSV file renamed?)")
        raise _unreadable(name, kind, why) from None
    if unpacked > UNPACKED_RATIO * MAX_BYTES:
        raise DataErrors([DataError(Location(name),
                                    f"the workbook unpacks to {size_text(unpacked)}, more than the "
                                    f"{size_text(UNPACKED_RATIO * MAX_BYTES)} a data file may hold",
                                    hint="is it the right file? keep only the card list in it")])
    try:
        from python_calamine import CalamineWorkbook
    except ImportError:  # pragma: no cover - a dependency of pnp
        raise DataErrors([DataError(Location(name), "pnp cannot read workbooks here: python-calamine is missing",
                                    hint="pip install python-calamine, or save the sheet as CSV UTF-8")]) from None
    ods = path.suffix.lower() == ".ods"
    if ods:  # calamine reads every sheet of an .ods when it opens it
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                extents = _ods_extents(archive)
        except (KeyError, ValueError, ET.ParseError, zipfile.BadZipFile, OSError):
            extents = {}
        for table, extent in extents.items():
            too_large = _too_large(f"{name}[{table}]", extent)
            if too_large is not None:
                raise too_large
    try:
        workbook = CalamineWorkbook.from_filelike(io.BytesIO(data))
        names = list(workbook.sheet_names)
    except BaseException as exc:  # calamine's errors: not a workbook, broken XML, password, a panic...
        raise _unreadable(name, kind, _why(exc)) from None
    if not names:
        raise DataErrors([DataError(Location(name), "the workbook has no sheet", hint=EMPTY_SHEET_HINT)])
    if sheet is None:
        sheet = names[0]
    elif sheet not in names:
        close = did_you_mean(sheet, names)
        listed = "its sheets: " + ", ".join(names)
        hint = f"{close} {listed}" if close.startswith("did you mean") else listed
        raise SourceError(name, f"has no sheet '{sheet}'", hint, message=f"the workbook has no sheet '{sheet}'")
    too_large = _too_large(f"{name}[{sheet}]", _xlsx_extent(data, sheet)) if not ods else None
    if too_large is not None:
        raise too_large
    try:
        cells = workbook.get_sheet_by_name(sheet).to_python(skip_empty_area=False)
    except BaseException as exc:
        raise _unreadable(name, kind, _why(exc)) from None
    where = f"{name}[{sheet}]"
    rows = []
    for row_no, row in enumerate(cells, start=1):
        texts = [cell_text(v) for v in row]
        while texts and not texts[-1].strip():
            texts.pop()
        rows.append((row_no, texts))
    return records_of(rows, where, [], "empty sheet", EMPTY_SHEET_HINT,
                      first_filled_cell=True, column_name=column_letters)
