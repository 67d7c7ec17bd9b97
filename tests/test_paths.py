"""Where pnp finds its games and templates: the checkout, PNP_HOME, or the copies in the package."""

from __future__ import annotations

from pathlib import Path

from pnp import paths


def test_a_checkout_uses_its_own_folders(repo_root: Path, monkeypatch) -> None:
    monkeypatch.delenv("PNP_HOME", raising=False)
    assert paths.data_dir() == repo_root / "data" and paths.templates_dir() == repo_root / "templates"


def test_an_installed_pnp_uses_the_copies_it_carries(tmp_path: Path, monkeypatch) -> None:
    """Outside a checkout (a wheel in site-packages), data/ and templates/ come from pnp/builtin."""
    monkeypatch.delenv("PNP_HOME", raising=False)
    monkeypatch.setattr(paths, "_CHECKOUT", tmp_path)
    assert paths.project_root() == paths._BUILTIN
    assert (paths.data_dir() / "green-jersey" / "game.yaml").is_file()
    assert (paths.templates_dir() / "kit.j2").is_file()


def test_the_wheel_carries_the_games_and_the_templates(repo_root: Path) -> None:
    """pyproject.toml declares both folders as package data of pnp.builtin, whose links point at them."""
    import tomllib

    config = tomllib.loads((repo_root / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["setuptools"]["package-data"]["pnp.builtin"] == ["data/**/*", "templates/**/*"]
    for name in ("data", "templates"):
        assert (repo_root / "pnp" / "builtin" / name).resolve() == (repo_root / name).resolve()


def test_pnp_home_wins(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PNP_HOME", str(tmp_path))
    assert paths.data_dir() == tmp_path / "data"
