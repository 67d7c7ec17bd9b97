"""pnp build --changed-since: reprint.pdf holds exactly the changed cards, duplex-ready."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.build import BuildOptions, build_game
from pnp.cli import cli
from test_diff import change_card, git, make_repo


@pytest.fixture
def repo(tmp_path, monkeypatch):
    r = make_repo(tmp_path)
    monkeypatch.setenv("PNP_HOME", str(r))
    return r


def test_reprint_holds_exactly_the_changed_cards(repo, tmp_path):
    change_card(repo)
    game_yaml = repo / "data" / "green-jersey" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace('version: "0.6"', 'version: "0.7"'))
    out = tmp_path / "out"
    result = build_game(repo / "data" / "green-jersey", BuildOptions(out=out, changed_since="HEAD"))
    sel = result.reprint
    assert sel.labels == {"movement/pair-violet-vert#1"}
    assert [(x.design, x.copies) for x in sel.remove] == [("movement/pair-violet-vert", 1)]
    assert [(x.design, x.copies) for x in sel.add] == [("movement/pair-violet-vert", 1)]
    assert "v0.6" in sel.old_stamp and "v0.7" in sel.new_stamp
    assert "jerseys" in sel.add[0].why
    pdf = out / "green-jersey" / "fr" / "reprint.pdf"
    assert [p.name for p, _ in result.files] == ["reprint.pdf"]
    reader = PdfReader(pdf)
    # list page, a blank page (fronts on odd pages), one front sheet, its back sheet
    assert len(reader.pages) == 4
    first = reader.pages[0].extract_text()
    assert "pair-violet-vert" in first and "v0.6" in first and "v0.7" in first
    assert "recto" in reader.pages[2].extract_text() and "verso" in reader.pages[3].extract_text()
    assert not (out / "green-jersey" / "fr" / "cards.pdf").exists()


def test_reprint_cli_and_nothing_changed(repo, tmp_path):
    out = tmp_path / "out"
    r = CliRunner().invoke(cli, ["--data", str(repo / "data"), "build", "green-jersey", "--changed-since", "HEAD",
                                 "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "remove 0, add 0" in r.output
    change_card(repo)
    git(repo, "commit", "-qam", "card")
    r = CliRunner().invoke(cli, ["--data", str(repo / "data"), "build", "green-jersey", "--changed-since", "HEAD~1",
                                 "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "add    1 x movement/pair-violet-vert" in r.output and "same stamp" in r.output
    r = CliRunner().invoke(cli, ["--data", str(repo / "data"), "build", "green-jersey", "--changed-since", "zzz",
                                 "--out", str(out)])
    assert r.exit_code == 1 and "unknown revision" in r.output
