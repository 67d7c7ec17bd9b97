"""Tour de France (MB), the publisher's review (issue 15), read back from the built kit: miss-a-turn
markers counted from the rules, the movement diagrams drawn from the real course by the movement
rules, the English letters, a pictogram per kind of risk card, single-sided reference sheets, French
ordinals and decimals, a player-facing "choices" section, and no text a player reads below 6 pt."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.games.tour_de_france_mb import checks as C
from pnp.games.tour_de_france_mb import figures as F
from pnp.games.tour_de_france_mb.moves import reach, step_refusal, steps
from pnp.layout.rulebook_context import render_rulebook_markdown
from pnp.layout.rulebook_figures import Figures, figure_refs, figure_scene
from pnp.layout.scene import Group, Symbol, Text, Use
from pnp.model import load_game

from kit_helpers import ROOT, broken_game, build_kits, pdf_text, rule_ids, text_runs

GAME = ROOT / "data" / "tour-de-france-mb"
READABLE_PT = 6.0


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    return build_kits(tmp_path_factory.mktemp("tdf-kit15"), "tour-de-france-mb")


@pytest.fixture(scope="module")
def model():
    return load_game(GAME)


@pytest.fixture(scope="module")
def side(model):
    return C.course_side(model)[1]


def page_texts(path: Path) -> list[str]:
    return [p.extract_text() or "" for p in PdfReader(str(path)).pages]


def flat(text: str) -> str:
    """``text`` on one line, words joined by single spaces (a PDF's text breaks where its lines do)."""
    return " ".join(text.split())


def sheet_label(page: str) -> str:
    """The label a sheet prints in its margin ("... · feuille 1/3 · recto"), or ""."""
    return next((line for line in page.splitlines() if " · feuille " in line or " · sheet " in line), "")


# --- 1. miss-a-turn markers

def test_markers_are_one_per_cyclist_that_can_be_stopped_at_once(model) -> None:
    f = model.facts
    markers = [t for t in model.tokens if t.kind == C.MARKER]
    assert len(markers) == 1 and markers[0].face == "tdf-lost-turn"
    # a crash stops the fallen cyclist and its 8 neighbours: the deck can stop every cyclist of the course
    assert C.stopped_at_once(model) == len(f.teams) * f.cyclists_per_team
    assert C.lost_turn_markers(model) == markers[0].count == C.stopped_at_once(model)
    # the pawns are still 4 per team, 16 in all
    assert sum(t.count for t in model.tokens if t.kind == "pawn") == f.components.pawns


def test_too_few_markers_is_an_error(tmp_path) -> None:
    findings = broken_game(tmp_path, "tour-de-france-mb",
                           ("tokens.yaml", "count: 12, size_mm: 14, face: tdf-lost-turn",
                            "count: 5, size_mm: 14, face: tdf-lost-turn"))
    assert "TDF-SUPPLY-MARKERS" in rule_ids(findings)


def test_fewer_stopping_cards_need_fewer_markers(tmp_path) -> None:
    from pnp.model import load_game as load

    broken_game(tmp_path, "tour-de-france-mb",
                ("rules.yaml", "crash_neighbours: 8", "crash_neighbours: 2"),
                ("risque.csv", "chute,unfavourable,rouge,Chute,crash,1,2", "chute,unfavourable,rouge,Chute,crash,1,1"),
                ("risque.csv", "crevaison,unfavourable,rouge,Crevaison,lose-turn,1,3",
                 "crevaison,unfavourable,rouge,Crevaison,lose-turn,1,4"))
    assert C.stopped_at_once(load(tmp_path / "tour-de-france-mb")) == 1 * 3 + 4


def test_markers_are_printed_with_their_name_in_both_languages(kits, model) -> None:
    for lang, words in (("fr", "PASSE UN"), ("en", "MISS A")):
        manifest = json.loads((kits[lang] / "manifest.json").read_text(encoding="utf-8"))
        assert manifest["components"]["tokens"]["passe-un-tour"] == C.lost_turn_markers(model)
        text = pdf_text(kits[lang] / "pieces.pdf")
        assert text.count(words) == C.lost_turn_markers(model) * 2   # recto and verso
    rulebook = flat(pdf_text(kits["fr"] / "rulebook.pdf"))
    assert f"{C.lost_turn_markers(model)} jetons Passe un tour" in rulebook
    assert "tourné vers l’arrière" not in rulebook and "jeton Passe un tour sur sa case" in rulebook
    assert "miss-a-turn marker on its square" in flat(pdf_text(kits["en"] / "rulebook.pdf"))


# --- 2. movement diagrams from the real course

def test_a_cyclist_steps_straight_or_diagonally_forward_only(side) -> None:
    at = (6, 4)
    assert steps(side, at, set()) == [(7, 3), (7, 4), (7, 5)]
    assert step_refusal(side, at, (5, 4), set()) == "back"
    assert step_refusal(side, at, (6, 5), set()) == "side"
    assert step_refusal(side, (6, 1), (7, 0), set()) == "off"
    assert step_refusal(side, at, (7, 4), {(7, 4)}) == "taken"
    # two cyclists touching at a corner close the diagonal between them
    assert step_refusal(side, at, (7, 5), {(7, 4), (6, 5)}) == "squeeze"
    assert steps(side, at, {(7, 4), (6, 5)}) == [(7, 3)]
    assert reach(side, at, 2, set()) == {(8, lane) for lane in range(2, 7)}


def test_the_diagrams_are_windows_of_the_course_judged_by_the_rules(model, side) -> None:
    refs = figure_refs(render_rulebook_markdown(model))
    assert "moves" in refs and "block" in refs
    teams = model.facts.teams
    for ref, cast in (("moves", F.moves_cast(side, teams)), ("block", F.block_cast(side, teams))):
        scene = figure_scene(model, ref)
        assert scene.meta["mover"] == cast.mover
        assert scene.meta["open"] == steps(side, cast.mover, set(cast.others))
        # a window of 3 x 3 squares of the real course, and clear of its start marks and lines
        assert scene.width == pytest.approx(F.WINDOW * side.square_mm + 2 * F.MARGIN)
        window = {(cast.mover[0] + dc, cast.mover[1] + dl) for dc in (-1, 0, 1) for dl in (-1, 0, 1)}
        assert all(side.is_road(*sq) for sq in window)
        assert not {(s.column, s.lane) for s in side.spaces if s.kind != "risk"} & window
    block = F.block_cast(side, teams)
    c, lane = block.mover
    assert step_refusal(side, block.mover, (c + 1, lane + 1), set(block.others)) == "squeeze"
    assert len(figure_scene(model, "moves").meta["open"]) == 3


# --- 3. English letters and risk pictograms

def test_english_jersey_figures_are_lettered_y_and_g(kits) -> None:
    # the jersey figures are the last standees: on the last page of the standees
    english = [t for t in page_texts(kits["en"] / "pieces.pdf") if "standees" in sheet_label(t)][-1]
    letters = {line.strip() for line in english.splitlines()}
    assert {"Y", "G"} <= letters and "P" not in letters and "V" not in letters
    french = [t for t in page_texts(kits["fr"] / "pieces.pdf") if "figurines" in sheet_label(t)][-1]
    assert {"J", "V"} <= {line.strip() for line in french.splitlines()}


def _shapes(items) -> list[str]:
    """The drawing of a face without its words: every shape, recursively."""
    out: list[str] = []
    for item in items:
        if isinstance(item, Text):
            continue
        if isinstance(item, Group):
            out += _shapes(item.items)
        elif isinstance(item, Use):
            out += _shapes(item.symbol.items)
        elif isinstance(item, Symbol):
            out += _shapes(item.items)
        else:
            out.append(repr(item))
    return out


def test_every_kind_of_risk_card_has_its_own_pictogram(model) -> None:
    f = Figures(model, None)
    deck = model.deck(model.facts.risk_deck.deck)
    by_effect: dict[str, list[str]] = {}
    for card in deck.cards:
        sym, _, _ = f.card(deck.id, card.id)
        by_effect[card.fields["effect"]] = _shapes(sym.items)
    assert set(by_effect) == C.RISK_EFFECTS
    drawings = [tuple(v) for v in by_effect.values()]
    assert len(set(drawings)) == len(drawings)


# --- 4. reference sheets printed on one side

def test_reference_sheets_have_no_back(kits, model) -> None:
    sheets = [d for d in model.decks if d.face in ("tdf-standings", "tdf-points")]
    assert sheets and all(d.single_sided for d in sheets)
    for lang, deck_name in (("fr", "Tableau des Points"), ("en", "Points Table")):
        labels = [sheet_label(t) for t in page_texts(kits[lang] / "pieces.pdf")]
        labels = [label for label in labels if deck_name in label]
        assert len(labels) == sum(d.size for d in sheets)
        assert all(label.endswith(("recto", "front")) for label in labels), labels


# --- 5. typography

def test_points_table_prints_ordinals(kits) -> None:
    fr = pdf_text(kits["fr"] / "pieces.pdf")
    assert "Cycliste classé 1er" in fr and "Cycliste classé 2e" in fr and "Équipe classée 1re" in fr
    assert not re.search(r"\b1e\b", fr)
    en = pdf_text(kits["en"] / "pieces.pdf")
    assert "Cyclist placed 1st" in en and "Team placed 2nd" in en and "Racer placed 3rd" in en


def test_french_rulebook_has_no_decimal_point(kits, model) -> None:
    text = pdf_text(kits["fr"] / "rulebook.pdf")
    version = re.escape(model.info.version)
    assert not re.findall(r"\d\.\d", re.sub(rf"v(ersion )?{version}", "", text))
    assert "1er mai 2024" in text


# --- 6. the choices section

def test_choices_section_is_short_and_speaks_to_players(kits, model) -> None:
    for lang, title in (("fr", "Choix faits pour cette édition"), ("en", "Choices made for this edition")):
        text = flat(pdf_text(kits[lang] / "rulebook.pdf"))
        assert title in text
        section = text.split(title, 1)[1]
        words = len(re.sub(r"Tour de France v\S+ · .*", "", section).split())
        assert words < 190, words
        assert "TDF-" not in text
        for banned in ("vérificateur", "checker", "décidé, et pourquoi", "decided, and why"):
            assert banned not in text
    assert "Choix du kit" not in pdf_text(kits["fr"] / "rulebook.pdf")


# --- 7. nothing a player reads below 6 pt

def _small_runs(path: Path, below: float) -> list[tuple[int, float, str]]:
    return [(page, size, text) for page, size, text in text_runs(path) if size < below - 0.05]


def test_no_text_a_player_reads_is_below_6_pt(kits, model) -> None:
    stamp = f"{model.info.title} v{model.info.version}"
    for lang, kit in kits.items():
        for name in ("cards.pdf", "pieces.pdf", "board-a.pdf"):
            small = [r for r in _small_runs(kit / name, READABLE_PT)
                     if not r[2].startswith(stamp) and "50 mm" not in r[2]]
            assert small == [], (lang, name, small[:5])
