"""Tour de France (MB): the rules engine on the printed course and decks.

A golden transcript (one seeded greedy Tour) replays move by move; random and greedy Tours at every
player count keep every invariant; one and two processes give the same report; a rules number
changed in a copy of the data changes what the engine plays; the engine's findings and questions
reach ``pnp check --simulate``. When the engine or the data changes on purpose, write the golden
transcript again with

    PNP_UPDATE_GOLDEN=1 python -m pytest tests/test_tour_de_france_mb_engine.py -k golden

and read the diff of its outcome: every changed figure is a changed rule.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from kit_helpers import edited_copy
from pnp.check.findings import Severity
from pnp.games.tour_de_france_mb import checks as C
from pnp.games.tour_de_france_mb import moves as M
from pnp.games.tour_de_france_mb.engine import ITT, ROAD, TTT, EngineData
from pnp.games.tour_de_france_mb.engine.course import advance
from pnp.games.tour_de_france_mb.engine.gaps import GAPS, engine_gaps
from pnp.games.tour_de_france_mb.engine.state import RACE_CARDS, RISK_CARDS, SCORES
from pnp.games.tour_de_france_mb.facts import EngineRules
from pnp.games.tour_de_france_mb.simulation import SIMULATION
from pnp.model import load_game
from pnp.simulate import ReplayError, simulate

ROOT = Path(__file__).resolve().parent.parent
GAME = "tour-de-france-mb"
GOLDEN = ROOT / "tests" / "golden" / "tour_de_france_mb_greedy_3p_seed_7.json"
GOLDEN_GAME = {"players": 3, "seed": 7, "policy": "greedy"}


@pytest.fixture(scope="module")
def model():
    return load_game(ROOT / "data" / GAME)


@pytest.fixture(scope="module")
def sim(model):
    return SIMULATION.from_model(model)


def outcome_dict(outcome) -> dict:
    t = outcome.detail
    return {"winner": outcome.winner, "moves": outcome.moves, "teams": list(t.teams),
            "individual": list(t.individual), "team": list(t.team), "yellow": t.yellow, "trace": t.trace,
            "stages": [{"kind": s.kind, "plays": s.plays, "rounds": s.rounds, "run_outs": [list(r) for r in s.runouts],
                        "finishers": s.finishers, "green": s.green, "points": s.points, "yellow": s.yellow}
                       for s in t.stages]}


# --------------------------------------------------------------------------- movement

def test_bit_mask_reach_is_the_movement_rules_of_moves_py(model):
    data = EngineData.from_model(model)
    _, side = C.course_side(model)
    rng = random.Random(3)
    for _ in range(400):
        taken = {(rng.randint(1, side.columns - 2), rng.randint(1, side.lanes)) for _ in range(rng.randint(0, 30))}
        at = (rng.randint(1, data.course.finish - 7), rng.randint(1, side.lanes))
        taken.discard(at)
        occ = [0] * (side.columns + 2)
        for column, lane in taken | {at}:
            occ[column] |= 1 << (lane - 1)
        squares = rng.randint(1, 5)
        steps, ends = advance(occ, data.course.road, at[0], 1 << (at[1] - 1), squares, data.course.finish)
        want = squares
        while want and not M.reach(side, at, want, taken):
            want -= 1
        assert steps == want
        if steps:
            assert {lane for lane in range(1, side.lanes + 1) if ends >> (lane - 1) & 1} == \
                {sq[1] for sq in M.reach(side, at, steps, taken)}


# --------------------------------------------------------------------------- golden transcript

def test_golden_transcript_replays_its_tour(sim):
    outcome, moves = sim.play_recorded(**GOLDEN_GAME)
    assert not outcome.error
    played = {**GOLDEN_GAME, "moves": moves, "outcome": outcome_dict(outcome)}
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(played, separators=(",", ":")) + "\n", encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert golden["outcome"] == played["outcome"], "the engine plays another Tour: see the module's docstring"
    assert golden["moves"] == moves
    again = sim.replay(golden["players"], golden["seed"], golden["moves"])
    assert outcome_dict(again) == golden["outcome"]


def test_a_changed_move_is_a_replay_error_or_another_tour(sim):
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    moves = golden["moves"]
    changed = 0
    for at in range(0, len(moves), max(1, len(moves) // 12)):
        edit = list(moves)
        edit[at] = moves[at] + 1
        try:
            again = sim.replay(golden["players"], golden["seed"], edit)
        except ReplayError:
            changed += 1
            continue
        assert outcome_dict(again) != golden["outcome"]
        changed += 1
    assert changed >= 10
    with pytest.raises(ReplayError):
        sim.replay(golden["players"], golden["seed"], moves + [0])


# --------------------------------------------------------------------------- the greedy policy

def _card_value(data, st, move, seat) -> int:
    """A race card move's value as greedy.py's docstring says it, slot after slot, in ticks."""
    from pnp.games.tour_de_france_mb.engine import greedy as G
    from pnp.games.tour_de_france_mb.engine.road import caps_of

    caps = caps_of(data, st, seat)
    finish, green = data.course.finish, data.course.green
    place = len(st.table)
    points = data.points.road_individual
    arrive = G.FINISH + G.TICK * (points[place] if place < len(points) else 0)
    line = G.TICK * data.points.green_first if not st.green_done else 0
    got = 0
    for k, squares in enumerate(move[2]):
        if not squares:
            continue
        column = st.col[seat * data.per_team + k]
        go = min(squares, caps[k])
        got -= G.WASTE * (squares - go)
        if not go:
            continue
        got += go * (G.TICK + G.REAR * (finish - column))
        if column + go >= finish:
            got += arrive
        elif line and column < green <= column + go:
            got += line
    return got + G.EXTRA if move[4] != -1 else got


def test_the_greedy_card_values_are_the_rule_s_sums(sim):
    """The race card values read from rows kept across decisions are the sums of the rule, whole
    ticks, with and without a blue card in hand."""
    from pnp.games.tour_de_france_mb.engine import greedy as G
    from pnp.games.tour_de_france_mb.engine.state import CARD
    from pnp.simulate.turns import chance_rng, policy_rng

    rows, decisions, blue = {}, 0, 0
    for seed, policy in ((1, "greedy"), (2, "random")):
        rng, choose = chance_rng(seed), sim.policy(policy, policy_rng(seed))
        st = sim.start(4, rng)
        while not st.over:
            if st.ask == CARD:
                decisions += 1
                blue += bool(st.held[st.seat])
                got = G.values(sim.data, st, st.moves, st.seat, rows)
                assert got == [_card_value(sim.data, st, m, st.seat) for m in st.moves]
                assert all(isinstance(v, int) for v in got)
            st = sim.apply(st, st.moves[choose(st, st.moves, st.seat)], rng)
    assert decisions > 300 and blue > 10


def test_choices_within_a_card_are_the_lane_decisions_of_plain_steps(sim):
    """Played by the loop, a race card asks where its cyclists stop as it moves them
    (apply_choosing); stepped with apply, each is a LANE decision of its own. Same choices, same
    Tour, same transcript; the invariants look once the card's cyclists all stand."""
    from pnp.games.tour_de_france_mb.engine.state import LANE
    from pnp.simulate.turns import chance_rng, policy_rng

    for seed, policy in ((3, "greedy"), (4, "random")):
        outcome, transcript = sim.play_recorded(4, seed, policy)
        rng, choose = chance_rng(seed), sim.policy(policy, policy_rng(seed))
        st, stepped, lanes = sim.start(4, rng), [], 0
        while not st.over:
            index = choose(st, st.moves, st.seat)
            stepped.append(index)
            lanes += st.ask == LANE
            st = sim.apply(st, st.moves[index], rng)
            if st.ask == LANE and not st.over:
                assert sim.invariants(st) == "", "a look in the middle of a card"
        assert stepped == transcript and lanes > 100
        assert sim.detail(st) == outcome.detail and outcome.moves == len(transcript)


# --------------------------------------------------------------------------- whole Tours

@pytest.mark.parametrize("players", [2, 3, 4])
def test_tours_keep_every_invariant(sim, players):
    games = {"random": 120, "greedy": 60}
    for policy, n in games.items():
        for seed in range(n):
            o = sim.play(players, 1000 * players + seed, policy)
            assert not o.error, f"seed {1000 * players + seed}, {policy}: {o.error} at {o.error_at}"
            t = o.detail
            assert [s.kind for s in t.stages] == list(sim.data.stages)
            for s in t.stages:
                if s.kind == ROAD:
                    assert s.end == "team complete" and s.finishers >= sim.data.per_team
                elif s.kind == TTT:
                    assert s.end == "round finished"
                else:
                    assert len(s.itt_cards) == players and min(s.itt_cards) >= 1
            totals = [a + b for a, b in zip(t.individual, t.team)]
            assert sum(s.points[seat] for s in t.stages for seat in range(players)) == sum(totals)
            if o.winner is not None:
                assert totals[o.winner] == max(totals) and totals.count(max(totals)) == 1


def test_the_stage_winner_takes_the_yellow_and_the_points_are_the_table(sim):
    data = sim.data
    for seed in range(20):
        t = sim.play(4, seed, "greedy").detail
        first = t.stages[0]
        assert first.kind == ROAD and first.yellow >= 0
        # the time trial's points are the table's, by cards used
        itt = next(s for s in t.stages if s.kind == ITT)
        best = min(itt.itt_cards)
        assert max(itt.points) in data.points.itt_individual
        assert all(itt.points[s] <= data.points.itt_individual[0] for s in range(4))
        assert best * data.max_total >= data.course.finish - data.course.itt_starts[0][0]


def test_one_process_and_two_give_the_same_report(sim):
    one = simulate(sim, 3, 16, seed=5, policy="random", jobs=1)
    two = simulate(sim, 3, 16, seed=5, policy="random", jobs=2)
    assert one.as_json() == two.as_json() and one.as_text() == two.as_text()
    d = json.loads(one.as_json())
    assert d["by_stage_kind"]["road"]["stages"] == 16 * 3 and "pile_ran_out" in d["by_stage_kind"]["road"]


# --------------------------------------------------------------------------- the data drives the engine

def _tour(folder: Path, players: int = 3, seed: int = 11, policy: str = "greedy"):
    return SIMULATION.from_model(load_game(folder)).play(players, seed, policy)


def test_rules_numbers_changed_in_the_data_change_the_play(tmp_path, model):
    base = SIMULATION.from_model(model)
    assert (base.data.hand, base.data.itt_hand, base.data.points.green_first) == (
        model.facts.road.hand, model.facts.individual_time_trial.hand, model.facts.points.green_first)
    plain = _tour(ROOT / "data" / GAME)
    cases = [
        ("road.hand", [("rules.yaml", "  hand: 4 ", "  hand: 6 ")], lambda d: d.hand == 6),
        ("individual_time_trial.hand", [("rules.yaml", "  hand: 10 ", "  hand: 4 ")], lambda d: d.itt_hand == 4),
        ("points.itt_individual", [("rules.yaml", "itt_individual: [6, 3, 1, 0]", "itt_individual: [9, 3, 1, 0]")],
         lambda d: d.points.itt_individual[0] == 9),
        ("course finish line", [("boards.yaml", "kind: finish, column: 22", "kind: finish, column: 20")],
         lambda d: d.course.finish == 20),
        ("crash card", [("risque.csv", "chute,unfavourable,rouge,Chute,crash,1,2",
                         "chute,unfavourable,rouge,Chute,crash,2,2")],
         lambda d: {r.value for r in d.risks if r.effect == "crash"} == {2}),
    ]
    for name, edits, read in cases:
        folder = edited_copy(tmp_path / name.replace(" ", "-"), GAME, edits)
        data = SIMULATION.from_model(load_game(folder)).data
        assert read(data), name
        assert outcome_dict(_tour(folder)) != outcome_dict(plain), name


def test_a_longer_deck_stops_the_road_stage_run_outs(tmp_path, sim):
    """The race pile runs out in every 4-player road stage of the printed deck; with twice the copies of
    every card it does not."""
    few = simulate(sim, 4, 12, seed=2, policy="greedy")
    text = (ROOT / "data" / GAME / "course.csv").read_text(encoding="utf-8")
    doubled = "\n".join(line if i == 0 else line.rsplit(",", 1)[0] + "," + str(2 * int(line.rsplit(",", 1)[1]))
                        for i, line in enumerate(text.strip().splitlines())) + "\n"
    folder = edited_copy(tmp_path, GAME, [("course.csv", text, doubled)])
    many = simulate(SIMULATION.from_model(load_game(folder)), 4, 12, seed=2, policy="greedy")
    assert few.detail.kind("road").runout.value == 1.0
    assert many.detail.kind("road").runout.k == 0


def test_engine_choices_are_read_from_rules_yaml(tmp_path):
    folder = edited_copy(tmp_path, GAME, [("rules.yaml", "  card_use: free ", "  card_use: most-squares "),
                                          ("rules.yaml", "  tour_tie: shared ", "  tour_tie: individual ")])
    model = load_game(folder)
    data = SIMULATION.from_model(model).data
    assert data.rules.card_use == "most-squares" and data.rules.tour_tie == "individual"
    gaps = {g.rule: g for g in engine_gaps(model.facts)}
    assert gaps["TDF-ENGINE-CARD-USE"].choice == "most-squares" and gaps["TDF-ENGINE-CARD-USE"].meaning
    assert not SIMULATION.from_model(model).play(3, 4, "random").error


def test_every_engine_choice_is_a_question_with_a_meaning(model):
    assert {g.key for g in GAPS} == set(EngineRules.model_fields)
    for gap in engine_gaps(model.facts):
        assert gap.meaning, gap.key
        assert gap.rule.startswith("TDF-ENGINE-")


# --------------------------------------------------------------------------- reports and findings

def test_the_report_says_what_the_findings_watch(sim):
    report = simulate(sim, 4, 20, seed=1, policy="greedy")
    d = report.detail
    assert {k.kind for k in d.kinds} == {"road", "team-time-trial", "individual-time-trial"}
    watched = {w.name for w in sim.watched(report)}
    assert {"road: pile ran out", "individual-time-trial: pile ran out", "tied tours"} <= watched
    outcomes = d.outcomes()
    assert outcomes["road: pile ran out"] is d.kind("road").runout and "race cards per tour" in outcomes
    assert SIMULATION.variants(None) == [{}]
    assert "race pile ran out" in report.as_text()
    found = {f.rule for f in sim.findings(_Model(), report)}
    assert "TDF-SIM-RACE-DECK" in found


class _Sources:
    def rule(self, *path):
        from pnp.errors import Location

        return Location("rules.yaml", 1)


class _Model:
    sources = _Sources()


def test_findings_reach_pnp_check_simulate(model, monkeypatch):
    from pnp.check import run_checks
    from pnp.simulate import findings as F

    monkeypatch.setattr(F, "SMOKE_GAMES", 12)
    found = run_checks(model, simulate=True)
    rules = {f.rule for f in found}
    assert "TDF-SIM-RACE-DECK" in rules
    assert {g.rule for g in GAPS} <= rules
    engine = [f for f in found if f.rule.startswith("TDF-ENGINE-")]
    assert all(f.severity is Severity.QUESTION and "rules.yaml" in str(f.location) for f in engine)
    assert not [f for f in found if f.rule == "TDF-SIM-INVARIANT"]


def test_a_single_stage_kind_can_be_raced_alone(model):
    sim = SIMULATION.from_model(model, stage="individual-time-trial")
    t = sim.play(3, 1, "greedy").detail
    assert [s.kind for s in t.stages] == [ITT]
    with pytest.raises(ValueError):
        SIMULATION.from_model(model, stage="prologue")


def test_the_invariants_catch_a_broken_state(sim):
    from pnp.games.tour_de_france_mb.engine.state import LANE
    from pnp.simulate.turns import chance_rng

    rng = chance_rng(3)
    st = sim.start(4, rng)
    for _ in range(30):
        st = sim.apply(st, st.moves[0], rng)
        assert sim.invariants(st) == ""
    while st.ask == LANE:   # a look waits for the card's last cyclist: break the state between two cards
        st = sim.apply(st, st.moves[0], rng)
    racing = [c for c, bit in enumerate(st.bit) if bit]
    a, b = racing[0], racing[1]
    saved = st.col[a], st.bit[a]
    st.occ[st.col[a]] &= ~st.bit[a]
    st.col[a], st.bit[a] = st.col[b], st.bit[b]
    st.moved.append(a)
    assert "squares taken" in sim.invariants(st)
    st.col[a], st.bit[a] = saved
    st.occ[saved[0]] |= saved[1]
    assert sim.invariants(st) == ""
    st.pile.pop()
    st.touched |= RACE_CARDS
    assert "race cards" in sim.invariants(st)
    st.pile.append(st.played.pop())  # two copies of one card: the count is right, the cards are not
    st.touched |= RACE_CARDS
    assert "race cards" in sim.invariants(st)


def test_the_invariants_catch_broken_risk_cards_and_scores(sim):
    from pnp.simulate.turns import chance_rng

    rng = chance_rng(5)
    st = sim.start(3, rng)
    assert sim.invariants(st) == ""
    top = st.rpile.pop()
    st.touched |= RISK_CARDS
    assert "risk cards" in sim.invariants(st)
    st.rpile.append(next(r for r in st.rpile if r != top))   # a card twice, another missing
    st.touched |= RISK_CARDS
    assert "risk cards" in sim.invariants(st)
    st.rpile[-1] = top
    st.touched |= RISK_CARDS
    assert sim.invariants(st) == ""
    st.indiv[1] = -1
    st.touched |= SCORES
    assert "negative score" in sim.invariants(st)
    st.indiv[1] = 0
    st.touched |= SCORES
    assert sim.invariants(st) == ""
    st.hands[0].append(st.pile.pop())     # a break nothing marked: the full look of the next stage sees it
    assert sim.invariants(st) == ""
    st.checked = -1
    assert "holds" in sim.invariants(st)


def test_every_change_between_two_looks_is_marked(sim):
    """Between two full looks (one a stage, see invariants.py) the invariants check only what the
    engine marked as changed: over whole Tours, every change of the race cards, the risk cards, the
    scores and the squares made by a decision is marked."""
    from pnp.simulate.turns import chance_rng, policy_rng

    def kinds(st):
        return {RACE_CARDS: (list(st.pile), list(st.played), list(st.to_play), [list(h) for h in st.hands]),
                RISK_CARDS: (list(st.rpile), [list(h) for h in st.held]),
                SCORES: (list(st.indiv), list(st.teampts), [list(k) for k in st.itt_keys])}

    changed = dict.fromkeys(["squares", RACE_CARDS, RISK_CARDS, SCORES], 0)
    for players, policy, seed in [(4, "random", 1), (4, "greedy", 2), (3, "random", 3), (2, "greedy", 4)]:
        rng, choose = chance_rng(seed), sim.policy(policy, policy_rng(seed))
        st = sim.start(players, rng)
        assert sim.invariants(st) == ""
        while not st.over:
            before, squares, stage = kinds(st), (list(st.col), list(st.bit)), st.stage
            st = sim.apply(st, st.moves[choose(st, st.moves, st.seat)], rng)
            if st.stage == stage and not st.over:
                for kind, now in kinds(st).items():
                    if now != before[kind]:
                        changed[kind] += 1
                        assert st.touched & kind, f"seed {seed}: a change of kind {kind} is not marked"
                if (list(st.col), list(st.bit)) != squares:
                    changed["squares"] += 1
                    assert st.moved, f"seed {seed}: cyclists moved, none marked"
            assert sim.invariants(st) == ""
    assert all(changed.values()), changed
