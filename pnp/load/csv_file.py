"""CSV card lists -> records with the line of every row."""

from __future__ import annotations

import csv
from pathlib import Path

from pnp.errors import DataError, DataErrors, Location
from pnp.load.records import Record, RecordList


def load_csv(path: Path, display: str | None = None) -> RecordList:
    """Read a CSV file with a header row; every row is a Record located at its line
    (the column of a value is its cell number).

    Empty cells are left out of the row, so a default from the deck applies to them.
    """
    name = display or str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DataErrors([DataError(Location(name), "file not found",
                                    hint="create it, or fix the name that points to it")]) from None
    reader = csv.reader(text.splitlines())
    rows = RecordList(loc=Location(name, 1, 1))
    header: list[str] | None = None
    errors: list[DataError] = []
    for line_no, cells in enumerate(reader, start=1):
        if not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = [c.strip() for c in cells]
            continue
        if len(cells) > len(header):
            errors.append(DataError(Location(name, line_no, 1),
                                    f"{len(cells)} cells but the header has {len(header)} columns",
                                    hint="remove the extra cells or add a column name"))
            continue
        rec = Record(loc=Location(name, line_no, 1))
        for column, (key, cell) in enumerate(zip(header, cells), start=1):
            value = cell.strip()
            if value != "":
                rec[key] = value
                rec.key_locs[key] = Location(name, line_no, column)
        rows.append(rec)
        rows.item_locs.append(rec.loc)
    if errors:
        raise DataErrors(errors)
    if header is None:
        raise DataErrors([DataError(Location(name), "empty CSV file",
                                    hint="the first row names the columns, e.g. id,kind,qty")])
    return rows
