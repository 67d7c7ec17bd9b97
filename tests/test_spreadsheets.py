"""Card lists as designers' spreadsheet programs save them.

CSV in Windows-1252, UTF-16 or UTF-8 with a byte order mark, `;` or tab separators, quoted cells
with line breaks; .xlsx and .ods workbooks and their sheets (`cards: cards.xlsx#Sheet`); and what
must be a clean, located error (undecodable bytes, a NUL, a folder or a device named as the card
list, a file over the size limit, a missing sheet). Through the CLI no run may end in an internal
error (exit 3).

The workbooks are written here with zipfile (the smallest valid .xlsx and .ods, formulas with
their saved values); tests/fixtures/openpyxl.xlsx is one written by openpyxl (shared strings,
dates), read as it is.
"""

from __future__ import annotations

import csv
import io
import os
import stat
import re
import shutil
import zipfile
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import pytest
from click.testing import CliRunner, Result

from pnp.cli import cli
from pnp.errors import DataErrors, Location
from pnp.load import SourceError, load_csv, load_table
from pnp.load import source_file
from pnp.load.source_file import SAVE_AS_UTF8, detect_encoding

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
TDF = "tour-de-france-mb"  # its risque.csv has accents, numbers, empty cells and a text field


# --- helpers ------------------------------------------------------------------------------


def _risk_cards_line() -> int:
    """The line of decks.yaml where MB's risk deck names its card list (the tests move it)."""
    from pnp.paths import data_dir

    lines = (data_dir() / "tour-de-france-mb" / "decks.yaml").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.strip() == "cards: risque.csv")


RISK_CARDS_LINE = _risk_cards_line()


def copy_game(tmp_path: Path, game: str = TDF) -> Path:
    dest = tmp_path / "data" / game
    shutil.copytree(ROOT / "data" / game, dest)
    return dest


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def run(game: Path, command: str = "check", *extra: str) -> Result:
    result = CliRunner().invoke(cli, ["--data", str(game.parent), command, game.name, *extra])
    assert result.exit_code != 3 and "internal error" not in result.output, result.output
    return result


def build_cards(game: Path, out: Path) -> bytes:
    result = run(game, "build", "--only", "cards", "--out", str(out))
    assert result.exit_code == 0, result.output
    return (out / game.name / "fr" / "cards.pdf").read_bytes()


def assert_fails_with(result: Result, count: int) -> str:
    """A clean failure: exit 1, no traceback, ``count`` errors; the output."""
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    noun = "error" if count == 1 else "errors"
    assert re.search(rf"^{count} {noun}[.;]", result.output, re.MULTILINE), result.output
    return result.output


def error_at(output: str, place: str, *parts: str) -> str:
    """The one error line starting with ``place`` (``file:line``) that holds every part."""
    found = [m for m in re.findall(rf"(?:^|[/\\]){re.escape(place)}: error: (.*)$", output, re.MULTILINE)
             if all(p in m for p in parts)]
    assert len(found) == 1, f"no single error at {place} with {parts} in:\n{output}"
    return found[0]


def csv_rows(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.reader(f))


def as_cell(text: str) -> Any:
    """A CSV cell as a spreadsheet program stores it: numbers as numbers (3 -> 3.0), empty as nothing."""
    if text == "":
        return None
    if re.fullmatch(r"-?\d+", text):
        return float(text)
    return text


def _col(n: int) -> str:
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def _xlsx_cell(ref: str, value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, tuple):  # (formula, value saved with it)
        formula, saved = value
        if isinstance(saved, str):
            return f'<c r="{ref}" t="str"><f>{escape(formula)}</f><v>{escape(saved)}</v></c>'
        return f'<c r="{ref}"><f>{escape(formula)}</f><v>{saved}</v></c>'
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, (int, float)):
        return f'<c r="{ref}"><v>{value!r}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{escape(value)}</t></is></c>'


def write_xlsx(path: Path, sheets: dict[str, list[list[Any]]]) -> Path:
    """The smallest .xlsx holding ``sheets`` (rows of str, float, bool, None, or (formula, value))."""
    head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    pkg = "http://schemas.openxmlformats.org/package/2006/relationships"
    names = list(sheets)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", head
                   + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                   '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                   '<Default Extension="xml" ContentType="application/xml"/>'
                   '<Override PartName="/xl/workbook.xml" ContentType="application/'
                   'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
                   + "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/'
                             'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                             for i in range(1, len(names) + 1)) + "</Types>")
        z.writestr("_rels/.rels", head + f'<Relationships xmlns="{pkg}"><Relationship Id="rId1" '
                   f'Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
        z.writestr("xl/workbook.xml", head + f'<workbook xmlns="{main}" xmlns:r="{rel}"><sheets>'
                   + "".join(f'<sheet name={quoteattr(n)} sheetId="{i}" r:id="rId{i}"/>'
                             for i, n in enumerate(names, 1)) + "</sheets></workbook>")
        z.writestr("xl/_rels/workbook.xml.rels", head + f'<Relationships xmlns="{pkg}">'
                   + "".join(f'<Relationship Id="rId{i}" Type="{rel}/worksheet" Target="worksheets/sheet{i}.xml"/>'
                             for i in range(1, len(names) + 1)) + "</Relationships>")
        for i, name in enumerate(names, 1):
            body = "".join(f'<row r="{r}">' + "".join(_xlsx_cell(f"{_col(c)}{r}", v) for c, v in enumerate(row, 1))
                           + "</row>" for r, row in enumerate(sheets[name], 1) if any(v is not None for v in row))
            z.writestr(f"xl/worksheets/sheet{i}.xml",
                       head + f'<worksheet xmlns="{main}"><sheetData>{body}</sheetData></worksheet>')
    return path


def _ods_cell(value: Any) -> str:
    if value is None:
        return "<table:table-cell/>"
    if isinstance(value, tuple):
        formula, saved = value
        return (f'<table:table-cell table:formula={quoteattr("of:" + formula)} office:value-type="float" '
                f'office:value="{saved}"><text:p>{saved}</text:p></table:table-cell>')
    if isinstance(value, bool):
        return (f'<table:table-cell office:value-type="boolean" office:boolean-value="{str(value).lower()}">'
                f"<text:p>{value}</text:p></table:table-cell>")
    if isinstance(value, (int, float)):
        return (f'<table:table-cell office:value-type="float" office:value="{value!r}">'
                f"<text:p>{value}</text:p></table:table-cell>")
    paragraphs = "".join(f"<text:p>{escape(p)}</text:p>" for p in value.split("\n"))
    return f'<table:table-cell office:value-type="string">{paragraphs}</table:table-cell>'


def write_ods(path: Path, sheets: dict[str, list[list[Any]]]) -> Path:
    """The smallest .ods holding ``sheets`` (as write_xlsx)."""
    ns = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
    tables = "".join(f"<table:table table:name={quoteattr(name)}>"
                     + "".join("<table:table-row>" + "".join(_ods_cell(v) for v in row) + "</table:table-row>"
                               for row in rows) + "</table:table>" for name, rows in sheets.items())
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet", compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/manifest.xml", '<?xml version="1.0" encoding="UTF-8"?>\n'
                   '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
                   'manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type='
                   '"application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry '
                   'manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
        z.writestr("content.xml", f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {ns} '
                   f'office:version="1.2"><office:body><office:spreadsheet>{tables}</office:spreadsheet>'
                   "</office:body></office:document-content>")
    return path


def workbook_of(game: Path, writer=write_xlsx, suffix: str = ".xlsx") -> Path:
    """Both card lists of tour-de-france-mb as the sheets Course and Risque of one workbook, which
    decks.yaml then names; the CSV files are removed."""
    book = game / f"cartes{suffix}"
    writer(book, {sheet: [[as_cell(c) for c in row] for row in csv_rows(game / f"{sheet.lower()}.csv")]
                  for sheet in ("Course", "Risque")})
    for sheet in ("Course", "Risque"):
        (game / f"{sheet.lower()}.csv").unlink()
        replace(game / "decks.yaml", f"cards: {sheet.lower()}.csv", f"cards: {book.name}#{sheet}")
    return book


@pytest.fixture(scope="module")
def reference_cards(tmp_path_factory) -> bytes:
    """cards.pdf of tour-de-france-mb built from its own CSV files."""
    tmp = tmp_path_factory.mktemp("reference")
    return build_cards(copy_game(tmp), tmp / "out")


# --- encodings ----------------------------------------------------------------------------

ACCENTS = "id,name,text\nechappee,Échappée,l’étape – « sprint » à 3 €\ncote,Côte,Größe\n"


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8", "utf-8-sig", "utf-16", "utf-16-le-bom", "utf-16-be-bom"])
def test_accents_read_right_in_every_encoding(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "cards.csv"
    if encoding.endswith("-bom"):
        codec = encoding.removesuffix("-bom")
        path.write_bytes("\ufeff".encode(codec) + ACCENTS.encode(codec))
    else:
        path.write_bytes(ACCENTS.encode(encoding))
    rows = load_csv(path, "cards.csv")
    assert [dict(r) for r in rows] == [
        {"id": "echappee", "name": "Échappée", "text": "l’étape – « sprint » à 3 €"},
        {"id": "cote", "name": "Côte", "text": "Größe"},
    ]
    assert [r.loc for r in rows] == [Location("cards.csv", 2, 1), Location("cards.csv", 3, 1)]


def test_latin1_without_windows_characters_reads_right(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_bytes("id,name\nc1,Prix de la combativité\n".encode("latin-1"))
    assert load_csv(path)[0]["name"] == "Prix de la combativité"


def test_the_decision_is_the_same_every_time() -> None:
    data = ("id,name\n" + "".join(f"c{i},Échappée numéro {i}\n" for i in range(200))).encode("cp1252")
    assert {detect_encoding(data) for _ in range(3)} == {"cp1252"}
    assert detect_encoding(ACCENTS.encode("utf-8")) == "utf-8-sig"
    assert detect_encoding("Привет мир, велосипед".encode("cp1251")) is None


@pytest.mark.parametrize(("encoding", "variant"), [
    ("cp1252", ","), ("utf-16", ","), ("utf-8-sig", ","), ("cp1252", ";"), ("utf-8", "\t"), ("utf-8", "sep=;"),
], ids=["windows-1252", "utf-16", "utf-8-bom", "semicolons-windows-1252", "tabs", "excel-sep-line"])
def test_a_card_list_saved_otherwise_builds_the_same_cards(tmp_path: Path, reference_cards: bytes,
                                                           encoding: str, variant: str) -> None:
    game = copy_game(tmp_path)
    path = game / "risque.csv"
    rows = csv_rows(path)
    out = io.StringIO(newline="")
    if variant.startswith("sep="):
        out.write(variant + "\r\n")
    csv.writer(out, delimiter=variant[-1], lineterminator="\r\n").writerows(rows)
    path.write_bytes(out.getvalue().encode(encoding))
    assert build_cards(game, tmp_path / "out") == reference_cards


def test_undecodable_bytes_are_refused_at_their_line_with_how_to_save_as_utf8(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    path = game / "risque.csv"
    lines = path.read_bytes().split(b"\n")
    lines[3] += b",\x81\x8d\x8f\x90\x9d"  # undefined in Windows-1252, control characters in Latin-1
    path.write_bytes(b"\n".join(lines))
    output = assert_fails_with(run(game), 1)
    message = error_at(output, "risque.csv:4", "neither UTF-8 nor Windows-1252/Latin-1", "byte 0x81")
    assert SAVE_AS_UTF8 in message


def test_another_legacy_encoding_is_refused_rather_than_garbled(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_bytes("id,name\nc1,bike\nc2,Привет велосипед\n".encode("cp1251"))
    with pytest.raises(DataErrors) as exc_info:
        load_csv(path, "cards.csv")
    (err,) = exc_info.value.errors
    assert err.location.line == 3
    assert err.hint == SAVE_AS_UTF8


def test_a_file_mixing_utf8_and_windows_1252_is_refused_at_the_first_foreign_line(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_bytes("id,name\nc1,Échappée\n".encode() + "c2,Côte\n".encode("cp1252"))
    with pytest.raises(DataErrors) as exc_info:
        load_csv(path, "cards.csv")
    (err,) = exc_info.value.errors
    assert err.location == Location("cards.csv", 3, 5)
    assert "mixes UTF-8 and another encoding" in err.message


def test_a_nul_byte_is_refused_at_its_line(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    path = game / "risque.csv"
    lines = path.read_bytes().split(b"\n")
    lines[4] = lines[4].replace(b"favourable", b"favour\0able")
    path.write_bytes(b"\n".join(lines))
    output = assert_fails_with(run(game), 1)
    error_at(output, "risque.csv:5", "NUL character", SAVE_AS_UTF8)


def test_utf16_without_byte_order_mark_is_refused_with_a_hint(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_bytes(ACCENTS.encode("utf-16-le"))
    with pytest.raises(DataErrors) as exc_info:
        load_csv(path, "cards.csv")
    (err,) = exc_info.value.errors
    assert err.location.line == 1
    assert "NUL" in err.message and "UTF-16 without a byte order mark" in err.hint


def test_a_workbook_named_as_a_csv_file_is_refused(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "cards.csv", {"Sheet1": [["id"], ["c1"]]})
    with pytest.raises(DataErrors) as exc_info:
        load_csv(path, "cards.csv")
    (err,) = exc_info.value.errors
    assert "workbook" in err.message and ".xlsx" in err.hint


# --- separators and quoted cells ------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("id;name;qty\nc1;a, b;2\n", {"id": "c1", "name": "a, b", "qty": "2"}),
    ("id\tname\tqty\nc1\ta;b, c\t2\n", {"id": "c1", "name": "a;b, c", "qty": "2"}),
    ('"id";"name, long";qty\nc1;x,y;2\n', {"id": "c1", "name, long": "x,y", "qty": "2"}),
    ('id,"name; long",qty\nc1,x;y,2\n', {"id": "c1", "name; long": "x;y", "qty": "2"}),
    ("# a; comment; first\nid;name\nc1;x\n", {"id": "c1", "name": "x"}),
    ("sep=;\nid;name\nc1;x,y\n", {"id": "c1", "name": "x,y"}),
    ("id\nc1\n", {"id": "c1"}),
], ids=["semicolon", "tab", "quoted-comma-in-header", "quoted-semicolon-in-header", "comment-first",
        "excel-sep", "one-column"])
def test_the_separator_is_found_from_the_header(tmp_path: Path, text: str, expected: dict) -> None:
    path = tmp_path / "cards.csv"
    path.write_text(text, encoding="utf-8")
    (row,) = load_csv(path, "cards.csv")
    assert dict(row) == expected


def test_semicolon_card_list_through_the_cli_gives_no_error(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    path = game / "risque.csv"
    path.write_text(path.read_text(encoding="utf-8").replace(",", ";"), encoding="utf-8")
    result = run(game)
    assert result.exit_code == 0, result.output
    assert f"{TDF}: 0 errors" in result.output


def test_a_quoted_cell_with_a_line_break_is_one_card_and_later_lines_stay_right(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    path = game / "risque.csv"
    text = path.read_text(encoding="utf-8")
    text = text.replace("Second souffle,", '"Second\r\nsouffle",', 1)  # line 4 spans lines 4 and 5
    text = text.replace("combativity,,3", "combativity,abc,3", 1)  # the next card: line 6
    path.write_text(text, encoding="utf-8")
    output = assert_fails_with(run(game), 1)
    error_at(output, "risque.csv:6", "combativite", "value", "'abc'")

    rows = load_csv(path, "risque.csv")
    souffle = next(r for r in rows if r["id"] == "second-souffle")
    assert souffle["name"] == "Second\nsouffle"
    assert souffle.where() == Location("risque.csv", 4, 1)
    assert rows[rows.index(souffle) + 1].where("value") == Location("risque.csv", 6, 6)
    assert len(rows) == len(csv_rows(path)) - 1


def test_an_unclosed_quote_is_an_error_at_its_row(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_text('id,name\nc1,x\nc2,"open\nc3,y\n', encoding="utf-8")
    with pytest.raises(DataErrors) as exc_info:
        load_csv(path, "cards.csv")
    (err,) = exc_info.value.errors
    assert err.location.line == 3
    assert "never closed" in err.message


def test_a_quote_left_open_in_the_middle_does_not_swallow_rows_silently(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_text('id,name\nc1,x\nc2,"open\nc3,y\nc4,"z"\nc5,w\n', encoding="utf-8")
    with pytest.raises(DataErrors) as exc_info:
        load_csv(path, "cards.csv")
    (err,) = exc_info.value.errors
    assert err.location == Location("cards.csv", 3, 1)
    assert "runs on to line 5" in err.message and "quote" in err.hint


# --- safety of the read ---------------------------------------------------------------------


def test_a_folder_named_as_the_card_list_is_an_error_at_the_cards_entry(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    (game / "folder.csv").mkdir()
    replace(game / "decks.yaml", "cards: risque.csv", "cards: folder.csv")
    output = assert_fails_with(run(game, "build", "--out", str(tmp_path / "out")), 1)
    error_at(output, f"decks.yaml:{RISK_CARDS_LINE}", "decks[1].cards", "card list 'folder.csv' is a folder, not a file")
    assert not (tmp_path / "out").exists()


def test_a_device_named_as_the_card_list_is_refused_without_reading_it(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    game = copy_game(tmp_path)
    replace(game / "decks.yaml", "cards: risque.csv", "cards: /dev/zero")
    output = assert_fails_with(run(game), 1)
    error_at(output, f"decks.yaml:{RISK_CARDS_LINE}", "card list '/dev/zero' is not a path inside the game's folder")
    # a device inside the folder (made here as the node of /dev/zero, where the system allows it)
    try:
        os.mknod(game / "zero.csv", 0o600 | stat.S_IFCHR, os.makedev(1, 5))
    except (PermissionError, OSError):
        return
    replace(game / "decks.yaml", "cards: /dev/zero", "cards: zero.csv")
    output = assert_fails_with(run(game), 1)
    error_at(output, f"decks.yaml:{RISK_CARDS_LINE}", "card list 'zero.csv' is a device, not a file")


def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    game = copy_game(tmp_path)
    os.mkfifo(game / "pipe.csv")
    replace(game / "decks.yaml", "cards: risque.csv", "cards: pipe.csv")
    output = assert_fails_with(run(game), 1)
    error_at(output, f"decks.yaml:{RISK_CARDS_LINE}", "card list 'pipe.csv' is a named pipe (FIFO), not a file")


def test_a_file_over_the_size_limit_is_refused_saying_the_limit(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(source_file, "MAX_BYTES", 100)
    game = copy_game(tmp_path)
    output = assert_fails_with(run(game), 2)  # both card lists are over 100 bytes
    message = error_at(output, "risque.csv", "more than the 100 bytes a data file may be")
    assert f"the file is {(game / 'risque.csv').stat().st_size} bytes" in message


def test_the_size_limit_is_20_mb() -> None:
    assert source_file.MAX_BYTES == 20 * 1024 * 1024
    assert source_file.size_text(source_file.MAX_BYTES) == "20 MB"


def test_a_missing_card_list_names_the_workbooks_too(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    workbook_of(game)
    replace(game / "decks.yaml", "cards: cartes.xlsx#Risque", "cards: carte.xlsx#Risque")
    output = assert_fails_with(run(game), 1)
    error_at(output, f"decks.yaml:{RISK_CARDS_LINE}", "card list 'carte.xlsx#Risque' not found", "did you mean 'cartes.xlsx'?")


# --- workbooks ------------------------------------------------------------------------------


def test_a_sheet_is_read_as_records_located_at_sheet_row_and_column(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "cards.xlsx", {"Movement": [
        [None, None, None, None],
        ["# a comment row", None, None, None],
        ["id", "kind", "distance", "text"],
        ["c1", "single", 3.0, None],
        [None, None, None, None],
        ["c2", True, ("C4*2", 6.0), "Deux\nlignes"],
        ["c3", "pair", 2.5, ("UPPER(B4)", "SINGLE")],
    ], "Other": [["id"], ["x"]]})
    rows = load_table(path, "cards.xlsx")
    assert [dict(r) for r in rows] == [
        {"id": "c1", "kind": "single", "distance": "3"},
        {"id": "c2", "kind": "true", "distance": "6", "text": "Deux\nlignes"},
        {"id": "c3", "kind": "pair", "distance": "2.5", "text": "SINGLE"},
    ]
    assert [r.where() for r in rows] == [Location("cards.xlsx[Movement]", n, 1) for n in (4, 6, 7)]
    assert rows[1].where("distance") == Location("cards.xlsx[Movement]", 6, 3)
    assert "text" not in rows[0].key_locs


def test_a_sheet_by_name(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "cards.xlsx", {"First": [["id"], ["a"]], "Second": [["id"], ["b"]]})
    assert [r["id"] for r in load_table(tmp_path / "cards.xlsx#Second", "cards.xlsx#Second")] == ["b"]
    assert load_table(tmp_path / "cards.xlsx#Second", "cards.xlsx#Second")[0].loc.file == "cards.xlsx[Second]"
    assert [r["id"] for r in load_table(path)] == ["a"]  # the first sheet by default


def test_a_workbook_written_by_openpyxl(tmp_path: Path) -> None:
    rows = load_table(FIXTURES / "openpyxl.xlsx", "openpyxl.xlsx")
    assert [dict(r) for r in rows] == [
        {"id": "échappée", "kind": "single", "distance": "3", "bonus": "2.5", "text": "Deux\nlignes",
         "day": "2024-07-21"},
        {"id": "sprint", "kind": "pair", "distance": "12", "text": "Vélo"},
        {"id": "bool", "kind": "x", "distance": "true", "bonus": "1e-05", "day": "2024-07-21 14:30:00"},
    ]
    assert [r.loc.line for r in rows] == [3, 5, 6]
    assert load_table(FIXTURES / "openpyxl.xlsx#Riders", "x")[0]["rider"] == "rouge"


def test_an_ods_sheet_reads_like_an_xlsx_one(tmp_path: Path) -> None:
    sheets = {"Cartes": [["id", "kind", "distance"], ["c1", "single", 3.0], ["c2", None, ("[.C1]*2", 6)]]}
    xlsx = load_table(write_xlsx(tmp_path / "c.xlsx", sheets), "c")
    ods = load_table(write_ods(tmp_path / "c.ods", sheets), "c")
    assert [dict(r) for r in ods] == [dict(r) for r in xlsx] == [
        {"id": "c1", "kind": "single", "distance": "3"}, {"id": "c2", "distance": "6"}]
    assert [r.loc for r in ods] == [Location("c[Cartes]", 2, 1), Location("c[Cartes]", 3, 1)]


def test_a_value_past_the_last_named_column_names_its_column(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "cards.xlsx", {"S": [["id", "kind"], ["c1", "single", None, "oops"]]})
    with pytest.raises(DataErrors) as exc_info:
        load_table(path, "cards.xlsx")
    (err,) = exc_info.value.errors
    assert err.location == Location("cards.xlsx[S]", 2, 1)
    assert "column D" in err.message


@pytest.mark.parametrize("writer,suffix", [(write_xlsx, ".xlsx"), (write_ods, ".ods")], ids=["xlsx", "ods"])
def test_a_workbook_builds_the_same_cards_as_the_csv_files(tmp_path: Path, reference_cards: bytes,
                                                           writer, suffix: str) -> None:
    game = copy_game(tmp_path)
    workbook_of(game, writer, suffix)
    assert not list(game.glob("*.csv"))
    assert build_cards(game, tmp_path / "out") == reference_cards


def test_errors_in_a_sheet_name_the_sheet_row_and_field(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    book = workbook_of(game)
    sheets = {"Course": [[as_cell(c) for c in row] for row in csv_rows(ROOT / "data" / TDF / "course.csv")],
              "Risque": [[as_cell(c) for c in row] for row in csv_rows(ROOT / "data" / TDF / "risque.csv")]}
    sheets["Risque"][4][5] = "abc"  # row 5: combativite's value
    write_xlsx(book, sheets)
    output = assert_fails_with(run(game), 1)
    error_at(output, "cartes.xlsx[Risque]:5", "combativite", "value", "'abc'")


def test_a_missing_sheet_lists_the_sheets_with_a_did_you_mean(tmp_path: Path) -> None:
    game = copy_game(tmp_path)
    workbook_of(game)
    replace(game / "decks.yaml", "cards: cartes.xlsx#Risque", "cards: cartes.xlsx#Risques")
    output = assert_fails_with(run(game), 1)
    error_at(output, f"decks.yaml:{RISK_CARDS_LINE}", "decks[1].cards", "card list 'cartes.xlsx#Risques' has no sheet 'Risques'",
             "did you mean 'Risque'?", "Course, Risque")

    with pytest.raises(SourceError) as exc_info:
        load_table(game / "cartes.xlsx#Nope", "cartes.xlsx#Nope")
    assert exc_info.value.hint == "its sheets: Course, Risque"


@pytest.mark.parametrize("content", [b"id,kind\nc1,single\n", b"PK\x03\x04 broken", b""],
                         ids=["csv-renamed", "broken-zip", "empty"])
def test_a_file_that_is_not_a_workbook_is_a_clean_error(tmp_path: Path, content: bytes) -> None:
    game = copy_game(tmp_path)
    (game / "risque.xlsx").write_bytes(content)
    replace(game / "decks.yaml", "cards: risque.csv", "cards: risque.xlsx")
    output = assert_fails_with(run(game), 1)
    error_at(output, "risque.xlsx", "cannot be read as an Excel workbook (.xlsx)")


def _with_far_value(path: Path, part: str, old: bytes, new: bytes) -> Path:
    with zipfile.ZipFile(path) as z:
        files = {n: z.read(n) for n in z.namelist()}
    assert files[part].count(old) == 1
    files[part] = files[part].replace(old, new)
    with zipfile.ZipFile(path, "w") as z:
        for n, b in files.items():
            z.writestr(n, b)
    return path


def test_a_stray_value_far_from_the_table_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """calamine makes a table from A1 to the last value: XFD1048576 would abort the process."""
    xlsx = _with_far_value(write_xlsx(tmp_path / "far.xlsx", {"S": [["id"], ["a"]]}), "xl/worksheets/sheet1.xml",
                           b"</sheetData>", b'<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>')
    ods = _with_far_value(write_ods(tmp_path / "far.ods", {"S": [["id"], ["a"]]}), "content.xml", b"</table:table>",
                          b'<table:table-row table:number-rows-repeated="1048573"><table:table-cell/></table:table-row>'
                          b'<table:table-row><table:table-cell table:number-columns-repeated="16383"/>'
                          b'<table:table-cell office:value-type="float" office:value="1"><text:p>1</text:p>'
                          b"</table:table-cell></table:table-row></table:table>")
    for path, cell in ((xlsx, "XFD1048576"), (ods, "XFD1048576")):
        with pytest.raises(DataErrors) as exc_info:
            load_table(path, path.name)
        (err,) = exc_info.value.errors
        assert err.location == Location(f"{path.name}[S]")
        assert f"last value is in cell {cell}" in err.message and "Ctrl+End" in err.hint


def test_an_empty_sheet_is_an_error(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "cards.xlsx", {"S": [[None]]})
    with pytest.raises(DataErrors) as exc_info:
        load_table(path, "cards.xlsx")
    (err,) = exc_info.value.errors
    assert err.location == Location("cards.xlsx[S]") and err.message == "empty sheet"


def test_a_csv_file_may_have_a_hash_in_its_name(tmp_path: Path) -> None:
    path = tmp_path / "cards#1.csv"
    path.write_text("id\nc1\n", encoding="utf-8")
    assert load_table(path, "cards#1.csv")[0]["id"] == "c1"


def test_a_workbook_s_card_texts_are_offered_for_translation_as_the_csv_s(tmp_path: Path) -> None:
    from pnp.i18n.data import data_strings

    csv_game = copy_game(tmp_path / "csv", "tour-de-france-quiz")
    book_game = copy_game(tmp_path / "book", "tour-de-france-quiz")
    decks = (book_game / "decks.yaml").read_text(encoding="utf-8")
    lists = sorted(set(re.findall(r"cards: (\w+)\.csv", decks)))
    assert lists, "the quiz reads its card lists from CSV files"
    book = write_xlsx(book_game / "cartes.xlsx", {name: [[as_cell(c) for c in row]
                                                        for row in csv_rows(book_game / f"{name}.csv")]
                                                  for name in lists})
    for name in lists:
        (book_game / f"{name}.csv").unlink()
        replace(book_game / "decks.yaml", f"cards: {name}.csv", f"cards: {book.name}#{name}")
    texts = {s.text for s in data_strings(csv_game)}
    assert len(texts) > 50
    assert {s.text for s in data_strings(book_game)} == texts
