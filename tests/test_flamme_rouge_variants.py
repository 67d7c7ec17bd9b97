"""Flamme Rouge house-rule variants: the model loads; every rules check fires on a broken copy of the data and
stays silent on the shipped data; the kit builds in French and English (once for the module) and is read back
(files, manifest counts against the model, PDF pages and texts); the booklet shows the data's numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.check import Severity, run_checks
from pnp.games.flamme_rouge_variants import checks as C
from pnp.layout.rulebook_context import render_rulebook_markdown
from pnp.model import load_game

from kit_helpers import ONE_BOARD_KIT, broken_game, build_kits, rule_ids

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data" / "flamme-rouge-variants"
FILES = ONE_BOARD_KIT


@pytest.fixture(scope="module")
def model():
    return load_game(DATA)


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    return build_kits(tmp_path_factory.mktemp("frv"), "flamme-rouge-variants")


def broken(tmp_path: Path, *edits) -> list:
    """Copy the game, apply (file, old, new) edits (old must be there), and run every check."""
    return broken_game(tmp_path, "flamme-rouge-variants", *edits)


def rules(findings, severity=Severity.ERROR) -> set[str]:
    return rule_ids(findings, severity)


def _text(path: Path) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(str(path)).pages)


# --- model and checks

def test_model_loads_with_the_kit_contents(model) -> None:
    f = model.facts
    assert model.info.nature == "house-rules"
    for deck_id, n in f.components.items():
        assert model.deck(deck_id).size == n
    assert len(f.world_cup.points) == 12 and f.world_cup.points[0] == 25 and sum(f.world_cup.points) == 116
    assert sorted(f.world_cup.form.values) == [3] * 6 + [4] * 4 + [5] * 2
    assert f.profiles["grimpeur"].values == (2, 3, 4, 6, 7)
    assert model.boards[0].layout == "roundabout"


def test_shipped_data_has_no_error_or_warning_and_every_decision_is_a_question(model) -> None:
    findings = run_checks(model)
    assert not [f for f in findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    assert {d.id for d in model.decisions} <= rules(findings, Severity.QUESTION)
    assert all(d.id.startswith("FRV-D-") for d in model.decisions)


def test_mountain_generator_regenerates_the_table(model) -> None:
    for length, row in model.facts.mountain.lengths.items():
        assert list(row) == C.mountain_row(length)
    assert C.mountain_row(12) == [12, 6, 3, 1] and C.mountain_row(10) == [10, 5, 2, 1]


@pytest.mark.parametrize("rule, edits", [
    ("FRV-DECK-PROFILE", [("grimpeur.csv", "grimpeur-rouge-7,energy,rouge,7,3", "grimpeur-rouge-7,energy,rouge,8,3")]),
    ("FRV-DECK-PROFILE", [("sprinteur.csv", "sprinteur-bleu-6,energy,bleu,6,3", "sprinteur-bleu-6,energy,bleu,6,2")]),
    ("FRV-DECK-ATTACK", [("attaque.csv", "attaque-vert,attack,vert,3", "attaque-vert,attack,vert,2")]),
    ("FRV-FORM", [("forme.csv", "forme-noir-5,form,noir,5,2", "forme-noir-5,form,noir,5,3")]),
    ("FRV-DECK-EXHAUSTION", [("decks.yaml", "kind: exhaustion, value: 2", "kind: exhaustion, value: 3")]),
    ("FRV-MOUNTAIN-GEN", [("rules.yaml", "8: [8, 4, 2, 1]", "8: [8, 4, 1]")]),
    ("FRV-SCALE", [("rules.yaml", "intermediate: [9, 6, 3]", "intermediate: [9, 9, 3]")]),
    ("FRV-SCALE", [("rules.yaml", "11: 2, 12: 1}", "11: 2}")]),
    ("FRV-WEATHER", [("rules.yaml", "die: {1: -1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1}", "die: {1: -1, 2: 0, 3: 0, 4: 0, 5: 0}")]),
    ("FRV-WEATHER", [("rules.yaml", "effects: {1: cold, 2: none, 3: none, 4: none, 5: hot}",
                      "effects: {1: cold, 2: none, 3: none, 5: hot}")]),
    ("FRV-TERRAIN", [("rules.yaml", "crash_thresholds: {descente: 0, plat: 2, paves: 2, montagne: 3}",
                      "crash_thresholds: {descente: 0, plat: 2, montagne: 3}")]),
    ("FRV-WIND", [("rules.yaml", "rose: [face, profil, dos, profil]", "rose: [face, profil, face, profil]")]),
    ("FRV-TOKENS", [("decks.yaml", "{id: musette, kind: musette, qty: 18}", "{id: musette, kind: musette, qty: 12}"),
                    ("rules.yaml", "musettes: 18", "musettes: 12")]),
    ("FRV-TOKENS", [("decks.yaml", "{id: regulier, kind: ghost, qty: 8}", "{id: regulier, kind: ghost, qty: 7}"),
                    ("rules.yaml", "fantomes: 24", "fantomes: 23")]),
    ("FRV-TILE", [("boards.yaml", 'map: ["#.#", "..."]', 'map: ["...", "..."]')]),
    ("FRV-TILE", [("decks.yaml", "card_size: 30x60", "card_size: 30x50")]),
    ("FRV-TILE", [("boards.yaml", "options: {lane_mm: 30,", "options: {lane_mm: 28,")]),
    ("FRV-TILE", [("boards.yaml", "short_lane: inner}", "short_lane: outer}")]),
    ("FRV-SHEETS", [("rules.yaml", "rows: 18", "rows: 12")]),
    ("FRV-MANIFEST", [("rules.yaml", "grimpeur: 90", "grimpeur: 75")]),
    ("FRV-IDENTITY", [("game.yaml", "nature: house-rules", "nature: prototype")]),
])
def test_each_check_fires_on_a_broken_copy(tmp_path, rule, edits) -> None:
    assert rule in rules(broken(tmp_path, *edits))


def test_ghost_and_sheet_warnings(tmp_path) -> None:
    found = broken(tmp_path, ("rules.yaml", "regulier:  {values: middle, count: 1", "regulier:  {values: middle, count: 3"),
                   ("decks.yaml", "single_sided: true", "single_sided: false"))
    answered = {f.rule for f in found if f.severity is Severity.QUESTION}
    assert "FRV-GHOST" in answered  # resolved by FRV-D-GHOST-RANKS: a question, not a warning
    assert "FRV-SHEETS" in rules(found, Severity.WARNING)


# --- the kit, read back

def test_every_file_of_both_kits_is_written(kits) -> None:
    for kit in kits.values():
        assert sorted(p.name for p in kit.iterdir() if not p.name.startswith(".")) == sorted(FILES)


def test_manifest_counts_equal_the_model(kits, model) -> None:
    f = model.facts
    for lang, kit in kits.items():
        manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
        counts = manifest["components"]
        assert counts["cards"] == {k: f.components[k] for k in ("grimpeur", "sprinteur", "attaque", "fatigue", "forme")}
        assert {k: counts["pieces"][k] for k in ("musettes", "statuts", "fantomes", "pourcentages")} == \
            {k: f.components[k] for k in ("musettes", "statuts", "fantomes", "pourcentages")}
        assert counts["pieces"]["feuilles"] == 4 and counts["pieces"]["references"] == 2
        assert counts["boards"] == {"rond-point": ["a"]}
        assert manifest["language"] == lang
        for entry in manifest["files"]:
            if entry["name"].endswith(".pdf"):
                assert entry["pages"] == len(PdfReader(str(kit / entry["name"])).pages)


def test_score_sheets_are_printed_single_sided(kits) -> None:
    manifest = json.loads((kits["fr"] / "manifest.json").read_text(encoding="utf-8"))
    pieces = next(e for e in manifest["files"] if e["name"] == "pieces.pdf")
    reader = PdfReader(str(kits["fr"] / "pieces.pdf"))
    texts = [page.extract_text() for page in reader.pages]
    # the four score sheets, each a front with no back, outside every duplex range
    sheets = [i + 1 for i, t in enumerate(texts)
              if any(k in t for k in ("feuille d’étape", "Coupe du monde")) and "Aide de jeu" not in t]
    assert len(sheets) >= 2, sheets
    for page in sheets:
        assert not any(a <= page <= b for a, b in pieces["duplex_pages"]), page
    assert "feuille d’étape" in texts[sheets[0] - 1] and "Coupe du monde" in texts[sheets[-1] - 1]


def test_cards_and_pieces_carry_their_texts(kits, model) -> None:
    f = model.facts
    cards = _text(kits["fr"] / "cards.pdf")
    assert "GRIMPEUR" in cards and "ATTAQUE" in cards and "ÉTAT DE FORME" in cards and "FATIGUE" in cards
    assert f"Pas limité à {f.mountain_cap} en montée." in cards
    pieces = _text(kits["fr"] / "pieces.pdf")
    assert "MUSETTE" in pieces and "OFFENSIF" in pieces and "PÉPIN MÉCANIQUE" in pieces
    assert f"−{f.crash.penalty_cards} cartes" in pieces and f"−{f.puncture.penalty_squares} cases" in pieces
    assert "Échelle météo".upper() in pieces and "ROSE DES VENTS" in pieces
    assert " ".join(map(str, f.world_cup.points[:4])) in pieces
    en = _text(kits["en"] / "cards.pdf") + _text(kits["en"] / "pieces.pdf")
    assert "CLIMBER" in en and "ATTACK" in en and "AGGRESSIVE" in en and "WIND ROSE" in en
    assert "GRIMPEUR" not in en and "Coureur" not in en


def test_board_is_the_roundabout_tile_at_true_size(kits, model) -> None:
    board = model.boards[0]
    box = PdfReader(str(kits["fr"] / "board-a.pdf")).pages[0].trimbox
    w_mm, h_mm = float(box.width) / 72 * 25.4, float(box.height) / 72 * 25.4
    assert abs(w_mm - board.width_mm) < 0.1 and abs(h_mm - board.height_mm) < 0.1
    svg = (kits["en"] / "board-a.svg").read_text(encoding="utf-8")
    assert "ROUNDABOUT" in svg and 'id="road"' in svg


def test_rulebook_shows_the_data_numbers(kits, model) -> None:
    f = model.facts
    md = render_rulebook_markdown(model)
    for n, row in f.mountain.lengths.items():
        assert f"| {n} | {' – '.join(map(str, row))} |" in md
    assert " | ".join(map(str, f.world_cup.points)) in md
    assert f"{f.time.card_seconds} secondes par carte jouée" in md
    assert f"{model.deck('grimpeur').size} cartes Grimpeur" in md
    assert "fig:board:a" in md and "fig:card:feuilles/feuille-etape" in md
    fr, en = _text(kits["fr"] / "rulebook.pdf"), _text(kits["en"] / "rulebook.pdf")
    assert "Le rond-point".lower() in fr.lower() or "Rond-point" in fr
    assert "Roundabout" in en and "World Cup" in en and "rond-point" not in en


def test_decks_of_different_sizes_sharing_a_back_get_a_back_of_their_own_size(model) -> None:
    """The weather track (186 x 62) and the wind rose (120 x 120) share one back layout: each size
    gets its own drawing, named apart (a painter reuses a drawing by its name). The reference sheets
    are single-sided: no back."""
    from pnp.layout.cards import card_arts
    from pnp.layout.faces.common import CardContext
    from pnp.layout.paper import card_size
    from pnp.layout.templates import card_texts
    from pnp.paths import templates_dir

    texts = card_texts(model)
    backs = {}
    for deck_id in ("meteo", "rose"):
        deck = next(d for d in model.decks if d.id == deck_id)
        size = card_size(deck.card_size)
        art = next(card_arts(model, CardContext(model, size, 3.0, texts), [deck], []))
        backs[deck_id] = art.back
        assert (art.back.width, art.back.height) == (art.front.width, art.front.height)
    assert len({b.key for b in backs.values()}) == 2


def test_the_kit_contents_name_the_pieces_each_part_holds(kits) -> None:
    cover = PdfReader(str(kits["en"] / "kit.pdf")).pages[0].extract_text()
    assert "Wind rose: cut along the crop marks." in cover
    assert "Player aids, one per player" not in cover


def test_the_game_title_is_translated_where_it_is_a_description(kits) -> None:
    english = PdfReader(str(kits["en"] / "kit.pdf")).pages[0].extract_text()
    french = PdfReader(str(kits["fr"] / "kit.pdf")).pages[0].extract_text()
    assert "Flamme Rouge · house rules" in english and "variantes maison" not in english
    assert "Flamme Rouge · variantes maison" in french
