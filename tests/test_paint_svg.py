"""The SVG painter: one scene -> one SVG at true size, read back as XML."""

from __future__ import annotations

import io
import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path as FilePath

import pytest

from pnp.layout import fonts
from pnp.layout.scene import (Circle, Group, Line, Path, Rect, Scene, Style, Symbol, Text, Use, apply, compose,
                              polygon, rotate, scale, translate)
from pnp.paint.svg import fmt, fmt_matrix, paint_svg, svg_id

SVG = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
NCNAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")


def paint(scene: Scene, **kwargs) -> str:
    buf = io.StringIO()
    paint_svg(scene, buf, **kwargs)
    return buf.getvalue()


def parse(scene: Scene, **kwargs) -> ET.Element:
    return ET.fromstring(paint(scene, **kwargs).encode("utf-8"))


def tag(el: ET.Element) -> str:
    return el.tag.removeprefix(SVG)


def drawn(root: ET.Element) -> list[ET.Element]:
    """The root's children that draw (no title, no defs)."""
    return [el for el in root if tag(el) not in ("title", "defs")]


def one(items, **kwargs) -> ET.Element:
    """The single element painted for a scene holding ``items``."""
    (el,) = drawn(parse(Scene(100, 100, tuple(items)), **kwargs))
    return el


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("id"): el for el in root.iter() if el.get("id") is not None}


def ref(value: str) -> str:
    """The id in 'url(#id)' or '#id'."""
    m = re.fullmatch(r"url\(#(.+)\)|#(.+)", value)
    assert m, value
    return m.group(1) or m.group(2)


def matrix(value: str) -> tuple[float, ...]:
    m = re.fullmatch(r"matrix\(([^)]*)\)", value)
    assert m, value
    return tuple(float(v) for v in m.group(1).replace(",", " ").split())


def numbers(d: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]


# -- the document ---------------------------------------------------------------------------------

def test_root_is_true_size_in_mm():
    root = parse(Scene(600, 420.5, ()))
    assert tag(root) == "svg"
    assert root.get("width") == "600mm"
    assert root.get("height") == "420.5mm"
    assert root.get("viewBox") == "0 0 600 420.5"
    assert root.get("version") == "1.1"


def test_root_restates_the_pdf_defaults():
    """ReportLab fills and clips even-odd; PDF's miter limit is 10 (SVG's default is 4)."""
    root = parse(Scene(10, 10, ()))
    assert root.get("fill-rule") == "evenodd"
    assert root.get("clip-rule") == "evenodd"
    assert root.get("stroke-miterlimit") == "10"


def test_title():
    root = parse(Scene(10, 10, ()), title="Green Jersey <board> & co")
    assert tag(root[0]) == "title"
    assert root[0].text == "Green Jersey <board> & co"
    assert parse(Scene(10, 10, ())).find(f"{SVG}title") is None


def test_empty_scene_has_no_defs():
    root = parse(Scene(10, 10, ()))
    assert root.find(f"{SVG}defs") is None
    assert list(root) == []


# -- primitives -----------------------------------------------------------------------------------

def test_rect():
    el = one([Rect(10, 20.25, 30, 40.125, Style(fill="#FF0000", stroke="#0000FF", width=0.5))])
    assert tag(el) == "rect"
    assert (el.get("x"), el.get("y"), el.get("width"), el.get("height")) == ("10", "20.25", "30", "40.125")
    assert el.get("fill") == "#FF0000"
    assert el.get("stroke") == "#0000FF"
    assert el.get("stroke-width") == "0.5"
    assert el.get("rx") is None and el.get("ry") is None


def test_rect_radius_becomes_rx_ry():
    el = one([Rect(0, 0, 63, 88, Style(fill="#FFFFFF"), radius=3.5)])
    assert el.get("rx") == "3.5" and el.get("ry") == "3.5"


def test_rect_with_a_negative_size_is_normalized():
    """ReportLab draws a negative width; SVG would not draw the rect at all."""
    el = one([Rect(10, 10, -4, -6, Style(fill="#000000"))])
    assert (el.get("x"), el.get("y"), el.get("width"), el.get("height")) == ("6", "4", "4", "6")


def test_circle():
    el = one([Circle(5, 6.5, 7, Style(fill="#123456"))])
    assert tag(el) == "circle"
    assert (el.get("cx"), el.get("cy"), el.get("r")) == ("5", "6.5", "7")
    assert el.get("fill") == "#123456"
    assert el.get("stroke") is None


def test_line():
    el = one([Line(1, 2, 3.5, 4.75, Style(stroke="#222222", width=0.2))])
    assert tag(el) == "line"
    assert [el.get(k) for k in ("x1", "y1", "x2", "y2")] == ["1", "2", "3.5", "4.75"]
    assert el.get("stroke") == "#222222"
    assert el.get("stroke-width") == "0.2"
    assert el.get("fill") is None


def test_path_commands():
    cmds = (("M", 0, 0), ("L", 10, 0.5), ("C", 1, 2, 3, 4, 5, 6), ("Z",))
    el = one([Path(cmds, Style(fill="#ABCDEF"))])
    assert tag(el) == "path"
    d = el.get("d")
    assert re.findall(r"[MLCZ]", d) == ["M", "L", "C", "Z"]
    assert numbers(d) == [0, 0, 10, 0.5, 1, 2, 3, 4, 5, 6]
    assert el.get("fill") == "#ABCDEF"


def test_polygon_with_negative_coordinates():
    el = one([polygon([(-1.5, -2), (3, -4), (0, 5)], Style(fill="#000000"))])
    assert numbers(el.get("d")) == [-1.5, -2, 3, -4, 0, 5]
    assert el.get("d").endswith("Z")


def test_empty_path_is_skipped():
    root = parse(Scene(10, 10, (Path((), Style(fill="#000000")),)))
    assert drawn(root) == []


def test_no_fill_is_fill_none():
    """SVG fills black by default; the scene's 'no fill' must say none."""
    el = one([Rect(0, 0, 1, 1, Style(stroke="#000000"))])
    assert el.get("fill") == "none"
    assert el.get("stroke") == "#000000"


def test_stroke_style():
    style = Style(stroke="#000000", width=0.3, dash=(1, 0.5), round_caps=True)
    el = one([Path((("M", 0, 0), ("L", 5, 5)), style)])
    assert el.get("stroke-dasharray") == "1 0.5"
    assert el.get("stroke-linecap") == "round"
    assert el.get("stroke-width") == "0.3"
    plain = one([Line(0, 0, 1, 1, Style(stroke="#000000"))])
    assert plain.get("stroke-dasharray") is None and plain.get("stroke-linecap") is None
    assert plain.get("stroke-width") == "0.25"  # the Style default


def test_a_list_dash_still_paints():
    el = one([Line(0, 0, 1, 1, Style(stroke="#000000", dash=[2, 1]))])
    assert el.get("stroke-dasharray") == "2 1"


def test_opacity_applies_to_fill_and_stroke():
    """As in the PDF, opacity is a fill alpha and a stroke alpha (not a group opacity)."""
    el = one([Rect(0, 0, 1, 1, Style(fill="#FF0000", stroke="#000000", opacity=0.4))])
    assert el.get("fill-opacity") == "0.4"
    assert el.get("stroke-opacity") == "0.4"
    fill_only = one([Circle(0, 0, 1, Style(fill="#FF0000", opacity=0.5))])
    assert fill_only.get("fill-opacity") == "0.5" and fill_only.get("stroke-opacity") is None
    opaque = one([Circle(0, 0, 1, Style(fill="#FF0000"))])
    assert opaque.get("fill-opacity") is None and opaque.get("opacity") is None


def test_text_stays_text():
    el = one([Text(12.5, 30, "Sprint!", "sans-bold", 12, fill="#336699", width=14.2)])
    assert tag(el) == "text"
    assert el.text == "Sprint!"
    assert (el.get("x"), el.get("y")) == ("12.5", "30")
    assert float(el.get("font-size")) == pytest.approx(12 * 25.4 / 72, abs=1e-3)
    assert "Fira Sans" in el.get("font-family")
    assert el.get("font-weight") == "700"
    assert el.get("font-style") == "normal"
    assert el.get("fill") == "#336699"
    assert el.get(XML_SPACE) == "preserve"
    assert el.get("text-anchor") is None


@pytest.mark.parametrize("key", sorted(fonts.FACES))
def test_text_faces_follow_fonts(key):
    family, weight, italic = fonts.FACES[key]
    el = one([Text(0, 10, "x", key, 9)])
    assert el.get("font-family").split(",")[0].strip("'\" ") == family
    assert el.get("font-weight") == str(weight)
    assert el.get("font-style") == ("italic" if italic else "normal")


def test_text_keeps_spaces_and_escapes_markup():
    el = one([Text(0, 10, "  1 < 2 & 3 > 2 «ok» ", "sans", 9)])
    assert el.text == "  1 < 2 & 3 > 2 «ok» "


def test_text_drops_characters_xml_cannot_hold():
    el = one([Text(0, 10, "a\x00b\x07c", "sans", 9)])
    assert el.text == "abc"


# -- groups, clips, symbols -----------------------------------------------------------------------

def test_group_transform_and_children():
    g = Group((Rect(0, 0, 1, 1, Style(fill="#000000")), Circle(0, 0, 1, Style(fill="#000000"))),
              transform=translate(5, 7))
    el = one([g])
    assert tag(el) == "g"
    assert matrix(el.get("transform")) == (1, 0, 0, 1, 5, 7)
    assert [tag(c) for c in el] == ["rect", "circle"]


def test_identity_group_has_no_transform():
    el = one([Group((Rect(0, 0, 1, 1, Style()),))])
    assert el.get("transform") is None and el.get("clip-path") is None and el.get("id") is None


def test_group_ids_are_kept():
    items = tuple(Group((), id=name) for name in ("road", "lines", "labels"))
    root = parse(Scene(10, 10, items))
    assert [el.get("id") for el in drawn(root)] == ["road", "lines", "labels"]


def test_group_ids_are_sanitized_and_unique():
    items = (Group((), id="road"), Group((), id="road"), Group((), id="tile 1/2:a"), Group((), id="3rd"))
    ids = [el.get("id") for el in drawn(parse(Scene(10, 10, items)))]
    assert ids[0] == "road"
    assert len(set(ids)) == 4
    assert all(NCNAME.match(i) for i in ids), ids


def test_group_ids_can_be_left_out():
    el = one([Group((), id="road")], ids=False)
    assert el.get("id") is None


def test_clipped_group_references_an_existing_clip_path():
    g = Group((Rect(-5, -5, 50, 50, Style(fill="#00FF00")),), transform=translate(10, 10),
              clip=Rect(0, 0, 20, 30, Style()))
    root = parse(Scene(100, 100, (g,)))
    (el,) = drawn(root)
    target = by_id(root)[ref(el.get("clip-path"))]
    assert tag(target) == "clipPath"
    assert target in list(root.find(f"{SVG}defs"))
    assert target.get("clipPathUnits") == "userSpaceOnUse"
    (shape,) = list(target)
    assert tag(shape) == "rect"
    assert [shape.get(k) for k in ("x", "y", "width", "height")] == ["0", "0", "20", "30"]
    assert matrix(el.get("transform")) == (1, 0, 0, 1, 10, 10)  # the clip is in the group's coordinates


def test_path_clip_and_shared_clips():
    tri = polygon([(0, 0), (10, 0), (5, 8)], Style())
    items = (Group((), clip=tri), Group((), clip=polygon([(0, 0), (10, 0), (5, 8)], Style(fill="#FFFFFF"))),
             Group((), clip=Rect(0, 0, 5, 5, Style())))
    root = parse(Scene(20, 20, items))
    refs = [ref(el.get("clip-path")) for el in drawn(root)]
    assert refs[0] == refs[1] != refs[2]  # the same outline is defined once
    clips = root.findall(f"{SVG}defs/{SVG}clipPath")
    assert len(clips) == 2
    assert tag(by_id(root)[refs[0]][0]) == "path"
    assert by_id(root)[refs[0]][0].get("clip-rule") == "evenodd"


def test_symbol_used_three_times_is_defined_once():
    sym = Symbol("card-back", 63, 88, (Rect(0, 0, 63, 88, Style(fill="#0A0A0A"), radius=3),))
    items = tuple(Use(sym, translate(10 + 70 * i, 10)) for i in range(3))
    root = parse(Scene(220, 110, items))
    symbols = root.findall(f".//{SVG}symbol")
    assert len(symbols) == 1
    (symbol,) = symbols
    assert symbol in list(root.find(f"{SVG}defs"))
    assert symbol.get("viewBox") == "0 0 63 88"
    assert [tag(c) for c in symbol] == ["rect"]
    uses = root.findall(f".//{SVG}use")
    assert len(uses) == 3
    for i, use in enumerate(uses):
        assert ref(use.get(XLINK_HREF)) == symbol.get("id")
        assert (use.get("width"), use.get("height")) == ("63", "88")
        assert matrix(use.get("transform")) == (1, 0, 0, 1, 10 + 70 * i, 10)


def test_symbol_ids_are_valid_and_unique():
    a = Symbol("card:back/fr", 1, 1, (Circle(0, 0, 1, Style(fill="#FF0000")),))
    b = Symbol("card back fr", 1, 1, (Circle(0, 0, 1, Style(fill="#00FF00")),))
    c = Symbol("9-lives", 1, 1, ())
    root = parse(Scene(10, 10, (Use(a), Use(b), Use(c), Use(a))))
    ids = [s.get("id") for s in root.findall(f".//{SVG}symbol")]
    assert len(ids) == 3 == len(set(ids))
    assert all(NCNAME.match(i) for i in ids), ids
    hrefs = [ref(u.get(XLINK_HREF)) for u in root.findall(f".//{SVG}use")]
    assert hrefs == [ids[0], ids[1], ids[2], ids[0]]
    # the right content behind each id, although the first two keys sanitize alike
    assert by_id(root)[hrefs[1]][0].get("fill") == "#00FF00"


def test_nested_symbols_and_clips_inside_symbols():
    inner = Symbol("dot", 2, 2, (Circle(1, 1, 1, Style(fill="#000000")),))
    outer = Symbol("card", 10, 10, (Group((Use(inner, translate(4, 4)),), clip=Rect(0, 0, 10, 10, Style())),))
    root = parse(Scene(50, 50, (Use(outer), Use(outer, translate(20, 0)), Use(inner))))
    ids = by_id(root)
    assert len(root.findall(f".//{SVG}symbol")) == 2
    for el in root.iter():
        if el.get(XLINK_HREF):
            assert tag(ids[ref(el.get(XLINK_HREF))]) == "symbol"
        if el.get("clip-path"):
            assert tag(ids[ref(el.get("clip-path"))]) == "clipPath"
    # definitions live in <defs>, not nested in one another, each after what it refers to
    defs = root.find(f"{SVG}defs")
    assert sorted(tag(el) for el in defs) == ["clipPath", "symbol", "symbol"]
    order = {id(el): i for i, el in enumerate(root.iter())}
    for el in root.iter():
        for key in (XLINK_HREF, "clip-path"):
            if el.get(key):
                assert order[id(ids[ref(el.get(key))])] < order[id(el)]


def test_transform_matrix_of_a_rotated_and_translated_use():
    sym = Symbol("token", 20, 10, ())
    t = compose(translate(50, 30), rotate(90))
    use = one([Use(sym, t)])
    assert use.get("transform") == "matrix(0 1 -1 0 50 30)"
    # a general one: the painted matrix moves points where the scene says
    t = compose(translate(12.5, 40), rotate(30), scale(0.5))
    m = matrix(one([Use(sym, t)]).get("transform"))
    assert m == pytest.approx(t, abs=1e-6)
    a, b, c, d, e, f = m
    for x, y in ((0, 0), (20, 0), (20, 10), (0, 10)):
        assert (a * x + c * y + e, b * x + d * y + f) == pytest.approx(apply(t, x, y), abs=1e-3)


# -- numbers, ids, determinism, targets -----------------------------------------------------------

@pytest.mark.parametrize("value, text", [(1, "1"), (1.0, "1"), (2.5, "2.5"), (0.1 + 0.2, "0.3"),
                                         (1 / 3, "0.333"), (-0.0001, "0"), (-0.0, "0"), (-2.25, "-2.25"),
                                         (1234.56789, "1234.568")])
def test_fmt(value, text):
    assert fmt(value) == text


def test_fmt_matrix_keeps_precision_in_the_linear_part():
    t = rotate(30)
    assert fmt_matrix(t) == "matrix(0.866025 0.5 -0.5 0.866025 0 0)"


@pytest.mark.parametrize("name", ["road", "a b", "x:y/z", "1st", "-lead", "é", ""])
def test_svg_id_is_an_ncname(name):
    assert NCNAME.match(svg_id(name))
    assert NCNAME.match(svg_id(name, "sym-"))


def busy_scene() -> Scene:
    sym = Symbol("card-front:7", 63, 88, (Rect(0, 0, 63, 88, Style(fill="#EEEEEE", stroke="#111111")),
                                          Text(5, 10, "Sept", "sans-black", 14)))
    road = Group(tuple(Line(i, 0, i + 0.5, 10, Style(stroke="#444444", dash=(1, 1))) for i in range(50)), id="road")
    labels = Group(tuple(Text(i * 3.3, 20, f"n°{i}", "sans-italic", 6) for i in range(20)), id="labels")
    clipped = Group((Circle(5, 5, 8, Style(fill="#00AA00", opacity=0.6)),), translate(100, 100),
                    clip=Rect(0, 0, 5, 5, Style()), id="corner")
    uses = tuple(Use(sym, compose(translate(200 + 70 * i, 50), rotate(90 * i))) for i in range(4))
    return Scene(594, 420, (road, labels, clipped, *uses))


def test_same_scene_gives_identical_bytes(tmp_path: FilePath):
    one_, two = tmp_path / "a.svg", tmp_path / "b.svg"
    paint_svg(busy_scene(), one_, title="board")
    paint_svg(busy_scene(), str(two), title="board")
    assert one_.read_bytes() == two.read_bytes()
    assert one_.read_bytes().decode("utf-8") == paint(busy_scene(), title="board")


def test_file_is_utf8_with_an_xml_declaration(tmp_path: FilePath):
    out = tmp_path / "t.svg"
    paint_svg(Scene(10, 10, (Text(0, 5, "Étape ß Ж", "sans", 8),)), out)
    data = out.read_bytes()
    assert data.startswith(b'<?xml version="1.0" encoding="utf-8"')
    assert "Étape ß Ж".encode("utf-8") in data
    assert ET.parse(out).getroot().find(f"{SVG}text").text == "Étape ß Ж"


def test_valid_svg_11_by_svgwrites_full_profile():
    """Every element, attribute and nesting is allowed by SVG 1.1 (svgwrite's own validator)."""
    from svgwrite.validator2 import get_validator

    validator = get_validator("full", debug=True)
    names = {XLINK_HREF: "xlink:href", XML_SPACE: "xml:space"}
    root = parse(busy_scene(), title="t")

    def check(el: ET.Element) -> None:
        attrs = {names.get(k, k): v for k, v in el.attrib.items()}
        validator.check_all_svg_attribute_values(tag(el), attrs)
        for child in el:
            validator.check_valid_children(tag(el), tag(child))
            check(child)

    check(root)


def test_every_reference_resolves_and_ids_are_unique():
    root = parse(busy_scene())
    ids = [el.get("id") for el in root.iter() if el.get("id") is not None]
    assert len(ids) == len(set(ids))
    known = set(ids)
    for el in root.iter():
        for key in (XLINK_HREF, "clip-path"):
            if el.get(key):
                assert ref(el.get(key)) in known


def test_a_real_jersey_symbol():
    from pnp.layout import jersey

    look = jersey.JerseyLook("green", "two-tone", ("#D62828", "#2A9D3F"), mark="G")
    sym = jersey.symbol(look)
    scene = Scene(100, 40, tuple(jersey.place(sym, 5 + 30 * i, 5, 25) for i in range(3)))
    root = parse(scene)
    assert len(root.findall(f".//{SVG}symbol")) == 1
    assert len(root.findall(f".//{SVG}use")) == 3
    assert root.find(f".//{SVG}symbol//{SVG}text").text == "G"
    assert matrix(root.findall(f".//{SVG}use")[1].get("transform")) == pytest.approx((0.25, 0, 0, 0.25, 35, 5))


def test_twenty_thousand_shapes_paint():
    """A big board paints (the duration is a benchmark's business, not a test's)."""
    items = tuple(Rect(i % 600, i // 600, 0.8, 0.8, Style(fill="#00FF00" if i % 2 else "#0000FF"))
                  for i in range(20_000))
    text = paint(Scene(600, 40, (Group(items, id="cells"),)))
    assert text.count("<rect ") == 20_000


# -- in a browser, when there is one ---------------------------------------------------------------

def _browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.mark.skipif(_browser() is None, reason="no Chromium on this machine")
def test_chromium_renders_it(tmp_path: FilePath):
    """Left half red, right half a blue symbol: a headless browser shows both where they belong."""
    from PIL import Image

    half = Symbol("half", 50, 50, (Rect(0, 0, 50, 50, Style(fill="#0000FF")),))
    scene = Scene(100, 50, (Rect(0, 0, 50, 50, Style(fill="#FF0000")), Use(half, translate(50, 0))))
    svg, png = tmp_path / "t.svg", tmp_path / "t.png"
    paint_svg(scene, svg)
    px = 96 / 25.4  # CSS pixels per mm
    # its own profile: two Chromiums on one profile (tests run at once) would share a session
    subprocess.run([_browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--user-data-dir={tmp_path / 'chromium-profile'}", f"--screenshot={png}", f"--window-size={math.ceil(100 * px) + 20},{math.ceil(50 * px) + 20}",
                    svg.as_uri()], check=True, capture_output=True, timeout=60)
    image = Image.open(png).convert("RGB")
    assert image.getpixel((int(25 * px), int(25 * px)))[:3] == (255, 0, 0)
    assert image.getpixel((int(75 * px), int(25 * px)))[:3] == (0, 0, 255)


def test_fonts_are_embedded_as_subsets_with_the_characters_used(tmp_path):
    import base64
    import io
    import re

    from fontTools.ttLib import TTFont

    from pnp.layout import text as textfit
    from pnp.layout.scene import Scene
    from pnp.paint.svg import paint_svg

    scene = Scene(50, 20, (textfit.line("Arrivée", 2, 10, "sans-bold", 12), textfit.line("300 m", 2, 18, "sans", 8)))
    path = tmp_path / "f.svg"
    paint_svg(scene, path)
    svg = path.read_text(encoding="utf-8")
    faces = re.findall(r"font-weight:(\d+);font-style:(\w+);src:url\(data:font/woff;base64,([A-Za-z0-9+/=]+)\)", svg)
    assert sorted(w for w, _, _ in faces) == ["400", "700"]
    for weight, _, data in faces:
        raw = base64.b64decode(data)
        assert raw[:4] == b"wOFF"
        cmap = TTFont(io.BytesIO(raw)).getBestCmap()
        wanted = "Arrivée" if weight == "700" else "300 m"
        assert all(ord(c) in cmap for c in wanted)
        assert len(cmap) < 20, "only the characters used are embedded"
