"""Raw records: plain dicts and lists that remember the file, line and column of every value."""

from __future__ import annotations

from typing import Any

from pnp.errors import Location


class Record(dict):
    """A mapping from a data file; ``loc`` is where it starts, ``key_locs`` where each key is."""

    loc: Location
    key_locs: dict[str, Location]

    def __init__(self, *args: Any, loc: Location | None = None, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.loc = loc or Location("<memory>")
        self.key_locs = {}

    def where(self, key: str | None = None) -> Location:
        """Location of ``key`` (or of the record itself)."""
        if key is not None and key in self.key_locs:
            return self.key_locs[key]
        return self.loc


class RecordList(list):
    """A sequence from a data file; ``item_locs`` holds the location of each item."""

    loc: Location
    item_locs: list[Location]

    def __init__(self, *args: Any, loc: Location | None = None) -> None:
        super().__init__(*args)
        self.loc = loc or Location("<memory>")
        self.item_locs = []

    def where(self, index: int | None = None) -> Location:
        if index is not None and 0 <= index < len(self.item_locs):
            return self.item_locs[index]
        return self.loc


def location_of(root: Any, path: tuple[Any, ...]) -> Location:
    """The most precise known location of ``path`` (keys and indexes) inside ``root``."""
    node, best = root, getattr(root, "loc", Location("<memory>"))
    for part in path:
        if isinstance(node, Record) and part not in node and str(part) in node:
            part = str(part)  # YAML keys are text; callers may look them up as numbers
        if isinstance(node, Record) and part in node:
            best = node.where(part)
            node = node[part]
        elif isinstance(node, RecordList) and isinstance(part, int) and 0 <= part < len(node):
            best = node.where(part)
            node = node[part]
        else:
            break
    return best
