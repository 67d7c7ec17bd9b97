"""The engine interface: a toy game (a dice race) played by the generic runner, found through a
game folder's own rules.py; and pnp/simulate names no game."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from pnp.check import run_checks
from pnp.check.findings import Severity
from pnp.errors import Location
from pnp.model import load_game
from pnp.simulate import NoEngine, find_simulation, has_engine, report_findings, simulate, smoke_findings

ROOT = Path(__file__).resolve().parent.parent

DICE_RACE = '''
import random

from pnp.simulate.engine import Outcome, Simulation


class DiceRace(Simulation):
    """Seats roll a die in turn and move by the roll (or by 1: "random" picks either, "greedy" the
    roll); the first on square ``target`` wins. Seat 1 moves first, so it wins more often."""

    rule_prefix = "DR-SIM"
    move_unit = "rolls"

    def __init__(self, target=12, bug_seed=None):
        self.game, self.target, self.bug_seed = "dice-race", target, bug_seed

    @classmethod
    def from_model(cls, model, **options):
        unknown = set(options) - {"target", "bug_seed"}
        if unknown:
            raise ValueError(f"the dice race has no option {', '.join(sorted(unknown))}")
        return cls(**options)

    def play(self, players, seed, policy, check=True):
        rng = random.Random(seed)
        pos = [0] * players
        move = 0
        while True:
            for seat in range(players):
                move += 1
                roll = rng.randint(1, 6)
                step = roll if policy == "greedy" else rng.choice((roll, 1))
                if seed == self.bug_seed and move == 3:
                    step = -2  # a bug the invariants catch
                before = pos[seat]
                pos[seat] += step
                if check and pos[seat] < before:
                    return Outcome(error=f"seat {seat + 1} went back from {before} to {pos[seat]}",
                                   error_move=move, error_at=(("turn", (move - 1) // players + 1),))
                if pos[seat] >= self.target:
                    return Outcome(winner=seat, moves=move)


SIMULATION = DiceRace
'''

exec(compile(DICE_RACE, "dice_race", "exec"), globals())  # defines DiceRace here too (plain data: picklable)


class _Sources:
    def rule(self, *path):
        return Location("rules.yaml", 1)


class _Model:
    id = "dice-race"
    sources = _Sources()


def test_one_process_and_two_give_the_same_report():
    sim = DiceRace()
    one = simulate(sim, 3, 300, seed=5, policy="greedy", jobs=1)
    two = simulate(sim, 3, 300, seed=5, policy="greedy", jobs=2)
    assert one == two and one.as_json() == two.as_json() and one.as_text() == two.as_text()
    d = json.loads(one.as_json())
    assert d["game"] == "dice-race" and d["games"] == 300 and len(d["seats"]) == 3
    assert sum(s["wins"] for s in d["seats"]) == 300 and d["no_winner"]["k"] == 0
    assert "game length (rolls): mean" in one.as_text() and "seat 1:" in one.as_text()


def test_the_first_seat_s_advantage_is_a_seat_finding():
    sim = DiceRace()
    report = simulate(sim, 3, 600, seed=1, policy="greedy")
    found = report_findings(_Model(), report, sim)
    seat = [f for f in found if f.rule == "DR-SIM-SEAT"]
    assert seat and all(f.severity is Severity.WARNING for f in seat)
    assert any(f.message.startswith("seat 1 won") and "more than the fair 33.3 %" in f.message for f in seat)
    assert "<- outside the interval" in report.as_text()


def test_a_broken_invariant_gives_the_seed_that_replays_it():
    from pnp.simulate import game_seed

    bad = game_seed(2, 7)
    sim = DiceRace(bug_seed=bad)
    report = simulate(sim, 2, 20, seed=2, jobs=2)
    assert [f.seed for f in report.failures] == [bad] and report.game_length.n == 19
    err = [f for f in report_findings(_Model(), report, sim) if f.rule == "DR-SIM-INVARIANT"]
    assert err[0].severity is Severity.ERROR and f"seed {bad}, move 3 (turn 2): seat 1 went back" in err[0].message
    assert sim.play(2, bad, "random").error == report.failures[0].message  # played again alone
    assert "invariant violations: 1" in report.as_text()


def test_bad_arguments_fail_before_any_game():
    with pytest.raises(ValueError, match="policy"):
        simulate(DiceRace(), 2, 5, seed=1, policy="clever")
    with pytest.raises(ValueError, match="at least 1"):
        simulate(DiceRace(), 2, 0, seed=1)


@pytest.fixture
def dice_game(tmp_path: Path) -> Path:
    """A game folder whose own rules.py gives the dice race as its engine."""
    folder = tmp_path / "dice-game"
    shutil.copytree(ROOT / "data" / "flamme-rouge-variants", folder)
    (folder / "rules.py").write_text(
        "from pnp.games.flamme_rouge_variants import Facts, check, rulebook_context  # the built-in rules\n"
        + DICE_RACE, encoding="utf-8")
    return folder


def test_the_engine_is_found_through_the_game_s_rules_module(dice_game: Path):
    model = load_game(dice_game)
    assert has_engine(model) and type(find_simulation(model)).__name__ == "DiceRace"
    assert find_simulation(model, target=20).target == 20
    with pytest.raises(ValueError, match="no option side"):
        find_simulation(model, side="b")
    report = simulate(model, 2, 50, seed=3, target=8)
    assert report.game == "dice-race" and report.games == 50
    found = smoke_findings(model, games=300)
    assert found and {f.rule for f in found} <= {"DR-SIM-SEAT"}
    with_smoke = run_checks(model, simulate=True)
    assert {f.rule for f in found} <= {f.rule for f in with_smoke}


def test_pnp_simulate_plays_a_game_s_own_engine(dice_game: Path, runner):
    from pnp.cli import cli

    result = runner.invoke(cli, ["simulate", str(dice_game), "--players", "2", "--games", "40", "--jobs", "2",
                                 "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"] == 40


def test_a_game_without_an_engine_says_so(runner):
    from pnp.cli import cli

    model = load_game(ROOT / "data" / "maillot-jaune")
    assert not has_engine(model)
    with pytest.raises(NoEngine):
        find_simulation(model)
    result = runner.invoke(cli, ["simulate", str(ROOT / "data" / "maillot-jaune"), "--players", "3"])
    assert result.exit_code == 2 and "has no rules engine yet" in result.output


def test_pnp_simulate_names_no_game():
    pattern = re.compile(r"green.jersey|maillot|tour.de.france|flamme|quiz", re.IGNORECASE)
    hits = [f"{p.name}:{n}" for p in (ROOT / "pnp" / "simulate").rglob("*") if p.is_file()  # as grep -r does
            for n, line in enumerate(p.read_bytes().decode("latin-1").splitlines(), 1) if pattern.search(line)]
    assert not hits
