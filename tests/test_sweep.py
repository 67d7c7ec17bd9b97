"""Parameter sweeps: the grid, rules values changed in memory, the same results on one process,
several and a Dask cluster, the table, JSON and figure."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.model import load_game
from pnp.model.overrides import OverrideError, parse_values
from pnp.simulate.sweep import Axis, grid, sweep

ROOT = Path(__file__).resolve().parent.parent
GJ = ROOT / "data" / "green-jersey"


def test_axes_and_the_grid():
    assert Axis.parse("deal.hand=4,5,6") == Axis("deal.hand", (4, 5, 6))
    assert Axis.parse("rules.deal.hand=4") == Axis("deal.hand", (4,))
    assert Axis.parse("players=2..4") == Axis("players", (2, 3, 4))
    assert Axis.parse("scoring.points=[3,2,1],[5,3,1]").values == ([3, 2, 1], [5, 3, 1])
    cells = grid([Axis.parse("deal.hand=4,5"), Axis.parse("players=2..3")], None)
    assert [c.label() for c in cells] == ["2 players, deal.hand=4", "3 players, deal.hand=4",
                                          "2 players, deal.hand=5", "3 players, deal.hand=5"]
    assert [c.players for c in grid([Axis.parse("deal.hand=4")], 3)] == [3]


@pytest.mark.parametrize("text, message", [
    ("deal.hand", "write NAME=VALUES"),
    ("players=2..x", "two whole numbers"),
    ("players=6..2", "runs backwards"),
    ("deal.hand=4,,5", "empty value"),
    ("deal.hand=4,4", "given twice"),
    ("players=a,b", "whole numbers"),
])
def test_bad_axes_say_what_to_write(text, message):
    with pytest.raises(OverrideError, match=message):
        Axis.parse(text)


def test_no_player_count_is_refused():
    with pytest.raises(OverrideError, match="--players N"):
        grid([Axis.parse("deal.hand=4")], None)


def test_a_changed_value_reaches_the_model_and_not_the_file():
    text = (GJ / "rules.yaml").read_text(encoding="utf-8")
    model = load_game(GJ, {"deal.hand": 4, "sprints.4": [8], "scoring.points": [5, 3, 1]})
    assert model.facts.deal.hand == 4 and model.facts.sprints[4] == (8,) and model.facts.scoring.points == (5, 3, 1)
    assert load_game(GJ).facts.deal.hand == 5 and (GJ / "rules.yaml").read_text(encoding="utf-8") == text
    with pytest.raises(OverrideError, match="did you mean 'hand'"):
        load_game(GJ, {"deal.hnd": 4})
    with pytest.raises(OverrideError, match="is a number .* is a list"):
        load_game(GJ, {"deal.hand": [4]})
    assert parse_values("[3,2,1],[5,3,1]") == [[3, 2, 1], [5, 3, 1]]


def test_the_sweep_plays_every_cell_with_its_own_rules():
    result = sweep(GJ, [Axis.parse("sprints.4=[2],[8]")], games=30, seed=3, policy="greedy", players=4, jobs=1)
    short, long = (c.report for c in result.results)
    assert short.detail.sprints_per_game == 2 and long.detail.sprints_per_game == 8
    assert long.game_length.mean > 3 * short.game_length.mean
    table = result.as_text()
    assert "sprints.4" in table and "game length" in table and "sprint ended on the line" in table


def test_a_cell_the_game_cannot_seat_is_reported_not_played():
    result = sweep(GJ, [Axis.parse("players=6..7")], games=10, seed=1, jobs=1)
    six, seven = result.results
    assert six.report is not None and seven.report is None and "2 to 6 players" in seven.error
    assert "cannot play: the game is for 2 to 6 players" in result.as_text()


def test_one_process_two_and_a_dask_cluster_give_the_same_results():
    distributed = pytest.importorskip("distributed")
    axes = [Axis.parse("deal.keep_max=3,5"), Axis.parse("players=3..4")]
    one = sweep(GJ, axes, games=120, seed=7, policy="greedy", jobs=1)
    two = sweep(GJ, axes, games=120, seed=7, policy="greedy", jobs=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        dask = sweep(GJ, axes, games=120, seed=7, policy="greedy", cluster=cluster.scheduler_address)
    assert one.as_json() == two.as_json() == dask.as_json()
    cells = json.loads(one.as_json())["cells"]
    assert [c["cell"] for c in cells] == [{"players": 3, "deal.keep_max": 3}, {"players": 4, "deal.keep_max": 3},
                                          {"players": 3, "deal.keep_max": 5}, {"players": 4, "deal.keep_max": 5}]
    assert all(c["report"]["games"] == 120 for c in cells)


def test_no_scheduler_at_the_address_is_a_clear_error(monkeypatch):
    pytest.importorskip("distributed")
    from pnp.simulate import backends
    from pnp.simulate.backends import ClusterError

    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", "2s")  # nothing listens on port 9: no need to wait 10 s

    with pytest.raises(ClusterError, match="no Dask scheduler answers at tcp://127.0.0.1:9"):
        sweep(GJ, [Axis.parse("players=2")], games=5, cluster="tcp://127.0.0.1:9")


def test_the_figure_is_the_same_bytes_every_time(tmp_path):
    pytest.importorskip("matplotlib")
    from pnp.simulate.plot import plot_sweep

    result = sweep(GJ, [Axis.parse("players=2..4"), Axis.parse("deal.hand=4,5")], games=20, seed=1, jobs=1)
    a, b = plot_sweep(result, tmp_path / "a.svg"), plot_sweep(result, tmp_path / "b.svg")
    assert a.read_bytes() == b.read_bytes()
    svg = a.read_text(encoding="utf-8")
    assert "<svg" in svg and "sprint ended on the line (%)" in svg and "deal.hand=4" in svg
    png = plot_sweep(result, tmp_path / "c.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_pnp_simulate_vary_prints_the_table_and_json(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import cli

    runner = CliRunner()
    args = ["simulate", str(GJ), "--vary", "players=2..3", "--games", "20", "--jobs", "1"]
    text = runner.invoke(cli, args)
    assert text.exit_code == 0, text.output
    assert "players  game length" in text.output.replace("  ", "  ")
    js = runner.invoke(cli, [*args, "--format", "json", "--plot", str(tmp_path / "f.svg")])
    assert js.exit_code == 0, js.output
    assert (tmp_path / "f.svg").exists()
    bad = runner.invoke(cli, ["simulate", str(GJ), "--vary", "deal.hnd=4", "--players", "3"])
    assert bad.exit_code == 2 and "did you mean 'hand'" in bad.output
    none = runner.invoke(cli, ["simulate", str(GJ)])
    assert none.exit_code == 2 and "--players N" in none.output


def test_pnp_simulate_passes_engine_options():
    from click.testing import CliRunner

    from pnp.cli import cli

    runner = CliRunner()
    ok = runner.invoke(cli, ["simulate", str(GJ), "--players", "3", "--games", "5", "--option", "side=b",
                             "--format", "json"])
    assert ok.exit_code == 0, ok.output and json.loads(ok.output)["side"] == "b"
    assert json.loads(ok.output)["side"] == "b"
    bad = runner.invoke(cli, ["simulate", str(GJ), "--players", "3", "--option", "side"])
    assert bad.exit_code == 2 and "write KEY=VALUE" in bad.output
