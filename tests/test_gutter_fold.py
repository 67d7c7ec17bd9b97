"""pnp build --gutter-fold: fronts on one half of each page, their backs on the other, so that
folding along the gutter puts every back behind its own front."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from pnp.layout.cards import CardArt
from pnp.layout.gutter import back_transform, halves, settle
from pnp.layout.imposition import MARK_STYLE, SheetTexts, plan, sheets
from pnp.layout.paper import PrintSpec, Size, card_size, paper
from pnp.layout.scene import Group, Line, Rect, Style, Symbol, Use, apply, compose
from renderers import ghostscript_messages, poppler_messages

TEXTS = SheetTexts(label=lambda page, total, side: f"sheet {page}/{total} {side}", calibration="50 mm")


def _arts(card: Size, count: int, bleed: float = 3.0) -> list[CardArt]:
    """``count`` pieces, each with a back of its own (so a back names its front)."""
    w, h = card.w + 2 * bleed, card.h + 2 * bleed
    out = []
    for n in range(count):
        front = Symbol(f"front-{n}", w, h, (Rect(0, 0, w, h, Style(fill="#D1262F")),))
        back = Symbol(f"back-{n}", w, h, (Rect(0, 0, w, h, Style(fill="#1F57A8")),))
        out.append(CardArt(f"deck/{n}", front, back, True))
    return out


def _placed(items, transform=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0), inside=""):
    """(key, group the piece is in, box on the page, transform) of every piece (a Use) on a page."""
    for item in items:
        if isinstance(item, Group):
            yield from _placed(item.items, compose(transform, item.transform), item.id or inside)
        elif isinstance(item, Use):
            t = compose(transform, item.transform)
            corners = [apply(t, x, y) for x in (0, item.symbol.width) for y in (0, item.symbol.height)]
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            yield item.symbol.key, inside, (min(xs), min(ys), max(xs), max(ys)), t


def _marks(items, transform=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0), inside=""):
    """(group, segment on the page) of every crop mark."""
    for item in items:
        if isinstance(item, Group):
            yield from _marks(item.items, compose(transform, item.transform), item.id or inside)
        elif isinstance(item, Line) and item.style == MARK_STYLE:
            a, b = apply(transform, item.x1, item.y1), apply(transform, item.x2, item.y2)
            yield inside, tuple(round(v, 6) for v in sorted([a, b]) for v in v)


def _reflect(box, fold: str, w: float, h: float):
    x0, y0, x1, y1 = box
    return (w - x1, y0, w - x0, y1) if fold == "down" else (x0, h - y1, x1, h - y0)


@pytest.mark.parametrize("card", ["poker", "mini", "token"])
def test_every_front_lies_opposite_its_own_back(card):
    size = Size("token", 25, 25) if card == "token" else card_size(card)
    spec = PrintSpec(paper("a4"), size, duplex=False, fold=True)
    half, fold = halves(spec)
    slots = plan(spec).slots
    count = slots * 2 + 1  # two full pages and one started
    pages = list(sheets(_arts(size, count), count, spec, TEXTS))
    assert len(pages) == math.ceil(count / slots)
    seen = 0
    w, h = spec.paper.w, spec.paper.h
    for page in pages:
        assert (page.width, page.height) == (w, h)
        placed = list(_placed(page.items))
        fronts = {k.removeprefix("front-"): (box, t) for k, where, box, t in placed if k.startswith("front-")}
        backs = {k.removeprefix("back-"): (box, t) for k, where, box, t in placed if k.startswith("back-")}
        assert set(fronts) == set(backs)
        for n, (box, t) in fronts.items():
            back_box, back_t = backs[n]
            assert back_box == pytest.approx(_reflect(box, fold, w, h), abs=1e-6), f"piece {n}"
            # folded, the back shows through the paper as its front turned over about its own
            # upright axis: (the fold's mirror) x (the back's turn) == (the front's turn) x (a mirror)
            mirror = (-1.0, 1.0) if fold == "down" else (1.0, -1.0)
            seen_back = (mirror[0] * back_t[0], mirror[1] * back_t[1], mirror[0] * back_t[2], mirror[1] * back_t[3])
            turned_over = (-t[0], -t[1], t[2], t[3])
            assert seen_back == pytest.approx(turned_over, abs=1e-9), f"piece {n}"
            # each front on the first half, each back on the other
            centre = (box[0] + box[2]) / 2 if fold == "down" else (box[1] + box[3]) / 2
            assert centre < (w if fold == "down" else h) / 2
        seen += len(fronts)
        # the fold line runs along the gutter, and the crop marks of the backs are those of the fronts, mirrored
        fold_lines = [i for g in page.items if isinstance(g, Group) and g.id == "fold" for i in g.items]
        assert len(fold_lines) == 1
        line = fold_lines[0]
        assert (line.x1, line.x2) == (w / 2, w / 2) if fold == "down" else (line.y1, line.y2) == (h / 2, h / 2)
        marks = list(_marks(page.items))
        front_marks = {seg for where, seg in marks if where != "backs"}
        back_marks = {seg for where, seg in marks if where == "backs"}
        mirrored = set()
        for x0, y0, x1, y1 in front_marks:
            a = (w - x0, y0) if fold == "down" else (x0, h - y0)
            b = (w - x1, y1) if fold == "down" else (x1, h - y1)
            mirrored.add(tuple(round(v, 6) for v in sorted([a, b]) for v in v))
        assert front_marks and back_marks == mirrored
    assert seen == count


def test_a_piece_too_large_for_half_a_sheet_keeps_its_back_sheets():
    spec = replace(PrintSpec(paper("a4"), card_size("150x200"), duplex=False, fold=True))
    settled = settle(spec)
    assert settled.duplex and not settled.fold
    small = settle(PrintSpec(paper("a4"), card_size("poker"), duplex=False, fold=True))
    assert small.fold and not small.duplex


def test_the_back_half_is_placed_by_the_fold():
    spec = PrintSpec(paper("a4"), card_size("poker"), fold=True)
    assert apply(back_transform(spec, "down"), 0, 0) == (spec.paper.w / 2, 0)
    assert apply(back_transform(spec, "across"), 0, 0) == pytest.approx((spec.paper.w, spec.paper.h))


def test_a_gutter_fold_kit_builds_and_renders_cleanly(tmp_path, runner):
    from pnp.cli import cli as main

    result = runner.invoke(main, ["build", "green-jersey", "--gutter-fold", "--only", "cards", "--only", "pieces",
                                  "--full", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "gutter fold: cards.pdf" in result.output
    kit = tmp_path / "green-jersey" / "fr"
    for name in ("cards.pdf", "pieces.pdf"):
        assert ghostscript_messages(kit / name) == []
        assert poppler_messages(kit / name) == []
    plain = runner.invoke(main, ["build", "green-jersey", "--only", "cards", "--full", "--out", str(tmp_path / "p")])
    assert plain.exit_code == 0
    import pikepdf

    with pikepdf.open(kit / "cards.pdf") as folded, pikepdf.open(tmp_path / "p/green-jersey/fr/cards.pdf") as duplex:
        # one side per page: as many pages as sheets; every page of cards holds fronts and backs
        assert len(folded.pages) > len(duplex.pages) // 2
