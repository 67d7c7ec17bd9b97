"""Flamme Rouge variants: every rules number a player reads comes from the data (issue 16).

Each case copies the game, changes values of the data (rules.yaml, decks.yaml, tokens.yaml) to other
valid ones, builds the parts of the kit that print them, and reads them back: the new values are
printed where the old ones were (plurals following them), and the old ones are gone from those
sentences. The last tests read the templates and the decisions for numbers typed into them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kit_helpers import ROOT, mutated_kit, typed_in_decisions, typed_in_templates

GAME = "flamme-rouge-variants"
R = "rules.yaml"


def _build(tmp_path: Path, edits, parts: tuple[str, ...], lang: str = "fr") -> dict[str, str]:
    return mutated_kit(tmp_path, GAME, edits, parts, lang)


P, C, B, D = "pieces.pdf", "cards.pdf", "rulebook.pdf", "designer.pdf"

# (id, edits, parts built, {pdf: [texts that must be there]}, {pdf: [texts that must not]})
CASES = [
    ("combativity",
     [(R, "combativity: 1", "combativity: 2")],
     ("pieces", "rulebook"),
     {P: ["Combativité : 2 points au coureur"], B: ["Combativité : 2 points au coureur"]},
     {P: ["Combativité : 1 point"], B: ["Combativité : 1 point"]}),
    ("team classification",
     [(R, "team_classification: {best: 2}", "team_classification: {best: 1}")],
     ("pieces", "rulebook"),
     {P: ["Équipe : le meilleur temps. Jeune", "Équipe : le meilleur temps ; jeune"],
      B: ["Équipe : le temps du meilleur coureur de l'équipe compte."]},
     {P: ["2 meilleurs temps"], B: ["2 meilleurs coureurs"]}),
    ("sprinteur's replaced value",
     [(R, "base_values: [2, 3, 4, 5, 9]", "base_values: [2, 3, 4, 8, 9]")],
     ("cards", "rulebook", "designer"),
     {C: ["Remplace un 8 du paquet Sprinteur."], B: ["retirez ses 3 cartes 8", "comptez ses 8 comme des 6"],
      D: ["2, 3, 4, 8, 9 become 2, 3, 4, 6, 9"]},
     {C: ["Remplace un 5"], B: ["cartes 5 et", "ses 5 comme"], D: ["2, 3, 4, 5, 9"]}),
    ("sprinteur's new value",
     [(R, "values: [2, 3, 4, 6, 9], copies: 3, base_values", "values: [2, 3, 4, 7, 9], copies: 3, base_values")]
     + [("sprinteur.csv", f"-{c}-6,energy,{c},6,", f"-{c}-6,energy,{c},7,")
        for c in ("rouge", "bleu", "vert", "noir", "blanc", "rose")],
     ("cards", "rulebook"),
     {C: ["Remplace un 5 du paquet Sprinteur."], B: ["cartes Sprinteur de valeur 7", "les 3 cartes 7 de votre couleur"]},
     {B: ["de valeur 6", "les 3 cartes 6"]}),
    ("mountain cap",
     [(R, "mountain_cap: 5 ", "mountain_cap: 6 ")],
     ("cards", "rulebook", "designer"),
     {C: ["Pas limité à 6 en montée."], B: ["échappe à la limite de 6 en montée"], D: ["the cap of 6 on the climbs"]},
     {C: ["limité à 5"], B: ["limite de 5"], D: ["cap of 5"]}),
    ("crash and puncture",
     [(R, "puncture: {penalty_squares: 2}", "puncture: {penalty_squares: 1}"),
      (R, "crash: {penalty_cards: 2}", "crash: {penalty_cards: 1}")],
     ("pieces", "rulebook"),
     {P: ["−1 carte", "−1 case", "1 carte de moins au tour suivant", "1 case de moins au tour suivant"],
      B: ["pioche 1 carte de moins", "et 1 case de moins au prochain"]},
     {P: ["−2 cartes", "−2 cases", "2 cartes de moins", "2 cases de moins"], B: ["2 cartes de moins", "2 cases de moins"]}),
    ("musette",
     [(R, "musette_cards: 2", "musette_cards: 1")],
     ("pieces", "rulebook"),
     {P: ["+1 carte", "pour piocher 1 carte)"], B: ["pour piocher 1 carte de plus"]},
     {P: ["+2 cartes", "piocher 2 cartes"], B: ["piocher 2 cartes de plus"]}),
    ("rolling start",
     [(R, "exhaustion_per_square: 1, unsheltered_exhaustion: 1", "exhaustion_per_square: 2, unsheltered_exhaustion: 3")],
     ("pieces", "rulebook"),
     {P: ["chaque case après la ligne coûte 2 fatigues"],
      B: ["chaque coureur sans abri prend 3 fatigues", "au-delà de la ligne de départ coûte 2 fatigues"]},
     {P: ["coûte une fatigue", "coûte 1 fatigue"], B: ["prend 1 fatigue", "départ coûte 1 fatigue"]}),
    ("steep squares",
     [(R, "steep: {cost: 2, mountain_bonus: 1, overlays: 6, descent_idea: 1}",
       "steep: {cost: 3, mountain_bonus: 2, overlays: 6, descent_idea: 2}"),
      (R, "  steep_bonus: 1", "  steep_bonus: 2")],
     ("pieces", "rulebook"),
     {P: ["×3", "franchir : 3 cases", "elle coûte 3 points de déplacement ; +2 points de montagne",
          "+2 au premier si la côte a une case noire"],
      B: ["consomme 3 points de mouvement", "rapporte 2 points de montagne de plus", "ajouter 2 à la carte jouée"]},
     {P: ["×2", "franchir : 2 cases", "+1 point de montagne", "+1 au premier"],
      B: ["consomme 2 points", "rapporte 1 point", "ajouter 1 à"]}),
    ("hot weather",
     [(R, "hot_exhaustion: 2", "hot_exhaustion: 3")],
     ("pieces", "rulebook"),
     {P: ["Sec et chaud : 3 fatigues au lieu d'une."], B: ["en prend 3 au lieu d'une"]},
     {P: ["2 fatigues au lieu"], B: ["en prend 2"]}),
    ("time trials",
     [(R, "individual_cut: [2, 3], team_cut: [3], hand: 4, highest_exhaustion: 1",
       "individual_cut: [2, 4], team_cut: [5], hand: 3, highest_exhaustion: 2")],
     ("rulebook",),
     {B: ["la longueur du parcours est divisée par 2 ou 4", "Par équipe, la longueur du parcours est divisée par 5", "le joueur pioche 3 cartes",
          "coûte 2 fatigues"]},
     {B: ["divisée par 2 ou 3", "divisée par 3", "pioche 4 cartes", "sa main coûte 1 fatigue"]}),
    ("world cup",
     [(R, "back_to_back_exhaustion: 1", "back_to_back_exhaustion: 2")],
     ("rulebook",),
     {B: ["part avec 2 fatigues"]},
     {B: ["part avec 1 fatigue"]}),
    ("ghosts",
     [(R, "aleatoire: {values: bottom, count: 2, draw: 1", "aleatoire: {values: bottom, count: 2, draw: 2"),
      (R, "regulier:  {values: middle, count: 1, draw: 3", "regulier:  {values: middle, count: 1, draw: 4"),
      (R, "peloton_bot: {decks: [sprinteur, rouleur], draw: 2}", "peloton_bot: {decks: [sprinteur, rouleur], draw: 3}")],
     ("pieces", "rulebook"),
     {P: ["ALÉATOIRE pioche 2", "(première carte 3/4) : pioche 2", "RÉGULIER pioche 4", "piochez 3 ; la plus faible"],
      B: ["pioche 2 cartes et en joue une au hasard", "pioche 4 cartes, joue celle du milieu",
          "s'il en reste moins de 4", "piochez 3 cartes : la plus faible"]},
     {P: ["ALÉATOIRE pioche 1", "RÉGULIER pioche 3", "Rouleur, piochez 2"],
      B: ["pioche 1 carte", "pioche 3 cartes", "piochez 2 cartes :"]}),
    ("points and bonuses",
     [(R, "intermediate: [9, 6, 3]", "intermediate: [10, 6, 3]"),
      (R, "stage_bonus: [15, 10, 5]", "stage_bonus: [20, 10, 5, 2]"),
      (R, "finish: [6, 3, 1]", "finish: [6]")],
     ("pieces", "rulebook"),
     {P: ["10 · 6 · 3 pts", "1er 2e 3e 4e Étape 20 10 5 2 Sprint 3 2 1", "Sprint 10 6 3 Arrivée 6"],
      B: ["10 – 6 – 3 points aux 3 premiers d'un sprint intermédiaire",
          "moins 20 – 10 – 5 – 2 secondes aux 4 premiers de l'étape", "À l'arrivée, 6 points au premier"]},
     {P: ["9 · 6 · 3", "Étape 15"], B: ["9 – 6 – 3", "15 – 10 – 5 secondes", "6 – 3 – 1 points"]}),
    ("seconds",
     [(R, "card_seconds: 60", "card_seconds: 50"), (R, "beyond_seconds: 10 ", "beyond_seconds: 15 ")],
     ("pieces", "rulebook"),
     {P: ["Chaque carte jouée : 50 s", "Chaque case après l'arrivée : −15 s", "cartes × 50 s − 15 s par case"],
      B: ["50 secondes par carte jouée", "moins 15 secondes par case franchie", "à 50 secondes la carte"]},
     {P: ["60 s", "× 60 s − 10 s", "arrivée : −10 s"], B: ["60 secondes", "moins 10 secondes par case"]}),
    ("line markers",
     [("tokens.yaml", "count: 2,", "count: 1,"), (R, "markers: {sprint: 2,", "markers: {sprint: 1,")],
     ("rulebook", "designer"),
     {B: ["1 marqueur Sprint et 4 marqueurs Sommet, pour le grand tour"],
      D: ["1 intermediate-sprint markers and 4 summit markers"]},
     {B: ["2 marqueurs Sprint"], D: ["2 intermediate-sprint markers"]}),
    ("exhaustion cards",
     [(R, "exhaustion: {deck: fatigue, per_team: 5}", "exhaustion: {deck: fatigue, per_team: 6}"),
      ("decks.yaml", "value: 2, qty: 30", "value: 2, qty: 36"), (R, "fatigue: 30", "fatigue: 36")],
     ("rulebook", "designer"),
     {B: ["36 cartes Fatigue"], D: ["6 printed exhaustion cards per team"]},
     {B: ["30 cartes Fatigue"], D: ["5 printed exhaustion cards"]}),
    ("steep overlays",
     [(R, "overlays: 6,", "overlays: 8,"), ("decks.yaml", "kind: steep, qty: 6", "kind: steep, qty: 8"),
      (R, "pourcentages: 6", "pourcentages: 8")],
     ("rulebook", "designer"),
     {B: ["8 caches Fort pourcentage"], D: ["8 black overlays"]},
     {B: ["6 caches Fort pourcentage"], D: ["6 black overlays"]}),
    ("score sheets",
     [(R, "stages: 6, events: 5", "stages: 7, events: 4")],
     ("pieces",),
     {P: ["Ét. 6 Ét. 7 Total", "Épreuve 4"]},
     {P: ["Épreuve 5"]}),
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


# --- numbers typed into the templates

TEMPLATES = ROOT / "data" / GAME / "templates"
NUMBERS = re.compile(r"\d+|\b(?:deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|"
                     r"premi(?:er|ère)s?|deuxième|troisième|quatrième|cinquième|sixième|"
                     r"septième|huitième|neuvième|dixième|double|moitié|tiers|quart)\b", re.IGNORECASE)
"""Digits and French number words (cardinals, ordinals, fractions): "un"/"une" are articles as often as
numbers, and are left to review; "seconde(s)" is the unit."""

ALLOWED = [
    # the order of resolution, from the last rider to the first: positions in the race, not counts
    r"du dernier coureur au premier", r"\bRésolue en premier\b",
    # the top card of a deck (a ghost's first card fixes its behaviour; a puncture turns the top card)
    r"\b(?:sa |leur |la )?[Pp]remière carte\b", r"\bla première fois\b",
    # the first rider over the line ends a stage; ranks "aux {{ n }} premiers" count from the data
    r"\bun premier coureur\b", r"\{\{ n \}\} premiers\b", r"\bau premier\b", r"\baux premiers\b",
    # the mountain rule "halve" (rules.yaml mountain.rule, check FRV-MOUNTAIN-GEN): halving, down to 1
    r"divisés par deux, arrondis vers le bas, jusqu'à 1",
    # a fold-over figure has two faces; a list of two ideas; two events in a row (back to back)
    r"\bses deux faces\b", r"\bdeux idées\b", r"\bdeux épreuves de suite\b", r"\bEntre les deux\b",
    # the last rider / the last card: positions
    r"\b[Dd]ernier coureur\b", r"\bla dernière\b",
]
"""Phrases of the templates whose numbers are not rules numbers, each with the reason above it."""


def test_no_rules_number_is_typed_into_a_template():
    typed = typed_in_templates(TEMPLATES, NUMBERS, ALLOWED)
    assert not typed, "numbers typed into sentences (take them from the data):\n" + "\n".join(typed)


DECISION_NUMBERS = re.compile(r"\d+|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|first|second|"
                              r"third|half|twice|double)\b", re.IGNORECASE)
DECISION_ALLOWED = [
    # the kit's own version and date (not rules numbers)
    r"kit 1\.0 of 2024-06-01",
    # what the seed says, quoted against the edition's choice
    r"'The 5s are 6s'", r"The seed lists 7, 6, 4, 3 and 2 with 'x3'", r"'Two strongest, two weakest and three median cards'",
    # geometry of the tile and the pieces, and words of the rules
    r"180°", r"two-sided", r"one square long", r"one set of material", r"one kind of opaque sleeve",
    r"one of them", r"one more energy card", r"more than one", r"one of the winds", r"one side",
    r"never has both", r"one per rider", r"first", r"half-round", r"a steep climb or two",
    r"into one rider's deck", r"[Oo]ne kind", r"Each of them", r"left in the middle, every copy of them",
    r"a steady one", r"an aggressive ghost", r"a random one", r"one value in all its copies", r"opposite one",
    r"one of them", r"[Oo]ne set", r"its new one", r"the only one",
]


def test_no_data_value_is_typed_into_a_decision():
    """The decisions of rules.yaml quote the data through {rules.path} placeholders."""
    typed = typed_in_decisions(ROOT / "data" / GAME / R, DECISION_NUMBERS, DECISION_ALLOWED)
    assert not typed, "numbers typed into decisions (write {rules.path}):\n" + "\n".join(typed)
