"""Tokens and standees are templates, as card faces are: a piece's ``face:`` names
``faces/NAME.svg.j2`` (the game's own, then the shared one); a mistake is reported, located."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data" / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", folder)
    return folder


def _build(tmp_path: Path, *extra: str):
    from pnp.cli import cli

    return CliRunner().invoke(cli, ["--data", str(tmp_path / "data"), "build", "green-jersey", "--only", "pieces",
                                    "--out", str(tmp_path / "out"), *extra])


def _context(folder: Path, size):
    from pnp.layout.faces.common import CardContext
    from pnp.layout.templates import card_texts
    from pnp.model import load_game
    from pnp.paths import templates_dir

    model = load_game(folder)
    return CardContext(model, size, 3.0, card_texts(model))


def test_the_shared_token_and_standee_draw_a_game_without_templates_of_its_own():
    from pnp.layout.paper import Size
    from pnp.layout.scene import Text
    from pnp.layout.standees import STRIP, _panel
    from pnp.layout.tokens import token_face

    ctx = _context(ROOT / "data" / "green-jersey", Size("token", 25, 25))
    token = ctx.model.tokens[0]
    words = [i.text for i in token_face(ctx, token) if isinstance(i, Text)]
    assert words == [str(ctx.model.facts.scoring.points[0]), token.name, "points"]
    strip = _context(ROOT / "data" / "green-jersey", STRIP)
    panel = _panel(strip, ctx.model.standees[0])
    assert [i.text for i in panel if isinstance(i, Text)] == ["R"]


def test_a_game_gives_a_token_its_own_template(tmp_path):
    from pnp.layout.paper import Size
    from pnp.layout.scene import Text
    from pnp.layout.tokens import token_face

    folder = _copy(tmp_path)
    tokens = folder / "tokens.yaml"
    tokens.write_text(tokens.read_text().replace("rank: 1,", "rank: 1, face: podium,"))
    (folder / "templates" / "faces" / "podium.svg.j2").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" {{ svg_size }}><text x="1" y="5" font-size="3">'
        '{{ token.id }}={{ value }}</text></svg>', encoding="utf-8")
    ctx = _context(folder, Size("token", 25, 25))
    first = next(t for t in ctx.model.tokens if t.rank == 1)
    assert [i.text for i in token_face(ctx, first) if isinstance(i, Text)] == [f"points-1={ctx.model.facts.scoring.points[0]}"]
    result = _build(tmp_path)
    assert result.exit_code == 0, result.output


def test_an_unknown_token_or_standee_layout_is_a_data_error_with_did_you_mean(tmp_path):
    folder = _copy(tmp_path)
    tokens = folder / "tokens.yaml"
    tokens.write_text(tokens.read_text().replace("rank: 1,", "rank: 1, face: tokn,"))
    riders = folder / "riders.yaml"
    riders.write_text(riders.read_text().replace("{id: figurine-bleu,   rider: bleu}",
                                                 "{id: figurine-bleu,   rider: bleu, face: standy}"))
    result = _build(tmp_path)
    assert result.exit_code == 1, result.output
    assert "tokens[points-1].face: unknown token layout 'tokn': no template faces/tokn.svg.j2 in" in result.output
    assert "did you mean 'token'?" in result.output
    assert "standees[figurine-bleu].face: unknown standee layout 'standy'" in result.output
    assert "did you mean 'standee'?" in result.output
    assert "internal error" not in result.output and not (tmp_path / "out").exists()


def test_a_broken_standee_template_fails_the_build_located(tmp_path):
    folder = _copy(tmp_path)
    (folder / "templates" / "faces" / "standee.svg.j2").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" {{ svg_size }}>\n<rect width="{{ standee.nope }}"/>\n</svg>',
        encoding="utf-8")
    result = _build(tmp_path)
    assert result.exit_code == 1, result.output
    assert "standee figurine-rouge" in result.output and "standee.svg.j2:2" in result.output
    assert "internal error" not in result.output and not (tmp_path / "out").exists()


def test_the_art_macros_faces_import_are_inputs_of_incremental_builds(tmp_path):
    from pnp.layout.markup import faces_digest

    folder = _copy(tmp_path)
    art = folder / "templates" / "art"
    art.mkdir()
    (art / "mine.svg.j2").write_text("{% macro dot() %}<circle r='1'/>{% endmacro %}", encoding="utf-8")
    before = faces_digest(folder)
    (art / "mine.svg.j2").write_text("{% macro dot() %}<circle r='2'/>{% endmacro %}", encoding="utf-8")
    assert faces_digest(folder) != before
