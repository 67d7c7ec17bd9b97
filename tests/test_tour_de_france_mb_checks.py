"""Tour de France (MB): the model loads, and every rules check fires on a broken copy of the data and stays
silent on the shipped data (where the designer decisions are questions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.check import Severity, run_checks
from pnp.games.tour_de_france_mb import checks as C
from pnp.model import load_game

from kit_helpers import broken_game, rule_ids

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data" / "tour-de-france-mb"


@pytest.fixture(scope="module")
def model():
    return load_game(DATA)


def broken(tmp_path: Path, *edits) -> list:
    """Copy the game, apply (file, old, new) edits (old must be there), and run every check."""
    return broken_game(tmp_path, "tour-de-france-mb", *edits)


def rules(findings, severity=Severity.ERROR) -> set[str]:
    return rule_ids(findings, severity)


def test_model_loads_with_the_box_contents(model) -> None:
    f = model.facts
    assert model.deck("course").size == f.components.race_cards == 48
    assert model.deck("risque").size == f.components.risk_cards == 20
    assert len(model.standees) == f.components.cyclists == 14
    assert sum(t.count for t in model.tokens if t.kind == "pawn") == f.components.pawns == 16
    assert [s.kind for s in f.stages] == ["road", "team-time-trial", "road", "individual-time-trial", "road"]
    assert (model.boards[0].layout, model.boards[0].decorations) == ("road-grid", "parcours")


def test_shipped_data_has_no_error_or_warning_and_every_decision_is_a_question(model) -> None:
    findings = run_checks(model)
    assert not [f for f in findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    questions = rules(findings, Severity.QUESTION)
    assert {d.id for d in model.decisions} <= questions
    assert "TDF-D-POINTS" in questions and "TDF-D-COURSE" in questions
    # the stage supply warning is answered by the reshuffle decision
    stage = [f for f in findings if f.rule == "TDF-SUPPLY-STAGE"]
    assert stage and all("TDF-D-RESHUFFLE" in f.message for f in stage)
    assert all(f.rule.startswith("TDF-") for f in findings)


def test_every_check_is_silent_on_the_shipped_data(model) -> None:
    for rule in C.CHECKS:
        found = [f for f in rule(model) if f.severity is not Severity.WARNING or f.rule != "TDF-SUPPLY-STAGE"]
        assert found == [], rule.__name__


def test_max_scores_fit_the_standings_board(model) -> None:
    best = C.max_scores(model)
    assert best == {"individual": 66, "team": 35}
    assert max(best.values()) <= model.facts.standings.max == 99


@pytest.mark.parametrize("edits, rule", [
    # composition sums
    ([("course.csv", "rouge-100,triplet,rouge,1-0-0,2", "rouge-100,triplet,rouge,1-0-0,1")], "TDF-DECK-SUM"),
    ([("rules.yaml", "colour_cards: 44", "colour_cards: 40")], "TDF-DECK-SUM"),
    ([("course.csv", "bleu-100,triplet,bleu,1-0-0,2", "bleu-100,triplet,bleu,1-0-0,1"),
      ("course.csv", "rouge-100,triplet,rouge,1-0-0,2", "rouge-100,triplet,rouge,1-0-0,3")], "TDF-DECK-COLOURS"),
    ([("course.csv", "sprint-rouge,sprint,rouge,3-2-1", "sprint-rouge,sprint,rouge,3-2")], "TDF-DECK-TRIPLETS"),
    ([("risque.csv", "chute,unfavourable,rouge,Chute,crash,1,2", "chute,unfavourable,rouge,Chute,lose-turn,1,2")],
     "TDF-RISK-COMPOSITION"),
    ([("risque.csv", "aspiration,favourable,bleu", "aspiration,favourable,rouge")], "TDF-RISK-COMPOSITION"),
    # parity
    ([("riders.yaml", "{id: figurine-rouge-3, rider: rouge-3", "{id: figurine-rouge-3, rider: bleu-1")], "TDF-PARITY-CYCLISTS"),
    ([("tokens.yaml", "pion-blanc,  kind: pawn, name: Blanc,  count: 4", "pion-blanc,  kind: pawn, name: Blanc,  count: 3")],
     "TDF-PARITY-PAWNS"),
    # supply against demand
    ([("rules.yaml", "hand: 4 ", "hand: 12 ")], "TDF-SUPPLY-DEAL"),
    ([("rules.yaml", "hand: 10 ", "hand: 25 ")], "TDF-SUPPLY-ITT"),
    ([("rules.yaml", "hand_max: 1 ", "hand_max: 6 ")], "TDF-SUPPLY-RISK"),
    # tables
    ([("rules.yaml", "road_individual: [5, 3, 2, 1]", "road_individual: [5, 3, 4, 1]")], "TDF-POINTS-TABLE"),
    ([("rules.yaml", "ttt_team: [8, 5, 3, 1]", "ttt_team: [8, 5]")], "TDF-POINTS-TABLE"),
    ([("rules.yaml", "green_second: 1", "green_second: 3")], "TDF-POINTS-TABLE"),
    ([("rules.yaml", "road_individual: [5, 3, 2, 1]", "road_individual: [25, 3, 2, 1]")], "TDF-STANDINGS-RANGE"),
    ([("rules.yaml", "{number: 1, kind: road}", "{number: 1, kind: team-time-trial}")], "TDF-STAGES"),
    ([("tokens.yaml", "colour: rouge,  size_mm: 14", "colour: rouge,  size_mm: 22")], "TDF-STANDINGS-ROOM"),
    ([("decks.yaml", "{id: classement-equipes, kind: team}", "{id: classement-equipes, kind: individual}")],
     "TDF-STANDINGS-ROOM"),
    # board
    ([("boards.yaml", "{column: 3, lane: 7, kind: band, number: 4}", "{column: 4, lane: 7, kind: band, number: 4}")],
     "TDF-BOARD"),
    ([("boards.yaml", "- {id: ligne-verte, kind: green, column: 13}", "- {id: ligne-verte, kind: green, column: 2}")],
     "TDF-BOARD"),
    ([("boards.yaml", "        adjacency: forward-diagonal", "        adjacency: orth4")], "TDF-BOARD"),
    ([("boards.yaml", "- {column: 5, lane: 2, kind: risk}", "- {column: 2, lane: 2, kind: risk}")], "TDF-BOARD"),
    ([("rules.yaml", "finish_slots: 12", "finish_slots: 9")], "TDF-BOARD"),
    # identity, colours, box list
    ([("game.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 5}")], "TDF-PLAYERS"),
    ([("palette.yaml", "letter: Bc", "letter: B")], "TDF-COLOURS"),
    ([("rules.yaml", "pawns: 16", "pawns: 12")], "TDF-MANIFEST"),
])
def test_each_check_fires_on_broken_data(tmp_path: Path, edits, rule) -> None:
    findings = broken(tmp_path, *edits)
    assert rule in rules(findings), [f.render() for f in findings if f.severity is not Severity.QUESTION]
    hit = next(f for f in findings if f.rule == rule)
    assert hit.location.file.endswith((".yaml", ".csv")) or "tour-de-france-mb" in hit.location.file


def test_warnings_fire_on_unbalanced_data(tmp_path: Path) -> None:
    findings = broken(tmp_path, ("boards.yaml", "- {column: 5, lane: 2, kind: risk}", "- {column: 5, lane: 3, kind: risk}"))
    assert "TDF-BOARD-RISK-BALANCE" in rules(findings, Severity.WARNING)
    findings = broken(tmp_path, ("rules.yaml", "resolves: [TDF-SUPPLY-STAGE]", "resolves: []"))
    assert "TDF-SUPPLY-STAGE" in rules(findings, Severity.WARNING)


def test_findings_point_at_the_line_of_the_data(tmp_path: Path) -> None:
    findings = broken(tmp_path, ("rules.yaml", "green_second: 1", "green_second: 3"))
    hit = next(f for f in findings if f.rule == "TDF-POINTS-TABLE")
    line = hit.location.line
    text = (tmp_path / "tour-de-france-mb" / "rules.yaml").read_text(encoding="utf-8").splitlines()
    assert "green_second" in text[line - 1]


def test_a_standings_box_holds_every_teams_pawn(model) -> None:
    from pnp.games.tour_de_france_mb.checks import STANDINGS_LABEL_MM, standings_box

    deck = next(d for d in model.decks if d.face == "tdf-standings")
    assert {c.kind for c in deck.cards} == {"individual", "team"}
    w, h = standings_box(*(float(v) for v in deck.card_size.split("x")))
    pawns = [t for t in model.tokens if t.kind == "pawn"]
    assert {t.size_mm for t in pawns} == {14}
    assert (w - STANDINGS_LABEL_MM) / model.info.players.max >= 14.5 and h >= 15


def test_the_standings_sheet_draws_the_boxes_the_check_measures(model) -> None:
    """TDF-STANDINGS-ROOM reckons with standings_box and STANDINGS_LABEL_MM: the template draws twenty
    boxes of that size, and each team's ring sits right of the box's number."""
    from pnp.games.tour_de_france_mb.checks import STANDINGS_LABEL_MM, standings_box
    from pnp.layout.cards import face_items
    from pnp.layout.faces.common import CardContext
    from pnp.layout.paper import card_size
    from pnp.layout.scene import Circle, Group, Rect
    from pnp.layout.templates import card_texts
    from pnp.paths import templates_dir

    def walk(items):
        for item in items:
            yield from walk(item.items) if isinstance(item, Group) else (item,)

    deck = next(d for d in model.decks if d.face == "tdf-standings")
    size = card_size(deck.card_size)
    texts = card_texts(model)
    w, h = standings_box(size.w, size.h)
    for card in deck.cards:
        items = list(walk(face_items(CardContext(model, size, 3.0, texts), deck, card)))
        boxes = [i for i in items if isinstance(i, Rect) and i.style.fill == "#FFFFFF"]
        assert len(boxes) == 20
        assert all(abs(b.w - w) < 1e-3 and abs(b.h - h) < 1e-3 for b in boxes)
        rings = [i for i in items if isinstance(i, Circle)]
        assert len(rings) == 20 * len([t for t in model.tokens if t.kind == "pawn"])
        assert all(any(b.x + STANDINGS_LABEL_MM <= r.cx - r.r + 0.5 and r.cx + r.r <= b.x + b.w + 0.5
                       and b.y <= r.cy <= b.y + b.h for b in boxes) for r in rings)
