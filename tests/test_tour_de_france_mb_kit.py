"""Tour de France (MB): the kit built once per language into a temporary folder and read back: files,
manifest counts against the model, PDFs (pages, text), the board SVG (groups, texts), the rulebook's numbers."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.games.tour_de_france_mb import checks as C
from pnp.layout.rulebook_context import render_rulebook_markdown
from pnp.model import load_game

from kit_helpers import ONE_BOARD_KIT, build_kits, kit_pages_without_blanks, pdf_text

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "data" / "tour-de-france-mb"
FILES = ONE_BOARD_KIT
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    return build_kits(tmp_path_factory.mktemp("tdf"), "tour-de-france-mb")


@pytest.fixture(scope="module")
def model():
    return load_game(GAME)


def test_every_file_of_both_kits_is_written(kits) -> None:
    for kit in kits.values():
        assert sorted(p.name for p in kit.iterdir()) == sorted(FILES)


def test_manifest_counts_equal_the_model(kits, model) -> None:
    f = model.facts
    for lang, kit in kits.items():
        manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
        counts = manifest["components"]
        assert counts["cards"] == {"course": f.components.race_cards, "risque": f.components.risk_cards}
        assert counts["pieces"] == {"classements": 2, "points": 1}  # a standings sheet per classification
        pawns = {k: v for k, v in counts["tokens"].items() if k.startswith("pion-")}
        assert sum(pawns.values()) == f.components.pawns
        assert set(pawns.values()) == {f.components.pawns_per_player}
        assert counts["standees"] == f.components.cyclists
        assert counts["boards"] == {"plateau": ["a"]}
        assert manifest["language"] == lang
        for entry in manifest["files"]:
            if entry["name"].endswith(".pdf"):
                assert entry["pages"] == len(PdfReader(str(kit / entry["name"])).pages)


def test_cards_and_pieces_carry_their_texts(kits, model) -> None:
    cards = pdf_text(kits["fr"] / "cards.pdf")
    assert "CARTE-COURSE" in cards and "CARTE-SPRINT" in cards and "CHUTE" in cards
    assert "2-1-1" in cards and "3-2-1" in cards
    pieces = pdf_text(kits["fr"] / "pieces.pdf")
    p = model.facts.points
    assert "Tableau des Points" in pieces and "dizaines" in pieces and "unités" in pieces
    assert f"{p.road_individual[0]} points" in pieces and f"{p.ttt_team[0]} points" in pieces
    en = pdf_text(kits["en"] / "cards.pdf") + pdf_text(kits["en"] / "pieces.pdf")
    assert "RACE CARD" in en and "CRASH" in en and "Points Table" in en and "tens" in en
    assert "Carte-Course" not in en


def test_board_svg_has_the_course_groups_and_texts(kits, model) -> None:
    board = model.boards[0]
    side = board.sides[0]
    w, h = board.size_mm(side)
    assert w <= 600 and h <= 420
    root = ET.parse(kits["fr"] / "board-a.svg").getroot()
    assert root.get("width") == f"{w:g}mm" and root.get("height") == f"{h:g}mm"
    ids = {g.get("id") for g in root.iter(f"{SVG}g")}
    assert {"road", "squares", "bands", "risk", "lines", "labels", "finish-table", "legend", "title"} <= ids
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert "Ligne verte" in texts and "ARRIVÉE" in texts and "CLM 1" in texts and "CLM 2" in texts
    slots = [str(n) for n in range(1, model.facts.components.finish_slots + 1)]
    assert set(slots) <= set(texts)
    risk = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "risk")
    assert len(list(risk.iter(f"{SVG}circle"))) == 2 * len(side.marks("risk"))
    en = [t.text or "" for t in ET.parse(kits["en"] / "board-a.svg").getroot().iter(f"{SVG}text")]
    assert "Green line" in en and "FINISH" in en


def test_rulebook_shows_the_numbers_of_the_data(kits, model) -> None:
    f = model.facts
    md = render_rulebook_markdown(model)
    _, side = C.course_side(model)
    assert f"{f.components.race_cards} cartes-Course" in md
    assert f"{f.risk_deck.favourable} bleues" in md
    assert f"à {C.stage_distance(side)} cases des bandes" in md
    assert "\u00a0–\u00a0".join(map(str, f.points.road_individual)) in md  # bound: never wraps in its cell
    assert f"marque {f.points.green_first} points" in md
    assert f"{f.individual_time_trial.hand} cartes-Course" in md
    best = C.max_scores(model)
    assert f"{best['individual']} points au classement individuel" in md
    assert len(re.findall(r"\(fig:", md)) >= 7
    text = pdf_text(kits["fr"] / "rulebook.pdf")
    assert "Le Tableau des Points" in text and "contre la montre individuel" in text
    en = pdf_text(kits["en"] / "rulebook.pdf")
    assert "The individual time trial" in en and "Points Table" in en


def test_kit_pdf_holds_every_page(kits) -> None:
    kit = kits["fr"]
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    pages = {e["name"]: e["pages"] for e in manifest["files"] if e["name"].endswith(".pdf")}
    expected = 1 + pages["rulebook.pdf"] + pages["cards.pdf"] + pages["pieces.pdf"] + pages["board-a-a4.pdf"]
    assert kit_pages_without_blanks(kit / "kit.pdf") == expected
