"""pnp watch: rebuilds after a save, reports a broken file and keeps going."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

from click.testing import CliRunner

from kit_helpers import wait_until
from pnp.build import BuildOptions, watch_game
from pnp.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def test_watch_rebuilds_and_survives_a_broken_file(tmp_path):
    game = tmp_path / "data" / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", game)
    lines: list[str] = []
    stop = threading.Event()
    result = {}
    options = BuildOptions(out=tmp_path / "out")
    thread = threading.Thread(target=lambda: result.setdefault("n", watch_game(
        game, options, lines.append, max_builds=4, stop_event=stop, debounce_ms=50)), daemon=True)
    thread.start()
    try:
        assert wait_until(lambda: any(ln.startswith("watching") for ln in lines), 60), lines
        csv = game / "movement.csv"
        csv.write_text(csv.read_text().replace("pair-violet-vert,pair,violet+vert,",
                                               "pair-violet-vert,pair,vert+violet,"))
        assert wait_until(lambda: sum("file(s) written" in ln for ln in lines) >= 2), lines
        text = "\n".join(lines)
        assert "changed: green-jersey/movement.csv" in text
        assert "cards:movement: ~pair-violet-vert (jerseys)" in text
        assert "cards.pdf" in text and "GJ-" in text  # what was written, and the findings
        good = (game / "tokens.yaml").read_text()
        (game / "tokens.yaml").write_text("tokens: [\n")
        assert wait_until(lambda: any("waiting for the next save" in ln for ln in lines)), lines
        assert any("tokens.yaml" in ln and "error" in ln for ln in lines)
        (game / "tokens.yaml").write_text(good)
        thread.join(60)
        assert not thread.is_alive()
        assert result["n"] == 4
        assert sum("file(s) written" in ln for ln in lines) == 3
    finally:
        stop.set()
        thread.join(5)


def test_watch_command_stops_after_max_builds(tmp_path):
    game = tmp_path / "data" / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", game)
    r = CliRunner().invoke(cli, ["--data", str(game.parent), "watch", "green-jersey", "--out", str(tmp_path / "o"),
                                 "--max-builds", "1"])
    assert r.exit_code == 0, r.output
    assert "file(s) written" in r.output and "rules check" not in r.output
