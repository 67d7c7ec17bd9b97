"""Le jeu du Tour de France's engine on the printed data: the rules one by one (setbacks, mishaps,
Jokers, the exact Arrivée, time trials, jerseys), a golden transcript replayed, the invariants over
whole games at every player count, runs the same on one process and two, rules.yaml read at
from_model time, and the findings of ``pnp check --simulate``.

The golden transcript is one seeded 4-player game (seed 1, greedy seats) on the shipped data. When
the engine or the data changes on purpose, write it again with

    PNP_UPDATE_GOLDEN=1 python -m pytest tests/test_tour_de_france_quiz_engine.py -k golden

and read the diff: every changed move or figure is a changed rule.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import asdict, replace
from pathlib import Path

import pytest

from kit_helpers import edited_copy
from pnp.check import run_checks
from pnp.games.tour_de_france_quiz.engine import EngineData, QuizEngine, State, flow
from pnp.games.tour_de_france_quiz.engine.gaps import GAPS, engine_gaps
from pnp.games.tour_de_france_quiz.engine.invariants import broken
from pnp.games.tour_de_france_quiz.engine.state import JOKER, PASS, USE_JOKER, WINDOW
from pnp.games.tour_de_france_quiz.simulation import SIMULATION
from pnp.model import load_game
from pnp.simulate import ReplayError, simulate
from pnp.simulate.turns import chance_rng

ROOT = Path(__file__).resolve().parent.parent
GAME = "tour-de-france-quiz"
GOLDEN = ROOT / "tests" / "golden" / "tour_de_france_quiz_seed_1.json"
GOLDEN_GAME = {"players": 4, "seed": 1, "policy": "greedy"}


@pytest.fixture(scope="module")
def model():
    return load_game(ROOT / "data" / GAME)


@pytest.fixture(scope="module")
def sim(model):
    return SIMULATION.from_model(model)


@pytest.fixture(scope="module")
def data(sim) -> EngineData:
    return sim.data


def table(d: EngineData, players: int = 3, seed: int = 1) -> tuple[State, random.Random]:
    """A game set up (decks shuffled, prologue run) and its chance generator."""
    rng = random.Random(seed)
    st = State(d, players)
    flow.setup(d, st, rng)
    return st, rng


def drive(gen, choose=lambda st: PASS, st=None):
    """Play a flow generator out; ``choose(st)`` answers each decision."""
    try:
        gen.send(None)
        while True:
            gen.send(choose(st))
    except StopIteration as stop:
        return stop.value


def on_top(st: State, d: EngineData, deck: int, kind: str) -> int:
    """Put a card of ``kind`` on top of ``deck``'s pile; its id."""
    pile = st.piles[deck]
    card = next(c for c in pile if d.cards.kind[c] == kind)
    pile.remove(card)
    pile.appendleft(card)
    return card


# --------------------------------------------------------------------------- the rules, one by one

def test_the_prologue_orders_the_players_and_gives_the_yellow(data):
    st, _ = table(data, players=5)
    assert sorted(st.order) == list(range(5))
    assert [st.pos[s] for s in st.order] == list(data.prologue[:5])
    assert data.kinds[data.prologue[0]] == "prologue" and data.prologue[0] > data.prologue[1]  # Prologue 1 in front
    assert st.holders[0] == st.order[0] and not broken(data, st)


def test_a_setback_square_sends_back_without_playing_the_square(data):
    st, rng = table(data)
    crash = data.kinds.index("crash")
    st.pos[0] = crash - 2
    drive(flow.move(data, st, 0, 2, rng, how="roll"))
    assert st.pos[0] == crash - data.setback and st.rec.setbacks == 1
    assert st.rec.questions == st.rec.draws[data.mishaps] == 0  # the square reached did nothing


def test_a_joker_cancels_a_setback_if_its_holder_shows_it(data):
    st, rng = table(data)
    st.jokers[0].append(on_top(st, data, data.mishaps, "joker"))
    st.piles[data.mishaps].popleft()
    crash = data.kinds.index("crash")
    st.pos[0] = crash - 2
    drive(flow.move(data, st, 0, 2, rng, how="roll"), lambda s: USE_JOKER if s.kind == JOKER else PASS, st)
    assert st.pos[0] == crash and not st.jokers[0] and st.rec.jokers == 1 and not broken(data, st)


def test_mishap_cards_act_as_printed(data):
    mishap = data.kinds.index("mishap")
    for kind in ("skip", "back", "advance", "strategy"):
        st, rng = table(data)
        card = on_top(st, data, data.mishaps, kind)
        value = data.cards.value[card]
        st.pos[0] = mishap - 3
        drive(flow.move(data, st, 0, 3, rng, how="roll"))
        assert st.piles[data.mishaps][-1] == card  # back under its deck
        if kind == "skip":
            assert st.skip[0] == value
        elif kind == "back":
            assert st.pos[0] == mishap - value
        elif kind == "advance":
            assert st.pos[0] >= mishap + value - data.setback  # moved on, then the new square played
        else:
            assert len(st.hands[0]) >= value
        assert not broken(data, st)


def test_a_joker_drawn_is_kept(data):
    st, rng = table(data)
    card = on_top(st, data, data.mishaps, "joker")
    st.pos[0] = data.kinds.index("mishap") - 3
    drive(flow.move(data, st, 0, 3, rng, how="roll"))
    assert st.jokers[0] == [card] and card not in st.piles[data.mishaps]


def test_the_arrivee_needs_the_exact_count(data):
    st, rng = table(data)
    st.pos[0] = data.finish - 2
    drive(flow.move(data, st, 0, 5, rng, how="roll"))
    assert st.pos[0] == data.finish - 3 and st.rec.bounces == 1
    with pytest.raises(flow.Won):
        drive(flow.move(data, st, 0, 3, rng, how="roll"))
    assert st.pos[0] == data.finish


def test_a_time_trial_is_raced_once_by_the_first_pawn_past_it(data):
    st, rng = table(data)
    trial = data.time_trials[0]
    st.pos[0] = trial - 1
    hands = sum(len(h) for h in st.hands)
    drive(flow.move(data, st, 0, 2, rng, how="roll"))
    assert st.raced == {trial} and st.rec.trials == 1 and sum(len(h) for h in st.hands) >= hands + 1
    st.pos[1] = trial - 1
    drive(flow.move(data, st, 1, 2, rng, how="roll"))
    assert st.rec.trials == 1


def test_strategy_cards_change_the_roll_in_the_order_of_the_engine_choice(data):
    st, rng = table(data)
    st.hands[st.order[1]].append(st.piles[data.strategy].popleft())
    st.hands[st.order[0]].append(st.piles[data.strategy].popleft())
    gen = flow.window(data, st, st.order[0], 7)
    gen.send(None)
    assert (st.kind, st.seat) == (WINDOW, st.order[1])  # an opponent first (opponents-first)
    assert st.options[0] == PASS and len(st.options) == 2
    gen.send(st.options[1])
    assert st.seat == st.order[0]
    with pytest.raises(StopIteration) as stop:
        gen.send(PASS)
    assert stop.value.value == 7 + data.cards.value[st.piles[data.strategy][-1]]


def test_jerseys_go_to_the_leader_and_the_best_totals(data):
    st, rng = table(data, players=3)
    st.pos = [10, 30, 30]
    st.stamp = [1, 3, 2]  # seat 3 arrived first on the shared square
    st.totals = [[2, 0, 0], [2, 0, 0], [1, 0, 0]]
    flow.award(data, st, rng)
    assert st.holders[0] == 2 and st.holders[1] in (0, 1) and st.holders[2:] == [-1, -1]


# --------------------------------------------------------------------------- whole games

def golden_game(sim):
    return sim.play_recorded(GOLDEN_GAME["players"], GOLDEN_GAME["seed"], GOLDEN_GAME["policy"])


def as_json(outcome) -> dict:
    return json.loads(json.dumps({"winner": outcome.winner, "moves": outcome.moves, "detail": asdict(outcome.detail)}))


def test_golden_transcript_is_what_seed_1_plays(sim):
    outcome, transcript = golden_game(sim)
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        record = {**GOLDEN_GAME, "transcript": transcript, "outcome": as_json(outcome)}
        GOLDEN.write_text("{\n" + ",\n".join(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
                                              for k, v in record.items()) + "\n}\n", encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert transcript == golden["transcript"]
    assert as_json(outcome) == golden["outcome"]


def test_golden_transcript_replays_and_a_changed_move_does_not(sim):
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    players, seed, moves = golden["players"], golden["seed"], golden["transcript"]
    assert len(moves) >= 30 and any(moves)
    assert as_json(sim.replay(players, seed, moves)) == golden["outcome"]
    legal: list[int] = []
    sim.run(players, seed, lambda st, options, seat: legal.append(len(options)) or moves[len(legal) - 1])
    at = next(i for i, n in enumerate(legal) if n > 1)
    changed = [*moves[:at], (moves[at] + 1) % legal[at], *moves[at + 1:]]
    try:
        assert as_json(sim.replay(players, seed, changed)) != golden["outcome"]
    except ReplayError:
        pass


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_invariants_hold_over_whole_games(sim, players):
    for policy in ("random", "greedy"):
        for seed in range(150):
            outcome = sim.play(players, seed, policy)
            assert not outcome.error, f"{policy} seed {seed}: {outcome.error} at {outcome.error_at}"
            assert outcome.winner is not None and outcome.moves == outcome.detail.rounds


def test_the_invariants_catch_a_lost_card(data):
    st, _ = table(data)
    st.piles[data.strategy].pop()
    assert "not conserved" in broken(data, st)
    st, _ = table(data)
    st.totals[0][0] += 1
    assert "points totals" in broken(data, st)


def test_one_process_and_two_give_the_same_report(sim):
    one = simulate(sim, 4, 120, seed=3, policy="greedy", jobs=1)
    two = simulate(sim, 4, 120, seed=3, policy="greedy", jobs=2)
    assert one.as_json() == two.as_json() and one.as_text() == two.as_text()
    d = json.loads(one.as_json())
    assert d["game"] == GAME and sum(s["wins"] for s in d["seats"]) == 120
    assert set(d["decks"]) == {"polka", "green", "white", "strategy", "questions", "mishaps"}
    assert set(one.detail.outcomes()) >= {"winner not in yellow", "strategy deck ran out"}


def test_outcomes_and_watched_shares(sim):
    report = simulate(sim, 3, 60, seed=2, policy="random")
    names = [w.name for w in sim.watched(report)]
    assert "winner not in yellow" in names and "strategy deck ran out" in names
    assert "place 1 in the order wins" in names and sim.variants(load_game(ROOT / "data" / GAME)) == [{}]


# --------------------------------------------------------------------------- the data drives the engine

def engine_of(tmp_path, *edits) -> QuizEngine:
    return SIMULATION.from_model(load_game(edited_copy(tmp_path, GAME, edits)))


def test_a_rules_number_changed_in_the_data_changes_the_game(tmp_path):
    copy = engine_of(tmp_path, ("rules.yaml", "setback: 3 ", "setback: 5 "))
    d = copy.data
    st, rng = table(d)
    crash = d.kinds.index("crash")
    st.pos[0] = crash - 2
    drive(flow.move(d, st, 0, 2, rng, how="roll"))
    assert d.setback == 5 and st.pos[0] == crash - 5


def test_the_engine_choices_are_read_from_rules_yaml(tmp_path, sim):
    copy = engine_of(tmp_path, ("rules.yaml", "final_award: none", "final_award: award"),
                     ("rules.yaml", "tourism: 0.4", "tourism: 1"), ("rules.yaml", "cycling: 0.4", "cycling: 1"))
    report = simulate(copy, 4, 40, seed=1, policy="greedy")
    assert report.detail.winner_not_yellow.k == 0 and report.detail.right.value == 1.0
    assert simulate(sim, 4, 40, seed=1, policy="greedy").detail.winner_not_yellow.k > 0


def test_the_decks_are_the_printed_ones(tmp_path, data):
    assert len(data.cards.ids[data.strategy]) == 24 and len(data.cards.ids[data.questions]) == 62
    copy = engine_of(tmp_path, ("mishaps.csv", "joker,joker,Joker,,3", "joker,joker,Joker,,9"))
    jokers = [c for c in copy.data.cards.ids[copy.data.mishaps] if copy.data.cards.kind[c] == "joker"]
    assert len(jokers) == 9


def test_a_yellow_trigger_reading_leaves_time_trials_to_the_yellow(data):
    d = replace(data, rules=data.rules.model_copy(update={"time_trial_leader": "yellow"}))
    st, rng = table(d)
    other = next(s for s in range(st.n) if s != st.holders[0])
    st.pos[other] = d.time_trials[0] - 1
    drive(flow.move(d, st, other, 2, rng, how="roll"))
    assert not st.raced


# --------------------------------------------------------------------------- findings

def test_every_engine_choice_is_a_question_at_its_line(model):
    gaps = engine_gaps(model.facts)
    assert [g.key for g in gaps] == [g.key for g in GAPS]
    assert set(type(model.facts.engine).model_fields) == {g.key for g in GAPS}
    assert all(g.meaning for g in gaps), [g.key for g in gaps if not g.meaning]


def test_the_findings_appear_in_pnp_check_simulate(model, monkeypatch):
    import pnp.simulate.findings as smoke

    monkeypatch.setattr(smoke, "SMOKE_GAMES", 40)
    found = run_checks(model, simulate=True)
    rules = {f.rule for f in found}
    assert {g.rule for g in GAPS} <= rules
    assert "TDQ-SIM-YELLOW" in rules and not any(f.rule == "TDQ-SIM-INVARIANT" for f in found)
    answer = next(f for f in found if f.rule == "TDQ-ENGINE-ANSWER")
    lines = (ROOT / "data" / GAME / "rules.yaml").read_text(encoding="utf-8").splitlines()
    assert lines[answer.location.line - 1].strip().startswith("answer:")


def test_a_deck_that_runs_out_is_a_finding(tmp_path, monkeypatch):
    import pnp.simulate.findings as smoke

    monkeypatch.setattr(smoke, "SMOKE_GAMES", 40)
    folder = edited_copy(tmp_path, GAME, [("strategy.csv", f"plus-{v},plus,{v},4", f"plus-{v},plus,{v},1")
                                          for v in (1, 2, 3)]
                         + [("strategy.csv", f"moins-{v},minus,-{v},4", f"moins-{v},minus,-{v},1") for v in (1, 2, 3)])
    found = [f for f in run_checks(load_game(folder), simulate=True) if f.rule == "TDQ-SIM-DECK"]
    assert found and all("the strategy deck (strategie, 6 cards) ran out" in f.message for f in found)
    assert "first found empty at round median" in found[0].message


def test_games_longer_than_the_printed_tally_are_a_finding(model, sim):
    from pnp.games.tour_de_france_quiz.engine.findings import report_findings

    report = simulate(sim, 4, 300, seed=1, policy="greedy")
    assert sim.data.tally_rows == model.facts.tally_rounds(model)
    tally = [f for f in report_findings(model, report, "4 players") if f.rule == "TDQ-SIM-TALLY"]
    assert tally and f"has rows for {sim.data.tally_rows} rounds" in tally[0].message
    assert report.detail.beyond_tally.k == sum(v for k, v in report.game_length.counts if k > sim.data.tally_rows)


def test_how_games_end_is_a_finding(model, sim):
    from pnp.games.tour_de_france_quiz.engine.findings import report_findings

    report = simulate(sim, 5, 200, seed=1, policy="greedy")
    end = [f for f in report_findings(model, report, "5 players") if f.rule == "TDQ-SIM-END"]
    assert end and "roll " in end[0].message and "cards " in end[0].message and "mishap " in end[0].message
    assert sum(s.k for s in report.detail.ended) == report.detail.first_won.n == 200


def test_a_board_with_two_sides_is_two_variants(model):
    from types import SimpleNamespace

    sides = (SimpleNamespace(id="a"), SimpleNamespace(id="b"))
    board = SimpleNamespace(id=model.facts.track.board, sides=sides)
    two = SimpleNamespace(boards=(board,), facts=model.facts)
    assert SIMULATION.variants(two) == [{"side": "a"}, {"side": "b"}]
    assert SIMULATION.variants(model) == [{}]
