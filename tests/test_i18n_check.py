"""A translation too long for its room: a build stops with the PO line, the msgid, the component and
how much too long (exit 1), and `pnp i18n check` lists every such string at once, without building."""

from __future__ import annotations

import re
from pathlib import Path

import polib

from pnp.cli import cli

LONG = " Und dann noch sehr viel mehr Text, der ganz sicher nicht mehr auf die Karte passt."
RULE = "%(rider)s : avance, recule ou se décale d'exactement %(n)s case, sans diagonale."
BAND = "1 maillot"
NOT_YET = r"(; \d+ strings? not translated yet \(laid out in the source language\))?"
"""What a summary adds while the catalog lacks strings (laid out in French, they are not the translation's)."""


def _lengthen(game: Path) -> dict[str, int]:
    """de.po of the game copy with the riders' card rule and the one-jersey band made far too long;
    the line where each entry starts (its msgctxt or msgid)."""
    path = game / "locales" / "de.po"
    po = polib.pofile(str(path))
    for e in po:
        if e.msgid == RULE:
            for k in e.msgstr_plural:
                e.msgstr_plural[k] += LONG * 4
        elif e.msgid == BAND and not e.msgctxt:
            e.msgstr = "1 Trikot eines Fahrers, der mit seinem Trikot die ganze Karte füllt"
    po.save()
    lines = path.read_text(encoding="utf-8").splitlines()
    out = {}
    for e in polib.pofile(str(path)):
        if e.msgid in (RULE, BAND) and not e.msgctxt:
            n = e.linenum
            while not lines[n - 1].startswith(("msgctxt", "msgid")):
                n += 1
            out[e.msgid] = n
    return out


def test_a_build_names_the_po_line_the_msgid_the_component_and_how_much(game_copy, runner, tmp_path):
    lines = _lengthen(game_copy)
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--data", str(game_copy.parent), "build", "green-jersey", "--lang", "de",
                                 "--draft", "--out", str(out)])  # a draft: a string the catalog lacks is no matter
    assert result.exit_code == 1, result.output  # the translator's to fix, not an internal error (3)
    assert "internal error" not in result.output
    told = [ln for ln in result.output.splitlines() if "% too long for card face 'jersey-move' (deck movement)" in ln]
    assert told, result.output
    for ln in told:
        assert ln.startswith("error: green-jersey [de]: ") or ln.startswith("green-jersey [de]: ")
        assert re.search(r"locales/de\.po:(\d+): msgid ", ln)
    band = next(ln for ln in told if 'msgid "1 maillot"' in ln)
    assert f"de.po:{lines[BAND]}: " in band
    assert re.search(r"\d+ % too long for card face 'jersey-move' \(deck movement\), one line of 61.5 mm at 6 pt "
                     r"\([\d.]+ mm too wide\) on A4", band)
    assert not (out / "green-jersey" / "de").exists()  # nothing written


def test_check_lists_every_overflow_at_once(game_copy, runner):
    lines = _lengthen(game_copy)
    result = runner.invoke(cli, ["--data", str(game_copy.parent), "i18n", "check", "green-jersey", "--lang", "de"])
    assert result.exit_code == 1, result.output
    out = result.output.splitlines()
    rule = next(ln for ln in out if "msgid \"%(rider)s : avance" in ln)
    assert f"de.po:{lines[RULE]}: " in rule
    assert re.search(r": \d+ % too long for card face 'jersey-move' \(deck movement\), box 53.5 x 13 mm at 6.2 pt "
                     r"\([\d.]+ mm too tall\)", rule)
    band = next(ln for ln in out if 'msgid "1 maillot"' in ln)  # on the same cards: both are listed
    assert f"de.po:{lines[BAND]}: " in band and "one line of 61.5 mm" in band
    assert re.fullmatch(r"de: 2 of \d+ strings do not fit on A4 and Letter" + NOT_YET, out[-1])
    assert not (game_copy.parent.parent / "output").exists()


def test_check_of_a_catalog_that_fits_says_so_in_one_line(runner):
    result = runner.invoke(cli, ["i18n", "check", "green-jersey", "--lang", "de", "--paper", "letter"])
    assert result.exit_code == 0, result.output
    (line,) = result.output.splitlines()
    assert re.fullmatch(r"de: \d{3} strings fit on Letter" + NOT_YET, line)


def test_check_of_a_language_without_a_catalog_is_refused(runner):
    result = runner.invoke(cli, ["i18n", "check", "green-jersey", "--lang", "xx"])
    assert result.exit_code == 2 and "--lang" in result.output


def test_overflows_are_grouped_by_entry_worst_first():
    from pnp.i18n.fitcheck import explain
    from pnp.layout.rooms import Room

    po = Path(__file__).resolve().parent.parent / "data" / "green-jersey" / "locales" / "de.po"
    entry = next(e for e in polib.pofile(str(po)) if e.msgid == BAND and not e.msgctxt)
    text = entry.msgstr.upper() + " EXTRA"
    small = Room(text, 61.5, None, 6, 7.5, "sans-bold", "card face 'jersey-move' (deck movement)", 0.05,
                 "3.1 mm too wide")
    big = Room(text, 40.0, None, 6, 7.5, "sans-bold", "rulebook figure", 0.6, "24.0 mm too wide")
    other = Room("ein Text, den kein Eintrag macht", 10.0, 5.0, 6, 7, "sans", "kit cover", 0.2, "1.0 mm too tall")
    told = explain([("a4", small), ("letter", small), ("a4", big), ("a4", other)], po)
    assert [o.entry.msgid if o.entry else None for o in told] == [BAND, None]
    assert told[0].room is big and told[0].where == ["rulebook figure", "card face 'jersey-move' (deck movement)"]
    assert told[0].papers == ["a4", "letter"] and told[0].count == 2
    assert told[1].render("de.po").startswith('the text "ein Text, den kein Eintrag macht": 20 % too long for '
                                              'kit cover')


def test_a_kit_page_too_long_in_a_build_is_told_as_a_translation(game_copy, runner, tmp_path):
    path = game_copy / "locales" / "de.po"
    po = polib.pofile(str(path))
    intro = next(e for e in po if e.msgid.startswith("%(stamp)s, mis en page pour du papier"))
    intro.msgstr += LONG * 20
    po.save()
    result = runner.invoke(cli, ["--data", str(game_copy.parent), "build", "green-jersey", "--lang", "de", "--draft",
                                 "--only", "kit", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert re.search(r"de\.po:\d+: msgid \"%\(stamp\)s, mis en page pour du papier .*\": \d+ % too long for kit pages, "
                     r"box [\d.]+ x [\d.]+ mm at 6 pt \([\d.]+ mm too tall\) on A4", result.output), result.output


def test_a_cover_line_too_long_is_a_located_overflow_in_check_and_in_a_build(game_copy, runner, tmp_path):
    path = game_copy / "locales" / "de.po"
    po = polib.pofile(str(path))
    heading = next(e for e in po if e.msgid == "Contenu et impression" and not e.msgctxt)
    heading.msgstr = "Inhalt und Druck" + LONG * 3  # far wider than the page, even at 6 pt
    po.save()
    check = runner.invoke(cli, ["--data", str(game_copy.parent), "i18n", "check", "green-jersey", "--lang", "de"])
    assert check.exit_code == 1, check.output
    told = next(ln for ln in check.output.splitlines() if 'msgid "Contenu et impression"' in ln)
    assert re.search(r"de\.po:\d+: msgid \"Contenu et impression\": \d+ % too long for kit cover, one line of "
                     r"[\d.]+ mm at 6 pt \([\d.]+ mm too wide\)", told), told
    build = runner.invoke(cli, ["--data", str(game_copy.parent), "build", "green-jersey", "--lang", "de", "--draft",
                                "--only", "kit", "--out", str(tmp_path / "out")])
    assert build.exit_code == 1, build.output
    assert re.search(r"de\.po:\d+: msgid \"Contenu et impression\": \d+ % too long for kit cover, one line of "
                     r"[\d.]+ mm", build.output), build.output
    assert not (tmp_path / "out" / "green-jersey" / "de").exists()  # nothing written
