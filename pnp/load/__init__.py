"""Load stage: files -> raw records that remember where they came from."""

from pnp.load.records import Record, RecordList, location_of
from pnp.load.yaml_file import load_yaml
from pnp.load.csv_file import load_csv

__all__ = ["Record", "RecordList", "location_of", "load_yaml", "load_csv"]
