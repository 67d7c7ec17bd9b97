"""The command line: pnp --help | list | check | build, exit codes and messages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pnp.cli import cli


def replace(path: Path, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in ``path`` (fails if it is not there exactly once)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def pnp(runner: CliRunner, data: Path, *args: str) -> Result:
    return runner.invoke(cli, ["--data", str(data), *args])


@pytest.fixture
def warning_copy(game_copy: Path) -> Path:
    """A copy whose red rider has singles of 1, 2, 2: GJ-DECK-SINGLES warns, nothing errs."""
    replace(game_copy / "movement.csv", "single-rouge-3,single,rouge,3\n", "single-rouge-3,single,rouge,2\n")
    return game_copy


@pytest.fixture
def rules_error_copy(game_copy: Path) -> Path:
    """A copy without the red+blue pair card: the deck breaks the rules."""
    replace(game_copy / "movement.csv", "pair-rouge-bleu,pair,rouge+bleu,\n", "")
    return game_copy


# --- help and list ------------------------------------------------------------------------


def test_help(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["--help"])
    assert result.exit_code == 0
    assert "Usage:" in result.output
    for command in ("list", "check", "build"):
        assert re.search(rf"^\s+{command}\s", result.output, re.MULTILINE), command
    assert "--data" in result.output


def test_build_help(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["build", "--help"])
    assert result.exit_code == 0
    for option in ("--paper", "--card-size", "--single-sided", "--back-offset", "--lang", "--out"):
        assert option in result.output
    assert "63x88" in result.output  # the card size help gives an example


def test_list_shows_green_jersey(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PNP_HOME", raising=False)  # the default data is this checkout's
    result = runner.invoke(cli, ["list"])
    assert result.exit_code == 0, result.output
    line = next(l for l in result.output.splitlines() if l.startswith("green-jersey"))
    assert "Green Jersey v0.6" in line
    assert "2-6 players" in line
    assert "languages: fr" in line


def test_list_flags_a_game_with_a_broken_game_yaml(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "game.yaml", "players: {min: 2, max: 6}", "players: {min: 2, max: 6]")
    result = pnp(runner, game_copy.parent, "list")
    assert result.exit_code == 0, result.output
    assert "green-jersey" in result.output
    assert "game.yaml has errors" in result.output
    assert "pnp check green-jersey" in result.output


# --- check --------------------------------------------------------------------------------


def test_check_real_data_has_no_errors(runner: CliRunner, real_data: Path) -> None:
    result = pnp(runner, real_data, "check", "green-jersey")
    assert result.exit_code == 0, result.output
    assert "green-jersey: 0 errors, 0 warnings" in result.output
    assert "error GJ-" not in result.output


def test_check_json(runner: CliRunner, real_data: Path) -> None:
    result = pnp(runner, real_data, "check", "--format", "json", "green-jersey")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert list(report) == ["green-jersey"]
    findings = report["green-jersey"]
    assert findings, "the decisions at least are reported as questions"
    for finding in findings:
        assert finding["severity"] in {"error", "warning", "question", "passed"}
        assert re.fullmatch(r"(GJ|PILE)-[A-Z0-9-]+", finding["rule"])
        assert Path(finding["file"]).name.endswith((".yaml", ".csv"))
        assert isinstance(finding["line"], int) and finding["line"] >= 1
        assert finding["message"]
    assert not [f for f in findings if f["severity"] == "error"]
    assert any(f["rule"] == "GJ-D-DECK-OUT" and Path(f["file"]).name == "rules.yaml" for f in findings)


def test_check_all_lists_what_passed_with_its_figures(runner: CliRunner, real_data: Path) -> None:
    """A check that passes is seen: --all lists it with what it computed; the JSON always does."""
    text = pnp(runner, real_data, "check", "--all", "--quick", "green-jersey")
    assert text.exit_code == 0, text.output
    passed = [line for line in text.output.splitlines() if ": passed " in line]
    assert any("passed GJ-DECK-SINGLES: [jersey rouge]" in line for line in passed)
    assert re.search(r"green-jersey: 0 errors, .* questions, (\d+) passed", text.output).group(1) == str(len(passed))
    assert ": passed " not in pnp(runner, real_data, "check", "--quick", "green-jersey").output
    report = json.loads(pnp(runner, real_data, "check", "--quick", "--format", "json", "green-jersey").output)
    listed = [f for f in report["green-jersey"] if f["severity"] == "passed"]
    assert len(listed) == len(passed) and all(f["message"] and f["line"] for f in listed)


def test_check_json_reports_a_warning(runner: CliRunner, warning_copy: Path) -> None:
    result = pnp(runner, warning_copy.parent, "check", "--format", "json", "green-jersey")
    assert result.exit_code == 0, result.output
    findings = json.loads(result.output)["green-jersey"]
    (warning,) = [f for f in findings if f["severity"] == "warning"]
    assert warning["rule"] == "GJ-DECK-SINGLES"
    # declared under checks: in rules.yaml: the finding points at the check's line
    lines = (warning_copy / "rules.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "- id: GJ-DECK-SINGLES" in text)
    assert (Path(warning["file"]).name, warning["line"]) == ("rules.yaml", line)


def test_strict_fails_on_a_warning(runner: CliRunner, warning_copy: Path) -> None:
    data = warning_copy.parent
    relaxed = pnp(runner, data, "check", "green-jersey")
    assert relaxed.exit_code == 0, relaxed.output
    assert "warning GJ-DECK-SINGLES" in relaxed.output
    assert "[jersey rouge]" in relaxed.output
    assert "0 errors, 1 warning," in relaxed.output
    strict = pnp(runner, data, "check", "--strict", "green-jersey")
    assert strict.exit_code == 1, strict.output
    assert "warning GJ-DECK-SINGLES" in strict.output


def test_strict_passes_when_there_are_only_questions(runner: CliRunner, real_data: Path) -> None:
    result = pnp(runner, real_data, "check", "--strict", "green-jersey")
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings" in result.output
    assert "question" in result.output


def test_rules_error_fails_check(runner: CliRunner, rules_error_copy: Path) -> None:
    result = pnp(runner, rules_error_copy.parent, "check", "green-jersey")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "error GJ-DECK-PAIRS: [pair rouge+bleu]" in result.output
    # the deck's sums are declared under checks: in rules.yaml
    assert re.search(r"rules\.yaml:\d+: error GJ-DECK-TOTAL: .*44 cards.*45", result.output)
    assert re.search(r"rules\.yaml:\d+: error GJ-DECK-KINDS: \[kind pair\] .*20 cards", result.output)


def test_rules_error_fails_build_and_writes_nothing(runner: CliRunner, rules_error_copy: Path) -> None:
    tmp = rules_error_copy.parent.parent
    out = tmp / "out"
    result = pnp(runner, rules_error_copy.parent, "build", "green-jersey", "--out", str(out))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "error GJ-DECK-PAIRS" in result.output
    assert "rule error(s); nothing was written." in result.output
    assert "wrote" not in result.output
    assert not out.exists()
    assert not list(tmp.glob(".pnp-staging-*"))


def test_check_reports_data_errors_without_traceback(runner: CliRunner, game_copy: Path) -> None:
    replace(game_copy / "riders.yaml", "name: Coureur rouge,  colour: rouge", "name: Coureur rouge,  colour: rogue")
    result = pnp(runner, game_copy.parent, "check", "green-jersey")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert re.search(r"riders\.yaml:3: error: .*unknown colour 'rogue' \(did you mean 'rouge'\?\)",
                     result.output)


# --- usage errors (exit 2) ----------------------------------------------------------------


@pytest.mark.parametrize("command", ["check", "build"])
def test_unknown_game(runner: CliRunner, real_data: Path, tmp_path: Path, command: str) -> None:
    extra = ["--out", str(tmp_path / "out")] if command == "build" else []
    result = pnp(runner, real_data, command, "green-jersy", *extra)
    assert result.exit_code == 2, result.output
    assert "no game 'green-jersy'" in result.output
    assert "did you mean 'green-jersey'?" in result.output
    assert not (tmp_path / "out").exists()


def test_a_game_is_named_by_its_folder(runner: CliRunner, game_copy: Path, tmp_path: Path, monkeypatch) -> None:
    """pnp check PATH and pnp build PATH take a game folder wherever it is; hints quote the path."""
    monkeypatch.chdir(game_copy.parent)
    result = runner.invoke(cli, ["check", "./green-jersey"])
    assert result.exit_code == 0, result.output
    assert "./green-jersey: 0 errors" in result.output
    result = runner.invoke(cli, ["build", str(game_copy), "--only", "cards", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "green-jersey" / "fr" / "cards.pdf").is_file()


@pytest.mark.parametrize("path", ["./nowhere", "."])
def test_a_folder_that_is_not_a_game(runner: CliRunner, tmp_path: Path, monkeypatch, path: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["check", path])
    assert result.exit_code == 2, result.output
    assert "is not a game folder" in result.output and "game.yaml" in result.output


def test_no_games_in_data_folder(runner: CliRunner, tmp_path: Path) -> None:
    result = pnp(runner, tmp_path, "check")
    assert result.exit_code == 2, result.output
    assert "no games in" in result.output


@pytest.mark.parametrize(("value", "message"), [
    ("huge", "'huge' is not a card size"),
    ("10x10", "not printable"),
], ids=["unknown-name", "too-small"])
def test_bad_card_size(runner: CliRunner, real_data: Path, tmp_path: Path, value: str, message: str) -> None:
    result = pnp(runner, real_data, "build", "green-jersey", "--card-size", value, "--out", str(tmp_path / "o"))
    assert result.exit_code == 2, result.output
    assert "--card-size" in result.output
    assert message in result.output
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(("value", "message"), [
    ("abc", "'abc' is not X,Y in millimetres"),
    ("1,2,3", "is not X,Y in millimetres"),
    ("20,0", "larger than 10 mm"),
], ids=["text", "three-numbers", "too-large"])
def test_bad_back_offset(runner: CliRunner, real_data: Path, tmp_path: Path, value: str, message: str) -> None:
    result = pnp(runner, real_data, "build", "green-jersey", "--back-offset", value, "--out", str(tmp_path / "o"))
    assert result.exit_code == 2, result.output
    assert "--back-offset" in result.output
    assert message in result.output
    assert not (tmp_path / "o").exists()


def test_back_offset_nan_is_a_usage_error(runner: CliRunner, real_data: Path, tmp_path: Path) -> None:
    result = pnp(runner, real_data, "build", "green-jersey", "--back-offset", "nan,0", "--out", str(tmp_path / "o"))
    assert result.exit_code == 2, result.output
    assert "--back-offset" in result.output


# --- a real build -------------------------------------------------------------------------


def test_build_writes_the_card_sheets(runner: CliRunner, real_data: Path, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # `--out tmp` is relative to the working folder
    result = pnp(runner, real_data, "build", "green-jersey", "--out", "tmp")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "tmp" / "green-jersey" / "fr" / "cards.pdf"
    assert pdf.is_file()
    assert pdf.read_bytes().startswith(b"%PDF")
    match = re.search(r"^wrote (\S+cards.pdf) \((\d+) pages\)$", result.output, re.MULTILINE)
    assert match, result.output
    assert Path(match.group(1)) == Path("tmp/green-jersey/fr/cards.pdf")
    # 45 movement + 6 rider + 1 first-player cards, 8 to a sheet, fronts and backs
    assert int(match.group(2)) == 2 * 7
    assert "green-jersey: rules check: 0 errors" in result.output
    # nothing else was left behind: no staging folder, no other file
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == [
        "tmp", "tmp/green-jersey", "tmp/green-jersey/fr",
        *(f"tmp/green-jersey/fr/{name}" for name in sorted([
            "cards.pdf", "pieces.pdf", "kit.pdf", "designer.pdf", "manifest.json", "rulebook.pdf",
            "board-a.svg", "board-a.pdf", "board-a-a4.pdf", "board-b.svg", "board-b.pdf", "board-b-a4.pdf"]))]
    pypdf = pytest.importorskip("pypdf")
    assert len(pypdf.PdfReader(str(pdf)).pages) == int(match.group(2))


# --- simulation ---------------------------------------------------------------------------


def test_simulate_prints_a_report(runner: CliRunner, real_data: Path) -> None:
    result = pnp(runner, real_data, "simulate", "green-jersey", "--players", "3", "--games", "12", "--seed", "5")
    assert result.exit_code == 0, result.output
    assert "green-jersey: 12 games, 3 players" in result.output
    assert "wins per seat" in result.output and "seat 3:" in result.output


def test_simulate_json_is_repeatable(runner: CliRunner, real_data: Path) -> None:
    args = ("simulate", "green-jersey", "--players", "4", "--games", "8", "--seed", "2", "--format", "json")
    first, second = pnp(runner, real_data, *args), pnp(runner, real_data, *args)
    assert first.exit_code == 0, first.output
    assert json.loads(first.output) == json.loads(second.output)


def test_simulate_refuses_a_player_count_the_game_does_not_have(runner: CliRunner, real_data: Path) -> None:
    result = pnp(runner, real_data, "simulate", "green-jersey", "--players", "7", "--games", "1")
    assert result.exit_code == 2
    assert "2 to 6 players" in result.output


def test_check_lists_the_engine_gaps_as_questions(runner: CliRunner, real_data: Path) -> None:
    result = pnp(runner, real_data, "check", "green-jersey")
    assert result.exit_code == 0
    assert "question GJ-ENGINE-ZERO-MOVE" in result.output


def test_check_simulate_adds_the_smoke_run(runner: CliRunner, real_data: Path, monkeypatch) -> None:
    monkeypatch.setattr("pnp.simulate.findings.SMOKE_GAMES", 40)  # every player count and side, 40 games each
    result = pnp(runner, real_data, "check", "green-jersey", "--simulate", "--jobs", "1", "--format", "json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)["green-jersey"]
    rules = {f["rule"] for f in found if f["severity"] != "passed"}
    assert any(r.startswith("GJ-SIM-") for r in rules)
    assert "GJ-SIM-INVARIANT" not in rules
    passed = {(f["rule"], f["component"]) for f in found if f["severity"] == "passed"}
    for side in "ab":
        for players in range(2, 7):
            assert ("GJ-SIM-INVARIANT", f"{players} players, side {side}, {players} sprints") in passed \
                or players < 4  # 2 and 3 players play 4 and 3 sprints first, then 6
            assert ("GJ-SIM-LENGTH", f"{players} players, side {side}, 6 sprints") in passed or players > 3


def test_build_only_cards_writes_cards_and_manifest(runner: CliRunner, real_data: Path, tmp_path: Path) -> None:
    result = pnp(runner, real_data, "build", "green-jersey", "--only", "cards", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "green-jersey" / "fr"
    assert sorted(p.name for p in folder.iterdir()) == ["cards.pdf", "manifest.json"]
    listed = [f["name"] for f in json.loads((folder / "manifest.json").read_text())["files"]]
    assert listed == ["cards.pdf"]


def test_build_only_kit_needs_no_rulebook_file(runner: CliRunner, real_data: Path, tmp_path: Path) -> None:
    result = pnp(runner, real_data, "build", "green-jersey", "--only", "kit", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "green-jersey" / "fr").iterdir()) == ["kit.pdf", "manifest.json"]
