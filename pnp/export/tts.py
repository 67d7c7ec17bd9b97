"""tts: the kit for Tabletop Simulator: a sheet of card faces per deck (10 x 7 cards at most, at most
4096 px on a side, the last slot the hidden card) and its back, a picture of every board side and
piece, and a saved object (``<game>-<lang>.json``) that puts it all on the table.

The saved object is Tabletop Simulator's save format: every deck a ``DeckCustom`` whose ``DeckIDs``
list each physical card (copies repeat their card's id: deck key * 100 + slot), a deck of one card a
``Card``. The hidden card (what others see of a card in a hand) is the sheet's last slot, drawn as the
deck's back (``BackIsHidden`` false: the slot is used); a deck whose cards have different backs has a
sheet of backs too (``UniqueBack``). Boards and pieces are ``Custom_Tile`` objects (front and back
pictures; a board's two sides are one tile's two faces). Pictures are named by relative path:
Tabletop Simulator loads them from a URL or a ``file:///`` path (README, "Tabletop Simulator").
GUIDs come from the pieces' labels, positions from their order: the same kit gives the same bytes.

Sizes: Tabletop Simulator units are about an inch; a tile of scale 1 is one unit on a side (its
picture stretched to it), a card of scale 1 about a poker card (63.5 x 88.9 mm).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.export import ExportFailed, Exported, ExportOptions
from pnp.export.designs import Design, DesignGroup, board_sides, cut_pieces, design_groups
from pnp.export.manifest import export_manifest
from pnp.export.png import safe
from pnp.export.raster import MM_PER_INCH, rasterize, save_png
from pnp.export.sheets import CAPACITY, Grid, compose, fitting_dpi, grid_for
from pnp.export.source import KitSource

DESCRIPTION = "Tabletop Simulator: deck sheets, board and piece pictures, a saved object (JSON)"

POKER_HEIGHT_MM = 88.9
"""The height of a card of scale 1 in Tabletop Simulator."""
GAP = 1.0
"""Between objects laid out on the table, in Tabletop Simulator units."""
ROW_UNITS = 30.0
"""The width of a row of decks and pieces on the table, when the boards are narrower."""
TILE_THICKNESS = 0.1
FACE_DOWN = (0.0, 180.0, 180.0)
FACE_UP = (0.0, 180.0, 0.0)
DIFFUSE = {"r": 1.0, "g": 1.0, "b": 1.0}


@dataclass
class TableObject:
    """An object of the save and the room it takes on the table (units), before it is placed."""

    state: dict[str, Any]
    footprint: tuple[float, float]
    copies: list[dict[str, Any]] | None = None
    """Tiles: the state of every copy, stacked where the first one goes."""


class _Files:
    """The pictures of the export, by name (each written once)."""

    def __init__(self, tx, folder: str) -> None:
        self.tx, self.folder = tx, folder
        self.written: list[tuple[str, Path]] = []
        self.sizes: dict[str, tuple[int, int]] = {}
        self._names: dict[str, str] = {}

    def png(self, name: str, image, dpi: float, key: str = "") -> str:
        """Write ``image`` (drawn at ``dpi``) as ``name``; a picture of the same ``key`` written
        before is used instead."""
        if key and key in self._names:
            return self._names[key]
        path = self.tx.path(f"{self.folder}/{name}")
        save_png(image, path, round(dpi))
        self.written.append((name, path))
        self.sizes[name] = image.size
        if key:
            self._names[key] = name
        return name


def export(kit: KitSource, options: ExportOptions, tx) -> Exported:
    """Write the sheets, the pictures, the saved object and export.json into <game>/<lang>/tts/."""
    model = kit.model
    folder = f"{model.id}/{kit.lang}/tts"
    files = _Files(tx, folder)
    guids = _Guids(f"{model.id}/{kit.lang}")
    groups = design_groups(kit, cut_pieces(kit))
    boards = [_board(sides, files, guids, options.dpi) for sides in _board_tiles(kit)]
    decks: list[TableObject] = []
    tiles: list[TableObject] = []
    keys = iter(range(1, 10_000))
    sheets: list[dict[str, Any]] = []
    for group in groups:
        if group.kind == "cards":
            decks.append(_deck(kit, group, files, guids, keys, options.dpi, sheets))
        else:
            tiles += [_tile_stack(d, files, guids, options.dpi) for d in group.designs]
    states = _laid_out(boards, decks + tiles)
    name = f"{model.id}-{kit.lang}.json"
    save = _save(kit, states)
    path = tx.path(f"{folder}/{name}")
    path.write_text(json.dumps(save, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    written = [*files.written, (name, path)]
    extra = {"saved_object": name, "pieces": sum(g.count for g in groups),
             "cards": sum(g.count for g in groups if g.kind == "cards"), "sheets": sheets,
             "images": {n: list(s) for n, s in files.sizes.items()}}
    tx.path(f"{folder}/export.json").write_text(export_manifest(kit, "tts", folder, written, extra), encoding="utf-8")
    return Exported("tts", Path(folder), summary=f"{len(decks)} deck(s) on {len(sheets)} sheet(s), "
                    f"{len(tiles)} piece stack(s), {len(boards)} board(s), {name}")


# --- decks ---------------------------------------------------------------------------------------

def _deck(kit: KitSource, group: DesignGroup, files: _Files, guids: "_Guids", keys, dpi: int,
          sheets: list[dict[str, Any]]) -> TableObject:
    """The deck of ``group``: its sheets written, its cards listed copy by copy."""
    w, h = group.designs[0].trim
    if any(d.trim != (w, h) for d in group.designs):
        where = kit.model.sources.component(f"deck:{group.id}")
        raise ExportFailed(f"{where}: deck '{group.id}' has cards of different sizes; Tabletop Simulator cuts a "
                           "sheet into cards of one size (give the deck one card_size, or split it in two)")
    backs = list(dict.fromkeys(d.back.key if d.back else None for d in group.designs))
    unique_back = len(backs) > 1
    custom: dict[str, dict[str, Any]] = {}
    cards: list[dict[str, Any]] = []
    back_url = ""
    transform = _transform(FACE_DOWN, (h / POKER_HEIGHT_MM,) * 3)
    for n, start in enumerate(range(0, len(group.designs), CAPACITY), 1):
        chunk = group.designs[start:start + CAPACITY]
        grid = grid_for(len(chunk), w, h, dpi)
        key = next(keys)
        faces, back_images, hidden = _drawn(chunk, grid)
        face_url = files.png(f"{safe(group.id)}-faces-{n}.png", compose(grid, faces, hidden), grid.dpi)
        if unique_back:
            back_url = files.png(f"{safe(group.id)}-backs-{n}.png", compose(grid, back_images, hidden), grid.dpi)
        elif not back_url:
            back_url = files.png(f"{safe(group.id)}-back.png", hidden, grid.dpi)
        custom[str(key)] = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": grid.cols, "NumHeight": grid.rows,
                            "BackIsHidden": False, "UniqueBack": unique_back, "Type": 0}
        sheets.append({"deck": group.id, "key": key, "faces": face_url, "back": back_url, "cols": grid.cols,
                       "rows": grid.rows, "cell": list(grid.cell), "designs": len(chunk),
                       "cards": sum(d.copies for d in chunk)})
        for slot, design in enumerate(chunk):
            for label in design.labels:
                cards.append(_object("Card", guids(label), transform, design.name, Hands=True,
                                     CardID=key * 100 + slot, SidewaysCard=w > h, CustomDeck={str(key): custom[str(key)]}))
    footprint = _inches((w, h))
    if len(cards) == 1:
        return TableObject(cards[0], footprint)
    deck = _object("DeckCustom", guids(f"deck/{group.id}"), transform, group.name, HideWhenFaceDown=True,
                   Hands=True, SidewaysCard=w > h, DeckIDs=[c["CardID"] for c in cards], CustomDeck=custom,
                   ContainedObjects=cards)
    return TableObject(deck, footprint)


def _drawn(designs: list[Design], grid: Grid):
    """The faces, the backs (white for a one-sided card) and the hidden card (the first back) of
    ``designs``, drawn at the grid's resolution."""
    from PIL import Image

    symbols = [d.front for d in designs]
    backs = [d.back for d in designs if d.back is not None]
    images = [im if im.size == grid.cell else im.resize(grid.cell, Image.Resampling.LANCZOS)
              for im in rasterize([*symbols, *backs], grid.dpi)]
    faces, drawn_backs = images[:len(symbols)], iter(images[len(symbols):])
    blank = Image.new("RGB", grid.cell, "white")
    back_images = [next(drawn_backs) if d.back is not None else blank for d in designs]
    return faces, back_images, back_images[0]


# --- boards and pieces --------------------------------------------------------------------------

def _board_tiles(kit: KitSource) -> list[list[tuple]]:
    """The sides of every board with their pictures, two by two (a board's two sides are one
    tile's two faces)."""
    by_board: dict[str, list[tuple]] = {}
    for side, symbol in board_sides(kit):
        by_board.setdefault(side.board_id, []).append((side, symbol))
    return [sides[i:i + 2] for sides in by_board.values() for i in range(0, len(sides), 2)]


def _board(sides: list[tuple], files: _Files, guids: "_Guids", dpi: int) -> TableObject:
    urls = []
    for side, symbol in sides:
        fit = fitting_dpi(symbol.width, symbol.height, dpi)
        (image,) = rasterize([symbol], fit)
        urls.append(files.png(f"board-{safe(side.board_id)}-{safe(side.side_id)}.png", image, fit))
    first, symbol = sides[0]
    name = " / ".join(side.name for side, _ in sides)
    size = (symbol.width, symbol.height)
    state = _tile("Custom_Tile", guids(f"board/{first.board_id}/{first.side_id}"), name, urls[0],
                  urls[1] if len(urls) > 1 else "", size, locked=True)
    return TableObject(state, _inches(size))


def _tile_stack(design: Design, files: _Files, guids: "_Guids", dpi: int) -> TableObject:
    """A piece (token, aid, standee) as a tile with its front and back pictures, one per copy."""
    w, h = design.trim
    fit = fitting_dpi(w, h, dpi)
    symbols = [design.front] + ([design.back] if design.back else [])
    images = list(rasterize(symbols, fit))
    base = f"{safe(design.group)}-{safe(design.label.split('/', 1)[-1])}"
    front = files.png(f"{base}-front.png", images[0], fit, symbols[0].key)
    back = files.png(f"{base}-back.png", images[1], fit, symbols[1].key) if len(images) > 1 else ""
    copies = [_tile("Custom_Tile", guids(label), design.name, front, back, (w, h)) for label in design.labels]
    return TableObject(copies[0], _inches((w, h)), copies)


def _tile(name: str, guid: str, nickname: str, front: str, back: str, size_mm: tuple[float, float],
          locked: bool = False) -> dict[str, Any]:
    w, h = _inches(size_mm)
    image = {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0,
             "CustomTile": {"Type": 0, "Thickness": TILE_THICKNESS, "Stackable": not locked, "Stretch": True}}
    return _object(name, guid, _transform(FACE_UP, (w, 1.0, h)), nickname, Locked=locked, CustomImage=image)


# --- the save ------------------------------------------------------------------------------------

def _save(kit: KitSource, states: list[dict[str, Any]]) -> dict[str, Any]:
    info = kit.model.info
    note = (f"{info.title} ({kit.lang}), made by pnp from the kit's data. The pictures are named by relative "
            "path: put them where Tabletop Simulator can load them (a web address, or file:/// paths) and "
            "write those addresses in the JSON before loading it.")
    return {"SaveName": f"{info.title} ({kit.lang})", "GameMode": info.title, "Date": "", "VersionNumber": "",
            "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": note, "Rules": "", "XmlUI": "",
            "LuaScript": "", "LuaScriptState": "", "TabStates": {}, "ObjectStates": states}


def _laid_out(boards: list[TableObject], others: list[TableObject]) -> list[dict[str, Any]]:
    """Every object's state, placed: the boards side by side along x around the origin, then the
    decks and pieces in rows in front of them (towards -z); copies of a piece stacked."""
    states: list[dict[str, Any]] = []
    width = sum(b.footprint[0] for b in boards) + GAP * max(len(boards) - 1, 0)
    x, depth = -width / 2, max((b.footprint[1] for b in boards), default=0.0)
    for board in boards:
        _place(board.state, x + board.footprint[0] / 2, 1.0, 0.0)
        states.append(board.state)
        x += board.footprint[0] + GAP
    row_width = max(width, ROW_UNITS)
    x, z, row_depth = -row_width / 2, -depth / 2 - GAP, 0.0
    for obj in others:
        w, h = obj.footprint
        if x + w > row_width / 2 and row_depth:
            x, z, row_depth = -row_width / 2, z - row_depth - GAP, 0.0
        for level, copy in enumerate(obj.copies or [obj.state]):
            _place(copy, x + w / 2, 1.0 + level * TILE_THICKNESS, z - h / 2)
            states.append(copy)
        x += w + GAP
        row_depth = max(row_depth, h)
    return states


def _place(state: dict[str, Any], x: float, y: float, z: float) -> None:
    t = state["Transform"]
    t["posX"], t["posY"], t["posZ"] = round(x, 3), round(y, 3), round(z, 3)
    for card in state.get("ContainedObjects", ()):
        card["Transform"] = dict(t)


def _object(name: str, guid: str, transform: dict[str, float], nickname: str, **fields: Any) -> dict[str, Any]:
    """An object state with the fields every Tabletop Simulator object saves, then ``fields``."""
    state: dict[str, Any] = {
        "GUID": guid, "Name": name, "Transform": dict(transform), "Nickname": nickname, "Description": "",
        "GMNotes": "", "ColorDiffuse": dict(DIFFUSE), "Locked": False, "Grid": True, "Snap": True,
        "IgnoreFoW": False, "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
        "HideWhenFaceDown": False, "Hands": False}
    state.update(fields)
    state.update({"LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return state


def _transform(rotation: tuple[float, float, float], scale: tuple[float, float, float]) -> dict[str, float]:
    rx, ry, rz = rotation
    sx, sy, sz = (round(s, 4) for s in scale)
    return {"posX": 0.0, "posY": 0.0, "posZ": 0.0, "rotX": rx, "rotY": ry, "rotZ": rz,
            "scaleX": sx, "scaleY": sy, "scaleZ": sz}


def _inches(size_mm: tuple[float, float]) -> tuple[float, float]:
    return size_mm[0] / MM_PER_INCH, size_mm[1] / MM_PER_INCH


class _Guids:
    """Six hex digits per object, from the kit and the object's label (a clash takes the next
    digest of the same label, so the same kit always gives the same ids)."""

    def __init__(self, prefix: str) -> None:
        self.prefix, self.used = prefix, set()

    def __call__(self, label: str) -> str:
        n = 0
        while True:
            guid = hashlib.sha1(f"{self.prefix}/{label}/{n}".encode()).hexdigest()[:6]
            if guid not in self.used:
                self.used.add(guid)
                return guid
            n += 1
