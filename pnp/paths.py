"""Where pnp finds its data and templates: beside the package in a checkout, or as configured."""

from __future__ import annotations

import os
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent
_BUILTIN = Path(__file__).resolve().parent / "builtin"


def project_root() -> Path:
    """The folder that holds data/ and templates/: PNP_HOME, else the checkout pnp runs from, else
    the copies an installed pnp carries as package data."""
    env = os.environ.get("PNP_HOME")
    if env:
        return Path(env)
    if (_CHECKOUT / "data").is_dir() and (_CHECKOUT / "templates").is_dir():
        return _CHECKOUT
    return _BUILTIN


def data_dir() -> Path:
    return project_root() / "data"


def templates_dir() -> Path:
    return project_root() / "templates"


def template_dirs(game_folder: Path) -> list[Path]:
    """Where a game's templates are looked up, first to last: the game's own ``templates/`` folder,
    then the shared library (a game overrides a shared template by giving its name)."""
    return [game_folder / "templates", templates_dir()]


def default_out() -> Path:
    return Path("output")
