"""Maillot Jaune: the model, every check (silent on the shipped data, firing on a broken copy),
the kit built once and read back, the board SVG, the rulebook's numbers, the English catalog."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions, build_game
from pnp.check import Severity, run_checks
from pnp.check.declared import declared_checks
from pnp.games import maillot_jaune as mj
from pnp.games.maillot_jaune.facts import PUNCTURE, outcome_key, outcomes
from pnp.model import load_game

from kit_helpers import ONE_BOARD_KIT

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "data" / "maillot-jaune"
FILES = ONE_BOARD_KIT


@pytest.fixture(scope="module")
def model():
    return load_game(GAME)


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("mj-kit")
    build_game(GAME, BuildOptions(out=out))
    return out / "maillot-jaune" / "fr"


def _text(pdf: Path) -> str:
    return "\n".join(p.extract_text() or "" for p in PdfReader(str(pdf)).pages)


# --- the model

def test_model_loads_with_the_rules_numbers(model) -> None:
    f = model.facts
    assert len(model.riders) == f.riders == 9
    assert f.course.squares == model.boards[0].sides[0].columns == 84
    assert [list(s) for s in f.course.stages] == [["plaine", "montee"], ["montee", "descente"], ["descente", "plaine"]]
    assert (f.energy.max, f.form.max, f.breakaway.risky_max) == (6, 20, 4)
    assert len(model.standees) == 10 and sum(1 for s in model.standees if not s.rider) == 1


def test_dice_table_covers_the_36_throws_and_doubles_have_their_rows(model) -> None:
    table = model.facts.risky_table
    keys = [outcome_key(a, b) for a, b in outcomes(6)]
    assert len(keys) == 36 and all(k in table for k in keys)
    assert set(table) == set(keys)
    assert [k for k, v in table.items() if v == PUNCTURE] == ["3/3", "4/4", "5/5"]
    assert table["1/1"] != table.get("2")  # a double is not its total


def test_shipped_data_has_no_error_or_warning_and_lists_every_decision(model) -> None:
    findings = run_checks(model)
    bad = [f.render() for f in findings if f.severity is not Severity.QUESTION]
    assert bad == []
    questions = {f.rule for f in findings if f.severity is Severity.QUESTION}
    assert {d.id for d in model.decisions} <= questions
    for needed in ("MJ-D-PLAYERS", "MJ-D-AGE-DURATION", "MJ-D-NAMES", "MJ-D-STARS", "MJ-D-LANES", "MJ-D-IDENTITY"):
        assert needed in questions


# --- every check fires on a broken copy

BROKEN = [
    ("needles.csv", "aiguille-ptt,needle,ptt\n", "", "MJ-PARITY"),
    ("riders.yaml", "  - {id: figurine-vercors,       rider: vercors}\n", "", "MJ-MANIFEST"),
    ("rules.yaml", "players: {min: 2, max: 9}", "players: {min: 2, max: 10}", "MJ-PLAYERS"),
    ("jerseys.yaml", "award: true, mark: none", "mark: none", "MJ-JERSEY"),
    ("rules.yaml", "    - [montee, descente]", "    - [montee, cobbles]", "MJ-COURSE"),
    ("rules.yaml", "    - [descente, plaine]", "    - [descente, montee]", "MJ-TERRAIN-BALANCE"),
    ("boards.yaml", "{id: arrivee-2, kind: finish, column: 57}", "{id: arrivee-2, kind: finish, column: 58}",
     "MJ-BOARD"),
    ("boards.yaml", "options: {section_squares: 14}", "options: {section_squares: 12}", "MJ-BOARD"),
    ("riders.yaml", "stars: {plaine: 3, montee: 2, descente: 1}}", "stars: {plaine: 4, montee: 2, descente: 1}}",
     "MJ-STARS-RANGE"),
    ("riders.yaml", "stars: {plaine: 1, montee: 3, descente: 2}}", "stars: {plaine: 1, montee: 3, descente: 3}}",
     "MJ-STARS-EQUAL"),
    ("riders.yaml", "colour: kaki,      profile: rouleur-grimpeur}", "colour: kaki,      profile: grimpeur-rouleur}",
     "MJ-STARS-SPREAD"),
    ("rules.yaml", '  "11":  [4, 5, 6, 7]', '  "12":  [4, 5, 6, 7]', "MJ-DICE-COMPLETE"),
    ("rules.yaml", '  "10":  [0, 0, 1, 2]', '  "10":  [0, 3, 1, 2]', "MJ-DICE-MONOTONIC"),
    ("rules.yaml", "  safe_cost: 1 ", "  safe_cost: 3 ", "MJ-DICE-RISK"),
    ("rules.yaml", "  start: 6                        # set again", "  start: 5                        # set again",
     "MJ-GAUGES"),
    ("rules.yaml", "  section_squares: 14", "  section_squares: 3", "MJ-TACTIC"),
    ("tokens.yaml", "  - {id: crevaison, kind: puncture,", "  - {id: crevaison, kind: marker,", "MJ-TOKENS"),
]


@pytest.mark.parametrize("name, old, new, rule", BROKEN, ids=[b[3] + ":" + b[0] for b in BROKEN])
def test_each_check_fires_on_a_broken_copy(tmp_path: Path, name: str, old: str, new: str, rule: str) -> None:
    folder = tmp_path / "maillot-jaune"
    shutil.copytree(GAME, folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    broken = load_game(folder)
    found = mj.check(broken) + declared_checks(broken)  # MJ-DICE-MONOTONIC is declared in rules.yaml
    assert rule in {f.rule for f in found if f.severity is not Severity.QUESTION}
    assert rule not in {f.rule for f in mj.check(load_game(GAME))}


def test_every_check_has_a_rule_id_in_its_docstring() -> None:
    for check in mj.CHECKS:
        assert re.match(r"MJ-[A-Z-]+:", check.__doc__ or ""), check.__name__


# --- the kit

def test_kit_files_and_manifest_counts_equal_the_model(kit: Path, model) -> None:
    assert sorted(p.name for p in kit.iterdir() if not p.name.startswith(".")) == sorted(FILES)
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    c = manifest["components"]
    comp = model.facts.components
    assert c["cards"] == {"coureurs": comp.rider_cards}
    assert c["pieces"] == {"aiguilles": comp.energy_needles, "forme": comp.form_tracks, "curseurs": comp.form_markers,
                           "references": 3}
    assert c["standees"] == comp.standees
    assert c["tokens"] == {"crevaison": 4}
    assert c["boards"] == {"circuit": ["a"]}
    for entry in manifest["files"]:
        if entry["name"].endswith(".pdf"):
            assert entry["pages"] == len(PdfReader(str(kit / entry["name"])).pages)


def test_cards_and_pieces_read_back(kit: Path, model) -> None:
    cards = _text(kit / "cards.pdf")
    for rider in model.riders:
        assert rider.name.upper() in cards
    assert "ÉNERGIE" in cards
    pieces = _text(kit / "pieces.pdf")
    for word in ("Échappée avec risque", "Aide-mémoire", "Feuille des temps", "CREVAISON", "double 6", "total 11"):
        assert word in pieces, word


def test_board_svg_has_its_groups_and_texts(kit: Path) -> None:
    root = ET.parse(kit / "board-a.svg").getroot()
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    assert {"background", "road", "squares", "lines", "labels", "title", "compass", "legend"} <= ids
    texts = " ".join("".join(el.itertext()) for el in root.iter() if el.tag.endswith("text"))
    for word in ("DÉPART", "ARRIVÉE · ÉTAPE 1", "ARRIVÉE · ÉTAPE 2", "ARRIVÉE · ÉTAPE 3", "MAILLOT JAUNE",
                 "Plaine · 28 cases", "Montée · 28 cases", "Descente · 28 cases"):
        assert word in texts, word
    # true size: the board's own size (trim, without bleed)
    assert (root.get("width"), root.get("height")) == ("660mm", "500mm")


def test_rulebook_shows_the_data_numbers(kit: Path, model) -> None:
    text = " ".join(_text(kit / "rulebook.pdf").split())
    f = model.facts
    assert f"boucle fermée de {f.course.squares} cases" in text
    assert "Sur 36 jets possibles, 3 donnent une crevaison" in text
    assert "Renault" in text and "MJ-D-STARS" not in text  # the ids are in designer.pdf, not the rulebook
    assert f"revient à {f.energy.start}" in text


def test_english_catalog_is_complete() -> None:
    from click.testing import CliRunner

    from pnp.cli import cli

    result = CliRunner().invoke(cli, ["i18n", "status", "maillot-jaune", "--check"])
    assert result.exit_code == 0, result.output
    assert "en" in result.output


def test_board_layout_squares_fit_a_standee_base(model) -> None:
    from pnp.layout.boards.circuit import Circuit

    side = model.boards[0].sides[0]
    w, h = model.boards[0].size_mm(side)
    loop = Circuit(side, w, h)
    straight = [loop.lane_length(c, 2) for c in range(1, side.columns + 1) if loop.on_straight(loop.col_t(c + 0.5))]
    assert len(straight) > side.columns / 2 and 25 <= min(straight) and max(straight) <= 30
    assert loop.bottom < min(a.y for a in side.areas)
    for line in side.lines:
        assert loop.on_straight(loop.col_t(line.column))


def test_square_sizes_cover_every_square(model) -> None:
    from pnp.layout.boards.circuit import square_sizes

    side = model.boards[0].sides[0]
    sizes = square_sizes(side, *model.boards[0].size_mm(side))
    assert set(sizes) == {(c, k) for c in range(1, side.columns + 1) for k in range(1, side.lanes + 1)}
    assert all(across == side.square_mm for _, across in sizes.values())
    # on a straight the three lanes are equal; a lane's squares add up to the lane's length
    assert max(a for a, _ in sizes.values()) > min(a for a, _ in sizes.values())


def test_board_square_size_passes_on_the_shipped_data(model) -> None:
    assert mj.board_square_size in mj.CHECKS
    assert "MJ-BOARD-SQUARE-SIZE" not in {f.rule for f in mj.board_square_size(model)}
    sizes = square_sizes_of(model)
    assert min(min(v) for v in sizes.values()) >= 25 - 1e-6


def test_every_bend_and_straight_holds_whole_columns(model) -> None:
    from pnp.layout.boards.circuit import Circuit

    side = model.boards[0].sides[0]
    loop = Circuit(side, *model.boards[0].size_mm(side))
    ends, t = set(), 0.0
    for seg in loop.segs:
        t += seg.length
        ends.add(round(t, 6))
    bounds = {round(b, 6) for b in loop.bounds}
    assert ends <= bounds
    assert len(loop.bounds) == side.columns + 1 and loop.bounds[-1] == pytest.approx(loop.length)
    # a hairpin's columns are longer on the outer lane than on the inner one
    inner, outer = loop.lane_length(30 + 0, 1), loop.lane_length(30, 3)
    assert inner == pytest.approx(outer)  # column 30 is on a straight


def square_sizes_of(model):
    from pnp.layout.boards.circuit import square_sizes

    board = model.boards[0]
    return square_sizes(board.sides[0], *board.size_mm(board.sides[0]))


def test_board_square_size_fires_when_squares_are_too_small(tmp_path: Path) -> None:
    folder = tmp_path / "maillot-jaune"
    shutil.copytree(GAME, folder)
    path = folder / "boards.yaml"
    text = path.read_text(encoding="utf-8")
    assert "    width_mm: 660\n" in text
    text = text.replace("    width_mm: 660\n", "    width_mm: 560\n", 1)
    path.write_text(text.replace("x: 256, y: 448, w: 392", "x: 256, y: 448, w: 292", 1), encoding="utf-8")  # on the board
    findings = mj.board_square_size(load_game(folder))
    assert [f.rule for f in findings] == ["MJ-BOARD-SQUARE-SIZE"]
    assert "smaller than a 25 mm standee base" in findings[0].render()


def test_board_section_squares_must_be_the_course_s(tmp_path: Path) -> None:
    """The board numbers its squares in sections of its option section_squares, a number also in
    rules.yaml: MJ-BOARD says so when they differ."""
    folder = tmp_path / "maillot-jaune"
    shutil.copytree(GAME, folder)
    path = folder / "boards.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("section_squares: 14", "section_squares: 7", 1),
                    encoding="utf-8")
    from pnp.games.maillot_jaune.checks import board

    findings = [f for f in board(load_game(folder)) if f.rule == "MJ-BOARD"]
    assert len(findings) == 1
    assert "sections of 7" in findings[0].render() and "14" in findings[0].render()


@pytest.mark.parametrize("old, new, said", [
    ("    options: {section_squares: 14}\n", "", "needs the option section_squares"),
    ("options: {section_squares: 14}", "options: {section_squares: fourteen}", "option section_squares is 'fourteen'"),
    ("options: {section_squares: 14}", "options: {section_squares: 14, lane_mm: 25}", "has no option lane_mm"),
])
def test_circuit_board_options_are_checked_when_read(tmp_path: Path, old: str, new: str, said: str) -> None:
    from pnp.errors import DataErrors

    folder = tmp_path / "maillot-jaune"
    shutil.copytree(GAME, folder)
    path = folder / "boards.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_game(folder)
    (err,) = caught.value.errors
    assert err.location.file.endswith("boards.yaml") and err.location.line > 0
    assert "board 'circuit'" in err.message and said in err.message
