"""Le jeu du Tour de France: the kit built once per language into a temporary folder and read back: files,
manifest counts against the model, PDFs (pages, text), the board SVG (groups, texts), the rulebook's numbers,
and the translation of the quiz texts."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.games.tour_de_france_quiz import checks as C
from pnp.i18n.formats import decimal
from pnp.layout.rulebook_context import render_rulebook_markdown
from pnp.model import load_game

from kit_helpers import ONE_BOARD_KIT, build_kits, pdf_text

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "data" / "tour-de-france-quiz"
FILES = ONE_BOARD_KIT
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    return build_kits(tmp_path_factory.mktemp("tdq"), "tour-de-france-quiz")


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
        want = {ref.deck: ref.cards for key, ref in f.decks.items() if key != "jerseys"}
        assert counts["cards"] == want
        assert counts["pieces"] == {f.decks.jerseys.deck: f.decks.jerseys.cards, "aide": 1, "feuille": 1,
                                    f.dice_nets: f.dice.count}
        assert sum(counts["cards"].values()) + f.decks.jerseys.cards == f.components.cards
        assert counts["standees"] == f.components.pawns
        assert counts["boards"] == {"plateau": ["a"]}
        assert manifest["language"] == lang
        for entry in manifest["files"]:
            if entry["name"].endswith(".pdf"):
                assert entry["pages"] == len(PdfReader(str(kit / entry["name"])).pages)


def test_cards_carry_questions_answers_and_values(kits, model) -> None:
    cards = pdf_text(kits["fr"] / "cards.pdf")
    assert "QUESTIONS VILLES ÉTAPES" in cards and "TOURISME" in cards and "CYCLISME" in cards
    assert "Maurice Garin" in cards and "1903" in cards and "La Garonne" in cards
    assert "JOKER" in cards and "STRATÉGIE DE COURSE" in cards and "+3" in cards
    pieces = pdf_text(kits["fr"] / "pieces.pdf")
    assert "MAILLOT JAUNE" in pieces and "Les cases du parcours" in pieces and "Feuille de points des maillots" in pieces
    en = pdf_text(kits["en"] / "cards.pdf") + pdf_text(kits["en"] / "pieces.pdf")
    assert "TOURISM" in en and "CYCLING" in en and "Which river flows through Bordeaux?" in en
    assert "The Garonne" in en and "Quel fleuve" not in en and "Jersey points tally" in en


def test_board_svg_has_the_track_groups_and_texts(kits, model) -> None:
    _, side = C.track_side(model)
    root = ET.parse(kits["fr"] / "board-a.svg").getroot()
    ids = {g.get("id") for g in root.iter(f"{SVG}g") if g.get("id")}
    assert {"background", "road", "squares", "labels", "legend", "title"} <= ids
    texts = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))
    for town in ("Brest", "Bordeaux", "Clermont-Ferrand"):
        assert town in texts
    assert "PROLOGUE" in texts and "ARRIVÉE" in texts and "CHAMPS-ÉLYSÉES" in texts
    squares = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "squares")
    assert len(squares.findall(f".//{SVG}rect")) >= side.columns
    en = " ".join("".join(t.itertext()) for t in ET.parse(kits["en"] / "board-a.svg").getroot().iter(f"{SVG}text"))
    assert "FINISH" in en and "CRASH" in en


def test_rulebook_shows_the_numbers_of_the_data(kits, model) -> None:
    md = render_rulebook_markdown(model)
    f = model.facts
    p = C.pace(model)
    assert f"{f.components.cards} cartes" in md
    assert f"{f.decks.questions.cards} cartes Questions" in md and f"{f.decks.mishaps.cards} cartes Imprévu" in md
    assert f"reculez de {f.setback} cases" in md and f"{decimal(round(p['turns'], 1), 'fr')} tours" in md
    text = pdf_text(kits["fr"] / "rulebook.pdf")
    assert "But du jeu" in text and "Pourquoi ce parcours" in text
    assert "Goal of the game" in pdf_text(kits["en"] / "rulebook.pdf")
