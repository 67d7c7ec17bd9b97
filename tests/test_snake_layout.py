"""The snake layout (pnp.layout.boards.snake): from a side's data alone it lays one track of squares
in rows that turn back at each end, and a game's decorations template replaces its groups, placing
what it draws with ``at`` where the layout put each square."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.layout.boards import board_scene
from pnp.layout.boards.snake import square_boxes
from pnp.layout.scene import Group, Rect, Text
from pnp.model import load_game
from pnp.new import create

COLUMNS = 20
BOARDS = f"""\
boards:
  - id: plateau
    name: Plateau
    layout: snake
    width_mm: 300
    height_mm: 220
    sides:
      - id: a
        name: La boucle
        columns: {COLUMNS}
        lanes: 1
        square_mm: 25
        spaces:
          - {{column: 1, lane: 1, kind: depart, number: 2}}
          - {{column: 2, lane: 1, kind: depart, number: 1}}
          - {{column: 9, lane: 1, kind: bonus, label: Col}}
        lines:
          - {{id: arrivee, kind: finish, column: {COLUMNS}}}
        areas:
          - {{id: titre, kind: title, x: 10, y: 6, w: 280, h: 38}}
          - {{id: parcours, kind: track, x: 10, y: 50, w: 280, h: 110}}
          - {{id: legende, kind: legend, x: 10, y: 170, w: 280, h: 44}}
"""

SQUARES = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:pnp="https://pnp.invalid/ns" {{ svg_size }}>
  <g id="squares">
  {% for column in range(1, side.columns + 1) %}
    {% set x, y, s, _ = at(column) %}
    <rect x="{{ x | mm }}" y="{{ y | mm }}" width="{{ s | mm }}" height="{{ s | mm }}" fill="#123456"/>
  {% endfor %}
  </g>
  <g id="flags">
  {% for line, x, top, bottom in crossings %}
    <rect x="{{ (x - 1) | mm }}" y="{{ top | mm }}" width="2" height="{{ (bottom - top) | mm }}" fill="#ABCDEF"/>
  {% endfor %}
  </g>
</svg>
"""

LAYOUT_GROUPS = ["background", "road", "squares", "labels", "numbers", "legend", "title"]


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("games") / "serpent"
    create(folder.name, folder.parent)
    (folder / "boards.yaml").write_text(BOARDS, encoding="utf-8")
    return folder


def _groups(scene) -> dict[str, Group]:
    (root,) = scene.items
    return {g.id: g for g in root.items}


def test_a_snake_board_drawn_from_its_data_lays_every_square_in_serpentine_order(game: Path) -> None:
    model = load_game(game)
    side = model.boards[0].sides[0]
    scene = board_scene(model, side)
    groups = _groups(scene)
    assert list(groups) == LAYOUT_GROUPS
    squares = [i for i in groups["squares"].items if isinstance(i, Rect)]
    assert len(squares) == COLUMNS
    # rows of 11 (280 mm / 25 mm): the first left to right, the second right to left, under its end
    xs = [r.x for r in squares]
    ys = [r.y for r in squares]
    assert xs[:11] == sorted(xs[:11]) and len(set(ys[:11])) == 1
    assert xs[11:] == sorted(xs[11:], reverse=True) and len(set(ys[11:])) == 1
    assert xs[11] == pytest.approx(xs[10]) and ys[11] > ys[10] + 25
    track = side.areas_of("track")[0]
    assert all(track.x <= x and x + 25 <= track.x + track.w for x in xs)
    # each square's number in its corner, in race order
    numbers = [i for i in groups["numbers"].items if isinstance(i, Text)]
    assert [t.text for t in numbers] == [str(c) for c in range(1, COLUMNS + 1)]
    boxes = square_boxes(side)
    assert all(boxes[c][0] < t.x < boxes[c][0] + 25 and boxes[c][1] < t.y < boxes[c][1] + 25
               for c, t in enumerate(numbers, 1))
    # the marks' numbers and label, the legend's entry for the kind with a text (legend_depart)
    labels = {t.text for t in groups["labels"].items if isinstance(t, Text)}
    assert {"1", "2", "Col"} <= labels
    legend = " ".join(t.text for t in groups["legend"].items if isinstance(t, Text))
    assert "départ" in legend.lower()
    # seams keep out of every square, the numbered ones most, and out of the panels
    keep = scene.meta["seams"].keep
    assert [k.what for k in keep[:COLUMNS]] == ["start", "start"] + ["square"] * (COLUMNS - 2)
    assert sum(k.what == "panel" for k in keep) == 2


def test_a_decorations_template_replaces_a_group_of_the_snake(game: Path, tmp_path: Path) -> None:
    folder = tmp_path / "decorated"
    shutil.copytree(game, folder)
    boards = folder / "boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("    layout: snake\n",
                                                                  "    layout: snake\n    decorations: deco\n"),
                      encoding="utf-8")
    (folder / "templates" / "boards").mkdir()
    (folder / "templates" / "boards" / "deco.svg.j2").write_text(SQUARES, encoding="utf-8")
    model = load_game(folder)
    side = model.boards[0].sides[0]
    groups = _groups(board_scene(model, side))
    assert list(groups) == LAYOUT_GROUPS + ["flags"]
    squares = groups["squares"].items
    assert len(squares) == COLUMNS and all(r.style.fill.upper() == "#123456" for r in squares)
    boxes = square_boxes(side)
    assert [(r.x, r.y) for r in squares] == [pytest.approx(boxes[c][:2], abs=1e-3) for c in range(1, COLUMNS + 1)]
    # the finish line is drawn before the last square, on the edge facing the square before it
    (flag,) = groups["flags"].items
    x, y, s, _ = boxes[COLUMNS]
    assert flag.y == pytest.approx(y) and flag.h == pytest.approx(s)
    assert flag.x + 1 == pytest.approx(x + s if ((COLUMNS - 1) // 11) % 2 else x)
