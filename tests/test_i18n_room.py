"""The room of every string: fitted texts recorded with their boxes, single lines fitted to theirs,
and every catalog entry telling its translators where it is printed and how much room it has."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pnp.cli import cli
from pnp.i18n.extract import extract
from pnp.i18n.patterns import Finder
from pnp.i18n.room import Place, capacity
from pnp.layout import rooms
from pnp.layout import text as textfit

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
WHERE = re.compile(r": (box [\d.]+ x [\d.]+ mm|one line|part of )|rulebook paragraph, flows over pages \(no limit\)"
                   r"|: room not measured \(")
"""What a comment on where a string is printed says: its box or line, or the rulebook, or why no room."""


def _key(message):
    return (message.id if isinstance(message.id, str) else message.id[0], message.context)


def comments(message) -> str:
    """A message's extracted comments as one text (a PO file wraps them over several lines)."""
    return " ".join(" ".join(message.auto_comments).split())


# --- recording ---------------------------------------------------------------------------------

def test_nothing_is_recorded_without_a_recording():
    box = textfit.Box(0, 0, 40, 10, 9, 6)
    assert rooms.active() is None
    textfit.fit("Le coureur avance.", box, "sans")
    with rooms.recording() as recorder:
        textfit.fit("Le coureur avance.", box, "sans", where="card face 'x' (deck d)")
        textfit.line("Une ligne", 0, 0, "sans", 8)
    fitted, line = recorder.rooms
    assert (fitted.text, fitted.w, fitted.h, fitted.min_size, fitted.where) == \
        ("Le coureur avance.", 40, 10, 6, "card face 'x' (deck d)")
    assert fitted.fits and not fitted.single_line
    assert line.w is None and line.single_line  # a line whose room is not measured


def test_a_text_that_does_not_fit_says_by_how_much_and_is_collected_in_a_fit_check():
    box = textfit.Box(0, 0, 20, 4, 8, 6)
    long = "Un texte beaucoup trop long pour sa petite boîte, qui déborde de plusieurs lignes."
    with pytest.raises(textfit.TextProblem) as err:
        textfit.fit(long, box, "sans")
    room = err.value.room
    assert room.over > 1 and "mm too tall" in room.detail
    assert f"({textfit.percent(room.over)} too long)" in str(err.value)
    with rooms.recording(every=False, collect=True) as recorder:
        lines = textfit.fit(long, box, "sans")  # drawn at the smallest size, the layout goes on
    assert lines and all(t.size == 6 for t in lines)
    assert [r.text for r in recorder.overflows] == [long]
    with rooms.recording(every=False, collect=True) as recorder, pytest.raises(textfit.TextProblem):
        with rooms.attempt():  # the caller has another way: no overflow of the kit
            textfit.fit(long, box, "sans")
    assert recorder.overflows == []


def test_a_single_line_shrinks_to_its_width_then_is_a_problem():
    natural = textfit.fonts.width_mm("1 MAILLOT", "sans-bold", 10)
    shrunk = textfit.fit_line("1 MAILLOT", 0, 0, "sans-bold", 10, natural * 0.8, 6)
    assert shrunk.size < 10 and shrunk.width <= natural * 0.8 + 1e-6
    assert textfit.fit_line("1 MAILLOT", 0, 0, "sans-bold", 10, natural + 1).size == 10
    with pytest.raises(textfit.TextProblem, match=r"mm too wide for its line of [\d.]+ mm \(\d+ % too long\)"):
        textfit.fit_line("1 MAILLOT", 0, 0, "sans-bold", 10, natural * 0.3, 6)


# --- SVG lines on faces --------------------------------------------------------------------------

@pytest.fixture
def ctx():
    from pnp.layout.faces.common import CardContext
    from pnp.layout.paper import Size
    from pnp.layout.templates import CARD_TEXTS, Texts
    from pnp.model import load_game

    model = load_game(ROOT / "data" / "green-jersey")
    return CardContext(model, Size("poker", 63.5, 88.9), 3.0, Texts(model.sources.folder / "templates", CARD_TEXTS))


def _face(ctx, body: str):
    from pnp.layout.markup.engine import read_face

    markup = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:pnp="https://pnp.invalid/ns" '
              f'viewBox="-3 -3 69.5 94.9">{body}</svg>')
    return read_face(markup, "faces/band.svg.j2", "card movement/single-rouge-1", None, ctx)


def _texts(items):
    from pnp.layout.scene import Group, Text

    for item in items:
        if isinstance(item, Text):
            yield item
        elif isinstance(item, Group):
            yield from _texts(item.items)


def test_a_band_line_too_wide_for_the_card_shrinks_then_is_a_located_problem(ctx):
    from pnp.layout.markup import MarkupError

    size = 4.0  # mm: 11.3 pt
    word = "1 MAILLOT DU COUREUR DE TÊTE ROUGE"
    natural = textfit.fonts.width_mm(word, "sans-bold", size / textfit.fonts.PT)
    assert 61.5 < natural < 61.5 / 0.7  # wider than the card less its edges, narrow enough to shrink
    band = f'<text x="31.75" y="10" font-size="{size}" font-weight="700" text-anchor="middle">{word}</text>'
    with rooms.recording() as recorder:
        (line,) = _texts(_face(ctx, band))
    assert line.width <= 61.5 + 1e-6 and line.size < size / textfit.fonts.PT
    (room,) = recorder.rooms
    assert room.single_line and room.w == pytest.approx(61.5) and room.where == "card face 'band' (deck movement)"
    with pytest.raises(MarkupError, match=r"\[fr\] '1 MAILLOT DU COUREUR DE TÊTE ROUGE ET VERT ET BLANC' does not fit "
                                          r"at .* pt: "
                                          r"[\d.]+ mm too wide for its line of 61.5 mm \(\d+ % too long\)"):
        _face(ctx, band.replace(word, word + " ET VERT ET BLANC"))
    given = band.replace("<text ", '<text pnp:width="75" pnp:min-size="11.3" ')  # the designer gives the room
    (line,) = _texts(_face(ctx, given))
    assert line.size == pytest.approx(size / textfit.fonts.PT)


def test_a_line_in_a_rotated_group_is_measured_along_its_baseline(ctx):
    body = ('<g transform="translate(10 44.45) rotate(-90)"><text x="0" y="0" font-size="3" text-anchor="middle">'
            'UN TITRE DE CÔTÉ</text></g>')
    with rooms.recording() as recorder:
        _face(ctx, body)
    (room,) = recorder.rooms
    assert room.w == pytest.approx(2 * (44.45 - 1.0))  # up and down the card's height, 1 mm off its edges


# --- finding strings in printed texts ------------------------------------------------------------

def test_a_printed_text_is_traced_to_its_msgid_and_its_placeholders_values():
    finder = Finder([("rule", "%(rider)s : avance d'exactement %(n)s cases.", True),
                     ("rider", "Coureur rouge", False), ("band", "1 maillot", True), ("or", "%(a)s ou %(b)s", True),
                     ("cards", "cartes", True), ("label", "%(stamp)s · %(what)s · feuille %(page)s", True)])
    found = finder.find("Coureur rouge\u00a0: avance d\u2019exactement 3 cases.")
    assert [(f.key, f.whole) for f in found] == [("rule", True), ("rider", False)]
    assert [(f.key, f.whole) for f in finder.find("1 MAILLOT")] == [("band", True)]  # a band in capitals
    assert finder.find("Rouge ou bleu, au choix") == []  # a placeholder pattern is not looked for inside texts
    label = finder.find("Green Jersey v0.6 · 3 novembre 2023 · cartes · feuille 2")
    assert {("label", True), ("cards", False)} <= {(f.key, f.whole) for f in label}
    steps = finder.find("Prenez les cartes.\nLe Coureur rouge part.")  # texts joined in one box
    assert {f.key for f in steps} == {"cards", "rider"} and not any(f.whole for f in steps)


def test_the_room_of_a_box_in_characters_grows_with_the_box():
    small = rooms.Room("x", 50, 10, 6, 8, "sans")
    assert 100 < capacity(small) < 300
    assert capacity(rooms.Room("x", 100, 10, 6, 8, "sans")) >= 2 * capacity(small) - 5
    assert capacity(rooms.Room("x", 50, 20, 6, 8, "sans")) > capacity(small)
    line = rooms.Room("x", 40, None, 6, 8, "sans")
    assert Place(line, True).describe() == f"kit pages: one line, 40 mm, about {capacity(line)} characters at 6 pt"
    assert Place(small, True).describe() == f"kit pages: box 50 x 10 mm, about {capacity(small)} characters at 6 pt"


# --- the catalogs -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """`pnp i18n extract` of every game, run on copies (the repository's catalogs are left alone)."""
    from click.testing import CliRunner

    data = tmp_path_factory.mktemp("data")
    for game in GAMES:
        shutil.copytree(ROOT / "data" / game, data / game)
    result = CliRunner().invoke(cli, ["--data", str(data), "i18n", "extract"])
    assert result.exit_code == 0, result.output
    catalogs = {}
    for game in GAMES:
        with (data / game / "locales" / "messages.pot").open("rb") as f:
            catalogs[game] = read_po(f)
    return catalogs


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_says_where_it_is_printed_and_boxed_ones_their_size(extracted, game):
    messages = [m for m in extracted[game] if m.id]
    assert messages
    for m in messages:
        assert WHERE.search(comments(m)), (m.id, m.auto_comments)
    boxed = [m for m in messages if re.search(r": box [\d.]+ x [\d.]+ mm, about \d+ characters at [\d.]+ pt",
                                              comments(m))]
    assert len(boxed) >= 20  # card faces, boards and kit pages measured in mm


def test_a_card_entry_has_its_box_and_keeps_its_hand_written_comment(extracted):
    by_key = {_key(m): m for m in extracted["green-jersey"] if m.id}
    band = comments(by_key[("1 maillot", None)])
    assert band.startswith("the band at the top of a movement card")  # the Translators: comment, kept first
    assert "card face 'jersey-move' (deck movement): one line, 61.5 mm, about " in band
    rule = by_key[("%(rider)s : avance, recule ou se décale d'exactement %(n)s case, sans diagonale.", None)]
    assert "card face 'jersey-move' (deck movement): box 53.5 x 13 mm, about " in comments(rule)
    rider = comments(by_key[("Coureur rouge", None)])  # a name, also inside the rules of its cards
    assert "card face 'jersey-move' (deck movement): part of a longer text in a box 53.5 x 13 mm" in rider
    assert comments(by_key[("But du jeu", None)]) == "rulebook paragraph, flows over pages (no limit)"


def test_pybabel_extract_writes_the_same_room_comments(tmp_path):
    import polib

    from pnp.i18n.catalogs import serialize

    folder = ROOT / "data" / "green-jersey"
    pybabel = Path(sys.executable).with_name("pybabel")
    out = tmp_path / "pybabel.pot"
    run = subprocess.run([str(pybabel), "extract", "-F", "babel.cfg", "-o", str(out), "."], cwd=folder,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    ours_file = tmp_path / "pnp.pot"
    ours_file.write_bytes(serialize(extract(folder, room=True), template=True))

    def entries(path):  # polib keeps every #. line (Babel's reader drops a line equal to an earlier one)
        return {(e.msgid, e.msgctxt): " ".join(e.comment.split()) for e in polib.pofile(str(path)) if e.msgid}

    ours, theirs = entries(ours_file), entries(out)
    assert theirs.keys() == ours.keys()
    for key, comment in ours.items():
        assert comment and comment in theirs[key], key  # shared-template strings add their source


CATALOGS = sorted((ROOT / "data").glob("*/locales/*.po")) + sorted((ROOT / "templates" / "locales").glob("*.po"))


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_entry_of_every_catalog_in_the_repository_has_a_translator_comment(po):
    """What translators open in Poedit or Weblate: the committed catalogs, not only a fresh extraction."""
    import polib

    entries = [e for e in polib.pofile(str(po)) if not e.obsolete]
    assert entries
    bare = [e.msgid for e in entries if not e.comment.strip()]
    assert not bare, f"{po}: {len(bare)} entries without a translator comment, e.g. {bare[:3]} (pnp i18n update)"
    if po.parent.parent.parent.name == "data":
        assert sum(bool(WHERE.search(" ".join(e.comment.split()))) for e in entries) == len(entries)
