"""Ganging: small pieces of different kinds share sheets (pnp.layout.ganging, pnp.layout.kit.ganged).

The crop marks of every ganged sheet of every kit are checked with the other sheets in
test_sheets.py (check_gang_sheet); here: how pieces are packed, which pieces share sheets, and
what it saves.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pnp.build import BuildOptions, kit_plan
from pnp.layout.ganging import GUTTER, Kind, pack
from pnp.layout.imposition import plan
from pnp.layout.kit import STOCKS
from pnp.layout.paper import PrintSpec, Size, paper
from pnp.model import load_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["green-jersey", "maillot-jaune", "tour-de-france-mb", "tour-de-france-quiz", "flamme-rouge-variants"]
A4 = PrintSpec(paper("a4"), paper("a4"))


def _kind(name: str, w: float, h: float, count: int, duplex: bool = True) -> Kind:
    return Kind(name, Size(name, w, h), count, duplex)


def test_kinds_of_different_sizes_share_a_sheet_in_blocks_with_gutters() -> None:
    sheets = pack([_kind("tokens", 25, 25, 4), _kind("aids", 70, 120, 2), _kind("needles", 20, 32, 9, False)], A4)
    assert len(sheets) == 1
    blocks = sheets[0].blocks
    assert [b.kind for b in blocks] == [0, 1, 2]
    for above, below in zip(blocks, blocks[1:]):
        assert below.y0 - (above.y0 + above.height) == pytest.approx(GUTTER)
    for b in blocks:  # centred across the page
        assert b.x0 == pytest.approx((A4.paper.w - b.width) / 2)
    assert sheets[0].duplex  # the tokens and aids have a back: so has the sheet


def test_rows_are_as_full_as_can_be() -> None:
    (sheet,) = pack([_kind("tokens", 14, 14, 28)], A4)
    (block,) = sheet.blocks
    assert (block.grid.cols, block.grid.rows) == (7, 4)  # not 9 + 9 + 9 + 1


def test_a_kind_runs_on_to_the_next_sheet_and_a_later_kind_fills_the_room_left() -> None:
    sheets = pack([_kind("aids", 70, 120, 6), _kind("tokens", 25, 25, 18)], A4)
    assert len(sheets) == 2
    assert [(b.kind, b.count) for b in sheets[0].blocks] == [(0, 4)]
    assert [(b.kind, b.count) for b in sheets[1].blocks] == [(0, 2), (1, 18)]


def test_a_kind_is_turned_when_it_takes_less_height_that_way() -> None:
    (sheet,) = pack([_kind("needles", 20, 32, 9)], A4)
    (block,) = sheet.blocks
    assert block.grid.rotated and (block.grid.cell_w, block.grid.cell_h) == pytest.approx((38, 26))


def test_a_kind_too_large_for_the_paper_is_an_error() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        pack([_kind("mat", 300, 400, 1)], A4)


def test_the_fold_diagram_goes_under_its_standees_when_there_is_room() -> None:
    fold = lambda x, y, w, h: []  # noqa: E731
    strips = Kind("figurines", Size("standee", 24, 104), 6, False, fold)
    (sheet,) = pack([_kind("tokens", 25, 25, 6), strips], A4)
    art = [b for b in sheet.blocks if b.art]
    assert len(art) == 1 and art[0].kind == 1
    assert not sheet.duplex or any(b.duplex for b in sheet.blocks if not b.art)


def test_every_piece_is_placed_once() -> None:
    kinds = [_kind("a", 25, 25, 44), _kind("b", 36, 22, 18), _kind("c", 30, 60, 6), _kind("d", 186, 62, 1),
             _kind("e", 120, 120, 1)]
    sheets = pack(kinds, A4)
    for k, kind in enumerate(kinds):
        blocks = [b for s in sheets for b in s.blocks if b.kind == k and not b.art]
        assert sum(b.count for b in blocks) == kind.count
        assert [b.first for b in blocks] == [sum(x.count for x in blocks[:i]) for i in range(len(blocks))]
        for b in blocks:
            assert b.grid.rows == math.ceil(b.count / b.grid.cols)
    for sheet in sheets:  # inside the printable area, below the label band, above the foot band
        for b in sheet.blocks:
            assert b.x0 >= A4.margin and b.x0 + b.width <= A4.paper.w - A4.margin
            assert b.y0 >= A4.margin + 4 and b.y0 + b.height <= A4.paper.h - A4.margin - 3.5


def _plan(game: str, paper_name: str = "a4"):
    kit, problems = kit_plan(load_game(ROOT / "data" / game), BuildOptions(out=Path("/nonexistent"),
                                                                           paper=paper_name))
    assert not problems, problems
    return kit


def _unganged_sheets(section) -> int:
    members = section.gang.members if section.gang is not None else (section,)
    return sum(math.ceil(m.count / plan(m.spec).slots) for m in members)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_ganging_never_costs_paper_and_a_gang_prints_on_one_paper(game: str, paper_name: str) -> None:
    pieces = next(d for d in _plan(game, paper_name).documents() if d.name == "pieces.pdf")
    for section in pieces.sections:
        if section.gang is None:
            continue
        assert len(section.gang.sheets) <= _unganged_sheets(section), section.what
        assert section.stock in STOCKS
        assert len(section.gang.members) >= 2


def test_the_four_maillot_jaune_tokens_share_a_sheet() -> None:
    """The issue's example: four tokens took two pages of their own."""
    pieces = next(d for d in _plan("maillot-jaune").documents() if d.name == "pieces.pdf")
    gang = next(s for s in pieces.sections if s.gang is not None)
    kinds = [k.name for k in gang.gang.kinds]
    first = [kinds[k] for k in gang.gang.sheets[0].kinds()]
    assert "jetons" in first and len(first) > 1


def test_mb_figures_do_not_take_a_sheet_for_two() -> None:
    pieces = next(d for d in _plan("tour-de-france-mb").documents() if d.name == "pieces.pdf")
    gang = next(s for s in pieces.sections if s.gang is not None)
    figures = [k for k, kind in enumerate(gang.gang.kinds) if kind.name == "figurines"]
    per_sheet = [sum(b.count for b in sheet.blocks if b.kind in figures and not b.art) for sheet in gang.gang.sheets]
    assert sum(per_sheet) == 14 and min(n for n in per_sheet if n) > 2


@pytest.mark.parametrize("game,before,after", [
    ("green-jersey", 7, 5), ("maillot-jaune", 10, 7), ("tour-de-france-mb", 7, 6),
    ("tour-de-france-quiz", 5, 4), ("flamme-rouge-variants", 19, 13)])
def test_pages_of_pieces_per_kit(game: str, before: int, after: int) -> None:
    """pieces.pdf, French A4: the pages it had with a sheet per kind of piece, and now."""
    pieces = next(d for d in _plan(game).documents() if d.name == "pieces.pdf")
    unganged = sum(m.pages for s in pieces.sections for m in (s.gang.members if s.gang else (s,)))
    assert (unganged, pieces.pages) == (before, after)


def test_the_duplex_pages_of_a_gang_are_its_sheets_with_a_back() -> None:
    pieces = next(d for d in _plan("maillot-jaune").documents() if d.name == "pieces.pdf")
    gang = next(s for s in pieces.sections if s.gang is not None)
    assert [(pages, duplex) for pages, duplex, _ in gang.runs()] == [(2, True), (1, False)]
    first, second = (names for _, _, names in gang.runs())
    assert "jetons" in first and "jetons" not in second  # each run names what its sheets hold
    assert pieces.duplex_pages[0] == (1, 2)
