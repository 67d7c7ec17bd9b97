"""What the Python checks of Maillot Jaune and both Tour de France games verified: every rule they can
emit is, on the shipped data, either a finding or a passed record with the figures its check computed;
the figures follow the data; a check that fails is not listed as passed; the JSON of `pnp check` lists
the records with severity "passed"."""

from __future__ import annotations

import importlib
import inspect
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check import run_checks
from pnp.check.passed import passed_checks
from pnp.cli import cli
from pnp.check.checked import Checked
from pnp.model import load_game

from kit_helpers import ROOT, edited_copy

GAMES = {"maillot-jaune": "maillot_jaune", "tour-de-france-mb": "tour_de_france_mb",
         "tour-de-france-quiz": "tour_de_france_quiz"}
EMITTED = re.compile(r"\b(?:error|warning)\(\s*\"([A-Z]+(?:-[A-Z]+)+)\"")


def checks_module(game: str):
    return importlib.import_module(f"pnp.games.{GAMES[game]}.checks")


def emitted_rules(game: str) -> set[str]:
    """Every rule id the game's checks module can emit (its error(...) and warning(...) calls)."""
    return set(EMITTED.findall(inspect.getsource(checks_module(game))))


@pytest.fixture(scope="module", params=sorted(GAMES))
def shipped(request):
    game = request.param
    model = load_game(ROOT / "data" / game)
    return game, model, run_checks(model)


def records(game: str, model) -> dict[str, str]:
    """Figures of the passed records of the game's Python checks, by rule id (several joined)."""
    out: dict[str, list[str]] = {}
    for rule, _, figures in checks_module(game).verified(model):
        out.setdefault(rule, []).append(figures)
    return {rule: " | ".join(f) for rule, f in out.items()}


def test_every_rule_of_the_checks_is_a_finding_or_passed(shipped) -> None:
    game, model, findings = shipped
    rules = emitted_rules(game)
    assert len(rules) >= 10, rules
    passed = {p.rule for p in passed_checks(model, findings)}
    found = {f.rule for f in findings}
    assert rules <= passed | found, sorted(rules - passed - found)
    assert not rules & passed & {f.rule for f in findings if f.severity.value in ("error", "warning")}


def test_the_rules_module_exports_the_function() -> None:
    for name in GAMES.values():
        module = importlib.import_module(f"pnp.games.{name}")
        assert inspect.isfunction(module.verified), name


def test_every_check_returns_what_it_verified(shipped) -> None:
    game, model, _ = shipped
    for check in checks_module(game).CHECKS:
        result = check(model)
        assert isinstance(result, Checked), check.__name__
        assert result.records and all(figures for _, _, figures in result.records), check.__name__
        assert any(ch.isdigit() for _, _, figures in result.records for ch in figures), check.__name__


def test_the_passed_records_of_the_shipped_data(shipped) -> None:
    game, model, _ = shipped
    figures = records(game, model)
    expect = {
        "maillot-jaune": {"MJ-STARS-EQUAL": "9 riders, star sums 6 each", "MJ-TACTIC": "inside a section of 14",
                          "MJ-DICE-COMPLETE": "the 36 throws of 2d6 give 15 rows"},
        "tour-de-france-mb": {"TDF-DECK-COLOURS": "rouge 12, bleu 12, orange 12, blanc 12",
                              "TDF-STANDINGS-RANGE": "individual 66, team 35",
                              "TDF-SUPPLY-DEAL": "4 hands of 4 and 1 redraw(s) each take 20 of the 48"},
        "tour-de-france-quiz": {"TDQ-STRATEGY-BALANCE": "12 plus and 12 minus",
                                "TDQ-TRACK-LENGTH": "69 squares at 6.6 a turn",
                                "TDQ-QUESTIONS": "62 unique cards, 124 different questions"},
    }[game]
    for rule, text in expect.items():
        assert text in figures.get(rule, ""), (rule, figures.get(rule))


@pytest.mark.parametrize("game, edits, rule, before, after", [
    ("maillot-jaune", [("rules.yaml", "  max: 6\n  start: 6", "  max: 7\n  start: 7")], "MJ-GAUGES",
     "energy starts full at 6 of 6", "energy starts full at 7 of 7"),
    ("maillot-jaune", [("rules.yaml", "section_squares: 14", "section_squares: 16"),
                       ("boards.yaml", "section_squares: 14", "section_squares: 16")], "MJ-TACTIC",
     "3 star(s) is 11, inside a section of 14", "3 star(s) is 13, inside a section of 16"),
    ("tour-de-france-mb", [("rules.yaml", "hand: 4 ", "hand: 3 ")], "TDF-SUPPLY-DEAL",
     "4 hands of 4 and 1 redraw(s) each take 20", "4 hands of 3 and 1 redraw(s) each take 16"),
    ("tour-de-france-quiz", [("rules.yaml", "seconds_per_turn: 50", "seconds_per_turn: 45")], "TDQ-TRACK-LENGTH",
     "about 45 minutes", "about 40 minutes"),
])
def test_figures_follow_the_data(tmp_path: Path, game, edits, rule, before, after) -> None:
    assert before in records(game, load_game(ROOT / "data" / game))[rule]
    changed = records(game, load_game(edited_copy(tmp_path, game, edits)))
    assert after in changed[rule] and before not in changed[rule]


@pytest.mark.parametrize("game, edits, rule", [
    ("maillot-jaune", [("rules.yaml", "per_rider: 6", "per_rider: 7")], "MJ-STARS-EQUAL"),
    ("tour-de-france-mb", [("rules.yaml", "crash_min: 1", "crash_min: 3")], "TDF-RISK-COMPOSITION"),
    ("tour-de-france-quiz", [("rules.yaml", "jokers_min: 1", "jokers_min: 5")], "TDQ-MISHAPS"),
])
def test_a_failing_check_is_not_listed_as_passed(tmp_path: Path, game, edits, rule) -> None:
    model = load_game(edited_copy(tmp_path, game, edits))
    findings = run_checks(model)
    assert rule in {f.rule for f in findings if f.severity.value == "error"}
    passed = {p.rule for p in passed_checks(model, findings)}
    assert rule not in passed and rule not in records(game, model)
    assert len(passed & emitted_rules(game)) >= 10  # the other checks still report what they verified


def test_an_answered_warning_is_a_question_not_passed() -> None:
    model = load_game(ROOT / "data" / "tour-de-france-mb")
    findings = run_checks(model)
    assert "TDF-SUPPLY-STAGE" in {f.rule for f in findings if f.severity.value == "question"}
    assert "TDF-SUPPLY-STAGE" not in {p.rule for p in passed_checks(model, findings)}


def test_check_json_lists_them_as_passed() -> None:
    result = CliRunner().invoke(cli, ["--data", str(ROOT / "data"), "check", "--all", "--format", "json", *GAMES])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    for game in GAMES:
        listed = {f["rule"]: f for f in report[game] if f["severity"] == "passed"}
        found = {f["rule"] for f in report[game] if f["severity"] != "passed"}
        assert emitted_rules(game) <= set(listed) | found
        model = load_game(ROOT / "data" / game)
        for rule, figures in records(game, model).items():
            assert listed[rule]["message"] in figures and listed[rule]["line"] >= 1
