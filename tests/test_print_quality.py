"""What a publisher checks on every page of every kit, read back from the PDFs: nothing a player
reads is set below 6 pt, French numbers follow French typography (1er, 2e, 6,6), the cover is a
real first page, and standee sheets say how to fold them."""

from __future__ import annotations

import ctypes
import math
import re
from pathlib import Path

import pytest

from pnp.layout.text import READABLE_PT
from pnp.paths import data_dir

from kit_helpers import pdfium_text

GAMES = sorted(p.name for p in data_dir().iterdir() if (p / "game.yaml").is_file())


def _chars(pdf: Path, pages: range | None = None):
    """(page, printed size in pt, scale, char) of every character of ``pdf``: its font size times
    the scale of its text matrix, and that scale (a picture drawn smaller has a smaller one)."""
    import pypdfium2
    import pypdfium2.raw as raw

    doc = pypdfium2.PdfDocument(str(pdf))
    for i in pages if pages is not None else range(len(doc)):
        textpage = doc[i].get_textpage()
        for c in range(textpage.count_chars()):
            m = raw.FS_MATRIX()
            raw.FPDFText_GetMatrix(textpage, c, ctypes.byref(m))
            scale = math.hypot(m.c, m.d)
            size = raw.FPDFText_GetFontSize(textpage, c) * scale
            yield i + 1, size, round(scale, 2), chr(raw.FPDFText_GetUnicode(textpage, c))


def _too_small(pdf: Path, pages: range | None = None) -> list[str]:
    """The runs of text set below READABLE_PT at the page's own scale, the largest on the page (a
    smaller scale is a picture of a component, e.g. the cover's art or a board's assembly map: its
    text is checked on the component itself)."""
    chars = list(_chars(pdf, pages))
    dominant: dict[int, float] = {}
    for page in {c[0] for c in chars}:
        dominant[page] = max(c[2] for c in chars if c[0] == page)  # pictures are drawn smaller, never larger
    runs, out, last = [], [], None
    for page, size, scale, ch in chars:
        small = scale >= 0.95 * dominant[page] and size < READABLE_PT - 0.05 and not ch.isspace()
        if small and last is not None and last[0] == page and abs(last[1] - size) < 0.05:
            last[2] += ch
        elif small:
            last = [page, size, ch]
            runs.append(last)
        else:
            last = None if not ch.isspace() else last
    for page, size, text in runs:
        out.append(f"{pdf.parent.parent.name}/{pdf.parent.name}/{pdf.name} p{page}: {size:.1f} pt {text[:40]!r}")
    return out


@pytest.mark.parametrize("game", GAMES)
def test_nothing_a_player_reads_is_below_6_pt(every_kit: list[Path], game: str) -> None:
    problems = []
    for paper in every_kit:
        for kit in sorted((paper / game).iterdir()):
            for pdf in sorted(kit.glob("*.pdf")):
                if pdf.name in ("kit.pdf", "rulebook.pdf", "designer.pdf"):
                    continue  # kit.pdf is made of the others; the rulebook's figures are pictures
                problems += _too_small(pdf)
            problems += _too_small(kit / "kit.pdf", range(1))  # the cover
    assert not problems, f"{len(problems)} runs of text below {READABLE_PT} pt:\n" + "\n".join(problems[:40])


_text = pdfium_text


FRENCH_FIRST = re.compile(r"(?<![\w.])1e(?![\w])")
POINT_DECIMAL = re.compile(r"(?<![\w.·/-])(?<!v)\d+\.\d+(?![\w.])")


@pytest.mark.parametrize("game", GAMES)
def test_french_numbers_are_set_the_french_way(every_kit: list[Path], game: str) -> None:
    kit = every_kit[0] / game / "fr"
    for pdf in ("kit.pdf", "designer.pdf"):
        if pdf == "designer.pdf":
            continue  # the designer's report is in English
        text = _text(kit / pdf)
        assert not FRENCH_FIRST.findall(text), f"{game}: '1e' instead of 1er/1re in {pdf}"
        # a version number keeps its point ("v0.6", "version 0.6")
        decimals = sorted({m.group() for m in POINT_DECIMAL.finditer(text)
                           if not re.search(r"version\s$", text[max(0, m.start() - 8):m.start()], re.I)})
        assert not decimals, f"{game}: decimal points in French text of {pdf}: {decimals}"


@pytest.mark.parametrize("game", GAMES)
def test_the_cover_is_a_real_first_page(every_kit: list[Path], game: str) -> None:
    from pnp.model import load_game

    model = load_game(data_dir() / game)
    for paper in every_kit:
        kit = paper / game / "fr"
        import pypdfium2

        cover = pypdfium2.PdfDocument(str(kit / "kit.pdf"))[0].get_textpage().get_text_range()
        cover = " ".join(cover.replace("\u00a0", " ").split())
        lines = [ln for ln in _text(kit / "kit.pdf").split("\n")[:3]]
        assert lines[0].strip() == model.info.title, f"{game} {paper.name}: the title breaks: {lines[:2]}"
        for heading in ("Kit à imprimer et à jouer", "Contenu et impression", "Dans ce kit", "Outils",
                        "Assemblage", "Crédits"):
            assert heading in cover, f"{game} {paper.name}: the cover has no '{heading}'"
        for author in model.info.authors:
            assert author.replace("'", "’") in cover or author in cover
        for deck in model.decks:
            assert f"{deck.size} × {deck.name}".replace("'", "’") in cover, f"{game}: no count of {deck.id}"
        assert "g/m²" in cover, f"{game}: the cover does not say what paper to print on"
        assert f"Kit version {model.info.version}" in cover


def test_standee_sheets_show_how_to_fold_and_bleed_past_the_cut(every_kit: list[Path]) -> None:
    """Green Jersey's figures: the fold diagram's four captions under the strips, and the figure's
    colour on both sides of the cut (the strip's bleed)."""
    import pypdfium2

    kit = every_kit[0] / "green-jersey" / "fr"
    doc = pypdfium2.PdfDocument(str(kit / "pieces.pdf"))
    page = next(i for i in range(len(doc)) if "figurines" in doc[i].get_textpage().get_text_range())
    text = doc[page].get_textpage().get_text_range()
    for caption in ("1. Découpez", "2. Pliez", "3. Collez", "4. Ouvrez"):
        assert caption in text
    from pnp.build import BuildOptions, kit_plan
    from pnp.layout.imposition import sheet_grid
    from pnp.model import load_game

    plan, _ = kit_plan(load_game(data_dir() / "green-jersey"), BuildOptions(out=Path("/nonexistent")))
    section = next(s for d in plan.documents() for s in d.sections if s.kind == "standees")
    grid, room = sheet_grid(section.spec, with_foot_art=True)
    assert room is not None
    image = doc[page].render(scale=300 / 72).to_pil().convert("RGB")
    px = 300 / 25.4
    x_cut = grid.x0 + grid.bleed  # the left cut of the first strip
    y = grid.y0 + grid.bleed + 12.0 + 40.0 + 20.0  # in the middle of its front panel
    outside = image.getpixel((round((x_cut - 1.5) * px), round(y * px)))
    assert outside != (255, 255, 255), "the strip's art stops at the cut: no bleed"
