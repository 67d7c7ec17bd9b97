"""A decision's ``expects:`` (an outcome of play it counts on) checked against the engine."""

from __future__ import annotations

import pytest

from pnp.check.findings import Severity
from pnp.errors import DataErrors
from pnp.model import load_game
from pnp.simulate import smoke_run
from tests.kit_helpers import edited_copy

CLAIM = '''      - outcome: sprint ended on the line
        players: [4, 5, 6]
        between: [0.05, 0.35]'''


def claims(tmp_path, new: str, players=(4,)):
    folder = edited_copy(tmp_path, "green-jersey", [("rules.yaml", CLAIM, new)])
    run = smoke_run(load_game(folder), games=150, jobs=1, side="a")
    found = [f for f in run.findings if f.rule == "DECISION-EXPECTS"]
    passed = [p for p in run.passed if p[0] == "DECISION-EXPECTS"]
    return found, passed


def test_the_shipped_claim_holds_at_every_table_it_names(tmp_path):
    found, passed = claims(tmp_path, CLAIM)
    assert not found
    assert sorted(p[1] for p in passed) == [f"GJ-D-BOARD, {n} players, side a, {n} sprints" for n in (4, 5, 6)]
    assert all("expected between 5 % and 35 %" in p[2] and p[3].line > 1 for p in passed)


def test_a_claim_the_engine_contradicts_is_a_warning_at_its_line(tmp_path):
    found, passed = claims(tmp_path, CLAIM.replace("[0.05, 0.35]", "[0.60, 0.70]").replace("[4, 5, 6]", "[4]"))
    assert not passed and len(found) == 1
    f = found[0]
    assert f.severity is Severity.WARNING and f.component == "GJ-D-BOARD, 4 players, side a, 4 sprints"
    assert "expected between 60 % and 70 %" in f.message
    text = (tmp_path / "green-jersey" / "rules.yaml").read_text(encoding="utf-8").splitlines()
    assert text[f.location.line - 1].strip().startswith("- outcome: sprint ended on the line")


def test_a_claim_on_the_edge_of_its_interval_is_a_question(tmp_path):
    found, _ = claims(tmp_path, CLAIM.replace("[0.05, 0.35]", "[0.10, 0.90]").replace("[4, 5, 6]", "[4]"))
    assert [f.severity for f in found] == [Severity.QUESTION] and "more games would tell" in found[0].message


def test_an_unknown_outcome_suggests_the_near_one(tmp_path):
    found, _ = claims(tmp_path, CLAIM.replace("sprint ended on the line", "sprint ended on the lines"))
    assert len(found) == 1 and "did you mean 'sprint ended on the line'" in found[0].message


def test_a_malformed_claim_is_a_data_error(tmp_path):
    folder = edited_copy(tmp_path, "green-jersey", [("rules.yaml", "between: [0.05, 0.35]", "between: lots")])
    with pytest.raises(DataErrors) as caught:
        load_game(folder)
    (err,) = caught.value.errors
    assert "between" in err.render() and err.location.file.endswith("rules.yaml") and err.location.line > 1
