"""Maillot Jaune: every rules number a player reads comes from the data.

Each mutation copies the game, changes one value of its data to another valid one (the rules
checks still pass), builds the rulebook (it shows the reference sheets, a rider card, the board and
a puncture marker) and the pieces (the reference sheets, the markers), and reads the printed
sentences back: the new value is where the old one was, and the old sentence is gone. The
decisions' texts quote rules.yaml too ({rules.path} placeholders): they follow the change.

A second test reads the game's templates: no rules number is typed into their sentences.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from pnp.build import BuildOptions, build_game
from pnp.model import load_game

from kit_helpers import ROOT, pdfium_text

GAME = ROOT / "data" / "maillot-jaune"
PARTS = ("rulebook", "pieces")


def _normal(text: str) -> str:
    """Printed text as one line: words split at a line's end joined again, every run of white space
    (no-break spaces included) one space, typographic apostrophes plain."""
    text = re.sub(r"[\ufffe\u00ad]\s*", "", text)
    return re.sub(r"\s+", " ", text).replace("’", "'")


def _build(folder: Path, out: Path) -> str:
    build_game(folder, BuildOptions(out=out, lang="fr", only=PARTS, incremental=False))
    kit = out / folder.name / "fr"
    return _normal(" ".join(pdfium_text(kit / f"{part}.pdf") for part in PARTS))


def _copy(tmp_path: Path, edits) -> Path:
    folder = tmp_path / "maillot-jaune"
    shutil.copytree(GAME, folder)
    for file, old, new in edits:
        path = folder / file
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} is not once in {file}"
        path.write_text(text.replace(old, new), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> str:
    return _build(GAME, tmp_path_factory.mktemp("mj-shipped"))


def _rules_line(key: str) -> str:
    """The line of rules.yaml that sets ``key`` (two-space indented), comment included."""
    text = (GAME / "rules.yaml").read_text(encoding="utf-8")
    found = re.findall(rf"^  {re.escape(key)}:[^\n]*$", text, re.M)
    assert len(found) == 1, key
    return found[0]


def _set(key: str, old: int, new: int) -> tuple[str, str, str]:
    """An edit of rules.yaml: the value of ``key`` (a two-space indented line) from old to new."""
    line = _rules_line(key)
    assert re.match(rf"^  {re.escape(key)}: {old}\b", line), line
    return ("rules.yaml", line, line.replace(f"{key}: {old}", f"{key}: {new}", 1))


def _gauge(name: str, old: int, new: int) -> tuple[str, str, str]:
    """An edit of rules.yaml: a table's ``max`` (and ``start``, when it has one) from old to new."""
    text = (GAME / "rules.yaml").read_text(encoding="utf-8")
    block = re.search(rf"^{name}:[^\n]*\n(  [^\n]*\n)+", text, re.M).group(0)
    assert f"  max: {old}" in block, block
    return ("rules.yaml", block, block.replace(f"  max: {old}", f"  max: {new}").replace(f"  start: {old}", f"  start: {new}"))


def _risky_max_3() -> list[tuple[str, str, str]]:
    """risky_max 4 -> 3, and every row of the dice table loses its cost for 4 squares."""
    text = (GAME / "rules.yaml").read_text(encoding="utf-8")
    rows = re.findall(r'^  "[^"]+":\s+\[\d+, \d+, \d+, \d+\]', text, re.M)
    assert len(rows) == 12
    return [_set("risky_max", 4, 3)] + [("rules.yaml", r, re.sub(r", \d+\]$", "]", r)) for r in rows]


def _faces_5() -> list[tuple[str, str, str]]:
    """Five-sided dice: the rows no throw of two d5 gives (total 10 and 11, double 6) go."""
    text = (GAME / "rules.yaml").read_text(encoding="utf-8")
    gone = [re.search(rf'^  "{k}":[^\n]*\n', text, re.M).group(0) for k in ("10", "11", "6/6")]
    return [("rules.yaml", "dice: {count: 2, faces: 6}", "dice: {count: 2, faces: 5}")] + \
        [("rules.yaml", line, "") for line in gone]


# (id, edits, [(new sentence, old sentence or None)], [text the decisions must now quote])
MUTATIONS = [
    ("puncture.miss_turns", [_set("miss_turns", 1, 2)], [
        ("il passe ses 2 prochains tours", "il passe son prochain tour"),
        ("crevaison : passez 2 tours", "crevaison : passez 1 tour"),          # the rulebook's table
        ("CREVAISON : passez 2 tours", "CREVAISON : passez 1 tour"),          # the dice-table sheet
        ("Un coureur qui crève passe 2 tours", "Un coureur qui crève passe 1 tour"),
        ("c'est alors le dépanneur qui passe ces tours", "c'est alors le dépanneur qui passe le tour"),
        ("Passez 2 tours (prenez un jeton)", "Passez 1 tour (prenez un jeton)"),  # the quick reference
        ("Crevaison passe 2 tours", "Crevaison passe 1 tour"),                # the puncture marker
    ], []),
    ("breakaway.safe_cost", [_set("safe_cost", 1, 2)], [
        ("Chaque case en plus coûte 2 unités d'énergie, décomptées", "Chaque case en plus coûte 1 unité d'énergie"),
        ("Des cases en plus, 2 énergie chacune", "Des cases en plus, 1 énergie chacune"),
        ("(2 énergie par case)", "(1 énergie par case)"),
        ("ces 2 cases sans risque lui auraient coûté 4", "ces 2 cases sans risque lui auraient coûté 2"),
        ("le coureur paie 4 + 3 = 7 unités", "le coureur paie 2 + 3 = 5 unités"),
    ], []),
    ("breakaway.risky_max", _risky_max_3(), [
        ("Le coureur annonce de 1 à 3 cases en plus", "Le coureur annonce de 1 à 4 cases en plus"),
        ("Annoncez de 1 à 3 cases, lancez", "Annoncez de 1 à 4 cases, lancez"),
        ("Annoncez 1 à 3 cases, lancez les dés", "Annoncez 1 à 4 cases, lancez les dés"),
        ("chances sur 36 1 case 2 cases 3 cases double 1", "3 cases 4 cases"),   # the sheet's columns
    ], []),
    ("breakaway.form_per_energy", [_set("form_per_energy", 1, 2)], [
        ("2 unités de forme par unité d'énergie manquante", "1 unité de forme par unité d'énergie manquante"),
        ("2 de forme par unité d'énergie", "1 de forme par unité d'énergie"),
    ], []),
    ("slipstream.leader_energy", [_set("leader_energy", 1, 2)], [
        ("il perd 2 unités d'énergie.", "il perd 1 unité d'énergie."),
        ("celui de devant perd 2 énergie", "celui de devant perd 1 énergie"),
    ], []),
    ("slipstream.follower_gain", [_set("follower_gain", 1, 2)], [
        ("Son suiveur avance aussitôt de 2 cases", "Son suiveur avance aussitôt de 1 case"),
        ("le 3e gagne 3 cases, le 4e 4", "le 3e gagne 2 cases, le 4e 3"),
        ("celui de derrière avance aussitôt de 2 cases", "celui de derrière avance aussitôt de 1 case"),
        ("Le 3e de la file gagne 3 cases, le 4e 4", "Le 3e de la file gagne 2 cases, le 4e 3"),
    ], []),
    ("slipstream.follower_step", [_set("follower_step", 1, 0)], [
        ("le 3e gagne 1 case, le 4e 1", "le 3e gagne 2 cases, le 4e 3"),
        ("Le 3e de la file gagne 1 case, le 4e 1", "Le 3e de la file gagne 2 cases, le 4e 3"),
    ], []),
    ("slipstream.empty_leader_squares", [_set("empty_leader_squares", 1, 2)], [
        ("coût d'une échappée avec risque de 2 cases", "coût d'une échappée avec risque de 1 case"),
        ("la colonne « 2 cases » de la table", "la colonne « 1 case » de la table"),
        ("(colonne 2 cases)", "(colonne 1 case)"),
    ], ["pays the cost of a 2-square risky breakaway"]),
    ("timing.minutes_per_round", [_set("minutes_per_round", 1, 2)], [
        ("leur coûte 2 minutes de retard", "leur coûte 1 minute de retard"),
        ("Chaque tour de plus : 2 minutes de retard", "Chaque tour de plus : 1 minute de retard"),
        ("2 minutes de retard par tour de jeu", "1 minute de retard par tour de jeu"),
    ], ["a delay, in minutes, of 2 per extra round"]),
    ("energy.max/start", [_gauge("energy", 6, 5)], [
        ("L'énergie (de 0 à 5)", "L'énergie (de 0 à 6)"),
        ("revient à 5 au départ de chaque étape", "revient à 6 au départ de chaque étape"),
        ("Tournez chaque aiguille sur 5", "Tournez chaque aiguille sur 6"),
        ("remettez toutes les aiguilles sur 5", "remettez toutes les aiguilles sur 6"),
        ("ses 5 unités d'énergie abandonne", "ses 6 unités d'énergie abandonne"),
        ("Énergie remise à 5", "Énergie remise à 6"),
        ("ses 5 d'énergie", "ses 6 d'énergie"),
        ("il reste 1 unité d'énergie", "il reste 2 unités d'énergie"),       # the dial's figure
    ], ["a dial 0 to 5", "go back to 5"]),
    ("form.max/start", [_gauge("form", 20, 18)], [
        ("réglettes de forme, de 18 à 0", "réglettes de forme, de 20 à 0"),
        ("posez chaque indicateur sur la case 18", "posez chaque indicateur sur la case 20"),
        ("l'autre au-dessous de la case 18", "l'autre au-dessous de la case 20"),
        ("La forme (de 18 à 0)", "La forme (de 20 à 0)"),
        ("ses 18 unités de forme", "ses 20 unités de forme"),
        ("ses 18 de forme", "ses 20 de forme"),
    ], ["track 18 to 0", "from 18 down to 0"]),
    ("stars.max", [_gauge("stars", 3, 4)], [
        ("de 1 à 4 étoiles sur chacun des 3 terrains", "de 1 à 3 étoiles sur chacun des 3 terrains"),
        ("Chaque coureur va de 1 à 4 étoiles", "Chaque coureur va de 1 à 3 étoiles"),
        ("4 étoiles : case 10", None),                                          # the quick reference
    ], ["from 1 to 4 stars"]),
    ("course.grid_rows", [_set("grid_rows", 3, 4)], [
        ("derrière la banderole : 4 rangs de 3", "derrière la banderole : 3 rangs de 3"),
        ("sur les 4 rangs de la grille", "sur les 3 rangs de la grille"),
    ], ["on the 4 rows of grid squares"]),
    ("players.max", [("rules.yaml", "players: {min: 2, max: 9}", "players: {min: 2, max: 8}"),
                     ("game.yaml", "players: {min: 2, max: 9}", "players: {min: 2, max: 8}")], [
        ("De 2 à 8 joueurs, à partir de", "De 2 à 9 joueurs, à partir de"),
        ("2 à 8 joueurs · dès", "2 à 9 joueurs · dès"),                        # the board's credits
        ("De 2 à 8 joueurs. Tous les coureurs", "De 2 à 9 joueurs. Tous les coureurs"),
    ], ["2 to 8 players"]),
    ("dice.faces", _faces_5(), [
        ("2 dés à 5 faces", "2 dés à 6 faces"),
        ("Chances sur 25", "Chances sur 36"),
        ("Sur 25 jets possibles", "Sur 36 jets possibles"),
        ("chances sur 25", "chances sur 36"),
    ], []),
    ("risky_table punctures", [("rules.yaml", '  "4/4": puncture', '  "4/4": [0, 1, 2, 3]'),
                               ("rules.yaml", '  "5/5": puncture', '  "5/5": [0, 1, 2, 3]')], [
        ("Parmi les doubles, 1 est une crevaison.", "Parmi les doubles, 3 sont des crevaisons."),
        ("Sur 36 jets possibles, 1 donne une crevaison.", "Sur 36 jets possibles, 3 donnent une crevaison."),
        ("c'est la table, qui en compte 1, qui fait foi", "c'est la table, qui en compte 3, qui fait foi"),
    ], []),
    ("tokens: puncture markers", [("tokens.yaml", "count: 4,", "count: 1,")], [
        ("1 jeton crevaison", "4 jetons crevaison"),
        ("Le kit ajoute 1 jeton pour rappeler", "Le kit ajoute 4 jetons pour rappeler"),
    ], []),
]


@pytest.mark.parametrize("edits, sentences, decided", [m[1:] for m in MUTATIONS], ids=[m[0] for m in MUTATIONS])
def test_a_changed_value_reaches_every_sentence(tmp_path: Path, shipped: str, edits, sentences, decided) -> None:
    for new, old in sentences:
        assert new not in shipped, new
        assert old is None or old in shipped, old
    folder = _copy(tmp_path, edits)
    text = _build(folder, tmp_path / "out")
    for new, old in sentences:
        assert new in text, new
        assert old is None or old not in text, old
    said = " ".join(f"{d.choice} {d.why}" for d in load_game(folder).decisions)
    for words in decided:
        assert words in said, words


# --- no rules number typed into a sentence of the templates

TEMPLATES = GAME / "templates"
TRANS = re.compile(r"{%-?\s*trans\b[^%]*%}(.*?){%-?\s*endtrans\s*[-+]?%}", re.S)
FORBIDDEN = re.compile(
    r"\d+"                                                            # a digit typed into a sentence
    r"|\b(deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|vingt|cent)\b"
    r"|\b(premier|premiers|première|premières|second|seconde|deuxième|troisième|quatrième|cinquième|dernier"
    r"|dernière|seul|seule)\b"
    # "un"/"une" before a unit the rules count ("passe un tour", "une case"): the units in lower case
    # ("un Tour de France" is no count)
    r"|\b(un|une|d'un|d'une|qu'un|qu'une|l'un|l'une)\s+(?-i:case|cases|tour|tours|unité|unités|étoile|étoiles"
    r"|point|points|minute|minutes|jeton|jetons|dé|dés|double|doubles|fois)\b",
    re.I)
ALLOWED = [
    # ranges that start or end at the natural bounds, not at a rules value: a breakaway announces
    # at least 1 square; squares are numbered from 1; an empty gauge is 0 (a rider out of energy
    # and form abandons, whatever the gauges' size)
    "de 1 à {}", "Annoncez 1 à {}", "(1 à {})", "de {} à 0", "de 0 à {}", "à zéro",
    # order words that name a place in the order of play or of the race, not a count
    "joue en premier", "Le premier à passer la ligne", "Le premier coureur qui passe la ligne",
    "joue le premier", "Au premier tour d'une étape", "le premier tour dans cet ordre",
    "pour la première", "le premier tiré", "de la dernière étape", "jusqu'au dernier",
    # the only breakaway a rider with an empty dial may make: not a count
    "Seule échappée possible", "la seule échappée possible",
    # the game's definitions: a star is a square's worth of move; one rider per square; one circuit
    "Une étoile = une case", "Une étoile vaut une case", "Une case n'accueille qu'un coureur",
    "un seul circuit", "chacun d'un seul terrain", "qu'un coureur seul",
    # one step, one neighbouring square, one marker per waiting rider, one die to pick who starts
    "une case voisine", "sur une case juste à côté", "prenez un jeton", "posez un jeton crevaison", "Lancez un dé",
    "joue encore une fois", "une fois le tour fini",
    # the paper pieces: a slider one cell wide with two flaps, folds and points; a standee's two feet
    "large d'une case de la réglette", "d'une case à l'autre", "ses deux rabats", "les deux rabats",
    "ses deux traits pointillés", "Les deux pointes", "les deux pattes", "avec ses deux plis",
    # the two kinds of breakaway (safe and risky) and two riders side by side: the rules' words
    "Il y en a deux sortes", "Combiner les deux", "Deux coureurs à la même hauteur", "Le plus faible des deux",
    # a double is a throw of the two dice (a double's row, a double die face), not a count
    "Un double se lit",
    # a figure's caption: the marker it shows
    "Un jeton crevaison.",
]


def _sentences(path: Path) -> list[str]:
    """Every {% trans %} block of a template, its {{ values }} written {}, its plural forms apart."""
    text = re.sub(r"{#.*?#}", "", path.read_text(encoding="utf-8"), flags=re.S)
    out = []
    for block in TRANS.findall(text):
        block = re.sub(r"{{.*?}}", "{}", block)
        out += [s for s in re.split(r"{%-?\s*pluralize[^%]*%}", block)]
    return out


def _templates() -> list[Path]:
    return [TEMPLATES / "cards.j2", TEMPLATES / "board.j2", TEMPLATES / "rulebook.md.j2",
            *sorted((TEMPLATES / "faces").glob("*.j2")), *sorted((TEMPLATES / "boards").glob("*.j2"))]


@pytest.mark.parametrize("path", _templates(), ids=lambda p: p.name)
def test_templates_type_no_rules_number(path: Path) -> None:
    found = []
    for sentence in _sentences(path):
        rest = sentence
        for phrase in ALLOWED:
            rest = rest.replace(phrase, " ")
        found += [f"{m.group(0)!r} in {sentence!r}" for m in FORBIDDEN.finditer(rest)]
    assert found == [], "\n".join(found)


def test_the_allow_list_is_used() -> None:
    """An allowed phrase that no template says any more is dropped from the list."""
    said = " ".join(s for p in _templates() for s in _sentences(p))
    assert [p for p in ALLOWED if p not in said] == []


def test_templates_sentences_are_found() -> None:
    """The reader above sees the sentences (a broken pattern would pass every template)."""
    sentences = _sentences(TEMPLATES / "rulebook.md.j2")
    assert len(sentences) > 100
    assert any(s.endswith(" Parmi les doubles, {} sont des crevaisons.") for s in sentences)  # one paragraph
    assert FORBIDDEN.search("il passe 1 tour") and FORBIDDEN.search("trois doubles")
    assert FORBIDDEN.search("le troisième gagne") and FORBIDDEN.search("passe une fois")


def test_data_names_type_no_rules_number() -> None:
    """Names the kit prints from the data (decks, tokens, boards and their sides, profiles) carry no
    number either: a board side 'in three stages' would not follow rules.yaml."""
    names = []

    def walk(node) -> None:
        if isinstance(node, dict):
            names.extend(str(v) for k, v in node.items() if k == "name")
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for file in ("decks.yaml", "tokens.yaml", "boards.yaml", "riders.yaml", "jerseys.yaml"):
        walk(yaml.safe_load((GAME / file).read_text(encoding="utf-8")))
    assert len(names) > 20
    assert [n for n in names if FORBIDDEN.search(n)] == []


# --- the decisions quote rules.yaml instead of typing its numbers

DECISION_ALLOWED = [
    # the kit's identity and the source's age
    r"version 1\.0", r"the 1980s",
    # sizes of paper and board in mm and pages (layout, not rules): MJ-D-LANES, MJ-D-BOARD
    r"\d+ x \d+ mm", r"\d+ to \d+ mm", r"\d+(\.\d+)? m{1,2}\b", r"\d+ (home-printer|A4)", r"\d+ columns",
    r"each corner \d+", r"four straights",
    # an empty gauge, a rider that crosses with the winner: zero is no rules value
    r"\b0\b",
    # the paper pieces: a slider's two flaps
    r"two flaps",
    # what the source gives, quoted as it is (the data may change, the source does not)
    r"three flat ratings",
]
WORDS = re.compile(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty)\b", re.I)


def test_decisions_type_no_data_value() -> None:
    """The choice and the why of every decision write the values of rules.yaml as {rules.path}
    placeholders; what is left typed is layout, identity or a quote of the source (allow-list)."""
    raw = yaml.safe_load((GAME / "rules.yaml").read_text(encoding="utf-8"))["decisions"]
    found = []
    for d in raw:
        for key in ("choice", "why"):
            rest = re.sub(r"\{rules[^{}\s]*\}", "#", d[key])
            for allowed in DECISION_ALLOWED:
                rest = re.sub(allowed, " ", rest)
            # "one" as a pronoun or article ("one cell", "the one") is no count of the rules
            rest = re.sub(r"\b(one (track )?cell|one number|the one|one square|one for one)\b", " ", rest)
            found += [f"{d['id']}.{key}: {m.group(0)!r} in {d[key]!r}" for m in WORDS.finditer(rest)]
    assert found == [], "\n".join(found)
