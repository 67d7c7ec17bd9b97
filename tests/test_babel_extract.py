"""`pybabel extract` with the game's babel.cfg (method pnp, an entry point of pnp) gets exactly the
strings `pnp i18n extract` gets, data strings and shared templates included."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pnp.i18n.extract import extract

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
PYBABEL = Path(sys.executable).with_name("pybabel")


def words(comments) -> str:
    return " ".join(" ".join(comments).split())


def keys(catalog) -> dict:
    return {(m.id if isinstance(m.id, str) else tuple(m.id), m.context): m for m in catalog if m.id}


@pytest.mark.parametrize("game", GAMES)
def test_pybabel_extract_matches_pnp_i18n_extract(game, tmp_path):
    folder = ROOT / "data" / game
    assert (folder / "babel.cfg").is_file()
    out = tmp_path / "messages.pot"
    run = subprocess.run([str(PYBABEL), "extract", "-F", "babel.cfg", "-o", str(out), "."], cwd=folder,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    with out.open("rb") as f:
        theirs = keys(read_po(f))
    ours = keys(extract(folder))
    assert theirs.keys() == ours.keys()
    for key, message in ours.items():  # translator comments come along (the PO file wraps them)
        assert words(message.auto_comments) in words(theirs[key].auto_comments), key
    shared = [m for m in theirs.values() if any(c.startswith("From the shared template templates/")
                                                 for c in m.auto_comments)]
    assert shared and all(("game.yaml", None) in m.locations or ("game.yaml", 0) in m.locations for m in shared)


def test_a_new_game_has_a_babel_cfg():
    assert (ROOT / "pnp" / "scaffold" / "game" / "babel.cfg").is_file()
