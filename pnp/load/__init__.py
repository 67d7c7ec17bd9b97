"""Load stage: files -> raw records that remember where they came from."""

from pnp.load.records import Record, RecordList, location_of
from pnp.load.yaml_file import load_yaml
from pnp.load.csv_file import load_csv
from pnp.load.source_file import SourceError
from pnp.load.spreadsheet import TABLE_SUFFIXES, load_spreadsheet, load_table, split_sheet

__all__ = ["Record", "RecordList", "location_of", "load_yaml", "load_csv", "load_spreadsheet", "load_table",
           "split_sheet", "SourceError", "TABLE_SUFFIXES"]
