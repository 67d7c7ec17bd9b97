"""Maillot Jaune, the publisher's review (issue 15): pieces that fit one another, readable small
print, single-sided pieces, a puncture marker clear of its cut, a dice table whose rules leave the
puncture banners alone, and a player's rulebook (the movement diagram on the real board, the
choices of this edition without checker ids).

The kit is built once (French and English) and read back: text runs and their printed sizes with
pypdfium2, pages rasterised where a colour tells. Where a length is measured, it is measured on the
faces the kit draws (the same scenes its PDFs are painted from)."""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.layout.paper import Size, card_size
from pnp.layout.rulebook_figures import Figures, figure_scene
from pnp.layout.scene import IDENTITY, Circle, Group, Line, Path as ScenePath, Rect, Text, Use, compose
from pnp.model import load_game

from kit_helpers import text_runs as _runs
from kit_helpers import ROOT, broken_game, build_kits, pdf_text, rule_ids

GAME = "maillot-jaune"
PT = 25.4 / 72
READABLE = 6.0


@pytest.fixture(scope="module")
def model():
    return load_game(ROOT / "data" / GAME)


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    return build_kits(tmp_path_factory.mktemp("mj-kit15"), GAME)


# --- helpers: what the PDFs print, what the faces draw

def _pages(pdf: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(pdf))
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]


def _flat(items, t=IDENTITY):
    """Every drawn item of a scene with the transform it is drawn under."""
    for item in items:
        if isinstance(item, Group):
            yield from _flat(item.items, compose(t, item.transform))
        elif isinstance(item, Use):
            yield from _flat(item.symbol.items, compose(t, item.transform))
        else:
            yield item, t


def _at(t, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = t
    return a * x + c * y + e, b * x + d * y + f


def _face(model, kind: str, rider: str = "la-providence"):
    """The drawn items (with transforms, trim coordinates) of the piece of ``kind`` of ``rider``,
    and the piece's size."""
    figures = Figures(model, None)
    deck, card = next((d, c) for d in model.decks for c in d.cards if c.kind == kind and c.rider == rider)
    sym, w, h = figures.card(deck.id, card.id)
    return list(_flat(sym.items)), w, h


def _points(item, t) -> list[tuple[float, float]]:
    return [_at(t, cmd[-2], cmd[-1]) for cmd in item.commands if len(cmd) >= 3]


# --- 1. form markers fit the form tracks

def test_form_marker_is_a_slider_one_track_cell_wide(model) -> None:
    """The marker's strip is as wide as a cell of the track, measured on both drawn faces; its
    folds are the track's height (and the slack) apart; its flaps are the margins round the cells."""
    track, tw, th = _face(model, "form-track")
    cells = [(item, t) for item, t in track if isinstance(item, Rect) and item.style.stroke and item.h > 10
             and item.w < 10]
    assert len(cells) == model.facts.form.start + 1
    cell_w, cell_h = cells[0][0].w, cells[0][0].h
    cells_top = min(_at(t, r.x, r.y)[1] for r, t in cells)
    assert cells_top > 0 and th - (cells_top + cell_h) > 0

    marker, mw, mh = _face(model, "form-marker")
    outline = [r for r, _ in marker if isinstance(r, Rect) and r.style.stroke and not r.style.fill]
    assert len(outline) == 1
    strip = outline[0]
    assert strip.w == pytest.approx(cell_w, abs=0.01)
    folds = sorted(item.y1 for item, _ in marker if isinstance(item, Line) and item.style.dash)
    assert len(folds) == 2
    slack = model.facts.pieces.form_track.slack
    assert folds[1] - folds[0] == pytest.approx(th + slack, abs=0.01)
    assert folds[0] - strip.y == pytest.approx(cells_top, abs=0.01)              # top flap: the margin above
    assert strip.y + strip.h - folds[1] == pytest.approx(th - cells_top - cell_h, abs=0.01)   # bottom flap


def test_form_marker_points_at_the_cell_from_both_flaps(model) -> None:
    """Each flap carries a point at the strip's end: folded over the track, the top flap's point
    comes down onto the cell and the bottom flap's comes up to it."""
    marker, mw, mh = _face(model, "form-marker")
    strip = next(r for r, _ in marker if isinstance(r, Rect) and r.style.stroke and not r.style.fill)
    tips = []
    for item, t in marker:
        if isinstance(item, ScenePath) and item.style.fill and len(_points(item, t)) == 3:
            pts = _points(item, t)
            apex = min(pts, key=lambda p: p[1]) if pts[0][1] < strip.y + strip.h / 2 else max(pts, key=lambda p: p[1])
            tips.append(apex)
    assert len(tips) == 2
    for x, y in tips:
        assert x == pytest.approx(strip.x + strip.w / 2, abs=0.01)
        assert min(abs(y - strip.y), abs(y - strip.y - strip.h)) < 0.5


def test_form_track_caption_is_readable(kits) -> None:
    for lang, words in (("fr", "jamais vers la gauche"), ("en", "never back to the left")):
        runs = [(size, text) for _, size, text in _runs(kits[lang] / "pieces.pdf") if words in text]
        assert runs, lang
        assert min(size for size, _ in runs) >= 6.0 - 0.05


# --- 2. energy needles reach the dial's numbers

def test_needle_reaches_the_dial_numbers_without_covering_them(model) -> None:
    """On the rider card: the hub and the numbers' discs; on the needle: its hole and its tip. The
    tip, from the hole, ends inside a disc's ring, short of the figure in it."""
    card, cw, ch = _face(model, "rider")
    circles = [(_at(t, c.cx, c.cy), c.r) for c, t in card if isinstance(c, Circle)]
    dial = model.facts.pieces.dial
    discs = [(p, r) for p, r in circles if r == pytest.approx(dial.mark)]
    assert len(discs) == model.facts.energy.max + 1
    hub = next(p for p, r in circles if r < dial.mark and abs(p[0] - cw / 2) < 0.01 and r > 2)
    to_disc = [math.dist(hub, p) for p, _ in discs]
    assert max(to_disc) - min(to_disc) < 0.01
    inner = to_disc[0] - dial.mark             # where a disc starts, from the hub

    needle, nw, nh = _face(model, "needle")
    hole = next(_at(t, c.cx, c.cy) for c, t in needle if isinstance(c, Circle))
    shape = next(p for p, t in needle if isinstance(p, ScenePath) and p.style.fill and len(p.commands) > 6)
    tip = min(_points(shape, next(t for p, t in needle if p is shape)), key=lambda q: q[1])
    length = math.dist(hole, tip)
    figure_half = 0.69 * 12 * PT / 2           # the dial's 12 pt figures, half their cap height
    assert inner < length < to_disc[0] - figure_half
    assert tip[1] > 0                          # inside its piece


def test_needle_figure_points_at_a_number(model) -> None:
    scene = figure_scene(model, "dial:la-providence")
    assert scene.meta["kind"] == "dial" and scene.width < scene.height


# --- 3. the puncture marker keeps its words off the cut

def test_puncture_marker_words_stay_inside_its_ring(model) -> None:
    from pnp.layout.faces.common import CardContext
    from pnp.layout.templates import card_texts
    from pnp.layout.tokens import token_face

    token = next(t for t in model.tokens if t.kind == "puncture")
    assert token.face == "mj-puncture"
    d = token.size_mm
    ctx = CardContext(model, Size("token", d, d), 0.0, card_texts(model))
    items = list(_flat(token_face(ctx, token)))
    texts = [(x, t) for x, t in items if isinstance(x, Text)]
    words = " ".join(x.text for x, _ in texts)
    assert token.name in words and str(model.facts.puncture.miss_turns) in words
    ring = max(c.r for c, _ in items if isinstance(c, Circle))
    for text, t in texts:
        assert text.size >= READABLE
        top, bottom = text.y - 0.75 * text.size * PT, text.y + 0.25 * text.size * PT
        for x in (text.x, text.x + text.width):
            for y in (top, bottom):
                px, py = _at(t, x, y)
                assert math.dist((px, py), (d / 2, d / 2)) < ring - 1.0, text.text


def test_puncture_marker_reads_in_the_pieces(kits) -> None:
    assert "Crevaison" in pdf_text(kits["fr"] / "pieces.pdf")
    assert "miss 1 turn" in pdf_text(kits["en"] / "pieces.pdf")


# --- 3b. the dice table's rules leave the puncture banners alone

def _banner_rows(image, red=(212, 64, 80)):
    """Rows of pixels mostly in the puncture banner's red, and the red run on each."""
    w, h = image.size
    px = image.load()
    out = []
    for y in range(h):
        xs = [x for x in range(w) if all(abs(a - b) < 40 for a, b in zip(px[x, y][:3], red))]
        if len(xs) > w * 0.3:
            out.append((y, xs[0], xs[-1]))
    return out


def test_no_column_rule_crosses_a_puncture_banner(kits) -> None:
    pdf = kits["fr"] / "pieces.pdf"
    page = next(i for i, text in enumerate(_pages(pdf)) if "CREVAISON" in text)
    image = pdfium.PdfDocument(str(pdf))[page].render(scale=150 / 72).to_pil().convert("RGB")
    rows = _banner_rows(image)
    assert len(rows) > 20                       # three banners, a few pixels high each
    px = image.load()
    strays = 0
    for y, x0, x1 in rows:
        for x in range(x0 + 3, x1 - 2):
            r, g, b = px[x, y]
            k = (g - 64) / (255 - 64)           # how far toward white (a letter's edge)
            if abs(r - (212 + 43 * k)) > 30 or abs(b - (80 + 175 * k)) > 30:
                strays += 1
    assert strays == 0


# --- 4. single-sided pieces and sheets

@pytest.mark.parametrize("deck", ["aiguilles", "curseurs", "forme", "references"])
def test_pieces_with_nothing_on_their_back_are_single_sided(model, kits, deck: str) -> None:
    d = model.deck(deck)
    assert d.single_sided
    name = d.name
    for text in _pages(kits["fr"] / "pieces.pdf"):
        label = text.strip().splitlines()[0] if text.strip() else ""
        if name in label:
            assert "verso" not in label, label


# --- 5. the movement diagram, from the real board

def test_movement_diagram_is_drawn_on_the_board(model) -> None:
    from pnp.games.maillot_jaune.figures import move_cast, reachable

    cast = move_cast(model)
    stars = {p.id: p.stars for p in model.profiles}
    assert cast.stars == max(stars[r.profile][cast.terrain] for r in model.riders)
    lanes = model.boards[0].sides[0].lanes
    assert len(cast.reach) == (cast.stars + 1) * lanes - 1      # every square ahead, up to its stars
    assert reachable(5, 1, 1, 3) == [(5, 2), (6, 1), (6, 2)]  # never back, never off the road
    scene = figure_scene(model, f"move:{cast.rider}")
    assert scene.meta["kind"] == "move"


def test_rulebook_shows_the_movement_diagram_and_the_slider(kits, model) -> None:
    from pnp.games.maillot_jaune.figures import move_cast

    cast = move_cast(model)
    text = " ".join(pdf_text(kits["fr"] / "rulebook.pdf").split())
    assert f"l'une des {len(cast.reach)} cases bleues".replace("'", "’") in text.replace("'", "’")
    assert "coulisseau" in text and "trombone" in text


# --- 6. a player's rulebook

def test_rulebook_lists_the_choices_of_this_edition_without_ids(kits, model) -> None:
    fr = " ".join(pdf_text(kits["fr"] / "rulebook.pdf").split())
    en = " ".join(pdf_text(kits["en"] / "rulebook.pdf").split())
    assert "Choix faits pour cette édition" in fr and "Choices made for this edition" in en
    for text in (fr, en):
        assert "MJ-D-" not in text
        assert "vérificateur" not in text and "checker" not in text
    gain = model.facts.slipstream.follower_gain
    assert f"le 3e gagne {gain + 1} cases, le 4e {gain + 2}" in fr
    assert f"the 3rd gains {gain + 1} squares, the 4th {gain + 2}" in en


def test_no_rulebook_page_is_mostly_empty(kits) -> None:
    for lang in ("fr", "en"):
        pages = _pages(kits[lang] / "rulebook.pdf")
        longest = max(len(p) for p in pages)
        assert all(len(p) > longest * 0.2 for p in pages[1:]), lang


# --- 7. nothing a player reads below 6 pt

@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("name", ["cards.pdf", "pieces.pdf", "board-a.pdf"])
def test_no_small_print_on_cards_pieces_and_board(kits, lang: str, name: str, model) -> None:
    stamp = model.info.title + " v"
    small = [(page, round(size, 1), text) for page, size, text in _runs(kits[lang] / name)
             if size < READABLE - 0.05 and not text.startswith(stamp)]
    assert not small, small[:5]


# --- the check that keeps the pieces fitting

def test_pieces_check_is_silent_on_the_shipped_data(model) -> None:
    from pnp.games.maillot_jaune.checks import pieces

    assert pieces(model) == []


@pytest.mark.parametrize("file, old, new", [
    ("decks.yaml", "card_size: 20x46", "card_size: 20x30"),          # the marker's piece cannot hold the slider
    ("rules.yaml", "reach: 0.8", "reach: 4"),                        # the needle would cover the figures
    ("decks.yaml", "card_size: 186x30", "card_size: 100x30"),        # cells too narrow for a slider
])
def test_pieces_check_fires_when_the_pieces_no_longer_fit(tmp_path: Path, file: str, old: str, new: str) -> None:
    assert "MJ-PIECES" in rule_ids(broken_game(tmp_path, GAME, (file, old, new)))


def test_marker_piece_size_matches_the_track(model) -> None:
    from pnp.games.maillot_jaune.figures import form_marker_width

    marker = card_size(model.deck("curseurs").card_size)
    track = card_size(model.deck("forme").card_size)
    t = model.facts.pieces.form_track.layout(track.w, track.h, model.facts.form.start + 1)
    assert form_marker_width(model) == pytest.approx(t.cell_w)
    assert marker.h >= t.slider_length and marker.w >= t.cell_w
