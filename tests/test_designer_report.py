"""The designer's report (pnp.check.designer): designer.pdf beside every kit and `pnp check --format
html` list the findings, the decisions and the questions with their ids; the player's rulebook
keeps none of them."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.model import load_game
from pnp.paths import data_dir

from kit_helpers import pdfium_text

GAMES = sorted(p.name for p in data_dir().iterdir() if (p / "game.yaml").is_file())
CHECKER_WORDS = re.compile(r"vérificateur|checker|sprawdzacz|\bpnp check\b", re.I)


_text = pdfium_text


def _decision_ids(game: str) -> list[str]:
    return [d.id for d in load_game(data_dir() / game).decisions]


@pytest.mark.parametrize("game", GAMES)
def test_every_kit_has_a_designer_report_with_every_decision(every_kit: list[Path], game: str) -> None:
    a4 = every_kit[0]
    for kit in sorted((a4 / game).iterdir()):
        text = " ".join(_text(kit / "designer.pdf").split())
        assert "Decisions made in the data" in text and "Questions for the designer" in text
        missing = [d for d in _decision_ids(game) if d not in text]
        assert not missing, f"{kit}: designer.pdf lacks {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_the_players_rulebook_has_no_checker_ids(every_kit: list[Path], game: str) -> None:
    ids = _decision_ids(game)
    for paper in every_kit:
        for kit in sorted((paper / game).iterdir()):
            text = _text(kit / "rulebook.pdf")
            found = [d for d in ids if d in text]
            assert not found, f"{kit.relative_to(paper)}/rulebook.pdf prints the checker ids {found}"
            assert not CHECKER_WORDS.search(text), f"{kit.relative_to(paper)}/rulebook.pdf speaks of the checker"


class _Sections(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.sections: list[str] = []
        self.h2: list[str] = []
        self._in_h2 = False

    def handle_starttag(self, tag, attrs):
        if tag == "section":
            self.sections.append(dict(attrs).get("id", ""))
        self._in_h2 = tag == "h2"

    def handle_data(self, data):
        if self._in_h2:
            self.h2.append(data)

    def handle_endtag(self, tag):
        self._in_h2 = False if tag == "h2" else self._in_h2


def test_check_format_html_is_the_designer_report_of_every_game() -> None:
    from pnp.cli import cli as main

    result = CliRunner().invoke(main, ["check", "--quick", "--format", "html"])
    assert result.exit_code == 0, result.output
    page = _Sections()
    page.feed(result.output)
    assert page.sections == GAMES
    headings = " ".join(page.h2)
    for game in GAMES:
        assert all(d in headings for d in _decision_ids(game))


def test_a_finding_with_markdown_punctuation_prints_as_written() -> None:
    from pnp.check.designer import report_markdown
    from pnp.check.findings import Finding, Severity
    from pnp.errors import Location
    from pnp.layout.rulebook import parse, plain_text

    model = load_game(data_dir() / "green-jersey")
    finding = Finding(Severity.WARNING, "X-TEST", "deck *movement*", "a_b [c] # d", Location("rules.yaml", 3))
    blocks = parse(report_markdown(model, [finding]))
    texts = " ".join(plain_text(getattr(b, "text", "")) if hasattr(b, "text") else
                     " ".join(plain_text(i) for i in getattr(b, "items", [])) for b in blocks)
    assert "deck *movement*" in texts and "a_b [c] # d" in texts
