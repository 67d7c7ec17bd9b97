"""A game folder may carry its own rules module (rules.py): its checks run, its mistakes are located."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.check import run_checks
from pnp.errors import DataErrors
from pnp.model import load_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "my-variants"
    shutil.copytree(ROOT / "data" / "flamme-rouge-variants", folder)
    return folder


def test_a_game_s_own_rules_py_is_its_rules_module(game: Path) -> None:
    (game / "rules.py").write_text(
        "from pnp.games.flamme_rouge_variants import Facts, rulebook_context  # the built-in rules, extended\n"
        "from pnp.games.flamme_rouge_variants import check as built_in\n"
        "from pnp.check.findings import warning\n\n\n"
        "def check(model):\n"
        "    return [*built_in(model), warning('MY-RULE', 'house rule', 'a check of my own', model.sources.rule())]\n",
        encoding="utf-8")
    findings = run_checks(load_game(game))
    assert any(f.rule == "MY-RULE" and f.message == "a check of my own" for f in findings)


@pytest.mark.parametrize("source, line, words", [
    ("x = 1\ndef check(model)\n    return []\n", 2, "Python syntax"),
    ("import nowhere_to_be_found\n", 1, "ModuleNotFoundError"),
])
def test_a_broken_rules_py_is_a_located_error(game: Path, source: str, line: int, words: str) -> None:
    (game / "rules.py").write_text(source, encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_game(game)
    text = caught.value.render()
    assert f"rules.py:{line}: error:" in text and words in text
