"""Le jeu du Tour de France (quiz): every rules number a player reads comes from the data (issue 16).

Each case copies the game, changes one value of the data (rules.yaml, decks.yaml, the csv decks,
game.yaml) to another valid one, builds the parts of the kit that print it, and reads them back: the
new value is printed where the old one was, and the old one is gone from those sentences. The last
tests read the templates and the decisions themselves for numbers typed into their sentences.

Not built here: the number of answers of a question (rules.yaml questions.answers) needs every
question card rewritten; the rulebook is rendered from a copy whose rules say 4 instead (the checks,
which would refuse the cards, do not run on a render). The board's squares (prologue, Champs-Élysées)
are counted from boards.yaml by the rulebook context, like the track's length.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kit_helpers import ROOT, edited_copy, mutated_kit, read_as_printed, typed_in_decisions, typed_in_templates

GAME = "tour-de-france-quiz"
R = "rules.yaml"
D = "decks.yaml"


def _build(tmp_path: Path, edits, parts: tuple[str, ...], lang: str = "fr") -> dict[str, str]:
    return mutated_kit(tmp_path, GAME, edits, parts, lang)


_LAST_QUESTION = next(line for line in (ROOT / "data" / GAME / "questions.csv").read_text(encoding="utf-8")
                      .splitlines(keepends=True) if line.startswith("q62,"))

# (id, edits, parts built, {pdf: [texts that must be there]}, {pdf: [texts that must not]})
CASES = [
    ("setback",
     [(R, "setback: 3 ", "setback: 2 ")],
     ("pieces", "rulebook", "boards", "designer"),
     {"pieces.pdf": ["Reculez de 2 cases ; la case atteinte ne compte pas."],
      "rulebook.pdf": ["reculez de 2 cases ; la case atteinte n'a pas d'effet."],
      "board-a.pdf": ["Chute : 2 cases en arrière.", "Crevaison : 2 cases en arrière.", "Saut de chaîne : 2 cases en arrière."],
      "designer.pdf": ["setback squares (2 back each)"]},
     {"pieces.pdf": ["Reculez de 3 cases"],
      "rulebook.pdf": ["reculez de 3 cases"],
      "board-a.pdf": ["3 cases en arrière"],
      "designer.pdf": ["(3 back each)"]}),
    ("setback of one square",
     [(R, "setback: 3 ", "setback: 1 ")],
     ("pieces", "rulebook", "boards"),
     {"pieces.pdf": ["Reculez de 1 case ; la case atteinte ne compte pas."],
      "rulebook.pdf": ["reculez de 1 case ; la case atteinte n'a pas d'effet."],
      "board-a.pdf": ["Chute : 1 case en arrière."]},
     {"pieces.pdf": ["1 cases"], "rulebook.pdf": ["1 cases"], "board-a.pdf": ["1 cases"]}),
    ("dice.count",
     [(R, "dice: {count: 2, faces: 6}", "dice: {count: 3, faces: 6}"), (D, "{id: de, kind: die, qty: 2}", "{id: de, kind: die, qty: 3}")],
     ("rulebook", "designer"),
     {"rulebook.pdf": ["3 dés à 6 faces : ceux d'une autre boîte, ou les 3 dés en papier du kit", "lancez les 3 dés",
                       "On joue avec 3 dés ordinaires à 6 faces", "Avec 3 dés, un pion avance de 10,5 cases en moyenne"],
      "designer.pdf": ["3 ordinary dice of 6 faces", "The seed says 3 dice"]},
     {"rulebook.pdf": ["2 dés", "les 2 dés"],
      "designer.pdf": ["2 ordinary dice", "says 2 dice"]}),
    ("a single die",
     [(R, "dice: {count: 2, faces: 6}", "dice: {count: 1, faces: 6}"), (D, "{id: de, kind: die, qty: 2}", "{id: de, kind: die, qty: 1}")],
     ("rulebook",),
     {"rulebook.pdf": ["1 dé à 6 faces : celui d'une autre boîte, ou le dé en papier du kit", "À votre tour, lancez le dé,",
                       "On joue avec 1 dé ordinaire à 6 faces.", "Avec 1 dé, un pion avance de 3,5 cases en moyenne"]},
     {"rulebook.pdf": ["1 dés", "2 dés", "lancez les"]}),
    ("one more polka-dot card",
     [(D, "{id: pois-1, kind: pois, value: 1, qty: 6}", "{id: pois-1, kind: pois, value: 1, qty: 7}"),
      (R, "polka:     {deck: pois,      cards: 17}", "polka:     {deck: pois,      cards: 18}"),
      (R, "cards: 165", "cards: 166"), (R, "polka: [6, 5, 4, 2]", "polka: [7, 5, 4, 2]")],
     ("rulebook", "designer"),
     {"rulebook.pdf": ["166 cartes :", "18 cartes de points « maillot à pois », 15 « maillot vert »",
                       "Maillot à pois 18 7 × 1, 5 × 2"],
      "designer.pdf": ["polka-dot 7, 5, 4, 2 cards", "The seed gives the counts only (18, 15, 13)"]},
     {"rulebook.pdf": ["165 cartes", "17 cartes de points", "6 × 1, 5 × 2, 4 × 3"],
      "designer.pdf": ["polka-dot 6, 5", "(17, 15, 13)"]}),
    ("points values",
     [(D, f"{{id: {k}-5, kind: {k}, value: 5,", f"{{id: {k}-5, kind: {k}, value: 4,") for k in ("pois", "vert", "blanc")]
     + [(R, "values: [1, 2, 3, 5]", "values: [1, 2, 3, 4]")],
     ("cards", "rulebook", "designer"),
     {"cards.pdf": ["4 points pour ce maillot"],
      "rulebook.pdf": ["6 × 1, 5 × 2, 4 × 3, 2 × 4"],
      "designer.pdf": ["Cards worth 1, 2, 3, 4 points"]},
     {"cards.pdf": ["5 points pour ce maillot"],
      "rulebook.pdf": ["2 × 5", "1 × 5"],
      "designer.pdf": ["1, 2, 3, 5 points"]}),
    ("strategy cards per value",
     [("strategy.csv", f"{k}-{v},{kind},{s}{v},4", f"{k}-{v},{kind},{s}{v},5")
      for k, kind, s in (("plus", "plus", ""), ("moins", "minus", "-")) for v in (1, 2, 3)]
     + [(R, "per_value: 4", "per_value: 5"), (R, "strategy:  {deck: strategie, cards: 24}", "strategy:  {deck: strategie, cards: 30}"),
        (R, "cards: 165", "cards: 171")],
     ("rulebook", "designer"),
     {"rulebook.pdf": ["171 cartes :", "30 cartes Stratégie de course", "(5 × -3, 5 × -2, 5 × -1, 5 × +1, 5 × +2, 5 × +3)"],
      "designer.pdf": ["5 cards of each value, plus and minus: 1, 2, 3."]},
     {"rulebook.pdf": ["165 cartes", "24 cartes Stratégie", "4 × -3"],
      "designer.pdf": ["4 cards of each value"]}),
    ("strategy values",
     [("strategy.csv", "plus-3,plus,3,4", "plus-4,plus,4,4"), ("strategy.csv", "moins-3,minus,-3,4", "moins-4,minus,-4,4"),
      (R, "values: [1, 2, 3] ", "values: [1, 2, 4] ")],
     ("cards", "rulebook", "designer"),
     {"cards.pdf": ["Ajoutez 4 au lancer de dés", "Retirez 4 au lancer de dés"],
      "rulebook.pdf": ["(4 × -4, 4 × -2, 4 × -1, 4 × +1, 4 × +2, 4 × +4)"],
      "designer.pdf": ["plus and minus: 1, 2, 4."]},
     {"cards.pdf": ["Ajoutez 3 au", "Retirez 3 au"],
      "rulebook.pdf": ["4 × -3", "4 × +3"],
      "designer.pdf": ["1, 2, 3."]}),
    ("a single joker",
     [("mishaps.csv", "joker,joker,Joker,,3", "joker,joker,Joker,,1"),
      (R, "mishaps:   {deck: imprevus,  cards: 30}", "mishaps:   {deck: imprevus,  cards: 28}"), (R, "cards: 165", "cards: 163")],
     ("rulebook", "designer"),
     {"rulebook.pdf": ["28 cartes Imprévu, dont 1 Joker", "14 défavorables et 1 Joker. Un Joker se garde",
                       "Le paquet Imprévu compte 1 Joker ; il se garde", "Joker 1"],
      "designer.pdf": ["The seed gives 28 cards"]},
     {"rulebook.pdf": ["dont 3 Jokers", "1 Jokers", "Joker 3", "30 cartes Imprévu"],
      "designer.pdf": ["gives 30 cards"]}),
    ("mishaps.jokers_min",
     [(R, "jokers_min: 1", "jokers_min: 2")],
     ("designer",),
     {"designer.pdf": ["and jokers, at least 2;"]},
     {"designer.pdf": ["at least 1;"]}),
    ("mishap card values",
     [("mishaps.csv", "Vent dans le dos,2,3", "Vent dans le dos,3,3"),
      ("mishaps.csv", "Ravitaillement réussi,1,3", "Ravitaillement réussi,2,3"),
      ("mishaps.csv", "Passage à niveau fermé,1,2", "Passage à niveau fermé,2,2"),
      ("mishaps.csv", "Vent de face,1,3", "Vent de face,2,3")],
     ("cards",),
     {"cards.pdf": ["Avancez de 3 cases et jouez la case d'arrivée.", "Piochez 2 cartes Stratégie de course et gardez-les.",
                    "Vous passez vos 2 prochains tours.", "Reculez de 2 cases, sans jouer"]},
     {"cards.pdf": []}),
    ("one question less",
     [("questions.csv", _LAST_QUESTION, ""),
      (R, "questions: {deck: questions, cards: 62}", "questions: {deck: questions, cards: 61}"), (R, "cards: 165", "cards: 164")],
     ("rulebook", "designer"),
     {"rulebook.pdf": ["61 cartes Questions Villes Étapes", "164 cartes :"],
      "designer.pdf": ["61 cards, each with a tourism question"]},
     {"rulebook.pdf": ["62 cartes", "165 cartes"],
      "designer.pdf": ["62 cards"]}),
    ("pace",
     [(R, "  players: 4\n", "  players: 5\n"), (R, "seconds_per_turn: 50", "seconds_per_turn: 40"),
      (R, "finish_turns: 3 ", "finish_turns: 2 "), (R, "target_minutes: 45", "target_minutes: 40")],
     ("rulebook", "designer"),
     {"rulebook.pdf": ["environ 12,4 tours, dont quelques-uns pour viser l'Arrivée : à 5 joueurs et 40 secondes par tour"],
      "designer.pdf": ["a game of about 40 minutes needs, at 5 players and 40 s a turn", "plus about 2 turns",
                       "The track is sized for about 40 minutes at 5 players"]},
     {"rulebook.pdf": ["à 4 joueurs et 50 secondes"],
      "designer.pdf": ["about 45 minutes", "4 players", "50 s", "about 3 turns"]}),
    ("pace.long_game",
     [(R, "long_game: 1.5 ", "long_game: 2 ")],
     ("rulebook",),
     {"rulebook.pdf": ["une ligne par tour, 27 en tout"]},
     {"rulebook.pdf": ["21 en tout"]}),
    ("players",
     [(R, "players: {min: 2, max: 6}", "players: {min: 2, max: 5}"), ("game.yaml", "players: {min: 2, max: 6}", "players: {min: 2, max: 5}")],
     ("boards", "designer"),
     {"board-a.pdf": ["2 à 5 joueurs"],
      "designer.pdf": ["the largest table (5)", "a long game at 5 players"]},
     {"board-a.pdf": ["2 à 6 joueurs"],
      "designer.pdf": ["table (6)", "at 6 players"]}),
    ("tally sheets",
     [(D, "{id: feuille-points, kind: tally}", "{id: feuille-points, kind: tally, qty: 2}")],
     ("rulebook",),
     {"rulebook.pdf": ["2 feuilles de points des maillots"]},
     {"rulebook.pdf": ["1 feuille de points"]}),
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


def test_the_rulebook_counts_the_answers_and_the_piles_from_the_data(tmp_path):
    """questions.answers reaches the rulebook (a question's answers, the question card's caption);
    the piles of rules.yaml are the decks shuffled apart; the jersey cards are the jersey deck's."""
    from pnp.layout.rulebook_context import render_rulebook_markdown
    from pnp.model import load_game

    copy = edited_copy(tmp_path, GAME, [(R, "  answers: 3", "  answers: 4"),
                            (R, "  - id: imprevus\n    name: mishaps\n", "  - id: imprevus\n    name: mishaps\n    rule: \"Shuffled on its own.\"\n    decks: [imprevus]\n  - id: imprevus-bis\n    name: mishaps again\n")])
    text = read_as_printed(render_rulebook_markdown(load_game(copy)))
    assert "Il lit la question et ses 4 réponses" in text and "4 réponses chacune" in text
    assert "3 réponses" not in text and "trois réponses" not in text
    assert "Les 7 paquets qu'on mélange" in text and "posez les 7 pioches" in text
    assert "six" not in text.lower().split("villes étapes du plateau")[0]
    assert "Dépliez les 4 cartes-maillots" in text


@pytest.mark.parametrize("edit, rule", [
    ((D, "{id: pois-1, kind: pois, value: 1, qty: 6}", "{id: pois-1, kind: pois, value: 1, qty: 5}"), "TDQ-POINTS"),
    ((R, "white: [5, 4, 3, 1]", "white: [5, 4, 3]"), "TDQ-POINTS"),
    (("strategy.csv", "plus-2,plus,2,4", "plus-2,plus,2,3"), "TDQ-STRATEGY-BALANCE"),
    ((R, "values: [1, 2, 3] ", "values: [1, 2, 4] "), "TDQ-STRATEGY-BALANCE"),
])
def test_the_cards_the_decisions_quote_are_checked_against_the_decks(tmp_path, edit, rule):
    """TDQ-D-POINTS and TDQ-D-STRATEGY quote rules.yaml (points_cards, strategy.values and per_value):
    the checks hold those lists to the decks, so the decisions cannot print values the cards lost."""
    from kit_helpers import broken_game, rule_ids

    assert rule in rule_ids(broken_game(tmp_path, GAME, edit))


# --- numbers typed into the templates

TEMPLATES = ROOT / "data" / GAME / "templates"
NUMBERS = re.compile(r"\d+|\b(?:deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|"
                     r"premi(?:er|ère)s?|seconde?s?|deuxième|troisième|quatrième|cinquième|sixième|"
                     r"septième|huitième|neuvième|dixième|double|moitié|tiers|quart)\b", re.IGNORECASE)
"""Digits and French number words (cardinals, ordinals, fractions): "un"/"une" are articles as often as
numbers, and are left to review."""

ALLOWED = [
    # Prologue 1 is the name of the square in front (boards.yaml numbers the prologue squares from 1,
    # check TDQ-TRACK), the prologue order counts on from it
    r"\bla case Prologue 1\b", r"\ble suivant sur la case 2\b", r"\ble n° 1 devant\b", r"\ble numéro 1 devant\b",
    r"\bLa case Prologue 1\b",
    # the leader of the race ("le premier de la course"), the first pawn to arrive, the first time a
    # time trial square is reached: who, not how many
    r"\ble premier de la course\b", r"\bLe premier pion\b", r"\ble premier arrivé\b", r"\barrivé le premier\b",
    r"\b[Ll]a première fois\b", r"\bQuand le premier l'atteint\b",
    # a unit of the pace ("50 secondes par tour"), not an ordinal
    r"\bsecondes par tour\b",
    # the rulebook's own sections ("section 7": the Arrivée)
    r"\(section 7\)",
]
"""Phrases of the templates whose numbers are not rules numbers, each with the reason above it."""


def test_no_rules_number_is_typed_into_a_template():
    typed = typed_in_templates(TEMPLATES, NUMBERS, ALLOWED)
    assert not typed, "numbers typed into sentences (take them from the data):\n" + "\n".join(typed)


DECISION_NUMBERS = re.compile(r"\d+|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                              r"first|second|third|fourth|fifth|sixth|half|twice|double|once)\b", re.IGNORECASE)
DECISION_ALLOWED = [
    # the names of the prologue squares (Prologue 1 in front, then 2, 3...: boards.yaml, check TDQ-TRACK)
    r"Prologue 1 in front, then 2, 3\.\.\. behind it",
    # the ids of the checks the decisions point to
    r"\bTDQ-[A-Z-]+\b",
    # who leads: the pawn that arrived first; a time trial square raced once, the first time it is reached
    r"arrived first", r"raced once: the first time",
    # words of the sentences, not counts: applied at once, the right one, the one that arrived, helps one
    # player, raced twice
    r"at once", r"the right one", r"the one that", r"helps one player", r"raced twice",
]


def test_no_data_value_is_typed_into_a_decision():
    """The decisions of rules.yaml quote the data through {rules.path} placeholders."""
    typed = typed_in_decisions(ROOT / "data" / GAME / R, DECISION_NUMBERS, DECISION_ALLOWED)
    assert not typed, "numbers typed into decisions (write {rules.path}):\n" + "\n".join(typed)
