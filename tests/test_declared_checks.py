"""Declarative checks: ``checks:`` in rules.yaml (pnp.model.checks, pnp.check.declared).

Most tests write a tiny game with no Python (no rules module) in tmp_path, with one check or a few,
and assert what each kind finds when it passes and when it fails; the others break a copy of a
built-in game whose checks moved from Python to rules.yaml. Bad entries are data errors with their
file, line, field and a hint.
"""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent, indent

import pytest

from kit_helpers import broken_game, rule_ids
from pnp.check import Severity, run_checks
from pnp.check.declared import declared_checks, declared_results
from pnp.errors import DataErrors
from pnp.model import load_game

GAME = """\
id: tiny-race
title: Tiny Race
version: "1.0"
date: 2024-01-01
players: {min: 2, max: 4}
"""

PALETTE = """\
colours:
  - {id: rouge, name: Rouge, hex: "#CC0000", letter: R}
  - {id: bleu, name: Bleu, hex: "#0000CC", letter: B}
"""

DECKS = """\
decks:
  - id: moves
    name: Moves
    face: movement
    back: default
    cards:
      - {id: r1, kind: single, colour: rouge, value: 1, qty: 2}
      - {id: r2, kind: single, colour: rouge, value: 2}
      - {id: b1, kind: single, colour: bleu, value: 1, qty: 2}
      - {id: b2, kind: single, colour: bleu, value: 2}
      - {id: j, kind: joker, qty: 2}
  - id: spare
    name: Spare
    face: movement
    back: default
    cards:
      - {id: s1, kind: single, colour: rouge, value: 1, qty: 2}
      - {id: s2, kind: single, colour: rouge, value: 2}
"""

TOKENS = """\
tokens:
  - {id: p1, kind: points, rank: 1, value: 3, count: 4}
  - {id: p2, kind: points, rank: 2, value: 1, count: 4}
  - {id: m, kind: marker, count: 2}
"""

RULES = """\
deck: {size: 8, singles: 6, name: moves}
deal: {hand: 2, refill: 1}
points: [3, 1]
ladder: {1: 5, 2: 7, 10: 9, 9: 8}
rounds: {2: 4, 3: 3, 4: 4}
teams: [rouge, bleu]
costs: {low: [0, 1, 2], none: off, high: [1, 2, 3]}
roles: {lead: {deck: moves}, help: {deck: spare}}
token_kind: points
"""


def tiny(tmp_path: Path, checks: str = "", rules: str = RULES, decisions: str = "") -> Path:
    """A game folder with no rules module: game.yaml, palette, decks, tokens, and rules.yaml with
    ``checks`` (YAML list items, written at the left margin) under ``checks:``."""
    folder = tmp_path / "tiny-race"
    folder.mkdir(exist_ok=True)
    for name, text in (("game.yaml", GAME), ("palette.yaml", PALETTE), ("decks.yaml", DECKS),
                       ("tokens.yaml", TOKENS)):
        (folder / name).write_text(text, encoding="utf-8")
    body = rules
    if checks:
        body += "checks:\n" + indent(dedent(checks), "  ")
    if decisions:
        body += "decisions:\n" + indent(dedent(decisions), "  ")
    (folder / "rules.yaml").write_text(body, encoding="utf-8")
    return folder


def line_of(folder: Path, needle: str) -> int:
    lines = (folder / "rules.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, text in enumerate(lines, 1) if needle in text)


def findings_of(folder: Path):
    return run_checks(load_game(folder))


def data_errors(folder: Path) -> list:
    with pytest.raises(DataErrors) as exc:
        load_game(folder)
    return exc.value.errors


# --------------------------------------------------------------------------- a game with no Python


def test_a_game_without_a_rules_module_loads_and_checks(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-SIZE
          kind: count
          what: "the deck holds the cards the rules list"
          count: {cards: moves}
          equals: rules.deck.size
        """, decisions="""\
        - {id: TR-D-ONE, topic: a topic, choice: "a choice", why: "a reason"}
        """)
    model = load_game(folder)
    # the facts of a game with no rules module are rules.yaml as plain data (what templates read)
    assert model.facts["deck"] == {"size": 8, "singles": 6, "name": "moves"}
    assert "checks" not in model.facts and "decisions" not in model.facts
    assert [d.id for d in model.decisions] == ["TR-D-ONE"]
    findings = run_checks(model)
    assert [(f.severity, f.rule) for f in findings] == [(Severity.QUESTION, "TR-D-ONE")]
    (result,) = declared_results(model)
    assert result.passed and result.figures == "8 cards; rules.deck.size = 8"


def test_a_game_naming_a_missing_rules_module_is_still_an_error(tmp_path):
    folder = tiny(tmp_path)
    (folder / "game.yaml").write_text(GAME + "rules: tiny_rules\n", encoding="utf-8")
    (err,) = data_errors(folder)
    assert err.field == "rules" and "no rules module 'tiny_rules'" in err.message
    assert err.location.line == 6


# --------------------------------------------------------------------------- count


COUNT = """\
- id: TR-COUNT
  kind: count
  what: "the deck holds its cards"
  count: {count}
  {bound}
"""


@pytest.mark.parametrize(("count", "bound", "passed", "figures"), [
    ("{cards: moves}", "equals: rules.deck.size", True, "8 cards; rules.deck.size = 8"),
    ("{cards: moves, where: {kind: single}}", "equals: rules.deck.singles", True, "6 cards; rules.deck.singles = 6"),
    ("{cards: moves, where: {kind: {not: single}}}", "equals: 2", True, "2 cards; 2"),
    ("{cards: moves, where: {colour: [rouge, bleu], value: 1}}", "equals: 4", True, "4 cards; 4"),
    ("{cards: \"*\"}", "equals: rules.deck.size + 3", True, "11 cards; rules.deck.size + 3 = 11"),
    ("{tokens: \"*\", where: {kind: rules.token_kind}}", "at_least: 8", True, "8 tokens; 8"),
    ("{colours: \"*\"}", "equals: len(rules.teams)", True, "2 colours; len(rules.teams) = 2"),
    ("rules.deal.hand * 4", "at_most: rules.deck.size", True, "rules.deal.hand * 4 = 8; rules.deck.size = 8"),
    ("{cards: moves}", "equals: rules.deck.size - 1", False, "8 cards; rules.deck.size - 1 = 7"),
    ("{cards: spare}", "at_least: 4", False, "3 cards; 4"),
    ("{tokens: [p1, p2]}", "at_most: 7", False, "8 tokens; 7"),
])
def test_count(tmp_path, count, bound, passed, figures):
    folder = tiny(tmp_path, COUNT.format(count=count, bound=bound))
    (result,) = declared_results(load_game(folder))
    assert (result.passed, result.figures) == (passed, figures)
    findings = [f for f in findings_of(folder) if f.rule == "TR-COUNT"]
    assert len(findings) == (0 if passed else 1)
    if not passed:
        (f,) = findings
        assert f.severity is Severity.ERROR
        assert f.location.line == line_of(folder, "- id: TR-COUNT")
        assert f.message.startswith("the deck holds its cards: " + figures.split(";")[0])


def test_count_message_says_what_and_why(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-SIZE
          kind: count
          what: "the deck holds the cards the rules list"
          because: "the deal needs them"
          count: {cards: moves}
          equals: rules.deck.size - 1
        """)
    (f,) = [f for f in findings_of(folder) if f.rule == "TR-SIZE"]
    assert f.component == "deck moves"
    assert f.message == ("the deck holds the cards the rules list: 8 cards, not rules.deck.size - 1 = 7 "
                         "(the deal needs them)")
    assert f.render().startswith(f"{folder / 'rules.yaml'}:{line_of(folder, '- id: TR-SIZE')}: error TR-SIZE:")


def test_count_per_group_with_keys_counts_an_absent_group_as_zero(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-PER-COLOUR
          kind: count
          severity: warning
          what: "every team has three single cards"
          count: {cards: spare, per: colour, keys: rules.teams}
          equals: 3
        """)
    results = {r.component: r for r in declared_results(load_game(folder))}
    assert set(results) == {"colour rouge", "colour bleu"}
    assert results["colour rouge"].passed and not results["colour bleu"].passed
    (f,) = [f for f in findings_of(folder) if f.rule == "TR-PER-COLOUR"]
    assert f.severity is Severity.WARNING and f.component == "colour bleu"
    assert "0 cards, not 3" in f.message


# --------------------------------------------------------------------------- supply


def test_supply_reports_the_worst_player_count_and_the_shortfall(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-DEAL
          kind: supply
          what: "the deck covers every hand and a refill"
          because: "the deal never reshuffles"
          supply: {cards: moves}
          demand: players * rules.deal.hand + rules.deal.refill
        """)
    (f,) = [f for f in findings_of(folder) if f.rule == "TR-DEAL"]
    assert f.message == ("the deck covers every hand and a refill: 8 cards against a demand of "
                         "players * rules.deal.hand + rules.deal.refill = 9 at 4 players: 1 short "
                         "(the deal never reshuffles)")
    assert f.location.line == line_of(folder, "- id: TR-DEAL")


def test_supply_passes_with_the_worst_case_in_its_figures(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-TOKENS
          kind: supply
          what: "a token of each rank per round"
          supply: {tokens: "*", where: {kind: points}, per: id}
          demand: rules.rounds[players]
        """)
    results = declared_results(load_game(folder))
    assert [(r.component, r.passed) for r in results] == [("token p1", True), ("token p2", True)]
    assert results[0].figures == "4 tokens; rules.rounds[players] = 4 at worst (4 players)"


def test_supply_names_every_player_count_that_falls_short(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-DEAL
          kind: supply
          what: "the spare deck covers the hands"
          supply: {cards: spare}
          demand: players * rules.deal.hand
        """)
    (f,) = [f for f in findings_of(folder) if f.rule == "TR-DEAL"]
    assert "3 cards against a demand of players * rules.deal.hand = 8 at 4 players: 5 short; " \
           "also short at 2, 3 players" in f.message


def test_supply_skips_a_player_count_its_table_does_not_have(tmp_path):
    rules = RULES.replace("rounds: {2: 4, 3: 3, 4: 4}", "rounds: {2: 4, 4: 4}")
    folder = tiny(tmp_path, """\
        - id: TR-TOKENS
          kind: supply
          what: "a token per round"
          supply: {tokens: p1}
          demand: rules.rounds[players]
        """, rules=rules)
    (result,) = declared_results(load_game(folder))
    assert result.passed and "not checked at 3 players" in result.figures
    assert not declared_checks(load_game(folder))


# --------------------------------------------------------------------------- monotonic


MONO = """\
- id: TR-MONO
  kind: monotonic
  what: "the table rises or falls"
  table: {table}
  direction: {direction}
  strict: {strict}
"""


@pytest.mark.parametrize(("table", "direction", "strict", "passed"), [
    ("rules.points", "decreasing", "true", True),
    ("rules.points", "increasing", "false", False),
    ("rules.ladder", "increasing", "true", True),   # ordered by number: 1, 2, 9, 10
    ("rules.ladder", "decreasing", "false", False),
    ("rules.deal", "increasing", "false", False),   # {hand: 2, refill: 1}: in the order written
])
def test_monotonic(tmp_path, table, direction, strict, passed):
    folder = tiny(tmp_path, MONO.format(table=table, direction=direction, strict=strict))
    (result,) = declared_results(load_game(folder))
    assert result.passed is passed


def test_monotonic_strict_finds_a_tie_and_a_bound(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-POINTS
          kind: monotonic
          what: "points fall with the place and stay above 0"
          table: rules.points
          direction: decreasing
          strict: true
          at_least: 1
        """, rules=RULES.replace("points: [3, 1]", "points: [3, 3, 0]"))
    (f,) = [f for f in findings_of(folder) if f.rule == "TR-POINTS"]
    assert f.component == "rules.points"
    assert f.message == ("points fall with the place and stay above 0: rules.points = [3, 3, 0]: 3 then 3 at 1, 2 "
                         "(not strictly decreasing); 0 at 3 is below 1")


def test_monotonic_each_row_with_skipped_rows(tmp_path):
    checks = """\
        - id: TR-COSTS
          kind: monotonic
          what: "a longer move never costs less"
          table: rules.costs
          each: true
          skip: [off]
          direction: increasing
        """
    folder = tiny(tmp_path, checks)
    assert [(r.component, r.passed) for r in declared_results(load_game(folder))] == [
        ("row low", True), ("row high", True)]
    folder = tiny(tmp_path, checks, rules=RULES.replace("high: [1, 2, 3]", "high: [1, 3, 2]"))
    (f,) = [f for f in findings_of(folder) if f.rule == "TR-COSTS"]
    assert f.component == "row high" and "3 then 2 at 2, 3 (not increasing)" in f.message
    # a row that is not a list of numbers, and not skipped, is a finding
    folder = tiny(tmp_path, checks.replace("skip: [off]", "skip: []"))
    (f,) = [f for f in findings_of(folder) if f.rule == "TR-COSTS"]
    assert f.component == "row none" and "not a list of numbers" in f.message


def test_monotonic_empty_table_fails(tmp_path):
    folder = tiny(tmp_path, MONO.format(table="rules.points", direction="decreasing", strict="true"),
                  rules=RULES.replace("points: [3, 1]", "points: []"))
    (f,) = [f for f in findings_of(folder) if f.rule == "TR-MONO"]
    assert "is empty" in f.message


# --------------------------------------------------------------------------- complete


def test_complete_by_player_count(tmp_path):
    checks = """\
        - id: TR-ROUNDS
          kind: complete
          what: "a number of rounds for every player count"
          table: rules.rounds
          keys: players
          exact: true
        """
    folder = tiny(tmp_path, checks)
    (result,) = declared_results(load_game(folder))
    assert result.passed and result.figures == "rules.rounds: an entry for each of 3 players (2, 3, 4)"
    folder = tiny(tmp_path, checks, rules=RULES.replace("rounds: {2: 4, 3: 3, 4: 4}", "rounds: {2: 4, 4: 4, 5: 5}"))
    found = {f.component: f.message for f in findings_of(folder) if f.rule == "TR-ROUNDS"}
    assert found == {
        "rules.rounds[3]": "a number of rounds for every player count: no entry for 3 in rules.rounds",
        "rules.rounds[5]": "a number of rounds for every player count: an entry for 5 in rules.rounds, which is "
                           "not one of the players (2, 3, 4)",
    }


def test_complete_by_ids_and_by_a_list(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-COLOURS
          kind: complete
          what: "a team per colour"
          table: rules.teams
          keys: [0, 1, 2]
        - id: TR-DECKS
          kind: complete
          what: "a role per deck"
          table: rules.costs
          keys: decks
        """)
    found = {(f.rule, f.component) for f in findings_of(folder) if f.rule.startswith("TR-")}
    assert found == {("TR-COLOURS", "rules.teams[2]"), ("TR-DECKS", "rules.costs[moves]"),
                     ("TR-DECKS", "rules.costs[spare]")}


# --------------------------------------------------------------------------- identical


def test_identical_groups_per_team(tmp_path):
    checks = """\
        - id: TR-TEAMS
          kind: identical
          severity: warning
          what: "every team has the same single cards"
          groups: {cards: moves, where: {kind: single}, per: colour, keys: colours}
          compare: value
        """
    folder = tiny(tmp_path, checks)
    assert all(r.passed for r in declared_results(load_game(folder)))
    folder = tiny(tmp_path, checks)
    decks = (folder / "decks.yaml").read_text(encoding="utf-8")
    (folder / "decks.yaml").write_text(decks.replace("{id: b2, kind: single, colour: bleu, value: 2}",
                                                     "{id: b2, kind: single, colour: bleu, value: 3}"))
    (f,) = [f for f in findings_of(folder) if f.rule == "TR-TEAMS"]
    assert f.severity is Severity.WARNING
    # the most common composition is the reference; with a tie, the first group's
    assert f.component == "colour bleu"
    assert f.message == ("every team has the same single cards: colour bleu has value [1, 1, 3] where the others "
                         "have [1, 1, 2]")


def test_identical_decks(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-DECKS
          kind: identical
          what: "the spare deck is the red part of the main deck"
          groups: {cards: [moves, spare], where: {colour: rouge}}
          compare: [kind, value]
        """)
    assert [(r.component, r.passed) for r in declared_results(load_game(folder))] == [
        ("deck moves", True), ("deck spare", True)]


# --------------------------------------------------------------------------- references


def test_references(tmp_path):
    checks = """\
        - id: TR-REFS
          kind: references
          what: "every team is a colour"
          values: rules.teams
          to: colours
        - id: TR-ROLES
          kind: references
          what: "every role names a deck"
          values: rules.roles
          field: deck
          to: decks
        """
    folder = tiny(tmp_path, checks)
    assert all(r.passed for r in declared_results(load_game(folder)))
    folder = tiny(tmp_path, checks, rules=RULES.replace("teams: [rouge, bleu]", "teams: [rouge, blue]")
                  .replace("help: {deck: spare}", "help: {deck: spares}"))
    found = {f.rule: f.message for f in findings_of(folder) if f.rule.startswith("TR-")}
    assert found == {
        "TR-REFS": "every team is a colour: 'blue' in rules.teams is no colour (did you mean 'bleu'?)",
        "TR-ROLES": "every role names a deck: 'spares' in rules.roles is no deck (did you mean 'spare'?)",
    }


def test_a_rules_path_to_a_missing_deck_skips_the_check(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-SIZE
          kind: count
          what: "the deck holds the cards the rules list"
          count: {cards: rules.deck.name}
          equals: rules.deck.size
        """, rules=RULES.replace("name: moves", "name: mooves"))
    (result,) = declared_results(load_game(folder))
    assert result.passed and not result.checked and result.figures == "not checked: no deck 'mooves'"


# --------------------------------------------------------------------------- located errors


@pytest.mark.parametrize(("entry", "needle", "field", "message", "hint"), [
    ("{id: X, kind: cuont, what: w, count: 1, equals: 1}", "kind: cuont", "checks[0].kind",
     "unknown kind of check 'cuont'", "did you mean 'count'?"),
    ("{id: X, kind: count, what: w, count: {cards: moves}, equals: rules.deck.sise}", "- {id: X",
     "checks[0].equals", "rules.yaml has no 'rules.deck.sise'", "did you mean 'size'?"),
    ("{id: X, kind: count, what: w, count: {cards: moves}, equals: 'rules.deck.size +* 2'}", "- {id: X",
     "checks[0].equals", "'rules.deck.size +* 2' is not an expression (invalid syntax)", "write arithmetic"),
    ("{id: X, kind: count, what: w, count: {cards: moves}, equals: players * 2}", "- {id: X",
     "checks[0].equals", "unknown name 'players' in 'players * 2'", "kind supply"),
    ("{id: X, kind: supply, what: w, supply: {cards: moves}, demand: player * 2}", "- {id: X",
     "checks[0].demand", "unknown name 'player' in 'player * 2'", "did you mean 'players'?"),
    ("{id: X, kind: count, what: w, count: {cards: moves}, equals: maxi(rules.points)}", "- {id: X",
     "checks[0].equals", "unknown function 'maxi' in 'maxi(rules.points)'", "did you mean 'max'?"),
    ("{id: X, kind: count, what: w, count: {cards: mooves}, equals: 1}", "- {id: X",
     "checks[0].count.cards", "unknown deck 'mooves'", "did you mean 'moves'?"),
    ("{id: X, kind: count, what: w, count: {cards: moves, where: {colur: rouge}}, equals: 1}", "- {id: X",
     "checks[0].count.where.colur", "cards have no field 'colur'", "did you mean 'colour'?"),
    ("{id: X, kind: monotonic, what: w, table: rules.pionts, direction: increasing}", "- {id: X",
     "checks[0].table", "rules.yaml has no 'rules.pionts'", "did you mean 'points'?"),
    ("{id: X, kind: monotonic, what: w, table: rules.deck.size, direction: increasing}", "- {id: X",
     "checks[0].table", "rules.deck.size is 8, not a table (a list or a mapping)", ""),
    ("{id: X, kind: count, what: w, count: {cards: moves}, equals: rules.points.first}", "- {id: X",
     "checks[0].equals", "rules.points is a list: it has no 'first'", ""),
    ("{id: X, kind: count, what: w, count: {cards: moves}, equal: 8}", "- {id: X",
     "checks[0].equal", "unknown field 'equal'", "did you mean 'equals'?"),
    ("{id: X, kind: count, count: {cards: moves}, equals: 8}", "- {id: X",
     "checks[0].what", "this field is required but missing", "add 'what: ...'"),
    ("{id: X, kind: complete, what: w, table: rules.rounds, keys: player}", "- {id: X",
     "checks[0].keys", "unknown keys 'player'", "did you mean 'players'?"),
])
def test_a_bad_entry_is_a_located_data_error(tmp_path, entry, needle, field, message, hint):
    folder = tiny(tmp_path, f"- {entry}\n")
    errors = data_errors(folder)
    assert len(errors) == 1, [e.render() for e in errors]
    (err,) = errors
    assert Path(err.location.file).name == "rules.yaml"
    assert err.location.line == line_of(folder, needle)
    assert err.field == field
    assert message in err.message, err.render()
    assert hint in err.hint, err.render()


def test_errors_point_at_the_line_of_the_field(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-SIZE
          kind: count
          what: "the deck holds the cards the rules list"
          count:
            cards: moves
            where: {kidn: single}
          equals: rules.deck.szie
        """)
    found = {e.field: e.location.line for e in data_errors(folder)}
    assert found == {"checks[0].count.where.kidn": line_of(folder, "where: {kidn"),
                     "checks[0].equals": line_of(folder, "equals: rules.deck.szie")}


# --------------------------------------------------------------------------- runner and determinism


def test_a_warning_answered_by_a_decision_is_a_question(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-SPARE
          kind: count
          severity: warning
          what: "the spare deck is as large as a hand pair"
          count: {cards: spare}
          equals: 4
        """, decisions="""\
        - {id: TR-D-SPARE, topic: spare, choice: "3 cards", why: "enough", resolves: [TR-SPARE]}
        """)
    (f,) = [f for f in findings_of(folder) if f.rule == "TR-SPARE"]
    assert f.severity is Severity.QUESTION and f.message.endswith("[answered by TR-D-SPARE]")


def test_results_are_deterministic_and_listable(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-SIZE
          kind: count
          what: "the deck holds the cards the rules list"
          count: {cards: moves}
          equals: rules.deck.size
        - id: TR-TOKENS
          kind: supply
          what: "a token per round"
          supply: {tokens: "*", where: {kind: points}, per: id}
          demand: rules.rounds[players]
        - id: TR-POINTS
          kind: monotonic
          what: "points fall"
          table: rules.points
          direction: decreasing
        """)
    first = [r.as_dict() for r in declared_results(load_game(folder))]
    second = [r.as_dict() for r in declared_results(load_game(folder))]
    assert first == second
    assert [r["rule"] for r in first] == ["TR-SIZE", "TR-TOKENS", "TR-TOKENS", "TR-POINTS"]
    assert all(r["passed"] and r["figures"] and r["line"] for r in first)


# --------------------------------------------------------------------------- the built-in games


def test_green_jersey_token_supply_is_declared(tmp_path):
    findings = broken_game(tmp_path, "green-jersey", ("tokens.yaml", "rank: 2, count: 6", "rank: 2, count: 5"))
    assert rule_ids(findings) == {"GJ-SUPPLY-TOKENS", "GJ-MANIFEST"}
    (f,) = [f for f in findings if f.rule == "GJ-SUPPLY-TOKENS"]
    lines = (tmp_path / "green-jersey" / "rules.yaml").read_text(encoding="utf-8").splitlines()
    assert f.location.line == next(i for i, t in enumerate(lines, 1) if "- id: GJ-SUPPLY-TOKENS" in t)
    assert f.component == "token points-2"


@pytest.mark.parametrize(("game", "edit", "rule"), [
    ("tour-de-france-mb", ("rules.yaml", "colour_cards: 44", "colour_cards: 40"), "TDF-DECK-SUM"),
    ("tour-de-france-quiz", ("rules.yaml", "cards: 165", "cards: 166"), "TDQ-CARDS-SUM"),
    ("flamme-rouge-variants", ("rules.yaml", "11: 2, 12: 1}", "11: 2}"), "FRV-SCALE"),
    ("maillot-jaune", ("rules.yaml", '  "10":  [0, 0, 1, 2]', '  "10":  [0, 3, 1, 2]'), "MJ-DICE-MONOTONIC"),
])
def test_the_declared_checks_of_the_built_in_games_fire(tmp_path, game, edit, rule):
    findings = broken_game(tmp_path, game, edit)
    hits = [f for f in findings if f.rule == rule and f.severity is Severity.ERROR]
    assert hits and all(Path(f.location.file).name == "rules.yaml" for f in hits)


# --------------------------------------------------------------------------- per-group expressions


def test_count_per_group_reads_the_rules_table_of_the_group(tmp_path):
    checks = """\
        - id: TR-KINDS
          kind: count
          what: "the deck holds the cards of each kind the rules list"
          count: {cards: moves, per: kind, keys: rules.kinds}
          equals: rules.kinds[group]
        """
    rules = RULES + "kinds: {single: 6, joker: 2}\n"
    folder = tiny(tmp_path, checks, rules=rules)
    assert [(r.component, r.passed, r.figures) for r in declared_results(load_game(folder))] == [
        ("kind single", True, "6 cards; rules.kinds[single] = 6"),
        ("kind joker", True, "2 cards; rules.kinds[joker] = 2")]
    folder = tiny(tmp_path, checks, rules=RULES + "kinds: {single: 5, pair: 1}\n")
    found = {f.component: f.message for f in findings_of(folder) if f.rule == "TR-KINDS"}
    what = "the deck holds the cards of each kind the rules list: "
    assert found == {"kind single": what + "6 cards, not rules.kinds[single] = 5",
                     "kind pair": what + "0 cards, not rules.kinds[pair] = 1",
                     "kind joker": what + "2 cards, but rules.yaml has no rules.kinds[joker]"}


def test_group_is_known_only_with_per(tmp_path):
    folder = tiny(tmp_path, """\
        - id: TR-KINDS
          kind: count
          what: "w"
          count: {cards: moves}
          equals: rules.deck[group]
        """)
    (err,) = data_errors(folder)
    assert err.field == "checks[0].equals" and "unknown name 'group'" in err.message
    assert "per:" in err.hint
