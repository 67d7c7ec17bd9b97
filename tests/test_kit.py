"""The whole Green Jersey kit, read back: files, manifest, full-size boards, tiles, SVG, kit.pdf."""

from __future__ import annotations

import hashlib
import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions, build_game
from pnp.layout.paper import paper
from pnp.layout.tiling import OVERLAP, plan_tiles
from pnp.model import load_game

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "data" / "green-jersey"
MM = 72 / 25.4
FILES = ["cards.pdf", "pieces.pdf", "board-a.svg", "board-a.pdf", "board-a-a4.pdf", "board-b.svg",
         "board-b.pdf", "board-b-a4.pdf", "rulebook.pdf", "kit.pdf", "designer.pdf", "manifest.json"]


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    build_game(GAME, BuildOptions(out=out))
    return out / "green-jersey" / "fr"


@pytest.fixture(scope="module")
def model():
    return load_game(GAME)


@pytest.fixture(scope="module")
def manifest(kit: Path) -> dict:
    return json.loads((kit / "manifest.json").read_text(encoding="utf-8"))


def test_every_file_of_the_kit_is_written(kit: Path) -> None:
    assert sorted(p.name for p in kit.iterdir()) == sorted(FILES)


def test_manifest_lists_every_file_with_its_checksum_and_pages(kit: Path, manifest: dict) -> None:
    listed = {f["name"]: f for f in manifest["files"]}
    assert sorted(listed) == sorted(n for n in FILES if n != "manifest.json")
    for name, entry in listed.items():
        data = (kit / name).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
        assert entry["bytes"] == len(data)
        if name.endswith(".pdf"):
            assert entry["pages"] == len(PdfReader(str(kit / name)).pages), name
    assert listed["cards.pdf"]["duplex_pages"] == [[1, listed["cards.pdf"]["pages"]]]


def test_manifest_counts_equal_the_model(manifest: dict, model) -> None:
    rows = (GAME / "movement.csv").read_text(encoding="utf-8").strip().splitlines()[1:]
    counts = manifest["components"]
    assert counts["cards"] == {"movement": len(rows), "riders": len(model.riders), "first-player": 1}
    assert counts["cards"]["movement"] == model.facts.components.movement_cards
    assert sum(counts["tokens"].values()) == model.facts.components.point_tokens
    assert counts["standees"] == model.facts.components.riders + model.facts.components.green_riders
    assert counts["pieces"] == {"aids": 6}
    assert counts["boards"] == {"plateau": ["a", "b"]}
    assert (manifest["game"], manifest["version"], manifest["date"]) == ("green-jersey", "0.6", "2023-11-03")


def test_full_size_board_pdf_has_the_board_size_in_its_trim_box(kit: Path, model) -> None:
    board = model.boards[0]
    for side in board.sides:
        w, h = board.size_mm(side)
        page = PdfReader(str(kit / f"board-{side.id}.pdf")).pages[0]
        trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
        assert float(trim.width) == pytest.approx(w * MM, abs=0.1)
        assert float(trim.height) == pytest.approx(h * MM, abs=0.1)
        assert float(bleed.width) == pytest.approx((w + 6) * MM, abs=0.1)
        assert float(bleed.left) == pytest.approx(float(trim.left) - 3 * MM, abs=0.1)
        assert float(media.width) > float(bleed.width) and float(media.height) > float(bleed.height)
        assert "100 %" in page.extract_text()


def test_tiled_board_has_a_map_and_one_labelled_page_per_tile(kit: Path, model) -> None:
    board = model.boards[0]
    w, h = board.size_mm(board.sides[0])
    grid = plan_tiles(w, h, paper("a4"))
    assert grid.overlap >= 10
    reader = PdfReader(str(kit / "board-a-a4.pdf"))
    assert len(reader.pages) == 1 + grid.cols * grid.rows
    assert "Assemblage" in reader.pages[0].extract_text()
    names = [grid.name(c, r) for r in range(grid.rows) for c in range(grid.cols)]
    for page, name in zip(reader.pages[1:], names):
        assert f"tuile {name}" in page.extract_text()


def _render(path: Path, index: int, dpi: int = 100):
    pdf = pdfium.PdfDocument(str(path))
    return pdf[index].render(scale=dpi / 72).to_pil().convert("L")


def test_overlap_strips_of_neighbouring_tiles_show_the_same_picture(kit: Path, model) -> None:
    from pnp.layout.boards import board_scene
    from pnp.layout.seams import hints_of

    board = model.boards[0]
    w, h = board.size_mm(board.sides[0])
    grid = plan_tiles(w, h, paper("a4"), hints=hints_of(board_scene(model, board.sides[0]).meta))
    dpi = 100
    px = dpi / 25.4
    (ax, oy), bx = (grid.placement(0, 0).ox, grid.placement(0, 0).oy), grid.placement(1, 0).ox
    _, _, tw, th = grid.box(0, 0)
    a1, b1 = _render(kit / "board-a-a4.pdf", 1, dpi), _render(kit / "board-a-a4.pdf", 2, dpi)
    inset = 1.0  # stay clear of the clip edge, where anti-aliasing differs
    top, bottom = round((oy + inset) * px), round((oy + th - inset) * px)
    width = round((OVERLAP - 2 * inset) * px)
    left_a = round((ax + tw - OVERLAP + inset) * px)
    left_b = round((bx + inset) * px)
    strip_a = a1.crop((left_a, top, left_a + width, bottom)).tobytes()

    def mean_diff(left: int) -> float:
        strip_b = b1.crop((left, top, left + width, bottom)).tobytes()
        return sum(abs(p - q) for p, q in zip(strip_a, strip_b)) / len(strip_a)

    # the tiles sit at any fraction of a pixel on their pages: the best of three whole-pixel shifts
    best = min(mean_diff(left_b + d) for d in (-1, 0, 1))
    assert best < 4, "the overlap strips differ"
    assert len(set(strip_a)) > 5, "the strip is blank: nothing was compared"
    assert mean_diff(left_b + round(4 * px)) > 2 * best, "a shifted strip should not match"


def test_board_svg_is_true_size_with_groups_and_text(kit: Path, model) -> None:
    ns = {"s": "http://www.w3.org/2000/svg"}
    board = model.boards[0]
    for side in board.sides:
        w, h = board.size_mm(side)
        root = ET.parse(kit / f"board-{side.id}.svg").getroot()
        assert root.get("width") == f"{w:g}mm" and root.get("height") == f"{h:g}mm"
        assert root.get("viewBox") == f"0 0 {w:g} {h:g}"
        ids = {g.get("id") for g in root.iter(f"{{{ns['s']}}}g")}
        assert {"road", "squares", "lines", "labels", "tokens", "legend"} <= ids
        texts = [t.text for t in root.iter(f"{{{ns['s']}}}text")]
        assert "300 m" in texts and any("Arrivée" in (t or "") for t in texts)
        peloton = [s for s in side.spaces if s.kind == "peloton"]
        assert Counter(str(s.number) for s in peloton) <= Counter(texts)


def _contents(path: Path) -> list[bytes]:
    return [page.get_contents().get_data() for page in PdfReader(str(path)).pages]


def test_kit_pdf_holds_every_page_in_print_order(kit: Path, manifest: dict) -> None:
    """kit.pdf is its cover, then every page of the rulebook, cards, pieces and tiled boards, in
    that order, with blank pages between them (none left out, none repeated)."""
    names = ("rulebook.pdf", "cards.pdf", "pieces.pdf", "board-a-a4.pdf", "board-b-a4.pdf")
    parts = [page for name in names for page in _contents(kit / name)]
    blank = _contents(kit / "kit.pdf")[1]
    kit_pages = [c for c in _contents(kit / "kit.pdf")[1:] if c != blank]
    assert kit_pages == parts
    reader = PdfReader(str(kit / "kit.pdf"))
    assert len(reader.pages) == next(f["pages"] for f in manifest["files"] if f["name"] == "kit.pdf")
    cover = reader.pages[0].extract_text()
    assert "recto-verso" in cover and "50 mm" in cover and "d’un seul coup" in cover
    pages = {f["name"]: f["pages"] for f in manifest["files"] if f["name"].endswith(".pdf")}
    rules_end = 2 + pages["rulebook.pdf"]
    assert f"pages 3 à {rules_end}" in cover
    assert "intentionnellement" in reader.pages[1].extract_text()
    assert "Règle du jeu" in reader.pages[2].extract_text()


def test_kit_pdf_prints_duplex_as_one_job(kit: Path, manifest: dict) -> None:
    """Every double-sided part starts on a recto (an odd page), and every page of a one-sided part
    is on a recto with a blank verso, so printing the whole file double-sided gives right sheets."""
    entry = next(f for f in manifest["files"] if f["name"] == "kit.pdf")
    assert entry["duplex_pages"] and all(first % 2 == 1 for first, _ in entry["duplex_pages"])
    contents = _contents(kit / "kit.pdf")
    blank = contents[1]
    duplex = {p for first, last in entry["duplex_pages"] for p in range(first, last + 1)}
    for number in range(3, len(contents) + 1):
        if number not in duplex and contents[number - 1] != blank:  # a one-sided page
            assert number % 2 == 1, f"one-sided page {number} is on a verso"
            assert number == len(contents) or contents[number] == blank, f"page {number} has something behind it"


def test_kit_pdf_gives_every_font_subset_a_tag_of_its_own(kit: Path) -> None:
    """ISO 32000: two different subsets never share a name (each part of the join starts at AAAAAA)."""
    import pikepdf

    names: dict[str, bytes] = {}
    with pikepdf.open(kit / "kit.pdf") as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font" and "/FontDescriptor" in obj:
                program = obj.FontDescriptor.FontFile2.read_bytes()
                name = str(obj.BaseFont)
                assert names.setdefault(name, program) == program, f"{name} names two different fonts"
                assert str(obj.FontDescriptor.FontName) == name
    assert len(names) > 4


def test_kit_pdf_pages_are_the_component_pages_unchanged(kit: Path) -> None:
    """kit.pdf is joined from the files, not painted again; it says what it is."""
    info = PdfReader(str(kit / "kit.pdf")).metadata
    assert info.title.endswith(": kit") and info.subject


def test_a_one_sided_kit_has_no_blank_pages(tmp_path: Path) -> None:
    build_game(GAME, BuildOptions(out=tmp_path, single_sided=True, only=("kit",)))
    contents = _contents(tmp_path / "green-jersey" / "fr" / "kit.pdf")
    assert len(set(contents)) == len(contents)


def test_pieces_pdf_holds_tokens_aids_and_standees(kit: Path) -> None:
    text = "\n".join(p.extract_text() for p in PdfReader(str(kit / "pieces.pdf")).pages)
    for word in ("jetons", "Aides de jeu", "figurines", "Sprints par partie"):  # a sheet of pieces names its deck
        assert word in text


def test_the_same_input_gives_the_same_kit(tmp_path: Path, manifest: dict) -> None:
    build_game(GAME, BuildOptions(out=tmp_path))
    again = json.loads((tmp_path / "green-jersey" / "fr" / "manifest.json").read_text(encoding="utf-8"))
    assert again == manifest


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["green-jersey", "maillot-jaune", "tour-de-france-mb", "tour-de-france-quiz",
                                  "flamme-rouge-variants"])
def test_every_game_is_imposed_on_both_papers(tmp_path: Path, game: str, paper: str) -> None:
    """Every deck of every game fits A4 and Letter with its bleed, margins and crop marks (the plan
    places every card; painting is tested elsewhere)."""
    from pnp.build import kit_plan

    plan, problems = kit_plan(load_game(GAME.parent / game), BuildOptions(out=tmp_path, paper=paper))
    assert not problems and all(n > 0 for n in plan.page_counts)


def test_duplex_sequence_starts_every_section_on_a_recto() -> None:
    from pnp.layout.kit import KitSection, duplex_sequence

    sections = [KitSection("", 0, 1, False), KitSection("rules", 1, 5, True), KitSection("cards", 2, 4, True),
                KitSection("standees", 2, 2, False), KitSection("board", 3, 2, False)]
    seq = duplex_sequence(sections)
    assert seq.pages == [(0, 0), None, (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), None, (2, 0), (2, 1), (2, 2), (2, 3),
                         (2, 4), None, (2, 5), None, (3, 0), None, (3, 1), None]
    assert seq.ranges == [(1, 1), (3, 7), (9, 12), (13, 15), (17, 19)]
    assert duplex_sequence(sections, duplex=False).pages == [
        (0, 0), (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (3, 0), (3, 1)]


def test_every_kit_prints_duplex_as_one_job(every_kit: list[Path]) -> None:
    """Every double-sided part of every kit.pdf (every game and language, A4 and Letter) starts on
    a recto, as manifest.json lists them, and the cover says so."""
    manifests = sorted(p for folder in every_kit for p in folder.rglob("manifest.json"))
    assert len(manifests) >= 20
    for path in manifests:
        entry = next(f for f in json.loads(path.read_text(encoding="utf-8"))["files"] if f["name"] == "kit.pdf")
        assert entry["duplex_pages"], path
        late = [r for r in entry["duplex_pages"] if r[0] % 2 == 0]
        assert not late, f"{path.parent}: double-sided parts start on a verso: {late}"
