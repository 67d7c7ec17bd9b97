"""Flamme Rouge variants: the computed checks (FRV-CALC-...) and what the checks verified.

Each computation is checked on a small case worked by hand, on a changed copy of the data where its
figure must change, and (the exact ones) against a seeded Monte Carlo within its Wilson interval; `pnp
check --all` lists the computations that passed; the results are deterministic and the check stays fast.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.check import Severity, run_checks
from pnp.cli import cli
from pnp.check.checked import Checked
from pnp.games.flamme_rouge_variants import CHECKS, ghosts, lifetime, tables, verified, weather
from pnp.games.flamme_rouge_variants.computed import FIGURES_ONLY
from pnp.games.flamme_rouge_variants.piles import exact_turns, first_reshuffle, picked, sampled_turns
from pnp.model import load_game
from pnp.simulate.stats import Share, wilson

from kit_helpers import ROOT, edited_copy

GAME = "flamme-rouge-variants"
R = "rules.yaml"


@pytest.fixture(scope="module")
def model():
    return load_game(ROOT / "data" / GAME)


def copy(tmp_path: Path, *edits):
    return load_game(edited_copy(tmp_path, GAME, edits))


def found(model, rule: str, severity: Severity | None = None) -> list:
    return [f for f in run_checks(model) if f.rule == rule and (severity is None or f.severity is severity)]


Z999 = 3.2905


def within(share: Share, p: float) -> bool:
    """``p`` lies in the Wilson interval of ``share`` at 99.9 % (a dozen comparisons are made: at 95 % one
    in twenty would miss by chance alone)."""
    lo, hi = wilson(share.k, share.n, Z999)
    return lo <= p <= hi


# --- the pile process, by hand

def test_the_play_rules_pick_as_the_seed_says() -> None:
    assert picked([3, 7], "highest") == [(7, 1.0)]
    assert picked([3, 5, 7], "middle") == [(5, 1.0)]
    assert picked([3, 7], "middle") == [(7, 1.0)]           # two cards left: the higher
    assert picked([4, 4, 6], "middle") == [(4, 1.0)]        # a pair is the middle card
    assert picked([2, 6], "only") == [(2, 0.5), (6, 0.5)]
    assert ghosts.middle_rule_holds() == (True, 10)


def test_first_reshuffle_by_hand() -> None:
    assert first_reshuffle(16, 4, 4) == 5      # 16 face down, 4 drawn a turn: the 5th draw needs the face-up cards
    assert first_reshuffle(15, 1, 2) == 9      # first card, then 2 a turn: 14 face down last 7 turns
    assert first_reshuffle(15, 1, 3) == 6      # 14 face down: 3, 3, 3, 3, then 2 left for a draw of 3
    assert first_reshuffle(15, 1, 1) is None   # plays every card it draws: nothing face up


def test_exact_turns_by_hand() -> None:
    # 1, 2, 3 once each; the highest of two: after a first 1 or 2 the 3 comes next, after a first 3 the 2
    turns = exact_turns((1, 2, 3), (1, 1, 1), (1, 2, 3), 2, "highest", 2, 0)
    assert dict(turns.moves[1]) == pytest.approx({2: 1 / 3, 3: 2 / 3})
    assert dict(turns.totals) == pytest.approx({4: 1 / 3, 5: 2 / 3})      # 1+3; 2+3 and 3+2
    # a pile of two: the first card, the other, then nothing left (moves the exhaustion value, 9 here)
    turns = exact_turns((1, 2), (1, 1), (1, 2), 2, "highest", 3, 9)
    for turn, want in zip(turns.moves, ({1: 0.5, 2: 0.5}, {1: 0.5, 2: 0.5}, {9: 1.0})):
        assert dict(turn) == pytest.approx(want)
    assert dict(turns.totals) == pytest.approx({12: 1.0})


def test_a_ghost_first_card_from_its_behaviour_only() -> None:
    turns = exact_turns((3, 4, 5, 6, 7), (3,) * 5, (6, 7), 2, "highest", 1, 2)
    assert dict(turns.moves[0]) == pytest.approx({6: 0.5, 7: 0.5})


# --- ghosts

def test_behaviour_chances_are_the_shares_of_the_deck(model) -> None:
    odds = ghosts.behaviour_chances(Counter({v: 3 for v in (3, 4, 5, 6, 7)}), model.facts.ghosts)
    assert odds == {"offensif": Fraction(2, 5), "aleatoire": Fraction(2, 5), "regulier": Fraction(1, 5)}


def test_attack_met_and_markers_by_hand() -> None:
    assert ghosts.attack_met(4, 1, 1, 1, 2) == Fraction(1, 2)      # 2 of 4 cards seen
    assert ghosts.attack_met(16, 1, 1, 2, 15) == 1                  # 29 draws: the whole first pass
    two = [{"a": Fraction(1, 2), "b": Fraction(1, 2)}] * 2
    assert ghosts.markers_short(two, {"a": 1, "b": 1}) == Fraction(1, 2)
    assert ghosts.markers_short(two, {"a": 2, "b": 2}) == 0


def test_ghost_figures_on_the_shipped_data(model) -> None:
    f = model.facts
    turns = ghosts.ghost_turns(model, "rouleur", "offensif")
    assert turns.support() == (3, 7) and turns.mean(1) == pytest.approx(6.5)
    assert dict(turns.totals) == pytest.approx({75: 1.0})          # 15 turns play the whole deck of 15
    steady = ghosts.ghost_turns(model, "rouleur", "regulier")
    assert dict(steady.moves[-2]) == pytest.approx({7: 1.0}) and dict(steady.moves[-1]) == pytest.approx({3: 1.0})
    assert f.computed.stage_turns == len(turns.moves)
    assert ghosts.marker_shortage(model, "race") == 0
    assert 0 < ghosts.marker_shortage(model, "grand_tour") < Fraction(1, 20)


def test_ghost_moves_agree_with_a_seeded_monte_carlo(model) -> None:
    rng = random.Random(7)
    cards = [3, 4, 5, 6, 7] * 3
    for behaviour, first in (("offensif", (6, 7)), ("regulier", (5,))):
        g = model.facts.ghosts[behaviour]
        exact = ghosts.ghost_turns(model, "rouleur", behaviour)
        runs = [sampled_turns(rng, cards, first, g.draw, g.play, 15, 2) for _ in range(3000)]
        for turn in (2, 9, 13):
            p = sum(p for v, p in exact.moves[turn - 1] if v > 5)
            share = Share(sum(r[turn - 1] > 5 for r in runs), len(runs))
            assert within(share, p), (behaviour, turn, share.text(), p)


def test_a_shorter_stage_spreads_the_ghost_totals(tmp_path) -> None:
    m = copy(tmp_path, (R, "computed: {stage_turns: 15,", "computed: {stage_turns: 8,"))
    turns = ghosts.ghost_turns(m, "rouleur", "offensif")
    assert len(turns.moves) == 8 and len(turns.totals) > 1
    assert sum(v * p for v, p in turns.totals) > 8 * 5                # the aggressive ghost runs ahead
    figures = {(r[0], r[1]): r[2] for r in ghosts.pace(m).passed()}
    assert "stage total 4" in figures[("FRV-CALC-GHOST", "ghost offensif (rouleur)")]


def test_the_attack_card_question_follows_the_data(model, tmp_path) -> None:
    q = [f for f in found(model, "FRV-CALC-GHOST-ATTACK")]
    assert len(q) == 1 and q[0].severity is Severity.QUESTION and "1/16" in q[0].message and "14/15" in q[0].message
    assert q[0].location.line == model.sources.rule("attack").line
    m = copy(tmp_path, (R, "attack: {deck: attaque, per_rider_deck: 1}", "attack: {deck: attaque, per_rider_deck: 0}"))
    assert not found(m, "FRV-CALC-GHOST-ATTACK")


def test_marker_shortage_agrees_with_a_seeded_monte_carlo(model) -> None:
    rng = random.Random(13)
    names = list(model.facts.ghosts)
    odds = ghosts.behaviour_chances(Counter({v: 3 for v in (3, 4, 5, 6, 7)}), model.facts.ghosts)
    weights = [float(odds[n]) for n in names]
    short = sum(max(Counter(rng.choices(names, weights, k=12)).values()) > 8 for _ in range(20000))
    assert within(Share(short, 20000), float(ghosts.marker_shortage(model, "grand_tour")))


def test_fewer_markers_fall_short(tmp_path) -> None:
    m = copy(tmp_path, ("decks.yaml", "{id: offensif, kind: ghost, qty: 8}", "{id: offensif, kind: ghost, qty: 4}"))
    warned = found(m, "FRV-CALC-GHOST-MARKERS", Severity.WARNING)
    assert {w.component for w in warned} >= {"markers (race)", "markers (grand_tour)"}
    assert "per behaviour would do" in warned[0].message


# --- weather

def test_weather_by_hand(model) -> None:
    m, start, effects = weather.chain(model)
    assert effects == {0: "cold", 4: "hot"} and start == 2
    assert weather.stationary(m) == [Fraction(1, 5)] * 5             # the die is symmetric
    assert weather.reached(m, start, {0}, 2) == Fraction(1, 36)       # two 1s in a row
    assert weather.reached(m, start, {0}, 1) == 0
    assert weather.expected_rolls(m, start, {0}) == 42                # 6 * (3 + 4) by the gaps: 24 + 18


def test_weather_agrees_with_a_seeded_monte_carlo(model) -> None:
    m, start, _ = weather.chain(model)
    w = model.facts.weather
    T = model.facts.computed.stage_turns
    rng = random.Random(3)
    faces = sorted(w.die)
    hits = 0
    for _ in range(4000):
        level = w.start
        for _ in range(T):
            level = min(w.max, max(w.min, level + w.die[rng.choice(faces)]))
            if level == w.min:
                hits += 1
                break
    assert within(Share(hits, 4000), float(weather.reached(m, start, {0}, T)))


def test_a_die_that_never_warms_leaves_hot_weather_out(tmp_path) -> None:
    m = copy(tmp_path, (R, "die: {1: -1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1}", "die: {1: -1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}"))
    warned = found(m, "FRV-CALC-WEATHER", Severity.WARNING)
    assert [w.component for w in warned] == ["weather 5"]
    assert warned[0].location.line == m.sources.rule("weather", "die").line


def test_a_warmer_die_changes_the_walk(tmp_path) -> None:
    m = copy(tmp_path, (R, "die: {1: -1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1}", "die: {1: -1, 2: 0, 3: 0, 4: 0, 5: 1, 6: 1}"))
    chain, _, _ = weather.chain(m)
    pi = weather.stationary(chain)
    assert pi[-1] > pi[0] and sum(pi) == 1
    assert pi == [Fraction(2 ** i, 31) for i in range(5)]             # up twice as often as down


# --- form deck and piles

def test_form_deck_by_hand() -> None:
    assert lifetime.served(12, 2, [2]) == 6 and lifetime.served(12, 2, [1]) == 11
    # 3 cards, 2 of 3 riders: the same pair again leaves 1 card (1 event), else 2 (then 2 events)
    assert lifetime.served_at_random(3, 3, 2) == {1: Fraction(1, 3), 2: Fraction(2, 3)}


def test_form_deck_agrees_with_a_seeded_monte_carlo(model) -> None:
    cards, riders, entered, _, dist = lifetime.form_numbers(model)
    rng = random.Random(5)
    runs = []
    for _ in range(3000):
        left, last, events = cards, None, 0
        while True:
            pick = frozenset(rng.sample(range(riders), entered))
            left -= len(pick & last) if last else 0
            if left < entered:
                break
            events, last = events + 1, pick
        runs.append(events)
    for e in (7, 8, 9):
        assert within(Share(runs.count(e), len(runs)), float(dist[e])), e


def test_a_smaller_form_deck_runs_short(tmp_path) -> None:
    edits = [(R, "values: {5: 2, 4: 4, 3: 6}", "values: {5: 2, 4: 2, 3: 2}")]
    edits += [("forme.csv", f"forme-{c}-{v},form,{c},{v},{n}", f"forme-{c}-{v},form,{c},{v},2")
              for c in ("rouge", "bleu", "vert", "noir", "blanc", "rose") for v, n in ((4, 4), (3, 6))]
    m = copy(tmp_path, *edits)
    warned = found(m, "FRV-CALC-FORM", Severity.WARNING)
    assert len(warned) == 1 and "6 form cards" in warned[0].message
    cards, _, _, events, dist = lifetime.form_numbers(m)
    assert cards == 6 and sum(p for e, p in dist.items() if e < events) > Fraction(1, 20)


def test_a_longer_cup_puts_the_best_world_cup_total_out_of_reach(tmp_path) -> None:
    edits = [(R, "values: {5: 2, 4: 4, 3: 6}", "values: {5: 2, 4: 2, 3: 2}"), (R, "events: 5}", "events: 8}")]
    edits += [("forme.csv", f"forme-{c}-{v},form,{c},{v},{n}", f"forme-{c}-{v},form,{c},{v},2")
              for c in ("rouge", "bleu", "vert", "noir", "blanc", "rose") for v, n in ((4, 4), (3, 6))]
    m = copy(tmp_path, *edits)
    assert tables.world_cup_reachable(m) == (False, 5)                 # 6 cards, one card put aside an event
    warned = found(m, "FRV-CALC-BEST", Severity.WARNING)
    assert len(warned) == 1 and "25 x 8" in warned[0].message


def test_a_longer_stage_outlasts_the_piles(tmp_path) -> None:
    m = copy(tmp_path, (R, "computed: {stage_turns: 15,", "computed: {stage_turns: 16,"))
    assert {f.component for f in found(m, "FRV-CALC-PILE", Severity.WARNING)} == {"pile grimpeur", "pile sprinteur",
                                                                                  "pile rouleur"}
    assert found(m, "FRV-CALC-GHOST-DECK", Severity.WARNING) and found(m, "FRV-CALC-PELOTON", Severity.WARNING)


def test_the_peloton_attack_by_hand_and_by_monte_carlo(model) -> None:
    assert lifetime.attack_drawn(32, 2, 2) == 1 - Fraction(30 * 29, 32 * 31)
    assert lifetime.attack_drawn(32, 2, 30) == Fraction(495, 496)
    rng = random.Random(11)
    pile = [0] * 30 + [1] * 2
    first = sum(1 in rng.sample(pile, 2) for _ in range(4000))
    assert within(Share(first, 4000), float(lifetime.attack_drawn(32, 2, 2)))


# --- tables

def test_tables_by_hand() -> None:
    assert tables.gaps((25, 20, 16)) == [5, 4]
    assert tables.widening((9, 6, 3)) is None and tables.widening((10, 9, 1)) == 2
    assert tables.climbs_paying_less({2: (2, 1), 3: (3, 1)}) == []
    assert tables.climbs_paying_less({8: (8, 4, 2, 1), 9: (7, 3, 1)}) == [(1, 8, 9), (2, 8, 9), (3, 8, 9), (4, 8, 9)]


def test_best_totals_on_the_shipped_data(model) -> None:
    best = {what: (per, total) for what, per, total, _ in tables.best(model)}
    f = model.facts
    assert best["points"] == (f.markers.sprint * 9 + 6, 6 * (f.markers.sprint * 9 + 6))
    assert best["world cup"] == (25, 25 * f.score_sheets.events)
    assert tables.world_cup_reachable(model) == (True, 11)


def test_a_widening_gap_is_a_question_and_the_sheet_follows(tmp_path) -> None:
    m = copy(tmp_path, (R, "finish: [6, 3, 1]", "finish: [10, 9, 1]"))
    q = found(m, "FRV-CALC-TABLES", Severity.QUESTION)
    assert [x.component for x in q] == ["points.finish"] and "after place 2" in q[0].message
    assert not found(m, "FRV-CALC-SHEET")                             # the sheet prints the new table


def test_a_longer_climb_paying_less_is_a_warning(tmp_path) -> None:
    m = copy(tmp_path, (R, "9: [9, 4, 2, 1]", "9: [7, 3, 1]"))
    assert [w.component for w in found(m, "FRV-CALC-TABLES", Severity.WARNING)] == ["mountain.lengths.9"]


def test_a_sheet_that_misprints_a_table_is_an_error(tmp_path) -> None:
    m = copy(tmp_path, ("templates/faces/frv-reference.svg.j2",
                        '[texts("ref_label", key="finish")] + f.points.finish | map("string") | list',
                        '[texts("ref_label", key="finish")] + f.points.finish[:2] | map("string") | list'))
    errors = found(m, "FRV-CALC-SHEET", Severity.ERROR)
    assert {e.component for e in errors} == {"points.finish, mountain.lengths.6", "scoring sheet"}
    assert not [e for e in verified(m) if e[0] == "FRV-CALC-SHEET"]


def test_ties_by_seeded_monte_carlo_are_deterministic(model) -> None:
    a, b = tables.world_cup_ties(model, 300), tables.world_cup_ties(model, 300)
    assert a == b and 0 < a.k < a.n
    assert tables.points_ties(model, 300, seed=2) == tables.points_ties(model, 300, seed=2)


# --- what the checks verified

def test_every_rules_check_and_computation_reports_what_it_verified(model) -> None:
    rows = verified(model)
    rules = {r[0] for r in rows}
    assert {"FRV-DECK-PROFILE", "FRV-DECK-ATTACK", "FRV-FORM", "FRV-DECK-EXHAUSTION", "FRV-MOUNTAIN-GEN", "FRV-WEATHER",
            "FRV-TERRAIN", "FRV-WIND", "FRV-WIND-WAY", "FRV-GHOST", "FRV-TOKENS", "FRV-TILE", "FRV-SHEETS",
            "FRV-MANIFEST", "FRV-IDENTITY"} <= rules
    assert {"FRV-CALC-GHOST", "FRV-CALC-GHOST-DECK", "FRV-CALC-GHOST-MARKERS", "FRV-CALC-WEATHER", "FRV-CALC-FORM",
            "FRV-CALC-PILE", "FRV-CALC-PELOTON", "FRV-CALC-TABLES", "FRV-CALC-BEST", "FRV-CALC-SHEET",
            "FRV-CALC-TIES"} <= rules
    assert all(r[2] and r[3].line for r in rows)                     # figures, and where in the data they come from
    for rule in CHECKS + FIGURES_ONLY:                                # each says what it found or what it verified
        result = rule(model)
        assert isinstance(result, Checked) and (result.claims or result), rule.__name__


def test_the_rules_checks_find_the_same_and_a_failing_one_is_not_listed_as_passed(tmp_path) -> None:
    m = copy(tmp_path, ("decks.yaml", "{id: musette, kind: musette, qty: 18}", "{id: musette, kind: musette, qty: 12}"),
             (R, "musettes: 18", "musettes: 12"))
    assert found(m, "FRV-TOKENS", Severity.ERROR)
    rows = {(r[0], r[1]) for r in verified(m)}
    assert ("FRV-TOKENS", "musettes") not in rows and ("FRV-TOKENS", "statuts") in rows


def test_pnp_check_all_lists_the_passed_computations() -> None:
    result = CliRunner().invoke(cli, ["--data", str(ROOT / "data"), "check", "--all", GAME])
    assert result.exit_code == 0, result.output
    passed_lines = [line for line in result.output.splitlines() if ": passed FRV-CALC-" in line]
    assert any("passed FRV-CALC-WEATHER: [weather walk]" in line for line in passed_lines)
    assert any("passed FRV-CALC-FORM: [form deck]" in line and "6 events at the least" in line for line in passed_lines)
    assert any("passed FRV-CALC-GHOST: [ghost offensif (rouleur)]" in line for line in passed_lines)


def test_deterministic_and_fast(model) -> None:
    assert verified(model) == verified(load_game(ROOT / "data" / GAME))
    start = time.perf_counter()
    findings = run_checks(load_game(ROOT / "data" / GAME))
    assert time.perf_counter() - start < 1.5
    assert findings == run_checks(model)
