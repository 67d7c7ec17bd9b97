"""A board's decorations are a template (pnp.layout.boards.decorations): its groups replace the
layout's of the same id or are drawn over them, its mistakes are located, and the preflight check
knows a missing one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.layout.boards import board_scene
from pnp.layout.markup import MarkupError
from pnp.layout.scene import Group, Rect, Text
from pnp.model import load_game
from pnp.new import create

TITLE = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:pnp="https://pnp.invalid/ns" {{ svg_size }}>
  {% set area = side.areas_of("title")[0] %}
  <g id="title">
    <rect x="{{ area.x | mm }}" y="{{ area.y | mm }}" width="{{ area.w | mm }}" height="{{ area.h | mm }}" fill="#123456"/>
    <pnp:text x="{{ area.x | mm }}" y="{{ area.y | mm }}" width="{{ area.w | mm }}" height="{{ area.h | mm }}"
              max-size="20" min-size="8" font="sans-black" fill="#FFFFFF">{{ game.title }}</pnp:text>
  </g>
  <g id="flags">
  {% for mark in side.marks("depart") %}
    {% set x, y, s, _ = at(mark.column, mark.lane) %}
    <circle cx="{{ (x + s / 2) | mm }}" cy="{{ (y + s / 2) | mm }}" r="2" fill="#ABCDEF"/>
  {% endfor %}
  </g>
  <rect x="0" y="0" width="1" height="1" fill="#FEDCBA"/>
</svg>
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("games") / "deco"
    create(folder.name, folder.parent)
    boards = folder / "boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("    layout: squares\n",
                                                                  "    layout: squares\n    decorations: deco\n"),
                      encoding="utf-8")
    (folder / "templates" / "boards").mkdir()
    (folder / "templates" / "boards" / "deco.svg.j2").write_text(TITLE, encoding="utf-8")
    return folder


def _fills(group: Group) -> set[str]:
    out: set[str] = set()
    for item in group.items:
        if isinstance(item, Group):
            out |= _fills(item)
        elif getattr(item, "style", None) is not None and item.style.fill:
            out.add(item.style.fill.upper())
    return out


def _groups(scene) -> dict[str, Group]:
    (root,) = scene.items
    return {g.id: g for g in root.items}


def test_a_template_group_replaces_the_layout_s_and_others_are_drawn_over(game: Path) -> None:
    model = load_game(game)
    side = model.boards[0].sides[0]
    groups = _groups(board_scene(model, side))
    order = list(groups)
    # the title is the template's, in the layout's place; flags and loose shapes come on top
    assert order[:7] == ["road", "squares", "lines", "labels", "tokens", "legend", "title"]
    assert order[7:] == ["flags", "decorations"]
    assert "#123456" in _fills(groups["title"])
    assert any(isinstance(i, Text) or isinstance(i, Group) for i in groups["title"].items)
    flags = [i for i in groups["flags"].items]
    assert len(flags) == len(side.marks("depart")) == 4
    assert "#FEDCBA" in _fills(groups["decorations"])


def test_a_board_without_decorations_is_drawn_by_its_layout_alone(game: Path, tmp_path: Path) -> None:
    folder = tmp_path / "plain"
    shutil.copytree(game, folder)
    boards = folder / "boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("    decorations: deco\n", ""), encoding="utf-8")
    model = load_game(folder)
    groups = _groups(board_scene(model, model.boards[0].sides[0]))
    assert list(groups) == ["road", "squares", "lines", "labels", "tokens", "legend", "title"]
    assert "#123456" not in _fills(groups["title"])


def test_the_seams_keep_out_of_a_template_panel(game: Path) -> None:
    model = load_game(game)
    side = model.boards[0].sides[0]
    scene = board_scene(model, side)
    area = side.areas_of("title")[0]
    keep = scene.meta["seams"].keep
    assert any(k.what == "panel" and (k.x, k.y) == pytest.approx((area.x, area.y)) for k in keep)
    inside = [k for k in keep if k.what == "label" and area.x <= k.x and k.x + k.w <= area.x + area.w
              and area.y <= k.y and k.y + k.h <= area.y + area.h]
    assert inside, "the template's title text is a label the seams keep out of"


def test_a_mistake_in_the_decorations_template_is_located(game: Path, tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    shutil.copytree(game, folder)
    path = folder / "templates" / "boards" / "deco.svg.j2"
    lines = path.read_text(encoding="utf-8").splitlines()
    n = next(i for i, ln in enumerate(lines, 1) if "at(mark.column" in ln)
    lines[n - 1] = lines[n - 1].replace("mark.column", "mark.colum")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    model = load_game(folder)
    with pytest.raises(MarkupError) as caught:
        board_scene(model, model.boards[0].sides[0])
    message = str(caught.value)
    assert f"deco.svg.j2:{n}" in message, message
    assert "colum" in message


def test_check_knows_a_missing_decorations_template(game: Path, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from pnp.cli import cli

    folder = tmp_path / "missing"
    shutil.copytree(game, folder)
    boards = folder / "boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("decorations: deco", "decorations: dec"),
                      encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == 1
    out = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert "no board decorations 'dec'" in out and "did you mean 'deco'" in out, out
    assert "boards.yaml" in out


def test_a_kit_cover_lists_many_decks_on_as_many_lines_as_they_need(game: Path, tmp_path: Path) -> None:
    """Fifteen decks with long names: the cover's row wraps (it overflowed by 22 mm), nothing overlaps."""
    from click.testing import CliRunner

    from pnp.cli import cli

    folder = tmp_path / "many"
    shutil.copytree(game, folder)
    decks = folder / "decks.yaml"
    decks.write_text(decks.read_text(encoding="utf-8") + "".join(
        f"  - {{id: deck{i}, name: Paquet numéro {i} avec un nom assez long, face: course, back: dos, "
        f"cards: course.csv}}\n" for i in range(14)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", str(folder), "--only", "kit", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    import pypdfium2

    (kit,) = (tmp_path / "out").glob("*/fr/kit.pdf")
    pdf = pypdfium2.PdfDocument(str(kit))
    text = pdf[0].get_textpage().get_text_range()
    assert "Paquet numéro 13 avec un nom" in " ".join(text.split())
