"""pnp installed from the repository as a user installs it (``pip install .``, not editable) into a
fresh venv: the scaffold of ``pnp new`` checks, builds and translates from a folder outside the
repository, and the engines run compiled by mypyc (setup.py) and play the very games the checkout's
pure Python plays.

The venv is made once for the file (about a minute: pip's cache for the dependencies, mypyc and the
C compiler for the engines). Without network or cache it is skipped, except in CI (``CI`` set),
where it must pass; without a C compiler the engines may stay pure Python, except in CI.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OFFLINE = ("Could not find a version", "No matching distribution", "NewConnectionError", "Network is unreachable",
           "Temporary failure in name resolution")

GAMES = """
import hashlib, sys
from pnp.model import load_game
from pnp.native import native_status
from pnp.simulate import find_simulation
digest = hashlib.sha256()
for folder in sys.argv[1:]:
    sim = find_simulation(load_game(folder))
    for players in range(2, 7):
        try:
            sim.validate(players, "random")
        except ValueError:
            continue
        for policy in ("random", "greedy"):
            for seed in range(4):
                if hasattr(sim, "play_recorded"):
                    outcome, transcript = sim.play_recorded(players, seed, policy)
                else:
                    outcome, transcript = sim.play(players, seed, policy), None
                digest.update(repr((folder, players, policy, seed, outcome, transcript)).encode())
print(native_status())
print(digest.hexdigest())
"""
"""Plays games of each game folder given (every player count, both policies): the status of the
engines, then a digest of every outcome (its record) and transcript."""
COMPILED = ("green-jersey", "tour-de-france-mb", "maillot-jaune")
"""The games whose engines list compiled modules."""


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The venv's bin folder, pnp installed there from a copy of the checkout."""
    where = tmp_path_factory.mktemp("install")
    env_dir = where / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    # pip builds a local folder in place (its build/ and pnp.egg-info/): build a copy of the checkout,
    # so that the repository is left alone and no earlier build's leftovers get installed
    source = where / "source"
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "output", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis",
        "*.so"))
    install = subprocess.run([str(env_dir / "bin" / "pip"), "install", "-v", str(source)], capture_output=True,
                             text=True, cwd=where)
    (env_dir / "install.log").write_text(install.stdout + install.stderr, encoding="utf-8")
    if install.returncode and not os.environ.get("CI") and any(w in install.stderr for w in OFFLINE):
        pytest.skip("pip cannot reach pnp's dependencies (no network, no pip cache); CI runs this test")
    assert install.returncode == 0, install.stdout[-4000:] + install.stderr[-4000:]
    return env_dir / "bin"


def _run(args: list[str], cwd: Path, tmp_path: Path, pnp: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PNP_CACHE": str(tmp_path / "cache")}
    return subprocess.run([str(pnp), *args], cwd=cwd, env=env, capture_output=True, text=True)


def test_the_installed_pnp_checks_builds_and_translates_a_new_game(installed: Path, tmp_path: Path) -> None:
    """Run from a folder outside the repository: the new game checks, builds in French and English
    and its catalogs are complete; the installed pnp runs its own copy, not the checkout's."""
    pnp = installed / "pnp"
    home = tmp_path / "designer"
    home.mkdir()
    for args in (["new", "my-game"], ["check", "my-game", "--strict"], ["i18n", "status", "my-game", "--check"],
                 ["build", "my-game", "--lang", "all"]):
        result = _run(args, home, tmp_path, pnp)
        assert result.returncode == 0, f"pnp {shlex.join(args)}:\n{result.stdout}{result.stderr}"
    for lang in ("fr", "en"):
        assert (home / "output" / "my-game" / lang / "kit.pdf").is_file()
    where = subprocess.run([str(installed / "python"), "-c", "import pnp; print(pnp.__file__)"],
                           capture_output=True, text=True, cwd=home)
    assert str(installed.parent) in where.stdout


def test_the_installed_engines_are_compiled_and_play_the_checkouts_games(installed: Path, tmp_path: Path) -> None:
    """The wheel's engines are C extensions (mypyc) where a C compiler is at hand, and play exactly
    the games the checkout's pure Python plays: the same outcomes, records and transcripts."""
    version = _run(["--version"], tmp_path, tmp_path, installed / "pnp")
    assert version.returncode == 0, version.stderr
    if os.environ.get("CI") or shutil.which("cc") or shutil.which("gcc"):
        said = [line for line in (installed.parent / "install.log").read_text(encoding="utf-8").splitlines()
                if "pnp build:" in line or ": error:" in line]
        assert "engines compiled with mypyc" in version.stdout, version.stdout + "\n".join(said)
    data = [str(ROOT / "data" / game) for game in COMPILED]
    wheel = subprocess.run([str(installed / "python"), "-c", GAMES, *data], capture_output=True, text=True,
                           cwd=tmp_path)
    assert wheel.returncode == 0, wheel.stderr
    checkout = subprocess.run([sys.executable, "-c", GAMES, *data], capture_output=True, text=True, cwd=ROOT)
    assert checkout.returncode == 0, checkout.stderr
    status, digest = wheel.stdout.split("\n")[:2]
    assert version.stdout.strip().endswith(f"({status})")
    assert checkout.stdout.split("\n")[:2] == ["engines in pure Python", digest]
