"""The Green Jersey board: its data, the checks the rules imply, and the scene that draws it."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from pnp.errors import DataErrors
from pnp.games.green_jersey import check_board as cb
from pnp.layout.board import board_scene
from pnp.layout.scene import Group, Text
from pnp.model import load_game
from pnp.model.boards import BoardSide

GROUPS = {"road", "squares", "lines", "labels", "tokens", "legend"}


GREEN_JERSEY = Path(__file__).resolve().parent.parent / "data" / "green-jersey"


@pytest.fixture(scope="module")
def model():
    return load_game(GREEN_JERSEY)


def broken(folder: Path, edit: Callable[[list[dict]], None]):
    """Edit the sides of the copy's boards.yaml with ``edit``, then load the copy."""
    path = folder / "boards.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data["boards"][0]["sides"])
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return load_game(folder)


def rules(findings) -> set[str]:
    return {f.rule for f in findings}


def messages(findings) -> str:
    return "\n".join(f.render() for f in findings)


def side(sides: list[dict], side_id: str) -> dict:
    return next(s for s in sides if s["id"] == side_id)


def set_map(s: dict, lane: int, column: int, char: str) -> None:
    row = s["map"][lane - 1]
    s["map"][lane - 1] = row[:column - 1] + char + row[column:]


def line(s: dict, kind: str) -> dict:
    return next(ln for ln in s["lines"] if ln["kind"] == kind)


def area(s: dict, kind: str) -> dict:
    return next(a for a in s["areas"] if a["kind"] == kind)


def peloton_square(s: dict, number: int) -> dict:
    return next(p for p in s["spaces"] if p.get("number") == number)


# --- the data

def test_the_board_loads_with_two_sides(model):
    assert len(model.boards) == 1
    board = model.boards[0]
    assert [s.id for s in board.sides] == ["a", "b"]
    assert (board.width_mm, board.height_mm) == (600, 360)
    for s in board.sides:
        assert [p.number for p in s.marks("peloton")] == [1, 2, 3, 4, 5, 6]
        assert s.line("300m").column < s.line("finish").column
        assert s.square_mm >= 28  # a rider standee's 25 mm base fits


def test_side_b_narrows_its_road(model):
    a, b = model.boards[0].sides
    assert a.road_lanes(1) == a.road_lanes(14) == [1, 2, 3, 4]
    assert b.road_lanes(1) == [1, 2, 3, 4, 5]
    assert b.road_lanes(8) == [2, 3, 4]
    assert not b.is_road(8, 1) and b.terrain(8, 5) == "off"


def test_the_decision_is_listed(model):
    assert "GJ-D-BOARD" in {d.id for d in model.decisions}


def test_every_board_check_passes_on_the_shipped_data(model):
    found = [f for check in cb.BOARD_CHECKS for f in check(model)]
    assert found == [], messages(found)


def test_distances_to_the_finish(model):
    a = model.boards[0].sides[0]
    front = max(p.column for p in a.marks("peloton"))
    assert cb.distance_to_finish(a, front) == 8
    assert cb.distance_to_finish(a, a.line("finish").column) == 0


def test_a_map_of_the_wrong_shape_is_a_data_error(game_copy):
    with pytest.raises(DataErrors) as exc:
        broken(game_copy, lambda sides: sides[0]["map"].__setitem__(0, "....."))
    text = exc.value.render()
    assert "boards.yaml" in text and "map row 1 has 5 squares for 14 columns" in text


def test_a_space_outside_the_grid_is_a_data_error(game_copy):
    with pytest.raises(DataErrors) as exc:
        broken(game_copy, lambda sides: peloton_square(sides[0], 1).update(lane=9))
    assert "outside the 14 x 4 grid" in exc.value.render()


# --- each check fires on a broken copy

def test_sides_one_side_is_not_enough(game_copy):
    m = broken(game_copy, lambda sides: sides.pop())
    found = cb.sides(m)
    assert rules(found) == {"GJ-BOARD-SIDES"} and "1 side(s)" in messages(found)


def test_sides_two_identical_sides_are_reported(game_copy):
    def twin(sides):
        sides[1] = dict(yaml.safe_load(yaml.safe_dump(sides[0])), id="b")
    found = cb.sides(broken(game_copy, twin))
    assert rules(found) == {"GJ-BOARD-SIDES"} and "the same road" in messages(found)


def test_sides_a_road_off_the_sheet(game_copy):
    m = broken(game_copy, lambda sides: sides[0].update(origin_mm=[200, 126]))
    found = cb.sides(m)
    assert "off the 600 x 360 mm sheet" in messages(found)


def test_peloton_a_missing_square(game_copy):
    m = broken(game_copy, lambda sides: sides[0]["spaces"].pop())
    found = cb.peloton(m)
    assert rules(found) == {"GJ-BOARD-PELOTON"} and "5 peloton squares for 6 riders" in messages(found)


def test_peloton_a_number_twice(game_copy):
    m = broken(game_copy, lambda sides: peloton_square(sides[1], 6).update(number=5))
    assert "numbered [1, 2, 3, 4, 5, 5]" in messages(cb.peloton(m))


def test_peloton_a_square_off_the_road(game_copy):
    m = broken(game_copy, lambda sides: set_map(sides[0], 2, 4, "#"))
    found = cb.peloton(m)
    assert "peloton square 1 (column 4, lane 2) is off the road" in messages(found)
    assert found[0].location.file.endswith("boards.yaml") and found[0].location.line > 0


def test_peloton_two_numbers_on_one_square(game_copy):
    m = broken(game_copy, lambda sides: peloton_square(sides[0], 2).update(lane=2))
    assert "are the same square" in messages(cb.peloton(m))


def test_peloton_past_the_300m_line(game_copy):
    m = broken(game_copy, lambda sides: line(sides[0], "300m").update(column=4))
    assert "past the 300 m line" in messages(cb.peloton(m))


def test_lines_a_missing_300m_line(game_copy):
    m = broken(game_copy, lambda sides: sides[1]["lines"].remove(line(sides[1], "300m")))
    found = cb.lines(m)
    assert rules(found) == {"GJ-BOARD-LINES"} and "0 300 m lines" in messages(found)


def test_lines_300m_after_the_finish(game_copy):
    def swap(sides):
        line(sides[0], "300m")["column"], line(sides[0], "finish")["column"] = 12, 8
    assert "is not before the finish line" in messages(cb.lines(broken(game_copy, swap)))


def test_lines_cut_by_a_square_off_the_road(game_copy):
    def hole(sides):
        set_map(sides[0], 2, 11, "#")
        set_map(sides[0], 2, 12, "#")
    found = cb.lines(broken(game_copy, hole))
    assert "the finish line is cut by squares off the road in column 11 (lanes 2)" in messages(found)


def test_lines_where_the_road_changes_width(game_copy):
    m = broken(game_copy, lambda sides: set_map(sides[0], 1, 8, "#"))
    assert "lanes 1-4 before the 300 m line and lanes 2-4 after it" in messages(cb.lines(m))


def test_room_a_road_cut_in_two(game_copy):
    def wall(sides):
        for lane in range(1, 5):
            set_map(sides[0], lane, 6, "#")
    found = cb.room(broken(game_copy, wall))
    text = messages(found)
    assert rules(found) == {"GJ-BOARD-ROOM"}
    assert "separate pieces" in text and "no way along the road from peloton square 1" in text


def test_room_a_lonely_road_square(game_copy):
    def lonely(sides):
        set_map(sides[1], 1, 10, ".")
        set_map(sides[1], 2, 10, "#")
    assert "column 10, lane 1 has no road square beside it" in messages(cb.room(broken(game_copy, lonely)))


def test_room_a_peloton_square_with_no_room_to_push(game_copy):
    def boxed(sides):
        s = sides[0]
        for lane in range(1, 5):
            set_map(s, lane, 1, "#")
        for column in (2, 3):
            set_map(s, 1, column, "#")
    assert "peloton square 5 has no free road square" in messages(cb.room(broken(game_copy, boxed)))


def test_run_out_too_short(game_copy):
    m = broken(game_copy, lambda sides: line(sides[0], "finish").update(column=13))
    found = cb.run_out(m)
    assert rules(found) == {"GJ-BOARD-RUNOUT"} and "fewer than 3 squares" in messages(found)


def test_tokens_no_area(game_copy):
    m = broken(game_copy, lambda sides: sides[0]["areas"].remove(area(sides[0], "tokens")))
    found = cb.tokens(m)
    assert rules(found) == {"GJ-BOARD-TOKENS"} and "no area of kind 'tokens'" in messages(found)


def test_tokens_before_the_finish(game_copy):
    m = broken(game_copy, lambda sides: area(sides[1], "tokens").update(x=120, y=10))
    assert "before the finish line" in messages(cb.tokens(m))


def test_tokens_over_the_road(game_copy):
    m = broken(game_copy, lambda sides: area(sides[0], "tokens").update(x=400))
    assert "lies over road squares" in messages(cb.tokens(m))


def test_tokens_no_room_for_three_piles(game_copy):
    m = broken(game_copy, lambda sides: area(sides[0], "tokens").update(w=60, h=40))
    assert "3 piles of 25 mm tokens need 95 x 35 mm" in messages(cb.tokens(m))


def test_tokens_a_pile_left_out(game_copy):
    m = broken(game_copy, lambda sides: area(sides[0], "tokens").update(holds=["points-1", "points-2"]))
    assert "does not hold the pile(s) points-3" in messages(cb.tokens(m))


def test_length_too_short(game_copy):
    def short(sides):
        line(sides[0], "300m")["column"] = 6
        line(sides[0], "finish")["column"] = 9
    found = cb.length(broken(game_copy, short))
    assert rules(found) == {"GJ-BOARD-LENGTH"} and "5 squares from the finish" in messages(found)


def test_length_too_long(game_copy):
    def long(sides):
        s = sides[0]
        s["columns"] = 19
        s["map"] = ["." * 19] * 4
        line(s, "300m")["column"] = 13
        line(s, "finish")["column"] = 17
    found = cb.length(broken(game_copy, long))
    assert "the back of the peloton is 15 squares from the finish" in messages(found)


def test_sheet_an_area_over_the_road(game_copy):
    m = broken(game_copy, lambda sides: area(sides[0], "legend").update(y=200))
    found = cb.sheet(m)
    assert rules(found) == {"GJ-BOARD-SHEET"} and "'legende' covers road squares" in messages(found)


def test_sheet_areas_overlapping(game_copy):
    m = broken(game_copy, lambda sides: area(sides[1], "title").update(x=400, y=100))
    assert "areas 'podium' and 'titre' overlap" in messages(cb.sheet(m))


# --- the scene

def _walk(items):
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from _walk(item.items)


def _group(scene, group_id: str) -> Group:
    return next(i for i in _walk(scene.items) if isinstance(i, Group) and i.id == group_id)


def _texts(items) -> list[Text]:
    return [i for i in _walk(items) if isinstance(i, Text)]


@pytest.mark.parametrize("side_id", ["a", "b"])
def test_scene_size_and_groups(model, side_id):
    s: BoardSide = model.boards[0].side(side_id)
    scene = board_scene(model, s)
    assert (scene.width, scene.height) == (606, 366)  # 600 x 360 plus a 3 mm bleed
    assert scene.trim == (3, 3, 600, 360)
    assert scene.bleed == (0, 0, 606, 366)
    ids = {i.id for i in _walk(scene.items) if isinstance(i, Group) and i.id}
    assert GROUPS <= ids


@pytest.mark.parametrize("side_id", ["a", "b"])
def test_scene_texts(model, side_id):
    s = model.boards[0].side(side_id)
    scene = board_scene(model, s)
    numbers = sorted(t.text for t in _texts(_group(scene, "squares").items))
    assert numbers == ["1", "2", "3", "4", "5", "6"]
    labels = [t.text for t in _texts(_group(scene, "labels").items)]
    assert labels.count("300 m") == 2 and labels.count("ARRIVÉE") == 2  # one sign on each verge
    assert [str(n) for n in range(1, 12)] == sorted(set(labels) - {"300 m", "ARRIVÉE"}, key=int)
    tokens = [t.text for t in _texts(_group(scene, "tokens").items)]
    points = model.facts.scoring.points
    assert all(str(p) in tokens for p in points) and "1er" in tokens
    everything = [t.text for t in _texts(scene.items)]
    assert model.info.stamp in everything
    from pnp.layout.typography import typeset

    assert any(typeset(s.name, "fr") in t for t in everything)  # set with its typographic apostrophe


def test_scene_places_the_lines_where_the_data_says(model):
    s = model.boards[0].side("a")
    scene = board_scene(model, s)
    lines = _group(scene, "lines")
    xs = {round(r.x + r.w / 2, 3) for r in lines.items if getattr(r, "w", 0) >= 3.0}
    assert round(s.x_mm(s.line("300m").column), 3) in xs
    assert round(s.x_mm(s.line("finish").column), 3) in xs


def test_scene_paints_to_pdf_at_full_size(model):
    import pypdf

    scenes = [board_scene(model, s) for s in model.boards[0].sides]
    from pnp.paint.pdf import paint_pdf

    buf = io.BytesIO()
    assert paint_pdf(scenes, buf) == 2
    reader = pypdf.PdfReader(io.BytesIO(buf.getvalue()))
    page = reader.pages[0]
    mm = 72 / 25.4
    assert float(page.mediabox.width) == pytest.approx(606 * mm, abs=0.01)
    assert float(page.trimbox.width) == pytest.approx(600 * mm, abs=0.01)
    text = page.extract_text()
    assert "300 m" in text and "ARRIVÉE" in text


def test_the_same_data_gives_the_same_board(model):
    from pnp.paint.pdf import paint_pdf

    side_b = model.boards[0].side("b")
    one, two = io.BytesIO(), io.BytesIO()
    paint_pdf([board_scene(model, side_b)], one)
    paint_pdf([board_scene(model, side_b)], two)
    assert one.getvalue() == two.getvalue()


# --- the model, without a game

def test_terrain_comes_from_spaces_then_map_then_road():
    plain = BoardSide(id="x", name="x", columns=3, lanes=2)
    assert plain.road() == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)]
    mapped = BoardSide(id="y", name="y", columns=3, lanes=2, map=("..#", "..."),
                       spaces=({"column": 1, "lane": 1, "kind": "off"},
                               {"column": 3, "lane": 1, "kind": "peloton", "number": 1}))
    assert not mapped.is_road(1, 1)          # an explicit "off" space wins over the map
    assert not mapped.is_road(3, 1)          # a mark keeps the map's terrain
    assert mapped.marks("peloton")[0].number == 1
    assert mapped.road_lanes(3) == [2] and mapped.terrain(9, 9) == "off"
    assert mapped.x_mm(2) == 30 and mapped.square_box(2, 2) == (30, 30, 30, 30)


def test_a_narrow_tile_keeps_its_label_clear_of_its_name() -> None:
    """A piece narrower than the page (the Flamme Rouge roundabout) still gets a readable label
    that starts after the tile's big name and stays within the tile's width; a long calibration
    note goes above its line."""
    from pnp.layout import tiling
    from pnp.layout.paper import paper
    from pnp.layout.scene import Group, Rect, Scene, Style, Text

    scene = Scene(90, 400, (Rect(0, 0, 90, 400, Style(fill="#888888")),))
    label = "Flamme Rouge · variantes maison v1.0 · 2024-06-01 · A · Rond-point · tuile A1 (1/2)"
    grid, pages = tiling.tile_pages(scene, "narrow", paper("a4"), lambda n, i, t: label)
    [group] = [it for it in pages[0].items if isinstance(it, Group) and any(isinstance(t, Text) for t in it.items)]
    name, head = [it for it in group.items if isinstance(it, Text)]
    assert name.text == "A1" and name.x + name.width < head.x and head.size >= 5.0
    assert group.transform[4] + head.x + head.width <= grid.placement(0, 0).ox + 90 + 1e-6
    # a piece on one sheet: its label alone, and crop marks at its corners
    small = Scene(90, 150, (Rect(0, 0, 90, 150, Style(fill="#888888")),))
    _, [page] = tiling.tile_pages(small, "small", paper("a4"), lambda n, i, t: "label")
    assert [it.text for it in page.items if isinstance(it, Text)] == ["label"]
    assert sum(1 for it in page.items if type(it).__name__ == "Line" and it.style is tiling.MARK) == 8
    note = "Ce trait mesure 50 mm : imprimez à 100 %, sans ajuster à la page."
    full = tiling.full_size_page(scene, "narrow", note, "label")
    ruler = [it for it in full.items if isinstance(it, Text) and it.text != "label"]
    assert all(t.x + t.width <= full.width - tiling.SLUG + 1e-6 for t in ruler)
