"""Faces read from their markup are kept between builds (pnp.layout.markup.parsed_cache): a stored
face draws the same bytes, a damaged file is a miss, and the cache can be turned off."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.layout.markup import parsed_cache


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("PNP_CACHE", str(tmp_path))
    monkeypatch.delenv("PNP_NO_FACE_CACHE", raising=False)
    return tmp_path / "faces"


def test_a_stored_face_comes_back_equal(cache: Path) -> None:
    from pnp.layout.scene import Rect, Style

    items = (Rect(0, 0, 10, 5, Style(fill="#123456")),)
    name = parsed_cache.key(b"ctx", "faces/x.svg.j2", "<svg/>")
    assert parsed_cache.load(name) is None
    parsed_cache.store(name, items)
    assert parsed_cache.load(name) == items
    assert list(cache.rglob("*.tmp")) == []


def test_a_damaged_file_is_a_miss(cache: Path) -> None:
    name = parsed_cache.key(b"ctx", "t", "m")
    parsed_cache.store(name, ("x",))
    (cache / name[:2] / name).write_bytes(b"not a pickle")
    assert parsed_cache.load(name) is None


def test_the_key_follows_the_markup_the_template_and_the_context() -> None:
    base = parsed_cache.key(b"a", "t", "m")
    assert base == parsed_cache.key(b"a", "t", "m")
    assert len({base, parsed_cache.key(b"b", "t", "m"), parsed_cache.key(b"a", "u", "m"),
                parsed_cache.key(b"a", "t", "n")}) == 4


def test_it_can_be_turned_off(cache: Path, monkeypatch) -> None:
    monkeypatch.setenv("PNP_NO_FACE_CACHE", "1")
    parsed_cache.store("ab" + "0" * 62, ("x",))
    assert not cache.exists() and parsed_cache.load("ab" + "0" * 62) is None


def test_a_warm_build_writes_the_same_bytes(cache: Path, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from pnp.cli import cli

    outs = []
    for run in ("cold", "warm"):
        out = tmp_path / run
        result = CliRunner().invoke(cli, ["build", "green-jersey", "--only", "cards", "--out", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(out)
    assert any(cache.rglob("*")), "the cold build stored its faces"
    cold = sorted(p.relative_to(outs[0]) for p in outs[0].rglob("*") if p.is_file())
    assert cold == sorted(p.relative_to(outs[1]) for p in outs[1].rglob("*") if p.is_file())
    for rel in cold:
        assert (outs[0] / rel).read_bytes() == (outs[1] / rel).read_bytes(), rel


def test_a_warm_build_shows_what_changed_in_the_model_though_the_markup_did_not(cache: Path, tmp_path: Path) -> None:
    """``<pnp:stamp/>`` and ``<pnp:jersey ref=...>`` read the model: a new version or a new colour
    must not come back from a face read before the change."""
    import shutil

    import pypdfium2
    from click.testing import CliRunner

    from pnp.cli import cli

    game = tmp_path / "green-jersey"
    shutil.copytree(Path(__file__).resolve().parent.parent / "data" / "green-jersey", game)
    for run in ("before", "after"):
        if run == "after":
            path = game / "game.yaml"
            path.write_text(path.read_text(encoding="utf-8").replace('version: "0.6"', 'version: "0.7"'),
                            encoding="utf-8")
        result = CliRunner().invoke(cli, ["build", str(game), "--only", "cards", "--out", str(tmp_path / run)])
        assert result.exit_code == 0, result.output
    page = pypdfium2.PdfDocument(str(tmp_path / "after" / "green-jersey" / "fr" / "cards.pdf"))[0]
    text = page.get_textpage().get_text_range()
    assert "v0.7" in text and "v0.6" not in text
