"""YAML files -> records with locations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from pnp.errors import DataError, DataErrors, Location
from pnp.load.source_file import read_source
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


MAX_BYTES = 20 * 1024 * 1024
"""The largest YAML file read."""
MAX_VALUES = 1_000_000
"""The most values a YAML file may hold once its aliases are expanded (a guard against alias bombs)."""


def load_yaml(path: Path, display: str | None = None) -> Any:
    """Parse a YAML file into Records; a syntax error becomes a DataErrors naming file:line. Only a
    regular file of a sane size is read (pnp.load.source_file), in UTF-8 as YAML is written, and aliases may not expand it beyond
    MAX_VALUES values."""
    name = display or str(path)
    text = _utf8(read_source(path, name, MAX_BYTES), name)
    loader = _Loader(text)
    loader.source_path = name
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_expansion(node, name)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc, name) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise DataErrors([DataError(Location(name, line, column), f"YAML: a character that YAML does not allow "
                                    f"(U+{exc.character if isinstance(exc.character, int) else ord(exc.character):04X})",
                                    hint="remove it: a data file is plain text")]) from None
    except yaml.YAMLError as exc:
        raise DataErrors([DataError(Location(name), f"YAML: {exc}", hint="check the file's syntax")]) from None
    except RecursionError:
        raise DataErrors([DataError(Location(name), "YAML: lists or mappings nested too deep",
                                    hint="a data file needs a few levels of nesting, not hundreds")]) from None
    finally:
        loader.dispose()


def _utf8(data: bytes, name: str) -> str:
    """The text of a YAML file: UTF-8 (a byte order mark is dropped); another encoding is an error
    at the line and column of its first byte that is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8-sig", errors="replace")
        line = good.count("\n") + 1
        column = len(good) - (good.rfind("\n") + 1) + 1
        raise DataErrors([DataError(Location(name, line, column),
                                    f"not UTF-8 text (byte 0x{data[exc.start]:02X} cannot be read)",
                                    hint="save the file as UTF-8 (your editor's Save As or Encoding menu)")]) from None


def _syntax_error(exc: yaml.MarkedYAMLError, name: str) -> DataErrors:
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
    return DataErrors([DataError(loc, f"YAML syntax: {problem}",
                                 hint="check indentation, colons and quotes on this line")])


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def _check_expansion(root: yaml.Node, name: str) -> None:
    """A DataErrors when aliases make the document hold more than MAX_VALUES values, or make a
    list or mapping hold itself; located at the innermost node that is too large."""
    sizes: dict[int, int] = {}
    open_: set[int] = set()

    def size(node: yaml.Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in open_:
            raise DataErrors([DataError(_loc(name, node.start_mark), "YAML: an alias refers to the list or mapping "
                                        "that holds it", hint="a data file cannot hold itself; copy the values")])
        open_.add(key)
        total = 1
        for child in _children(node):
            total += size(child)
            if total > MAX_VALUES:
                break
        open_.discard(key)
        sizes[key] = total
        return total

    if size(root) <= MAX_VALUES:
        return
    node = root
    while True:  # down to the innermost node that is still too large: where the aliases multiply
        big = next((c for c in _children(node) if sizes.get(id(c), 0) > MAX_VALUES), None)
        if big is None:
            break
        node = big
    raise DataErrors([DataError(_loc(name, node.start_mark),
                                f"YAML: aliases expand this to more than {MAX_VALUES:,} values",
                                hint="write the values out, or use fewer nested aliases")])
