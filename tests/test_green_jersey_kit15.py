"""Green Jersey, issue 15 ("kits a publisher would post"): the built kit read back.

The game is built once (fr, en, pl: cards, pieces, boards, rulebook) into a temporary folder; the
tests read the PDFs and the board SVGs it wrote, and the face templates' markup where a position
is easier to read there than on an imposed sheet.
"""

from __future__ import annotations

import ctypes
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions, build_game
from pnp.model import load_game

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "data" / "green-jersey"
LANGS = ("fr", "en", "pl")
SVG = "{http://www.w3.org/2000/svg}"
PARTS = ("cards", "pieces", "boards", "rulebook")


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    """The kit folder of each language, built once for the module."""
    out = tmp_path_factory.mktemp("gj-kit15")
    for lang in LANGS:
        build_game(GAME, BuildOptions(out=out, lang=lang, only=PARTS))
    return {lang: out / "green-jersey" / lang for lang in LANGS}


@pytest.fixture(scope="module")
def model():
    return load_game(GAME)


# --- reading PDFs back

def runs(path: Path) -> Iterator[tuple[int, float, str, bool]]:
    """(page, printed size in points, text, turned half a turn) of every run of same-size text."""
    pdf = pdfium.PdfDocument(str(path))
    for index in range(len(pdf)):
        page = pdf[index].get_textpage()
        run, size, turned = "", None, False
        for c in range(page.count_chars()):
            m = raw.FS_MATRIX()
            raw.FPDFText_GetMatrix(page, c, ctypes.byref(m))
            s = raw.FPDFText_GetFontSize(page, c) * math.hypot(m.c, m.d)
            flip = m.a < 0
            if size is None or abs(s - size) > 0.05 or flip != turned:
                if run.strip():
                    yield index + 1, size, run.strip(), turned
                run, size, turned = "", s, flip
            run += chr(raw.FPDFText_GetUnicode(page, c))
        if run.strip():
            yield index + 1, size, run.strip(), turned


def page_texts(path: Path) -> list[str]:
    return [(p.extract_text() or "") for p in PdfReader(str(path)).pages]


def flat(text: str) -> str:
    """Text with every kind of space made one plain space and hyphenated line ends joined."""
    text = re.sub(r"-\n", "", text)
    return re.sub(r"[\s\u00a0\u202f]+", " ", text)


def is_print_furniture(text: str, model) -> bool:
    """The stamp, the sheet labels and the calibration line: someone else's, and out of this check."""
    return (model.info.title + " v") in text or "50 mm" in text or "50\u00a0mm" in text


# --- 1. movement cards: corner index

def card_markup(model, deck_id: str, card_id: str, lang: str = "fr") -> ET.Element:
    """The rendered markup of a card's face (the face template, before pnp reads it)."""
    from pnp.layout.faces.common import CardContext
    from pnp.layout.markup import env as jenv
    from pnp.layout.markup.engine import faces_for
    from pnp.layout.paper import card_size
    from pnp.layout.templates import card_texts

    deck = model.deck(deck_id)
    card = next(c for c in deck.cards if c.id == card_id)
    size = card_size(deck.card_size or model.info.card_size)
    ctx = CardContext(model=model, size=size, bleed=3.0, texts=card_texts(model))
    faces = faces_for(ctx)
    markup = jenv.render(faces.template(deck.face), dict(faces.base, deck=deck, card=card, side="front"), card.id)
    return ET.fromstring(markup)


def number(value: str) -> float:
    return float(re.match(r"-?[\d.]+", value).group())


@pytest.mark.parametrize("kind", ["single", "joker"])
def test_the_distance_is_in_the_top_left_corner_too(model, kind):
    deck = model.deck(model.facts.deck.deck)
    card = next(c for c in deck.cards if c.kind == kind and c.distance)
    root = card_markup(model, deck.id, card.id)
    w = 63.5
    corners = [(number(t.get("x")), number(t.get("y"))) for t in root.iter(f"{SVG}text")
               if (t.text or "").strip() == str(card.distance)]
    assert any(x < w / 4 and y < 15 for x, y in corners), corners
    assert any(x > 3 * w / 4 and y < 15 for x, y in corners), corners


def test_the_corner_jerseys_sit_on_a_pale_chip_so_black_shows_on_the_dark_band(model):
    deck = model.deck(model.facts.deck.deck)
    black = next(c for c in deck.cards if c.kind == "single" and list(c.jerseys) == ["noir"])
    root = card_markup(model, deck.id, black.id)
    jerseys = [j for j in root.iter("{https://pnp.invalid/ns}jersey") if number(j.get("y")) < 5]
    assert jerseys and jerseys[0].get("ref") == "noir"
    jx, jy = number(jerseys[0].get("x")), number(jerseys[0].get("y"))
    chips = [r for r in root.iter(f"{SVG}rect")
             if r.get("fill", "").upper() == "#FBF8F1" and number(r.get("x")) <= jx and number(r.get("y")) <= jy
             and number(r.get("x")) + number(r.get("width")) >= jx + 5 and number(r.get("y")) > 0]
    assert chips, "a pale chip behind the corner jersey"


# --- 2. backs of the rider and first-player cards

def test_riders_and_first_player_have_backs_of_their_own(model):
    movement = model.deck(model.facts.deck.deck).back
    backs = {d.id: d.back for d in model.decks}
    assert backs["riders"] != movement and backs["first-player"] != movement
    assert backs["riders"] != backs["first-player"]
    for name in (backs["riders"], backs["first-player"]):
        assert (GAME / "templates" / "faces" / f"{name}.svg.j2").is_file()


@pytest.mark.parametrize("name", ["rider-back", "first-player-back"])
def test_the_new_backs_are_full_bleed_without_a_frame_near_the_cut(model, name):
    from pnp.layout.faces.common import CardContext
    from pnp.layout.markup import env as jenv
    from pnp.layout.markup.engine import faces_for
    from pnp.layout.paper import card_size
    from pnp.layout.templates import card_texts

    w, h, bleed = 63.5, 88.9, 3.0
    ctx = CardContext(model=model, size=card_size("poker"), bleed=bleed, texts=card_texts(model))
    faces = faces_for(ctx)
    root = ET.fromstring(jenv.render(faces.template(name), dict(faces.base, side="back"), name))
    first = next(root.iter(f"{SVG}rect"))
    assert number(first.get("x")) == -bleed and number(first.get("width")) == pytest.approx(w + 2 * bleed)
    for rect in root.iter(f"{SVG}rect"):
        if rect.get("fill") == "none" and rect.get("stroke"):
            x, y = number(rect.get("x")), number(rect.get("y"))
            assert min(x, y, w - x - number(rect.get("width")), h - y - number(rect.get("height"))) > 8, \
                "an outline near the cut line shows a misregistered back"


def test_the_backs_are_printed_on_the_card_sheets(kits):
    backs = flat(" ".join(page_texts(kits["fr"] / "cards.pdf")[1::2]))
    assert "CARTE COUREUR" in backs and "PREMIER JOUEUR" in backs and "GREEN JERSEY" in backs


# --- 3. player aid

def aid_pages(path: Path, title: str) -> list[int]:
    return [i + 1 for i, t in enumerate(page_texts(path)) if title in t]


@pytest.mark.parametrize("lang, title", [("fr", "Aide de jeu"), ("en", "Player aid"), ("pl", "Karta pomocy")])
def test_every_text_of_the_player_aid_is_8_pt_at_least(kits, model, lang, title):
    path = kits[lang] / "pieces.pdf"
    pages = set(aid_pages(path, title))
    assert pages
    # the point tokens share the aids' first sheet: the word under their value is theirs, not the aid's
    token_words = {"points", "point", "punkty", "punkt", "punktów"}
    small = [(p, round(s, 1), t) for p, s, t, _ in runs(path)
             if p in pages and s < 7.95 and not is_print_furniture(t, model) and t not in token_words]
    assert not small, small[:5]


def test_the_aid_back_holds_the_deal_the_turns_and_the_lines_with_the_rules_numbers(kits, model):
    deal = model.facts.deal
    text = flat(" ".join(page_texts(kits["fr"] / "pieces.pdf")))
    assert f"Distribuez {deal.hand} cartes à chacun." in text
    assert f"rejette de 0 à {deal.discard_max} cartes" in text
    assert f"Complétez chaque main à {deal.refill_to} cartes." in text
    assert "dans le sens horaire, chacun joue une carte et déplace le coureur" in text
    assert "ne revient jamais derrière" in text and "passe l’arrivée ne bouge plus" in text
    assert "se déplace d’exactement autant de cases" in text  # a verb in every line of the aid
    en = flat(" ".join(page_texts(kits["en"] / "pieces.pdf")))
    assert f"Deal {deal.hand} cards to each player." in en and f"up to {deal.refill_to} cards" in en


# --- 4. board

@pytest.mark.parametrize("side", ["a", "b"])
def test_countdown_numbers_are_large_and_read_from_both_long_sides(kits, model, side):
    board_side = model.boards[0].side(side)
    finish = board_side.line("finish").column
    counted = [c for c in range(1, finish) if board_side.road_lanes(c)]
    found = [(t, turned) for _, s, t, turned in runs(kits["fr"] / f"board-{side}.pdf")
             if s >= 16 and t.isdigit()]
    upright = {t for t, turned in found if not turned}
    half_turn = {t for t, turned in found if turned}
    wanted = {str(finish - c) for c in counted}
    assert wanted <= upright and wanted <= half_turn


@pytest.mark.parametrize("side", ["a", "b"])
def test_the_board_draws_the_arrow_its_legend_explains_and_hatches_the_run_in(kits, side):
    root = ET.parse(kits["fr"] / f"board-{side}.svg").getroot()
    legend = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "legend")
    legend_shapes = set(map(id, legend.iter()))
    arrows = [p for p in root.iter(f"{SVG}path") if id(p) not in legend_shapes
              and (p.get("fill") or "").upper() == "#1E9A48" and len(re.findall(r"[ML]", p.get("d", ""))) == 7]
    assert len(arrows) >= 2, "the race direction on both verges"
    assert "Sens de la course" in " ".join(t for t in legend.itertext())
    origin = model_side_origin(side)
    hatch = [ln for ln in root.iter(f"{SVG}line")
             if number(ln.get("x1")) < origin and number(ln.get("x2")) <= origin + 0.1
             and number(ln.get("y1")) != number(ln.get("y2"))]
    assert len(hatch) >= 10, "the road before column 1 is hatched: no square"


def model_side_origin(side: str) -> float:
    return load_game(GAME).boards[0].side(side).origin_mm[0]


def test_point_tokens_are_gold_silver_and_bronze(model, kits):
    points = sorted((t for t in model.tokens if t.kind == model.facts.scoring.token_kind), key=lambda t: t.rank)
    hexes = [model.colour(t.colour).hex for t in points]
    assert len(set(hexes)) == len(points) == 3
    assert [t.colour for t in points] == ["or", "argent", "bronze"]
    # the podium of the board shows each pile's metal
    root = ET.parse(kits["fr"] / "board-a.svg").getroot()
    podium = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "tokens")
    fills = {(c.get("fill") or "").upper() for c in podium.iter(f"{SVG}circle")}
    assert {h.upper() for h in hexes} <= fills


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_a_player_reads_is_under_6_pt(kits, model, lang):
    for name in ("cards.pdf", "pieces.pdf", "board-a.pdf", "board-b.pdf"):
        small = [(p, round(s, 1), t) for p, s, t, _ in runs(kits[lang] / name)
                 if s < 5.95 and not is_print_furniture(t, model)]
        assert not small, (name, small[:5])


# --- 5. translations

def test_english_says_point_tokens_and_explains_k_for_black(kits):
    rulebook = flat(" ".join(page_texts(kits["en"] / "rulebook.pdf")))
    board = flat(" ".join(page_texts(kits["en"] / "board-a.pdf")))
    assert "points tokens" not in rulebook.lower() and "points tokens" not in board.lower()
    assert "point tokens" in rulebook.lower() and "POINT TOKENS" in board
    assert "K black" in rulebook and "K for black" in rulebook


def test_polish_plural_forms_follow_the_catalog(model):
    from babel.messages.pofile import read_po

    import gettext

    catalog = read_po((GAME / "locales" / "pl.po").open("rb"), locale="pl")
    assert catalog.num_plurals == 3
    form = gettext.c2py(catalog.plural_expr)  # the catalog's own Plural-Forms expression

    single = next(m for m in catalog if isinstance(m.id, tuple) and "%(rider)s : avance" in m.id[0])
    words = {n: re.search(r"%\(n\)s\s(\w+)", single.string[form(n)]).group(1) for n in (1, 2, 4, 5, 12)}
    assert words == {1: "pole", 2: "pola", 4: "pola", 5: "pól", 12: "pól"}


def test_polish_cards_say_pole_then_pola(kits):
    text = flat(" ".join(page_texts(kits["pl"] / "cards.pdf")))
    for phrase in ("dokładnie 1 pole", "dokładnie 2 pola", "dokładnie 3 pola"):
        assert phrase in text
    assert not re.search(r"dokładnie [2-4] pól|dokładnie 1 pola", text)


def test_polish_names_the_author_without_declining_the_name(kits, model):
    author = model.info.authors[0]
    for name in ("board-a.pdf", "rulebook.pdf"):
        text = flat(" ".join(page_texts(kits["pl"] / name)))
        assert author in text
        assert "autorstwa" not in text


# --- 6. rulebook

@pytest.mark.parametrize("lang, title", [("fr", "Choix faits pour cette édition"),
                                         ("en", "Choices made for this edition"),
                                         ("pl", "Rozstrzygnięcia przyjęte w tym wydaniu")])
def test_the_rulebook_lists_the_edition_s_choices_without_checker_ids(kits, lang, title):
    text = flat(" ".join(page_texts(kits[lang] / "rulebook.pdf")))
    assert title in text
    assert not re.search(r"GJ-[A-Z]", text)
    assert "vérificateur" not in text and "checker" not in text.lower()
    assert "Choix de l’auteur du kit" not in text


def test_french_ordinals_are_1er_never_1e(kits):
    for name in ("rulebook.pdf", "board-a.pdf", "pieces.pdf"):
        text = flat(" ".join(page_texts(kits["fr"] / name)))
        assert not re.search(r"\b1e\b", text), name
    assert "1er" in flat(" ".join(page_texts(kits["fr"] / "rulebook.pdf")))


@pytest.mark.parametrize("lang", LANGS)
def test_no_rulebook_page_is_left_mostly_empty(kits, lang):
    pages = page_texts(kits[lang] / "rulebook.pdf")
    assert len(flat(pages[-1])) > 1200, "the last page holds more than a few lines"
