"""Decisions quote the data through placeholders: ``{rules.path}`` in a decision's choice or why."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.errors import DataErrors
from pnp.model import load_game

DECISION = '''  - id: GJ-D-TEST
    topic: hand size
    choice: "Each player holds {rules.deal.hand} cards, tops up to {rules.deal.refill_to}; points {rules.scoring.points}."
    why: "Kept at {rules.deal.hand}."
'''


def _with_decision(game: Path, text: str) -> Path:
    rules = game / "rules.yaml"
    body = rules.read_text(encoding="utf-8")
    rules.write_text(body.replace("decisions:\n", "decisions:\n" + text, 1), encoding="utf-8")
    return game


def test_a_placeholder_prints_the_value_of_the_data(game_copy: Path) -> None:
    model = load_game(_with_decision(game_copy, DECISION))
    decision = next(d for d in model.decisions if d.id == "GJ-D-TEST")
    rules = model.sources.rules_record
    points = ", ".join(str(p) for p in rules["scoring"]["points"])
    assert decision.choice == (f"Each player holds {rules['deal']['hand']} cards, tops up to "
                               f"{rules['deal']['refill_to']}; points {points}.")
    assert decision.why == f"Kept at {rules['deal']['hand']}."


def test_a_changed_value_reaches_the_decision(game_copy: Path) -> None:
    _with_decision(game_copy, DECISION)
    rules = game_copy / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("  hand: 5 ", "  hand: 4 ", 1), encoding="utf-8")
    decision = next(d for d in load_game(game_copy).decisions if d.id == "GJ-D-TEST")
    assert decision.why == "Kept at 4."


def test_an_unknown_path_names_the_file_the_line_and_a_fix(game_copy: Path) -> None:
    _with_decision(game_copy, DECISION.replace("{rules.deal.hand} cards", "{rules.deal.hnad} cards"))
    with pytest.raises(DataErrors) as caught:
        load_game(game_copy)
    text = caught.value.render()
    assert "rules.yaml:64" in text and "decisions[0].choice" in text
    assert "deal.hnad" in text and "hand" in text  # did you mean


def test_a_placeholder_of_a_table_is_refused(game_copy: Path) -> None:
    _with_decision(game_copy, DECISION.replace("{rules.deal.hand} cards", "{rules.deal} cards"))
    with pytest.raises(DataErrors) as caught:
        load_game(game_copy)
    text = caught.value.render()
    assert "{rules.deal} is a table of rules.yaml (hand, " in text and "e.g. {rules.deal.hand}" in text
