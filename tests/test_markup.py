"""Faces are templates (pnp.layout.markup): SVG markup read into the scene, pnp's own elements,
designer mistakes as located errors, the ported Green Jersey faces, determinism."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.layout import fonts
from pnp.layout.markup import MarkupError, PNP_NS, Faces, read_face
from pnp.layout.scene import (Circle, Group, Image, Line, Path as PathItem, Rect, Scene, Symbol, Text,
                              Use)

ROOT = Path(__file__).resolve().parent.parent
HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:pnp="https://pnp.invalid/ns" '
        'xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="-3 -3 69.5 94.9">')


# --- fixtures and helpers -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    """A copy of Green Jersey with a picture, an icon and an SVG picture of its own."""
    from PIL import Image as PILImage

    folder = tmp_path_factory.mktemp("markup") / "data" / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", folder)
    (folder / "images").mkdir()
    PILImage.new("RGB", (40, 20), (200, 30, 30)).save(folder / "images" / "flag.png")
    (folder / "images" / "sun.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#F2C500"/></svg>',
        encoding="utf-8")
    (folder / "icons").mkdir()
    (folder / "icons" / "wind.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><path d="M2 6h12M2 10h16M2 14h10" '
        'stroke="#1F2328" stroke-width="2" fill="none"/></svg>', encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def ctx(game):
    from pnp.layout.faces.common import CardContext
    from pnp.layout.paper import card_size
    from pnp.layout.templates import card_texts
    from pnp.model import load_game
    from pnp.paths import templates_dir

    model = load_game(game)
    return CardContext(model, card_size("poker"), 3.0, card_texts(model))


def read(ctx, body: str, head: str = HEAD) -> tuple:
    """The items of a face whose markup is ``body`` inside the usual root."""
    return read_face(f"{head}\n{body}\n</svg>", "face.svg.j2", "card test/x", ctx.model.sources.folder, ctx)


def one(ctx, body: str):
    items = read(ctx, body)
    assert len(items) == 1, items
    return items[0]


def fails(ctx, body: str, *parts: str, head: str = HEAD) -> str:
    with pytest.raises(MarkupError) as info:
        read(ctx, body, head)
    message = info.value.render()
    for part in parts:
        assert part in message, message
    return message


def template(game: Path, name: str, text: str) -> Path:
    path = game / "templates" / "faces" / f"{name}.svg.j2"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def front(ctx, name: str, deck: str = "first-player"):
    d = ctx.model.deck(deck)
    return Faces(ctx).front(name, d, d.cards[0])


def front_fails(ctx, name: str, *parts: str) -> str:
    with pytest.raises(MarkupError) as info:
        front(ctx, name)
    message = info.value.render()
    for part in parts:
        assert part in message, message
    return message


# --- SVG elements -------------------------------------------------------------------------------------


def test_rect_plain_and_round(ctx):
    r = one(ctx, '<rect x="1" y="2" width="10" height="5" fill="#ff0000"/>')
    assert r == Rect(1, 2, 10, 5, r.style) and r.style.fill == "#FF0000" and r.style.stroke is None
    r = one(ctx, '<rect x="1" y="2" width="10" height="5" rx="2" fill="red" stroke="blue" stroke-width="0.5"/>')
    assert r.radius == 2 and r.style.stroke == "#0000FF" and r.style.width == 0.5
    p = one(ctx, '<rect width="10" height="6" rx="2" ry="1"/>')
    assert isinstance(p, PathItem) and p.style.fill == "#000000"  # SVG's default fill is black


def test_circle_and_ellipse(ctx):
    assert one(ctx, '<circle cx="5" cy="6" r="2" fill="#123456"/>') == Circle(5, 6, 2, one(ctx, '<circle r="1" fill="#123456"/>').style)
    assert isinstance(one(ctx, '<ellipse cx="5" cy="6" rx="2" ry="2"/>'), Circle)
    e = one(ctx, '<ellipse cx="5" cy="6" rx="4" ry="2"/>')
    assert isinstance(e, PathItem) and e.commands[0] == ("M", 9, 6) and sum(c[0] == "C" for c in e.commands) == 4


def test_line_polyline_polygon(ctx):
    ln = one(ctx, '<line x1="0" y1="1" x2="10" y2="1" stroke="#000" stroke-width="0.3"/>')
    assert ln == Line(0, 1, 10, 1, ln.style) and ln.style.width == 0.3
    assert read(ctx, '<line x1="0" y1="1" x2="10" y2="1"/>') == ()  # no stroke: nothing to draw
    pl = one(ctx, '<polyline points="0,0 5,5 10,0" fill="none" stroke="black"/>')
    assert pl.commands == (("M", 0, 0), ("L", 5, 5), ("L", 10, 0))
    pg = one(ctx, '<polygon points="0 0 5 5 10 0"/>')
    assert pg.commands[-1] == ("Z",) and len(pg.commands) == 4


def test_path_with_arcs_relative_commands_and_quadratics(ctx):
    p = one(ctx, '<path d="M0 0 h10 v10 H0 z m5 5 l1 1 A 5 5 0 0 1 16 6 Q 20 10 24 6 S 30 0 34 6 T 40 6"/>')
    ops = [c[0] for c in p.commands]
    assert ops[:5] == ["M", "L", "L", "L", "Z"] and ops[5:7] == ["M", "L"]
    assert set(ops[7:]) == {"C"}  # the arc, the quadratic and the smooth curves became cubics
    assert p.commands[5] == ("M", 5, 5)
    arc_end = next(c for c in p.commands[7:] if c[-2:] == (16, 6))
    assert arc_end
    # sweep 1 from (6, 6) to (16, 6) on a 5 mm circle goes through y = 1 (above, y pointing down)
    ys = [c[6] for c in p.commands[7:] if c[5] <= 16]
    assert min(ys) == pytest.approx(1.0, abs=1e-6)


def test_group_transform_and_inherited_style(ctx):
    g = one(ctx, '<g transform="translate(10 5) rotate(90)" fill="#00ff00" stroke="#000" stroke-width="0.2">'
                 '<rect width="2" height="2"/><circle r="1" fill="none"/></g>')
    assert isinstance(g, Group) and g.transform == (0, 1, -1, 0, 10, 5)
    rect, circle = g.items
    assert rect.style.fill == "#00FF00" and rect.style.stroke == "#000000"
    assert circle.style.fill is None and circle.style.stroke == "#000000"


def test_style_attribute_and_display_none(ctx):
    r = one(ctx, '<rect width="2" height="2" fill="red" style="fill: #0000ff; stroke:#ff0000; stroke-width: 0.4"/>'
                 '<rect width="2" height="2" display="none"/><rect width="2" height="2" style="display:none"/>')
    assert (r.style.fill, r.style.stroke, r.style.width) == ("#0000FF", "#FF0000", 0.4)


def test_use_of_a_symbol_is_one_symbol_keyed_by_its_content(ctx):
    body = ('<defs><symbol id="dot" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#ff0000"/></symbol></defs>'
            '<use href="#dot" x="1" y="2" width="4" height="4"/><use xlink:href="#dot" x="10" y="2" width="4" height="4"/>')
    a, b = read(ctx, body)
    assert isinstance(a, Use) and a.symbol is not b.symbol and a.symbol.key == b.symbol.key
    assert a.symbol.key.startswith("sym-") and (a.symbol.width, a.symbol.height) == (4, 4)
    assert a.transform == (1, 0, 0, 1, 1, 2) and b.transform == (1, 0, 0, 1, 10, 2)
    inner = a.symbol.items[0]
    assert isinstance(inner, Group) and inner.transform[0] == pytest.approx(0.4)
    # the same symbol in another face has the same key: one PDF form for both
    again = read(ctx, body.replace('x="10"', 'x="20"'))
    assert again[0].symbol.key == a.symbol.key


def test_use_of_a_group_is_drawn_in_place(ctx):
    g = read(ctx, '<defs><g id="pair"><rect width="1" height="1"/><rect x="2" width="1" height="1"/></g></defs>'
                  '<use href="#pair" x="5" y="6"/>')
    assert len(g) == 1 and g[0].transform == (1, 0, 0, 1, 5, 6) and len(g[0].items) == 2


def test_clip_path(ctx):
    g = one(ctx, '<defs><clipPath id="c"><rect x="1" y="1" width="5" height="5"/></clipPath></defs>'
                 '<g clip-path="url(#c)"><circle cx="3" cy="3" r="4"/></g>')
    assert isinstance(g, Group) and isinstance(g.clip, Rect) and (g.clip.x, g.clip.w) == (1, 5)
    g = one(ctx, '<defs><clipPath id="c"><circle cx="3" cy="3" r="2"/></clipPath></defs>'
                 '<rect width="9" height="9" clip-path="url(#c)"/>')
    assert isinstance(g.clip, PathItem) and g.clip.commands[0] == ("M", 5, 3)


def test_opacity_and_dasharray(ctx):
    g = one(ctx, '<g opacity="0.5"><rect width="2" height="2" fill="#000" opacity="0.5"/></g>')
    assert g.style.opacity == 0.25  # a group's opacity multiplies into its shapes
    r = one(ctx, '<rect width="2" height="2" fill="none" stroke="#000" stroke-dasharray="1, 0.5" stroke-opacity="0.6"/>')
    assert r.style.dash == (1, 0.5) and r.style.opacity == 0.6
    assert one(ctx, '<rect width="2" height="2" fill="rgba(255,0,0,0.5)"/>').style.opacity == pytest.approx(0.502, abs=1e-3)
    assert one(ctx, '<line x2="5" stroke="#000" stroke-dasharray="1"/>').style.dash == (1, 1)


def test_text_with_anchors_fonts_and_tspans(ctx):
    size_mm = 4.0
    pt = size_mm / fonts.PT
    start = one(ctx, f'<text x="10" y="20" font-size="{size_mm}" fill="#111111">Sprint</text>')
    assert isinstance(start, Text) and (start.x, start.y, start.text, start.font) == (10, 20, "Sprint", "sans")
    assert start.size == pytest.approx(pt) and start.fill == "#111111"
    w = fonts.width_mm("Sprint", "sans", pt)
    mid = one(ctx, f'<text x="20" y="20" font-size="{size_mm}" text-anchor="middle">Sprint</text>')
    end = one(ctx, f'<text x="20" y="20" font-size="{size_mm}" text-anchor="end">Sprint</text>')
    assert mid.x == pytest.approx(20 - w / 2) and end.x == pytest.approx(20 - w)  # on the card (a line shrinks to stay on it)
    bold = one(ctx, '<text font-family="Fira Sans, sans-serif" font-weight="900" font-size="3">X</text>')
    assert bold.font == "sans-black"
    a, b, c = read(ctx, '<text x="0" y="5" font-size="3">  Le  <tspan font-style="italic" fill="red">maillot</tspan> vert </text>')
    assert (a.text, a.font, b.text, b.font, b.fill) == ("Le ", "sans", "maillot", "sans-italic", "#FF0000")
    assert b.x == pytest.approx(fonts.width_mm("Le ", "sans", 3 / fonts.PT))
    assert c.text == " vert"  # white space collapsed as SVG does, none at the end


def test_viewbox_is_fitted_to_the_card_with_its_bleed(ctx):
    head = HEAD.replace('viewBox="-3 -3 69.5 94.9"', 'viewBox="0 0 69.5 94.9"')
    g = read(ctx, '<rect width="1" height="1"/>', head=head)[0]
    assert isinstance(g, Group) and g.transform == (1, 0, 0, 1, -3, -3)
    head = HEAD.replace('viewBox="-3 -3 69.5 94.9"', 'viewBox="-30 -30 695 949"')
    g = read(ctx, '<rect width="10" height="10"/>', head=head)[0]
    assert g.transform[0] == pytest.approx(0.1) and g.transform[4] == pytest.approx(0)


def test_other_namespaces_and_titles_are_skipped(ctx):
    head = HEAD.replace("<svg ", '<svg xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" ')
    items = read(ctx, '<title>face</title><sodipodi:namedview/><metadata>x</metadata><rect width="1" height="1"/>',
                 head=head)
    assert len(items) == 1


# --- pnp elements ---------------------------------------------------------------------------------------


def test_pnp_text_fits_between_its_sizes(ctx):
    lines = read(ctx, '<pnp:text x="5" y="10" width="40" height="20" max-size="12" min-size="6" fill="#222222">'
                      'Distribuez les cartes et jouez le premier.</pnp:text>')
    assert all(isinstance(t, Text) and t.fill == "#222222" for t in lines)
    assert all(5 - 1e-6 <= t.x and t.x + t.width <= 45 + 1e-6 for t in lines)
    short = read(ctx, '<pnp:text x="5" y="10" width="40" height="20" max-size="12" min-size="6">Oui</pnp:text>')
    assert short[0].size == 12
    shrunk = read(ctx, '<pnp:text x="5" y="10" width="40" height="20" max-size="12" min-size="6">'
                       + "Un texte bien plus long qui ne tient pas à douze points dans la boîte. " * 2 + '</pnp:text>')
    assert 6 <= shrunk[0].size < 12
    two = read(ctx, '<pnp:text x="0" y="0" width="50" height="20" size="8" align="left" font="sans-bold">'
                    'Un<pnp:br/>Deux</pnp:text>')
    assert [t.text for t in two] == ["Un", "Deux"] and two[0].x == 0 and two[0].font == "sans-bold"


def test_pnp_text_keeps_french_no_break_rules(ctx):
    lines = read(ctx, '<pnp:text x="0" y="0" width="18" height="30" size="9" align="left">'
                      'Vraiment ? Oui : 300 m</pnp:text>')
    assert not any(t.text.startswith(("?", ":", "m")) for t in lines)


def test_pnp_jersey_of_the_game_and_of_any_pattern(ctx):
    u = one(ctx, '<pnp:jersey ref="vert" x="10" y="20" size="30"/>')
    assert isinstance(u, Use) and u.symbol.key == "jersey-green-jersey-vert"
    assert u.transform == pytest.approx((0.3, 0, 0, 0.3, 10, 20))
    over = one(ctx, '<pnp:jersey ref="vert" over="rouge" x="0" y="0" size="10"/>')
    assert over.symbol.key.endswith("-over-rouge")
    any_ = one(ctx, '<pnp:jersey pattern="polka-dot" colours="#FFFFFF rouge" mark="*" x="0" y="0" size="10"/>')
    assert isinstance(any_, Use) and any_.symbol.width == 100


def test_pnp_stamp(ctx):
    t = one(ctx, '<pnp:stamp fill="#FFFFFF"/>')
    assert isinstance(t, Text) and t.text == ctx.model.info.stamp and t.fill == "#FFFFFF"
    assert t.x + t.width / 2 == pytest.approx(ctx.w / 2) and t.y == pytest.approx(ctx.h - 2.6)


def test_pnp_icon_alone_and_inline(ctx):
    u = one(ctx, '<pnp:icon ref="wind" x="2" y="3" size="5"/>')
    assert isinstance(u, Use) and u.symbol.width == 20 and u.transform == pytest.approx((0.25, 0, 0, 0.25, 2, 3))
    items = read(ctx, '<pnp:text x="0" y="0" width="60" height="10" size="9" align="left">'
                      'Avec le :wind: dans le dos</pnp:text>')
    texts = [i for i in items if isinstance(i, Text)]
    icons = [i for i in items if isinstance(i, Use)]
    assert [t.text for t in texts] == ["Avec le ", " dans le dos"]
    assert len(icons) == 1 and icons[0].symbol.key == u.symbol.key
    x_icon = icons[0].transform[4]
    assert texts[0].x + texts[0].width < x_icon < texts[1].x
    assert "\u2003" not in "".join(t.text for t in texts)


def test_image_png_and_svg(ctx):
    im = one(ctx, '<image href="images/flag.png" x="0" y="0" width="20" height="20"/>')
    assert isinstance(im, Image) and (im.w, im.h) == (20, 10) and im.y == 5  # xMidYMid meet
    assert im.path.endswith("flag.png") and len(im.digest) == 64
    im = one(ctx, '<image href="images/flag.png" x="0" y="0" width="20" height="20" preserveAspectRatio="none"/>')
    assert (im.w, im.h) == (20, 20)
    sv = one(ctx, '<image href="images/sun.svg" x="1" y="1" width="10" height="10"/>')
    assert isinstance(sv, Use) and sv.symbol.key.startswith("pic-") and isinstance(sv.symbol.items[0], Circle)


def test_images_are_painted_in_pdf_and_svg(ctx, tmp_path):
    from pypdf import PdfReader

    from pnp.paint.pdf import paint_pdf
    from pnp.paint.svg import paint_svg

    items = read(ctx, '<image href="images/flag.png" x="0" y="0" width="20" height="10"/>')
    scene = Scene(30, 20, (*items, Use(Symbol("s", 30, 20, items))))
    paint_pdf([scene], str(tmp_path / "a.pdf"))
    page = PdfReader(str(tmp_path / "a.pdf")).pages[0]
    assert any(x.get_object()["/Subtype"] == "/Image" for x in page["/Resources"]["/XObject"].values()) or \
        "/Image" in str(PdfReader(str(tmp_path / "a.pdf")).trailer["/Root"].get_object())  # noqa: SIM300
    paint_svg(scene, tmp_path / "a.svg")
    svg = (tmp_path / "a.svg").read_text()
    assert svg.count("data:image/png;base64,") == 1 and svg.count('xlink:href="#img-') == 2


# --- designer mistakes: located errors ---------------------------------------------------------------


def test_malformed_xml_names_the_template_line_and_the_rendered_line(ctx, game):
    template(game, "broken-xml", HEAD + '\n{% set x = 2 %}\n  <rect width="{{ x }}" height="2">\n  <circle r="1"/>\n</svg>\n')
    front_fails(ctx, "broken-xml", "broken-xml.svg.j2:3: error:",
                "malformed XML: mismatched tag: <rect> of rendered line 2 is not closed (line 4, column 3)",
                'rendered line 2: <rect width="2" height="2">')
    template(game, "broken-xml", HEAD + '\n<rect width="1" height="1"/>\n<text>a & b</text>\n</svg>\n')
    front_fails(ctx, "broken-xml", "broken-xml.svg.j2:3: error:", "malformed XML: not well-formed")


def test_jinja_syntax_error_names_file_and_line(ctx, game):
    template(game, "bad-syntax", HEAD + '\n<rect width="1" height="1"/>\n{% if %}\n</svg>\n')
    front_fails(ctx, "bad-syntax", "bad-syntax.svg.j2:3: error: template syntax:")


def test_undefined_variable_names_file_and_line(ctx, game):
    template(game, "undefined", HEAD + '\n<rect width="1" height="1"/>\n<text>{{ card.nickname }}</text>\n</svg>\n')
    message = front_fails(ctx, "undefined", "undefined.svg.j2:3: error: undefined:", "nickname")
    assert message.startswith("card first-player/first-player: ")


def test_missing_included_template(ctx, game):
    template(game, "includes", HEAD + '\n{% include "faces/parts/nope.svg.j2" %}\n</svg>\n')
    front_fails(ctx, "includes", "includes.svg.j2:2: error: template not found: faces/parts/nope.svg.j2")


def test_unknown_pnp_element_and_attribute(ctx):
    fails(ctx, '<pnp:txt x="0"/>', "face.svg.j2", "unknown element <pnp:txt>", "did you mean 'text'?")
    fails(ctx, '<pnp:text x="0" y="0" width="9" height="9" size="8" colour="red">a</pnp:text>',
          "unknown attribute colour= on <pnp:text>")
    fails(ctx, '<rect pnp:size="3" width="1" height="1"/>', "unknown pnp attribute pnp:size on <rect>")
    fails(ctx, '<pnp:jersey ref="verte" x="0" y="0" size="9"/>', "unknown jersey 'verte'", "did you mean 'vert'?")
    fails(ctx, '<pnp:text x="0" y="0" width="9" height="9" size="8" font="sans-blak">a</pnp:text>',
          "unknown font 'sans-blak'", "did you mean 'sans-black'?")


def test_unbound_pnp_prefix_says_how_to_declare_it(ctx):
    fails(ctx, '<pnp:stamp/>', "unbound prefix", 'xmlns:pnp="https://pnp.invalid/ns"',
          head='<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">')


def test_missing_image_and_image_outside_the_game(ctx):
    fails(ctx, '<image href="images/nope.png" width="5" height="5"/>', "image not found: images/nope.png",
          "looked for")
    fails(ctx, '<image href="../maillot-jaune/game.yaml" width="5" height="5"/>', "leads outside the game's folder")
    fails(ctx, '<image href="/etc/passwd" width="5" height="5"/>', "is not a path inside the game's folder")
    fails(ctx, '<image href="https://example.invalid/a.png" width="5" height="5"/>', "not a path inside")
    fails(ctx, '<pnp:icon ref="wnd" x="0" y="0" size="3"/>', "unknown icon ':wnd:'", "did you mean 'wind'?")


def test_text_that_does_not_fit_names_component_language_and_template(ctx, game):
    template(game, "too-long", HEAD + '\n<pnp:text x="0" y="0" width="10" height="3" max-size="9" min-size="8">'
                                      'Beaucoup trop de mots pour une si petite boîte</pnp:text>\n</svg>\n')
    message = front_fails(ctx, "too-long", "too-long.svg.j2:2: error: [fr]", "does not fit at 8 pt")
    assert message.startswith("card first-player/first-player: ")


def test_unsupported_element_and_bad_values(ctx):
    fails(ctx, '<linearGradient id="g"/>', "unsupported SVG element <linearGradient>")
    fails(ctx, '<rect width="1" height="1" fill="url(#g)"/>', "gradients and patterns are not supported")
    fails(ctx, '<rect width="1" height="1" fill="grene"/>', "'grene' is not a colour")
    fails(ctx, '<rect width="abc" height="1"/>', "width: 'abc' is not a length")
    fails(ctx, '<g transform="rotate(30"><rect width="1" height="1"/></g>', "is not an SVG transform")
    fails(ctx, '<path d="L 5 5"/>', "path data must start with M")
    fails(ctx, '<text font-family="Comic Sans" font-size="3">a</text>', "font-family 'Comic Sans'")
    fails(ctx, '<use href="#nope"/>', "no element has id 'nope'")
    fails(ctx, '<text font-size="3">\u4e2d</text>', "has no glyph")


def test_root_must_be_svg(ctx):
    with pytest.raises(MarkupError, match="the root element is <html>, not <svg>"):
        read_face("<html/>", "face.svg.j2", "card test/x", ctx.model.sources.folder, ctx)
    with pytest.raises(MarkupError, match="the <svg> element is not in the SVG namespace"):
        read_face('<svg viewBox="0 0 1 1"/>', "face.svg.j2", "card test/x", ctx.model.sources.folder, ctx)


def test_unknown_face_names_both_places_with_did_you_mean(tmp_path):
    from pnp.cli import cli

    folder = tmp_path / "data" / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", folder)
    decks = folder / "decks.yaml"
    decks.write_text(decks.read_text().replace("face: first-player", "face: first-playr"))
    result = CliRunner().invoke(cli, ["--data", str(tmp_path / "data"), "build", "green-jersey", "--out",
                                      str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert "decks[first-player].face: unknown face layout 'first-playr': no template faces/first-playr.svg.j2 in" \
        in result.output
    assert "templates/ or " in result.output and "did you mean 'first-player'?" in result.output
    assert "internal error" not in result.output and not (tmp_path / "out").exists()


def test_a_broken_template_fails_the_build_located_and_writes_nothing(tmp_path):
    from pnp.cli import cli

    folder = tmp_path / "data" / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", folder)
    face = folder / "templates" / "faces" / "first-player.svg.j2"
    face.write_text(face.read_text().replace("{{ pole | mm }}", "{{ pole | mm }"))
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["--data", str(tmp_path / "data"), "build", "green-jersey", "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert re.search(r"first-player\.svg\.j2:\d+: error: template syntax", result.output), result.output
    assert "internal error" not in result.output and not out.exists()
    # a mistake found while drawing (an unknown jersey) is reported with the others, the build fails
    face.write_text((ROOT / "data/green-jersey/templates/faces/first-player.svg.j2").read_text()
                    .replace('<pnp:stamp fill="#FFFFFF"/>', '<pnp:jersey ref="rose" x="0" y="0" size="9"/>'))
    result = CliRunner().invoke(cli, ["--data", str(tmp_path / "data"), "build", "green-jersey", "--out", str(out),
                                      "--only", "cards"])
    assert result.exit_code == 1, result.output
    assert re.search(r"card first-player/first-player: \S*first-player\.svg\.j2:\d+: error: unknown jersey 'rose'",
                     result.output), result.output
    assert "internal error" not in result.output and not out.exists()


# --- faces, caches, the ported faces, determinism ----------------------------------------------------


def test_a_game_template_overrides_the_shared_one(ctx, game):
    from pnp.layout.markup import find

    assert find(game, "faces/game-back.svg.j2") == ROOT / "templates" / "faces" / "game-back.svg.j2"
    template(game, "game-back", HEAD + '\n<rect width="1" height="1" fill="#ABCDEF"/>\n</svg>\n')
    try:
        drawn = Faces(ctx).back("game-back")
        assert drawn.items[0].style.fill == "#ABCDEF"
    finally:
        (game / "templates" / "faces" / "game-back.svg.j2").unlink()


def test_rendered_once_per_input_and_read_once_per_markup(ctx, game):
    template(game, "counted", HEAD + '\n<rect width="{{ card.qty }}" height="1"/>\n</svg>\n')
    faces = Faces(ctx)
    deck = ctx.model.deck("movement")
    a, b = faces.front("counted", deck, deck.cards[0]), faces.front("counted", deck, deck.cards[0])
    assert a is b
    c = faces.front("counted", deck, deck.cards[1])  # another card, the same markup: the same drawing
    assert c is a and len(faces._rendered) == 2 and len(faces._parsed) == 1


def test_identical_template_faces_share_one_symbol(ctx, game):
    from pnp.layout.cards import card_arts

    template(game, "same", HEAD + '\n<rect width="5" height="5" fill="#ABCDEF"/>\n</svg>\n')
    deck = ctx.model.deck("movement").model_copy(update={"face": "same"})
    problems: list[str] = []
    arts = list(card_arts(ctx.model, ctx, [deck], problems))
    assert not problems
    assert len({a.front.key for a in arts}) == 1
    assert not arts[0].shared and all(a.shared for a in arts[1:])  # drawn in place once, then one form


def test_ported_first_player_card(ctx):
    from pnp.layout.cards import check_faces, face_items

    check_faces(ctx.model)
    deck = ctx.model.deck("first-player")
    items = face_items(ctx, deck, deck.cards[0])
    flat = _flat(items)
    texts = [t.text for t in flat if isinstance(t, Text)]
    assert texts[0] == "Premier joueur" and texts[-1] == ctx.model.info.stamp
    assert "Distribuez les cartes" in " ".join(texts)
    black = [r for r in flat if isinstance(r, Rect) and r.style.fill == "#1F2328"]
    assert len(black) == 12  # the chequered flag
    stamp = next(t for t in flat if isinstance(t, Text) and t.text == ctx.model.info.stamp)
    assert stamp.fill == "#FFFFFF"


def test_ported_back_reads_both_ways_up(ctx):
    drawn = Faces(ctx).back("game-back")
    flat = _flat(drawn.items)
    jerseys = [u for u in flat if isinstance(u, Use)]
    assert [u.symbol.key for u in jerseys] == ["jersey-green-jersey-vert"]
    turned = [g for g in drawn.items if isinstance(g, Group) and g.transform[0] == -1]
    assert len(turned) == 1 and turned[0].transform[4:] == pytest.approx((ctx.w, ctx.h))
    titles = [t.text for t in flat if isinstance(t, Text)]
    assert titles == ["GREEN JERSEY", "GREEN JERSEY"]


def test_ported_faces_are_translated(tmp_path):
    from pnp.build import BuildOptions, build_game
    from pypdf import PdfReader

    build_game(ROOT / "data" / "green-jersey", BuildOptions(out=tmp_path, lang="en", only=("cards",)))
    text = " ".join(p.extract_text() for p in PdfReader(str(tmp_path / "green-jersey" / "en" / "cards.pdf")).pages)
    assert "First player" in text and "Premier joueur" not in text


def test_cards_are_byte_identical_twice(tmp_path):
    from pnp.build import BuildOptions, build_game

    for n in (1, 2):
        build_game(ROOT / "data" / "green-jersey", BuildOptions(out=tmp_path / str(n), only=("cards",)))
    a, b = (tmp_path / str(n) / "green-jersey" / "fr" / "cards.pdf" for n in (1, 2))
    assert a.read_bytes() == b.read_bytes()


def test_namespace_is_documented_constant():
    assert PNP_NS == "https://pnp.invalid/ns"


def _flat(items) -> list:
    out = []
    for it in items:
        if isinstance(it, Group):
            out += _flat(it.items)
        else:
            out.append(it)
    return out


def test_texts_and_translations_are_escaped_for_xml(ctx, game):
    import gettext

    from pnp.i18n.context import Language
    from pnp.layout.faces.common import CardContext

    class Catalog(gettext.NullTranslations):
        def gettext(self, message):
            return {"Premier joueur": "Tom & Jerry <1>"}.get(message, message)

    template(game, "escaped", HEAD + '\n<text font-size="3">{% trans %}Premier joueur{% endtrans %} · {{ card.id }} & co</text>'
                                     '\n<text font-size="3">{{ _("Premier joueur") }}</text>\n</svg>\n')
    from pnp.i18n.context import activate

    with activate(Language("en", Catalog(), source=False)):
        faces = Faces(CardContext(ctx.model, ctx.size, ctx.bleed, None))
    # the template's own '&' is a mistake of the template (not well-formed); a translation's is text
    with pytest.raises(MarkupError, match="not well-formed"):
        front(ctx, "escaped")
    template(game, "escaped", HEAD + '\n<text font-size="3">{% trans %}Premier joueur{% endtrans %} · {{ card.id }}</text>'
                                     '\n<text font-size="3">{{ _("Premier joueur") }}</text>\n</svg>\n')
    deck = ctx.model.deck("first-player")
    a, b = faces.front("escaped", deck, deck.cards[0]).items
    assert a.text == "Tom & Jerry <1> · first-player" and b.text == "Tom & Jerry <1>"


def test_a_picture_inside_a_form_is_rendered(ctx, tmp_path):
    """A card drawn once and reused is a PDF form: its pictures must be declared in the form's resources."""
    import pypdfium2

    from pnp.paint.pdf import paint_pdf

    items = read(ctx, '<image href="images/flag.png" x="0" y="0" width="20" height="10" preserveAspectRatio="none"/>')
    sym = Symbol("card", 20, 10, items)
    paint_pdf([Scene(60, 20, (Use(sym), Use(sym, (1, 0, 0, 1, 30, 0))))], str(tmp_path / "form.pdf"))
    page = pypdfium2.PdfDocument(str(tmp_path / "form.pdf"))[0]
    image = page.render(scale=72 / 25.4 * 4 / 2.8346).to_pil().convert("RGB")
    k = image.width / 60
    for x in (10, 40):
        assert image.getpixel((int(x * k), int(5 * k))) == pytest.approx((200, 30, 30), abs=12)
    assert image.getpixel((int(25 * k), int(5 * k))) == (255, 255, 255)
