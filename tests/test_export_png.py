"""pnp export --to png: one PNG per card face and back, token, piece and board side, read back: the
pixel size of each is its piece's trim (and bleed) at the dpi, the file says its dpi, RGB, the names
sort in print order, export.json lists every file and the card count; the same input gives the same
bytes. All five games in French, Green Jersey in every language; pnp build --with."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from PIL import Image

from pnp.cli import cli
from pnp.export import ExportOptions, export_game
from pnp.export.source import open_kit

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
GAMES = sorted(p.name for p in DATA.iterdir() if (p / "game.yaml").is_file())
LOW_DPI = 40
"""Enough pixels to check sizes and names on every game without drawing posters."""


def export(out: Path, game: str, lang: str = "fr", **options) -> tuple[Path, dict]:
    """Export ``game`` as png into ``out``: its folder and its export.json."""
    result = export_game(DATA / game, "png", ExportOptions(out=out, lang=lang, **options))
    folder = out / result.folder
    return folder, json.loads((folder / "export.json").read_text(encoding="utf-8"))


def expected_pieces(game: str, lang: str = "fr") -> list:
    """The kit's pieces and board sides, in print order, as the build lays them out."""
    kit = open_kit(DATA / game, lang)
    with kit.active():
        return [*kit.pieces(), *kit.boards()]


def px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


def front_files(names: list[str]) -> list[str]:
    """The file of each piece's front (or board side), in order."""
    return [n for n in names if not n.endswith("-back.png")]


def check_sizes(folder: Path, names: list[str], pieces: list, dpi: int, bleed: bool, board_dpi: int = 0) -> None:
    """Every front (and back) is its piece's trim, plus its bleed when ``bleed``, at ``dpi`` (a board
    side at ``board_dpi``, when given); RGB; the file says its dpi."""
    fronts = front_files(names)
    assert len(fronts) == len(pieces)
    backs = {n.split("-", 1)[0][:-1]: n for n in names if n.endswith("-back.png")}
    for i, (name, piece) in enumerate(zip(fronts, pieces), 1):
        assert name.startswith(f"{i:04d}"), name
        w, h = piece.trim
        margin = 2 * piece.bleed if bleed else 0.0
        at = board_dpi if piece.kind == "boards" and board_dpi else dpi
        want = (px(w + margin, at), px(h + margin, at))
        shown = [name] + ([backs[f"{i:04d}"]] if piece.back is not None else [])
        assert (piece.back is not None) == (f"{i:04d}" in backs), name
        for file in shown:
            with Image.open(folder / file) as im:
                assert im.size == want, (file, im.size, want)
                assert im.mode == "RGB", file
                assert tuple(round(d) for d in im.info["dpi"]) == (at, at), file


@pytest.fixture(scope="module")
def green_jersey(tmp_path_factory) -> tuple[Path, dict]:
    return export(tmp_path_factory.mktemp("png"), "green-jersey")


def test_every_file_is_listed_with_its_checksum(green_jersey) -> None:
    folder, manifest = green_jersey
    on_disk = sorted(p.name for p in folder.iterdir() if p.name != "export.json")
    listed = [f["name"] for f in manifest["files"]]
    assert sorted(listed) == on_disk
    for f in manifest["files"]:
        data = (folder / f["name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == f["sha256"] and len(data) == f["bytes"]


def test_pictures_are_the_trim_and_bleed_at_300_dpi(green_jersey) -> None:
    folder, manifest = green_jersey
    pieces = expected_pieces("green-jersey")
    check_sizes(folder, [f["name"] for f in manifest["files"]], pieces, 300, bleed=True)
    assert manifest["dpi"] == 300 and manifest["bleed_mm"] == 3.0
    # a poker card with 3 mm bleed: 69.5 x 94.9 mm
    with Image.open(folder / "0001a-movement-single-rouge-1-1-front.png") as im:
        assert im.size == (821, 1121)


def test_sorted_names_give_the_print_order(green_jersey) -> None:
    _, manifest = green_jersey
    names = [f["name"] for f in manifest["files"]]
    assert names == sorted(names)
    numbers = [n.split("-", 1)[0] for n in names]
    fronts = [n for n in numbers if not n.endswith("b")]
    assert [int(n.rstrip("a")) for n in fronts] == list(range(1, len(fronts) + 1))
    for i, name in enumerate(names):
        if name.endswith("-back.png"):  # right after its own front
            assert names[i - 1].endswith("-front.png") and names[i - 1][:4] == name[:4], name
    assert names[-1].endswith("-boards-plateau-b.png")


def test_manifest_counts_the_cards(green_jersey) -> None:
    _, manifest = green_jersey
    kit = open_kit(DATA / "green-jersey", "fr")
    cards = sum(d.size for d in kit.model.decks if d.sheet == "cards")
    assert manifest["cards"] == cards == 52
    assert manifest["pieces"] == len(expected_pieces("green-jersey"))
    assert manifest["kinds"]["boards"] == 2 and manifest["kinds"]["cards"] == 52
    assert manifest["components"]["cards"]["movement"] == 45


def test_one_picture_is_one_set_of_bytes(green_jersey) -> None:
    """The movement cards share their back: every copy of it is the same file; fronts differ."""
    _, manifest = green_jersey
    digest = {f["name"]: f["sha256"] for f in manifest["files"]}
    backs = {d for n, d in digest.items() if "-movement-" in n and n.endswith("-back.png")}
    fronts = {d for n, d in digest.items() if "-movement-" in n and n.endswith("-front.png")}
    assert len(backs) == 1
    assert len(fronts) > 20


def test_two_exports_are_byte_identical(green_jersey, tmp_path: Path) -> None:
    folder, manifest = green_jersey
    again, manifest2 = export(tmp_path, "green-jersey")
    assert manifest2 == manifest
    for f in manifest["files"] + [{"name": "export.json"}]:
        assert (again / f["name"]).read_bytes() == (folder / f["name"]).read_bytes(), f["name"]


def test_no_bleed_cuts_at_the_trim(tmp_path: Path) -> None:
    folder, manifest = export(tmp_path, "green-jersey", dpi=100, bleed=False)
    check_sizes(folder, [f["name"] for f in manifest["files"]], expected_pieces("green-jersey"), 100, bleed=False)
    assert manifest["bleed_mm"] == 0.0
    with Image.open(folder / "0001a-movement-single-rouge-1-1-front.png") as im:
        assert im.size == (px(63.5, 100), px(88.9, 100))


def test_an_export_leaves_only_its_own_files_in_its_folder(tmp_path: Path) -> None:
    """A card renamed since the last export must not leave its old picture behind among the new ones."""
    stale = tmp_path / "green-jersey" / "fr" / "png" / "0001a-renamed-card-1-front.png"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"old")
    (stale.parent / "old-deck").mkdir()
    (stale.parent / "old-deck" / "x.png").write_bytes(b"old")
    beside = tmp_path / "green-jersey" / "fr" / "cards.pdf"  # the build's files are not the export's
    beside.write_bytes(b"kit")
    folder, manifest = export(tmp_path, "green-jersey", dpi=LOW_DPI)
    assert sorted(p.name for p in folder.iterdir()) == sorted([f["name"] for f in manifest["files"]] + ["export.json"])
    assert beside.read_bytes() == b"kit"


def test_boards_are_drawn_at_most_at_the_board_resolution(tmp_path: Path, monkeypatch) -> None:
    from pnp.export import png

    monkeypatch.setattr(png, "BOARD_DPI", 30)
    folder, manifest = export(tmp_path, "green-jersey", dpi=LOW_DPI)
    assert manifest["dpi"] == LOW_DPI and manifest["board_dpi"] == 30
    check_sizes(folder, [f["name"] for f in manifest["files"]], expected_pieces("green-jersey"), LOW_DPI, bleed=True,
                board_dpi=30)
    with Image.open(folder / "0090-boards-plateau-b.png") as im:
        assert im.size == (px(606, 30), px(366, 30))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_in_french(tmp_path: Path, game: str) -> None:
    folder, manifest = export(tmp_path, game, dpi=LOW_DPI)
    names = [f["name"] for f in manifest["files"]]
    assert names == sorted(names)
    assert sorted(p.name for p in folder.iterdir() if p.suffix == ".png") == sorted(names)
    check_sizes(folder, names, expected_pieces(game), LOW_DPI, bleed=True)
    assert manifest["cards"] == sum(n for n in manifest["components"]["cards"].values())


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_green_jersey_in_every_language(tmp_path: Path, lang: str) -> None:
    folder, manifest = export(tmp_path, "green-jersey", lang, dpi=LOW_DPI)
    assert manifest["language"] == lang and folder.parts[-3:] == ("green-jersey", lang, "png")
    check_sizes(folder, [f["name"] for f in manifest["files"]], expected_pieces("green-jersey", lang), LOW_DPI,
                bleed=True)


def test_a_draft_is_watermarked_on_every_picture(tmp_path: Path) -> None:
    _, clean = export(tmp_path / "clean", "green-jersey", "en", dpi=LOW_DPI)
    _, draft = export(tmp_path / "draft", "green-jersey", "en", dpi=LOW_DPI, draft=True)
    assert [f["name"] for f in clean["files"]] == [f["name"] for f in draft["files"]]
    assert all(a["sha256"] != b["sha256"] for a, b in zip(clean["files"], draft["files"]))


def test_build_with_png_exports_after_the_build(runner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["build", "green-jersey", "--only", "cards", "--with", "png", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    kit = tmp_path / "green-jersey" / "fr"
    assert (kit / "cards.pdf").is_file()
    manifest = json.loads((kit / "png" / "export.json").read_text(encoding="utf-8"))
    assert manifest["dpi"] == 300 and manifest["cards"] == 52
    assert "green-jersey [fr] png: " in result.output


@pytest.mark.parametrize("spec, said", [("pdf", "unknown export format 'pdf'"),
                                        ("pod", "--with pod needs a profile"),
                                        ("pod:nope", "unknown print-on-demand profile 'nope'")])
def test_build_with_a_wrong_format_stops_before_building(runner, tmp_path: Path, spec: str, said: str) -> None:
    result = runner.invoke(cli, ["build", "green-jersey", "--with", spec, "--out", str(tmp_path)])
    assert result.exit_code != 0
    assert said in result.output
    assert not any(tmp_path.iterdir())
