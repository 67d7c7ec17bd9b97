"""Declarative checks: what most games need, declared under ``checks:`` in rules.yaml, with no Python.

```yaml
checks:
  - id: GJ-SUPPLY-TOKENS                 # the stable rule id of the findings
    kind: supply                         # count, supply, monotonic, complete, identical, references
    what: "each points pile holds a token for every sprint of the longest game"
    because: "every sprint takes one token from each pile"
    severity: error                      # error (default), warning or question
    supply: {tokens: "*", where: {kind: points}, per: id}
    demand: max(rules.sprints[players])
```

A *selection* names what is counted: ``cards`` (deck ids, ``"*"`` for every deck: each copy counts),
``tokens`` (ids: each counts its ``count``), ``riders``, ``standees``, ``jerseys``, ``colours``,
``decks``, ``profiles`` (ids or ``"*"``); ``where`` keeps the items whose fields have these values
(a list: any of them; ``{not: ...}``: none of them; a field holding a list matches when it holds the
value); ``per`` groups them by a field (``per: id``, ``per: colour``), and ``keys`` lists the groups
that must be there (a list, a rules path, ``players``/``riders``/``colours``..., or a selection of
ids). Any id list and any ``where`` value may be a rules path (``cards: rules.deck.deck``,
``where: {kind: rules.scoring.token_kind}``); a deck that a rules path names but that does not exist is
not counted as empty: the check is skipped (a ``references`` check, or the game's, reports the name).
Numbers are expressions (pnp.model.expressions): ``players`` is the player count in a supply's
``demand``, ``group`` the key of the group in a check with ``per`` (``equals: rules.deck.kinds[group]``).
Several entries may share an id when they check parts of one rule (TDF-DECK-SUM).

The checks are run by pnp.check.declared; what they name is checked when the game is read.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, PrivateAttr, field_validator, model_validator

from pnp.model.base import Frozen

Number = int | float | str
"""A number, a rules path (rules.deck.total) or arithmetic over them."""

SOURCES = ("cards", "tokens", "riders", "standees", "jerseys", "colours", "decks", "profiles")
"""What a selection may count, as the model names them."""

TARGETS = ("decks", "cards", "riders", "jerseys", "colours", "tokens", "profiles", "standees", "decisions",
           "boards")
"""What a ``references`` check may point at."""


def _names(value: object) -> object:
    """One name, or a list of names."""
    if isinstance(value, str):
        return (value.strip(),) if value.strip() else ()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (str(value),)
    return value


class Selection(Frozen):
    """What a check counts or compares: items of one kind, filtered, maybe grouped."""

    cards: tuple[str, ...] = ()
    tokens: tuple[str, ...] = ()
    riders: tuple[str, ...] = ()
    standees: tuple[str, ...] = ()
    jerseys: tuple[str, ...] = ()
    colours: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()
    profiles: tuple[str, ...] = ()
    where: dict[str, Any] = {}
    """Field -> value (or a list of values, or ``{not: value-or-list}``) the items must have."""
    per: str = ""
    """Group by this field: the check applies to every group."""
    keys: "tuple[str, ...] | str | Selection" = ()
    """The groups that must be there (with ``per``): a list, a rules path, a kind of id (riders...) or a
    selection (``{jerseys: "*", where: {wildcard: false}}``: the ids of what it selects)."""

    @field_validator(*SOURCES, mode="before")
    @classmethod
    def _lists(cls, v: object) -> object:
        return _names(v)

    @field_validator("keys", mode="before")
    @classmethod
    def _keys(cls, v: object) -> object:
        if isinstance(v, list):
            return tuple(str(x) for x in v)
        return v

    @model_validator(mode="after")
    def _one_source(self) -> "Selection":
        given = [s for s in SOURCES if getattr(self, s)]
        if len(given) != 1:
            raise ValueError(f"name what to count with exactly one of {', '.join(SOURCES)}"
                             + (f" (not {' and '.join(given)})" if given else ""))
        if self.keys and not self.per:
            raise ValueError("'keys' lists the groups of 'per': add 'per: <field>'")
        return self

    @property
    def source(self) -> str:
        return next(s for s in SOURCES if getattr(self, s))

    @property
    def ids(self) -> tuple[str, ...]:
        return getattr(self, self.source)


Selection.model_rebuild()


class Base(Frozen):
    """What every declared check has."""

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    kind: str
    what: str
    """The rule in the designer's words: what must hold."""
    because: str = ""
    """Why the rules need it."""
    severity: Literal["error", "warning", "question"] = "error"
    _index: int = PrivateAttr(default=-1)
    """Where the check is in the ``checks:`` list of rules.yaml (set when it is read)."""

    @property
    def index(self) -> int:
        return self._index


class Bounds(Frozen):
    """``equals``, ``at_least``, ``at_most``: numbers or expressions."""

    equals: Number | None = None
    at_least: Number | None = None
    at_most: Number | None = None

    @model_validator(mode="after")
    def _bounded(self) -> "Bounds":
        if self.equals is None and self.at_least is None and self.at_most is None:
            raise ValueError("compare it with 'equals', 'at_least' or 'at_most'")
        if self.equals is not None and (self.at_least is not None or self.at_most is not None):
            raise ValueError("'equals' leaves no room for 'at_least' or 'at_most': keep one")
        return self


class CountCheck(Base, Bounds):
    """A count of cards, tokens, riders... (or an expression over rules.yaml) compared with a number."""

    kind: Literal["count"]
    count: Selection | Number


class SupplyCheck(Base):
    """A supply against the worst-case demand over every player count of game.yaml."""

    kind: Literal["supply"]
    supply: Selection | Number
    demand: Number
    """An expression of ``players`` and rules values: the need at that player count."""


class MonotonicCheck(Base):
    """A table of rules.yaml (a list, or a mapping by number) rises or falls."""

    kind: Literal["monotonic"]
    table: str
    direction: Literal["increasing", "decreasing"]
    strict: bool = False
    each: bool = False
    """The table holds tables (rows): each row is checked."""
    skip: tuple[Any, ...] = ()
    """Rows (with ``each``) that are not lists of numbers, such as a 'puncture' outcome, and are left out."""
    at_least: Number | None = None
    at_most: Number | None = None

    @field_validator("skip", mode="before")
    @classmethod
    def _skip(cls, v: object) -> object:
        return (v,) if isinstance(v, (str, int, float)) else v


class CompleteCheck(Base):
    """A table of rules.yaml has an entry for every key: every player count, rider, deck, colour..."""

    kind: Literal["complete"]
    table: str
    keys: str | tuple[str, ...] | Selection
    """``players`` (game.yaml's range), a kind of id (riders, decks, colours...), a rules path, a list, or
    a selection (the ids of what it selects)."""
    exact: bool = False
    """Also no entry for a key that is not one of ``keys``."""

    @field_validator("keys", mode="before")
    @classmethod
    def _keys(cls, v: object) -> object:
        return tuple(str(x) for x in v) if isinstance(v, list) else v


class IdenticalCheck(Base):
    """Groups of cards (or tokens...) have the same composition: one deck per team, per rider..."""

    kind: Literal["identical"]
    groups: Selection
    """Grouped with ``per`` (a field), or a list of decks (``cards: [a, b]`` without ``per``: deck by deck)."""
    compare: tuple[str, ...]
    """The fields that make two items the same (copies count)."""

    @field_validator("compare", mode="before")
    @classmethod
    def _lists(cls, v: object) -> object:
        return _names(v)


class ReferencesCheck(Base):
    """Values of rules.yaml are ids of existing decks, cards, riders, jerseys, colours..."""

    kind: Literal["references"]
    values: str
    """A rules path: a name, a list of names, or a mapping (its values, or its keys with ``at: keys``)."""
    to: Literal["decks", "cards", "riders", "jerseys", "colours", "tokens", "profiles", "standees", "decisions",
                "boards"]
    at: Literal["values", "keys"] = "values"
    field: str = ""
    """In a list or mapping of mappings, the field of each that holds the name (e.g. 'deck')."""


KINDS: dict[str, type[Base]] = {
    "count": CountCheck, "supply": SupplyCheck, "monotonic": MonotonicCheck, "complete": CompleteCheck,
    "identical": IdenticalCheck, "references": ReferencesCheck,
}

DeclaredCheck = CountCheck | SupplyCheck | MonotonicCheck | CompleteCheck | IdenticalCheck | ReferencesCheck
