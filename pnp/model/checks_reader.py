"""Read the ``checks:`` of rules.yaml (pnp.model.checks), and check what they name.

Every mistake is a data error at the line of the field that holds it, with a hint: an unknown kind or
field, an expression that does not parse or names what rules.yaml does not have, a deck, token or
rider that does not exist, a card field that no card has.
"""

from __future__ import annotations

from typing import Any

from pnp.errors import ErrorBag, Location
from pnp.load.records import Record, RecordList, location_of
from pnp.load.suggest import did_you_mean
from pnp.model import expressions
from pnp.model.checks import KINDS, SOURCES, Base, Selection
from pnp.model.validation import parse

SELECTIONS = ("count", "supply", "groups")
"""Fields that hold a selection (a mapping) or, for count and supply, an expression."""

EXPRESSIONS = ("equals", "at_least", "at_most", "demand")

KEY_KINDS = ("players", *SOURCES, "decisions", "boards")
"""What ``keys:`` may name instead of a list or a rules path."""


def read_checks(rules: Any, errors: ErrorBag) -> list[Base]:
    """The declared checks of rules.yaml (those that validate; the others are data errors)."""
    seq = rules.get("checks") if isinstance(rules, Record) else None
    if seq is None:
        return []
    if not isinstance(seq, list):
        errors.add(rules.where("checks"), f"expected a list, got {type(seq).__name__}", "checks",
                   "start each check with '- id: ...'")
        return []
    out = []
    for i, item in enumerate(seq):
        where = seq.where(i) if isinstance(seq, RecordList) else rules.where("checks")
        if not isinstance(item, Record):
            errors.add(where, f"expected a mapping, got {item!r}", f"checks[{i}]",
                       "write 'id:', 'kind:', 'what:' and the fields of the kind")
            continue
        kind = item.get("kind")
        cls = KINDS.get(str(kind)) if kind is not None else None
        if cls is None:
            if kind is None:
                errors.add(where, "this field is required but missing", f"checks[{i}].kind",
                           f"add 'kind: ...', one of {', '.join(KINDS)}")
            else:
                errors.add(item.where("kind"), f"unknown kind of check '{kind}'", f"checks[{i}].kind",
                           did_you_mean(str(kind), KINDS) or f"expected one of: {', '.join(KINDS)}")
            continue
        extra, ok = {}, True
        for key in SELECTIONS:
            if key in cls.model_fields and isinstance(item.get(key), dict):
                sel = parse(Selection, item[key], errors, f"checks[{i}].{key}")
                ok = ok and sel is not None
                extra[key] = sel
        check = parse(cls, item, errors, f"checks[{i}]", extra=extra) if ok else None
        if check is not None:
            check._index = i
            out.append(check)
    return out


def validate_checks(model: Any, errors: ErrorBag) -> None:
    """Every path, expression, id and field a declared check names exists (once the model is read)."""
    for check in model.checks:
        _validate(model, check, check.index, errors)


def _validate(model: Any, check: Any, i: int, errors: ErrorBag) -> None:
    rules = model.sources.rules_record

    def where(*path: Any) -> Location:
        return location_of(rules, ("checks", i, *path))

    def add(path: tuple, exc: expressions.ExprError) -> None:
        errors.add(where(*path), str(exc), f"checks[{i}]." + ".".join(str(p) for p in path), exc.hint)

    grouped = any(isinstance(getattr(check, k, None), Selection) and getattr(check, k).per for k in SELECTIONS)
    for key in EXPRESSIONS + SELECTIONS:
        value = getattr(check, key, None)
        if value is None or isinstance(value, Selection):
            continue
        names = (("players",) if key == "demand" else ()) + (("group",) if grouped and key in EXPRESSIONS else ())
        try:
            expressions.check(value, rules, names)
        except expressions.ExprError as exc:
            add((key,), exc)
    for key in ("table", "values"):
        text = getattr(check, key, None)
        if text:
            try:
                found = expressions.resolve(rules, expressions.split_path(text), text)
            except expressions.ExprError as exc:
                add((key,), exc)
                continue
            if key == "table" and not isinstance(found, (list, dict)):
                errors.add(where(key), f"{text} is {found!r}, not a table (a list or a mapping)", f"checks[{i}].{key}")
    for key in SELECTIONS:
        sel = getattr(check, key, None)
        if isinstance(sel, Selection):
            _validate_selection(model, sel, (key,), where, errors, i)
    if check.kind == "complete":
        _validate_keys(model, check.keys, ("keys",), where, errors, i)
    if check.kind == "identical":
        source = check.groups.source
        for j, name in enumerate(check.compare):
            _field(model, source, name, ("compare", j), where, errors, i)


def ids_of(model: Any, kind: str) -> list[str]:
    """The ids of one kind of thing in the model (as written in the files, for hints)."""
    if kind == "cards":
        return [f"{d.id}/{c.id}" for d in model.decks for c in d.cards] + \
               [c.id for d in model.decks for c in d.cards]
    if kind == "decisions":
        return [d.id for d in model.decisions]
    if kind == "players":
        return [str(n) for n in model.info.players.values()]
    items = {"decks": model.decks, "tokens": model.tokens, "riders": model.riders, "standees": model.standees,
             "jerseys": model.jerseys, "colours": model.colours, "profiles": model.profiles,
             "boards": model.boards}[kind]
    return [x.id for x in items]


def names_at(rules: Any, text: str) -> list[str]:
    """The names a rules path holds: one name, a list of names."""
    value = expressions.resolve(rules, expressions.split_path(text), text)
    if isinstance(value, list):
        return [str(v) for v in value]
    if isinstance(value, dict):
        return [str(k) for k in value]
    return [str(value)]


def selection_ids(rules: Any, sel: Selection) -> list[str]:
    """The ids a selection names, rules paths resolved ("*" kept)."""
    out = []
    for name in sel.ids:
        if name.startswith("rules.") or name == "rules":
            out += names_at(rules, name)
        else:
            out.append(name)
    return out


def _validate_selection(model: Any, sel: Selection, path: tuple, where, errors: ErrorBag, i: int) -> None:
    rules = model.sources.rules_record
    source = sel.source
    kind = "decks" if source == "cards" else source
    known = ids_of(model, kind)
    for j, name in enumerate(sel.ids):
        loc = (*path, source, j) if len(sel.ids) > 1 else (*path, source)
        if name.startswith("rules."):
            try:
                names_at(rules, name)  # the names it holds are followed when the check runs
            except expressions.ExprError as exc:
                errors.add(where(*loc), str(exc), f"checks[{i}].{'.'.join(map(str, loc))}", exc.hint)
            continue
        if name != "*" and name not in known:
            what = "deck" if kind == "decks" else kind.rstrip("s")
            errors.add(where(*loc), f"unknown {what} '{name}'", f"checks[{i}].{'.'.join(map(str, loc))}",
                       did_you_mean(name, known))
    for name, want in sel.where.items():
        _field(model, source, name, (*path, "where", name), where, errors, i)
        for value in _wanted(want):
            if isinstance(value, str) and value.startswith("rules."):
                try:
                    expressions.resolve(rules, expressions.split_path(value), value)
                except expressions.ExprError as exc:
                    errors.add(where(*path, "where", name), str(exc), f"checks[{i}].{'.'.join(map(str, path))}"
                               f".where.{name}", exc.hint)
    if sel.per:
        _field(model, source, sel.per, (*path, "per"), where, errors, i)
    if sel.keys:
        _validate_keys(model, sel.keys, (*path, "keys"), where, errors, i)


def _wanted(want: Any) -> list[Any]:
    if isinstance(want, dict):
        return [v for w in want.values() for v in _wanted(w)]
    if isinstance(want, list):
        return [v for w in want for v in _wanted(w)]
    return [want]


def _validate_keys(model: Any, keys: Any, path: tuple, where, errors: ErrorBag, i: int) -> None:
    if isinstance(keys, Selection):
        _validate_selection(model, keys, path, where, errors, i)
        return
    if not isinstance(keys, str) or keys in KEY_KINDS:
        return
    if keys.startswith("rules"):
        try:
            names_at(model.sources.rules_record, keys)
        except expressions.ExprError as exc:
            errors.add(where(*path), str(exc), f"checks[{i}].{'.'.join(map(str, path))}", exc.hint)
        return
    errors.add(where(*path), f"unknown keys '{keys}'", f"checks[{i}].{'.'.join(map(str, path))}",
               did_you_mean(keys, KEY_KINDS) or "write a list, a rules path or one of: " + ", ".join(KEY_KINDS))


def item_fields(model: Any, source: str) -> list[str]:
    """The fields the items of ``source`` have (for a card: its model's, its deck's extra columns, 'deck')."""
    from pnp.model.decks import Card, Deck
    from pnp.model.jerseys import Jersey
    from pnp.model.palette import Colour
    from pnp.model.riders import Rider, RiderProfile, Standee
    from pnp.model.tokens import Token

    cls = {"cards": Card, "tokens": Token, "riders": Rider, "standees": Standee, "jerseys": Jersey,
           "colours": Colour, "decks": Deck, "profiles": RiderProfile}[source]
    names = [n for n in cls.model_fields if n != "fields"]
    if source == "cards":
        names += ["deck"] + [f for d in model.decks for f in d.fields]
    return names


def _field(model: Any, source: str, name: str, path: tuple, where, errors: ErrorBag, i: int) -> None:
    names = item_fields(model, source)
    if name not in names:
        errors.add(where(*path), f"{source} have no field '{name}'", f"checks[{i}].{'.'.join(map(str, path))}",
                   did_you_mean(name, names))
