"""pnp build --ink-saver: light backs on aids and standees, a lighter board, card backs kept; the
ink coverage (PDFium's render: mean of 1 - luminance) drops and the kit renders cleanly."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pnp.build import BuildOptions
from pnp.export.coverage import ink_saving, page_coverage
from pnp.layout.ink import is_flat_colour, leaves, light_back, light_board, luminance
from pnp.layout.scene import Group, Line, Rect, Scene, Style, Symbol, Text, Use
from pnp.paths import data_dir
from renderers import ghostscript_messages, poppler_messages

GAMES = ("green-jersey", "maillot-jaune", "flamme-rouge-variants", "tour-de-france-mb", "tour-de-france-quiz")
RED, WHITE, INK = "#C8102E", "#FFFFFF", "#1F2328"


def _back(*extra) -> Symbol:
    """A back with a red full-bleed background, a white title, a white frame and ``extra``."""
    return Symbol("back", 40, 60, (Group((Rect(-3, -3, 46, 66, Style(fill=RED)),
                                          Text(5, 30, "TITLE", "sans-bold", 12, WHITE),
                                          Rect(4, 4, 32, 52, Style(stroke=WHITE, width=0.5)), *extra)),))


def test_a_dark_back_becomes_a_light_back_that_reads_the_same():
    light = light_back(_back(Rect(15, 40, 10, 10, Style(fill="#1F57A8"))))
    background, title, frame, badge = list(leaves(light.items))
    assert luminance(background.style.fill) > 0.6  # a pale tint of the red
    assert background.style.fill != WHITE
    assert title.fill == RED and frame.style.stroke == RED  # white on red becomes red on pale red
    assert badge.style.fill == "#1F57A8"  # a colour that was not light keeps its ink
    assert light.key != "back" and (light.width, light.height) == (40, 60)


def test_the_ink_a_light_back_saves_is_measured():
    before, after = (page_coverage([Scene(40, 60, (Use(s),))])[0] for s in (_back(), light_back(_back())))
    assert after < before / 3


def test_a_back_without_a_background_is_left_alone():
    plain = Symbol("plain", 40, 60, (Rect(10, 10, 20, 20, Style(fill=RED)), Text(5, 5, "x", "sans", 8, INK)))
    assert light_back(plain) is plain


def test_only_a_flat_colour_back_counts_as_flat():
    flat = Symbol("flat", 40, 60, (Group((Rect(-3, -3, 46, 66, Style(fill=RED)),)),))
    assert is_flat_colour(flat)
    assert not is_flat_colour(_back())


def test_a_light_board_has_light_fills_and_dark_texts():
    board = Scene(100, 50, (Rect(0, 0, 100, 50, Style(fill="#4E8F4A")), Rect(10, 10, 80, 20, Style(fill="#4A4F57")),
                            Text(20, 20, "5", "sans-bold", 12, WHITE), Text(20, 45, "legend", "sans", 8, INK),
                            Line(10, 20, 90, 20, Style(stroke="#F1F1EC", dash=(2, 2)))),
                  trim=(0, 0, 100, 50), meta={"seams": "kept"})
    light = light_board(board)
    grass, road, number, legend, marking = light.items
    assert luminance("#4E8F4A") < 0.25 and luminance("#4A4F57") < 0.1
    assert luminance(grass.style.fill) > 0.5 and luminance(road.style.fill) > 0.5  # light grass, light road
    assert number.fill == INK and legend.fill == INK  # white on the road turns dark; dark stays dark
    assert luminance(marking.style.stroke) < luminance("#F1F1EC")
    assert light.trim == board.trim and light.meta == board.meta


@pytest.mark.parametrize("game", GAMES)
def test_the_ink_saver_spends_less_ink_on_the_same_pages(game):
    saving = ink_saving(data_dir() / game, BuildOptions(out=Path(".")))
    assert saving.after.pages == saving.before.pages
    assert saving.after.mean < saving.before.mean
    boards = [name for name in saving.after.files if name.startswith("board ")]
    assert boards
    for name in boards:  # every board is lighter, page by page
        assert all(a < b for a, b in zip(saving.after.files[name], saving.before.files[name]))
    # card backs are kept: cards.pdf spends the same ink (no game has a back of one flat colour)
    assert saving.after.files["cards.pdf"] == saving.before.files["cards.pdf"]
    assert any(line.startswith("  in all:") for line in saving.lines())


def test_the_ink_saver_lightens_the_backs_of_aids_and_the_standees():
    """Flamme Rouge's aids have dark backs (markers, ghosts, reference sheets): pieces.pdf takes less ink."""
    saving = ink_saving(data_dir() / "flamme-rouge-variants", BuildOptions(out=Path(".")))
    before, after = saving.before.files["pieces.pdf"], saving.after.files["pieces.pdf"]
    assert sum(after) < 0.85 * sum(before)


def test_an_ink_saver_kit_builds_and_renders_cleanly(tmp_path, runner):
    from pnp.cli import cli as main

    result = runner.invoke(main, ["build", "flamme-rouge-variants", "--ink-saver", "--only", "pieces", "--only",
                                  "boards", "--full", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "ink saver" in result.output and "less ink" in result.output
    kit = tmp_path / "flamme-rouge-variants" / "fr"
    for pdf in sorted(kit.glob("*.pdf")):
        assert ghostscript_messages(pdf) == [], pdf.name
        assert poppler_messages(pdf) == [], pdf.name


def test_the_ink_saver_is_part_of_the_incremental_key():
    from pnp.write.incremental import options_key

    plain = BuildOptions(out=Path("."))
    assert options_key(plain) != options_key(replace(plain, ink_saver=True))
    assert options_key(plain) != options_key(replace(plain, gutter_fold=True))
