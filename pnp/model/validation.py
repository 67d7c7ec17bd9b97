"""Turn a raw record into a model object, translating validation errors into DataErrors."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pnp.errors import ErrorBag, Location
from pnp.load.records import Record, location_of
from pnp.load.suggest import did_you_mean

M = TypeVar("M", bound=BaseModel)

_EXPECTED = {
    "int_parsing": "expected a whole number",
    "int_type": "expected a whole number",
    "int_from_float": "expected a whole number",
    "float_parsing": "expected a number",
    "float_type": "expected a number",
    "bool_parsing": "expected yes or no (true/false)",
    "bool_type": "expected yes or no (true/false)",
    "string_type": "expected text",
    "date_from_datetime_parsing": "expected a date like 2023-11-03",
    "date_parsing": "expected a date like 2023-11-03",
    "date_type": "expected a date like 2023-11-03",
    "tuple_type": "expected a list",
    "list_type": "expected a list",
    "dict_type": "expected a mapping (key: value lines)",
    "model_type": "expected a mapping (key: value lines)",
    "model_attributes_type": "expected a mapping (key: value lines)",
}


def _field_path(loc: tuple[Any, ...]) -> str:
    parts: list[str] = []
    for p in loc:
        if isinstance(p, int):
            parts.append(f"[{p}]")
        else:
            parts.append(("." if parts else "") + str(p))
    return "".join(parts)


def _model_at(cls: type[BaseModel], loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model class that owns the last part of ``loc`` (to suggest its field names)."""
    current: Any = cls
    for part in loc[:-1]:
        if isinstance(part, int) or not (isinstance(current, type) and issubclass(current, BaseModel)):
            continue
        field = current.model_fields.get(part)
        if field is None:
            return None
        current = _inner_model(field.annotation)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _inner_model(annotation: Any) -> Any:
    args = getattr(annotation, "__args__", ())
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in args:
        found = _inner_model(arg)
        if found is not None:
            return found
    return None


def parse(cls: type[M], raw: Any, errors: ErrorBag, context: str = "",
          extra: dict[str, Any] | None = None) -> M | None:
    """Validate ``raw`` as ``cls``; on failure, add one DataError per problem and return None.

    ``context`` prefixes field names (e.g. "riders[2]"); ``extra`` adds values not in the file.
    """
    if not isinstance(raw, dict):
        errors.add(getattr(raw, "loc", None) or Location("<memory>"), f"expected a mapping, got {raw!r}",
                   context, "write 'key: value' lines")
        return None
    data = dict(raw)
    if extra:
        data.update(extra)
    try:
        return cls.model_validate(data)
    except ValidationError as exc:
        for err in exc.errors():
            _report(cls, raw, err, errors, context)
        return None


def _report(cls: type[BaseModel], raw: Any, err: Any, errors: ErrorBag, context: str) -> None:
    loc = tuple(err["loc"])
    kind = err["type"]
    field = _field_path(loc)
    if context:
        field = f"{context}.{field}" if field else context
    where = location_of(raw, loc)
    given = err.get("input")
    if kind == "extra_forbidden":
        owner = _model_at(cls, loc)
        names = owner.model_fields.keys() if owner else []
        errors.add(where, f"unknown field '{loc[-1]}'", field,
                   did_you_mean(str(loc[-1]), names) or "remove it")
    elif kind == "missing":
        errors.add(where, "this field is required but missing", field,
                   f"add '{loc[-1]}: ...'")
    elif kind in _EXPECTED:
        errors.add(where, f"{_EXPECTED[kind]}, got {given!r}", field)
    elif kind == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        errors.add(where, f"{given!r} is not allowed", field, f"expected {expected}")
    elif kind in {"greater_than_equal", "less_than_equal", "greater_than", "less_than"}:
        errors.add(where, f"{given!r} is out of range: {err['msg'].lower()}", field)
    else:
        msg = err["msg"].removeprefix("Value error, ")
        errors.add(where, msg, field)


def parse_list(cls: type[M], raw: Any, key: str, errors: ErrorBag, owner: Record | None = None,
               ) -> list[M]:
    """Validate every item of the list ``raw`` (found under ``key``), keeping the valid ones."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        where = owner.where(key) if owner is not None else getattr(raw, "loc", None)
        errors.add(where, f"expected a list, got {type(raw).__name__}", key, "start each item with '- '")
        return []
    out: list[M] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            where = raw.where(i) if hasattr(raw, "where") else getattr(raw, "loc", None)
            errors.add(where, f"expected a mapping, got {item!r}", f"{key}[{i}]",
                       "write the item as '- {id: ..., ...}' or as indented 'key: value' lines")
            continue
        obj = parse(cls, item, errors, f"{key}[{i}]")
        if obj is not None:
            out.append(obj)
    return out
