"""Le jeu du Tour de France: the model loads, and every rules check fires on a broken copy of the data and
stays silent on the shipped data (where the designer decisions are questions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.check import Severity, run_checks
from pnp.games.tour_de_france_quiz import checks as C
from pnp.model import load_game

from kit_helpers import broken_game, rule_ids

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data" / "tour-de-france-quiz"


@pytest.fixture(scope="module")
def model():
    return load_game(DATA)


def broken(tmp_path: Path, *edits) -> list:
    """Copy the game, apply (file, old, new) edits (old must be there), and run every check."""
    return broken_game(tmp_path, "tour-de-france-quiz", *edits)


def rules(findings, severity=Severity.ERROR) -> set[str]:
    return rule_ids(findings, severity)


def test_model_loads_with_the_box_contents(model) -> None:
    f = model.facts
    sizes = {k: C.deck(model, k).size for k, _ in f.decks.items()}
    assert sizes == {"jerseys": 4, "polka": 17, "green": 15, "white": 13, "strategy": 24, "questions": 62,
                     "mishaps": 30}
    assert sum(sizes.values()) == f.components.cards == 165
    assert len(model.standees) == f.components.pawns == 6
    assert model.boards[0].layout == "snake"
    card = C.deck(model, "questions").cards[0]
    q, answers, ok = C.question_fields(model, card, "tourism")
    assert q and len(answers) == 3 and ok in {"1", "2", "3"}


def test_shipped_data_has_no_error_or_warning_and_every_decision_is_a_question(model) -> None:
    findings = run_checks(model)
    assert not [f for f in findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    questions = rules(findings, Severity.QUESTION)
    assert {d.id for d in model.decisions} <= questions
    assert {"TDQ-D-TRACK", "TDQ-D-POINTS", "TDQ-D-STRATEGY", "TDQ-D-MISHAPS", "TDQ-D-QUESTIONS"} <= questions


def test_the_pace_is_about_45_minutes(model) -> None:
    p = C.pace(model)
    assert 35 <= p["minutes"] <= 55 and p["squares"] == 69


@pytest.mark.parametrize("edits, rule", [
    ([("strategy.csv", "plus-1,plus,1,4", "plus-1,plus,1,5")], "TDQ-CARDS-SUM"),
    ([("rules.yaml", "cards: 165", "cards: 166")], "TDQ-CARDS-SUM"),
    ([("decks.yaml", "back: tdq-vert-back", "back: tdq-pois-back")], "TDQ-DECK-BACKS"),
    ([("decks.yaml", "{id: vert-1, kind: vert, value: 1, qty: 5}", "{id: vert-1, kind: vert, value: 0, qty: 5}")],
     "TDQ-POINTS"),
    ([("strategy.csv", "moins-3,minus,-3,4", "moins-3,plus,-3,4")], "TDQ-STRATEGY-BALANCE"),
    ([("mishaps.csv", "joker,joker,Joker,,3", "joker,advance,Joker,1,3")], "TDQ-MISHAPS"),
    ([("mishaps.csv", "fringale,back,Fringale,2,2", "fringale,stumble,Fringale,2,2")], "TDQ-MISHAPS"),
    ([("questions.csv", "La Dordogne,La Loire,La Garonne,3", "La Dordogne,La Dordogne,La Garonne,3")], "TDQ-QUESTIONS"),
    ([("questions.csv", "La Dordogne,La Loire,La Garonne,3", "La Dordogne,La Loire,La Garonne,4")], "TDQ-QUESTIONS"),
    ([("questions.csv", "Quel fleuve traverse Bordeaux ?",
       "\"Quel monument se dresse en haut de l'avenue des Champs-Élysées, à Paris ?\"")], "TDQ-QUESTIONS"),
    ([("riders.yaml", "  - {id: pion-rose,   rider: rose}\n", "")], "TDQ-PARITY"),
    ([("decks.yaml", "{id: carte-blanc, kind: jersey, jerseys: blanc}", "{id: carte-blanc, kind: jersey, jerseys: vert}")],
     "TDQ-PARITY"),
    ([("boards.yaml", "kind: prologue, number: 2}", "kind: town, label: Paris}")], "TDQ-TRACK"),
    ([("boards.yaml", "kind: prologue, number: 1}", "kind: prologue, number: 7}")], "TDQ-TRACK"),
    ([("boards.yaml", "kind: finish}", "kind: champs}")], "TDQ-TRACK"),
    ([("boards.yaml", "kind: time-trial}", "kind: strategy}"), ("boards.yaml", "kind: time-trial}", "kind: strategy}")],
     "TDQ-TRACK"),
    ([("rules.yaml", "bounce_back: true", "bounce_back: false")], "TDQ-TRACK"),
    ([("rules.yaml", "players: {min: 2, max: 6}", "players: {min: 2, max: 5}")], "TDQ-PLAYERS"),
    ([("boards.yaml", "width_mm: 600", "width_mm: 650"),
      ("boards.yaml", "{id: parcours, kind: track, x: 30, y: 70, w: 540, h: 228}",
       "{id: parcours, kind: track, x: 30, y: 70, w: 540, h: 190}")], "TDQ-BOARD"),
])
def test_each_check_fires_on_broken_data(tmp_path, edits, rule) -> None:
    findings = broken(tmp_path, *edits)
    assert rule in rules(findings) | rules(findings, Severity.WARNING)


def test_the_pace_and_supply_warn_on_a_short_or_long_track(tmp_path) -> None:
    findings = broken(tmp_path, ("rules.yaml", "seconds_per_turn: 50", "seconds_per_turn: 120"))
    assert "TDQ-TRACK-LENGTH" in rules(findings, Severity.WARNING)
    findings = broken(tmp_path, ("rules.yaml", "long_game: 1.5", "long_game: 4"))
    assert "TDQ-SUPPLY-POINTS" in rules(findings, Severity.WARNING)


def test_strategy_imbalance_is_a_warning(tmp_path) -> None:
    findings = broken(tmp_path, ("strategy.csv", "moins-3,minus,-3,4", "moins-3,minus,-2,4"))
    assert "TDQ-STRATEGY-BALANCE" in rules(findings, Severity.WARNING)
