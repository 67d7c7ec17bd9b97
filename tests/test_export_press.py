"""pnp export --to press: a PDF/X-4 of each PDF of the kit for a print shop.

Every file is read back with pikepdf (output intent, PDF/X version in the document information and
the XMP, boxes on every page, fonts embedded, no RGB left in any content stream or picture, black
text in black ink only) and rendered by Ghostscript and poppler, which must have nothing to say.
All five games in French, and the game with the most languages in each of them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pikepdf
import pytest

from pnp.export import ExportOptions, export_game
from pnp.export.colour import Converter, find_profile
from pnp.paths import data_dir
from renderers import ghostscript_messages, poppler_messages

GAMES = ("green-jersey", "maillot-jaune", "flamme-rouge-variants", "tour-de-france-mb", "tour-de-france-quiz")
LANGUAGES = ("en", "de", "pl")  # green-jersey's other languages
RGB_OPERATORS = {"rg", "RG", "g", "G", "sh", "BI"}


@pytest.fixture(scope="module")
def press(tmp_path_factory) -> dict[tuple[str, str], Path]:
    """(game, language) -> the folder of its press export."""
    out = tmp_path_factory.mktemp("press")
    kits = [(game, "fr") for game in GAMES] + [("green-jersey", lang) for lang in LANGUAGES]
    folders = {}
    for game, lang in kits:
        result = export_game(data_dir() / game, "press", ExportOptions(out=out, lang=lang))
        folders[(game, lang)] = out / result.folder
    return folders


def _files(press) -> list[Path]:
    return [f for folder in press.values() for f in sorted(folder.glob("*.pdf"))]


def _content_streams(pdf):
    """Every content stream of ``pdf``: pages, form XObjects (nested), soft-mask groups; and its pictures."""
    seen: set[tuple[int, int]] = set()

    def resources(res):
        if res is None:
            return
        for _, xobject in (res.get("/XObject") or {}).items():
            if xobject.objgen in seen:
                continue
            seen.add(xobject.objgen)
            if xobject.get("/Subtype") == "/Form":
                yield "form", xobject
                yield from resources(xobject.get("/Resources"))
            else:
                yield "image", xobject
        for _, state in (res.get("/ExtGState") or {}).items():
            mask = state.get("/SMask")
            if isinstance(mask, pikepdf.Dictionary) and "/G" in mask:
                yield "form", mask.G
                yield from resources(mask.G.get("/Resources"))

    for page in pdf.pages:
        yield "page", page
        yield from resources(page.obj.get("/Resources"))


def colour_problems(pdf) -> list[str]:
    """Every colour of ``pdf`` that is not CMYK (or grey): RGB operators, colour spaces, pictures."""
    problems = []
    for kind, stream in _content_streams(pdf):
        if kind == "image":
            space = stream.get("/ColorSpace")
            if space not in (pikepdf.Name.DeviceCMYK, pikepdf.Name.DeviceGray) and not stream.get("/ImageMask"):
                problems.append(f"picture in {space}")
            continue
        for inst in pikepdf.parse_content_stream(stream):
            op = str(inst.operator)
            if op in RGB_OPERATORS:
                problems.append(f"operator {op} {list(inst.operands)}")
            elif op in ("cs", "CS") and str(inst.operands[0]) not in ("/DeviceCMYK", "/DeviceGray"):
                problems.append(f"colour space {inst.operands[0]}")
    return problems


def text_colours(pdf) -> list[tuple[float, ...]]:
    """The CMYK of every text colour set (a ``k`` inside BT ... ET)."""
    out = []
    for kind, stream in _content_streams(pdf):
        if kind == "image":
            continue
        in_text = False
        for inst in pikepdf.parse_content_stream(stream):
            op = str(inst.operator)
            in_text = True if op == "BT" else False if op == "ET" else in_text
            if in_text and op == "k":
                out.append(tuple(float(v) for v in inst.operands))
    return out


def pdfx_problems(path: Path) -> list[str]:
    """What keeps ``path`` from being a PDF/X-4 a print shop takes, as far as its structure shows."""
    problems = []
    with pikepdf.open(path) as pdf:
        intents = pdf.Root.get("/OutputIntents")
        if not intents or intents[0].get("/S") != "/GTS_PDFX":
            problems.append("no GTS_PDFX output intent")
        else:
            profile = intents[0].get("/DestOutputProfile")
            if profile is None or int(profile.get("/N", 0)) != 4 or not profile.read_bytes():
                problems.append("the output intent has no CMYK DestOutputProfile")
        if str(pdf.docinfo.get("/GTS_PDFXVersion", "")) != "PDF/X-4":
            problems.append("Info has no GTS_PDFXVersion PDF/X-4")
        if pdf.docinfo.get("/Trapped") not in (pikepdf.Name.False_, pikepdf.Name.True_):
            problems.append("Info has no Trapped")
        for key in ("/Title", "/CreationDate", "/ModDate"):
            if key not in pdf.docinfo:
                problems.append(f"Info has no {key}")
        meta = pdf.open_metadata()
        if meta.get("pdfxid:GTS_PDFXVersion") != "PDF/X-4":
            problems.append("XMP has no pdfxid:GTS_PDFXVersion PDF/X-4")
        for key in ("dc:title", "xmp:CreateDate", "xmp:ModifyDate", "xmpMM:DocumentID", "xmpMM:VersionID",
                    "xmpMM:RenditionClass"):
            if not meta.get(key):
                problems.append(f"XMP has no {key}")
        if "/Encrypt" in pdf.trailer:
            problems.append("encrypted")
        for n, page in enumerate(pdf.pages, 1):
            for box in ("/TrimBox", "/BleedBox"):
                if box not in page.obj:
                    problems.append(f"page {n}: no {box}")
            if "/TrimBox" in page.obj and "/BleedBox" in page.obj:
                media, bleed, trim = ([float(v) for v in page.obj[k]] for k in ("/MediaBox", "/BleedBox", "/TrimBox"))
                if not (_inside(bleed, media) and _inside(trim, bleed)):
                    problems.append(f"page {n}: TrimBox {trim} not inside BleedBox {bleed} inside MediaBox {media}")
            if "/Annots" in page.obj:
                problems.append(f"page {n}: annotations")
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font" and obj.get("/Subtype") != "/Type0":
                descriptor = obj.get("/FontDescriptor")
                if descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                    problems.append(f"font {obj.get('/BaseFont')} not embedded")
        problems += colour_problems(pdf)
    return problems


def _inside(inner: list[float], outer: list[float]) -> bool:
    eps = 1e-3
    return (inner[0] >= outer[0] - eps and inner[1] >= outer[1] - eps and inner[2] <= outer[2] + eps
            and inner[3] <= outer[3] + eps)


def test_every_press_file_is_pdfx4(press):
    files = _files(press)
    assert len(files) >= 4 * len(press)  # cards, pieces or boards, rulebook at least
    found = {f"{f.parent.parent.parent.name}/{f.parent.parent.name}/{f.name}": pdfx_problems(f) for f in files}
    assert {k: v for k, v in found.items() if v} == {}


def test_black_text_is_black_ink_only(press):
    for f in _files(press):
        with pikepdf.open(f) as pdf:
            colours = text_colours(pdf)
        assert (0.0, 0.0, 0.0, 1.0) in colours, f"{f}: no text in pure black ink"
        rich = [c for c in colours if c[3] >= 0.7 and any(c[:3])]
        assert rich == [], f"{f}: text in four-colour black {rich[:3]}"


def test_press_files_render_without_messages(press):
    for f in _files(press):
        assert ghostscript_messages(f) == [], f
        assert poppler_messages(f) == [], f


def test_press_export_holds_every_pdf_of_the_kit(press):
    """cards, pieces, each board side at full size and the rulebook, listed in export.json with their
    checksums; every page of the board file is the full-size board with its trim inside its bleed."""
    folder = press[("green-jersey", "fr")]
    names = sorted(f.name for f in folder.glob("*.pdf"))
    assert names == ["board-a.pdf", "board-b.pdf", "cards.pdf", "pieces.pdf", "rulebook.pdf"]
    manifest = json.loads((folder / "export.json").read_text(encoding="utf-8"))
    assert manifest["format"] == "press" and manifest["standard"] == "PDF/X-4"
    assert sorted(f["name"] for f in manifest["files"]) == names
    with pikepdf.open(folder / "board-a.pdf") as pdf:
        page = pdf.pages[0].obj
        trim, bleed = [float(v) for v in page.TrimBox], [float(v) for v in page.BleedBox]
        assert bleed[0] < trim[0] and bleed[2] > trim[2]  # the board's bleed runs past its trim


def test_press_export_is_the_same_every_time(press, tmp_path):
    again = export_game(data_dir() / "green-jersey", "press", ExportOptions(out=tmp_path, lang="fr"))
    first = press[("green-jersey", "fr")]
    for f in sorted(first.glob("*")):
        assert (tmp_path / again.folder / f.name).read_bytes() == f.read_bytes(), f.name


def test_colours_black_text_and_greys():
    convert = Converter(find_profile())
    ink = (0x1F, 0x23, 0x28)  # the kit's text colour, a near-black
    assert convert.text(ink) == (0.0, 0.0, 0.0, 1.0)
    assert convert.text((0, 0, 0)) == (0.0, 0.0, 0.0, 1.0)
    assert convert.fill((255, 255, 255)) == (0.0, 0.0, 0.0, 0.0)
    grey = convert.fill((0x55, 0x55, 0x55))
    assert grey[:3] == (0.0, 0.0, 0.0) and 0.3 < grey[3] < 1.0  # a grey is black ink alone
    cream = convert.fill((0xFB, 0xF8, 0xF1))
    assert any(cream[:3]) and cream[3] < 0.1  # the warm paper keeps its tint
    red = convert.fill((0xD1, 0x26, 0x2F))
    assert red[1] > 0.8 and red[2] > 0.6  # a red is magenta and yellow


def test_pictures_in_scenes_are_converted(tmp_path):
    """A picture (a PNG with transparency) on a page ends up in CMYK, its transparency kept."""
    import hashlib
    from datetime import date

    from PIL import Image as Picture

    from pnp.export.pdfx import PdfxInfo, make_pdfx
    from pnp.layout.scene import Image, Rect, Scene, Style, Symbol, Text, Use
    from pnp.paint.pdf import paint_pdf

    png = tmp_path / "picture.png"
    picture = Picture.new("RGBA", (8, 8), (200, 30, 40, 255))
    picture.putpixel((0, 0), (0, 0, 0, 0))
    picture.save(png)
    digest = hashlib.sha256(png.read_bytes()).hexdigest()
    symbol = Symbol("pic", 20, 20, (Image(0, 0, 20, 20, str(png), digest), Text(2, 10, "x", "sans", 10)))
    loose = Image(25, 25, 20, 20, str(png), digest)  # on the page itself, not in a form
    scene = Scene(50, 50, (Rect(0, 0, 50, 50, Style(fill="#2E6DB4")), Use(symbol), loose))
    source, target = tmp_path / "rgb.pdf", tmp_path / "press.pdf"
    paint_pdf([scene], str(source))
    make_pdfx(source, target, Converter(find_profile()), PdfxInfo("t", "a", "s", date(2024, 1, 1), "k"))
    assert pdfx_problems(target) == []
    with pikepdf.open(target) as pdf:
        images = [s for kind, s in _content_streams(pdf) if kind == "image"]
        assert images and all(i.ColorSpace == pikepdf.Name.DeviceCMYK and "/SMask" in i for i in images)
    assert ghostscript_messages(target) == []


def test_a_profile_that_is_not_cmyk_is_refused(tmp_path, runner):
    from PIL import ImageCms

    from pnp.cli import cli as main

    srgb = tmp_path / "srgb.icc"
    srgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    out = tmp_path / "out"
    result = runner.invoke(main, ["export", "green-jersey", "--to", "press", "--profile", str(srgb), "--out", str(out)])
    assert result.exit_code != 0
    assert "srgb.icc" in result.output and "not a CMYK output" in result.output
    missing = runner.invoke(main, ["export", "green-jersey", "--to", "press", "--profile", str(tmp_path / "no.icc"),
                                   "--out", str(out)])
    assert missing.exit_code != 0 and "no.icc" in missing.output and "cannot read" in missing.output
    assert not out.exists() or not any(out.rglob("*.pdf"))
