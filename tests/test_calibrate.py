"""pnp calibrate: the duplex calibration sheet, read back from its scenes and its PDF.

The sign convention is checked end to end: a printer that puts the back e mm off (as seen on the
back) makes the sheet read -e; --back-offset -e moves the card backs by -e, which cancels it.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import cli
from pnp.layout.calibrate import (BACK_PITCH, COUNT, FRONT_PITCH, MARGIN, STEP, calibration_sheet, meeting_value,
                                  scales, texts_from, value)
from pnp.layout.paper import paper
from pnp.layout.scene import IDENTITY, Group, Line, Text, Use, compose
from pnp.layout.templates import Texts
from pnp.paths import templates_dir

DPI = 300
PX = DPI / 25.4
EPS = 1e-9


def _apply(t: tuple, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = t
    return a * x + c * y + e, b * x + d * y + f


def flat(items, t=IDENTITY, group: str = "") -> list[tuple[str, object, tuple]]:
    """(id of the nearest named group, item, transform) for every line and text."""
    out = []
    for item in items:
        if isinstance(item, Group):
            out += flat(item.items, compose(t, item.transform), item.id or group)
        elif isinstance(item, Use):
            out += flat(item.symbol.items, compose(t, item.transform), group)
        else:
            out.append((group, item, t))
    return out


def lines_of(scene, group: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [(_apply(t, i.x1, i.y1), _apply(t, i.x2, i.y2)) for g, i, t in flat(scene.items)
            if g == group and isinstance(i, Line)]


def labels_of(scene, group: str) -> list[tuple[str, float, float]]:
    """(text, centre x, baseline y) of the labels of a group."""
    out = []
    for g, i, t in flat(scene.items):
        if g == group and isinstance(i, Text):
            x, y = _apply(t, i.x + i.width / 2, i.y)
            out.append((i.text, x, y))
    return out


def card_corners(items, t=IDENTITY) -> list[tuple[float, float]]:
    """Where the origin of every card (a symbol placed on the sheet) lands on the page."""
    out = []
    for item in items:
        if isinstance(item, Group):
            out += card_corners(item.items, compose(t, item.transform))
        elif isinstance(item, Use):
            out.append(_apply(compose(t, item.transform), 0, 0))
    return out


def sheet(paper_name: str = "a4", back_offset=(0.0, 0.0)):
    shared = Texts(templates_dir(), "kit.j2")
    return calibration_sheet(paper(paper_name), texts_from(shared, paper_name, back_offset), back_offset,
                             footer=f"pnp calibrate · {paper_name}")


def _positions(segments, axis: str) -> list[float]:
    """Where each line of a scale lies across it: x for the vertical lines of an X scale."""
    return sorted(round(p1[0] if axis == "x" else p1[1], 9) for p1, _ in segments)


# --------------------------------------------------------------------------------------------
# The scales


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_the_back_is_the_front_mirrored_for_a_long_edge_flip(paper_name: str) -> None:
    """On every scale the back's 0 line lies exactly behind the front's (x -> W - x, y kept), and
    back line k lies k x 0.5 mm further along than front line k: a vernier."""
    front, back = sheet(paper_name)
    w = front.width
    for s in scales(paper(paper_name)):
        f = _positions(lines_of(front, f"front-{s.name}"), s.axis)
        b = _positions(lines_of(back, f"back-{s.name}"), s.axis)
        assert len(f) == len(b) == 2 * COUNT + 1, s.name
        mirrored = sorted(w - x for x in f) if s.axis == "x" else f
        for k, (fm, bk) in enumerate(zip(mirrored, b), start=-COUNT):
            assert abs((bk - fm) - k * STEP) < 1e-6, f"{s.name} line {k}: back {bk}, front behind it {fm}"
        assert abs(b[COUNT] - mirrored[COUNT]) < EPS, f"{s.name}: the zeros are not behind each other"
        assert all(abs(b2 - b1 - BACK_PITCH) < 1e-6 for b1, b2 in zip(b, b[1:]))
        assert all(abs(f2 - f1 - FRONT_PITCH) < 1e-6 for f1, f2 in zip(f, f[1:]))


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_every_back_line_is_labelled_from_minus_3_to_plus_3(paper_name: str) -> None:
    front, back = sheet(paper_name)
    want = ["-3.0", "-2.5", "-2.0", "-1.5", "-1.0", "-0.5", "0", "+0.5", "+1.0", "+1.5", "+2.0", "+2.5", "+3.0"]
    for s in scales(paper(paper_name)):
        labels = [t for t in labels_of(back, f"back-{s.name}") if t[0] not in ("X", "Y")]
        along = (lambda t: t[1]) if s.axis == "x" else (lambda t: t[2])
        assert [t[0] for t in sorted(labels, key=along)] == want, s.name
        # each label sits at its line
        b = _positions(lines_of(back, f"back-{s.name}"), s.axis)
        for (text, x, y), at in zip(sorted(labels, key=along), b):
            assert abs((x if s.axis == "x" else y - 0.36 * 6.0 * 25.4 / 72) - at) < 0.2, (s.name, text)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_one_pair_of_lines_meets_and_its_label_is_the_correction(paper_name: str) -> None:
    """A printer that puts the back e mm off (as seen on the back: + right, + down) brings exactly
    one back line onto a front line, the one labelled -e; between two steps none meets, nor just
    beyond 3 mm. (From 4 mm on a line meets a neighbour of its front line: the sheet says that the
    two long 0 lines are then more than 3 mm apart.)"""
    w = paper(paper_name).w
    for s in scales(paper(paper_name)):
        for k in range(-COUNT, COUNT + 1):
            error = -k * STEP
            assert meeting_value(s, w, error) == pytest.approx(k * STEP), (s.name, error)
        for error in (0.25, -1.75, 2.9, 3.5, -3.5, 3.9):
            assert meeting_value(s, w, error) is None, (s.name, error)
        assert COUNT * STEP < FRONT_PITCH - COUNT * STEP, "an alias within the range"


def test_what_the_sheet_reads_is_what_back_offset_corrects() -> None:
    """Read X on the sheet, pass it to --back-offset: the card backs move by exactly that, the way
    that cancels the printer's error. Checked on a card sheet's scene and on the calibration sheet
    printed with the correction (its lines then meet on 0)."""
    from pnp.build import BuildOptions, kit_plan
    from pnp.model import load_game

    w = paper("a4").w
    centre_x = next(s for s in scales(paper("a4")) if s.name == "x-centre")
    centre_y = next(s for s in scales(paper("a4")) if s.name == "y-centre")
    error = (-1.5, 0.5)  # the printer puts the back 1.5 mm left and 0.5 mm low, as seen on the back
    read = (meeting_value(centre_x, w, error[0]), meeting_value(centre_y, w, error[1]))
    assert read == (1.5, -0.5)
    # --back-offset 1.5,-0.5 moves every card back +1.5 mm in x and -0.5 mm in y on the back page
    model = load_game(Path(__file__).resolve().parent.parent / "data" / "green-jersey")
    plain, _ = kit_plan(model, BuildOptions(out=Path("/nonexistent")))
    moved, _ = kit_plan(model, BuildOptions(out=Path("/nonexistent"), back_offset=read))
    doc = plain.documents()[0]
    before, after = list(plain.doc_pages(doc))[1], list(moved.doc_pages(moved.documents()[0]))[1]
    a, b = card_corners(before.items), card_corners(after.items)
    assert len(a) == len(b) == 8
    assert {(round(q[0] - p[0], 9), round(q[1] - p[1], 9)) for p, q in zip(a, b)} == {read}
    # printed where the printer puts it, a back moved by --back-offset lands where it belongs
    assert (error[0] + read[0], error[1] + read[1]) == (0.0, 0.0)
    # the calibration sheet printed with that correction: the back's 0 lines land on the front's
    front, back = sheet("a4", back_offset=read)
    for s in (centre_x, centre_y):
        f = _positions(lines_of(front, f"front-{s.name}"), s.axis)
        b = _positions(lines_of(back, f"back-{s.name}"), s.axis)
        zero_front = w - f[COUNT] if s.axis == "x" else f[COUNT]
        printed = b[COUNT] + (error[0] if s.axis == "x" else error[1])
        assert abs(printed - zero_front) < 1e-6, s.name


def test_the_sheet_says_which_way_back_offset_moves() -> None:
    """In French and in English (the sign convention is the one tested above)."""
    from pnp.i18n.catalogs import read
    from pnp.i18n.context import Language, activate
    from pnp.i18n.translations import compile_catalog

    fr = texts_from(Texts(templates_dir(), "kit.j2"), "a4")
    assert any("Un X positif décale les versos vers la droite, un Y positif vers le bas" in t for t in fr.back_steps)
    assert any("pnp\u00a0build\u00a0--back-offset\u00a0X,Y" in t for t in fr.front_steps)
    po = Path(__file__).resolve().parent.parent / "data" / "green-jersey" / "locales" / "en.po"
    with activate(Language("en", compile_catalog(read(po, locale="en")), source=False)):
        en = texts_from(Texts(templates_dir(), "kit.j2"), "a4")
    assert any("A positive X moves the backs to the right and a positive Y moves them down" in t
               for t in en.back_steps)


# --------------------------------------------------------------------------------------------
# The page: printable area, the 50 mm line


def _bounds(scene) -> list[tuple[str, tuple[float, float, float, float]]]:
    from pnp.layout.imposition import ASCENT, DESCENT
    from pnp.layout.text import fonts

    out = []
    for g, i, t in flat(scene.items):
        if isinstance(i, Line):
            pts = [_apply(t, i.x1, i.y1), _apply(t, i.x2, i.y2)]
            what = f"line in {g}"
        else:
            em = i.size * fonts.PT
            pts = [_apply(t, x, y) for x in (i.x, i.x + i.width) for y in (i.y - ASCENT * em, i.y + DESCENT * em)]
            what = repr(i.text)
        out.append((what, (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts),
                           max(p[1] for p in pts))))
    return out


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_everything_is_in_the_printable_area_and_texts_do_not_overlap(paper_name: str) -> None:
    for scene in sheet(paper_name):
        boxes = _bounds(scene)
        for what, (x0, y0, x1, y1) in boxes:
            assert x0 >= MARGIN and y0 >= MARGIN and x1 <= scene.width - MARGIN and y1 <= scene.height - MARGIN, \
                f"{scene.label}: {what} outside the printable area"
        texts = [(w, b) for w, b in boxes if not w.startswith("line")]
        for n, (wa, a) in enumerate(texts):
            for wb, b in texts[n + 1:]:
                assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), f"{wa} overlaps {wb}"


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_the_front_has_a_50_mm_line_and_the_print_at_100_note(paper_name: str) -> None:
    front, back = sheet(paper_name)
    fifty = []
    for g, i, t in flat(front.items):
        if isinstance(i, Line):
            (x1, y1), (x2, y2) = _apply(t, i.x1, i.y1), _apply(t, i.x2, i.y2)
            if abs(math.hypot(x2 - x1, y2 - y1) - 50.0) < EPS:
                fifty.append(((x1, y1), (x2, y2)))
    assert len(fifty) == 1
    (x1, y1), (x2, y2) = fifty[0]
    assert MARGIN <= min(x1, x2) and max(x1, x2) <= front.width - MARGIN and MARGIN <= y1 <= front.height - MARGIN
    words = " ".join(i.text for _, i, _ in flat(front.items) if isinstance(i, Text))
    assert "Ce trait mesure 50 mm" in words and "100 %" in words


# --------------------------------------------------------------------------------------------
# The command


def _run(args: list[str], cwd: Path, monkeypatch: pytest.MonkeyPatch):
    """``pnp calibrate ARGS`` run in the folder ``cwd``; its result and the PDFs it left there."""
    monkeypatch.chdir(cwd)
    result = CliRunner().invoke(cli, ["calibrate", *args], catch_exceptions=False)
    return result, {p.name: p.read_bytes() for p in cwd.glob("*.pdf")}


def test_calibrate_writes_calibrate_a4_pdf_in_the_current_folder(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    result, files = _run([], tmp_path, monkeypatch)
    assert result.exit_code == 0, result.output
    assert list(files) == ["calibrate-a4.pdf"]
    assert "wrote" in result.output and "calibrate-a4.pdf (2 pages)" in result.output
    assert "--back-offset X,Y" in result.output


@pytest.mark.parametrize("paper_name, size", [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))])
def test_calibrate_writes_two_pages_byte_identical_across_runs(tmp_path: Path, paper_name: str,
                                                               size: tuple[float, float]) -> None:
    out1, out2 = tmp_path / "one", tmp_path / "two"
    runner = CliRunner()
    for out in (out1, out2):
        result = runner.invoke(cli, ["calibrate", "--paper", paper_name, "--out", str(out)], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        assert str(out / f"calibrate-{paper_name}.pdf") in result.output
    pdf = out1 / f"calibrate-{paper_name}.pdf"
    assert pdf.read_bytes() == (out2 / pdf.name).read_bytes()
    reader = pypdf.PdfReader(pdf)
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - size[0]) < 0.1 and abs(float(page.mediabox.height) - size[1]) < 0.1
    text = reader.pages[0].extract_text() + reader.pages[1].extract_text()
    assert "back-offset" in text and "50 mm" in text


def _dark_columns(img: Image.Image, top: float, bottom: float) -> list[float]:
    """Centres (px) of the vertical dark lines crossing the band between heights ``top`` and
    ``bottom`` (mm) all the way."""
    gray = img.convert("L").crop((0, round(top * PX), img.width, round(bottom * PX)))
    w, h = gray.size
    dark = [sum(1 for y in range(h) if gray.getpixel((x, y)) < 128) for x in range(w)]
    runs, start = [], None
    for x, n in enumerate(dark + [0]):
        if n == h and start is None:
            start = x
        elif n < h and start is not None:
            runs.append((start + x) / 2)
            start = None
    return runs


def test_the_pdf_back_lines_land_behind_the_front_lines(tmp_path: Path) -> None:
    """Read back from the PDF at 300 dpi: on the centre X scale the front's lines and the back's,
    flipped, are where the scenes say (1 px), and their gap grows by 0.5 mm a line."""
    result = CliRunner().invoke(cli, ["calibrate", "--out", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0
    doc = pdfium.PdfDocument(str(tmp_path / "calibrate-a4.pdf"))
    try:
        front, back = (doc[i].render(scale=DPI / 72).to_pil() for i in (0, 1))
    finally:
        doc.close()
    s = next(s for s in scales(paper("a4")) if s.name == "x-centre")
    f = _dark_columns(front, s.y - 4.5, s.y)           # the front's lines run up from the meeting line
    b = _dark_columns(back, s.y + 0.2, s.y + 4.5)       # the back's run down
    assert len(f) == len(b) == 2 * COUNT + 1, (f, b)
    width_px = front.width
    flipped = sorted(width_px - x for x in f)
    for k, (fx, bx) in enumerate(zip(flipped, b), start=-COUNT):
        assert abs((bx - fx) - k * STEP * PX) <= 1.0, f"line {k}: {(bx - fx) / PX:.3f} mm apart"
    assert abs(b[COUNT] - (paper("a4").w - s.x) * PX) <= 1.0


@pytest.mark.parametrize("args, message", [
    (["--lang", "it"], "no game in"),
    (["--lang", "fr,en"], "one language"),
    (["--lang", "en", "--game", "nope"], "no game 'nope'"),
    (["--lang", "pl", "--game", "maillot-jaune"], "maillot-jaune has no 'pl' catalog"),
    (["--paper", "a3"], "'a3' is not one of"),
    (["--back-offset", "12,0"], "larger than 10 mm"),
    (["--back-offset", "1"], "is not X,Y"),
])
def test_bad_options_are_clear_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str],
                                      message: str) -> None:
    result, files = _run(args, tmp_path, monkeypatch)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not files


@pytest.mark.parametrize("lang, game, words", [
    ("en", None, "Duplex registration · front"),
    ("pl", None, "Kalibracja druku dwustronnego · przód"),
    ("en", "maillot-jaune", "Duplex registration · front"),
])
def test_calibrate_in_another_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str,
                                      game: str | None, words: str) -> None:
    args = ["--lang", lang] + (["--game", game] if game else [])
    result, files = _run(args, tmp_path, monkeypatch)
    assert result.exit_code == 0, result.output
    assert f"{lang} texts from the catalog of" in result.output
    assert list(files) == [f"calibrate-a4-{lang}.pdf"]  # the French sheet is not overwritten
    text = pypdf.PdfReader(io.BytesIO(files[f"calibrate-a4-{lang}.pdf"])).pages[0].extract_text()
    assert words in text


def test_a_sheet_printed_with_a_correction_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result, files = _run(["--back-offset", "1.5,-0.5"], tmp_path, monkeypatch)
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(io.BytesIO(files["calibrate-a4.pdf"]))
    assert "--back-offset 1.5,-0.5" in reader.pages[1].extract_text().replace("\u00a0", " ")
    assert value(1.5) == "+1.5" and value(-0.5) == "-0.5" and value(0.0) == "0"
