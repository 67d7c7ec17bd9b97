"""CSV card lists -> records with the line of every row.

The file is read with ``pnp.load.source_file`` (a regular file of at most 20 MB, in UTF-8, UTF-16
with a byte order mark, or Windows-1252/Latin-1). The separator is the one of ``,`` ``;`` and
tab that splits the header row into the most cells (quoted cells are read as one), or the one an
Excel ``sep=;`` first line names. A quoted cell may hold line breaks: it stays one cell, and every
row is located at the line where it starts.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from pathlib import Path

from pnp.errors import DataError, DataErrors, Location
from pnp.load.records import Record, RecordList
from pnp.load.source_file import read_text

SEPARATORS = (",", ";", "\t")
"""The cell separators recognised, the first preferred when the header does not tell."""

EMPTY_CSV_HINT = "the first row names the columns, e.g. id,kind,qty"


def load_csv(path: Path, display: str | None = None) -> RecordList:
    """Read a CSV file with a header row; every row is a Record located at its line
    (the column of a value is its cell number).

    Empty cells are left out of the row, so a default from the deck applies to them.
    Raises DataErrors (SourceError when the file is missing or not a file).
    """
    name = display or str(path)
    return parse_csv(read_text(path, name), name)


def _is_comment_or_blank(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def sniff_separator(lines: list[str]) -> tuple[str, int]:
    """The separator of a CSV file's lines, and how many lines to skip (1 after a ``sep=`` line).

    The header (the first line neither blank nor a # comment) is split with each separator,
    honouring quotes; the one giving the most cells wins, ties going to the first of SEPARATORS.
    """
    if lines:
        first = lines[0].rstrip("\r\n")
        if first.lower().startswith("sep=") and first[4:] in SEPARATORS:
            return first[4:], 1
    header = next((line for line in lines if not _is_comment_or_blank(line)), "")
    best, most = SEPARATORS[0], 1
    for sep in SEPARATORS:
        cells = next(csv.reader([header.rstrip("\r\n")], delimiter=sep), [])
        if len(cells) > most:
            best, most = sep, len(cells)
    return best, 0


def _records(lines: list[str], separator: str, skip: int, name: str,
             errors: list[DataError]) -> Iterator[tuple[int, list[str]]]:
    """(line where the row starts, its cells) for every row, line breaks in cells made \\n."""
    reader = csv.reader(iter(lines[skip:]), delimiter=separator)
    end = skip  # the last line of the previous row
    while True:
        start = end + 1
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            message = str(exc)
            if "field larger than field limit" in message:
                errors.append(DataError(Location(name, start, 1),
                                        f"a cell of more than {csv.field_size_limit()} characters starts here",
                                        hint='is a quote (") opened in this row and never closed?'))
            else:
                errors.append(DataError(Location(name, start, 1), f"this row cannot be read as CSV: {message}",
                                        hint='a cell that holds the separator, a quote or a line break is '
                                             'written in quotes, its quotes doubled: "say ""hi"""'))
            return
        end = skip + reader.line_num
        if end > start or end == len(lines):
            row_lines = lines[start - 1:end]
            if _unclosed(row_lines, separator):
                errors.append(DataError(Location(name, start, 1), 'a quote (") opened in this row is never closed',
                                        hint="close the quoted cell, or double a quote that is part of the text"))
                continue
            if end > start and not _well_quoted(row_lines, separator):
                # a quote left open swallows the rows below until the next quote: say so, not "3 cells"
                errors.append(DataError(Location(name, start, 1),
                                        f"a quoted cell of this row runs on to line {end} and ends badly",
                                        hint='is a quote (") missing or one too many? a quoted cell ends with '
                                             "a quote followed by the separator or the end of the line"))
                continue
        yield start, [c.replace("\r\n", "\n").replace("\r", "\n") for c in cells]


def _well_quoted(row_lines: list[str], separator: str) -> bool:
    """Whether the lines of one row spanning several lines read as one row, strictly (every quoted
    cell closed by a quote that the separator or the end of the line follows)."""
    try:
        return len(list(csv.reader(iter(row_lines), delimiter=separator, strict=True))) == 1
    except csv.Error:
        return False


def _unclosed(tail: list[str], separator: str) -> bool:
    """Whether the rows of ``tail`` end inside a quoted cell (a quote never closed)."""
    try:
        for _ in csv.reader(iter(tail), delimiter=separator, strict=True):
            pass
    except csv.Error as exc:
        return "unexpected end of data" in str(exc)
    return False


def parse_csv(text: str, name: str) -> RecordList:
    """The records of the CSV ``text`` of the file ``name`` (see ``load_csv``)."""
    lines = io.StringIO(text, newline="").readlines()
    separator, skip = sniff_separator(lines)
    errors: list[DataError] = []
    rows = list(_records(lines, separator, skip, name, errors))
    return records_of(rows, name, errors, "empty CSV file", EMPTY_CSV_HINT)


def records_of(rows: Iterable[tuple[int, list[str]]], name: str, errors: list[DataError],
               empty: str, empty_hint: str, first_filled_cell: bool = False,
               column_name=None) -> RecordList:
    """Records from (line, cells) rows: the first row neither blank nor a # comment is the header.

    ``first_filled_cell``: a comment row is one whose first non-empty cell starts with # (in a
    sheet, where a table may start in any column), not only its first cell.
    ``column_name(n)`` names the n-th column in messages (a spreadsheet's letter).
    """
    out = RecordList(loc=Location(name, 1, 1))
    header: list[str] | None = None
    for line_no, cells in rows:
        filled = [c for c in cells if c.strip()]
        if not filled:
            continue
        lead = filled[0] if first_filled_cell else cells[0]
        if lead.lstrip().startswith("#"):
            continue
        if header is None:
            header = [c.strip() for c in cells]
            continue
        if len(cells) > len(header):
            if column_name is None:
                message = f"{len(cells)} cells but the header has {len(header)} columns"
            else:
                message = f"a value in column {column_name(len(cells))} but the header has {len(header)} columns"
            errors.append(DataError(Location(name, line_no, 1), message,
                                    hint="remove the extra cells or add a column name"))
            continue
        rec = Record(loc=Location(name, line_no, 1))
        for column, (key, cell) in enumerate(zip(header, cells), start=1):
            value = cell.strip()
            if value != "":
                rec[key] = value
                rec.key_locs[key] = Location(name, line_no, column)
        out.append(rec)
        out.item_locs.append(rec.loc)
    if errors:
        raise DataErrors(errors)
    if header is None:
        raise DataErrors([DataError(Location(name), empty, hint=empty_hint)])
    return out
