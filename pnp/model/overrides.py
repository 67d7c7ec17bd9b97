"""Values of rules.yaml changed in memory, for what-if runs: ``pnp simulate GAME --vary deal.hand=4,5,6``
reads the game once per value with ``deal.hand`` set to it, without touching the file.

A path is the one decisions and checks use (``deal.hand``, ``scoring.points``, ``sprints.4``,
``rules.`` in front or not); the new value must be of the kind the data holds there (a number for a
number, a list for a list...).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from pnp.errors import PnpError
from pnp.load.records import Record, RecordList
from pnp.model.expressions import ExprError, resolve, split_path


class OverrideError(PnpError):
    """A --vary that does not fit the game's rules.yaml (no such path, or a value of another kind)."""


def rules_path(text: str) -> tuple[Any, ...]:
    """``deal.hand`` or ``rules.deal.hand`` (or ``sprints[4]``) -> the path's keys and indexes."""
    text = text.strip()
    dotted = text if text.startswith("rules.") or text.startswith("rules[") else f"rules.{text}"
    parts = []
    for piece in dotted.split("."):  # YAML keys may be numbers: sprints.4 is sprints['4']
        parts.append(f"[{piece!r}]" if piece.isdigit() else f".{piece}")
    try:
        return split_path("rules" + "".join(parts[1:]))
    except ExprError as exc:
        raise OverrideError(f"'{text}' is not a path into rules.yaml: {exc}") from None


def parse_values(text: str) -> list[Any]:
    """The values of a --vary: ``4,5,6``, a range ``2..6``, lists ``[3,2,1],[5,3,1]``; each read as YAML."""
    text = text.strip()
    if ".." in text and "[" not in text:
        lo, _, hi = text.partition("..")
        try:
            a, b = int(lo), int(hi)
        except ValueError:
            raise OverrideError(f"'{text}': a range is two whole numbers, e.g. 2..6") from None
        if b < a:
            raise OverrideError(f"'{text}': the range runs backwards (write {b}..{a})")
        return list(range(a, b + 1))
    values, depth, start = [], 0, 0
    for i, ch in enumerate(text + ","):
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            piece = text[start:i].strip()
            if not piece:
                raise OverrideError(f"'{text}': an empty value between commas")
            values.append(yaml.safe_load(piece))
            start = i + 1
    return values


def apply_overrides(rules: Record, overrides: Mapping[str, Any]) -> Record:
    """A copy of rules.yaml's record with each path of ``overrides`` set to its value. Only the
    records along a path are copied (the loaded file may be cached and shared); locations are kept,
    so an error about a changed value still points at its line."""
    out = rules
    for text, value in overrides.items():
        path = rules_path(text)
        try:
            old = resolve(out, path, text)
        except ExprError as exc:
            raise OverrideError(f"{exc}" + (f" ({exc.hint})" if getattr(exc, "hint", "") else "")) from None
        _same_kind(text, old, value)
        out = _set(out, path, value)
    return out


def _same_kind(text: str, old: Any, new: Any) -> None:
    def kind(v: Any) -> str:
        if isinstance(v, bool):
            return "yes/no"
        if isinstance(v, (int, float)):
            return "number"
        if isinstance(v, str):
            return "text"
        if isinstance(v, list):
            return "list"
        if isinstance(v, dict):
            return "mapping"
        return type(v).__name__

    if kind(old) != kind(new):
        raise OverrideError(f"rules.{text.removeprefix('rules.')} is a {kind(old)} ({old!r}) in rules.yaml: "
                            f"{new!r} is a {kind(new)}")


def _set(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    """``node`` with the value at ``path`` replaced, copying only the containers along it."""
    if not path:
        return _as_record(value, node)
    head, rest = path[0], path[1:]
    if isinstance(node, dict):
        copy = Record(node, loc=getattr(node, "loc", None))
        copy.key_locs = dict(getattr(node, "key_locs", {}))
        copy[str(head)] = _set(node[str(head)], rest, value)
        return copy
    copy = RecordList(node, loc=getattr(node, "loc", None))
    copy.item_locs = list(getattr(node, "item_locs", []))
    copy[head] = _set(node[head], rest, value)
    return copy


def _as_record(value: Any, old: Any) -> Any:
    """A plain value as the reader gives it (lists as RecordList, mappings as Record), at ``old``'s place."""
    loc = getattr(old, "loc", None)
    if isinstance(value, list):
        out = RecordList([_as_record(v, None) for v in value], loc=loc)
        out.item_locs = [loc] * len(value) if loc is not None else []
        return out
    if isinstance(value, dict):
        out = Record({str(k): _as_record(v, None) for k, v in value.items()}, loc=loc)
        return out
    return value
