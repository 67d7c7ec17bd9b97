"""Card sheets read back: page sizes, fonts, determinism, and what a ruler would measure.

Every kit is built once per module (``Kits``); each page is rasterized once, at 300 dpi, and
measured in pixels: a pixel of a 300 dpi render is 0.085 mm, and every tolerance is 1 px.

Positions on a page are in continuous device pixels: the page's top-left corner is (0, 0) and
a point x mm from the left is at ``x * PX``. The expected positions come from the imposition plan
(``pnp.layout.imposition.plan``), the measured ones from the pixels.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageOps

from pnp.build import BuildOptions, build_game
from pnp.layout.imposition import MARK_GAP, MARK_MAX, Grid, plan, sheet_grid
from pnp.layout.paper import PrintSpec, card_size, paper
from pnp.model import load_game

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "data" / "green-jersey"

DPI = 300
SCALE = DPI / 72          # pdfium scale: pixels per point
PX = DPI / 25.4           # pixels per millimetre
TOL = 1.0                 # pixels
EDGE_TOL = 1.6            # pixels, for the edges of filled art: see ``art_edges_tolerance``

A4_PT = (595.28, 841.89)
LETTER_PT = (612.0, 792.0)
CARDS = 52                # cards printed in cards.pdf (movement 45 + riders 6 + first player 1)

BUILDS: dict[str, dict] = {
    "a4": {},
    "a4-again": {},
    "letter-60x90": {"paper": "letter", "card_size": "60x90"},
    "single": {"single_sided": True},
    "mini": {"card_size": "mini"},
    "offset": {"back_offset": (1.0, 0.5)},
}


# --------------------------------------------------------------------------------------------
# Building and rasterizing, once per module


@dataclass
class Kit:
    """One build of the Green Jersey kit, its cards.pdf, the plan it was imposed with, and renders."""

    name: str
    options: BuildOptions
    pdf: Path
    pages_written: int | None
    spec: PrintSpec
    grid: Grid
    reader: pypdf.PdfReader = field(repr=False)
    doc: pdfium.PdfDocument = field(repr=False)
    _images: dict[int, Image.Image] = field(default_factory=dict, repr=False)

    @property
    def pages(self) -> int:
        return len(self.reader.pages)

    @property
    def page_w_px(self) -> float:
        return self.grid.page_w * PX

    def image(self, index: int) -> Image.Image:
        """Page ``index`` (0-based) rendered at 300 dpi, RGB; rendered once."""
        if index not in self._images:
            self._images[index] = self.doc[index].render(scale=SCALE).to_pil().convert("RGB")
        return self._images[index]

    def text(self, index: int) -> str:
        """The text of page ``index`` (0-based), read by pdfium."""
        textpage = self.doc[index].get_textpage()
        try:
            return textpage.get_text_range().replace("\u00a0", " ")  # the stamp's date has no-break spaces
        finally:
            textpage.close()

    def cards_on_sheet(self, sheet: int) -> int:
        """How many cards sheet ``sheet`` (0-based) holds: full sheets, then the rest."""
        return max(0, min(self.grid.slots, CARDS - sheet * self.grid.slots))

    def front_index(self, sheet: int) -> int:
        return sheet * (1 if self.options.single_sided else 2)

    @property
    def sheets(self) -> int:
        return math.ceil(CARDS / self.grid.slots)


class Kits:
    """Builds a named variant on first use (into its own folder) and keeps it for the module."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self._kits: dict[str, Kit] = {}
        self.model = load_game(GAME)

    def __getitem__(self, name: str) -> Kit:
        if name not in self._kits:
            out = self.base / name
            options = BuildOptions(out=out, **BUILDS[name])
            result = build_game(GAME, options)
            pdf = out / result.game / options.lang / "cards.pdf"
            assert pdf.is_file(), f"{name}: no cards.pdf at {pdf}"
            written = {Path(entry[0]).name: entry[1] for entry in result.files}
            size = card_size(options.card_size or self.model.info.card_size)
            spec = PrintSpec(paper(options.paper), size, duplex=not options.single_sided,
                             back_offset=options.back_offset)
            self._kits[name] = Kit(name, options, pdf, written.get("cards.pdf"), spec, plan(spec),
                                   pypdf.PdfReader(pdf), pdfium.PdfDocument(str(pdf)))
        return self._kits[name]

    def close(self) -> None:
        for kit in self._kits.values():
            kit.doc.close()


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory):
    k = Kits(tmp_path_factory.mktemp("sheets"))
    yield k
    k.close()


@pytest.fixture(scope="module")
def stamp() -> str:
    return load_game(GAME).info.stamp.replace("\u00a0", " ")


# --------------------------------------------------------------------------------------------
# Pixel helpers (Pillow only)


def _gray(img: Image.Image) -> Image.Image:
    return img if img.mode == "L" else img.convert("L")


def _box(left: float, top: float, right: float, bottom: float) -> tuple[int, int, int, int]:
    """A pixel box strictly inside the continuous box (left, top, right, bottom)."""
    return math.ceil(left), math.ceil(top), math.floor(right), math.floor(bottom)


def dark_lines(img: Image.Image, box: tuple[int, int, int, int], vertical: bool = True,
               fill: float = 0.9) -> list[float]:
    """Centres (page pixels) of the thin dark lines crossing ``box``: vertical lines give columns
    that are dark (< 128) over at least ``fill`` of the box's height; horizontal lines give rows.
    A centre is the darkness-weighted centroid of its columns (sub-pixel)."""
    crop = _gray(img).crop(box)
    if not vertical:
        crop = crop.transpose(Image.Transpose.TRANSPOSE)
    w, h = crop.size
    assert w > 0 and h > 0, f"empty strip {box}"
    frac = list(crop.point(lambda v: 255 if v < 128 else 0).resize((w, 1), Image.Resampling.BOX).tobytes())
    weight = list(ImageOps.invert(crop).resize((w, 1), Image.Resampling.BOX).tobytes())
    runs, start = [], None
    for i, f in enumerate(frac + [0]):
        if f >= fill * 255 and start is None:
            start = i
        elif f < fill * 255 and start is not None:
            runs.append((start, i))
            start = None
    origin = box[0] if vertical else box[1]
    centres = []
    for a, b in runs:
        cols = range(max(0, a - 1), min(w, b + 1))
        total = sum(weight[i] for i in cols)
        centres.append(origin + sum((i + 0.5) * weight[i] for i in cols) / total)
    return centres


def _min_channel(img: Image.Image) -> Image.Image:
    r, g, b = img.split()
    return ImageChops.darker(ImageChops.darker(r, g), b)


def art_mask(img: Image.Image) -> Image.Image:
    """Anything that is not the white of the paper (the card background #FBF8F1 included)."""
    return _min_channel(img).point(lambda v: 255 if v < 248 else 0)


def green_mask(img: Image.Image) -> Image.Image:
    """The greens of the card back (#146B36 and its stripes), not black marks nor grey text."""
    r, g, _ = img.split()
    return ImageChops.subtract(g, r).point(lambda v: 255 if v > 30 else 0)


def light_mask(img: Image.Image) -> Image.Image:
    """The white frame and titles of the card back."""
    return img.getchannel("R").point(lambda v: 255 if v > 140 else 0)


def bbox_in(img: Image.Image, box: tuple[int, int, int, int], mask) -> tuple[int, int, int, int] | None:
    bb = mask(img.crop(box)).getbbox()
    if bb is None:
        return None
    return bb[0] + box[0], bb[1] + box[1], bb[2] + box[0], bb[3] + box[1]


def occupied(grid: Grid, n: int, back: bool = False) -> set[tuple[int, int]]:
    """Cells (row, col) holding a card on a sheet of ``n`` cards; on the back, columns mirrored."""
    cells = {divmod(i, grid.cols) for i in range(n)}
    return {(r, grid.cols - 1 - c) for r, c in cells} if back else cells


def extents(img: Image.Image, grid: Grid, mask, pad: float) -> tuple[dict, dict]:
    """Where the art is, measured row by row (left, right) and column by column (top, bottom).

    Cells touch, so a row's horizontal extent is read inside the row's band, from ``pad`` mm left of
    the grid to ``pad`` mm right of it; likewise for columns. The bands keep clear of the crop marks
    a part-filled sheet draws under its last row: a row's band starts below their reach, a column's
    lies between its two cut lines."""
    x1, y1 = grid.x0 + grid.cols * grid.cell_w, grid.y0 + grid.rows * grid.cell_h
    below = (MARK_GAP + MARK_MAX) * PX + 2
    inside = (grid.bleed + 1.0) * PX
    rows, cols = {}, {}
    for r in range(grid.rows):
        top = (grid.y0 + r * grid.cell_h) * PX
        bb = bbox_in(img, _box((grid.x0 - pad) * PX, top + below, (x1 + pad) * PX, top + grid.cell_h * PX - 2), mask)
        rows[r] = None if bb is None else (bb[0], bb[2])
    for c in range(grid.cols):
        left = (grid.x0 + c * grid.cell_w) * PX
        bb = bbox_in(img, _box(left + inside, (grid.y0 - pad) * PX, left + grid.cell_w * PX - inside, (y1 + pad) * PX),
                     mask)
        cols[c] = None if bb is None else (bb[1], bb[3])
    return rows, cols


def expected_extents(grid: Grid, cells: set[tuple[int, int]]) -> tuple[dict, dict]:
    rows, cols = {}, {}
    for r in range(grid.rows):
        cs = [c for rr, c in cells if rr == r]
        rows[r] = None if not cs else ((grid.x0 + min(cs) * grid.cell_w) * PX,
                                       (grid.x0 + (max(cs) + 1) * grid.cell_w) * PX)
    for c in range(grid.cols):
        rs = [r for r, cc in cells if cc == c]
        cols[c] = None if not rs else ((grid.y0 + min(rs) * grid.cell_h) * PX,
                                       (grid.y0 + (max(rs) + 1) * grid.cell_h) * PX)
    return rows, cols


def art_edges_tolerance() -> float:
    """pdfium snaps the edges of clipped fills to whole pixels and, on the right and bottom edges,
    sometimes paints one more row than the geometry covers (measured: a card block ending at
    2807.48 px ends at 2809 px at 300 dpi, at +1.04 px at 600 dpi and +1.08 px at 1200 dpi: a
    constant pixel, not a size). Edges of filled art are compared to the plan with this tolerance;
    lines (crop marks, calibration ticks) are measured by their centres and hold to 1 px."""
    return EDGE_TOL


def assert_close(measured, expected, what: str, tol: float = TOL) -> None:
    if expected is None or measured is None:
        assert measured == expected, f"{what}: measured {measured}, expected {expected}"
        return
    for m, e in zip(measured, expected, strict=True):
        assert abs(m - e) <= tol, f"{what}: measured {measured}, expected {tuple(round(v, 2) for v in expected)}"


def mirror(span: tuple[float, float] | None, width: float) -> tuple[float, float] | None:
    """A horizontal span on the back page as it lands after a long-edge flip."""
    return None if span is None else (width - span[1], width - span[0])


def frame_centre(img: Image.Image, grid: Grid, row: int, col: int) -> tuple[float, float, tuple]:
    """Centre (px) and box of the white frame of the card back in cell (row, col) of a back page.

    The frame sits 4 mm inside the trim; it is searched 3 mm (the bleed) inside the cell."""
    x, y = grid.cell(row, col)
    b = grid.bleed
    bb = bbox_in(img, _box((x + b) * PX, (y + b) * PX, (x + grid.cell_w - b) * PX, (y + grid.cell_h - b) * PX),
                 light_mask)
    assert bb is not None, f"no card back frame in cell ({row}, {col})"
    return (bb[0] + bb[2]) / 2, (bb[1] + bb[3]) / 2, bb


# --------------------------------------------------------------------------------------------
# 1. Page size and count


@pytest.mark.parametrize("name, size", [("a4", A4_PT), ("single", A4_PT), ("mini", A4_PT),
                                        ("letter-60x90", LETTER_PT)])
def test_every_page_has_the_paper_size(kits: Kits, name: str, size: tuple[float, float]) -> None:
    kit = kits[name]
    for i, page in enumerate(kit.reader.pages):
        box = page.mediabox
        assert abs(float(box.width) - size[0]) <= 0.1 and abs(float(box.height) - size[1]) <= 0.1, \
            f"{name} page {i + 1}: {float(box.width):.2f} x {float(box.height):.2f} pt, expected {size}"


@pytest.mark.parametrize("name", ["a4", "single", "mini", "letter-60x90"])
def test_page_count_is_one_front_and_one_back_per_sheet(kits: Kits, name: str) -> None:
    kit = kits[name]
    per_sheet = 1 if kit.options.single_sided else 2
    assert kit.pages == per_sheet * math.ceil(CARDS / kit.grid.slots)
    assert kit.pages_written == kit.pages, "the build reports the pages it wrote"


def test_page_count_of_the_default_kit(kits: Kits) -> None:
    """Poker cards on A4: 8 per sheet, 7 sheets, duplex 14 pages; single-sided 7."""
    assert kits.model.info.card_size == "poker"
    assert sum(d.size for d in kits.model.decks if d.sheet == "cards") == CARDS
    assert kits["a4"].grid.slots == 8
    assert kits["a4"].pages == 14
    assert kits["single"].pages == 7


# --------------------------------------------------------------------------------------------
# 2. Fonts

STANDARD_14 = {"Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica",
               "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman", "Times-Bold",
               "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats"}
SUBSET = re.compile(r"^[A-Z]{6}\+.+")


def _fonts(resources, seen: set, found: list) -> None:
    """Every font of ``resources`` and, recursively, of the form XObjects they use."""
    if resources is None:
        return
    resources = resources.get_object()
    fonts = resources.get("/Font")
    if fonts is not None:
        for key, ref in fonts.get_object().items():
            found.append((key, ref.get_object()))
    xobjects = resources.get("/XObject")
    if xobjects is not None:
        for ref in xobjects.get_object().values():
            ident = getattr(ref, "idnum", None) or id(ref)
            if ident in seen:
                continue
            seen.add(ident)
            xobj = ref.get_object()
            if xobj.get("/Subtype") == "/Form":
                _fonts(xobj.get("/Resources"), seen, found)


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


@pytest.mark.parametrize("name", ["a4", "letter-60x90"])
def test_every_font_is_an_embedded_subset(kits: Kits, name: str) -> None:
    kit = kits[name]
    seen: set = set()
    for i, page in enumerate(kit.reader.pages):
        found: list = []
        _fonts(page.get("/Resources"), seen, found)
        if i == 0:
            assert found, "the first page uses fonts (labels, card texts)"
        for key, font in found:
            base = str(font.get("/BaseFont", ""))[1:]
            where = f"{name} page {i + 1} font {key} ({base})"
            assert base.split("+")[-1] not in STANDARD_14, f"{where}: a standard font"
            assert _embedded(font), f"{where}: not embedded (no FontFile)"
            assert SUBSET.match(base), f"{where}: not a subset (no ABCDEF+ prefix)"


# --------------------------------------------------------------------------------------------
# 3. Determinism


def test_two_builds_give_the_same_bytes(kits: Kits) -> None:
    first, second = kits["a4"], kits["a4-again"]
    assert first.pdf != second.pdf
    assert first.pdf.read_bytes() == second.pdf.read_bytes()


# --------------------------------------------------------------------------------------------
# 4. Card size in pixels, read from the crop marks


def _marks(kit: Kit, index: int) -> tuple[list[float], list[float]]:
    """Centres of the crop marks in the top margin (x) and the left margin (y) of a page."""
    g, m = kit.grid, kit.spec.margin
    img = kit.image(index)
    top = _box(0, (m + g.band) * PX + 2, img.width, (g.y0 - MARK_GAP) * PX - 2)
    left = _box(m * PX + 2, 0, (g.x0 - MARK_GAP) * PX - 2, img.height)
    return dark_lines(img, top, vertical=True), dark_lines(img, left, vertical=False)


@pytest.mark.parametrize("name, rotated", [("a4", True), ("mini", True), ("letter-60x90", False)])
def test_crop_marks_are_one_trimmed_card_apart(kits: Kits, name: str, rotated: bool) -> None:
    kit = kits[name]
    card, grid = kit.spec.card, kit.grid
    assert grid.rotated is rotated, "the planner's choice this test was written for"
    across, down = (card.h, card.w) if grid.rotated else (card.w, card.h)
    xs, ys = _marks(kit, 0)
    assert len(xs) == 2 * grid.cols, f"{name}: {len(xs)} marks in the top margin: {xs}"
    assert len(ys) == 2 * grid.rows, f"{name}: {len(ys)} marks in the left margin: {ys}"
    for found, cut in zip(xs, grid.cuts_x(), strict=True):
        assert abs(found - cut * PX) <= TOL, f"{name}: mark at {found:.1f} px, cut at {cut * PX:.1f} px"
    for found, cut in zip(ys, grid.cuts_y(), strict=True):
        assert abs(found - cut * PX) <= TOL, f"{name}: mark at {found:.1f} px, cut at {cut * PX:.1f} px"
    for a, b in zip(xs[0::2], xs[1::2]):
        assert abs((b - a) - across * PX) <= TOL, f"{name}: card {(b - a) / PX:.2f} mm wide, expected {across}"
    for a, b in zip(ys[0::2], ys[1::2]):
        assert abs((b - a) - down * PX) <= TOL, f"{name}: card {(b - a) / PX:.2f} mm tall, expected {down}"
    # neighbours: one bleed on each side of the shared cell edge
    for a, b in zip(xs[1:-1:2], xs[2::2]):
        assert abs((b - a) - 2 * grid.bleed * PX) <= TOL


def test_named_and_custom_card_sizes_reach_the_plan(kits: Kits) -> None:
    assert (kits["mini"].spec.card.w, kits["mini"].spec.card.h) == (44.0, 68.0)
    assert (kits["letter-60x90"].spec.card.w, kits["letter-60x90"].spec.card.h) == (60.0, 90.0)


@pytest.mark.parametrize("name", ["a4", "mini", "letter-60x90"])
def test_front_art_fills_exactly_its_cells(kits: Kits, name: str) -> None:
    """Each card's art runs to the edge of its bleed, and not beyond: measured row by row and
    column by column on the first sheet and on the last (partly filled) one."""
    kit = kits[name]
    for sheet in (0, kit.sheets - 1):
        n = kit.cards_on_sheet(sheet)
        rows, cols = extents(kit.image(kit.front_index(sheet)), kit.grid, art_mask, pad=0.8)
        want_rows, want_cols = expected_extents(kit.grid, occupied(kit.grid, n))
        for r in rows:
            assert_close(rows[r], want_rows[r], f"{name} sheet {sheet + 1} front, row {r} (x)", art_edges_tolerance())
        for c in cols:
            assert_close(cols[c], want_cols[c], f"{name} sheet {sheet + 1} front, column {c} (y)",
                         art_edges_tolerance())


# --------------------------------------------------------------------------------------------
# 5. Duplex registration


@pytest.mark.parametrize("name", ["a4", "letter-60x90"])
def test_backs_land_behind_their_fronts(kits: Kits, name: str) -> None:
    """Row by row and column by column, the back art mirrored for a long-edge flip covers
    exactly the front art; on the last sheet of letter-60x90 a lone card in row 2 checks that
    column c's back is printed in column cols-1-c."""
    kit = kits[name]
    w = kit.page_w_px
    for sheet in (0, kit.sheets - 1):
        n = kit.cards_on_sheet(sheet)
        f = kit.front_index(sheet)
        front_rows, front_cols = extents(kit.image(f), kit.grid, art_mask, pad=0.8)
        back_rows, back_cols = extents(kit.image(f + 1), kit.grid, green_mask, pad=2.0)
        want_rows, _ = expected_extents(kit.grid, occupied(kit.grid, n, back=True))
        for r in front_rows:
            assert_close(back_rows[r], want_rows[r], f"{name} sheet {sheet + 1} back, row {r}", art_edges_tolerance())
            assert_close(mirror(back_rows[r], w), front_rows[r], f"{name} sheet {sheet + 1} row {r}, flipped")
        # columns swap on the back
        for c in front_cols:
            assert_close(back_cols[kit.grid.cols - 1 - c], front_cols[c], f"{name} sheet {sheet + 1} column {c}")


@pytest.mark.parametrize("name", ["a4", "letter-60x90"])
def test_each_back_is_centred_behind_its_front_slot(kits: Kits, name: str) -> None:
    """Card by card: the frame of the back, flipped, is centred on the front card's cell."""
    kit = kits[name]
    grid, w = kit.grid, kit.page_w_px
    for sheet in (0, kit.sheets - 1):
        back = kit.image(kit.front_index(sheet) + 1)
        sizes = set()
        for r, c in sorted(occupied(grid, kit.cards_on_sheet(sheet))):
            cx, cy, bb = frame_centre(back, grid, r, grid.cols - 1 - c)
            fx, fy = grid.cell(r, c)
            want = ((fx + grid.cell_w / 2) * PX, (fy + grid.cell_h / 2) * PX)
            assert_close((w - cx, cy), want, f"{name} sheet {sheet + 1} card ({r}, {c}) back centre, flipped")
            sizes.add((bb[2] - bb[0], bb[3] - bb[1]))
        assert max(s[0] for s in sizes) - min(s[0] for s in sizes) <= 1
        assert max(s[1] for s in sizes) - min(s[1] for s in sizes) <= 1


def test_back_offset_moves_backs_by_exactly_that_much(kits: Kits) -> None:
    """back_offset=(1.0, 0.5): every back moves +1.0 mm in x and +0.5 mm in y on the back page
    (before the flip); fronts do not move."""
    plain, shifted = kits["a4"], kits["offset"]
    assert shifted.grid == plain.grid
    dx, dy = (v * PX for v in shifted.options.back_offset)
    grid = plain.grid
    a, b = plain.image(1), shifted.image(1)
    for r in range(grid.rows):
        for c in range(grid.cols):
            _, _, before = frame_centre(a, grid, r, c)
            _, _, after = frame_centre(b, grid, r, c)
            moved = tuple(q - p for p, q in zip(before, after))
            assert_close(moved, (dx, dy, dx, dy), f"back ({r}, {c}) moved (px)")
    # the whole block of backs too, measured on the green
    block = _box((grid.x0 - 2) * PX, (grid.y0 - 2) * PX, (grid.x0 + grid.cols * grid.cell_w + 2) * PX,
                 (grid.y0 + grid.rows * grid.cell_h + 2) * PX)
    before, after = bbox_in(a, block, green_mask), bbox_in(b, block, green_mask)
    assert_close(tuple(q - p for p, q in zip(before, after)), (dx, dy, dx, dy), "block of backs moved (px)")
    # fronts are untouched
    assert ImageChops.difference(plain.image(0), shifted.image(0)).getbbox() is None


# --------------------------------------------------------------------------------------------
# 6. Calibration


def _calibration_line(kit: Kit) -> tuple[int, int, int, float]:
    """(row, start, end) of the longest dark run of the calibration line on page 1, outside the
    cards, and the distance in px between the centres of its two end ticks."""
    grid = kit.grid
    img = _gray(kit.image(0)).copy()
    pad = 0.5 * PX
    img.paste(255, _box(grid.x0 * PX - pad, grid.y0 * PX - pad, (grid.x0 + grid.cols * grid.cell_w) * PX + pad,
                        (grid.y0 + grid.rows * grid.cell_h) * PX + pad))
    dark = img.point(lambda v: 255 if v < 128 else 0)
    w, h = dark.size
    frac = list(dark.resize((1, h), Image.Resampling.BOX).tobytes())
    rows = [y for y, f in enumerate(frac) if f >= 0.2 * 255]
    assert rows, "no line of 40 mm or more outside the cards on page 1"
    assert rows[-1] - rows[0] < 0.5 * PX, f"more than one long line: rows {rows}"
    row = rows[len(rows) // 2]
    line = dark.crop((0, row, w, row + 1)).tobytes()
    best, start = (0, 0), None
    for x, v in enumerate(line + b"\x00"):
        if v and start is None:
            start = x
        elif not v and start is not None:
            best = max(best, (start, x), key=lambda s: s[1] - s[0])
            start = None
    a, b = best
    ticks = dark_lines(img, (round(a - 0.5 * PX), rows[0] - round(0.7 * PX), round(b + 0.5 * PX), rows[0] - 2))
    assert len(ticks) == 2, f"expected two end ticks, found {ticks}"
    return row, a, b, ticks[1] - ticks[0]


@pytest.mark.parametrize("name", ["a4", "letter-60x90"])
def test_first_page_has_a_50_mm_calibration_line(kits: Kits, name: str) -> None:
    kit = kits[name]
    row, a, b, ticks = _calibration_line(kit)
    assert abs(ticks - 50 * PX) <= TOL, f"{name}: ticks {ticks / PX:.3f} mm apart"
    # the line runs between the ticks' outer edges: 50 mm plus one tick width (0.25 mm)
    assert 50 * PX - TOL <= b - a <= 50.5 * PX + TOL, f"{name}: line {(b - a) / PX:.3f} mm long"
    text = kit.reader.pages[0].extract_text()
    assert "100 %" in text and "50 mm" in text


# --------------------------------------------------------------------------------------------
# 7. Stamps


@pytest.mark.parametrize("name", ["a4", "letter-60x90"])
def test_every_front_card_carries_the_stamp_and_backs_do_not(kits: Kits, name: str, stamp: str) -> None:
    """The stamp is also the start of every sheet label ("<stamp> · cartes · feuille 1/7 ·
    recto"), so card stamps are counted apart from the label. (Text read with pdfium, which is
    much faster than pypdf and also reads the text inside form XObjects.)"""
    kit = kits[name]
    assert stamp.startswith("Green Jersey v0.6")
    for sheet in range(kit.sheets):
        f = kit.front_index(sheet)
        front, back = kit.text(f), kit.text(f + 1)
        labels_front = front.count(f"{stamp} · ")
        labels_back = back.count(f"{stamp} · ")
        assert labels_front == 1 and labels_back == 1, f"{name} sheet {sheet + 1}: one sheet label per page"
        on_front, on_back = front.count(stamp) - labels_front, back.count(stamp) - labels_back
        cards = kit.cards_on_sheet(sheet)
        assert on_front == cards, f"{name} sheet {sheet + 1} front: {on_front} stamps for {cards} cards"
        assert on_back == 0, f"{name} sheet {sheet + 1}: {on_back} stamps on the back"
        assert "recto" in front and "verso" in back


# --------------------------------------------------------------------------------------------
# 8. Crop marks never cross a card


def _ring(grid: Grid) -> list[tuple[int, int, int, int]]:
    """The four strips of the gap between the crop marks and the bleed (1 px in from each side)."""
    x0, y0 = grid.x0 * PX, grid.y0 * PX
    x1, y1 = (grid.x0 + grid.cols * grid.cell_w) * PX, (grid.y0 + grid.rows * grid.cell_h) * PX
    g = MARK_GAP * PX
    return [_box(x0 - g, y0 - g + 1, x1 + g, y0 - 1), _box(x0 - g, y1 + 1, x1 + g, y1 + g - 1),
            _box(x0 - g + 1, y0 - g, x0 - 1, y1 + g), _box(x1 + 1, y0 - g, x1 + g - 1, y1 + g)]


@pytest.mark.parametrize("name", ["a4", "mini", "letter-60x90"])
def test_crop_marks_stop_short_of_the_bleed(kits: Kits, name: str) -> None:
    """Every mark runs from the printer margin (or the band kept for the label or the calibration
    line) to 1 mm before the bleed, and the gap between the marks and the cards is blank: no mark
    reaches into a card. Page 1 has every mark too: the calibration line takes none away."""
    kit = kits[name]
    grid, m = kit.grid, kit.spec.margin
    for index in (0, 1):
        img = _gray(kit.image(index))
        for box in _ring(grid):
            low, _ = img.crop(box).getextrema()
            assert low >= 240, f"{name} page {index + 1}: ink in the gap between marks and bleed {box}"
        top, bottom = grid.y0 - MARK_GAP, grid.y0 + grid.rows * grid.cell_h + MARK_GAP
        left, right = grid.x0 - MARK_GAP, grid.x0 + grid.cols * grid.cell_w + MARK_GAP
        for x in grid.cuts_x():
            col = int(x * PX)
            for y in ((m + grid.band) * PX + 2, top * PX - 2, bottom * PX + 2, (grid.page_h - m - grid.foot) * PX - 2):
                assert img.getpixel((col, int(y))) < 128, f"{name}: mark at x={x:.2f} mm missing at y={y / PX:.2f}"
        for y in grid.cuts_y():
            row = int(y * PX)
            for x in ((m + grid.left) * PX + 2, left * PX - 2, right * PX + 2, (grid.page_w - m - grid.right) * PX - 2):
                assert img.getpixel((int(x), row)) < 128, f"{name}: mark at y={y:.2f} mm missing at x={x / PX:.2f}"


@pytest.mark.parametrize("name", ["a4", "mini", "letter-60x90"])
def test_no_mark_inside_any_back_cell(kits: Kits, name: str) -> None:
    """On a back page the edge of every cell (its bleed and trim, up to the white frame) is only
    the two greens of the back: a crop mark crossing a card would show there as dark pixels."""
    kit = kits[name]
    grid = kit.grid
    img = kit.image(1)
    strip = 5.0 * PX
    for r in range(grid.rows):
        for c in range(grid.cols):
            x, y = (v * PX for v in grid.cell(r, c))
            x1, y1 = x + grid.cell_w * PX, y + grid.cell_h * PX
            for box in (_box(x + 1, y + 1, x1 - 1, y + strip), _box(x + 1, y1 - strip, x1 - 1, y1 - 1),
                        _box(x + 1, y + 1, x + strip, y1 - 1), _box(x1 - strip, y + 1, x1 - 1, y1 - 1)):
                crop = img.crop(box)
                low, _ = crop.getchannel("G").getextrema()
                assert low >= 80, f"{name} back cell ({r}, {c}): dark pixels (a mark?) in {box}"
                assert green_mask(crop).getextrema() == (255, 255), f"{name} back cell ({r}, {c}) not all green"


@pytest.mark.parametrize("name", [
    "a4", "mini", "letter-60x90"])
def test_nothing_is_printed_in_the_printer_margin(kits: Kits, name: str) -> None:
    kit = kits[name]
    m = kit.spec.margin * PX
    for index in (0, 1):
        img = _gray(kit.image(index))
        w, h = img.size
        for box in (_box(0, 0, w, m - 1), _box(0, kit.grid.page_h * PX - m + 1, w, h),
                    _box(0, 0, m - 1, h), _box(kit.page_w_px - m + 1, 0, w, h)):
            low, _ = img.crop(box).getextrema()
            assert low >= 240, f"{name} page {index + 1}: ink within {kit.spec.margin} mm of the edge, in {box}"


def test_blocks_set_side_by_side_share_the_largest_size_that_fits_them_all() -> None:
    from pnp.layout import text as textfit

    short, long = "Short.", " ".join(["A longer text that needs several lines"] * 4)
    box = textfit.Box(0, 0, 60, 20, 11.0, 6.0)
    alone = textfit.common_size([(short, box)], "sans")
    both = textfit.common_size([(short, box), (long, box)], "sans")
    assert alone == 11.0 and 6.0 <= both < 11.0
    # at that size the longer text fits without being shrunk further
    fitted = textfit.fit(long, textfit.Box(0, 0, 60, 20, both, 6.0), "sans")
    assert {t.size for t in fitted} == {both}


def test_a_line_never_starts_with_french_punctuation() -> None:
    from pnp.layout import text as textfit

    text = "Qui gagne le maillot ? Le premier : celui qui « attaque » ; 100 % des points !"
    for width in range(8, 60, 3):
        for line in textfit.wrap(text, "sans", 9, width):
            assert not line.startswith(("?", ":", ";", "!", "»", "%")), (width, line)
            assert not line.endswith("«"), (width, line)


def test_a_part_filled_sheet_has_crop_marks_for_its_rows_only() -> None:
    import dataclasses

    from pnp.layout.imposition import crop_marks

    grid = plan(PrintSpec(paper("a4"), card_size("poker")))
    full = crop_marks(grid, 5.0)
    one_row = crop_marks(dataclasses.replace(grid, rows=1), 5.0, part_filled=True)
    lowest = max(max(m.y1, m.y2) for m in one_row)
    assert len(one_row) < len(full)
    assert lowest <= grid.y0 + grid.cell_h + MARK_GAP + MARK_MAX + 1e-6


# --------------------------------------------------------------------------------------------
# 9. Every sheet of every game, read from its scene: all its crop marks, and the label and the
#    calibration line where they take none away


GAMES = ["green-jersey", "maillot-jaune", "tour-de-france-mb", "tour-de-france-quiz", "flamme-rouge-variants"]
EPS = 1e-6


def _apply(t: tuple, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = t
    return a * x + c * y + e, b * x + d * y + f


def _bbox(t: tuple, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
    pts = [_apply(t, x, y) for x in (x0, x1) for y in (y0, y1)]
    return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


def page_parts(scene) -> dict[str, list]:
    """The items of a sheet, resolved to page coordinates: 'cards' (boxes), 'marks' (lines with
    the crop-mark style), 'rulers' (other lines: the calibration line and its ticks, as segments)
    and 'texts' (ink boxes: the label and the calibration note)."""
    from pnp.layout.imposition import ASCENT, DESCENT, MARK_STYLE
    from pnp.layout.scene import IDENTITY, Group, Line, Text, Use, compose
    from pnp.layout.text import fonts

    parts: dict[str, list] = {"cards": [], "marks": [], "rulers": [], "texts": [], "art": []}

    def walk(items, t) -> None:
        for item in items:
            if isinstance(item, Use):
                parts["cards"].append(_bbox(compose(t, item.transform), 0, 0, item.symbol.width, item.symbol.height))
            elif isinstance(item, Group) and item.clip is not None:
                clip = item.clip
                box = (clip.x, clip.y, clip.x + clip.w, clip.y + clip.h)
                parts["cards"].append(_bbox(compose(t, item.transform), *box))
            elif isinstance(item, Group) and item.id == "foot-art":  # how to fold standees, under them
                parts["art"].append(item)
            elif isinstance(item, Group):  # a one-off card drawn in place, a moved back, a turned text
                if item.id != "draft-watermark":
                    walk(item.items, compose(t, item.transform))
            elif isinstance(item, Line):
                p1, p2 = _apply(t, item.x1, item.y1), _apply(t, item.x2, item.y2)
                (parts["marks"] if item.style == MARK_STYLE else parts["rulers"]).append((p1, p2, item.style.width))
            elif isinstance(item, Text):
                em = item.size * fonts.PT
                ink = (item.x, item.y - ASCENT * em, item.x + item.width, item.y + DESCENT * em)
                parts["texts"].append((_bbox(t, *ink), item.text))
            else:
                raise AssertionError(f"{type(item).__name__} at the top of a sheet")

    walk(scene.items, IDENTITY)
    return parts


def _overlap(a: tuple, b: tuple, pad: float = 0.0) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def _segment_box(seg) -> tuple[float, float, float, float]:
    (x1, y1), (x2, y2), w = seg
    return min(x1, x2) - w / 2, min(y1, y2) - w / 2, max(x1, x2) + w / 2, max(y1, y2) + w / 2


def check_sheet(scene, grid: Grid, margin: float, where: str, front: bool, dx: float = 0.0, dy: float = 0.0) -> dict:
    """Every crop mark of a sheet is there (each cut line of the rows it fills, at both ends), at
    least MARK_MIN long, in the printable area, outside the cards and their gap; every text and line
    that is no mark stays in the printable area, off the cards and clear of every mark."""
    from pnp.layout.imposition import MARK_MIN

    parts = page_parts(scene)
    cards = parts["cards"]
    assert cards, f"{where}: no card"
    # a back sheet moved by --back-offset: read it in the sheet's own frame
    shift = (lambda b: (b[0] - dx, b[1] - dy, b[2] - dx, b[3] - dy))
    boxes = [shift(b) for b in cards]
    marks = [(((x1 - dx), (y1 - dy)), ((x2 - dx), (y2 - dy)), w) for (x1, y1), (x2, y2), w in parts["marks"]]
    rows = {round((b[1] - grid.y0) / grid.cell_h) for b in boxes}
    assert rows == set(range(len(rows))), f"{where}: cards in rows {sorted(rows)}"
    filled = replace(grid, rows=len(rows))
    top, bottom = grid.y0 - MARK_GAP, filled.y0 + filled.rows * filled.cell_h + MARK_GAP
    left, right = grid.x0 - MARK_GAP, grid.x0 + grid.cols * grid.cell_w + MARK_GAP
    found = {"top": [], "bottom": [], "left": [], "right": []}
    for seg in marks:
        (x1, y1), (x2, y2), _ = seg
        length = math.hypot(x2 - x1, y2 - y1)
        assert length >= MARK_MIN - EPS, f"{where}: a crop mark {length:.2f} mm long"
        assert min(x1, x2) >= margin - EPS and max(x1, x2) <= grid.page_w - margin + EPS, f"{where}: mark {seg}"
        assert min(y1, y2) >= margin - EPS and max(y1, y2) <= grid.page_h - margin + EPS, f"{where}: mark {seg}"
        if abs(x1 - x2) < EPS:
            side = "top" if max(y1, y2) <= top + EPS else "bottom" if min(y1, y2) >= bottom - EPS else None
            found[side or "stray"] = found.get(side or "stray", []) + [round(x1, 6)]
        elif abs(y1 - y2) < EPS:
            side = "left" if max(x1, x2) <= left + EPS else "right" if min(x1, x2) >= right - EPS else None
            found[side or "stray"] = found.get(side or "stray", []) + [round(y1, 6)]
        else:
            raise AssertionError(f"{where}: a slanted crop mark {seg}")
    assert "stray" not in found, f"{where}: marks inside the cards' block at {found.get('stray')}"
    xs, ys = sorted(round(x, 6) for x in grid.cuts_x()), sorted(round(y, 6) for y in filled.cuts_y())
    for side, want in (("top", xs), ("bottom", xs), ("left", ys), ("right", ys)):
        assert sorted(found[side]) == want, f"{where}: {side} crop marks at {sorted(found[side])}, cuts at {want}"
    assert len(marks) == 2 * len(xs) + 2 * len(ys)
    block = (grid.x0 - MARK_GAP, grid.y0 - MARK_GAP, right, bottom)  # the cards the sheet holds, and their gap
    others = [(shift(box), text) for box, text in parts["texts"]] + \
             [(shift(_segment_box(seg)), "a line") for seg in parts["rulers"]]
    for box, what in others:
        assert box[0] >= margin - EPS and box[1] >= margin - EPS and box[2] <= grid.page_w - margin + EPS and \
            box[3] <= grid.page_h - margin + EPS, f"{where}: {what!r} outside the printable area: {box}"
        assert not _overlap(box, block), f"{where}: {what!r} over the cards: {box}"
        for seg in marks:
            assert not _overlap(box, _segment_box(seg), pad=0.3), f"{where}: {what!r} touches a crop mark {seg}"
    return parts


def calibration_lines(parts: dict) -> list:
    """The 50 mm lines of a sheet (the calibration line), each with its two end ticks."""
    out = []
    for seg in parts["rulers"]:
        (x1, y1), (x2, y2), _ = seg
        if abs(math.hypot(x2 - x1, y2 - y1) - 50.0) < 1e-9:
            ticks = [s for s in parts["rulers"] if s is not seg and
                     any(math.hypot(px - (s[0][0] + s[1][0]) / 2, py - (s[0][1] + s[1][1]) / 2) < 1e-9
                         for px, py in ((x1, y1), (x2, y2)))]
            out.append((seg, ticks))
    return out


def _sheets_of(game: str, paper_name: str, **options):
    """(document, section, page scene, index in the section, its grid, front or back) for every
    sheet of the kit; the "grid" of a page of ganged pieces is its GangSheet."""
    from pnp.build import kit_plan

    model = load_game(ROOT / "data" / game)
    kit, problems = kit_plan(model, BuildOptions(out=Path("/nonexistent"), paper=paper_name, **options))
    assert not problems, problems
    for doc in kit.documents():
        scenes = iter(kit.doc_pages(doc))
        for section in doc.sections:
            if section.gang is not None:
                i = 0
                for sheet in section.gang.sheets:
                    for front in (True, False)[:sheet.pages]:
                        yield doc, section, next(scenes), i, sheet, front
                        i += 1
                continue
            for i in range(section.pages):
                front = not section.spec.duplex or i % 2 == 0
                yield doc, section, next(scenes), i, sheet_grid(section.spec, section.kind == "standees")[0], front
        assert next(scenes, None) is None


def check_gang_sheet(scene, sheet, spec: PrintSpec, where: str, front: bool, dx: float = 0.0,
                     dy: float = 0.0) -> dict:
    """A sheet of ganged pieces: every piece in a cell of its block (on a back, the mirrored block of
    the pieces that have a back); every cut of every block with its crop mark at both ends, each at
    least MARK_MIN long, in the printable area and off every block; every text and other line in
    the printable area, off the blocks and clear of every mark."""
    from pnp.layout.imposition import MARK_MIN

    parts = page_parts(scene)
    pw, ph, margin = spec.paper.w, spec.paper.h, spec.margin
    shift = (lambda b: (b[0] - dx, b[1] - dy, b[2] - dx, b[3] - dy))
    blocks = [b for b in sheet.blocks if not b.art and (front or b.duplex)]
    if not front:
        blocks = [replace(b, grid=replace(b.grid, x0=pw - b.x0 - b.width)) for b in blocks]
    areas = [(b.x0, b.y0, b.x0 + b.width, b.y0 + b.height) for b in blocks]
    cells = [b.grid.cell(r, c) for b in blocks for r in range(b.grid.rows) for c in range(b.grid.cols)]
    boxes = [shift(box) for box in parts["cards"]]
    assert len(boxes) == sum(b.count for b in blocks), f"{where}: {len(boxes)} pieces"
    for box in boxes:
        assert any(abs(box[0] - x) < EPS and abs(box[1] - y) < EPS for x, y in cells), f"{where}: a piece at {box}"
    marks = [(((x1 - dx), (y1 - dy)), ((x2 - dx), (y2 - dy)), w) for (x1, y1), (x2, y2), w in parts["marks"]]
    for seg in marks:
        (x1, y1), (x2, y2), _ = seg
        assert math.hypot(x2 - x1, y2 - y1) >= MARK_MIN - EPS, f"{where}: a crop mark too short {seg}"
        assert abs(x1 - x2) < EPS or abs(y1 - y2) < EPS, f"{where}: a slanted crop mark {seg}"
        assert min(x1, x2) >= margin - EPS and max(x1, x2) <= pw - margin + EPS, f"{where}: mark {seg}"
        assert min(y1, y2) >= margin - EPS and max(y1, y2) <= ph - margin + EPS, f"{where}: mark {seg}"
        for area in areas:
            near = (area[0] - MARK_GAP + 0.01, area[1] - MARK_GAP + 0.01, area[2] + MARK_GAP - 0.01,
                    area[3] + MARK_GAP - 0.01)
            assert not _overlap(_segment_box((seg[0], seg[1], 0.0)), near), f"{where}: a mark on a block {seg}"
    for b in blocks:
        bottom = b.y0 + b.height
        for x in b.grid.cuts_x():
            ends = [seg for seg in marks if abs(seg[0][0] - x) < EPS and abs(seg[1][0] - x) < EPS]
            assert any(max(s[0][1], s[1][1]) <= b.y0 and max(s[0][1], s[1][1]) >= b.y0 - MARK_GAP - EPS
                       for s in ends), f"{where}: no mark above the cut x={x:.2f}"
            assert any(min(s[0][1], s[1][1]) >= bottom and min(s[0][1], s[1][1]) <= bottom + MARK_GAP + EPS
                       for s in ends), f"{where}: no mark below the cut x={x:.2f}"
        for y in b.grid.cuts_y():
            ends = [seg for seg in marks if abs(seg[0][1] - y) < EPS and abs(seg[1][1] - y) < EPS]
            assert any(abs(max(s[0][0], s[1][0]) - (b.x0 - MARK_GAP)) < EPS for s in ends), f"{where}: left y={y}"
            assert any(abs(min(s[0][0], s[1][0]) - (b.x0 + b.width + MARK_GAP)) < EPS for s in ends), \
                f"{where}: no mark right of the cut y={y:.2f}"
    others = [(shift(box), text) for box, text in parts["texts"]] + \
             [(shift(_segment_box(seg)), "a line") for seg in parts["rulers"]]
    for box, what in others:
        assert box[0] >= margin - EPS and box[1] >= margin - EPS and box[2] <= pw - margin + EPS and \
            box[3] <= ph - margin + EPS, f"{where}: {what!r} outside the printable area: {box}"
        for area in areas:
            assert not _overlap(box, area), f"{where}: {what!r} over the pieces: {box}"
        for seg in marks:
            assert not _overlap(box, _segment_box(seg), pad=0.3), f"{where}: {what!r} touches a crop mark {seg}"
    return parts


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_has_all_its_crop_marks(game: str, paper_name: str) -> None:
    """cards.pdf and pieces.pdf of every game, on both papers: each front and back sheet has every
    crop mark of the rows it fills (counted from its scene), none crossed by the sheet label or the
    calibration line; the first page of each file has exactly one 50 mm line, in the printable
    area, with its two end ticks; no other page has one."""
    seen = set()
    for doc, section, scene, i, grid, front in _sheets_of(game, paper_name):
        where = f"{game} {paper_name} {doc.name} {section.what!r} page {i + 1} ({'front' if front else 'back'})"
        if section.gang is not None:
            parts = check_gang_sheet(scene, grid, section.spec, where, front)
        else:
            parts = check_sheet(scene, grid, section.spec.margin, where, front)
        lines = calibration_lines(parts)
        first = doc.name not in seen
        seen.add(doc.name)
        if first:
            assert len(lines) == 1, f"{where}: {len(lines)} calibration lines"
            _, ticks = lines[0]
            assert len(ticks) == 2, f"{where}: the calibration line has {len(ticks)} end ticks"
            assert any(text.startswith("Ce trait mesure 50 mm") for _, text in parts["texts"]), where
        else:
            assert not lines, f"{where}: a calibration line after the first page"
    assert seen, f"{game}: no sheets"


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "standard", "bridge", "euro", "mini", "tarot", "60x90"])
def test_every_card_size_has_complete_marks_and_a_calibration_line(size: str, paper_name: str) -> None:
    """The card sizes of --card-size, on both papers: the first sheet of cards.pdf (Green Jersey)
    has all its marks and its 50 mm line, and so does its back (without the line)."""
    sheets = [s for s in _sheets_of("green-jersey", paper_name, card_size=size) if s[0].name == "cards.pdf"][:2]
    for doc, section, scene, i, grid, _ in sheets:
        parts = check_sheet(scene, grid, section.spec.margin, f"{size} {paper_name} page {i + 1}", i == 0)
        assert len(calibration_lines(parts)) == (1 if i == 0 else 0)


def test_a_back_offset_moves_the_marks_and_the_label_with_the_backs() -> None:
    """With --back-offset 1,0.5 every back sheet is its own sheet moved 1 mm right and 0.5 mm down
    (as seen on the back): its marks are all there, 1 mm right and 0.5 mm down; fronts do not move."""
    plain = list(_sheets_of("green-jersey", "a4"))
    moved = list(_sheets_of("green-jersey", "a4", back_offset=(1.0, 0.5)))
    backs = 0
    for (doc, section, scene, i, grid, front), (_, _, shifted, _, _, _) in zip(plain, moved, strict=True):
        if front:
            assert shifted == scene, f"{doc.name} page {i + 1} moved"
            continue
        backs += 1
        where = f"{doc.name} back {i + 1} moved"
        if section.gang is not None:
            check_gang_sheet(shifted, grid, section.spec, where, False, 1.0, 0.5)
        else:
            check_sheet(shifted, grid, section.spec.margin, where, False, 1.0, 0.5)
        before, after = page_parts(scene), page_parts(shifted)
        for key in ("marks", "rulers"):
            for (p1, p2, _), (q1, q2, _) in zip(before[key], after[key], strict=True):
                assert (round(q1[0] - p1[0], 9), round(q1[1] - p1[1], 9)) == (1.0, 0.5)
                assert (round(q2[0] - p2[0], 9), round(q2[1] - p2[1], 9)) == (1.0, 0.5)
        for (a, _), (b, _) in zip(before["texts"], after["texts"], strict=True):
            assert (round(b[0] - a[0], 9), round(b[1] - a[1], 9)) == (1.0, 0.5)
    assert backs >= 7
