"""Tour de France (MB): every rules number a player reads comes from the data (issue 16).

Each case copies the game, changes one value of the data (rules.yaml, risque.csv, course.csv,
tokens.yaml, boards.yaml) to another valid one, builds the parts of the kit that print it, and
reads them back: the new value is printed where the old one was, and the old one is gone from
those sentences. The last tests read the templates and the decisions themselves for numbers typed
into their sentences.

Not mutated here, because the rules checker ties them to other data that would all have to change
with them: cyclists_per_team (riders, standees, three values per race card, bands of three squares;
its card texts are tested below by rendering the macros), pawns_per_player (TDF-PARITY-PAWNS: two
classifications of units and tens), corridor_lanes and the time trial heat and lanes (the board's
lanes and start squares, TDF-BOARD), standings min and max (the units and tens tracks,
TDF-STANDINGS-RANGE).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kit_helpers import ROOT, mutated_kit, read_as_printed, typed_in_decisions, typed_in_templates

GAME = "tour-de-france-mb"
R = "rules.yaml"


def _build(tmp_path: Path, edits, parts: tuple[str, ...], lang: str = "fr") -> dict[str, str]:
    return mutated_kit(tmp_path, GAME, edits, parts, lang)


# (id, edits, parts built, {pdf: [texts that must be there]}, {pdf: [texts that must not]})
CASES = [
    ("race_deck.colour_bonus",
     [(R, "colour_bonus: 1 ", "colour_bonus: 2 ")],
     ("cards", "rulebook"),
     {"cards.pdf": ["Équipe Rouge : 2 cases de plus pour l'un d'eux."],
      "rulebook.pdf": ["l'un de vos cyclistes avance de 2 cases de plus."]},
     {"cards.pdf": ["1 case de plus"],
      "rulebook.pdf": ["avance de 1 case de plus", "1 case de plus pour"]}),
    ("components.finish_slots",
     [(R, "finish_slots: 12", "finish_slots: 13")],
     ("rulebook", "designer"),
     {"rulebook.pdf": ["tableau de Classement de l'étape (13 places)"],
      "designer.pdf": ["Printed on the board under the course: 13 numbered slots", "13 slots hold every cyclist"]},
     {"rulebook.pdf": ["(12 places)"],
      "designer.pdf": ["12 numbered slots", "12 slots"]}),
    ("risk_deck.hand_max",
     [(R, "hand_max: 1 ", "hand_max: 2 ")],
     ("rulebook",),
     {"rulebook.pdf": ["sauf si ce joueur en a déjà 2 devant lui"]},
     {"rulebook.pdf": ["en a déjà une devant lui"]}),
    ("road.hand",
     [(R, "  hand: 4 ", "  hand: 5 ")],
     ("rulebook",),
     {"rulebook.pdf": ["Le donneur donne 5 cartes-Course à chaque joueur.", "pour avoir de nouveau 5 cartes en main"]},
     {"rulebook.pdf": ["donne 4 cartes-Course", "de nouveau 4 cartes"]}),
    ("road.redraw",
     [(R, "redraw: 1 ", "redraw: 2 ")],
     ("rulebook",),
     {"rulebook.pdf": ["défaussez 2 cartes, piochez-en 2 et jouez-les tout de suite"]},
     {"rulebook.pdf": ["défaussez 1 carte", "piochez-en 1"]}),
    ("individual_time_trial.hand",
     [(R, "  hand: 10 ", "  hand: 9 ")],
     ("rulebook", "designer"),
     {"rulebook.pdf": ["Le donneur donne 9 cartes-Course à chacun de leurs joueurs.", "en reçoit 9 autres"],
      "designer.pdf": ["within the 9 cards dealt"]},
     {"rulebook.pdf": ["donne 10 cartes-Course", "en reçoit 10 autres"],
      "designer.pdf": ["the 10 cards dealt"]}),
    ("points.road_individual",
     [(R, "road_individual: [5, 3, 2, 1]", "road_individual: [6, 3, 2, 1]")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["Cycliste classé 1er 6 points"],
      "rulebook.pdf": ["individuel (par cycliste) 6 – 3 – 2 – 1"],
      "designer.pdf": ["cyclists 6, 3, 2, 1 by place"]},
     {"pieces.pdf": ["Cycliste classé 1er 5 points"],
      "rulebook.pdf": ["5 – 3 – 2 – 1"],
      "designer.pdf": ["cyclists 5, 3, 2, 1"]}),
    ("points.road_team",
     [(R, "road_team: [6, 4, 2, 0]", "road_team: [7, 4, 2, 0]")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["Équipe classée 1re 7 points"],
      "rulebook.pdf": ["par équipes (cyclistes arrivés) 7 – 4 – 2 – 0"],
      "designer.pdf": ["teams 7, 4, 2, 0 by cyclists finished"]},
     {"pieces.pdf": ["Équipe classée 1re 6 points"],
      "rulebook.pdf": ["6 – 4 – 2 – 0"],
      "designer.pdf": ["teams 6, 4, 2, 0"]}),
    ("points.team_bonus",
     [(R, "team_bonus: 3 ", "team_bonus: 4 ")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["parmi les 3 premiers + 4 points"],
      "rulebook.pdf": ["parmi les 3 premiers +4"],
      "designer.pdf": ["+4 team bonus"]},
     {"pieces.pdf": ["+ 3 points"],
      "rulebook.pdf": ["premiers +3"],
      "designer.pdf": ["+3 team bonus"]}),
    ("points.bonus_cyclists",
     [(R, "bonus_cyclists: 2", "bonus_cyclists: 1")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["Bonus : 1 cycliste de l'équipe parmi les 3 premiers"],
      "rulebook.pdf": ["bonus d'équipe : 1 cycliste parmi les 3 premiers"],
      "designer.pdf": ["team bonus for 1 or more cyclists in the first 3"]},
     {"pieces.pdf": ["2 cyclistes de l'équipe", "1 cyclistes"],
      "rulebook.pdf": ["2 cyclistes parmi", "1 cyclistes"],
      "designer.pdf": ["for 2 or more"]}),
    ("points.bonus_places",
     [(R, "bonus_places: 3", "bonus_places: 4")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["parmi les 4 premiers"],
      "rulebook.pdf": ["bonus d'équipe : 2 cyclistes parmi les 4 premiers"],
      "designer.pdf": ["cyclists in the first 4"]},
     {"pieces.pdf": ["parmi les 3 premiers"],
      "rulebook.pdf": ["parmi les 3 premiers"],
      "designer.pdf": ["in the first 3"]}),
    ("points.green_first",
     [(R, "green_first: 3 ", "green_first: 4 ")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["Premier à passer la ligne verte 4 points"],
      "rulebook.pdf": ["Le premier cycliste qui la franchit marque 4 points", "marque tout de même 4 points",
                       "derrière le Maillot Jaune 4 / 1"],
      "designer.pdf": ["green line 4 (or 1 behind the Yellow)"]},
     {"pieces.pdf": ["ligne verte 3 points"],
      "rulebook.pdf": ["franchit marque 3 points", "tout de même 3 points", "3 / 1"],
      "designer.pdf": ["green line 3"]}),
    ("points.green_second",
     [(R, "green_second: 1 ", "green_second: 2 ")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["le Maillot Jaune est passé le premier 2 points"],
      "rulebook.pdf": ["au deuxième cycliste à la franchir, qui marque 2 points.", "3 / 2"],
      "designer.pdf": ["(or 2 behind the Yellow)"]},
     {"pieces.pdf": ["passé le premier 1 point"],
      "rulebook.pdf": ["qui marque 1 point.", "3 / 1"],
      "designer.pdf": ["(or 1 behind"]}),
    ("points.combativity",
     [(R, "combativity: 2 ", "combativity: 3 ")],
     ("cards", "pieces", "rulebook", "designer"),
     {"cards.pdf": ["3 points au classement individuel"],
      "pieces.pdf": ["Carte prix de la combativité 3 points"],
      "rulebook.pdf": ["Carte prix de la combativité individuel 3"],
      "designer.pdf": ["combativity card 3;"]},
     {"cards.pdf": ["2 points au classement individuel"],
      "pieces.pdf": ["combativité 2 points"],
      "rulebook.pdf": ["combativité individuel 2"],
      "designer.pdf": ["combativity card 2"]}),
    ("points.ttt_team",
     [(R, "ttt_team: [8, 5, 3, 1]", "ttt_team: [9, 5, 3, 1]")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["classement par équipes Équipe classée 1re 9 points"],
      "rulebook.pdf": ["Contre la montre par équipes par équipes 9 – 5 – 3 – 1"],
      "designer.pdf": ["team time trial 9, 5, 3, 1"]},
     {"pieces.pdf": ["Équipe classée 1re 8 points"],
      "rulebook.pdf": ["8 – 5 – 3 – 1"],
      "designer.pdf": ["8, 5, 3, 1"]}),
    ("points.itt_individual",
     [(R, "itt_individual: [6, 3, 1, 0]", "itt_individual: [7, 3, 1, 0]")],
     ("pieces", "rulebook", "designer"),
     {"pieces.pdf": ["Coureur classé 1er 7 points"],
      "rulebook.pdf": ["le moins de cartes l'emporte et marque 7 points", "individuel 7 – 3 – 1 – 0"],
      "designer.pdf": ["individual time trial 7, 3, 1, 0"]},
     {"pieces.pdf": ["Coureur classé 1er 6 points"],
      "rulebook.pdf": ["l'emporte et marque 6 points", "6 – 3 – 1 – 0"],
      "designer.pdf": ["6, 3, 1, 0"]}),
    ("stages",
     [(R, "  - {number: 5, kind: road}", "  - {number: 5, kind: road}\n  - {number: 6, kind: road}")],
     ("rulebook", "boards"),
     {"rulebook.pdf": ["sur un Tour de France de 6 étapes", "Les étapes 1, 3, 5 et 6 se courent",
                       "Un seul parcours sert aux 6 étapes"],
      "board-a.pdf": ["Le parcours des 6 étapes"]},
     {"rulebook.pdf": ["de 5 étapes", "aux 5 étapes", "cinq"],
      "board-a.pdf": ["5 étapes", "cinq"]}),
    ("risk cards: one more Aspiration",
     [("risque.csv", "aspiration,favourable,bleu,Aspiration,advance,2,3", "aspiration,favourable,bleu,Aspiration,advance,2,4"),
      (R, "favourable: 10 ", "favourable: 11 "), (R, "risk_cards: 20", "risk_cards: 21")],
     ("rulebook", "designer"),
     {"rulebook.pdf": ["21 cartes-Risque : 11 bleues (favorables) et 10 rouges (défavorables)", "Aspiration bleue 4"],
      "designer.pdf": ["11 blue cards", "The seed gives 21 cards"]},
     {"rulebook.pdf": ["20 cartes-Risque", "10 bleues", "Aspiration bleue 3"],
      "designer.pdf": ["10 blue cards", "gives 20 cards"]}),
    ("risk card values",
     [("risque.csv", "Aspiration,advance,2,", "Aspiration,advance,3,"),
      ("risque.csv", "Échappée,boost,2,", "Échappée,boost,1,"),
      ("risque.csv", "Second souffle,extra-card,1,", "Second souffle,extra-card,2,"),
      ("risque.csv", "Chute,crash,1,", "Chute,crash,2,"),
      ("risque.csv", "Crevaison,lose-turn,1,", "Crevaison,lose-turn,2,"),
      ("risque.csv", "Vent de face,headwind,1,", "Vent de face,headwind,2,")],
     ("cards",),
     {"cards.pdf": ["ce cycliste avance de 3 cases, tout droit", "avance de 1 case de plus.", "jouez-en aussitôt 2 autres",
                    "passent 2 tours.", "passe 2 tours.", "avance de 2 cases de moins."]},
     {"cards.pdf": ["avance de 2 cases, tout droit", "cases de plus.", "aussitôt 1 autre", "1 tour", "1 case de moins",
                    "2 case ", "2 tour."]}),
    ("risk_deck.crash_min",
     [(R, "crash_min: 1 ", "crash_min: 2 ")],
     ("designer",),
     {"designer.pdf": ["crash cards (at least 2)"]},
     {"designer.pdf": ["(at least 1)"]}),
    ("risk_deck.crash_neighbours",
     [(R, "crash_neighbours: 8 ", "crash_neighbours: 7 ")],
     ("designer",),
     {"designer.pdf": ["those of the 7 squares around it"]},
     {"designer.pdf": ["the 8 squares"]}),
    ("race deck: 13 cards per colour",
     [("course.csv", f"{c}-221,triplet,{c},2-2-1,1", f"{c}-221,triplet,{c},2-2-1,2") for c in ("rouge", "bleu", "orange", "blanc")]
     + [(R, "per_colour: 12 ", "per_colour: 13 "), (R, "colour_cards: 44", "colour_cards: 48"),
        (R, "race_cards: 48", "race_cards: 52")],
     ("rulebook", "designer"),
     {"rulebook.pdf": ["52 cartes-Course : 48 cartes de 4 couleurs et 4 cartes-Sprint",
                       "Chaque couleur a les mêmes 13 cartes-Course"],
      "designer.pdf": ["13 cards per colour", "than the 52 race cards"]},
     {"rulebook.pdf": ["48 cartes-Course", "44 cartes de", "mêmes 12"],
      "designer.pdf": ["12 cards per colour", "the 48 race cards"]}),
    ("miss-a-turn markers",
     [("tokens.yaml", "name: Passe un tour, count: 12", "name: Passe un tour, count: 13")],
     ("rulebook",),
     {"rulebook.pdf": ["13 jetons Passe un tour, un par cycliste en course"]},
     {"rulebook.pdf": ["12 jetons"]}),
    ("green line",
     [("boards.yaml", "{id: ligne-verte, kind: green, column: 13}", "{id: ligne-verte, kind: green, column: 12}")],
     ("rulebook",),
     {"rulebook.pdf": ["La ligne verte coupe la route 9 cases après les bandes de départ"]},
     {"rulebook.pdf": ["10 cases après"]}),
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


@pytest.mark.parametrize("team, fringale, ttt", [
    (3, "ce cycliste reste sur place, les 2 autres avancent.", "Ordre d'arrivée du 3e cycliste"),
    (4, "ce cycliste reste sur place, les 3 autres avancent.", "Ordre d'arrivée du 4e cycliste"),
    (2, "ce cycliste reste sur place, l'autre avance.", "Ordre d'arrivée du 2e cycliste"),
])
def test_the_cards_count_a_team_from_the_rules(team, fringale, ttt):
    """cyclists_per_team reaches the Fringale card (the team's other cyclists) and the points table
    (the team time trial ranks a team by its last cyclist). The faces pass rules.cyclists_per_team."""
    from pnp.layout.templates import card_texts
    from pnp.model import load_game

    model = load_game(ROOT / "data" / GAME)
    texts = card_texts(model).module
    card = next(c for d in model.decks for c in d.cards if c.fields.get("effect") == "stall")
    assert fringale in read_as_printed(str(texts.risk_text(card, "stall", model.facts.points, team)))
    assert ttt in read_as_printed(str(texts.points_ttt_note(team)))
    faces = ROOT / "data" / GAME / "templates" / "faces"
    assert "team=rules.cyclists_per_team" in (faces / "tdf-risk.svg.j2").read_text(encoding="utf-8")
    assert 'texts("points_ttt_note", last=rules.cyclists_per_team)' in (faces / "tdf-points.svg.j2").read_text(encoding="utf-8")


# --- numbers typed into the templates

TEMPLATES = ROOT / "data" / GAME / "templates"
NUMBERS = re.compile(r"\d+|\b(?:deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|"
                     r"premi(?:er|ère)s?|seconde?s?|deuxième|troisième|quatrième|cinquième|sixième|"
                     r"septième|huitième|neuvième|dixième|double|moitié|tiers|quart)\b", re.IGNORECASE)
"""Digits and French number words (cardinals, ordinals, fractions): "un"/"une" are articles as often as
numbers, and are left to review."""

ALLOWED = [
    # the two classifications (individual, team) and their two tracks (units, tens) are the game's
    # structure, not a value of the data: checks TDF-PARITY-PAWNS and TDF-STANDINGS-ROOM hold them
    r"\bdeux pions sur ce tableau\b",
    # the standings sheet's worked example of reading a total (47 = 7 on the units, 40 on the tens)
    r"\b47 points : un pion sur 7, l'autre sur 40\b",
    # the first stage (its winner takes the Yellow Jersey, check TDF-STAGES), who plays first, the
    # first free place of the finish table, the first and second across the green line (the names of
    # points.green_first and green_second), the last stage
    r"\bla première étape\b", r"\bjoue le premier\b", r"\bla première place libre\b",
    r"\bLe premier cycliste qui la franchit\b", r"\bau deuxième cycliste à la franchir\b",
    r"\bPremier à passer la ligne verte\b", r"\bDeuxième, si le Maillot Jaune est passé le premier\b",
    r"\bpremier, puis deuxième derrière le Maillot Jaune\b",
    # "parmi les {{ p }} premiers": the count is the data's, "premiers" is the word for the places
    r"\{\{ (?:p|places) \}\} premiers\b",
    # geometry of the course: moving straight or diagonally (the two ways), two cyclists touching at
    # a corner, the two faces of a fold-over figure, the second half of the course drawn in a figure
    r"\bpeut mêler les deux\b", r"\bentre deux cyclistes\b", r"\bdes deux côtés\b", r"\bLa seconde moitié du parcours\b",
    # the standees' figure shows the first cyclist of two teams (context.py picks them)
    r"\bDes cyclistes de deux équipes\b",
    # the standings sheets: one per classification (l'une, l'autre), the two pawns of a player's track
    r"\bl'une pour les points individuels, l'autre pour ceux des équipes\b",
]
"""Phrases of the templates whose numbers are not rules numbers, each with the reason above it."""


def test_no_rules_number_is_typed_into_a_template():
    typed = typed_in_templates(TEMPLATES, NUMBERS, ALLOWED)
    assert not typed, "numbers typed into sentences (take them from the data):\n" + "\n".join(typed)


DECISION_NUMBERS = re.compile(r"\d+|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                              r"first|second|third|fourth|fifth|sixth|half|twice|double)\b", re.IGNORECASE)
DECISION_ALLOWED = [
    # white's letter: two letters, as blue already has B (palette.yaml letters, not a count of the rules)
    r"two letters",
    # what the seed describes, quoted against the edition's choice
    r"the lone third racer",
    # the race deck: one Sprint card per colour (the four Sprint cards carry one team colour each);
    # one course for every stage; one marker per cyclist; a seed's card kind, named
    r"one Sprint card", r"One straight course", r"one team colour each", r"One course fits", r"one per cyclist",
    r"one of its owner's turns", r"one on its square", r"A miss-a-turn marker per",
    # a risk card's name; the risk deck's two colours (blue helps, red hurts: its two kinds)
    r"Second souffle", r"in two colours",
    # "in the first {rules.points.bonus_places}": the count is the data's, "first" the word for places
    r"in the first (?=\{rules)",
    # the ids of the checks the decisions point to
    r"\bTDF-[A-Z-]+\b",
]


def test_no_data_value_is_typed_into_a_decision():
    """The decisions of rules.yaml quote the data through {rules.path} placeholders."""
    typed = typed_in_decisions(ROOT / "data" / GAME / R, DECISION_NUMBERS, DECISION_ALLOWED)
    assert not typed, "numbers typed into decisions (write {rules.path}):\n" + "\n".join(typed)
