"""pnp.native: the modules engine packages list for mypyc, and which of them run compiled.
(The wheel that compiles them is built in tests/test_install.py.)"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

import pytest

from pnp.native import compiled_modules, is_compiled, native_status

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _package(root: Path, listed: str = '("fast", "quick")') -> Path:
    engine = root / "games" / "dice" / "engine"
    engine.mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "games" / "__init__.py").write_text("")
    (root / "games" / "dice" / "__init__.py").write_text("")
    (engine / "__init__.py").write_text(f'"""A dice engine."""\n\nCOMPILED_MODULES = {listed}\n')
    for name in ("fast", "quick", "slow"):
        (engine / f"{name}.py").write_text("X = 1\n")
    return engine


def test_the_listed_modules_are_found_by_dotted_name(tmp_path: Path) -> None:
    _package(tmp_path)
    assert compiled_modules(tmp_path) == ["pnp.games.dice.engine.fast", "pnp.games.dice.engine.quick"]


def test_a_listed_module_that_does_not_exist_is_named_with_its_package(tmp_path: Path) -> None:
    engine = _package(tmp_path, '("fast", "quik")')
    with pytest.raises(ValueError, match=r"COMPILED_MODULES names 'quik'.*quik\.py does not exist"):
        compiled_modules(tmp_path)
    (engine / "__init__.py").write_text("COMPILED_MODULES = 'fast'\n")
    with pytest.raises(ValueError, match=r"__init__\.py:1: COMPILED_MODULES must be a tuple of module names"):
        compiled_modules(tmp_path)


def test_status_tells_pure_partly_and_wholly_compiled(tmp_path: Path) -> None:
    engine = _package(tmp_path)
    assert native_status(tmp_path) == "engines in pure Python"
    (engine / f"fast{SUFFIX}").write_bytes(b"")
    assert is_compiled("pnp.games.dice.engine.fast", tmp_path)
    assert not is_compiled("pnp.games.dice.engine.quick", tmp_path)
    assert native_status(tmp_path) == "engines partly compiled (1 of 2 modules: pnp.games.dice.engine.fast)"
    (engine / f"quick{SUFFIX}").write_bytes(b"")
    assert native_status(tmp_path) == "engines compiled with mypyc (2 modules)"


def test_the_checkout_lists_its_engines_hot_modules_and_runs_them_from_source() -> None:
    """An editable install (the checkout) is never compiled: the module edited is the module run."""
    modules = compiled_modules()
    assert "pnp.games.tour_de_france_mb.engine.road" in modules
    assert not any(is_compiled(m) for m in modules)


def test_version_says_how_the_engines_run() -> None:
    from click.testing import CliRunner

    from pnp import __version__
    from pnp.cli import cli

    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"pnp, version {__version__} (engines in pure Python)\n"
