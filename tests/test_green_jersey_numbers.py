"""Green Jersey: every rules number a player reads comes from the data (issue 16).

Each case copies the game, changes one value of the data (rules.yaml, tokens.yaml, decks.yaml, the
movement deck) to another valid one, builds the parts of the kit that print it, and reads them back:
the new value is printed where the old one was, and the old one is gone from those sentences. The
last test reads the templates themselves for numbers typed into their sentences.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kit_helpers import ROOT, mutated_kit, typed_in_decisions, typed_in_templates

GAME = "green-jersey"
R = "rules.yaml"


def _build(tmp_path: Path, edits, parts: tuple[str, ...], lang: str = "fr") -> dict[str, str]:
    return mutated_kit(tmp_path, GAME, edits, parts, lang)


# (id, edits, parts built, {pdf: [texts that must be there]}, {pdf: [texts that must not]})
CASES = [
    ("finishers_to_end",
     [(R, "finishers_to_end: 3", "finishers_to_end: 2")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["Le sprint s'arrête dès que 2 coureurs ont passé l'arrivée"],
      "rulebook.pdf": ["dès que 2 coureurs ont passé l'arrivée", "2 coureurs arrivés (garder"],
      "designer.pdf": ["should see 2 riders cross"]},
     {"pieces.pdf": ["dès que 3 coureurs"],
      "rulebook.pdf": ["dès que 3 coureurs", "3 coureurs arrivés"],
      "designer.pdf": ["should see 3 riders"]}),
    ("scoring.points",
     [(R, "points: [3, 2, 1]", "points: [4, 2, 1]")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["Les 3 premiers marquent 4, 2, 1 points"],
      "rulebook.pdf": ["1er : 4 points, 2e : 2 points et 3e : 1 point", "4 points pour le 1er"],
      "designer.pdf": ["worth 4, 2, 1 points"]},
     {"pieces.pdf": ["marquent 3, 2, 1"],
      "rulebook.pdf": ["1er : 3 points", "3 points pour le 1er"],
      "designer.pdf": ["worth 3, 2, 1"]}),
    ("deal.hand",
     [(R, "  hand: 5 ", "  hand: 6 ")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["Distribuez 6 cartes à chacun."],
      "rulebook.pdf": ["jusqu'à ce que chaque main compte 6 cartes", "Compléter les mains à 6 cartes"],
      "designer.pdf": ["the whole hand of 6", "a hand holds 6 cards", "the first deal of 6"]},
     {"pieces.pdf": ["Distribuez 5 cartes"],
      "rulebook.pdf": ["chaque main compte 5 cartes", "Compléter les mains à 5 cartes"],
      "designer.pdf": ["the whole hand of 5", "a hand holds 5 cards", "the first deal of 5"]}),
    ("deal.discard_max",
     [(R, "discard_max: 5", "discard_max: 4")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["Chacun à son tour rejette de 0 à 4 cartes."],
      "rulebook.pdf": ["peut se défausser de 0 à 4 cartes", "rejeter de 0 à 4 cartes", "On rejette de 0 à 4 cartes"],
      "designer.pdf": ["discard from 0 to 4 cards"]},
     {"pieces.pdf": ["rejette de 0 à 5"],
      "rulebook.pdf": ["défausser de 0 à 5", "rejeter de 0 à 5", "On rejette de 0 à 5"],
      "designer.pdf": ["discard from 0 to 5"]}),
    ("deal.refill_to",
     [(R, "refill_to: 6", "refill_to: 5")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["Complétez chaque main à 5 cartes."],
      "rulebook.pdf": ["Le premier joueur complète ensuite chaque main à 5 cartes", "compléter à 5."],
      "designer.pdf": ["6 hands of 5"]},
     {"pieces.pdf": ["chaque main à 6 cartes"],
      "rulebook.pdf": ["chaque main à 6 cartes", "compléter à 6."],
      "designer.pdf": ["hands of 6"]}),
    ("deal.keep_max",
     [(R, "keep_max: 5", "keep_max: 4")],
     ("rulebook", "designer"),
     {"rulebook.pdf": ["garder jusqu'à 4 de ses cartes", "garder jusqu'à 4 cartes", "chacun garde au plus 4 cartes"],
      "designer.pdf": ["keep up to 4 cards"]},
     {"rulebook.pdf": ["jusqu'à 5 de ses cartes", "garder jusqu'à 5 cartes", "au plus 5 cartes"],
      "designer.pdf": ["keep up to 5 cards"]}),
    ("sprints",
     [(R, "  2: [4, 6]", "  2: [2, 6]")],
     ("pieces", "rulebook"),
     {"pieces.pdf": ["2 joueurs 2 ou 6 sprints"],
      "rulebook.pdf": ["Sprints par partie 2 2 ou 6 3 3 ou 6", "plusieurs longueurs"]},
     {"pieces.pdf": ["4 ou 6 sprints"],
      "rulebook.pdf": ["4 ou 6"]}),
    ("sprints, one length each",
     [(R, "  2: [4, 6]", "  2: [4]"), (R, "  3: [3, 6]", "  3: [3]")],
     ("pieces", "rulebook"),
     {"pieces.pdf": ["2 joueurs 4 sprints", "3 joueurs 3 sprints"],
      "rulebook.pdf": ["Sprints par partie 2 4 3 3 4 4"]},
     {"pieces.pdf": ["ou 6 sprints"],
      "rulebook.pdf": ["ou 6", "plusieurs longueurs", "deux longueurs"]}),
    ("tokens per pile",
     [("tokens.yaml", "rank: 1, count: 6", "rank: 1, count: 7"),
      ("tokens.yaml", "rank: 2, count: 6", "rank: 2, count: 7"),
      ("tokens.yaml", "rank: 3, count: 6", "rank: 3, count: 7"),
      (R, "point_tokens: 18", "point_tokens: 21")],
     ("rulebook",),
     {"rulebook.pdf": ["21 jetons points, en 3 piles de 7", "1er 3 points 7"]},
     {"rulebook.pdf": ["18 jetons", "piles de 6", "1er 3 points 6"]}),
    ("player aids",
     [("decks.yaml", "qty: 6", "qty: 5")],
     ("rulebook",),
     {"rulebook.pdf": ["5 aides de jeu, une par joueur"]},
     {"rulebook.pdf": ["6 aides de jeu"]}),
    ("movement deck",
     [("movement.csv", "joker-3,joker,multicolore,3\n", "joker-3,joker,multicolore,3\njoker-4,joker,multicolore,2\n"),
      (R, "total: 45", "total: 46"), (R, "joker: 3", "joker: 4"), (R, "movement_cards: 45", "movement_cards: 46")],
     ("rulebook", "designer"),
     {"rulebook.pdf": ["46 cartes mouvement", "Le paquet compte 46 cartes", "Les 4 jokers au maillot multicolore",
                       "Le premier sprint se court avec 37 cartes", "qui compte alors 45 cartes",
                       "les 4 jokers montrent les mêmes distances"],
      "designer.pdf": ["the 4 jokers show the same distances", "(46 cards less the 9"]},
     {"rulebook.pdf": ["Le paquet compte 45 cartes", "Les 3 jokers", "avec 36 cartes", "alors 44 cartes"],
      "designer.pdf": ["the 3 jokers", "(45 cards less"]}),
]


@pytest.mark.parametrize("edits, parts, present, absent", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_changed_value_is_printed_where_the_old_one_was(tmp_path, edits, parts, present, absent):
    texts = _build(tmp_path, edits, parts)
    for pdf, wanted in present.items():
        for text in wanted:
            assert text in texts[pdf], f"{pdf}: {text!r} not printed"
    for pdf, gone in absent.items():
        for text in gone:
            assert text not in texts[pdf], f"{pdf}: {text!r} still printed"


def test_the_board_legend_says_when_a_sprint_stops(tmp_path):
    """The legend of the finish line prints the ordinal of rules.sprint.finishers_to_end (board
    texts read the rules, as card texts do)."""
    from pnp.layout.boards.frame import board_texts
    from pnp.model import load_game

    assert board_texts(load_game(ROOT / "data" / GAME)).module.legend_finish().strip().endswith("s'arrête.")
    texts = _build(tmp_path, [(R, "finishers_to_end: 3", "finishers_to_end: 2")], ("boards",))
    for side in ("board-a.pdf", "board-b.pdf"):
        assert "Au 2e arrivé, le sprint s'arrête." in texts[side]
        assert "3e arrivé" not in texts[side] and "troisième" not in texts[side]


# --- numbers typed into the templates

TEMPLATES = ROOT / "data" / GAME / "templates"
NUMBERS = re.compile(r"\d+|\b(?:deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|"
                     r"premi(?:er|ère)s?|seconde?s?|deuxième|troisième|quatrième|cinquième|sixième|"
                     r"septième|huitième|neuvième|dixième|double|moitié|tiers|quart)\b", re.IGNORECASE)
"""Digits and French number words (cardinals, ordinals, fractions): "un"/"une" are articles as often as
numbers, and are left to review."""

ALLOWED = [
    # the name of the line across the road (boards.yaml, line kind "300m"), not a count of the rules
    r"(?:ligne |Ligne )?300 m\b",
    # the first-player card's name, and what it says: the player who holds it plays first
    r"\b(?:carte |cartes )?[Pp]remier joueur\b", r"jouez le premier",
    # the kinds of movement card (rules.yaml deck.kinds: single, pair, joker) are named by the jerseys
    # they show: a pair card shows two by definition
    r"\b1 maillot\b", r"\b2 maillots\b", r"\b(?:à )?[Dd]eux maillots\b", r"\bun ou deux coureurs\b",
    r"\bL'un des deux\b", r"\bl'un des deux\b", r"\bles deux coureurs\b", r"\bdeux coureurs\b",
    # the first sprint is the one without the green jersey (rules.yaml piles), the last one ends the game
    r"\b(?:au |le |du |Le |Premier |Avant le )?premier sprint\b", r"\bPremier sprint\b", r"\bdernier sprint\b",
    r"\bEntre deux sprints\b",
    # the ranks that score are counted by rules.yaml scoring.points: "the {{ n }} first", "the first"
    r"\{\{ (?:places|count) \}\} premi(?:er|ère)s\b", r"\bLe premier marque\b",
    # the peloton squares are numbered from 1, the leader's (boards.yaml): the numbers are labels
    r"\ble premier coureur tiré part de la case 1, le deuxième de la case 2, et ainsi de suite",
    r"\(1 = en tête\)", r"\bla case 1\b",
    # discarding is optional: none is the least a player may discard
    r"\bde 0 à\b", r"\brejette 0 ou\b",
    # a square has eight neighbours on the grid: geometry, not a number of the rules
    r"\bhuit cases\b", r"\bles huit autour\b", r"\bce dernier\b",
    # the two steps of the push figure, and lists of cases the sentence itself sets out
    r"^1 : ", r"\. 2 : ", r"\bces deux cas\b", r"\bque dans deux cas\b",
    # the green jersey on a rider shows two colours, the green and the rider's own
    r"\baux deux couleurs\b",
    # who plays first in a turn, and the player who deals
    r"\bà partir du premier joueur\b", r"\ble premier joueur\b", r"\bLe premier joueur\b",
]
"""Phrases of the templates whose numbers are not rules numbers, each with the reason above it."""


def test_no_rules_number_is_typed_into_a_template():
    typed = typed_in_templates(TEMPLATES, NUMBERS, ALLOWED)
    assert not typed, "numbers typed into sentences (take them from the data):\n" + "\n".join(typed)


DECISION_NUMBERS = re.compile(r"\d+|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|first|second|third|"
                              r"fourth|fifth|sixth|half|twice|double)\b", re.IGNORECASE)
DECISION_ALLOWED = [
    # what the source rules say, quoted against the edition's choice (not a value of the data)
    r"not 6 as the source rules say", r"The rules say 0 to 6",
    # discarding is optional: none is the least a player may discard
    r"from 0 to",
    # the name of the line; the source rules' double-sided board (check GJ-BOARD-SIDES)
    r"300 m", r"double-sided",
    # GJ-BOARD-LENGTH's test: no rider crosses with two cards (pnp/games/green_jersey/check_board.py)
    r"with two cards of the longest distance",
    # card kinds, turns and the first player: the words of the rules, not counts of the data
    r"two-jersey", r"the two riders", r"one card of their choice", r"the last one", r"one single card",
    r"first[- ]player", r"first place", r"first deal", r"first sprint",
]


def test_no_data_value_is_typed_into_a_decision():
    """The decisions of rules.yaml quote the data through {rules.path} placeholders."""
    typed = typed_in_decisions(ROOT / "data" / GAME / R, DECISION_NUMBERS, DECISION_ALLOWED)
    assert not typed, "numbers typed into decisions (write {rules.path}):\n" + "\n".join(typed)
