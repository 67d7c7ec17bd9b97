"""Shared fixtures: a throw-away copy of the Green Jersey data, and a CLI runner.

Tests that change data always work on ``game_copy`` (a copy under tmp_path), never on the
repository's own data/ folder.
"""

from __future__ import annotations

import functools
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
"""The repository root (the folder holding data/, templates/ and pnp/)."""

DATA = ROOT / "data"
GREEN_JERSEY = DATA / "green-jersey"


@pytest.fixture
def repo_root() -> Path:
    """The repository root."""
    return ROOT


@pytest.fixture
def real_data() -> Path:
    """The repository's data/ folder (read only: never change files in it)."""
    return DATA


@pytest.fixture
def game_copy(tmp_path: Path) -> Path:
    """A copy of data/green-jersey at tmp_path/data/green-jersey; returns that folder.

    Pass ``game_copy.parent`` to ``pnp --data``.
    """
    dest = tmp_path / "data" / "green-jersey"
    shutil.copytree(GREEN_JERSEY, dest)
    return dest


@pytest.fixture
def runner() -> CliRunner:
    """A click CliRunner (stdout and stderr both land in ``result.output``)."""
    return CliRunner()


@pytest.fixture(scope="session")
def every_kit(tmp_path_factory) -> list[Path]:
    """Every built-in game built in every language on A4 and on Letter (as ``pnp build --lang all``);
    the output folder of each paper."""
    from pnp.cli import cli as main

    out = tmp_path_factory.mktemp("every-kit")
    folders = []
    for paper in ("a4", "letter"):
        result = CliRunner().invoke(main, ["build", "--lang", "all", "--paper", paper, "--full", "--out",
                                           str(out / paper)])
        assert result.exit_code == 0, result.output
        folders.append(out / paper)
    return folders


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: unknown with -p no:xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """Under ``--dist loadfile`` (pyproject.toml's addopts: the tests run on every core), a worker
    runs a test file whole, so its module fixtures are made once; and the files that use
    ``every_kit`` go to one worker together: a session fixture is made once per worker, and this one
    is the slowest of all. (xdist's own ``loadgroup`` cannot group them: its ``xdist_group`` marks
    are lost under pytest 9.)"""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class EveryKitTogether(LoadScopeScheduling):
        """loadfile, with the files that use ``every_kit`` as one unit of work."""

        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "every_kit" if _uses_every_kit(config.rootpath / path) else path

    return EveryKitTogether(config, log)


@functools.cache
def _uses_every_kit(path: Path) -> bool:
    """Whether the test file ``path`` uses the ``every_kit`` fixture (names it)."""
    return path.is_file() and "every_kit" in path.read_text(encoding="utf-8")
