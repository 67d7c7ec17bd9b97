"""pnp export --to tts: the saved object read back and checked against its sheets and the model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from pnp.export import ExportOptions, export_game
from pnp.export.sheets import CAPACITY, MAX_PX, grid_for
from pnp.model import load_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("green-jersey", "maillot-jaune", "tour-de-france-mb", "tour-de-france-quiz", "flamme-rouge-variants")


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict[str, Path]:
    """Every game exported for Tabletop Simulator in English at the default 300 dpi: its tts folder."""
    out = tmp_path_factory.mktemp("tts")
    return {game: out / export_game(ROOT / "data" / game, "tts", ExportOptions(out=out, lang="en")).folder
            for game in GAMES}


def _save(folder: Path) -> dict:
    (name,) = [p for p in folder.glob("*.json") if p.name != "export.json"]
    return json.loads(name.read_text(encoding="utf-8"))


def _cards(state: dict) -> list[dict]:
    """The cards of a deck, or the card itself."""
    return state["ContainedObjects"] if state["Name"] == "DeckCustom" else [state]


def _check_sheet(folder: Path, entry: dict) -> None:
    """The face sheet's grid against its size, the back's size, the hidden card in the last slot."""
    faces = Image.open(folder / entry["FaceURL"])
    cols, rows = entry["NumWidth"], entry["NumHeight"]
    assert 1 <= cols <= 10 and 1 <= rows <= 7 and max(faces.size) <= MAX_PX
    assert faces.size[0] % cols == 0 and faces.size[1] % rows == 0
    cell = (faces.size[0] // cols, faces.size[1] // rows)
    back = Image.open(folder / entry["BackURL"])
    assert back.size == (faces.size if entry["UniqueBack"] else cell)
    if not entry["UniqueBack"]:  # the last slot: the hidden card, drawn as the back
        x, y = (cols - 1) * cell[0], (rows - 1) * cell[1]
        assert faces.convert("RGB").crop((x, y, x + cell[0], y + cell[1])).tobytes() == back.convert("RGB").tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_every_deck_matches_its_sheets_and_the_model(exported, game):
    folder = exported[game]
    states = _save(folder)["ObjectStates"]
    model = load_game(ROOT / "data" / game)
    key_deck = {s["key"]: s["deck"] for s in json.loads((folder / "export.json").read_text())["sheets"]}
    entries: dict[str, dict] = {}
    counted: dict[str, int] = {}
    for deck in (s for s in states if s["Name"] in ("DeckCustom", "Card")):
        cards = _cards(deck)
        ids = deck["DeckIDs"] if deck["Name"] == "DeckCustom" else [deck["CardID"]]
        assert ids == [c["CardID"] for c in cards]
        for card in cards:
            (key, entry), = card["CustomDeck"].items()
            assert deck.get("CustomDeck", {key: entry})[key] == entry == entries.setdefault(key, entry)
            slot = card["CardID"] - int(key) * 100
            assert 0 <= slot < entry["NumWidth"] * entry["NumHeight"] - 1, "a card in the hidden card's slot"
            counted[key_deck[int(key)]] = counted.get(key_deck[int(key)], 0) + 1
    for entry in entries.values():
        _check_sheet(folder, entry)
    assert counted == {d.id: d.size for d in model.decks if d.sheet == "cards"}


@pytest.mark.parametrize("game", GAMES)
def test_boards_and_pieces_are_tiles_and_every_file_exists(exported, game):
    folder = exported[game]
    save = _save(folder)
    states = save["ObjectStates"]
    model = load_game(ROOT / "data" / game)
    tiles = [s for s in states if s["Name"] == "Custom_Tile"]
    boards = [t for t in tiles if t["Locked"]]
    sides = [u for t in boards for u in (t["CustomImage"]["ImageURL"], t["CustomImage"]["ImageSecondaryURL"]) if u]
    assert len(sides) == sum(len(b.sides) for b in model.boards)
    for url in sides:
        assert max(Image.open(folder / url).size) <= MAX_PX
    pieces = len(tiles) - len(boards)
    non_cards = sum(d.size for d in model.decks if d.sheet == "pieces") + sum(t.count for t in model.tokens) \
        + len(model.standees)
    assert pieces == non_cards
    urls = [t["CustomImage"][k] for t in tiles for k in ("ImageURL", "ImageSecondaryURL")]
    urls += [e[k] for s in states for c in _cards(s) for e in c.get("CustomDeck", {}).values()
             for k in ("FaceURL", "BackURL")]
    assert all(u for u in urls[::2])
    for url in filter(None, urls):
        assert "/" not in url and (folder / url).is_file(), url
    guids = [c["GUID"] for s in states for c in [s, *s.get("ContainedObjects", ())]]
    assert len(guids) == len(set(guids)) and all(len(g) == 6 and int(g, 16) >= 0 for g in guids)
    manifest = json.loads((folder / "export.json").read_text())
    assert {f["name"] for f in manifest["files"]} == {p.name for p in folder.iterdir()} - {"export.json"}


def test_the_same_kit_gives_the_same_bytes(tmp_path):
    """Another language, written twice: byte-identical files; names in the kit's language."""
    options = [ExportOptions(out=tmp_path / n, lang="de", dpi=100) for n in ("a", "b")]
    folders = [o.out / export_game(ROOT / "data" / "green-jersey", "tts", o).folder for o in options]
    names = sorted(p.name for p in folders[0].iterdir())
    assert names == sorted(p.name for p in folders[1].iterdir())
    for name in names:
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes(), name
    save = _save(folders[0])
    model = load_game(ROOT / "data" / "green-jersey")
    nicknames = {s["Nickname"] for s in save["ObjectStates"] if s["Name"] == "DeckCustom"}
    from pnp.export.source import open_kit

    kit = open_kit(ROOT / "data" / "green-jersey", "de")
    assert nicknames == {d.name for d in kit.model.decks if d.sheet == "cards" and d.size > 1}
    assert nicknames != {d.name for d in model.decks if d.sheet == "cards" and d.size > 1}  # not the French


@pytest.mark.parametrize("lang", ["fr", "pl"])
def test_every_language_exports(tmp_path, lang):
    result = export_game(ROOT / "data" / "green-jersey", "tts", ExportOptions(out=tmp_path, lang=lang, dpi=72))
    save = _save(tmp_path / result.folder)
    assert save["SaveName"].endswith(f"({lang})")


def test_sheet_grids():
    """Up to 69 faces and the hidden card on 10 x 7 at most, never over 4096 px; more is refused."""
    for faces in range(1, CAPACITY + 1):
        grid = grid_for(faces, 63.5, 88.9, 300)
        assert faces < grid.slots <= 70 and grid.cols <= 10 and grid.rows <= 7
        assert max(grid.size) <= MAX_PX
    assert grid_for(CAPACITY, 63.5, 88.9, 300).slots == 70
    assert grid_for(3, 63.5, 88.9, 300).cell == (750, 1050)  # small decks keep the full resolution
    with pytest.raises(ValueError):
        grid_for(CAPACITY + 1, 63.5, 88.9, 300)


def test_a_draft_s_sheets_carry_the_watermark(tmp_path):
    """The same deck's sheet, exported from a draft and from the finished catalog, differ."""
    from tests.test_export_html import _draft_copy

    game = _draft_copy(tmp_path)
    draft = export_game(game, "tts", ExportOptions(out=tmp_path / "draft", lang="en", dpi=50, draft=True))
    final = export_game(ROOT / "data" / "green-jersey", "tts", ExportOptions(out=tmp_path / "final", lang="en", dpi=50))
    for name in ("riders-faces-1.png", "riders-back.png", "board-plateau-a.png"):
        a, b = (Image.open(tmp_path / d / r.folder / name).convert("RGB") for d, r in (("draft", draft),
                                                                                      ("final", final)))
        assert a.size == b.size and a.tobytes() != b.tobytes(), name


def test_a_deck_of_two_card_sizes_is_refused_with_its_place():
    from pnp.export import ExportFailed
    from pnp.export import tts
    from pnp.export.designs import cut_pieces, design_groups
    from pnp.export.source import open_kit

    kit = open_kit(ROOT / "data" / "green-jersey", "en")
    with kit.active():
        group = design_groups(kit, cut_pieces(kit))[0]
    group.designs[1].trim = (70.0, 120.0)
    with pytest.raises(ExportFailed, match=r"decks\.yaml:\d+: deck 'movement' has cards of different sizes.*card_size"):
        tts._deck(kit, group, None, None, iter([1]), 300, [])
