"""Two models of a game compared: per component what was added, removed or changed (field by field)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.write.incremental import _plain

MISSING = "<missing>"


@dataclass
class Change:
    """One value that differs: its path (``distance``, ``deal.refill_to``), before and after."""

    path: str
    old: Any
    new: Any

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "old": self.old, "new": self.new}


def tree_diff(old: Any, new: Any, path: str = "") -> list[Change]:
    """Leaf-by-leaf differences of two plain trees (dicts, lists, values). Lists of records with an
    ``id`` are matched by id, other lists by position."""
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[Change] = []
        for key in list(old) + [k for k in new if k not in old]:
            sub = f"{path}.{key}" if path else str(key)
            if key not in new:
                out.append(Change(sub, old[key], MISSING))
            elif key not in old:
                out.append(Change(sub, MISSING, new[key]))
            else:
                out += tree_diff(old[key], new[key], sub)
        return out
    if isinstance(old, list) and isinstance(new, list):
        if _by_id(old) and _by_id(new):
            return tree_diff({r["id"]: r for r in old}, {r["id"]: r for r in new}, path)
        if all(not isinstance(v, (dict, list)) for v in old + new):
            return [] if old == new else [Change(path, old, new)]
        out = []
        for i in range(max(len(old), len(new))):
            sub = f"{path}[{i}]"
            out += tree_diff(old[i] if i < len(old) else MISSING, new[i] if i < len(new) else MISSING, sub)
        return out
    return [] if old == new else [Change(path, old, new)]


def _by_id(items: list) -> bool:
    return bool(items) and all(isinstance(r, dict) and "id" in r for r in items) and \
        len({r["id"] for r in items}) == len(items)


@dataclass
class ItemDiff:
    key: str
    changes: list[Change] = field(default_factory=list)


@dataclass
class ComponentDiff:
    """One kind of component (cards of a deck, tokens, riders...): ids added and removed, and the
    fields that changed in the others."""

    kind: str
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[ItemDiff] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.changed)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "added": self.added, "removed": self.removed,
                "changed": [{"id": c.key, "fields": [x.as_dict() for x in c.changes]} for c in self.changed]}


def _items(items) -> dict[str, dict]:
    out = {}
    for i, item in enumerate(items):
        plain = _plain(item)
        key = str(plain.get("id", i)) if isinstance(plain, dict) else str(i)
        out[key] = plain
    return out


def diff_items(kind: str, old, new, skip: tuple[str, ...] = ()) -> ComponentDiff:
    a, b = _items(old), _items(new)
    d = ComponentDiff(kind, [k for k in b if k not in a], [k for k in a if k not in b])
    for key in b:
        if key in a:
            pa = {k: v for k, v in a[key].items() if k not in skip} if isinstance(a[key], dict) else a[key]
            pb = {k: v for k, v in b[key].items() if k not in skip} if isinstance(b[key], dict) else b[key]
            changes = tree_diff(pa, pb)
            if changes:
                d.changed.append(ItemDiff(key, changes))
    return d


KINDS = ("colours", "riders", "profiles", "standees", "jerseys", "tokens", "boards", "decisions")


def diff_models(old, new) -> list[ComponentDiff]:
    """Every component kind that differs: the game (game.yaml), each deck (its own fields under
    ``deck:<id>``, its cards under ``cards:<id>``), then colours, riders, jerseys, tokens, boards..."""
    out: list[ComponentDiff] = []
    info = diff_items("game", [old.info], [new.info])
    out.append(info)
    decks = diff_items("decks", old.decks, new.decks, skip=("cards",))
    out.append(decks)
    old_decks = {d.id: d for d in old.decks}
    for deck in new.decks:
        before = old_decks.get(deck.id)
        out.append(diff_items(f"cards:{deck.id}", before.cards if before else (), deck.cards))
    for deck_id, deck in old_decks.items():
        if deck_id not in {d.id for d in new.decks}:
            out.append(diff_items(f"cards:{deck_id}", deck.cards, ()))
    for kind in KINDS:
        out.append(diff_items(kind, getattr(old, kind), getattr(new, kind)))
    return [d for d in out if d]


def diff_rules(old_folder: Path, new_folder: Path) -> list[Change]:
    """rules.yaml compared value by value (paths such as ``deal.refill_to``)."""
    import yaml

    def load(folder: Path):
        path = folder / "rules.yaml"
        if not path.is_file():
            return {}
        try:
            return yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            return {"<unreadable>": str(exc)}

    return tree_diff(_plain(load(old_folder)), _plain(load(new_folder)))
