"""Language codes as people type them: any case, regional codes falling back to their language,
an unknown code and a code with no catalog each told what to do; drafts watermarked in a
language the reader can read; a failed build summarises its gaps."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.i18n.codes import choose, normalize

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("typed, code", [("EN", "en"), ("en-us", "en_US"), ("pt_br", "pt_BR"),
                                         ("zh-hant-tw", "zh_Hant_TW"), (" de ", "de"), ("x!", "x!")])
def test_normalize(typed, code):
    assert normalize(typed) == code


def test_choose():
    assert choose("EN", ["fr", "en"]).code == "en" and "read as 'en'" in choose("EN", ["fr", "en"]).note
    assert choose("en_US", ["fr", "en"]).code == "en" and "using 'en'" in choose("en_US", ["fr", "en"]).note
    assert choose("en_US", ["fr", "en", "en_US"]).code == "en_US"
    assert choose("de", ["fr", "en"]).code is None


@pytest.fixture
def game(tmp_path) -> Path:
    folder = tmp_path / "green-jersey"
    shutil.copytree(ROOT / "data" / "green-jersey", folder, ignore=shutil.ignore_patterns("de.po"))
    return folder


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_build_reads_any_case_and_falls_back_to_the_language(game, tmp_path):
    for typed in ("EN", "en_US"):
        result = run("build", str(game), "--lang", typed, "--only", "cards", "--out", str(tmp_path / typed))
        assert result.exit_code == 0, result.output
        assert (tmp_path / typed / "green-jersey" / "en" / "cards.pdf").is_file()


def test_a_language_without_catalog_gives_the_command_that_starts_one(game, tmp_path):
    result = run("build", str(game), "--lang", "it", "--only", "cards", "--out", str(tmp_path / "o"))
    assert result.exit_code == 2 and f"start one with: pnp i18n update {game} --lang it" in result.output
    started = run("i18n", "update", str(game), "--lang", "it")
    assert started.exit_code == 0, started.output
    assert (game / "locales" / "it.po").is_file()
    assert "FULL NAME <EMAIL@ADDRESS>" in (game / "locales" / "it.po").read_text(encoding="utf-8")
    draft = run("build", str(game), "--lang", "it", "--draft", "--only", "cards", "--out", str(tmp_path / "o"))
    assert draft.exit_code == 0, draft.output
    assert "DRAFT · IT" in draft.output  # the catalog does not translate the mark yet: English, not French


def test_an_unknown_code_is_not_sent_to_i18n_update(game, tmp_path):
    result = run("build", str(game), "--lang", "xx", "--only", "cards", "--out", str(tmp_path / "o"))
    assert result.exit_code == 2 and "unknown language 'xx'" in result.output and "i18n update" not in result.output


def test_a_regional_catalog_beside_its_language_is_refused(game):
    result = run("i18n", "update", str(game), "--lang", "en_GB")
    assert result.exit_code == 2 and "already has a catalog for 'en'" in result.output
    assert not (game / "locales" / "en_GB.po").exists()


def test_a_failed_build_summarises_its_gaps(game, tmp_path):
    assert run("i18n", "update", str(game), "--lang", "it").exit_code == 0
    result = run("build", str(game), "--lang", "it", "--only", "cards", "--out", str(tmp_path / "o"))
    assert result.exit_code == 1
    listed = [line for line in result.output.splitlines() if "untranslated:" in line]
    assert len(listed) == 10 and "... and" in result.output and "pnp i18n status green-jersey --lang it" in result.output
