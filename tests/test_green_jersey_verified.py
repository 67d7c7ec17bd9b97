"""What Green Jersey's rules checks say they verified (``verified``, listed by ``pnp check --all``):
every check reports what it passed with figures computed from the data, and only where it passed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from kit_helpers import edited_copy
from pnp.check import run_checks
from pnp.check.findings import Severity
from pnp.check.passed import passed_checks
from pnp.cli import cli
from pnp.games.green_jersey import verified
from pnp.check.checked import Checked
from pnp.model import load_game

ROOT = Path(__file__).resolve().parent.parent
GAME = "green-jersey"
CHECK_FILES = ("checks.py", "check_board.py", "check_components.py", "check_deck.py", "check_supply.py",
               "check_tables.py")
FAILING = (Severity.ERROR, Severity.WARNING)


def _source() -> str:
    folder = ROOT / "pnp" / "games" / "green_jersey"
    return "\n".join((folder / name).read_text(encoding="utf-8") for name in CHECK_FILES)


def _ids(pattern: str) -> set[str]:
    return set(re.findall(pattern + r'\(\s*"(GJ-[A-Z0-9-]+)"', _source()))


def _results(folder: Path) -> tuple[list, dict[tuple[str, str], str]]:
    """The findings of every check of the game in ``folder``, and what passed: (rule, component) -> figures."""
    model = load_game(folder)
    findings = run_checks(model)
    return findings, {(p.rule, p.component): p.figures for p in passed_checks(model, findings)}


def _passed(folder: Path, rule: str, component: str = "") -> str:
    """The figures of ``rule`` (for ``component`` when given): it must have passed."""
    _, passed = _results(folder)
    hits = [fig for (r, c), fig in passed.items() if r == rule and (not component or c == component)]
    assert len(hits) == 1, f"{rule} [{component}] passed {len(hits)} times: {sorted(passed)}"
    return hits[0]


@pytest.fixture(scope="module")
def shipped() -> tuple[list, dict[tuple[str, str], str]]:
    return _results(ROOT / "data" / GAME)


def test_every_check_that_reports_a_problem_also_reports_what_it_verified():
    emitted = _ids(r"(?:error|warning|question)")
    claimed = _ids(r"\bok")
    assert len(emitted) >= 20, emitted
    assert emitted <= claimed, f"checks that never say what they verified: {sorted(emitted - claimed)}"


def test_every_rule_is_a_finding_or_passed_on_the_shipped_data(shipped):
    findings, passed = shipped
    seen = {f.rule for f in findings} | {rule for rule, _ in passed}
    assert _ids(r"(?:error|warning|question)") - seen == set()
    assert any(f.rule.startswith("GJ-ENGINE-") for f in findings)
    for rule in ("GJ-DECK-BALANCE", "GJ-POINTS-SCALE", "GJ-BOARD-LENGTH", "GJ-SUPPLY-DEAL", "GJ-PARITY-STANDEES"):
        assert rule in {r for r, _ in passed}, rule


def test_the_shipped_figures_are_the_data(shipped):
    _, passed = shipped
    assert passed[("GJ-POINTS-SCALE", "scoring")].startswith("points 3 > 2 > 1,")
    assert passed[("GJ-DECK-BALANCE", "deck movement")].startswith(
        "every racing jersey on 9 cards; the rider wearing the 'vert' jersey can be moved by 16 ")
    assert "front of the peloton is 8 squares" in passed[("GJ-BOARD-LENGTH", "board side a (La ligne droite)")]
    assert "its back is 9," in passed[("GJ-BOARD-LENGTH", "board side b (L'entonnoir)")]


def test_a_check_that_fails_is_not_listed_as_passed(shipped):
    findings, passed = shipped
    for f in findings:
        if f.severity in FAILING:
            assert (f.rule, f.component) not in passed, f.render()
    # GJ-SUPPLY-DEAL warns at a full table (a decision turns it into a question): that table is not passed
    asked = {f.component for f in findings if f.rule == "GJ-SUPPLY-DEAL"}
    assert "6 players, the first sprint" in asked
    assert {c for r, c in passed if r == "GJ-SUPPLY-DEAL"}.isdisjoint(asked)
    assert ("GJ-SUPPLY-DEAL", "2 players, the first sprint") in passed


def test_figures_follow_the_points_and_a_failing_scale_is_not_passed(tmp_path):
    copy = edited_copy(tmp_path / "one", GAME, [("rules.yaml", "points: [3, 2, 1]", "points: [5, 2, 1]")])
    assert _passed(copy, "GJ-POINTS-SCALE").startswith("points 5 > 2 > 1,")
    copy = edited_copy(tmp_path / "two", GAME, [("rules.yaml", "points: [3, 2, 1]", "points: [3, 3, 1]")])
    findings, passed = _results(copy)
    assert "GJ-POINTS-SCALE" in {f.rule for f in findings if f.severity is Severity.ERROR}
    assert "GJ-POINTS-SCALE" not in {r for r, _ in passed}


def test_figures_follow_the_deal(tmp_path):
    copy = edited_copy(tmp_path, GAME, [("rules.yaml", "refill_to: 6 ", "refill_to: 7 ")])
    findings, passed = _results(copy)
    assert passed[("GJ-SUPPLY-DEAL", "2 players, the first sprint")].startswith(
        "the pile holds 36 cards; 2 hands of 7 take 14, leaving 22 ")
    assert "within a hand of 7 average cards (14)" in passed[("GJ-BOARD-LENGTH", "board side a (La ligne droite)")]
    assert passed[("GJ-DEAL-RULES", "refill")] == "hands refilled to 7, no fewer than the 5 dealt"
    # 6 hands of 7 outnumber the first sprint's pile: that table fails and is not passed
    assert any(f.rule == "GJ-SUPPLY-DEAL" and f.component == "6 players, the first sprint"
               and f.severity is Severity.ERROR for f in findings)
    assert ("GJ-SUPPLY-DEAL", "6 players, the first sprint") not in passed


def test_a_card_removed_changes_the_figures_and_unbalances_the_deck(tmp_path):
    copy = edited_copy(tmp_path, GAME, [("movement.csv", "single-rouge-3,single,rouge,3\n", "")])
    findings, passed = _results(copy)
    assert passed[("GJ-CARD-SHAPE", "deck movement")].startswith("20 singles ")
    assert passed[("GJ-DECK-MISSING", "deck movement")].endswith(": 44 cards")
    assert any(f.rule == "GJ-DECK-BALANCE" for f in findings)
    assert "GJ-DECK-BALANCE" not in {r for r, _ in passed}


def test_one_side_failing_leaves_the_other_side_passed(tmp_path):
    copy = edited_copy(tmp_path, GAME, [("boards.yaml", "{id: arrivee, kind: finish, column: 12}",
                                         "{id: arrivee, kind: finish, column: 10}")])
    findings, passed = _results(copy)
    assert any(f.rule == "GJ-BOARD-LENGTH" and f.component == "board side a (La ligne droite)" for f in findings)
    assert ("GJ-BOARD-LENGTH", "board side a (La ligne droite)") not in passed
    assert ("GJ-BOARD-LENGTH", "board side b (L'entonnoir)") in passed


def test_a_check_holds_its_findings_and_its_passes_once():
    found = Checked()
    found.ok("R-1", "a", "fine")
    found.ok("R-1", "b", "fine too")
    found.ok("R-2", "whole", "all fine", whole=True)
    assert found.passed() == [("R-1", "a", "fine"), ("R-1", "b", "fine too"), ("R-2", "whole", "all fine")]
    from pnp.check.findings import error
    from pnp.errors import Location

    found += [error("R-1", "b", "broken", Location("x")), error("R-2", "part", "broken", Location("x"))]
    assert found.passed() == [("R-1", "a", "fine")]
    assert [f.component for f in found] == ["b", "part"]


def test_verified_is_what_the_module_gives_the_passed_checks():
    model = load_game(ROOT / "data" / GAME)
    claims = verified(model)
    assert len(claims) == len(set(claims)) and all(figures for _, _, figures in claims)


def test_check_all_json_lists_them_as_passed():
    result = CliRunner().invoke(cli, ["--data", str(ROOT / "data"), "check", "--all", "--quick", "--format",
                                      "json", GAME])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{"):])
    passed = {f["rule"] for f in report[GAME] if f["severity"] == "passed"}
    assert {"GJ-DECK-BALANCE", "GJ-POINTS-SCALE", "GJ-BOARD-LENGTH", "GJ-SWAP-CARD", "GJ-MANIFEST"} <= passed
    assert _ids(r"(?:error|warning)") <= passed | {f["rule"] for f in report[GAME]}
