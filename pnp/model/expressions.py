"""Arithmetic over the numbers of rules.yaml, for the declarative checks (``checks:``).

An expression is a number (``45``), a path into rules.yaml (``rules.deck.total``) or arithmetic over
them (``players * rules.deal.refill_to + 2``, ``max(rules.sprints[players])``, ``sum(rules.deck.kinds)``).
It is evaluated by simpleeval (never Python's eval): the only names are ``rules``, ``players`` where the
check runs once per player count (kind supply), and ``group`` where it runs once per group of ``per:``
(the group's key, e.g. ``rules.deck.kinds[group]``); the functions are min, max, sum, len, abs and round. A
mapping of rules.yaml is read like an object (``rules.deck.total``) or by key (``rules.sprints[2]``,
``rules.sprints[players]``: a number finds the key written as text), and iterating a mapping gives its
values (``sum(rules.deck.kinds)`` adds up the kinds).

Mistakes are found when the game is read, before any check runs: a syntax error, an unknown name, or
a path that rules.yaml does not have (with a did-you-mean hint); each is a data error at the line of
the check's field.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Any

import simpleeval

from pnp.load.suggest import did_you_mean

FUNCTIONS = {"min": min, "max": max, "sum": sum, "len": len, "abs": abs, "round": round}
NAMES = ("rules", "players", "group")
HINTS = {"players": "'players' is known only where the check runs for every player count (kind supply)",
         "group": "'group' is known only where the check runs for every group of 'per:'"}


class ExprError(ValueError):
    """A mistake in an expression: ``hint`` is a did-you-mean or what to write instead."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.hint = hint


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    return parents


def rule_paths(tree: ast.AST) -> Iterator[tuple[Any, ...]]:
    """The static paths after ``rules`` in ``tree``: ``rules.sprints[players]`` gives ("sprints",)."""
    parents = _parents(tree)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Name) and node.id == "rules"):
            continue
        path: list[Any] = []
        current = node
        while current in parents:
            parent = parents[current]
            if isinstance(parent, ast.Attribute) and parent.value is current:
                path.append(parent.attr)
            elif isinstance(parent, ast.Subscript) and parent.value is current \
                    and isinstance(parent.slice, ast.Constant):
                path.append(parent.slice.value)
            else:
                break
            current = parent
        yield tuple(path)


def parse(text: str, names: tuple[str, ...] = ()) -> ast.Expression:
    """Parse ``text``; ExprError for a syntax error, or a name that is neither ``rules``, one of
    ``names`` (``players``, ``group``: where the check gives them) nor a function."""
    source = str(text).strip()
    if not source:
        raise ExprError("an empty expression", "write a number or a path such as rules.deck.total")
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as exc:
        raise ExprError(f"'{source}' is not an expression ({exc.msg})",
                        "write arithmetic over numbers and rules paths, e.g. players * rules.deal.hand") from None
    names = ("rules", *names)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS):
            called = node.func.id if isinstance(node.func, ast.Name) else ast.unparse(node.func)
            raise ExprError(f"unknown function '{called}' in '{source}'",
                            did_you_mean(called, FUNCTIONS) or f"expected one of: {', '.join(FUNCTIONS)}")
        if isinstance(node, ast.Name) and node.id not in names and node.id not in FUNCTIONS:
            hint = HINTS.get(node.id) or did_you_mean(node.id, names)
            raise ExprError(f"unknown name '{node.id}' in '{source}'", hint or "start a path with 'rules.'")
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            raise ExprError(f"'{node.attr}' is not a field of rules.yaml", "names do not start with '_'")
    return tree


def resolve(rules: Any, path: tuple[Any, ...], source: str = "") -> Any:
    """The value at ``path`` in rules.yaml's record; ExprError (with a did-you-mean) when it is not there."""
    node, walked = rules, "rules"
    for part in path:
        if isinstance(node, dict):
            key = str(part)
            if key not in node:
                keys = [str(k) for k in node]
                raise ExprError(f"rules.yaml has no '{walked}.{key}'" + (f" (in '{source}')" if source and source.replace(" ", "") != f"{walked}.{key}" else ""),
                                did_you_mean(key, keys) or (f"{walked} has: {', '.join(keys)}" if keys else ""))
            node, walked = node[key], f"{walked}.{key}"
        elif isinstance(node, list) and isinstance(part, int) and not isinstance(part, bool):
            if not -len(node) <= part < len(node):
                raise ExprError(f"{walked} has {len(node)} values, there is no [{part}]")
            node, walked = node[part], f"{walked}[{part}]"
        else:
            what = "a list" if isinstance(node, list) else f"the value {node!r}"
            raise ExprError(f"{walked} is {what}: it has no '{part}'" + (f" (in '{source}')" if source else ""))
    return node


def split_path(text: str) -> tuple[Any, ...]:
    """``rules.a.b[2]`` -> ("a", "b", 2); ExprError when ``text`` is not a plain path into rules.yaml."""
    tree = parse(text)
    body = tree.body
    paths = list(rule_paths(tree))
    if len(paths) != 1 or ast.unparse(body).replace(" ", "") != _unparse_path(paths[0]).replace(" ", ""):
        raise ExprError(f"'{str(text).strip()}' is not a path into rules.yaml", "e.g. rules.scoring.points")
    return paths[0]


def _unparse_path(path: tuple[Any, ...]) -> str:
    out = "rules"
    for part in path:
        out += f"[{part!r}]" if not isinstance(part, str) or not part.isidentifier() else f".{part}"
    return out


def check(text: Any, rules: Any, names: tuple[str, ...] = ()) -> None:
    """Raise ExprError when ``text`` (an expression of a check) is not valid against rules.yaml."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return
    tree = parse(str(text), names)
    for path in rule_paths(tree):
        resolve(rules, path, str(text).strip())


class _Table:
    """A mapping of rules.yaml as simpleeval sees it: fields by name or key, numbers found as text."""

    __slots__ = ("_data",)

    def __init__(self, data: dict) -> None:
        self._data = data

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, key: Any) -> Any:
        if key not in self._data and str(key) in self._data:
            key = str(key)
        return view(self._data[key])

    def __iter__(self) -> Iterator[Any]:
        return (view(v) for v in self._data.values())

    def __len__(self) -> int:
        return len(self._data)


def view(value: Any) -> Any:
    if isinstance(value, dict):
        return _Table(value)
    if isinstance(value, list):
        return [view(v) for v in value]
    return value


def evaluate(text: Any, rules: Any, **given: Any) -> Any:
    """The value of ``text``; ExprError when it cannot be computed (a missing key, a division by zero)."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return text
    names: dict[str, Any] = {"rules": view(rules), **{k: v for k, v in given.items() if v is not None}}
    evaluator = simpleeval.SimpleEval(names=names, functions=FUNCTIONS)
    try:
        return evaluator.eval(str(text).strip())
    except KeyError as exc:
        raise ExprError(f"no entry {exc.args[0]!r} in '{str(text).strip()}'") from None
    except (simpleeval.InvalidExpression, ArithmeticError, TypeError, ValueError, AttributeError,
            IndexError) as exc:
        raise ExprError(f"'{str(text).strip()}' cannot be computed: {exc}") from None


def number(text: Any, rules: Any, **given: Any) -> float:
    """``evaluate``, which must give a number."""
    value = evaluate(text, rules, **given)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ExprError(f"'{str(text).strip()}' gives {value!r}, not a number")
    return value


def figure(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


__all__ = ["ExprError", "check", "evaluate", "figure", "number", "resolve", "split_path"]
