"""Le jeu du Tour de France, issue 15 ("kits a publisher would post"): the kit built once per language and
read back. The jersey tally has a row per round of a long game (the rulebook's figure, with a margin); the
answers of a question card share one size, clear of the tick; the English kit's title and backs are
English; the tent cards fold with both sides upright and, like the sheets and the dice nets, print on one
side; arrows show the way along the board's track; a die net per die, opposite faces adding up to 7;
decimal commas, dates and quotes of each language in the rulebook; its player-facing choices; nothing a
player reads below 6 pt."""

from __future__ import annotations

import ctypes
import json
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from kit_helpers import build_kits, pdf_text
from pnp.games.tour_de_france_quiz import checks as C
from pnp.i18n.formats import decimal, long_date
from pnp.layout.boards import snake
from pnp.model import load_game

ROOT = Path(__file__).resolve().parent.parent
GAME_ID = "tour-de-france-quiz"
GAME = ROOT / "data" / GAME_ID
SVG = "{http://www.w3.org/2000/svg}"
PT = 72 / 25.4
"""Points per mm."""
QUESTION_CARD = (70.0, 120.0)
"""The question deck's card size (decks.yaml card_size: tarot), in mm."""


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    return build_kits(tmp_path_factory.mktemp("tdq15"), GAME_ID, ("fr", "en", "de"))


@pytest.fixture(scope="module")
def model():
    return load_game(GAME)


# --- reading PDFs back

@dataclass(frozen=True)
class Run:
    """A run of characters on a page at one size on one line: its text, size (printed points), the
    baseline of its first character, its ink box (PDF points, y up) and whether it is upside down."""

    text: str
    size: float
    baseline: float
    left: float
    bottom: float
    right: float
    top: float
    upside_down: bool


def runs(path: Path, page: int) -> list[Run]:
    """The runs of one page (0-based): a new run at every line break, change of size or of baseline."""
    pdf = pdfium.PdfDocument(str(path))
    tp = pdf[page].get_textpage()
    out: list[Run] = []
    cur: list = []

    def close() -> None:
        inked = [c for c in cur if c[0].strip()]
        if inked:
            boxes = [c[2] for c in inked]
            out.append(Run("".join(c[0] for c in cur).strip(), inked[0][1], inked[0][3], min(b[0] for b in boxes),
                           min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes), inked[0][4]))
        cur.clear()

    for i in range(tp.count_chars()):
        ch = chr(raw.FPDFText_GetUnicode(tp, i))
        if ch in "\r\n":
            close()
            continue
        m = raw.FS_MATRIX()
        raw.FPDFText_GetMatrix(tp, i, ctypes.byref(m))
        size = raw.FPDFText_GetFontSize(tp, i) * math.hypot(m.c, m.d)
        x, y = ctypes.c_double(), ctypes.c_double()
        raw.FPDFText_GetCharOrigin(tp, i, ctypes.byref(x), ctypes.byref(y))
        inked = [c for c in cur if c[0].strip()]
        if ch.strip() and inked and (abs(size - inked[0][1]) > 0.05 or abs(y.value - inked[-1][3]) > 0.5):
            close()
        cur.append((ch, size, tp.get_charbox(i), y.value, m.a < 0))
    close()
    return out


def pages(path: Path) -> int:
    return len(pdfium.PdfDocument(str(path)))


def page_texts(path: Path) -> list[str]:
    pdf = pdfium.PdfDocument(str(path))
    return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]


# --- 1. the tally sheet

def test_the_tally_has_a_row_for_every_round_of_a_long_game(kits, model) -> None:
    f = model.facts
    turns = f.expected_turns(model)
    rounds = f.tally_rounds(model)
    assert turns == round(C.pace(model)["turns"], 1)
    assert rounds == math.ceil(turns * f.pace.long_game) and rounds > turns
    for lang, word in (("fr", "Tour"), ("en", "Round")):
        texts = page_texts(kits[lang] / "pieces.pdf")
        tally = next(t for t in texts if f"{word} 1\r" in t)
        assert sorted(int(n) for n in re.findall(rf"\b{word} (\d+)\b", tally)) == list(range(1, rounds + 1))
    # the rulebook prints the figure the rows come from, in each language's decimals
    assert f"{decimal(turns, 'fr')} tours" in pdf_text(kits["fr"] / "rulebook.pdf")
    assert f"{decimal(turns, 'en')} turns" in pdf_text(kits["en"] / "rulebook.pdf")


def test_the_tally_rows_are_rows(kits, model) -> None:
    """One label per round, one under the other, evenly spaced, at the left of the sheet."""
    path = kits["fr"] / "pieces.pdf"
    index = next(i for i, t in enumerate(page_texts(path)) if "Tour 1\r" in t)
    labels = [r for r in runs(path, index) if re.fullmatch(r"Tour \d+", r.text)]
    assert len(labels) == model.facts.tally_rounds(model)
    assert max(r.left for r in labels) - min(r.left for r in labels) < 0.5
    ys = [r.baseline for r in labels]
    steps = [a - b for a, b in zip(ys, ys[1:])]
    assert all(s > 4 * PT for s in steps) and max(steps) - min(steps) < 0.5


# --- 2. question cards

def _question_cards(path: Path, label: str) -> list[tuple[int, float, float]]:
    """(page, left, top) of every question card, in PDF points, from its label in the band."""
    u = min(QUESTION_CARD[0] / 63.5, QUESTION_CARD[1] / 88.9)
    out = []
    for i in range(pages(path)):
        for r in runs(path, i):
            if r.text.startswith(label):
                out.append((i, r.left - 5 * u * PT, r.baseline + 8.2 * u * PT))
    return out


@pytest.mark.parametrize("lang,label,titles", [("fr", "QUESTIONS VILLES ÉTAPES", {"TOURISME", "CYCLISME"}),
                                               ("en", "STAGE TOWN QUESTIONS", {"TOURISM", "CYCLING"}),
                                               ("de", "ETAPPENORT-FRAGEN", {"TOURISMUS", "RADSPORT"})])
def test_the_answers_of_a_card_share_one_size_clear_of_the_tick(kits, model, lang, label, titles) -> None:
    path = kits[lang] / "cards.pdf"
    w, h = QUESTION_CARD
    u = min(w / 63.5, h / 88.9)
    cards = _question_cards(path, label)
    assert len(cards) == model.facts.decks.questions.cards
    by_page: dict[int, list[Run]] = {}
    answer_lines = 0
    for page, left, top in cards:
        page_runs = by_page.setdefault(page, runs(path, page))
        answers = [r for r in page_runs if abs(r.left - (left + 11.5 * u * PT)) < 0.4 * PT
                   and top - h * PT < r.baseline < top and r.text not in titles]
        # three answers on each side, some of them on two lines
        assert 2 * model.facts.questions.answers <= len(answers) <= 4 * model.facts.questions.answers
        sizes = {round(r.size, 1) for r in answers}
        assert len(sizes) == 1, f"{lang} card at {page + 1}/{left:.0f},{top:.0f}: answers at {sorted(sizes)} pt"
        assert min(sizes) >= 6.0
        tick = left + (w - 9 * u) * PT
        assert all(r.right < tick - 1.0 * PT for r in answers), [r.text for r in answers if r.right >= tick - PT]
        answer_lines += len(answers)
    assert answer_lines >= len(cards) * 6


# --- 3. the English kit

def test_the_english_kit_has_an_english_title_and_backs(kits, model) -> None:
    french = model.info.title
    for name in ("cards.pdf", "pieces.pdf", "board-a.pdf", "rulebook.pdf"):
        text = pdf_text(kits["en"] / name)
        assert french.lower() not in text.lower(), name
        assert "The Tour de France Game".lower() in text.lower(), name
    backs = " ".join(page_texts(kits["en"] / "cards.pdf")[1::2])
    for word in ("THE TOUR DE FRANCE GAME", "STAGE TOWNS", "STRATEGY", "MISHAP", "POLKA-DOT JERSEY"):
        assert word in backs
    assert "VILLES" not in backs and "IMPRÉVU" not in backs


# --- 4 and 9. tent cards, sheets and nets on one side

def test_a_tent_card_reads_upright_on_both_sides_of_its_fold(kits, model) -> None:
    path = kits["fr"] / "pieces.pdf"
    index = next(i for i, t in enumerate(page_texts(path)) if "MAILLOT JAUNE" in t)
    names = [r for r in runs(path, index) if r.text == "MAILLOT JAUNE"]
    down = [r for r in names if r.upside_down]
    up = [r for r in names if not r.upside_down]
    assert len(down) == 1 and len(up) == 1
    # the back half is upside down above the front half: folded in the middle, both read upright
    assert down[0].bottom > up[0].top and down[0].upside_down and not up[0].upside_down
    assert abs((down[0].left + down[0].right) - (up[0].left + up[0].right)) < 2 * PT


def test_pieces_print_on_one_side_without_a_decorative_back(kits) -> None:
    for lang, back in (("fr", "verso"), ("en", "back")):
        path = kits[lang] / "pieces.pdf"
        labels = [t.strip().splitlines()[-1] for t in page_texts(path)]  # the sheet label is written last
        assert not [label for label in labels if label.rstrip().endswith(back)], labels
        pdf = pdfium.PdfDocument(str(path))
        for i in range(len(pdf)):
            img = pdf[i].render(scale=20 / 72).to_pil().convert("RGB")
            yellow = sum(n for n, (r, g, b) in img.getcolors(1 << 20) if r > 220 and 170 < g < 215 and b < 60)
            assert yellow < 0.3 * img.width * img.height, f"{lang} pieces page {i + 1} is a yellow back"


# --- 5. the board

def test_arrows_show_the_way_along_the_track(kits, model) -> None:
    _, side = C.track_side(model)
    boxes = snake.square_boxes(side)
    want_chevrons, want_turns = set(), set()
    for c in range(1, side.columns):
        (x1, y1, s, _), (x2, y2, _, _) = boxes[c], boxes[c + 1]
        if abs(y2 - y1) < 0.01:
            want_chevrons.add((round((x1 + x2 + s) / 2, 1), round(y1 + s * 0.45, 1), 1 if x2 > x1 else -1))
        else:
            want_turns.add((round(x1 + s / 2, 1), round((min(y1, y2) + s + max(y1, y2)) / 2, 1), 1 if y2 > y1 else -1))
    root = ET.parse(kits["fr"] / "board-a.svg").getroot()
    group = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "arrows")
    chevrons, turns = set(), set()
    for g in group.findall(f"{SVG}g"):
        a, b, c, d, e, f = (float(v) for v in g.get("transform").removeprefix("matrix(").rstrip(")").split())
        if g.find(f"{SVG}path").get("d").startswith("M2.6 0"):  # a chevron points along +x
            chevrons.add((round(e, 1), round(f, 1), 1 if a > 0 else -1))
        else:  # a block arrow points along -y
            turns.add((round(e, 1), round(f, 1), 1 if -d > 0 else -1))
    assert chevrons == want_chevrons and turns == want_turns
    assert len(chevrons) + len(turns) == side.columns - 1 and all(t[2] == 1 for t in turns)


def test_course_squares_are_numbered_as_the_rulebook_counts_them(kits, model) -> None:
    root = ET.parse(kits["fr"] / "board-a.svg").getroot()
    group = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "numbers")
    numbers = sorted(int(t.text) for t in group.iter(f"{SVG}text"))
    assert numbers == list(range(1, C.pace(model)["squares"] + 1))


# --- 6. dice nets

def test_a_die_net_for_each_die_with_opposite_faces_adding_up(kits, model) -> None:
    dice = model.facts.dice
    deck = model.deck(model.facts.dice_nets)
    assert deck.single_sided and deck.sheet == "pieces" and deck.size == dice.count
    manifest = json.loads((kits["fr"] / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["components"]["pieces"][deck.id] == dice.count
    path = kits["fr"] / "pieces.pdf"
    texts = page_texts(path)
    index = next(i for i, t in enumerate(texts) if "Dés à monter" in t.strip().splitlines()[-1])
    # the nets may be turned a quarter on a sheet they share: count a word of their instructions
    assert re.sub(r"\s+", " ", texts[index]).count("languette") == dice.count
    pdf = pdfium.PdfDocument(str(path))
    paths = [o.get_bounds() for o in pdf[index].get_objects(max_depth=15) if o.type == raw.FPDF_PAGEOBJ_PATH]
    sizes = Counter((round(r - l, 1), round(t - b, 1)) for l, b, r, t in paths)
    (pip, _), pips = max(((k, n) for k, n in sizes.items() if k[0] == k[1] and n >= 21 * dice.count), key=lambda kn: kn[1])
    assert pips == dice.count * sum(range(1, dice.faces + 1))
    # the nets share their sheet with other pieces: a face is a square holding one to six pips
    dots = [((l + r) / 2, (b + t) / 2) for l, b, r, t in paths if round(r - l, 1) == pip == round(t - b, 1)]
    paths = [p for p in paths if round(p[2] - p[0], 1) != round(p[3] - p[1], 1)
             or 1 <= sum(p[0] < x < p[2] and p[1] < y < p[3] for x, y in dots) <= dice.faces * dice.count
             or round(p[2] - p[0], 1) == pip]
    sizes = Counter((round(r - l, 1), round(t - b, 1)) for l, b, r, t in paths)
    # the faces: the largest squares drawn once per face of each net (in the net's own coordinates)
    face = max(k[0] for k, n in sizes.items() if k[0] == k[1] and n == dice.faces * dice.count)
    squares = sorted({(round(l, 1), round(b, 1)) for l, b, r, t in paths if round(r - l, 1) == face == round(t - b, 1)})
    assert len(squares) == dice.faces
    centres = [((l + r) / 2, (b + t) / 2) for l, b, r, t in paths if round(r - l, 1) == pip == round(t - b, 1)]
    value = {sq: sum(1 for x, y in centres if sq[0] < x < sq[0] + face and sq[1] < y < sq[1] + face) // dice.count
             for sq in squares}
    assert sorted(value.values()) == list(range(1, dice.faces + 1))
    x0, y0 = min(s[0] for s in squares), min(s[1] for s in squares)
    cell = {(round((sq[0] - x0) / face), round((sq[1] - y0) / face)): v for sq, v in value.items()}
    opposite = [(a, b) for a in cell for b in cell if a < b and ((a[0] == b[0] and abs(a[1] - b[1]) == 2)
                                                                or (a[1] == b[1] and abs(a[0] - b[0]) == 2))]
    assert len(opposite) == 3 and all(cell[a] + cell[b] == dice.faces + 1 for a, b in opposite)


# --- 7 and 8. the rulebook

def test_the_rulebook_writes_numbers_dates_and_quotes_in_each_language(kits, model) -> None:
    p = C.pace(model)
    net, turns = round(p["net"], 1), round(p["turns"], 1)
    fr, en = (pdf_text(kits[lang] / "rulebook.pdf").replace("\xa0", " ").replace("\u202f", " ") for lang in ("fr", "en"))
    assert decimal(net, "fr") in fr and f"{decimal(turns, 'fr')} tours" in fr and "," in decimal(turns, "fr")
    assert f"{net} cases" not in fr and f"{turns} tours" not in fr
    assert decimal(net, "en") in en and f"{decimal(turns, 'en')} turns" in en
    day = {lang: long_date(model.info.date, lang).replace("\xa0", " ") for lang in ("fr", "en")}
    assert f"version {model.info.version} du {day['fr']}" in fr and day["en"] in en
    for text in (fr, en):
        assert "'" not in text and '"' not in text
    assert "“polka-dot jersey”" in en


def test_the_rulebook_lists_the_choices_of_this_edition_for_players(kits) -> None:
    for lang, title in (("fr", "Choix faits pour cette édition"), ("en", "Choices made for this edition")):
        text = pdf_text(kits[lang] / "rulebook.pdf")
        assert title in text
        assert "TDQ-" not in text and "vérificateur" not in text and "checker" not in text.lower()
    assert "Le paquet Imprévu compte" in pdf_text(kits["fr"] / "rulebook.pdf")


# --- 10. sizes

STAMP_OR_LABEL = ("v1.0 ·", "50 mm")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("name", ["cards.pdf", "pieces.pdf", "board-a.pdf"])
def test_nothing_a_player_reads_is_below_6_pt(kits, lang, name) -> None:
    path = kits[lang] / name
    small = [(i + 1, r.text, round(r.size, 2)) for i in range(pages(path)) for r in runs(path, i)
             if r.size < 5.95 and not any(s in r.text for s in STAMP_OR_LABEL)]
    assert not small, small[:10]
