"""Designer decisions: what the source rules leave open, decided in the data.

A decision's ``choice`` and ``why`` quote the values they talk about through placeholders:
``{rules.deal.hand}`` is replaced by the value at that path of rules.yaml when the game is read,
so a decision never prints a number the data no longer has.
"""

from __future__ import annotations

import re
from typing import Any

from pnp.errors import ErrorBag
from pnp.load.records import Record
from pnp.model.base import Frozen

QUOTED = ("choice", "why")
PLACEHOLDER = re.compile(r"\{(rules[^{}\s]*)\}")


class Expectation(Frozen):
    """An outcome a decision expects of play, checked against the engine by ``pnp check --simulate``:
    ``outcome`` names one of the engine's outcomes (a column of ``pnp simulate --vary``, e.g.
    "sprint ended on the line", or "no winner"), a share or a mean that must lie ``between`` two
    values (shares as fractions) at each of ``players`` (every count, when empty)."""

    outcome: str
    between: tuple[float, float]
    players: tuple[int, ...] = ()


class Decision(Frozen):
    """One open point of the rules and the choice the data makes for it."""

    id: str
    topic: str
    choice: str
    why: str
    resolves: tuple[str, ...] = ()
    """Rule ids of warnings this decision answers: they are then reported as questions."""
    expects: tuple[Expectation, ...] = ()
    """Outcomes of play the decision counts on, checked against the engine (pnp.simulate.expectations)."""


def with_values(raw: Any, rules: Record, errors: ErrorBag) -> Any:
    """The ``decisions:`` list of rules.yaml with every ``{rules.path}`` placeholder of its texts
    replaced by the value at that path; an unknown path or a value that is no number, text or
    list of them is an error at the decision's field."""
    if not isinstance(raw, list):
        return raw
    out = type(raw)(raw)
    for i, item in enumerate(raw):
        if not isinstance(item, Record):
            continue
        copy = Record(item, loc=item.loc)
        copy.key_locs = item.key_locs
        for key in QUOTED:
            if isinstance(item.get(key), str):
                where = item.key_locs.get(key, item.loc)
                copy[key] = PLACEHOLDER.sub(lambda m: _value(m.group(1), rules, errors, where,
                                                             f"decisions[{i}].{key}"), item[key])
        out[i] = copy
    for name in ("loc", "item_locs"):
        if hasattr(raw, name):
            setattr(out, name, getattr(raw, name))
    return out


def _value(path: str, rules: Record, errors: ErrorBag, where, field: str) -> str:
    from pnp.model.expressions import ExprError, resolve, split_path

    try:
        value = resolve(rules, split_path(path), path)
    except ExprError as exc:
        errors.add(where, f"{{{path}}}: {exc}", field, exc.hint or "write {rules.<path>} with a path of rules.yaml")
        return "{" + path + "}"
    text = _written(value)
    if text is None:
        if isinstance(value, dict) and value:
            first = next(iter(value))
            errors.add(where, f"{{{path}}} is a table of rules.yaml ({', '.join(map(str, value))}), not a value",
                       field, f"quote one of its values, e.g. {{{path}.{first}}}")
        else:
            errors.add(where, f"{{{path}}} is not a number, a text or a list of them", field,
                       "quote a single value of rules.yaml")
        return "{" + path + "}"
    return text


def _written(value: Any) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(_written(v) is not None and not isinstance(v, list) for v in value):
        return ", ".join(_written(v) for v in value)  # type: ignore[misc]
    return None
