"""Print-on-demand profiles (pnp export --to pod --profile NAME) and card-pdf, read back: The Game
Crafter's pictures are 825 x 1125 (poker) and 900 x 1500 (tarot) at 300 dpi with their quantities,
DriveThruCards' PDFs have one card per page with 1/8 in bleed, TrimBox and BleedBox, the back before
the front; card-pdf pages have their boxes and embedded fonts, and render without a message. A
profile is data: a mistake is named with its file, line and field; a new service is a new file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from pnp.errors import DataErrors
from pnp.export import ExportFailed, ExportOptions, export_game
from pnp.export.profile import PROFILES, available, load_profile, profile_named
from pnp.export.source import open_kit
from renderers import available as renderers_available
from renderers import messages

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
GAMES = sorted(p.name for p in DATA.iterdir() if (p / "game.yaml").is_file())
PT_PER_IN = 72.0


def export(out: Path, game: str, fmt: str = "pod", lang: str = "fr", profile: str | None = None) -> tuple[Path, dict]:
    result = export_game(DATA / game, fmt, ExportOptions(out=out, lang=lang, profile=profile))
    folder = out / result.folder
    return folder, json.loads((folder / "export.json").read_text(encoding="utf-8"))


def deck_sizes(game: str) -> dict[str, int]:
    model = open_kit(DATA / game, "fr").model
    return {d.id: d.size for d in model.decks}


def box(page, name: str) -> list[float]:
    return [round(float(v), 2) for v in page.obj[name]]


def low_dpi_profile(tmp_path: Path) -> Path:
    """The Game Crafter's profile at 100 dpi, in a folder of its own (the same decks, fewer pixels)."""
    text = (PROFILES / "thegamecrafter.yaml").read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if "pixels:" not in ln]
    path = tmp_path / "tgc-100.yaml"
    path.write_text("\n".join(lines).replace("dpi: 300", "dpi: 100") + "\n", encoding="utf-8")
    return path


# --- profiles ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", available())
def test_every_shipped_profile_loads(name: str) -> None:
    profile = profile_named(name)
    assert profile.id == name and profile.products
    assert profile.bleed == pytest.approx(3.175)  # 1/8 in
    poker = profile.product_for((63.5, 88.9))
    assert poker is not None and profile.pixels(poker) == (825, 1125)


def test_the_game_crafter_pictures_are_its_template_sizes() -> None:
    tgc = profile_named("thegamecrafter")
    assert tgc.output == "png" and tgc.dpi == 300 and tgc.copies == "quantity"
    assert {p.pixels for p in tgc.products} == {(825, 1125), (900, 1500)}


BAD = [
    ("bleed: 1/8 inch", ":4: error: bleed: '1/8 inch' is not a length"),
    ("output: jpg", ":2: error: output: 'jpg' is not allowed"),
    ("copies: some", ":5: error: copies: 'some' is not allowed"),
    ("    pixels: 800 x 1125", ":9: error: products[0].pixels: 800 x 1125 pixels is not poker"),
    ("    size: big", ":8: error: products[0].size: 'big' is not a card size"),
    ('  face: "{deck}/{nmber}.png"', ":11: error: names.face: unknown field {nmber}"),
    ('  back: "{deck}/back.jpg"', ":12: error: names.back: '{deck}/back.jpg' does not end with .png"),
    ("  colour: red", ":14: error: names.colour: unknown field 'colour'"),
    ("products: [", ":7: error: YAML syntax"),
]
GOOD = """name: Test service
output: png
dpi: 300
bleed: 0.125 in
copies: quantity
products:
  - name: poker
    size: 2.5 x 3.5 in
    pixels: 825 x 1125
names:
  face: "{deck}/{number:03d}-{card}.png"
  back: "{deck}/back.png"
  card_back: "{deck}/{number:03d}-{card}-back.png"
"""


def test_a_good_profile_loads(tmp_path: Path) -> None:
    path = tmp_path / "test.yaml"
    path.write_text(GOOD, encoding="utf-8")
    assert load_profile(path).products[0].size == pytest.approx((63.5, 88.9))


@pytest.mark.parametrize("line, said", BAD)
def test_a_mistake_is_named_with_its_file_line_and_field(tmp_path: Path, line: str, said: str) -> None:
    key = line.split(":")[0] + ":"
    lines = GOOD.splitlines()
    replaced = [i for i, ln in enumerate(lines) if ln.startswith(key)]
    if replaced:
        lines[replaced[0]] = line
    else:
        lines.append(line)
    path = tmp_path / "service.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_profile(path)
    assert f"{path}{said}" in caught.value.render()


def test_a_png_profile_needs_every_name(tmp_path: Path) -> None:
    path = tmp_path / "service.yaml"
    path.write_text(GOOD.replace('  card_back: "{deck}/{number:03d}-{card}-back.png"\n', ""), encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_profile(path)
    assert f"{path}:10: error: names: a PNG profile needs names.card_back" in caught.value.render()


def test_an_unknown_profile_lists_the_profiles(tmp_path: Path) -> None:
    with pytest.raises(ExportFailed) as caught:
        export(tmp_path, "green-jersey", profile="thegamecrafte")
    said = str(caught.value)
    assert "unknown print-on-demand profile 'thegamecrafte'; did you mean 'thegamecrafter'?" in said
    assert "drivethrucards, thegamecrafter" in said
    assert not any(tmp_path.rglob("*.*"))


def test_pod_needs_a_profile(tmp_path: Path) -> None:
    with pytest.raises(ExportFailed, match="--to pod needs --profile NAME"):
        export(tmp_path, "green-jersey")


def test_a_new_service_is_a_new_file(tmp_path: Path) -> None:
    """A profile anywhere, passed by path: 2 mm bleed, 100 dpi, a file for every copy."""
    path = tmp_path / "profiles" / "home-printer.yaml"
    path.parent.mkdir()
    path.write_text("""name: Home printer
output: png
dpi: 100
bleed: 2 mm
copies: each
products:
  - {name: poker, size: 63.5 x 88.9 mm}
names:
  face: "{game}-{lang}/{deck}-{number:02d}-{card}-{copy}.png"
  back: "{game}-{lang}/{deck}-back.png"
  card_back: "{game}-{lang}/{deck}-{number:02d}-{card}-back.png"
""", encoding="utf-8")
    folder, manifest = export(tmp_path / "out", "green-jersey", profile=str(path))
    assert folder.parts[-2:] == ("pod", "home-printer")
    faces = sorted((folder / "green-jersey-fr").glob("movement-[0-9]*.png"))
    assert len(faces) == deck_sizes("green-jersey")["movement"]
    with Image.open(faces[0]) as im:
        assert im.size == (round(67.5 / 25.4 * 100), round(92.9 / 25.4 * 100))
    assert [d["deck"] for d in manifest["decks"]] == ["movement", "riders", "first-player"]
    assert {x["group"] for x in manifest["left_out"]} == {"aids", "tokens", "standees", "boards"}


def test_a_deck_of_cards_no_product_fits_stops_the_export(tmp_path: Path) -> None:
    path = tmp_path / "minis.yaml"
    path.write_text(GOOD.replace("size: 2.5 x 3.5 in", "size: 44 x 68 mm").replace("    pixels: 825 x 1125\n", ""),
                    encoding="utf-8")
    out = tmp_path / "out"
    with pytest.raises(ExportFailed) as caught:
        export(out, "green-jersey", profile=str(path))
    said = str(caught.value)
    assert "deck 'movement' is 63.5 x 88.9 mm" in said and "poker (44 x 68 mm)" in said
    assert not out.exists() or not any(out.rglob("*.*"))


# --- The Game Crafter ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tgc(tmp_path_factory) -> tuple[Path, dict]:
    return export(tmp_path_factory.mktemp("tgc"), "green-jersey", profile="thegamecrafter")


def test_the_game_crafter_decks_and_quantities(tgc) -> None:
    folder, manifest = tgc
    sizes = deck_sizes("green-jersey")
    decks = {d["deck"]: d for d in manifest["decks"]}
    assert list(decks) == ["movement", "riders", "first-player", "aids"]
    for deck, entry in decks.items():
        assert sum(c["quantity"] for c in entry["cards"]) == sizes[deck] == entry["count"]
        assert entry["back"] == f"{deck}/back.png" and (folder / entry["back"]).is_file()
    assert decks["aids"]["product"] == "tarot deck" and decks["aids"]["scaled"]
    assert decks["movement"]["product"] == "poker deck" and not decks["movement"]["scaled"]
    assert {x["group"] for x in manifest["left_out"]} == {"tokens", "standees", "boards"}
    listed = sorted(f["name"] for f in manifest["files"])
    assert listed == sorted(str(p.relative_to(folder)) for p in folder.rglob("*.png"))


def test_the_game_crafter_pictures(tgc) -> None:
    folder, manifest = tgc
    want = {"poker deck": (825, 1125), "tarot deck": (900, 1500)}
    for deck in manifest["decks"]:
        for name in [deck["back"], *(c["face"] for c in deck["cards"])]:
            with Image.open(folder / name) as im:
                assert im.size == want[deck["product"]], name
                assert im.mode == "RGB" and tuple(round(d) for d in im.info["dpi"]) == (300, 300)
    faces = sorted(p.name for p in (folder / "movement").glob("*.png"))
    assert faces[0] == "001-single-rouge-1.png" and faces[-1] == "back.png"


def test_a_tarot_deck_is_scaled_to_the_product(tmp_path: Path) -> None:
    folder, manifest = export(tmp_path, "maillot-jaune", profile="thegamecrafter")
    (deck,) = manifest["decks"]
    assert deck["deck"] == "coureurs" and deck["kit_size_mm"] == [70.0, 120.0] and deck["scaled"]
    with Image.open(folder / deck["cards"][0]["face"]) as im:
        assert im.size == (900, 1500)


# --- DriveThruCards -----------------------------------------------------------------------------

def test_drivethrucards_one_pdf_per_deck_back_then_front(tmp_path: Path) -> None:
    import pypdfium2

    folder, manifest = export(tmp_path, "green-jersey", profile="drivethrucards")
    sizes = deck_sizes("green-jersey")
    inch = {"poker": (2.5, 3.5), "tarot": (2.75, 4.75)}
    assert [p.name for p in sorted(folder.glob("*.pdf"))] == [d["file"] for d in manifest["decks"]]
    for deck in manifest["decks"]:
        w, h = inch[deck["product"]]
        media = [0.0, 0.0, (w + 0.25) * PT_PER_IN, (h + 0.25) * PT_PER_IN]
        trim = [9.0, 9.0, media[2] - 9.0, media[3] - 9.0]  # 1/8 in = 9 pt
        with pikepdf.open(folder / deck["file"]) as pdf:
            assert len(pdf.pages) == 2 * sizes[deck["deck"]] == deck["pages"]
            for page in pdf.pages:
                assert box(page, "/MediaBox") == media and box(page, "/BleedBox") == media
                assert box(page, "/TrimBox") == trim
    # the movement cards share their back: pages 1, 3, 5 ... look the same, the fronts do not
    pdf = pypdfium2.PdfDocument(folder / "01-movement.pdf")
    try:
        look = [pdf[i].render(scale=0.2).to_pil().tobytes() for i in range(4)]
    finally:
        pdf.close()
    assert look[0] == look[2] and look[1] != look[3] and look[0] != look[1]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_in_french(tmp_path: Path, game: str) -> None:
    sizes = deck_sizes(game)
    folder, manifest = export(tmp_path, game, profile="drivethrucards")
    for deck in manifest["decks"]:
        with pikepdf.open(folder / deck["file"]) as pdf:
            assert len(pdf.pages) == 2 * sizes[deck["deck"]]
    folder, manifest = export(tmp_path, game, profile=str(low_dpi_profile(tmp_path)))
    for deck in manifest["decks"]:
        assert sum(c["quantity"] for c in deck["cards"]) == sizes[deck["deck"]]
        want = (round((deck["size_mm"][0] + 6.35) / 25.4 * 100), round((deck["size_mm"][1] + 6.35) / 25.4 * 100))
        with Image.open(folder / deck["back"]) as im:
            assert im.size == want
    folder, manifest = export(tmp_path, game, "card-pdf")
    assert manifest["pieces"] == len(open_kit(DATA / game, "fr").pieces()) + sum(
        len(sides) for sides in manifest["components"]["boards"].values())


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_green_jersey_in_every_language(tmp_path: Path, lang: str) -> None:
    for profile in ("drivethrucards", str(low_dpi_profile(tmp_path))):
        folder, manifest = export(tmp_path, "green-jersey", lang=lang, profile=profile)
        assert manifest["language"] == lang and [d["deck"] for d in manifest["decks"]][:3] == [
            "movement", "riders", "first-player"]
    folder, manifest = export(tmp_path, "green-jersey", "card-pdf", lang=lang)
    assert manifest["language"] == lang and len(manifest["files"]) == 7


# --- card-pdf -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def card_pdf(tmp_path_factory) -> tuple[Path, dict]:
    return export(tmp_path_factory.mktemp("card-pdf"), "green-jersey", "card-pdf")


def _fonts(resources, seen: set) -> list:
    """Every font dictionary reachable from ``resources`` (through form XObjects)."""
    if resources is None:
        return []
    out = list((resources.get("/Font") or {}).values())
    for xobject in (resources.get("/XObject") or {}).values():
        if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
            seen.add(xobject.objgen)
            out += _fonts(xobject.get("/Resources"), seen)
    return out


def test_card_pdf_one_card_per_page_front_then_back(card_pdf) -> None:
    folder, manifest = card_pdf
    kit = open_kit(DATA / "green-jersey", "fr")
    pieces = [*kit.pieces(), *kit.boards()]
    names = [f["name"] for f in manifest["files"]]
    assert names == ["01-movement.pdf", "02-riders.pdf", "03-first-player.pdf", "04-tokens.pdf", "05-aids.pdf",
                     "06-standees.pdf", "07-boards.pdf"]
    total = 0
    for name in names:
        group = name[3:-4]
        members = [p for p in pieces if p.group == group]
        with pikepdf.open(folder / name) as pdf:
            assert len(pdf.pages) == manifest["pages"][name] == sum(2 if p.back else 1 for p in members)
            first = members[0]
            w, h = (v * PT_PER_IN / 25.4 for v in (first.front.width, first.front.height))
            b = first.bleed * PT_PER_IN / 25.4
            for page in pdf.pages[:4]:
                assert box(page, "/MediaBox") == [0.0, 0.0, round(w, 2), round(h, 2)]
                assert box(page, "/TrimBox") == [round(b, 2), round(b, 2), round(w - b, 2), round(h - b, 2)]
                assert box(page, "/BleedBox") == box(page, "/MediaBox")
            total += len(pdf.pages)
    assert total == 166


def test_card_pdf_fonts_are_embedded(card_pdf) -> None:
    folder, _ = card_pdf
    for path in sorted(folder.glob("*.pdf")):
        with pikepdf.open(path) as pdf:
            fonts = [f for page in pdf.pages for f in _fonts(page.obj.get("/Resources"), set())]
            for font in fonts:
                assert font.get("/Subtype") != "/Type1" or "/FontDescriptor" in font, (path.name, font)
                descendant = font.DescendantFonts[0] if "/DescendantFonts" in font else font
                descriptor = descendant.FontDescriptor
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), (path.name, font)
    with pikepdf.open(folder / "01-movement.pdf") as pdf:
        assert _fonts(pdf.pages[0].obj.Resources, set()), "a card's text is drawn with a font"


@pytest.mark.parametrize("renderer", ["pdfium", "poppler", "ghostscript"])
def test_card_pdf_renders_without_a_message(card_pdf, renderer: str) -> None:
    if renderer not in renderers_available():
        if os.environ.get("CI"):
            pytest.fail(f"{renderer} is not installed")
        pytest.skip(f"{renderer} is not installed")
    folder, _ = card_pdf
    said = {p.name: messages(p, renderer) for p in sorted(folder.glob("*.pdf"))}
    assert not any(said.values()), said
