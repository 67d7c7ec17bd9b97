"""Sequential runs: play until every watched share is decided, or the cap; the games are those of
a plain run of the same length."""

from __future__ import annotations

import pytest

from pnp.simulate import Report, Stopping, Watch, run_games, run_until_decided
from pnp.simulate.sequential import is_decided
from pnp.simulate.stats import Share
from tests.test_simulate_engine import DiceRace


class FairCoin(DiceRace):
    """The dice race, but the winner is drawn at the start: every seat has its fair share."""

    def start(self, players, rng):
        return {**super().start(players, rng), "coin": rng.randrange(players)}

    def winner(self, state):
        return state["coin"]


def test_a_clear_bias_stops_early_and_the_games_are_a_plain_run_s():
    sim = DiceRace(target=6)  # seat 1 moves first: a large advantage
    report = run_until_decided(sim, 3, seed=2, policy="greedy", stopping=Stopping(first=200, cap=6400))
    assert report.stop == "decided" and report.games < 6400
    assert report.seats[0].unfair
    plain = Report.from_records(run_games(sim, 3, report.games, 2, policy="greedy"), sim, players=3, seed=2,
                                policy="greedy")
    assert plain.seats == report.seats and plain.game_length == report.game_length


def test_a_close_share_plays_until_it_is_precise_or_the_cap():
    sim = FairCoin(target=6)
    precise = run_until_decided(sim, 2, seed=1, policy="random", stopping=Stopping(first=100, cap=100_000,
                                                                                    precision=0.03))
    assert precise.stop == "decided" and 800 <= precise.games <= 1600  # +-3 points needs about 1070 games
    capped = run_until_decided(sim, 2, seed=1, policy="random", stopping=Stopping(first=100, cap=300,
                                                                                   precision=0.01))
    assert capped.stop == "cap" and capped.games == 300 and "seat 1 wins" in capped.open
    assert "sequential: cap reached, still open: seat 1 wins" in capped.as_text()
    assert capped.as_dict()["stopped"] == {"why": "cap", "open": ["seat 1 wins", "seat 2 wins"]}


def test_the_game_s_own_watched_shares_keep_the_run_going():
    class Watching(FairCoin):
        def watched(self, report):
            return [Watch("first seat ahead", report.seats[0].of_games, 0.5)]

    plain = run_until_decided(FairCoin(target=6), 2, 1, "random", Stopping(first=100, cap=3200, precision=0.03))
    more = run_until_decided(Watching(target=6), 2, 1, "random", Stopping(first=100, cap=3200, precision=0.02))
    assert more.games > plain.games


def test_what_decides_a_share():
    assert not is_decided(Watch("x", Share(0, 0), 0.5), 0.1)
    assert is_decided(Watch("x", Share(90, 100), 0.5), 0.01)        # far from the threshold
    assert not is_decided(Watch("x", Share(56, 100), 0.5), 0.01)    # 95 % excludes 0.5 barely: not enough
    assert is_decided(Watch("x", Share(5000, 10000), 0.5), 0.01)    # +-1 point


def test_bad_stopping_rules_are_refused():
    with pytest.raises(ValueError, match="first"):
        Stopping(first=0)
    with pytest.raises(ValueError, match="precision"):
        Stopping(precision=0.7)
