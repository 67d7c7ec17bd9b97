"""Simulated games: Wilson intervals, deterministic reports (also across processes), findings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.check.findings import Finding, Severity
from pnp.games.green_jersey.engine import EngineData, EngineError, engine_gaps
from pnp.model import load_game
from pnp.games.green_jersey.simulation import GreenJerseyGame, GreenJerseySimulation, SprintRecord
from pnp.simulate import GameRecord, Report, simulate, smoke_findings, wilson
from pnp.simulate.findings import report_findings
from pnp.simulate.runner import game_seed
from pnp.simulate.stats import Share, Summary

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def model():
    return load_game(ROOT / "data" / "green-jersey")


# --------------------------------------------------------------------------- statistics

def test_wilson_interval_known_values():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_share_and_summary():
    s = Share(30, 100)
    assert s.value == 0.3 and s.excludes(0.5) and not s.excludes(0.3)
    assert s.as_dict()["ci95"][0] < 0.3 < s.as_dict()["ci95"][1]
    assert "30/100 = 30.0 %" in s.text()
    m = Summary.of([3, 1, 2, 2])
    assert (m.mean, m.min, m.median, m.max) == (2.0, 1, 2.0, 3)
    assert dict(m.counts) == {1: 1, 2: 2, 3: 1}


# --------------------------------------------------------------------------- simulate

def test_the_same_seed_gives_the_same_report(model):
    a = simulate(model, 3, 30, seed=4)
    b = simulate(model, 3, 30, seed=4)
    c = simulate(model, 3, 30, seed=5)
    assert a == b and a.as_json() == b.as_json()
    assert a.as_json() != c.as_json()


def test_two_processes_give_the_report_of_one(model):
    one = simulate(model, 4, 24, seed=9, jobs=1)
    two = simulate(model, 4, 24, seed=9, jobs=2)
    assert one == two and one.as_json() == two.as_json()


def test_the_report_covers_what_the_issue_asks(model):
    calls = []
    r = simulate(model, 4, 20, seed=1, policy="greedy", progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (20, 20) and len(calls) == 20
    d = json.loads(r.as_json())
    assert d["games"] == 20 and d["players"] == 4 and d["side"] == "a" and d["policy"] == "greedy"
    assert d["sprint_length"]["n"] == 20 * 4
    assert d["sprint_end"]["finishers"]["k"] + d["sprint_end"]["cards"]["k"] == 80
    assert set(d["deal"]) >= {"pile_ran_out", "pile_ran_out_by_sprint", "pile_empty_after_deal", "discards_held_back"}
    assert len(d["seats"]) == 4 and all(len(s["of_decided"]["ci95"]) == 2 for s in d["seats"])
    assert sum(s["wins"] for s in d["seats"]) + d["no_winner"]["k"] == 20
    assert {"jersey_changes", "game_length", "unowned_wearer", "failures"} <= set(d)
    text = r.as_text()
    for words in ("sprint length", "riders over the line", "draw pile ran out", "jersey changes",
                  "game length", "seat 1:", "no winner"):
        assert words in text


def test_simulate_another_side_and_sprint_count(model):
    r = simulate(model, 2, 5, seed=2, side="b", sprints=6)
    assert r.detail.side == "b" and r.detail.sprints_per_game == 6 and r.detail.sprint_length.n == 30


def test_bad_arguments(model):
    with pytest.raises(ValueError, match="policy"):
        simulate(model, 3, 5, seed=1, policy="clever")
    with pytest.raises(ValueError, match="at least 1"):
        simulate(model, 3, 0, seed=1)
    with pytest.raises(EngineError, match="no side 'z'"):
        simulate(model, 3, 5, seed=1, side="z")


def test_a_game_is_replayed_alone_from_its_seed(model):
    from pnp.games.green_jersey.engine import play_game

    r = simulate(model, 3, 5, seed=3)
    data = EngineData.from_model(model)
    moves = [play_game(data, 3, game_seed(3, i)).moves for i in range(5)]
    assert sum(moves) / 5 == pytest.approx(r.game_length.mean)


# --------------------------------------------------------------------------- findings

def _record(index, winner, ended="cards", short=0, error=""):
    s = SprintRecord(cards_played=18, ended=ended, finishers=3 if ended == "finishers" else 0, photo_finish=False,
                     forced=0, kept=0, pile=36, short=short, short_step="refill" if short else "", empty=False,
                     capped=0, discarded=3, jersey_changed=False)
    game = None if error else GreenJerseyGame(0, winner is not None, 0, (s,))
    return GameRecord(index, 1000 + index, winner, 18, game, error, 7 if error else 0,
                      (("sprint", 1),) if error else ())


@pytest.fixture(scope="module")
def sim(model):
    return GreenJerseySimulation.from_model(model, sprints=1)


@pytest.fixture
def _report(sim):
    return lambda records, players=3: Report.from_records(records, sim, players=players, seed=1, policy="random")


def rules(findings):
    return {(f.rule, f.severity) for f in findings}


def test_a_seat_that_wins_too_often_is_a_warning(model, sim, _report):
    records = [_record(i, 0) for i in range(60)] + [_record(60 + i, i % 3) for i in range(30)]
    found = report_findings(model, _report(records), sim)
    seat = [f for f in found if f.rule == "GJ-SIM-SEAT"]
    assert {f.severity for f in seat} == {Severity.WARNING}
    assert any("seat 1 won" in f.message and "more than the fair 33.3 %" in f.message for f in seat)


def test_sprints_that_never_end_on_the_line_are_a_warning_and_rare_ones_a_question(model, sim, _report):
    never = report_findings(model, _report([_record(i, i % 3) for i in range(90)]), sim)
    assert ("GJ-SIM-SPRINT-END", Severity.WARNING) in rules(never)
    rare = [_record(i, i % 3) for i in range(200)] + [_record(200, 0, ended="finishers")]
    assert ("GJ-SIM-SPRINT-END", Severity.QUESTION) in rules(report_findings(model, _report(rare), sim))
    often = [_record(i, i % 3, ended="finishers") for i in range(90)]
    assert "GJ-SIM-SPRINT-END" not in {f.rule for f in report_findings(model, _report(often), sim)}


def test_a_pile_running_out_while_dealing_is_a_warning(model, sim, _report):
    records = [_record(i, i % 3, short=2 if i == 5 else 0) for i in range(90)]
    found = [f for f in report_findings(model, _report(records), sim) if f.rule == "GJ-SIM-DEAL"]
    assert found and found[0].severity is Severity.WARNING and "sprint 1: 1" in found[0].message


def test_a_broken_invariant_is_an_error_with_seed_and_move(model, sim, _report):
    records = [_record(i, i % 3) for i in range(10)] + [_record(10, None, error="riders a and b share column 3")]
    report = _report(records)
    assert report.failures and report.failures[0].seed == 1010
    err = [f for f in report_findings(model, report, sim) if f.rule == "GJ-SIM-INVARIANT"]
    assert err[0].severity is Severity.ERROR
    assert "seed 1010, move 7 (sprint 1): riders a and b share column 3" in err[0].message


def test_without_the_deck_out_decision_the_smoke_run_sees_the_pile_run_out(game_copy):
    path = game_copy / "rules.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("discard_limit: pile", "discard_limit: rules"),
                    encoding="utf-8")
    model = load_game(game_copy)
    report = simulate(model, 6, 10, seed=1)
    d = report.detail
    assert d.deal_short.k > 0 and d.deal_short_steps == {"refill": d.deal_short.k}
    found = [f for f in report_findings(model, report, GreenJerseySimulation.from_model(model))
             if f.rule == "GJ-SIM-DEAL"]
    assert any(f.severity is Severity.WARNING and "ran out while dealing" in f.message for f in found)


def test_one_question_per_engine_gap_at_its_line(model, sim):
    found = sim.engine_findings(model)
    assert [f.rule for f in found] == [g.rule for g in engine_gaps(model.facts)]
    assert all(f.severity is Severity.QUESTION and f.location.file.endswith("rules.yaml") for f in found)
    text = (ROOT / "data" / "green-jersey" / "rules.yaml").read_text(encoding="utf-8").splitlines()
    for f, gap in zip(found, engine_gaps(model.facts)):
        assert text[f.location.line - 1].strip().startswith(f"{gap.key}:")


def test_smoke_findings_are_findings(model):
    found = smoke_findings(model, seed=1, games=8)
    assert found and all(isinstance(f, Finding) for f in found)
    assert {g.rule for g in engine_gaps(model.facts)} <= {f.rule for f in found}
    assert not [f for f in found if f.severity is Severity.ERROR]
    assert all(f.rule.startswith(("GJ-SIM-", "GJ-ENGINE-", "DECISION-EXPECTS")) for f in found)
    assert smoke_findings(model, seed=1, games=8) == found
