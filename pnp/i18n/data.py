"""The strings of a game's data that components print: which fields, where they are, how they translate.

One explicit list (FIELDS) serves both sides: extraction walks the YAML records along it (so every
string keeps its file:line), and ``localize_model`` walks the model along it and replaces each string
by its translation, once, before the layout: faces and boards read ``.name`` and ``.letter`` as usual.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.i18n.context import Language

FIELDS: tuple[tuple[str, ...], ...] = (
    ("colours", "name"),
    ("colours", "letter"),
    ("riders", "name"),
    ("profiles", "name"),
    ("jerseys", "name"),
    ("decks", "name"),
    ("decks", "cards", "name"),
    ("decks", "cards", "text"),
    ("tokens", "name"),
    ("boards", "name"),
    ("boards", "sides", "name"),
    ("boards", "sides", "spaces", "label"),
    ("boards", "sides", "lines", "label"),
)
"""Paths of translatable fields: top-level collection, nested lists, then the field."""

CONTEXTS: dict[tuple[str, ...], str] = {
    ("colours", "letter"): "colour letter",
    ("colours", "name"): "colour",
    ("tokens", "name"): "token",
    ("boards", "name"): "board",
}
"""msgctxt of fields whose strings are ambiguous alone: a single letter, a colour ("Or": gold, not
"or"; "Rose": pink), a token named by a place ("2e") or a colour, a board ("Plateau")."""

COMMENTS: dict[tuple[str, ...], str] = {
    ("colours", "letter"): "The letter printed on the {name} jersey for colour-blind players: the initial of "
                           "the colour's name in your language, unique among the colours.",
    ("boards", "sides", "name"): "Name of a side of the board.",
}


@dataclass(frozen=True)
class DataString:
    """A translatable string of a data file, where it is, and what it is."""

    text: str
    file: Path
    line: int
    path: tuple[str, ...]
    context: str | None = None
    comment: str = ""


def data_strings(folder: Path) -> list[DataString]:
    """Every translatable string of the YAML files of ``folder``, in file order."""
    from pnp.load import Record, load_yaml

    out: list[DataString] = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            root = load_yaml(path)
        except Exception:  # a broken file is reported by `pnp check`; it has nothing to translate yet
            continue
        if not isinstance(root, Record):
            continue
        for spec in FIELDS:
            for record, key in _walk(root, spec, folder):
                value = record.get(key)
                if isinstance(value, str) and value.strip():
                    where = record.where(key)
                    comment = COMMENTS.get(spec, "").format(name=record.get("name", ""))
                    out.append(DataString(value.strip(), Path(where.file), where.line, spec,
                                          CONTEXTS.get(spec), comment))
        out += _card_field_strings(root, folder)
        if path.name == "game.yaml" and isinstance(root.get("title"), str) and root.get("title").strip():
            where = root.where("title")
            out.append(DataString(root.get("title").strip(), Path(where.file), where.line, TITLE, None,
                                  "The game's title, printed on every page: translate a description, keep a "
                                  "brand name as it is."))
        if path.name == "game.yaml":
            out += _kit_strings(root)
    return sorted(out, key=lambda s: (s.file.name, s.line))


TITLE = ("title",)
"""The path of the game's title (game.yaml)."""

KIT_TEXTS = {("kit", "source"): "The source of the rules, in the credits of the kit's cover.",
             ("kit", "licence"): "The terms of the kit, in the credits of the kit's cover.",
             ("kit", "supplies", "name"): "Something a player brings to play (the kit's cover lists it)."}
"""The texts of game.yaml's ``kit:`` (the cover's credits and supplies)."""


def _kit_strings(root: Any) -> list[DataString]:
    """The credits and the supplies of game.yaml's ``kit:``."""
    from pnp.load import Record, RecordList

    kit = root.get("kit")
    if not isinstance(kit, Record):
        return []
    out: list[DataString] = []
    for key in ("source", "licence"):
        if isinstance(kit.get(key), str) and kit.get(key).strip():
            where = kit.where(key)
            out.append(DataString(kit.get(key).strip(), Path(where.file), where.line, ("kit", key), None,
                                  KIT_TEXTS[("kit", key)]))
    supplies = kit.get("supplies")
    for item in supplies if isinstance(supplies, RecordList) else ():
        if isinstance(item, Record) and isinstance(item.get("name"), str) and item.get("name").strip():
            where = item.where("name")
            out.append(DataString(item.get("name").strip(), Path(where.file), where.line,
                                  ("kit", "supplies", "name"), None, KIT_TEXTS[("kit", "supplies", "name")]))
    return out


CARD_FIELDS = ("decks", "cards", "fields")
"""The path of the card fields a deck declares as texts (``text_fields:``)."""


def _card_field_strings(root: Any, folder: Path) -> list[DataString]:
    """The card fields each deck of ``root`` declares in ``text_fields``, row by row."""
    from pnp.load import Record, RecordList

    out: list[DataString] = []
    decks = root.get("decks") if isinstance(root, Record) else None
    if not isinstance(decks, RecordList):
        return out
    for deck in decks:
        names = deck.get("text_fields") if isinstance(deck, Record) else None
        if not isinstance(names, list) or not names:
            continue
        for row, key in ((row, key) for name in names for row, key in _walk(deck, ("cards", str(name)), folder)):
            value = row.get(key)
            if isinstance(value, str) and value.strip():
                where = row.where(key)
                out.append(DataString(value.strip(), Path(where.file), where.line, CARD_FIELDS))
    return out


def _walk(node: Any, spec: tuple[str, ...], folder: Path) -> Iterator[tuple[Any, str]]:
    """(record, field) pairs along ``spec``; a deck's ``cards: some.csv`` (or a spreadsheet's sheet)
    is read as its rows."""
    from pnp.load import TABLE_SUFFIXES, Record, RecordList, load_table, split_sheet

    if len(spec) == 1:
        if isinstance(node, Record):
            yield node, spec[0]
        return
    children = node.get(spec[0]) if isinstance(node, Record) else None
    if spec[0] == "cards" and isinstance(children, str) and split_sheet(children)[0].lower().endswith(TABLE_SUFFIXES):
        try:
            children = load_table(folder / children)
        except Exception:  # reported by `pnp check`
            return
    if isinstance(children, RecordList):
        for child in children:
            yield from _walk(child, spec[1:], folder)


def translator(language: Language) -> Callable[[tuple[str, ...], str], str]:
    """``tr(path, text)``: the translation of a data string of the field at ``path``."""
    def tr(path: tuple[str, ...], text: str) -> str:
        if not text:
            return text
        context = CONTEXTS.get(path)
        return language.pgettext(context, text) if context else language.gettext(text)
    return tr


def localize_model(model: Any, language: Language) -> Any:
    """A copy of ``model`` with every field of FIELDS in ``language`` (the model itself for the source)."""
    if language.source:
        return model
    return map_texts(model, translator(language))


def map_texts(model: Any, tr: Callable[[tuple[str, ...], str], str]) -> Any:
    """A copy of ``model`` with ``tr(path, text)`` applied to every text field of FIELDS, to the
    decks' text fields and to the title (``path`` names the field, as in FIELDS)."""
    updates = {}
    for top in dict.fromkeys(spec[0] for spec in FIELDS):
        items = getattr(model, top, None)
        if items is None:
            continue
        specs = [spec for spec in FIELDS if spec[0] == top]
        new = []
        for item in items:
            for spec in specs:
                item = _localize(item, spec[1:], spec, tr)
            new.append(item)
        updates[top] = tuple(new)
    decks = updates.get("decks", getattr(model, "decks", None))
    if decks is not None and any(d.text_fields for d in decks):
        updates["decks"] = tuple(_localize_fields(d, tr) for d in decks)
    info = getattr(model, "info", None)
    if info is not None and info.title:
        kit = info.kit
        kit = kit.model_copy(update={
            "source": tr(("kit", "source"), kit.source) if kit.source else "",
            "licence": tr(("kit", "licence"), kit.licence) if kit.licence else "",
            "supplies": tuple(s.model_copy(update={"name": tr(("kit", "supplies", "name"), s.name)}) if s.name else s
                              for s in kit.supplies)})
        updates["info"] = info.model_copy(update={"title": tr(TITLE, info.title), "kit": kit})
    return dataclasses.replace(model, **updates)


def _localize_fields(deck: Any, tr) -> Any:
    """``deck`` with the card fields it declares as texts translated."""
    if not deck.text_fields:
        return deck
    cards = tuple(c.model_copy(update={"fields": {k: (tr(CARD_FIELDS, v) if k in deck.text_fields else v)
                                                  for k, v in c.fields.items()}}) for c in deck.cards)
    return deck.model_copy(update={"cards": cards})


def _localize(obj: Any, rest: tuple[str, ...], spec: tuple[str, ...], tr) -> Any:
    if len(rest) == 1:
        value = getattr(obj, rest[0], None)
        if not isinstance(value, str) or not value:
            return obj
        return obj.model_copy(update={rest[0]: tr(spec, value)})
    children = getattr(obj, rest[0], None)
    if children is None:
        return obj
    return obj.model_copy(update={rest[0]: tuple(_localize(c, rest[1:], spec, tr) for c in children)})
