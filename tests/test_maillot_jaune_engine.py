"""Maillot Jaune's engine on the printed data: what it reads, the rules it plays (slipstream, punctures,
help, abandons, the classification), the engine choices of rules.yaml, golden transcripts that
replay, invariants over many games at every player count, the same report on one process and two,
rules numbers changed in a copy of the data, and the findings of pnp check --simulate.

The golden transcripts are seeded 4-player greedy races on the shipped data, one per rules level.
When the engine or the data changes a race on purpose, write them again with

    PNP_UPDATE_GOLDEN=1 python -m pytest tests/test_maillot_jaune_engine.py -k golden
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace
from pathlib import Path

import pytest

from kit_helpers import edited_copy, rule_ids
from pnp.games.maillot_jaune.engine import EngineData, EngineError, race
from pnp.games.maillot_jaune.engine.gaps import GAPS, engine_gaps
from pnp.games.maillot_jaune.engine.moves import Moves, legal_moves
from pnp.games.maillot_jaune.engine.policy import value, values
from pnp.games.maillot_jaune.engine.state import ABANDONED, AFTER_PUNCTURE, FINISHED, RACING
from pnp.games.maillot_jaune.facts import EngineRules
from pnp.games.maillot_jaune.simulation import SIMULATION, MaillotJauneSimulation
from pnp.model import load_game
from pnp.simulate import ReplayError, Share, Summary, simulate
from pnp.simulate.engine import Watch

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "data" / "maillot-jaune"
GOLDEN = {level: ROOT / "tests" / "golden" / f"maillot_jaune_{level}.json" for level in ("advanced", "basic")}
GOLDEN_SEED = {"advanced": 11, "basic": 12}


@pytest.fixture(scope="module")
def model():
    return load_game(GAME)


@pytest.fixture(scope="module")
def sims(model):
    return {level: SIMULATION.from_model(model, level=level) for level in ("basic", "advanced")}


class Dice:
    """A chance generator whose throws are scripted: each ``randrange`` returns the next face (0-based)."""

    def __init__(self, faces):
        self.faces = list(faces)

    def randrange(self, n):
        return self.faces.pop(0)


def ids(data) -> dict[str, int]:
    return {name: i for i, name in enumerate(data.riders)}


def placed(data, where: dict[str, tuple[int, int]], players: int = 4):
    """A race in stage 1 with the riders of ``where`` on those squares, the others gone over the line,
    and the rider in front to play."""
    st = race.start(data, players, random.Random(0))
    r_of = ids(data)
    st.occ.clear()
    for name, r in r_of.items():
        if name in where:
            st.col[r], st.lane[r] = where[name]
            st.occ[where[name]] = r
        else:
            st.status[r] = FINISHED
            st.crossed.append(r)
            st.cross_round[r] = st.winner_round = 1
    order = race.race_order(st)
    st.queue = order[1:]
    race.begin_turn(data, st, order[0])
    return st


# --------------------------------------------------------------------------- what the engine reads

def test_the_engine_plays_the_printed_board_riders_and_tables(model, sims):
    d = sims["advanced"].data
    assert [(s.start, s.finish) for s in d.stages] == [(1, 29), (29, 57), (57, 85)]
    assert d.stages[0].grid[:3] == ((0, 1), (0, 2), (0, 3)) and d.stages[1].grid[-1] == (26, 3)
    assert d.stages[0].terrains == ("plaine", "montee") and d.stages[2].terrains == ("descente", "plaine")
    renault = ids(d)["renault"]
    assert d.stars_of(renault, 1) == 2 and d.stars_of(renault, 15) == 3 and d.stars_of(renault, 43) == 1
    assert d.stars_of(renault, 0) == d.stars_of(renault, 84)  # the first grid stands on the circuit's end
    assert len(d.throws) == 36 and sum(t is None for t in d.throws) == 3  # 3/3, 4/4 and 5/5
    assert d.markers == 4 and d.energy_start == 6 and d.form_start == 20 and d.risky_max == 4
    assert {MaillotJauneSimulation.variants(model)[i]["level"] for i in (0, 1)} == {"basic", "advanced"}


def test_a_rider_without_its_pieces_cannot_race(tmp_path):
    copy = edited_copy(tmp_path, "maillot-jaune", [("needles.csv", "aiguille-armor,needle,armor\n", "")])
    with pytest.raises(EngineError, match="no energy needle for armor"):
        EngineData.from_model(load_game(copy))


# --------------------------------------------------------------------------- the rules played

def test_a_line_in_the_wheel_moves_up_at_each_leader_s_turn_and_plays_next(sims):
    """The source's example: PTT pulls Vandamme and La Bonnal, Vandamme pulls La Bonnal again."""
    d = sims["advanced"].data
    r = ids(d)
    st = placed(d, {"ptt": (6, 1), "vandamme": (5, 1), "la-bonnal": (4, 1), "la-redoute": (5, 2)})
    assert st.current == r["ptt"] and st.follower == r["vandamme"]
    race.apply(d, st, (9, 1, 0, 0, -1), Dice([]))
    assert (st.col[r["vandamme"]], st.col[r["la-bonnal"]], st.energy[r["ptt"]]) == (6, 5, d.energy_start - 1)
    assert st.current == r["vandamme"]  # right after its leader, before La Redoute
    race.apply(d, st, (7, 1, 0, 0, -1), Dice([]))
    assert st.col[r["la-bonnal"]] == 6 and st.current == r["la-bonnal"] and st.counts.shifts == 3


def test_a_leader_that_changes_lanes_or_rides_side_by_side_drags_nobody(sims):
    d = sims["advanced"].data
    r = ids(d)
    st = placed(d, {"ptt": (6, 1), "vandamme": (5, 1)})
    race.apply(d, st, (8, 2, 0, 0, -1), Dice([]))
    assert st.col[r["vandamme"]] == 5 and st.energy[r["ptt"]] == d.energy_start and st.counts.escapes == 1
    st = placed(d, {"ptt": (6, 1), "vandamme": (5, 1), "armor": (6, 2)})
    assert st.current == r["ptt"] and st.partners == (r["armor"],)
    race.apply(d, st, (6, 1, 0, 0, -1), Dice([]))  # stays level with Armor
    assert st.energy[r["ptt"]] == d.energy_start and st.counts.pairs == 1


def test_an_empty_leader_rolls_the_table_and_pays_from_form(sims):
    d = sims["advanced"].data
    r = ids(d)
    st = placed(d, {"ptt": (6, 1), "vandamme": (5, 1)})
    st.energy[r["ptt"]], st.energy_spent[r["ptt"]] = 0, d.energy_start
    race.apply(d, st, (9, 1, 0, 0, -1), Dice([1, 0]))  # a 2 and a 1: the row "3"
    cost = d.throws[1 * 6 + 0][d.empty_leader_squares - 1]
    assert st.form[r["ptt"]] == d.form_start - cost * d.form_per_energy and st.counts.slip_rolls == 1


def test_the_basic_rules_have_no_slipstream(sims):
    d = sims["basic"].data
    r = ids(d)
    st = placed(d, {"ptt": (6, 1), "vandamme": (5, 1)})
    race.apply(d, st, (9, 1, 0, 0, -1), Dice([]))
    assert st.col[r["vandamme"]] == 5 and st.energy[r["ptt"]] == d.energy_start


def test_a_puncture_cancels_the_breakaway_and_costs_a_turn_unless_a_rider_helps(sims):
    d = sims["advanced"].data
    r = ids(d)
    st = placed(d, {"ptt": (6, 1), "armor": (3, 3), "renault": (2, 3)})
    move = next(m for m in legal_moves(d, st) if m[2] == 1 and m[3] == 2)
    race.apply(d, st, move, Dice([2, 2]))  # double 3: a puncture
    assert st.phase == AFTER_PUNCTURE and st.current == r["ptt"] and st.miss[r["ptt"]] == d.miss_turns
    assert st.energy[r["ptt"]] == d.energy_start  # engine.puncture_breakaway: none, the safe square unpaid
    plain = list(legal_moves(d, st))
    assert max(m[0] for m in plain) == 6 + d.stars_of(r["ptt"], 6) and all(m[2:4] == (0, 0) for m in plain)
    race.apply(d, st, (8, 1, 0, 0, -1), Dice([]))
    assert st.current == r["armor"]
    helps = [m for m in legal_moves(d, st) if m[4] == r["ptt"]]
    assert helps and all(m[0] == 8 and m[1] == 2 for m in helps)
    race.apply(d, st, next(m for m in helps if not m[3]), Dice([]))
    assert st.miss[r["ptt"]] == 0 and st.miss[r["armor"]] == d.miss_turns and st.counts.helps == 1


def test_a_rider_with_no_form_left_abandons_when_its_dial_empties(sims):
    d = sims["advanced"].data
    r = ids(d)
    st = placed(d, {"ptt": (6, 1), "armor": (3, 3)})
    p = r["ptt"]
    st.form[p], st.form_spent[p] = 0, d.form_start
    move = next(m for m in legal_moves(d, st) if m[2] == d.energy_start // d.safe_cost and not m[3])
    race.apply(d, st, move, Dice([]))
    assert st.status[p] == ABANDONED and (p, 0) in st.counts.abandons and (st.col[p], st.lane[p]) not in st.occ


def test_ties_on_time_follow_the_engine_s_tie_rule(sims):
    d = sims["advanced"].data
    st = race.start(d, 4, random.Random(0))
    a, b = 0, 1
    st.times[a] = st.times[b] = 0
    st.places[a], st.places[b] = [1, 5], [3, 2]
    for x in range(2, d.n_riders):
        st.times[x], st.places[x] = 9, [9, 9]
    assert race.classification(d, st)[:2] == [a, b]  # best stage place: 1 before 2
    last = replace(d, rules=EngineRules(ties="last-stage-place"))
    assert race.classification(last, st)[:2] == [b, a]  # the last stage: 2 before 5


# --------------------------------------------------------------------------- the policy

def test_the_greedy_values_are_the_values_of_each_move(sims):
    for level, sim in sims.items():
        rng = random.Random(5)
        st = sim.start(5, rng)
        for _ in range(300):
            moves = sim.legal_moves(st)
            assert isinstance(moves, Moves) and len(list(moves)) == len(moves)
            assert [moves[i] for i in range(len(moves))] == list(moves)
            assert values(sim.data, st, moves) == [value(sim.data, st, m, st.seat) for m in moves]
            st = sim.apply(st, moves[rng.randrange(len(moves))], rng)
            if st.over:
                break


def test_greedy_riders_race_sensibly(sims):
    report = simulate(sims["advanced"], 4, 30, seed=3, policy="greedy")
    d = report.detail
    assert not report.failures and d.abandons.max == 0 and d.nobody_left.k == 0
    assert all(s.max < 40 for s in d.stage_rounds)  # nobody dawdles: a stage is over in a few dozen rounds


# --------------------------------------------------------------------------- golden transcripts

def _golden(sim, level):
    players, seed = 4, GOLDEN_SEED[level]
    outcome, transcript = sim.play_recorded(players, seed, "greedy")
    return {"game": "maillot-jaune", "level": level, "players": players, "seed": seed, "policy": "greedy",
            "moves": transcript,
            "outcome": {"winner": outcome.winner, "moves": outcome.moves, "ranks": list(outcome.detail.ranks),
                        "times": list(outcome.detail.times), "stage_winners": list(outcome.detail.stage_winners)}}


@pytest.mark.parametrize("level", ["advanced", "basic"])
def test_golden_transcript_replays(sims, level):
    sim = sims[level]
    played = _golden(sim, level)
    path = GOLDEN[level]
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        path.write_text(json.dumps(played) + "\n", encoding="utf-8")
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert played == golden
    outcome = sim.replay(golden["players"], golden["seed"], golden["moves"])
    want = golden["outcome"]
    assert (outcome.winner, outcome.moves, list(outcome.detail.ranks), list(outcome.detail.times)) == \
        (want["winner"], want["moves"], want["ranks"], want["times"])
    changed = list(golden["moves"])
    at = next(i for i, m in enumerate(changed) if m > 0)
    changed[at] = 0
    try:
        other = sim.replay(golden["players"], golden["seed"], changed)
    except ReplayError:
        return
    assert other != outcome


# --------------------------------------------------------------------------- invariants and runs

@pytest.mark.parametrize("players", range(2, 10))
def test_invariants_hold_at_every_player_count(sims, players):
    for level, sim in sims.items():
        for policy, games in (("random", 40), ("greedy", 12)):
            report = simulate(sim, players, games, seed=players, policy=policy)
            assert not report.failures, report.failures[0].text()
            assert report.games == games


def _other_choices():
    """Every choice of ``engine:`` other than the default, one at a time."""
    from typing import get_args

    out = []
    for key, field in EngineRules.model_fields.items():
        for choice in get_args(field.annotation):
            if choice != field.default:
                out.append((key, choice))
    return out


@pytest.mark.parametrize("key,choice", _other_choices())
def test_every_engine_choice_plays_and_keeps_the_invariants(sims, key, choice):
    base = sims["advanced"].data
    data = replace(base, rules=base.rules.model_copy(update={key: choice}),
                   level=choice if key == "level" else base.level)
    sim = MaillotJauneSimulation(data)
    for players, policy, games in ((4, "random", 6), (5, "greedy", 4)):
        report = simulate(sim, players, games, seed=9, policy=policy)
        assert not report.failures, report.failures[0].text()


def test_the_invariants_catch_a_broken_rule(sims, monkeypatch):
    sim = sims["advanced"]
    monkeypatch.setattr(race, "_cross", lambda data, st, r: st.crossed.append(r))  # forgets to leave the road
    outcome = sim.play(4, 1, "greedy")
    assert outcome.error and dict(outcome.error_at)["stage"] == 1


def test_the_invariants_catch_a_broken_rider(sims):
    sim = sims["advanced"]
    rng = random.Random(2)
    st = sim.start(4, rng)
    assert sim.invariants(st) == ""
    for _ in range(20):
        st = sim.apply(st, sim.legal_moves(st)[0], rng)
        assert sim.invariants(st) == ""
    a, b = [r for r, s in enumerate(st.status) if s == RACING][:2]
    miss = st.miss[a]
    st.miss[a] = -1
    st.touched.append(a)
    assert "turns to miss" in sim.invariants(st)
    st.miss[a] = miss
    st.touched.append(a)
    assert sim.invariants(st) == ""
    del st.occ[(st.col[b], st.lane[b])]        # a square cleared under a rider nobody marked: the count sees it
    assert "squares marked taken" in sim.invariants(st)
    st.occ[(st.col[b], st.lane[b])] = b
    assert sim.invariants(st) == ""
    st.energy[b] = -1                          # a break nothing marked: the full look of the next stage sees it
    assert sim.invariants(st) == ""
    st.checked = -1
    assert "energy" in sim.invariants(st)


def test_every_rider_changed_between_two_looks_is_marked(sims):
    """Between two full looks (one a stage, see invariants.py) the invariants check the riders the
    engine marked as changed: over whole games, every rider a move changes is marked."""
    def riders(st):
        return [(st.col[r], st.lane[r], st.status[r], st.energy[r], st.form[r], st.miss[r], st.times[r],
                 st.form_spent[r], st.energy_spent[r], st.cross_round[r], st.crossed.count(r))
                for r in range(len(st.status))]

    changed = 0
    for (level, sim), policy, seed in [(lv, pol, sd) for sd, lv in enumerate(sims.items()) for pol in ("random",
                                                                                                       "greedy")]:
        for players in (2, 5):
            rng, choose = random.Random(seed), sim.policy(policy, random.Random(seed + 1))
            st = sim.start(players, rng)
            assert sim.invariants(st) == ""
            while not st.over:
                before, stage = riders(st), st.stage
                legal = sim.legal_moves(st)
                st = sim.apply(st, legal[choose(st, legal, st.seat)], rng)
                if st.stage == stage and not st.over:
                    for r, (was, now) in enumerate(zip(before, riders(st))):
                        if was != now:
                            changed += 1
                            assert r in st.touched, f"{level} {policy}: rider {r} changed, not marked"
                assert sim.invariants(st) == ""
    assert changed > 1000


def test_one_process_and_two_give_the_same_report(sims):
    one = simulate(sims["advanced"], 3, 24, seed=4, policy="greedy", jobs=1)
    two = simulate(sims["advanced"], 3, 24, seed=4, policy="greedy", jobs=2)
    assert one == two and one.as_json() == two.as_json()


def test_the_report_shows_the_figures_with_intervals(sims):
    report = simulate(sims["advanced"], 4, 40, seed=2, policy="greedy")
    d = report.detail
    data = json.loads(report.as_json())
    assert {p["profile"] for p in data["profiles"]} == set(sims["advanced"].data.profiles)
    assert "ci95" in data["profiles"][0]["wins"] and "counts" in data["punctures"]["per_game"]
    out = d.outcomes()
    assert isinstance(out["yellow jersey nobody's"], Share) and isinstance(out["punctures"], Summary)
    watched = sims["advanced"].watched(report)
    assert watched and all(isinstance(w, Watch) for w in watched)
    assert any(w.name.endswith(" wins") for w in watched)
    text = report.as_text()
    assert "Tour wins and podiums per star profile" in text and "punctures per race" in text


# --------------------------------------------------------------------------- the data drives the engine

def test_a_rules_number_changed_in_a_copy_changes_the_race(sims, tmp_path):
    base = sims["advanced"].play(4, 6, "greedy")
    edit = ("rules.yaml", "  minutes_per_round: 1 ", "  minutes_per_round: 2 ")
    copy = edited_copy(tmp_path, "maillot-jaune", [edit])
    doubled = SIMULATION.from_model(load_game(copy), level="advanced").play(4, 6, "greedy")
    assert doubled.detail.ranks == base.detail.ranks
    assert doubled.detail.times == tuple(2 * t for t in base.detail.times) and any(base.detail.times)
    copy2 = edited_copy(tmp_path / "b", "maillot-jaune", [("rules.yaml", "  miss_turns: 1 ", "  miss_turns: 2 ")])
    sim2 = SIMULATION.from_model(load_game(copy2), level="advanced")
    assert sim2.data.miss_turns == 2
    assert simulate(sim2, 4, 10, 1, "greedy").as_json() != simulate(sims["advanced"], 4, 10, 1, "greedy").as_json()


def test_an_engine_choice_changed_in_a_copy_changes_the_race(tmp_path, sims):
    copy = edited_copy(tmp_path, "maillot-jaune", [("rules.yaml", "  winner: owner ", "  winner: best-owned ")])
    sim = SIMULATION.from_model(load_game(copy), level="advanced")
    assert sim.data.rules.winner == "best-owned"
    report = simulate(sim, 5, 30, 1, "greedy")
    assert report.no_winner.k == 0  # a seat always owns some rider in the classification


# --------------------------------------------------------------------------- findings

def test_every_engine_choice_is_a_question_at_its_line(model):
    found = SIMULATION.from_model(model).engine_findings(model)
    assert {f.rule for f in found} == {g.rule for g in GAPS}
    assert set(EngineRules.model_fields) == {g.key for g in GAPS}
    text = (GAME / "rules.yaml").read_text(encoding="utf-8").splitlines()
    for f in found:
        gap = next(g for g in GAPS if g.rule == f.rule)
        assert f.location.line and text[f.location.line - 1].strip().startswith(f"{gap.key}:")
    ties = next(f for f in found if f.rule == "MJ-ENGINE-TIES")
    assert "MJ-D-TIES" in ties.message and "do not break ties" in ties.message
    line = next(g for g in engine_gaps(model.facts) if g.key == "slipstream_line")
    assert "equals follower_gain" in line.question


def test_check_simulate_reports_the_engine_s_findings(model, monkeypatch):
    import pnp.simulate.findings as smoke
    from pnp.check import Severity, run_checks

    monkeypatch.setattr(smoke, "SMOKE_GAMES", 12)
    found = run_checks(model, simulate=True)
    assert {"MJ-ENGINE-TIES", "MJ-ENGINE-LEVEL"} <= rule_ids(found, Severity.QUESTION)
    assert not {"MJ-SIM-INVARIANT", "MJ-SIM-ENGINE"} & rule_ids(found, Severity.ERROR)
    components = {f.component for f in found if f.rule.startswith("MJ-SIM")}
    assert any("basic rules" in c for c in components) and any("advanced rules" in c for c in components)


def test_pnp_simulate_plays_maillot_jaune(runner):
    from pnp.cli import cli

    result = runner.invoke(cli, ["simulate", str(GAME), "--players", "3", "--games", "6", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 6 and data["level"] == "advanced" and len(data["seats"]) == 3
