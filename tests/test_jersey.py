"""The jersey drawing: every pattern, its marks, and how it looks once painted."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from pnp.layout import jersey as J
from pnp.layout.scene import Circle, Group, Path, Rect, Scene, Text
from pnp.paint.pdf import paint_pdf

RED, WHITE, GREEN = "#D1262F", "#FFFFFF", "#1E9A48"


def body(symbol):
    (group,) = [i for i in symbol.items if isinstance(i, Group)]
    assert isinstance(group.clip, Path), "the pattern is clipped to the jersey's shape"
    return group.items


def fills(items, kind):
    return [i.style.fill for i in items if isinstance(i, kind)]


def test_solid_jersey_has_its_colour_an_outline_and_a_letter():
    sym = J.symbol(J.JerseyLook("t-solid", "solid", (RED,), "R", WHITE))
    assert fills(body(sym), Rect) == [RED]
    texts = [i for i in sym.items if isinstance(i, Text)]
    assert [(t.text, t.fill) for t in texts] == [("R", WHITE)]
    outline = sym.items[-1]
    assert isinstance(outline, Path) and outline.style.stroke == J.OUTLINE and outline.style.fill is None


def test_two_tone_puts_the_second_colour_on_sleeves_and_collar():
    items = body(J.symbol(J.JerseyLook("t-two", "two-tone", (GREEN, RED), "R", WHITE)))
    assert fills(items, Rect) == [GREEN]
    assert fills(items, Path).count(RED) == 2                     # two sleeves
    assert any(isinstance(i, Path) and i.style.stroke == RED for i in items)  # the collar


@pytest.mark.parametrize(("pattern", "kind", "count"), [
    ("sash", Path, 1), ("stripes", Rect, 3), ("polka-dot", Circle, 36)])
def test_patterns_draw_the_second_colour(pattern, kind, count):
    items = body(J.symbol(J.JerseyLook(f"t-{pattern}", pattern, (WHITE, RED))))
    assert fills(items, kind).count(RED) == count


def test_multicolour_has_one_band_per_colour():
    colours = ("#D1262F", "#1F57A8", "#F4C300", "#262626", "#F07A1A", "#7A3E9D")
    items = body(J.symbol(J.JerseyLook("t-multi", "multicolour", colours)))
    assert fills(items, Rect) == list(colours)


def test_star_mark_for_the_award_jersey():
    sym = J.symbol(J.JerseyLook("t-star", "solid", (GREEN,), "*"))
    stars = [i for i in sym.items if isinstance(i, Path) and i.style.fill == WHITE]
    assert len(stars) == 1 and len(stars[0].commands) == 11  # ten points and a close


def test_place_scales_the_symbol_to_the_asked_width():
    use = J.place(J.symbol(J.JerseyLook("t-place", "solid", (RED,))), 10, 20, 30)
    a, b, c, d, e, f = use.transform
    assert (a, d, e, f) == pytest.approx((0.3, 0.3, 10, 20))


def test_painted_two_tone_and_polka_dot_show_their_colours(tmp_path):
    looks = [J.JerseyLook("p-two", "two-tone", (GREEN, RED), "", WHITE),
             J.JerseyLook("p-polka", "polka-dot", (WHITE, RED))]
    scene = Scene(100, 50, tuple(J.place(J.symbol(look), 5 + i * 50, 5, 40) for i, look in enumerate(looks)))
    paint_pdf([scene], str(tmp_path / "j.pdf"))
    img = pdfium.PdfDocument(str(tmp_path / "j.pdf"))[0].render(scale=300 / 72).to_pil().convert("RGB")
    px = 300 / 25.4

    def at(x_mm, y_mm):
        return img.getpixel((round(x_mm * px), round(y_mm * px)))

    # two-tone: a sleeve (x 10 % in, y 30 % down the jersey) is red, the chest is green
    assert at(5 + 0.1 * 40, 5 + 0.3 * 40) == pytest.approx((0xD1, 0x26, 0x2F), abs=12)
    assert at(5 + 0.5 * 40, 5 + 0.6 * 40) == pytest.approx((0x1E, 0x9A, 0x48), abs=12)
    # polka-dot: a dot centre (x 35, y 32 of 100) is red, between dots (x 26, y 40) is white
    assert at(55 + 0.35 * 40, 5 + 0.32 * 40) == pytest.approx((0xD1, 0x26, 0x2F), abs=12)
    assert at(55 + 0.26 * 40, 5 + 0.40 * 40) == pytest.approx((255, 255, 255), abs=12)
