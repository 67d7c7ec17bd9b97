"""pnp diff: the game at two revisions of a (temporary) git repository."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo, check=True,
                   capture_output=True)


def make_repo(tmp: Path) -> Path:
    """tmp/repo: data/green-jersey and templates/ committed once."""
    repo = tmp / "repo"
    shutil.copytree(ROOT / "data" / "green-jersey", repo / "data" / "green-jersey")
    shutil.copytree(ROOT / "templates", repo / "templates")
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "first")
    return repo


def change_card(repo: Path) -> None:
    """One movement card changes its jerseys' order (a valid change)."""
    csv = repo / "data" / "green-jersey" / "movement.csv"
    text = csv.read_text()
    assert "pair-violet-vert,pair,violet+vert," in text
    csv.write_text(text.replace("pair-violet-vert,pair,violet+vert,", "pair-violet-vert,pair,vert+violet,"))


@pytest.fixture
def repo(tmp_path, monkeypatch) -> Path:
    r = make_repo(tmp_path)
    monkeypatch.setenv("PNP_HOME", str(r))
    return r


def run(repo: Path, *args: str):
    return CliRunner().invoke(cli, ["--data", str(repo / "data"), *args])


def test_diff_two_revisions_card_rules_rulebook(repo):
    change_card(repo)
    rules = repo / "data" / "green-jersey" / "rules.yaml"
    import yaml

    data = yaml.safe_load(rules.read_text())
    key = next(k for k, v in data.items() if isinstance(v, dict) and any(isinstance(x, int) for x in v.values()))
    sub = next(k for k, x in data[key].items() if isinstance(x, int) and not isinstance(x, bool))
    text = rules.read_text()
    rules.write_text(text.replace(f"{sub}: {data[key][sub]}", f"{sub}: {data[key][sub] + 1}", 1))
    git(repo, "commit", "-q", "-am", "second")
    r = run(repo, "diff", "green-jersey", "--from", "HEAD~1", "--to", "HEAD", "--format", "json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    cards = next(c for c in out["components"] if c["kind"] == "cards:movement")
    assert cards["added"] == [] and cards["removed"] == []
    assert [c["id"] for c in cards["changed"]] == ["pair-violet-vert"]
    assert [f["path"] for f in cards["changed"][0]["fields"]] == ["jerseys"]
    assert any(c["path"] == f"{key}.{sub}" and c["new"] == data[key][sub] + 1 for c in out["rules"])
    assert "error" not in out["rulebook"]
    text_out = run(repo, "diff", "green-jersey", "--from", "HEAD~1", "--to", "HEAD").output
    assert "~ pair-violet-vert: jerseys" in text_out and f"{key}.{sub}" in text_out


def test_diff_working_tree_default_and_no_change(repo):
    r = run(repo, "diff", "green-jersey")
    assert r.exit_code == 0 and "no change" in r.output
    change_card(repo)
    r = run(repo, "diff", "green-jersey")
    assert "working tree" in r.output and "pair-violet-vert" in r.output


def test_diff_translations_and_sections(repo):
    """A renamed rider changes a msgid: it is a string to translate, the old one's translations stale."""
    riders = repo / "data" / "green-jersey" / "riders.yaml"
    text = riders.read_text()
    import yaml

    first = yaml.safe_load(text)["riders"][0]["name"]
    riders.write_text(text.replace(first, first + " Junior", 1))
    out = json.loads(run(repo, "diff", "green-jersey", "--format", "json").output)
    assert any(first + " Junior" in s for s in out["translations"]["added"])
    assert any(s.startswith(first) for s in out["translations"]["removed"])


def test_diff_errors_are_messages(repo, tmp_path):
    r = run(repo, "diff", "green-jersey", "--from", "nope")
    assert r.exit_code == 1 and "unknown revision 'nope'" in r.output and "Traceback" not in r.output
    other = tmp_path / "plain"
    shutil.copytree(ROOT / "data" / "green-jersey", other / "data" / "green-jersey")
    r = CliRunner().invoke(cli, ["--data", str(other / "data"), "diff", "green-jersey"])
    assert r.exit_code == 1 and "not in a git repository" in r.output
    # a game added after the first commit is missing at HEAD~0's parent
    shutil.copytree(repo / "data" / "green-jersey", repo / "data" / "second-game")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "second game")
    r = run(repo, "diff", "second-game", "--from", "HEAD~1")
    assert r.exit_code == 1 and "there is no game 'second-game'" in r.output


def test_a_revision_from_before_games_were_one_folder_is_laid_out_as_now(tmp_path) -> None:
    """Old revisions kept a game's templates in the shared library under its name: the extracted
    copy gets them in its own templates/ folder, so a diff across the move works."""
    from pnp.diff.git import _own_templates

    game, shared = tmp_path / "data" / "my-game", tmp_path / "templates"
    game.mkdir(parents=True)
    for rel, text in (("cards/my-game.j2", "cards"), ("boards/my-game.j2", "board"),
                      ("rulebook/my-game.md.j2", "rules"), ("cards/shared.j2", "kit")):
        (shared / rel).parent.mkdir(parents=True, exist_ok=True)
        (shared / rel).write_text(text, encoding="utf-8")
    _own_templates(game, shared)
    own = game / "templates"
    assert [(own / n).read_text(encoding="utf-8") for n in ("cards.j2", "board.j2", "rulebook.md.j2", "kit.j2")] == [
        "cards", "board", "rules", "kit"]
