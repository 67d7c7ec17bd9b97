"""YAML files -> records with locations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from pnp.errors import DataError, DataErrors, Location
from pnp.load.records import Record, RecordList


def _loc(path: str, mark: yaml.Mark) -> Location:
    return Location(path, mark.line + 1, mark.column + 1)


_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when PyYAML has it: ~5x faster


class _Loader(_Base):
    """Safe loader that builds Records and RecordLists."""

    source_path = "<memory>"


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> Record:
    loader.flatten_mapping(node)
    rec = Record(loc=_loc(loader.source_path, node.start_mark))
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int, float, bool)) or key is None:
            raise yaml.constructor.ConstructorError(
                None, None, "a key must be a plain name", key_node.start_mark)
        key = str(key)
        if key in rec:
            raise yaml.constructor.ConstructorError(
                None, None, f"the key '{key}' appears twice", key_node.start_mark)
        rec[key] = loader.construct_object(value_node, deep=True)
        rec.key_locs[key] = _loc(loader.source_path, key_node.start_mark)
    return rec


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> RecordList:
    seq = RecordList(loc=_loc(loader.source_path, node.start_mark))
    for child in node.value:
        seq.append(loader.construct_object(child, deep=True))
        seq.item_locs.append(_loc(loader.source_path, child.start_mark))
    return seq


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)
# Dates stay strings: the model decides what a date is.
_Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:timestamp"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def load_yaml(path: Path, display: str | None = None) -> Any:
    """Parse a YAML file into Records; a syntax error becomes a DataErrors naming file:line."""
    name = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataErrors([DataError(Location(name), "file not found",
                                    hint="create it, or fix the name that points to it")]) from None
    except UnicodeDecodeError as exc:
        raise DataErrors([DataError(Location(name), f"not UTF-8 text ({exc.reason})",
                                    hint="save the file as UTF-8")]) from None
    loader = _Loader(text)
    loader.source_path = name
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "invalid YAML"
        start = exc.context_mark
        if start is not None and mark is not None and start.line < mark.line and "flow" in (exc.context or ""):
            # e.g. an unclosed bracket: the mistake is where the bracket opened
            problem = f"{problem} ({exc.context} at line {start.line + 1}, found at line {mark.line + 1})"
            mark = start
        elif exc.context:
            problem = f"{problem} ({exc.context})"
        loc = _loc(name, mark) if mark else Location(name)
        raise DataErrors([DataError(loc, f"YAML syntax: {problem}",
                                    hint="check indentation, colons and quotes on this line")]) from None
    finally:
        loader.dispose()
