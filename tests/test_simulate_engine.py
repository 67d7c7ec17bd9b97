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
from pnp.simulate.turns import TurnEngine


class DiceRace(TurnEngine):
    """Seats take turns to walk one square or roll a die and move that far; the first on square
    ``target`` wins. Seat 1 moves first, so it wins more often. Landing on ``bug_square`` (a bug)
    sends a rider to square -1, which the invariants catch."""

    rule_prefix = "DR-SIM"
    move_unit = "moves"

    def __init__(self, target=12, bug_square=None):
        self.game, self.target, self.bug_square = "dice-race", target, bug_square

    @classmethod
    def from_model(cls, model, **options):
        unknown = set(options) - {"target", "bug_square"}
        if unknown:
            raise ValueError(f"the dice race has no option {', '.join(sorted(unknown))}")
        return cls(**options)

    def start(self, players, rng):
        return {"pos": [0] * players, "seat": 0, "round": 1}

    def to_move(self, state):
        return state["seat"]

    def legal_moves(self, state):
        return ("walk", "roll")

    def apply(self, state, move, rng):
        seat = state["seat"]
        state["pos"][seat] += 1 if move == "walk" else rng.randint(1, 6)
        if state["pos"][seat] == self.bug_square:
            state["pos"][seat] = -1
        state["seat"] = (seat + 1) % len(state["pos"])
        state["round"] += state["seat"] == 0
        return state

    def is_over(self, state):
        return max(state["pos"]) >= self.target

    def winner(self, state):
        return max(range(len(state["pos"])), key=lambda seat: state["pos"][seat])

    def invariants(self, state):
        bad = [seat for seat, square in enumerate(state["pos"]) if square < 0]
        return f"seat {bad[0] + 1} is on square {state['pos'][bad[0]]}" if bad else ""

    def value(self, state, move, seat):
        return 1.0 if move == "walk" else 3.5

    def where(self, state):
        return (("round", state["round"]),)


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
    assert "game length (moves): mean" in one.as_text() and "seat 1:" in one.as_text()


def test_the_first_seat_s_advantage_is_a_seat_finding():
    sim = DiceRace()
    report = simulate(sim, 3, 600, seed=1, policy="greedy")
    found = report_findings(_Model(), report, sim)
    seat = [f for f in found if f.rule == "DR-SIM-SEAT"]
    assert seat and all(f.severity is Severity.WARNING for f in seat)
    assert any(f.message.startswith("seat 1 won") and "more than the fair 33.3 %" in f.message for f in seat)
    assert "<- outside the interval" in report.as_text()


def test_a_broken_invariant_gives_the_seed_that_replays_it():
    sim = DiceRace(bug_square=5)
    report = simulate(sim, 2, 40, seed=2, jobs=2)
    assert report.failures and report.game_length.n == 40 - len(report.failures)
    for failure in report.failures:
        assert sim.play(2, failure.seed, "random").error == failure.message  # played again alone
    f = report.failures[0]
    err = [x for x in report_findings(_Model(), report, sim) if x.rule == "DR-SIM-INVARIANT"]
    assert err[0].severity is Severity.ERROR
    assert f"seed {f.seed}, move {f.move} (round {dict(f.at)['round']}): seat " in err[0].message
    assert "is on square -1" in err[0].message and "invariant violations:" in report.as_text()


def test_a_transcript_replays_its_game():
    from pnp.simulate import ReplayError

    sim = DiceRace()
    outcome, transcript = sim.play_recorded(3, 77, "random")
    assert outcome == sim.play(3, 77, "random") and len(transcript) == outcome.moves
    assert sim.replay(3, 77, transcript) == outcome
    with pytest.raises(ReplayError, match="not legal"):
        sim.replay(3, 77, [*transcript[:-1], 2])
    with pytest.raises(ReplayError, match="ends before the transcript"):
        sim.replay(3, 77, [*transcript, 0])
    greedy, moves = sim.play_recorded(3, 77, "greedy")
    assert set(moves) == {1}  # the greedy seats always roll


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

    model = load_game(ROOT / "data" / "flamme-rouge-variants")  # the base game is not in the data
    assert not has_engine(model)
    with pytest.raises(NoEngine):
        find_simulation(model)
    result = runner.invoke(cli, ["simulate", str(ROOT / "data" / "flamme-rouge-variants"), "--players", "3"])
    assert result.exit_code == 2 and "has no rules engine yet" in result.output


def test_pnp_simulate_names_no_game():
    pattern = re.compile(r"green.jersey|maillot|tour.de.france|flamme|quiz", re.IGNORECASE)
    hits = [f"{p.name}:{n}" for p in (ROOT / "pnp" / "simulate").rglob("*") if p.is_file()  # as grep -r does
            for n, line in enumerate(p.read_bytes().decode("latin-1").splitlines(), 1) if pattern.search(line)]
    assert not hits
