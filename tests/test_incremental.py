"""Incremental builds: nothing changed writes nothing; one card changed repaints what shows it, and
the result equals a full build byte for byte."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from pnp.build import BuildOptions, build_game
from pnp.cli import cli
from pnp.write.incremental import cache_path

ROOT = Path(__file__).resolve().parent.parent


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if not p.name.startswith(".")}


def test_incremental_equals_full_and_no_change_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    game = tmp_path / "data" / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", game)
    inc, full = tmp_path / "inc", tmp_path / "full"
    first = build_game(game, BuildOptions(out=inc))
    assert not first.kept and first.files
    kit = inc / "green-jersey" / "fr"
    cache = json.loads(cache_path(kit).read_text())
    assert not (kit / ".pnp-cache.json").exists()  # the kit folder holds only the kit
    assert set(cache["order"]) == {p.name for p, _ in first.files}

    mtimes = {p.name: p.stat().st_mtime_ns for p in kit.iterdir()}
    r = CliRunner().invoke(cli, ["--data", str(game.parent), "build", "green-jersey", "--out", str(inc)])
    assert r.exit_code == 0, r.output
    assert "up to date, nothing written" in r.output and "wrote" not in r.output
    assert "rules check:" in r.output
    assert {p.name: p.stat().st_mtime_ns for p in kit.iterdir()} == mtimes

    csv = game / "movement.csv"
    csv.write_text(csv.read_text().replace("pair-violet-vert,pair,violet+vert,", "pair-violet-vert,pair,vert+violet,"))
    second = build_game(game, BuildOptions(out=inc))
    written = {p.name for p, _ in second.files}
    assert "cards.pdf" in written and "kit.pdf" in written and "manifest.json" in written
    kept = {p.name for p in second.kept}
    assert {"pieces.pdf", "board-a.svg", "board-a.pdf", "board-b-a4.pdf"} <= kept
    assert not written & kept

    build_game(game, BuildOptions(out=full, incremental=False))
    assert _files(kit) == _files(full / "green-jersey" / "fr")

    # an output changed by hand is repainted, even though the inputs did not change
    (kit / "pieces.pdf").write_bytes(b"broken")
    third = build_game(game, BuildOptions(out=inc))
    assert [p.name for p, _ in third.files] == ["pieces.pdf"]
    assert _files(kit) == _files(full / "green-jersey" / "fr")


def test_an_edited_face_template_repaints_the_cards(tmp_path, monkeypatch):
    """A face template is an input of the files that show it: editing it repaints cards.pdf."""
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    game = tmp_path / "data" / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", game)
    out = tmp_path / "out"
    build_game(game, BuildOptions(out=out))
    face = game / "templates" / "faces" / "first-player.svg.j2"
    face.write_text(face.read_text(encoding="utf-8").replace("</svg>", '<circle cx="5" cy="5" r="1" fill="#000"/></svg>'),
                    encoding="utf-8")
    again = build_game(game, BuildOptions(out=out))
    assert {"cards.pdf", "kit.pdf"} <= {p.name for p, _ in again.files}
