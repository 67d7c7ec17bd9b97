"""Whole games of Green Jersey on the printed data: deals, sprints, the jersey, the winner, a golden
transcript replayed move by move, and random play that never breaks an invariant (hypothesis).

The golden transcript is one seeded 3-player game (seed 1, greedy seats) on the shipped data. When
the engine or the data changes on purpose, write it again with

    PNP_UPDATE_GOLDEN=1 python -m pytest tests/test_engine_game.py -k golden

and read the diff: every changed move is a changed rule.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.games.green_jersey.engine import (EngineData, Game, InvariantViolation, RandomPlayer, ReplayError,
                                           engine_gaps, make_players, play_game, position)
from pnp.games.green_jersey.engine import sprint as sp
from pnp.games.green_jersey.engine.invariants import check_board, check_cards
from pnp.games.green_jersey.facts import EngineRules
from pnp.model import load_game

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "green-jersey-seed-1.json"
GOLDEN_GAME = {"players": 3, "seed": 1, "policy": "greedy"}


@pytest.fixture(scope="module")
def model():
    return load_game(ROOT / "data" / "green-jersey")


@pytest.fixture(scope="module")
def data(model):
    return EngineData.from_model(model)


def rider(data, name):
    return data.riders.index(name)


def card(data, card_id):
    return data.cards.index[card_id]


# --------------------------------------------------------------------------- golden transcript

def dump(transcript: list[dict]) -> str:
    return "[\n" + ",\n".join(json.dumps(e, ensure_ascii=False) for e in transcript) + "\n]\n"


def golden_game(data):
    return play_game(data, GOLDEN_GAME["players"], GOLDEN_GAME["seed"], policy=GOLDEN_GAME["policy"], record=True)


def test_golden_transcript_is_what_seed_1_plays(data):
    played = golden_game(data).transcript
    if os.environ.get("PNP_UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(dump(played), encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(played) == len(golden)
    for i, (a, b) in enumerate(zip(played, golden)):
        assert a == b, f"event {i} differs"


def test_golden_transcript_replays_move_by_move(data):
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    moves = [e for e in golden if e["event"] == "move"]
    assert len(moves) >= 50 and any("push" in e for e in moves)
    replayed = Game.replay(data, golden).transcript
    for i, (a, b) in enumerate(zip(replayed, golden)):
        assert a == b, f"event {i} differs after replaying the recorded decisions"
    assert len(replayed) == len(golden)
    # every move took the riders exactly where the golden file says
    after = [e["riders"] for e in replayed if e["event"] == "move"]
    assert after == [e["riders"] for e in moves]


def test_golden_game_covers_the_jersey(data):
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    wearers = [e["wearer"] for e in golden if e["event"] == "result"]
    assert len(set(wearers)) >= 2, "the golden game should see the jersey change hands"
    end = golden[-1]
    setup = golden[0]
    assert end["event"] == "end"
    owner = setup["riders"].index(end["wearer"]) if end["wearer"] in setup["riders"] else None
    assert end["winner"] == owner


def test_replay_rejects_an_illegal_move(data):
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    i = next(i for i, e in enumerate(golden) if e["event"] == "move" and e.get("rider") and "push" not in e)
    bad = [dict(e) for e in golden]
    column, lane = bad[i]["to"]
    bad[i]["to"] = [column + 7, lane]   # far beyond any card
    with pytest.raises(ReplayError, match="not a legal move"):
        Game.replay(data, bad)


# --------------------------------------------------------------------------- whole games

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_whole_games_at_every_table_size(data, model, players, policy):
    for seed in range(3):
        r = play_game(data, players, seed, policy=policy)
        assert len(r.sprints) == model.facts.sprints[players][0]
        assert sum(r.points) == len(r.sprints) * sum(model.facts.scoring.points)
        assert r.wearer == max(range(6), key=lambda x: (r.points[x], x == r.wearer))
        assert r.winner == (r.riders.index(r.wearer) if r.wearer in r.riders else None)
        for s in r.sprints:
            assert s.ended in ("finishers", "cards")
            assert (len(s.finishers) >= 3) == (s.ended == "finishers")
            assert s.cards_played <= players * model.facts.deal.refill_to
            assert sorted(s.ranking) == list(range(6)) and s.ranking[:len(s.finishers)] == s.finishers
        assert r.moves == sum(s.cards_played for s in r.sprints)


@pytest.mark.parametrize("side", ["a", "b"])
def test_both_board_sides_play(model, side):
    data = EngineData.from_model(model, side)
    assert data.geo.side_id == side
    r = play_game(data, 4, 3, record=True)
    assert r.transcript[0]["side"] == side


def test_the_same_seed_plays_the_same_game(data):
    a = play_game(data, 4, 11, record=True).transcript
    b = play_game(data, 4, 11, record=True).transcript
    c = play_game(data, 4, 12, record=True).transcript
    assert a == b and a != c


def test_a_given_number_of_sprints(data):
    assert len(play_game(data, 3, 2, sprints=6).sprints) == 6


# --------------------------------------------------------------------------- dealing

def events(transcript, kind):
    return [e for e in transcript if e["event"] == kind]


def test_the_first_sprint_is_dealt_without_the_green_cards(data, model):
    t = play_game(data, 4, 5, record=True).transcript
    first = events(t, "sprint")[0]
    assert first["pile"] == model.facts.deck_size(1) == 36
    hands = events(t, "hands")[0]["hands"]
    award = {data.cards.ids[c] for c in range(data.cards.total) if data.cards.award[c]}
    assert not award & {c for h in hands for c in h}
    assert all(len(h) == model.facts.deal.refill_to for h in hands)


def test_later_sprints_hold_every_card_but_the_wearer_s_and_the_kept_ones(data):
    for seed in range(12):
        t = play_game(data, 5, seed, policy="greedy", record=True).transcript
        for e in events(t, "sprint")[1:]:
            kept = sum(len(h) for h in e["kept"])
            assert e["pile"] == data.cards.total - 1 - kept


def test_six_players_cannot_discard_in_the_first_sprint(model):
    """GJ-D-DECK-OUT: 36 cards are exactly six hands of 6; nobody may discard."""
    data = EngineData.from_model(model)
    r = play_game(data, 6, 1)
    deal = r.sprints[0].deal
    assert deal.pile == 36 and deal.capped == 6 and deal.discarded == 0
    assert deal.empty and deal.short == 0


def test_without_the_deck_out_decision_the_pile_runs_out(model):
    data = replace(EngineData.from_model(model), rules=EngineRules(discard_limit="rules"))
    shorts = [s.deal for seed in range(5) for s in play_game(data, 6, seed).sprints if s.deal.short]
    assert shorts and all(d.short_step == "refill" for d in shorts)


# --------------------------------------------------------------------------- peloton, ranking, jersey

def test_later_pelotons_line_up_by_points(data):
    t = play_game(data, 4, 8, policy="greedy", record=True).transcript
    results = events(t, "result")
    pelotons = events(t, "peloton")
    for before, peloton in zip(results, pelotons[1:]):
        pts = [before["points"][r] for r in peloton["order"]]
        assert pts == sorted(pts, reverse=True)


def _game(data, players=3, seed=0):
    game = Game(data, make_players("random", players, seed), seed)
    return game


def test_ranking_puts_finishers_first_then_the_road_with_a_photo_finish(data):
    orders = set()
    for seed in range(20):
        game = _game(data, seed=seed)
        game.st = position(data, {"rouge": (12, 1), "bleu": (9, 2), "jaune": (9, 3), "noir": (5, 1),
                                  "orange": (13, 2), "violet": (2, 2)}, finished=["orange", "rouge"])
        ranking, photo = sp.rank(game)
        names = [data.riders[r] for r in ranking]
        assert names[:2] == ["orange", "rouge"]
        assert set(names[2:4]) == {"bleu", "jaune"} and names[4:] == ["noir", "violet"]
        assert photo  # bleu and jaune share column 9 and 3rd place
        orders.add(tuple(names[2:4]))
    assert len(orders) == 2, "the photo-finish is a draw"


def _after_sprint(data, points, wearer=None, ranking=None, hands=None):
    game = _game(data, players=3)
    riders = {"rouge": (2, 2), "bleu": (2, 3), "jaune": (3, 2), "noir": (3, 3), "orange": (4, 2), "violet": (4, 3)}
    game.st = position(data, riders, hands=hands or [[], [], []], wearer=wearer)
    game.st.points = [points.get(r, 0) for r in data.riders]
    if wearer:
        game.st.aside = [data.cards.award_pair[rider(data, wearer)]]
        game.st.pile.remove(game.st.aside[0])
    ranking = [rider(data, r) for r in (ranking or data.riders)]
    return game, ranking


def test_the_jersey_goes_to_the_highest_total(data):
    game, ranking = _after_sprint(data, {"bleu": 3, "rouge": 2})
    assert sp.award_jersey(game, ranking) is False      # the first award is no change of hands
    assert game.st.wearer == rider(data, "bleu")
    assert [data.cards.ids[c] for c in game.st.aside] == ["pair-bleu-vert"]


def test_on_a_tie_the_wearer_keeps_the_jersey(data):
    game, ranking = _after_sprint(data, {"bleu": 5, "rouge": 5}, wearer="rouge", ranking=["bleu", "rouge"] +
                                  ["jaune", "noir", "orange", "violet"])
    assert sp.award_jersey(game, ranking) is False
    assert game.st.wearer == rider(data, "rouge")


def test_on_a_tie_without_the_wearer_the_best_placed_takes_it_and_the_cards_swap(data):
    game, ranking = _after_sprint(data, {"bleu": 5, "jaune": 5, "rouge": 4}, wearer="rouge",
                                  ranking=["noir", "jaune", "bleu", "rouge", "orange", "violet"])
    old = data.cards.award_pair[rider(data, "rouge")]
    assert sp.award_jersey(game, ranking) is True
    assert game.st.wearer == rider(data, "jaune")
    assert [data.cards.ids[c] for c in game.st.aside] == ["pair-jaune-vert"]
    assert old in game.st.discard        # GJ-D-SWAP-RETURN: back into the deck at the shuffle
    check_cards(data, game.st, 0, "after the award")


def test_a_kept_green_card_is_set_aside_from_the_hand(data):
    game, ranking = _after_sprint(data, {"noir": 3}, hands=[["pair-noir-vert", "single-noir-1"], [], []])
    game.st.in_hands = 2
    sp.award_jersey(game, ranking)
    assert [data.cards.ids[c] for c in game.st.hands[0]] == ["single-noir-1"]
    assert [data.cards.ids[c] for c in game.st.aside] == ["pair-noir-vert"]
    assert game.st.in_hands == 1


def test_a_sprint_ended_on_the_line_lets_players_keep_cards(data):
    kept = [s.kept for seed in range(40) for s in play_game(data, 6, seed, policy="greedy").sprints
            if s.ended == "finishers"]
    assert kept and max(kept) > 0
    assert all(k <= 6 * data.keep_max for k in kept)


# --------------------------------------------------------------------------- invariants

class Cheat(RandomPlayer):
    """Plays like a random player, but once slips its rider onto another rider's square."""

    done = False

    def choose_move(self, game, seat, options, forced):
        st = game.st
        if st.moves >= 4 and not self.done:
            self.done = True
            r = st.seat_rider[seat]
            other = next(x for x in range(len(st.pos)) if x != r)
            st.occ[st.pos[r]] = -1
            st.pos[r] = st.pos[other]
            return next(m for m in options if m[1] != r and m[3] != r)
        return super().choose_move(game, seat, options, forced)


def test_a_broken_invariant_names_the_seed_and_the_move(data):
    players = [Cheat(1), RandomPlayer(2), RandomPlayer(3)]
    with pytest.raises(InvariantViolation) as err:
        Game(data, players, seed=77).play()
    assert err.value.seed == 77 and err.value.move >= 5
    assert f"seed 77, move {err.value.move} (sprint 1): riders" in str(err.value)
    assert "share column" in str(err.value)


def test_a_card_lost_is_caught(data):
    game = _game(data)
    game.st = position(data, {"rouge": (2, 2), "bleu": (2, 3), "jaune": (3, 2), "noir": (3, 3),
                              "orange": (4, 2), "violet": (4, 3)})
    game.st.pile.pop()
    with pytest.raises(InvariantViolation, match="missing"):
        check_cards(data, game.st, 5, "in a test")
    check_board(data, game.st, 5, "in a test")


RULE_VARIANTS = [
    EngineRules(),
    EngineRules(finished_rider="leaves-road", vacated_square="taken"),
    EngineRules(zero_move="no-effect", push_across_finish="forbidden", pair_with_finished="forbidden"),
    EngineRules(peloton_order="last-sprint", discard_limit="rules", rider_choice="seat-order"),
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), side=st.sampled_from(["a", "b"]),
       policy=st.sampled_from(["random", "greedy"]), variant=st.integers(0, len(RULE_VARIANTS) - 1))
def test_random_play_never_breaks_an_invariant(model, seed, players, side, policy, variant):
    data = replace(EngineData.from_model(model, side), rules=RULE_VARIANTS[variant])
    r = play_game(data, players, seed, policy=policy, check=True)
    assert len(r.sprints) == data.sprints_for(players)


# --------------------------------------------------------------------------- engine gaps

def test_every_engine_choice_is_listed_as_a_gap(model):
    gaps = engine_gaps(model.facts)
    assert {g.key for g in gaps} == set(EngineRules.model_fields)
    assert len({g.rule for g in gaps}) == len(gaps)
    assert all(g.rule.startswith("GJ-ENGINE-") and g.meaning for g in gaps)
    decisions = {d.id for d in model.decisions}
    assert all(g.decision in decisions for g in gaps if g.decision)
    by_key = {g.key: g for g in gaps}
    assert by_key["finished_rider"].choice == model.facts.engine.finished_rider
    assert "GJ-D-FINISHED-RIDER" in by_key["finished_rider"].message()


def test_every_engine_choice_is_written_in_rules_yaml(model):
    raw = model.sources.rules_record["engine"]
    assert set(raw) == set(EngineRules.model_fields)
