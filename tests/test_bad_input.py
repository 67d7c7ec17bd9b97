"""Bad input, one test per kind, through the CLI: `pnp --data <tmp>/data build green-jersey --out <tmp>/out`.

Every failure must exit with code 1, name the file and line, name the field, give a hint,
show no traceback, and leave the output folder alone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pnp.cli import cli


# --- helpers ------------------------------------------------------------------------------


def replace(path: Path, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in ``path`` (fails if it is not there exactly once)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def out_dir(game_copy: Path) -> Path:
    return game_copy.parent.parent / "out"


def build(runner: CliRunner, game_copy: Path, command: str = "build") -> Result:
    args = ["--data", str(game_copy.parent), command, "green-jersey"]
    if command == "build":
        args += ["--out", str(out_dir(game_copy))]
    return runner.invoke(cli, args)


def errors_at(output: str, file: str, line: int | None) -> list[str]:
    """The messages of the error lines that start with ``file:line`` (or ``file`` alone)."""
    place = re.escape(file) + (f":{line}" if line is not None else "")
    return re.findall(rf"(?:^|[/\\]){place}: error: (.*)$", output, re.MULTILINE)


def assert_error_at(output: str, file: str, line: int | None, *parts: str) -> str:
    """Exactly one error at file:line holds every part (field, message, hint); return it."""
    found = [m for m in errors_at(output, file, line) if all(p in m for p in parts)]
    assert len(found) == 1, f"no single error at {file}:{line} with {parts} in:\n{output}"
    return found[0]


def assert_clean_failure(result: Result, game_copy: Path, count: int) -> None:
    """Exit 1, a message (no traceback, no internal error), the error count, nothing written."""
    output = result.output
    assert result.exit_code == 1, output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in output
    assert "internal error" not in output
    noun = "error" if count == 1 else "errors"
    # `build` says it wrote nothing; `check` never writes
    assert f"{count} {noun}; nothing was written." in output or f"\n{count} {noun}.\n" in output
    tmp = game_copy.parent.parent
    assert not out_dir(game_copy).exists(), sorted(out_dir(game_copy).rglob("*"))
    assert not list(tmp.glob(".pnp-staging-*"))


def add_qty_column(csv_path: Path, qty_of_line: dict[int, str]) -> None:
    """Add a qty column to a CSV: 1 on every row, except the given values on the given lines."""
    lines = csv_path.read_text(encoding="utf-8").splitlines()
    out = [lines[0] + ",qty"]
    for number, line in enumerate(lines[1:], start=2):
        out.append(f"{line},{qty_of_line.get(number, '1')}")
    csv_path.write_text("\n".join(out) + "\n", encoding="utf-8")


# --- one test per kind of bad input -------------------------------------------------------


def test_broken_yaml(runner: CliRunner, game_copy: Path) -> None:
    # a flow mapping closed with the wrong bracket
    replace(game_copy / "game.yaml", "players: {min: 2, max: 6}", "players: {min: 2, max: 6]")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    msg = assert_error_at(result.output, "game.yaml", 8, "YAML syntax")
    assert "'}'" in msg  # says what was expected
    assert "check indentation, colons and quotes" in msg


def test_wrong_type_in_yaml(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "game.yaml", "players: {min: 2, max: 6}", 'players: {min: "two", max: 6}')
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert_error_at(result.output, "game.yaml", 8, "players.min", "expected a whole number", "'two'")


def test_wrong_type_in_csv(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "movement.csv", "single-bleu-2,single,bleu,2\n", "single-bleu-2,single,bleu,abc\n")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert_error_at(result.output, "movement.csv", 6,
                    "single-bleu-2", "distance", "expected a whole number", "'abc'")


def test_unknown_key(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "riders.yaml", "name: Coureur bleu,   colour: bleu", "name: Coureur bleu,   colr: bleu")
    result = build(runner, game_copy)
    # the misspelt key is unknown, and so the real one is missing
    assert_clean_failure(result, game_copy, 2)
    assert_error_at(result.output, "riders.yaml", 4, "colr", "unknown field", "did you mean 'colour'?")
    assert_error_at(result.output, "riders.yaml", 4, "colour", "required but missing")


def test_unknown_colour_reference_leaves_existing_output_untouched(
        runner: CliRunner, game_copy: Path) -> None:
    out = out_dir(game_copy)
    out.mkdir()
    sentinel = out / "keep-me.txt"
    sentinel.write_text("an earlier build\n", encoding="utf-8")
    before = sentinel.stat().st_mtime_ns
    replace(game_copy / "riders.yaml", "name: Coureur rouge,  colour: rouge", "name: Coureur rouge,  colour: rogue")

    result = build(runner, game_copy)

    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "1 error; nothing was written." in result.output
    assert_error_at(result.output, "riders.yaml", 3, "riders[rouge].colour", "unknown colour 'rogue'",
                    "did you mean 'rouge'?")
    assert sorted(p.name for p in out.rglob("*")) == ["keep-me.txt"]
    assert sentinel.read_text(encoding="utf-8") == "an earlier build\n"
    assert sentinel.stat().st_mtime_ns == before


@pytest.mark.parametrize(("qty", "expected"), [
    ("0", ["'0' is out of range", "greater than or equal to 1"]),
    ("x", ["expected a whole number", "'x'"]),
    ("1000", ["'1000' is out of range", "less than or equal to 999"]),
], ids=["zero", "not-a-number", "too-many"])
def test_bad_qty_in_csv(runner: CliRunner, game_copy: Path, qty: str, expected: list[str]) -> None:
    add_qty_column(game_copy / "movement.csv", {5: qty})  # line 5: single-bleu-1
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert_error_at(result.output, "movement.csv", 5, "movement[single-bleu-1].qty", *expected)


def test_qty_column_is_read(runner: CliRunner, game_copy: Path) -> None:
    """Control for the qty tests: the same column with valid values gives no data error."""
    add_qty_column(game_copy / "movement.csv", {})
    result = build(runner, game_copy, command="check")
    assert result.exit_code == 0, result.output
    assert "0 errors" in result.output


def test_missing_card_list(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "decks.yaml", "cards: movement.csv", "cards: movment.csv")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert_error_at(result.output, "decks.yaml", 7, "decks[0].cards", "card list 'movment.csv' not found",
                    "did you mean 'movement.csv'?")


def test_missing_rules_file(runner: CliRunner, game_copy: Path) -> None:
    (game_copy / "rules.yaml").unlink()
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    # a missing file has no line: the message names the file alone
    assert_error_at(result.output, "rules.yaml", None, "file not found", "create it")


def test_duplicate_id(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "movement.csv", "single-rouge-2,single", "single-rouge-1,single")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    # line 2 holds the first 'single-rouge-1', line 3 the duplicate
    (msg,) = errors_at(result.output, "movement.csv", 3)
    assert "id 'single-rouge-1' is already used" in msg
    assert "first used at line 2" in msg
    assert "give every item its own id" in msg


def test_unknown_face_layout(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "decks.yaml", "face: rider\n", "face: riders\n")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    # the deck starts on line 8 ('- id: riders'); its 'face:' key is on line 10
    msgs = errors_at(result.output, "decks.yaml", 8) + errors_at(result.output, "decks.yaml", 10)
    assert len(msgs) == 1, result.output
    assert "decks[riders].face" in msgs[0]
    assert "unknown face layout 'riders'" in msgs[0]
    assert "did you mean 'rider'?" in msgs[0]


def test_several_errors_are_reported_together(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "game.yaml", "players: {min: 2, max: 6}", 'players: {min: "two", max: 6}')
    replace(game_copy / "movement.csv", "single-bleu-2,single,bleu,2\n", "single-bleu-2,single,bleu,abc\n")
    for command in ("build", "check"):
        result = build(runner, game_copy, command)
        assert_clean_failure(result, game_copy, 2)
        assert_error_at(result.output, "game.yaml", 8, "players.min", "'two'")
        assert_error_at(result.output, "movement.csv", 6, "distance", "'abc'")


# --- known bugs: these describe the behaviour the user should get -------------------------


@pytest.mark.parametrize(("file", "old", "new", "line"), [
    ("tokens.yaml", "{id: points-2,", "{id: points-1,", 5),
    ("movement.csv", "single-rouge-2,single", "single-rouge-1,single", 3),
], ids=["yaml", "csv"])
def test_duplicate_id_names_the_line_of_the_duplicate(
        runner: CliRunner, game_copy: Path, file: str, old: str, new: str, line: int) -> None:
    replace(game_copy / file, old, new)
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert_error_at(result.output, file, line, "already used")


def test_unclosed_bracket_names_the_line_where_it_opens(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "game.yaml", "authors: [Jean-Christophe Bouvier]", "authors: [Jean-Christophe Bouvier")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert "game.yaml:6" in result.output or "line 6" in result.output


def test_type_error_and_unknown_reference_are_reported_together(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "riders.yaml", "name: Coureur rouge,  colour: rouge", "name: Coureur rouge,  colour: rogue")
    replace(game_copy / "movement.csv", "single-bleu-2,single,bleu,2\n", "single-bleu-2,single,bleu,abc\n")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 2)
    assert_error_at(result.output, "riders.yaml", 3, "did you mean 'rouge'?")
    assert_error_at(result.output, "movement.csv", 6, "'abc'")


@pytest.mark.parametrize("file", ["game.yaml", "rules.yaml"])
def test_empty_required_file(runner: CliRunner, game_copy: Path, file: str) -> None:
    (game_copy / file).write_text("# nothing yet\n", encoding="utf-8")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert errors_at(result.output, file, None) or errors_at(result.output, file, 1)


def test_list_item_that_is_not_a_mapping(runner: CliRunner, game_copy: Path) -> None:
    text = (game_copy / "tokens.yaml").read_text()
    (game_copy / "tokens.yaml").write_text(re.sub(r"  - \{id: points-2,[^\n]*", "  - points-2", text))
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert_error_at(result.output, "tokens.yaml", 5, "tokens[1]", "expected a mapping")


def test_inline_card_that_is_not_a_mapping(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "decks.yaml", "- {id: first-player, kind: first-player}", "- first-player")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert errors_at(result.output, "decks.yaml", 18)


def test_a_deck_too_large_for_the_paper_names_its_file_and_the_size_that_fits(runner: CliRunner,
                                                                              game_copy: Path) -> None:
    replace(game_copy / "decks.yaml", "    card_size: tarot\n", "    card_size: 200x280\n")
    result = build(runner, game_copy)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "decks.yaml:" in result.output and "deck aids" in result.output, result.output
    assert "do not fit on A4 paper" in result.output and "at most 187 x 274 mm fit" in result.output
    assert "card_size" in result.output
    assert not out_dir(game_copy).exists()


# --- files that are no data, and what follows from a broken file ----------------------------


def test_a_nul_byte_in_yaml_is_located(runner: CliRunner, game_copy: Path) -> None:
    path = game_copy / "game.yaml"
    path.write_bytes(path.read_bytes().replace(b"age: 7", b"age: 7\x00"))
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    line = next(i for i, ln in enumerate(path.read_bytes().splitlines(), 1) if b"\x00" in ln)
    assert_error_at(result.output, "game.yaml", line, "a character that YAML does not allow (U+0000)")


def test_a_data_file_that_is_a_folder(runner: CliRunner, game_copy: Path) -> None:
    (game_copy / "tokens.yaml").unlink()
    (game_copy / "tokens.yaml").mkdir()
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert_error_at(result.output, "tokens.yaml", None, "is a folder, not a file")


def test_a_yaml_alias_bomb_is_refused_at_once(runner: CliRunner, game_copy: Path) -> None:
    bomb = "\nbomb0: &a0 [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n" + "".join(
        f"bomb{i + 1}: &a{i + 1} [{', '.join(['*a' + str(i)] * 10)}]\n" for i in range(9))
    path = game_copy / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + bomb, encoding="utf-8")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert re.search(r"game\.yaml:\d+: error: YAML: aliases expand this to more than 1,000,000 values", result.output)


def test_a_yaml_list_that_holds_itself(runner: CliRunner, game_copy: Path) -> None:
    path = game_copy / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "loop: &loop [1, *loop]\n", encoding="utf-8")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert "an alias refers to the list or mapping that holds it" in result.output


def test_errors_that_follow_from_a_broken_palette_are_folded(runner: CliRunner, game_copy: Path) -> None:
    path = game_copy / "palette.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  - {id: vert", " - {id: vert", 1), encoding="utf-8")
    result = build(runner, game_copy)
    assert result.exit_code == 1 and "internal error" not in result.output
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert re.match(r".*palette\.yaml:\d+: error: YAML syntax", lines[0]), lines
    assert re.match(r"  \.\.\. and \d+ more errors that follow from it \(first: .*unknown colour", lines[1]), lines
    assert re.match(r"1 error, and \d+ that follow from it; nothing was written\.", lines[2]), lines
    assert len(lines) == 3


# --- one extra zero: limits checked before anything is allocated ------------------------------


def test_too_many_players_is_refused_before_any_table_is_built(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "game.yaml", "players: {min: 2, max: 6}", "players: {min: 2, max: 1000}")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert_error_at(result.output, "game.yaml", 8, "players.max is 1000", "at most 100 players")


def test_a_number_with_zeros_too_many_is_refused_where_it_is_written(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "rules.yaml", "\nriders: 6 ", "\nriders: 6000000000 ")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert_error_at(result.output, "rules.yaml", 4, "riders", "6,000,000,000 is beyond what a game's data holds "
                    "(at most 100,000)")


def test_a_deck_of_too_many_cards_is_refused(runner: CliRunner, game_copy: Path) -> None:
    add_qty_column(game_copy / "movement.csv", {n: "999" for n in range(2, 40)})
    result = build(runner, game_copy)
    assert result.exit_code == 1 and "internal error" not in result.output, result.output
    assert "pnp prints at most 10,000 per deck" in result.output


def test_a_build_killed_before_leaves_no_staging_folder_after_the_next(runner: CliRunner, game_copy: Path) -> None:
    out = out_dir(game_copy)
    out.parent.mkdir(parents=True, exist_ok=True)
    orphan = out.parent / ".pnp-staging-999999999-abc"  # no such process
    (orphan / "x").mkdir(parents=True)
    result = runner.invoke(cli, ["--data", str(game_copy.parent), "build", "green-jersey", "--only", "rulebook",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert not orphan.exists()
    assert not list(out.parent.glob(".pnp-staging-*"))


@pytest.mark.parametrize("old, new, message", [
    ("columns: 14", "columns: 5000", "input should be less than or equal to 1000"),
    ("width_mm: 600", "width_mm: 60000", "input should be less than or equal to 10000"),
    ("square_mm: 30", "square_mm: 3000", "input should be less than or equal to 500"),
    ("origin_mm: [12, 126]", "origin_mm: [12, 90000]", "its grid reaches"),
])
def test_a_board_number_with_zeros_too_many_is_refused_at_once(runner: CliRunner, game_copy: Path, old: str,
                                                                 new: str, message: str) -> None:
    path = game_copy / "boards.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = build(runner, game_copy)
    assert result.exit_code == 1 and "internal error" not in result.output, result.output
    assert message in result.output and "boards.yaml:" in result.output


def test_an_area_off_the_board_is_refused(runner: CliRunner, game_copy: Path) -> None:
    path = game_copy / "boards.yaml"
    text = path.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if "kind: title" in ln)
    moved = re.sub(r"x: \d+", "x: 5000", line, count=1)
    path.write_text(text.replace(line, moved, 1), encoding="utf-8")
    result = build(runner, game_copy)
    assert result.exit_code == 1 and "internal error" not in result.output, result.output
    assert re.search(r"boards\.yaml:\d+: error: .*area '\w+' \(5000, .*runs off the 600 x 360 mm board", result.output)


# --- paths named by the data stay inside the game's folder ----------------------------------


@pytest.mark.parametrize("name, problem", [
    ("/etc/passwd", "is not a path inside the game's folder"),
    ("../../outside.csv", "leads outside the game's folder"),
    ("link.csv", "leads outside the game's folder"),
    ("C:/cards.csv", "is not a path inside the game's folder"),
])
def test_a_card_list_outside_the_game_folder_is_refused(runner: CliRunner, game_copy: Path, name: str,
                                                         problem: str) -> None:
    secret = game_copy.parent.parent / "outside.csv"
    secret.write_text("id,kind\nsecret-card,single\n", encoding="utf-8")
    (game_copy / "link.csv").symlink_to(secret)
    replace(game_copy / "decks.yaml", "cards: movement.csv", f"cards: {name}")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    line = next(i for i, ln in enumerate((game_copy / "decks.yaml").read_text(encoding="utf-8").splitlines(), 1)
                if f"cards: {name}" in ln)
    assert_error_at(result.output, "decks.yaml", line, "decks[0].cards", f"card list '{name}' {problem}")
    assert "secret-card" not in result.output


def test_a_board_side_id_that_would_leave_the_output_folder_is_refused(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "boards.yaml", "      - id: a\n", "      - id: a/../../x\n")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert "'a/../../x' cannot name a file" in result.output


# --- pnp check is a preflight: what a build refuses, check reports ----------------------------


def test_check_reports_a_po_file_that_msgfmt_refuses(runner: CliRunner, game_copy: Path) -> None:
    po = game_copy / "locales" / "en.po"
    replace(po, 'msgstr "Red rider"\n', 'msgstr "Red rider\n')
    line = next(i for i, ln in enumerate(po.read_text(encoding="utf-8").splitlines(), 1) if ln == 'msgstr "Red rider')
    result = build(runner, game_copy, "check")
    assert result.exit_code == 1 and "internal error" not in result.output
    assert re.search(rf"error: green-jersey \[en\]: .*en\.po:{line}: not a valid PO file: a string is not closed",
                     result.output), result.output
    result = runner.invoke(cli, ["--data", str(game_copy.parent), "build", "green-jersey", "--lang", "en",
                                 "--out", str(out_dir(game_copy))])
    assert result.exit_code == 1 and f"en.po:{line}: not a valid PO file" in result.output


def test_check_reports_a_translation_that_does_not_fit(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "locales" / "en.po", 'msgstr "Red rider"', 'msgstr "Red rider ' + "of a very long name " * 4 + '"')
    result = build(runner, game_copy, "check")
    assert result.exit_code == 1 and "internal error" not in result.output
    assert re.search(r"error: green-jersey \[en\]: card riders/coureur-rouge: .*rider\.svg\.j2:\d+: .*does not fit",
                     result.output), result.output
    assert "1 problem(s) a build would stop on" in result.output
    entry = next(i for i, ln in enumerate((game_copy / "locales" / "en.po").read_text(encoding="utf-8").splitlines(), 1)
                 if ln == 'msgid "Coureur rouge"')
    assert re.search(rf"\[the translation: .*locales/en\.po:{entry}\]", result.output), result.output
    quick = runner.invoke(cli, ["--data", str(game_copy.parent), "check", "green-jersey", "--quick"])
    assert quick.exit_code == 0, quick.output


@pytest.mark.parametrize("text, message", [
    ("Coureur bleu 🚲", "the kit's font has no glyph for '🚲' (U+1F6B2)"),
    ('"Coureur bleu \\uFFFF"', "the character U+FFFF cannot be printed"),
])
def test_a_text_that_cannot_be_printed_is_refused_where_it_is_written(runner: CliRunner, game_copy: Path,
                                                                        text: str, message: str) -> None:
    replace(game_copy / "riders.yaml", "name: Coureur bleu,", f"name: {text},")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert_error_at(result.output, "riders.yaml", 4, "name", message)


def test_a_card_list_cell_that_cannot_be_printed_is_refused_at_its_cell(runner: CliRunner, game_copy: Path) -> None:
    path = game_copy / "movement.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] += ",note"
    lines[3] += ",fin ★ 😀"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    replace(game_copy / "decks.yaml", "cards: movement.csv", "cards: movement.csv\n    fields: [note]")
    result = build(runner, game_copy)
    assert result.exit_code == 1 and "internal error" not in result.output, result.output
    assert re.search(r"movement\.csv:4: error: note: the kit's font has no glyph for .*U\+1F600", result.output), \
        result.output


@pytest.mark.parametrize("old, new, field, message", [
    ("    sheet: pieces\n", "    sheet: piece\n", "decks[3].sheet", "'piece' is not allowed"),
    ("    card_size: tarot\n", "    card_size: 5x5000\n", "decks[aids].card_size", "is not printable"),
    ("    face: rider\n", "    face: ridr\n", "decks[riders].face", "unknown face layout 'ridr'"),
])
def test_a_deck_field_error_is_at_the_field_s_line(runner: CliRunner, game_copy: Path, old: str, new: str,
                                                  field: str, message: str) -> None:
    replace(game_copy / "decks.yaml", old, new)
    line = next(i for i, ln in enumerate((game_copy / "decks.yaml").read_text(encoding="utf-8").splitlines(), 1)
                if ln == new.rstrip("\n"))
    result = runner.invoke(cli, ["--data", str(game_copy.parent), "check", "green-jersey", "--quick"])
    assert result.exit_code == 1, result.output
    assert_error_at(result.output, "decks.yaml", line, field, message)


def test_a_rulebook_table_too_large_for_a_page_is_named_in_the_rulebook_s_words(runner: CliRunner,
                                                                                game_copy: Path) -> None:
    path = game_copy / "templates" / "rulebook.md.j2"
    path.write_text(path.read_text(encoding="utf-8") + "\n\n## Annexe\n\n| Colonne | Autre |\n|---|---|\n| "
                    + "mot " * 3000 + " | x |\n", encoding="utf-8")
    message = 'rulebook: the table under "Annexe" (Colonne, Autre) does not fit in a page\'s column'
    result = runner.invoke(cli, ["--data", str(game_copy.parent), "check", "green-jersey"])
    assert result.exit_code == 1 and message in result.output, result.output
    result = build(runner, game_copy)
    assert result.exit_code == 1 and message in result.output and "@0x" not in result.output, result.output
    assert not out_dir(game_copy).exists()


def test_a_translation_with_a_wrong_placeholder_is_named_at_its_po_line(runner: CliRunner, game_copy: Path) -> None:
    po = game_copy / "locales" / "en.po"
    lines = po.read_text(encoding="utf-8").splitlines()
    n = next(i for i, ln in enumerate(lines, 1) if ln.startswith("msgstr") and "%(n)s" in ln or
             (ln.startswith('"') and "%(n)s" in ln and lines[i - 2].startswith("msgstr")))
    lines[n - 1] = lines[n - 1].replace("%(n)s", "%(m)s", 1)
    po.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(cli, ["--data", str(game_copy.parent), "build", "green-jersey", "--lang", "en",
                                 "--out", str(out_dir(game_copy))])
    assert result.exit_code == 1 and "internal error" not in result.output
    assert re.search(r"locales/en\.po:\d+: bad translation: .*\(used at .*templates/cards\.j2:\d+\); "
                     r"unknown placeholder %\(m\)s", result.output), result.output


def test_ctrl_c_stops_a_build_at_once_and_leaves_the_output_as_it_was(game_copy: Path) -> None:
    import signal
    import subprocess
    import sys
    import time

    out = out_dir(game_copy)
    (out / "green-jersey" / "fr").mkdir(parents=True)
    (out / "green-jersey" / "fr" / "kept.txt").write_text("untouched", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "--data", str(game_copy.parent), "build", "green-jersey",
                             "--no-incremental", "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not list(out.glob(".pnp-staging-*")) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)  # until the build is writing its files
    start = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert time.monotonic() - start < 1.0, "Ctrl-C stops within a second"
    assert proc.returncode != 0 and b"Traceback" not in err, err
    assert sorted(p.name for p in out.rglob("*")) == ["fr", "green-jersey", "kept.txt"]
    assert not list(out.parent.glob(".pnp-staging-*")) and not list(out.glob(".pnp-staging-*"))


def test_markdown_in_a_data_text_is_printed_as_typed_in_the_rulebook(game_copy: Path) -> None:
    from pnp.layout import rulebook as rb
    from pnp.layout.rulebook_context import render_rulebook_markdown
    from pnp.model import load_game

    typed = "# La *ligne* [droite](http://x) <b>b</b>"
    replace(game_copy / "boards.yaml", "name: La ligne droite", f'name: "{typed}"')
    blocks = rb.parse(render_rulebook_markdown(load_game(game_copy)))
    assert not [b for b in blocks if isinstance(b, rb.Heading) and "droite" in b.plain]
    texts = [rb.plain_text(t) for b in blocks for t in
             ([b.text] if isinstance(b, (rb.Paragraph, rb.Heading)) else getattr(b, "items", [])
              or [c for row in getattr(b, "rows", []) for c in row])]
    assert any(typed in t for t in texts), [t for t in texts if "droite" in t]


def test_a_card_list_name_too_long_for_the_file_system(runner: CliRunner, game_copy: Path) -> None:
    name = "a" * 300 + ".csv"
    replace(game_copy / "decks.yaml", "cards: movement.csv", f"cards: {name}")
    result = build(runner, game_copy)
    assert_clean_failure(result, game_copy, 1)
    assert_error_at(result.output, "decks.yaml", 7, "decks[0].cards", "has a name too long for the file system")


def test_a_data_text_that_does_not_fit_names_its_data_line(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "riders.yaml", "name: Coureur rouge,", "name: " + "Coureur rouge au très long nom " * 3 + ",")
    result = build(runner, game_copy)
    assert result.exit_code == 1 and "internal error" not in result.output
    assert re.search(r"card riders/coureur-rouge: .*rider\.svg\.j2:\d+: .*does not fit.*\[the text: .*riders\.yaml:3\]",
                     result.output), result.output


def test_a_text_declared_rich_stays_markdown_and_an_unknown_path_is_refused(runner: CliRunner, game_copy: Path) -> None:
    from pnp.layout import rulebook as rb
    from pnp.layout.rulebook_context import render_rulebook_markdown
    from pnp.model import load_game

    replace(game_copy / "boards.yaml", "name: La ligne droite", 'name: "La *ligne* droite"')
    path = game_copy / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "rich_text: [boards.sides.name]\n", encoding="utf-8")
    markdown = render_rulebook_markdown(load_game(game_copy))
    assert "La *ligne* droite" in markdown and "\\*ligne" not in markdown
    path.write_text(path.read_text(encoding="utf-8").replace("rich_text: [boards.sides.name]",
                                                             "rich_text: [boards.side.name]"), encoding="utf-8")
    result = runner.invoke(cli, ["--data", str(game_copy.parent), "check", "green-jersey", "--quick"])
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:\d+: error: rich_text: 'boards\.side\.name' is not a text of the data "
                     r"\(did you mean 'boards\.sides\.name'\?\)", result.output), result.output
