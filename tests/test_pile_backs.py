"""PILE-BACKS: the cards a game shuffles together (``piles:`` in rules.yaml) look alike from behind.

The check runs for every game; it passes on the five shipped games, fails on a copy where a card
shuffled into a pile keeps a back of its own, and the names a pile declaration uses must exist.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kit_helpers import ROOT, broken_game, rule_ids
from pnp.check import Severity, run_checks
from pnp.errors import DataErrors
from pnp.model import load_game

GAMES = ["green-jersey", "maillot-jaune", "tour-de-france-mb", "tour-de-france-quiz", "flamme-rouge-variants"]


@pytest.mark.parametrize("game", GAMES)
def test_the_backs_check_passes_on_every_game(game: str) -> None:
    findings = run_checks(load_game(ROOT / "data" / game))
    assert not [f.render() for f in findings if f.rule == "PILE-BACKS"]


def test_the_games_that_shuffle_cards_declare_their_piles() -> None:
    piles = {g: {p.id for p in load_game(ROOT / "data" / g).piles} for g in GAMES}
    assert piles["green-jersey"] == {"movement", "riders"}
    assert piles["tour-de-france-mb"] == {"course", "risque"}
    assert piles["tour-de-france-quiz"] == {"questions", "pois", "vert", "blanc", "strategie", "imprevus"}
    assert piles["maillot-jaune"] == set()  # nothing is shuffled: rider cards are boards, chance is dice
    assert piles["flamme-rouge-variants"] == {"grimpeur", "sprinteur", "rouleur", "peloton"}


def test_flamme_rouge_cards_that_join_the_climber_carry_its_back() -> None:
    model = load_game(ROOT / "data" / "flamme-rouge-variants")
    climber = next(p for p in model.piles if p.id == "grimpeur")
    assert not climber.base
    assert {model.deck(d).back for d in climber.decks} == {"frv-grimpeur-back"}
    assert set(climber.decks) >= {"attaque", "fatigue", "forme"}
    # the rouleur's and the sprinteur's piles are the base box's decks: a decision says how to hide them
    for pile in model.piles:
        if pile.base:
            assert "FRV-D-SLEEVES" in pile.decision


def test_a_shuffled_in_card_with_its_own_back_fails(tmp_path: Path) -> None:
    """The review's case: the attack cards, shuffled into the climber's deck, printed with a red back."""
    findings = broken_game(tmp_path, "flamme-rouge-variants",
                           ("decks.yaml", "face: frv-attack\n    back: frv-grimpeur-back",
                            "face: frv-attack\n    back: frv-attack-back"))
    assert "PILE-BACKS" in rule_ids(findings)
    [finding] = [f for f in findings if f.rule == "PILE-BACKS"]
    assert finding.component == "pile grimpeur"
    assert "'attaque'" in finding.message and "frv-attack-back" in finding.message
    assert "frv-grimpeur-back" in finding.message
    # it points at the pile's entry that names the deck, in rules.yaml
    text = (tmp_path / "flamme-rouge-variants" / "rules.yaml").read_text(encoding="utf-8").splitlines()
    assert finding.location.file.endswith("rules.yaml")
    assert "attaque" in text[finding.location.line - 1]


def test_a_deck_of_another_size_in_a_pile_fails(tmp_path: Path) -> None:
    """Tour de France (MB): a risk card shuffled into the race pile, at another size, shows by its edge."""
    findings = broken_game(tmp_path, "tour-de-france-mb",
                           ("rules.yaml", "    decks: [course]", "    decks: [course, risque]"),
                           ("decks.yaml", "    back: tdf-risk-back\n", "    back: tdf-race-back\n    card_size: mini\n"))
    [finding] = [f for f in findings if f.rule == "PILE-BACKS"]
    assert finding.severity is Severity.ERROR
    assert "with size 44 x 68 mm;" in finding.message and "size 63.5 x 88.9 mm" in finding.message
    assert "back '" not in finding.message  # the backs agree: only the size gives it away


def test_a_pile_with_a_base_deck_needs_a_decision(tmp_path: Path) -> None:
    findings = broken_game(tmp_path, "flamme-rouge-variants",
                           ("rules.yaml", "    decks: [attaque, forme]\n    decision: FRV-D-SLEEVES\n",
                            "    decks: [attaque, forme]\n"))
    [finding] = [f for f in findings if f.rule == "PILE-BACKS"]
    assert finding.component == "pile rouleur"
    assert "rouleur" in finding.message and "decision" in finding.message


def test_a_card_joining_face_up_is_accepted_by_a_decision_only(tmp_path: Path) -> None:
    pile = ("  - id: movement\n    name: movement deck\n",
            "  - id: movement\n    name: movement deck\n    open: first-player\n")
    findings = broken_game(tmp_path, "green-jersey", ("rules.yaml", *pile))
    assert "PILE-BACKS" in rule_ids(findings)
    findings = broken_game(tmp_path, "green-jersey",
                           ("rules.yaml", "    open: first-player\n", "    open: first-player\n    decision: GJ-D-COLOURS\n"))
    assert "PILE-BACKS" not in rule_ids(findings)


def _copy(tmp_path: Path, game: str) -> Path:
    copy = tmp_path / game
    shutil.copytree(ROOT / "data" / game, copy)
    return copy


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_an_unknown_deck_in_a_pile_is_a_located_error(tmp_path: Path) -> None:
    copy = _copy(tmp_path, "flamme-rouge-variants")
    rules = copy / "rules.yaml"
    _edit(rules, "decks: [grimpeur, fatigue, attaque, forme]", "decks: [grimpeur, fatigue, attaque, frome]")
    with pytest.raises(DataErrors) as exc:
        load_game(copy)
    [err] = exc.value.errors
    assert err.location.file.endswith("rules.yaml")
    assert err.location.line == _line_of(rules, "frome")
    assert err.field == "piles[grimpeur].decks"
    assert err.message == "unknown deck 'frome'"
    assert err.hint == "did you mean 'forme'?"


def test_an_unknown_card_or_decision_in_a_pile_is_a_located_error(tmp_path: Path) -> None:
    copy = _copy(tmp_path, "green-jersey")
    rules = copy / "rules.yaml"
    _edit(rules, "    decks: [riders]\n", "    decks: [riders/coureur-rouje]\n    decision: GJ-D-COLOR\n")
    with pytest.raises(DataErrors) as exc:
        load_game(copy)
    found = {e.field: e for e in exc.value.errors}
    assert set(found) == {"piles[riders].decks", "piles[riders].decision"}
    card, decision = found["piles[riders].decks"], found["piles[riders].decision"]
    assert card.message == "unknown card of deck riders 'coureur-rouje'"
    assert card.hint == "did you mean 'coureur-rouge'?"
    assert card.location.line == _line_of(rules, "riders/coureur-rouje")
    assert decision.message == "unknown decision 'GJ-D-COLOR'" and decision.hint == "did you mean 'GJ-D-COLOURS'?"
    assert decision.location.line == _line_of(rules, "decision: GJ-D-COLOR")


def test_a_misspelt_field_or_a_pile_without_cards_is_an_error(tmp_path: Path) -> None:
    copy = _copy(tmp_path, "tour-de-france-mb")
    rules = copy / "rules.yaml"
    _edit(rules, "    decks: [risque]\n", "    deck: [risque]\n")
    with pytest.raises(DataErrors) as exc:
        load_game(copy)
    [err] = exc.value.errors
    assert (err.field, err.message, err.hint) == ("piles[1].deck", "unknown field 'deck'", "did you mean 'decks'?")
    assert err.location.line == _line_of(rules, "deck: [risque]")
    _edit(rules, "    deck: [risque]\n", "")
    with pytest.raises(DataErrors) as exc:
        load_game(copy)
    [err] = exc.value.errors
    assert err.field == "piles[1]" and "holds no cards" in err.message
