"""Tests of every Green Jersey rules check (pnp/games/green_jersey) and of the finding formats.

Each test copies data/green-jersey to a temporary folder, breaks it the way a designer might
(a row lost from a CSV, a typo in rules.yaml), runs the checker, and asserts the finding: its
rule id, severity, component, file and line, and the numbers in its message. Where it matters,
a test also asserts that the neighbouring checks stay silent.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from pnp.check import Finding, Severity, run_checks
from pnp.check.findings import error, question, warning
from pnp.check.report import as_json, as_text, summary
from pnp.errors import Location
from pnp.model import load_game

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data" / "green-jersey"

ERROR, WARNING, QUESTION = Severity.ERROR, Severity.WARNING, Severity.QUESTION

# What the shipped data says about the draw pile, player count by player count (hands of 6, up to
# 5 discards each): (players, sprint label, pile, cards the hands take, left, discards allowed).
SHIPPED_DEAL_QUESTIONS = {
    (4, "the first sprint", 36, 24, 12, 20),
    (5, "the first sprint", 36, 30, 6, 25),
    (6, "the first sprint", 36, 36, 0, 30),
    (5, "later sprints", 44, 30, 14, 25),
    (6, "later sprints", 44, 36, 8, 30),
}

# The beginnings of the messages of the deck sums declared under checks: in rules.yaml.
TOTAL = "the movement deck holds the cards the rules say: "
KINDS = "the movement deck holds the cards of each kind the rules list: "

# An edit of the data: (file, old, new), a text replacement, or (file, function of the text).
Edit = tuple


# --------------------------------------------------------------------------- helpers


def broken(tmp_path: Path, *edits: Edit) -> list[Finding]:
    """Copy data/green-jersey into ``tmp_path``, apply ``edits``, and run every check on the copy.

    An edit is ``(file, old, new)``: the first ``old`` in the file becomes ``new`` (``old`` must be
    there, so a stale edit fails loudly instead of testing the shipped data), or ``(file, fn)``:
    the file's text becomes ``fn(text)``.
    """
    copy = tmp_path / "green-jersey"
    if not copy.exists():
        shutil.copytree(DATA, copy)
    for edit in edits:
        path = copy / edit[0]
        text = path.read_text(encoding="utf-8")
        if len(edit) == 2:
            new_text = edit[1](text)
        else:
            old, new = edit[1], edit[2]
            assert old in text, f"{edit[0]} no longer contains {old!r}: update this test"
            new_text = text.replace(old, new, 1)
        assert new_text != text, f"edit of {edit[0]} changed nothing"
        path.write_text(new_text, encoding="utf-8")
    return run_checks(load_game(copy))


def line_in(tmp_path: Path, file: str, needle: str) -> int:
    """1-based line of the first line of the (edited) copy of ``file`` that contains ``needle``."""
    lines = (tmp_path / "green-jersey" / file).read_text(encoding="utf-8").splitlines()
    hits = [i for i, line in enumerate(lines, start=1) if needle in line]
    assert hits, f"{needle!r} not in {file}"
    return hits[0]


def shipped_line(file: str, needle: str) -> int:
    lines = (DATA / file).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if needle in line)


def of(findings: list[Finding], rule: str) -> list[Finding]:
    return [f for f in findings if f.rule == rule]


def one(findings: list[Finding], rule: str, component: str | None = None) -> Finding:
    """The single finding of ``rule`` (and ``component``); fails if there are none or several."""
    hits = [f for f in of(findings, rule) if component is None or f.component == component]
    assert len(hits) == 1, f"expected one {rule} [{component}], got:\n" + "\n".join(
        f.render() for f in findings)
    return hits[0]


def problems(findings: list[Finding]) -> set[str]:
    """Rule ids of the errors and warnings (the questions of the shipped data are expected)."""
    return {f.rule for f in findings if f.severity in (ERROR, WARNING)}


def assert_at(finding: Finding, file: str, line: int | None = None) -> None:
    assert Path(finding.location.file).name == file, finding.render()
    if line is not None:
        assert finding.location.line == line, finding.render()


def drop_line(prefix: str) -> Callable[[str], str]:
    """An edit function that removes the line starting with ``prefix`` (exactly one must)."""
    def fn(text: str) -> str:
        lines = text.splitlines(keepends=True)
        kept = [line for line in lines if not line.startswith(prefix)]
        assert len(kept) == len(lines) - 1, f"one line should start with {prefix!r}"
        return "".join(kept)
    return fn


def insert_after(prefix: str, new_line: str) -> Callable[[str], str]:
    """An edit function that adds ``new_line`` after the line starting with ``prefix``."""
    def fn(text: str) -> str:
        lines = text.splitlines(keepends=True)
        at = next(i for i, line in enumerate(lines) if line.startswith(prefix))
        return "".join(lines[: at + 1] + [new_line + "\n"] + lines[at + 1:])
    return fn


# --------------------------------------------------------------------------- shipped data


@pytest.fixture(scope="module")
def shipped() -> list[Finding]:
    return run_checks(load_game(DATA))


def test_shipped_data_has_no_errors_and_no_warnings(shipped):
    bad = [f.render() for f in shipped if f.severity in (ERROR, WARNING)]
    assert bad == []
    assert shipped, "the shipped data should at least list its decisions"
    assert all(f.severity is QUESTION for f in shipped)


def test_every_decision_of_rules_yaml_is_a_question_at_its_line(shipped):
    text = (DATA / "rules.yaml").read_text(encoding="utf-8")
    ids = re.findall(r"^\s*- id: (GJ-D-[A-Z0-9-]+)\s*$", text, flags=re.M)
    topics = re.findall(r"^\s+topic: (.+?)\s*$", text, flags=re.M)
    assert len(ids) >= 8 and len(ids) == len(topics)
    for decision_id, topic in zip(ids, topics):
        f = one(shipped, decision_id)
        assert f.severity is QUESTION
        assert f.component == topic
        assert f.message.startswith("decided: ")
        assert " Why: " in f.message
        assert_at(f, "rules.yaml", shipped_line("rules.yaml", f"- id: {decision_id}"))
    # nothing but the decisions, the deal supply and the engine's written choices is reported
    engine = {f.rule for f in shipped if f.rule.startswith("GJ-ENGINE-")}
    assert engine and all(f.severity is QUESTION for f in shipped if f.rule in engine)
    assert {f.rule for f in shipped} == set(ids) | {"GJ-SUPPLY-DEAL"} | engine


def test_decision_question_quotes_choice_and_reason(shipped):
    f = one(shipped, "GJ-D-DISCARD")
    assert "from 0 to 5 cards" in f.message
    assert "The rules say 0 to 6" in f.message


def test_shipped_deal_supply_questions_name_the_deck_out_decision(shipped):
    deal = of(shipped, "GJ-SUPPLY-DEAL")
    expected = {f"{p} players, {label}" for p, label, *_ in SHIPPED_DEAL_QUESTIONS}
    assert {f.component for f in deal} == expected
    assert len(deal) == len(expected) == 5
    discard_line = shipped_line("rules.yaml", "discard_max:")
    for players, label, pile, hands, left, allowed in SHIPPED_DEAL_QUESTIONS:
        f = one(deal, "GJ-SUPPLY-DEAL", f"{players} players, {label}")
        assert f.severity is QUESTION
        assert f.message == (
            f"the pile holds {pile} cards; {players} hands of 6 take {hands}, leaving {left} for "
            f"discards where the rules allow up to {allowed}: a discard may find the pile empty "
            "[answered by GJ-D-DECK-OUT]")
        assert_at(f, "rules.yaml", discard_line)


def test_shipped_deal_supply_spares_small_tables(shipped):
    components = {f.component for f in of(shipped, "GJ-SUPPLY-DEAL")}
    for players in (2, 3):
        assert not any(c.startswith(f"{players} players") for c in components)
    # 4 players later: 44 - 4 * 6 = 20 cards left, exactly the 4 * 5 discards allowed
    assert "4 players, later sprints" not in components


# --------------------------------------------------------------------------- movement deck


def test_deck_missing(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "  deck: movement", "  deck: moves"))
    f = one(findings, "GJ-DECK-MISSING")
    assert f.severity is ERROR
    assert f.component == "deck moves"
    assert "'moves'" in f.message and "decks.yaml has no such deck" in f.message
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "deck: moves"))
    # the deck checks do not pile up findings about a deck that is not there ...
    for rule in ("GJ-DECK-TOTAL", "GJ-DECK-KINDS", "GJ-CARD-SHAPE", "GJ-DECK-AWARD", "GJ-DECK-SINGLES",
                 "GJ-DECK-PAIRS", "GJ-DECK-BALANCE", "GJ-SWAP-CARD"):
        assert of(findings, rule) == [], rule
    # ... but the box list notices the 45 missing cards
    m = one(findings, "GJ-MANIFEST", "movement cards")
    assert m.message == "the data holds 0, the rules list 45"
    assert problems(findings) == {"GJ-DECK-MISSING", "GJ-MANIFEST"}


def test_deck_missing_when_the_deck_is_renamed_in_decks_yaml(tmp_path):
    findings = broken(tmp_path, ("decks.yaml", "  - id: movement", "  - id: mouvement"),
                      ("rules.yaml", "decks: [movement]", "decks: [mouvement]"))  # the draw pile follows it
    f = one(findings, "GJ-DECK-MISSING")
    assert f.severity is ERROR and f.component == "deck movement"
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "deck: movement"))


def test_missing_pair_row_breaks_total_kinds_pairs_and_balance(tmp_path):
    findings = broken(tmp_path, ("movement.csv", drop_line("pair-rouge-bleu,")))
    deck_line = line_in(tmp_path, "decks.yaml", "- id: movement")

    # the sums are declared under checks: in rules.yaml: their findings point at the checks
    total = one(findings, "GJ-DECK-TOTAL")
    assert total.severity is ERROR and total.component == "deck movement"
    assert total.message == "the movement deck holds the cards the rules say: 44 cards, not rules.deck.total = 45"
    assert_at(total, "rules.yaml", line_in(tmp_path, "rules.yaml", "- id: GJ-DECK-TOTAL"))

    kinds = one(findings, "GJ-DECK-KINDS")
    assert kinds.severity is ERROR and kinds.component == "kind pair"
    assert kinds.message == (KINDS + "20 cards, not rules.deck.kinds[pair] = 21")
    assert_at(kinds, "rules.yaml", line_in(tmp_path, "rules.yaml", "- id: GJ-DECK-KINDS"))

    pair = one(findings, "GJ-DECK-PAIRS")
    assert pair.severity is ERROR
    assert pair.component == "pair rouge+bleu"
    assert pair.message.startswith("no card for the jerseys rouge and bleu")
    assert_at(pair, "decks.yaml", deck_line)

    balance = of(findings, "GJ-DECK-BALANCE")
    assert {f.component for f in balance} == {"jersey rouge", "jersey bleu"}
    for f in balance:
        assert f.severity is WARNING
        assert f.message == "appears on 8 cards, the others on 9"
    assert_at(one(balance, "GJ-DECK-BALANCE", "jersey bleu"), "jerseys.yaml",
              line_in(tmp_path, "jerseys.yaml", "{id: bleu,"))

    assert one(findings, "GJ-MANIFEST", "movement cards").message == "the data holds 44, the rules list 45"
    # no green card went missing: the swap cards, the award count and the singles are fine
    assert problems(findings) == {"GJ-DECK-TOTAL", "GJ-DECK-KINDS", "GJ-DECK-PAIRS", "GJ-DECK-BALANCE",
                                  "GJ-MANIFEST"}


def test_duplicated_pair_row_under_another_id(tmp_path):
    findings = broken(tmp_path, ("movement.csv", insert_after("pair-jaune-noir,",
                                                              "pair-jaune-noir-bis,pair,jaune+noir,")))
    pair = one(findings, "GJ-DECK-PAIRS")
    assert pair.severity is ERROR
    assert pair.component == "pair jaune+noir"
    assert pair.message.startswith("2 cards for the jerseys jaune and noir")
    assert "exactly one" in pair.message
    assert one(findings, "GJ-DECK-TOTAL").message == TOTAL + "46 cards, not rules.deck.total = 45"
    assert one(findings, "GJ-DECK-KINDS").message == KINDS + "22 cards, not rules.deck.kinds[pair] = 21"
    assert {f.component for f in of(findings, "GJ-DECK-BALANCE")} == {"jersey jaune", "jersey noir"}
    assert problems(findings) == {"GJ-DECK-TOTAL", "GJ-DECK-KINDS", "GJ-DECK-PAIRS", "GJ-DECK-BALANCE",
                                  "GJ-MANIFEST"}


def test_deck_total_in_rules_disagrees_with_kinds(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "  total: 45", "  total: 44"))
    total = one(findings, "GJ-DECK-TOTAL")
    assert total.message == TOTAL + "45 cards, not rules.deck.total = 44"
    kinds = one(findings, "GJ-DECK-KINDS", "rules")
    assert kinds.severity is ERROR
    assert kinds.message == ("the kinds of the movement deck add up to its total: sum(rules.deck.kinds) = 45, "
                             "not rules.deck.total = 44")
    assert_at(kinds, "rules.yaml", line_in(tmp_path, "rules.yaml", "count: sum(rules.deck.kinds)") - 3)
    # the supply check trusts the rules' total: 44 - 9 = 35 cards cannot fill six hands of 6
    short = one(findings, "GJ-SUPPLY-DEAL", "6 players, the first sprint")
    assert short.severity is ERROR
    assert short.message == "the pile holds 35 cards but 6 hands of 6 need 36"
    assert problems(findings) == {"GJ-DECK-TOTAL", "GJ-DECK-KINDS", "GJ-SUPPLY-DEAL"}


def test_deck_kinds_unknown_kind_in_csv(tmp_path):
    findings = broken(tmp_path, ("movement.csv", "joker-3,joker,", "joker-3,jocker,"))
    kinds = of(findings, "GJ-DECK-KINDS")
    assert {f.component: f.message for f in kinds} == {
        "kind joker": KINDS + "2 cards, not rules.deck.kinds[joker] = 3",
        "kind jocker": KINDS + "1 card, but rules.yaml has no rules.deck.kinds[jocker]"}
    assert all(f.severity is ERROR for f in kinds)
    for f in kinds:
        assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "- id: GJ-DECK-KINDS"))
    # the total is still 45 and a card of an unknown kind has no shape to check
    assert problems(findings) == {"GJ-DECK-KINDS"}


def test_deck_kinds_rules_split_differs_from_the_deck(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "{single: 21, joker: 3, pair: 21}",
                                 "{single: 18, joker: 3, pair: 24}"))
    messages = {f.message for f in of(findings, "GJ-DECK-KINDS")}
    assert messages == {KINDS + "21 cards, not rules.deck.kinds[single] = 18",
                        KINDS + "21 cards, not rules.deck.kinds[pair] = 24"}
    # 18 + 3 + 24 is still 45: no complaint about the sum, nor about the total
    assert of(findings, "GJ-DECK-TOTAL") == []
    assert problems(findings) == {"GJ-DECK-KINDS"}


@pytest.mark.parametrize(
    ("old", "new", "card", "message", "also"),
    [
        ("single-noir-3,single,noir,3", "single-noir-3,single,noir,4", "single-noir-3",
         "distance 4 is not one of the allowed distances 1, 2, 3 (set 'distance')", {"GJ-DECK-SINGLES"}),
        ("joker-2,joker,multicolore,2", "joker-2,joker,multicolore,5", "joker-2",
         "distance 5 is not one of the allowed distances 1, 2, 3 (set 'distance')", set()),
        ("pair-bleu-noir,pair,bleu+noir,", "pair-bleu-noir,pair,bleu+noir,2", "pair-bleu-noir",
         "a pair card moves a rider next to the other, it has no distance: leave 'distance' empty", set()),
        ("pair-rouge-bleu,pair,rouge+bleu,", "pair-rouge-bleu,pair,rouge+rouge,", "pair-rouge-bleu",
         "a pair card shows two different racing jerseys, not rouge+rouge",
         {"GJ-DECK-PAIRS", "GJ-DECK-BALANCE"}),
        ("pair-orange-violet,pair,orange+violet,", "pair-orange-violet,pair,orange+multicolore,",
         "pair-orange-violet", "a pair card shows two different racing jerseys, not orange+multicolore",
         {"GJ-DECK-PAIRS", "GJ-DECK-BALANCE"}),
        ("joker-1,joker,multicolore,1", "joker-1,joker,rouge,1", "joker-1",
         "a joker shows the 'multicolore' jersey, not rouge", {"GJ-DECK-BALANCE"}),
        ("single-vert-3,single,vert,3", "single-vert-3,single,multicolore,3", "single-vert-3",
         "a single card shows one rider's jersey or the award jersey, not multicolore",
         {"GJ-DECK-AWARD", "GJ-DECK-SINGLES", "GJ-DECK-BALANCE"}),
        ("single-jaune-1,single,jaune,1", "single-jaune-1,single,jaune+bleu,1", "single-jaune-1",
         "a single card shows one rider's jersey or the award jersey, not jaune+bleu",
         {"GJ-DECK-SINGLES", "GJ-DECK-BALANCE"}),
    ],
    ids=["single-distance-4", "joker-distance-5", "pair-with-distance", "pair-same-jersey",
         "pair-with-wildcard", "joker-of-a-colour", "single-of-wildcard", "single-of-two"],
)
def test_card_shape(tmp_path, old, new, card, message, also):
    findings = broken(tmp_path, ("movement.csv", old, new))
    f = one(findings, "GJ-CARD-SHAPE")
    assert f.severity is ERROR
    assert f.component == f"card {card}"
    assert f.message == message
    assert_at(f, "movement.csv", line_in(tmp_path, "movement.csv", new))
    assert problems(findings) == {"GJ-CARD-SHAPE"} | also


def test_card_shape_single_without_distance(tmp_path):
    findings = broken(tmp_path, ("movement.csv", "single-rouge-1,single,rouge,1", "single-rouge-1,single,rouge,"))
    f = one(findings, "GJ-CARD-SHAPE", "card single-rouge-1")
    assert f.severity is ERROR
    assert "needs a distance" in f.message
    assert "set 'distance'" in f.message
    assert_at(f, "movement.csv", line_in(tmp_path, "movement.csv", "single-rouge-1,"))


def test_deck_award_count_in_rules(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "award_cards: 9", "award_cards: 8"))
    f = one(findings, "GJ-DECK-AWARD")
    assert f.severity is ERROR
    assert f.component == "deck movement"
    assert f.message == "9 cards show the 'vert' jersey, the rules remove 8 of them for the first sprint"
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "award_cards:"))
    assert problems(findings) == {"GJ-DECK-AWARD"}
    # the first sprint's pile follows the rules' number: 45 - 8 = 37
    six = one(findings, "GJ-SUPPLY-DEAL", "6 players, the first sprint")
    assert "the pile holds 37 cards" in six.message and "leaving 1 for discards" in six.message


def test_deck_singles_one_rider_moves_differently(tmp_path):
    findings = broken(tmp_path, ("movement.csv", "single-noir-3,single,noir,3", "single-noir-3,single,noir,2"))
    f = one(findings, "GJ-DECK-SINGLES")
    assert f.severity is WARNING
    assert f.component == "jersey noir"
    # declared in rules.yaml (kind identical): the finding points at the check
    assert f.message == ("every racing jersey has the same single cards: jersey noir has distance [1, 2, 2] "
                         "where the others have [1, 2, 3] (a rider with other singles moves differently from "
                         "the others)")
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "- id: GJ-DECK-SINGLES"))
    # noir still appears on 9 cards and 2 is an allowed distance
    assert problems(findings) == {"GJ-DECK-SINGLES"}


def test_deck_singles_and_balance_when_a_single_changes_colour(tmp_path):
    findings = broken(tmp_path, ("movement.csv", "single-rouge-3,single,rouge,3", "single-bleu-3b,single,bleu,3"))
    singles = {f.component: f for f in of(findings, "GJ-DECK-SINGLES")}
    assert set(singles) == {"jersey rouge", "jersey bleu"}
    assert "has distance [1, 2] where the others have [1, 2, 3]" in singles["jersey rouge"].message
    assert "has distance [1, 2, 3, 3] where the others have [1, 2, 3]" in singles["jersey bleu"].message

    balance = {f.component: f for f in of(findings, "GJ-DECK-BALANCE")}
    assert set(balance) == {"jersey rouge", "jersey bleu"}
    assert balance["jersey rouge"].message == "appears on 8 cards, the others on 9"
    assert balance["jersey bleu"].message == "appears on 10 cards, the others on 9"
    assert all(f.severity is WARNING for f in balance.values())
    assert_at(balance["jersey rouge"], "jerseys.yaml", line_in(tmp_path, "jerseys.yaml", "{id: rouge,"))
    # 45 cards, 21 singles, the same 9 green cards
    assert problems(findings) == {"GJ-DECK-SINGLES", "GJ-DECK-BALANCE"}


def test_swap_card_missing_for_one_rider(tmp_path):
    findings = broken(tmp_path, ("movement.csv", drop_line("pair-rouge-vert,")))
    swap = one(findings, "GJ-SWAP-CARD")
    assert swap.severity is ERROR
    assert swap.component == "rider rouge"
    assert swap.message.startswith("0 cards show vert + rouge; exactly one must exist")
    assert_at(swap, "jerseys.yaml", line_in(tmp_path, "jerseys.yaml", "{id: rouge,"))
    award = one(findings, "GJ-DECK-AWARD")
    assert award.message.startswith("8 cards show the 'vert' jersey, the rules remove 9")
    assert one(findings, "GJ-DECK-PAIRS").component == "pair rouge+vert"
    assert {f.component for f in of(findings, "GJ-DECK-BALANCE")} == {"jersey rouge", "jersey vert"}
    assert problems(findings) == {"GJ-SWAP-CARD", "GJ-DECK-AWARD", "GJ-DECK-PAIRS", "GJ-DECK-BALANCE",
                                  "GJ-DECK-TOTAL", "GJ-DECK-KINDS", "GJ-MANIFEST"}


def test_swap_card_twice_for_one_rider(tmp_path):
    findings = broken(tmp_path, ("movement.csv", insert_after("pair-violet-vert,",
                                                              "pair-vert-violet,pair,vert+violet,")))
    swap = one(findings, "GJ-SWAP-CARD")
    assert swap.component == "rider violet"
    assert swap.message.startswith("2 cards show vert + violet")
    assert_at(swap, "jerseys.yaml", line_in(tmp_path, "jerseys.yaml", "{id: violet,"))
    assert one(findings, "GJ-DECK-AWARD").message.startswith("10 cards show the 'vert' jersey")
    assert one(findings, "GJ-DECK-PAIRS").message.startswith("2 cards for the jerseys violet and vert")


# --------------------------------------------------------------------------- component parity


def test_parity_riders_rules_race_fewer_riders(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "riders: 6                      #", "riders: 5  #"))
    riders = one(findings, "GJ-PARITY-RIDERS", "riders")
    assert riders.severity is ERROR
    assert riders.message == "6 riders in riders.yaml, the rules race 5"
    assert_at(riders, "rules.yaml", line_in(tmp_path, "rules.yaml", "riders: 5"))
    players = one(findings, "GJ-PARITY-RIDERS", "players")
    assert players.severity is ERROR
    assert players.message == "up to 6 players but only 5 riders to own"
    assert_at(players, "rules.yaml", line_in(tmp_path, "rules.yaml", "players:"))
    peloton = one(findings, "GJ-MANIFEST", "peloton squares")
    assert peloton.message.startswith("6 peloton squares for 5 riders")
    # the six riders still each have one jersey and one rider card
    # the board still has 6 peloton squares for 5 riders
    assert problems(findings) == {"GJ-PARITY-RIDERS", "GJ-MANIFEST", "GJ-BOARD-PELOTON"}


def test_parity_riders_a_seventh_rider(tmp_path):
    findings = broken(tmp_path, ("riders.yaml", insert_after("  - {id: violet,",
                                                             "  - {id: vert,   name: Coureur vert,   colour: vert}")))
    riders = one(findings, "GJ-PARITY-RIDERS")
    assert riders.severity is ERROR and riders.component == "riders"
    assert riders.message == "7 riders in riders.yaml, the rules race 6"
    rider_line = line_in(tmp_path, "riders.yaml", "{id: vert,")
    jersey = one(findings, "GJ-PARITY-JERSEY", "rider vert")
    assert jersey.message.startswith("0 jerseys name this rider")
    assert_at(jersey, "riders.yaml", rider_line)
    card = one(findings, "GJ-PARITY-RIDER-CARDS", "rider vert")
    assert card.message.startswith("0 rider cards for this rider")
    assert_at(card, "riders.yaml", rider_line)
    figures = of(findings, "GJ-PARITY-STANDEES")
    assert len(figures) == 2  # no plain figure, no figure in green
    assert all(f.component == "rider vert" and f.message.startswith("0 ") for f in figures)
    # the box list counts figures, and no figure was added
    assert of(findings, "GJ-MANIFEST") == []
    assert problems(findings) == {"GJ-PARITY-RIDERS", "GJ-PARITY-JERSEY", "GJ-PARITY-RIDER-CARDS",
                                  "GJ-PARITY-STANDEES"}


def test_parity_jersey_two_jerseys_name_one_rider(tmp_path):
    findings = broken(tmp_path, ("jerseys.yaml", "colours: [violet], rider: violet",
                                 "colours: [violet], rider: orange"))
    jerseys = {f.component: f for f in of(findings, "GJ-PARITY-JERSEY")}
    assert set(jerseys) == {"rider orange", "rider violet"}
    assert all(f.severity is ERROR for f in jerseys.values())
    assert jerseys["rider orange"].message == "2 jerseys name this rider; cards need exactly one"
    assert jerseys["rider violet"].message == "0 jerseys name this rider; cards need exactly one"
    assert_at(jerseys["rider orange"], "riders.yaml", line_in(tmp_path, "riders.yaml", "{id: orange,"))
    assert_at(jerseys["rider violet"], "riders.yaml", line_in(tmp_path, "riders.yaml", "{id: violet,"))
    # one jersey per card id is unchanged: the deck checks stay silent
    assert problems(findings) == {"GJ-PARITY-JERSEY"}


def test_parity_rider_cards_one_rider_drawn_twice(tmp_path):
    findings = broken(tmp_path, ("riders.csv", "coureur-violet,rider,violet", "coureur-violet,rider,orange"))
    cards = {f.component: f for f in of(findings, "GJ-PARITY-RIDER-CARDS")}
    assert set(cards) == {"rider orange", "rider violet"}
    assert cards["rider orange"].message == "2 rider cards for this rider; the draws need exactly one"
    assert cards["rider violet"].message == "0 rider cards for this rider; the draws need exactly one"
    assert cards["rider violet"].severity is ERROR
    assert_at(cards["rider violet"], "riders.yaml", line_in(tmp_path, "riders.yaml", "{id: violet,"))
    # still six rider cards in the box
    assert problems(findings) == {"GJ-PARITY-RIDER-CARDS"}


def test_parity_rider_cards_missing_row(tmp_path):
    findings = broken(tmp_path, ("riders.csv", drop_line("coureur-jaune,")))
    card = one(findings, "GJ-PARITY-RIDER-CARDS")
    assert card.component == "rider jaune" and card.message.startswith("0 rider cards")
    assert one(findings, "GJ-MANIFEST", "rider cards").message == "the data holds 5, the rules list 6"
    assert problems(findings) == {"GJ-PARITY-RIDER-CARDS", "GJ-MANIFEST"}


def test_parity_standees_green_figure_missing(tmp_path):
    findings = broken(tmp_path, ("riders.yaml", drop_line("  - {id: figurine-noir-vert,")))
    f = one(findings, "GJ-PARITY-STANDEES")
    assert f.severity is ERROR
    assert f.component == "rider noir"
    assert f.message.startswith("0 figure") and "vert" in f.message and "exactly one" in f.message
    assert_at(f, "riders.yaml", line_in(tmp_path, "riders.yaml", "{id: noir,"))
    assert one(findings, "GJ-MANIFEST", "green riders").message == "the data holds 5, the rules list 6"
    assert problems(findings) == {"GJ-PARITY-STANDEES", "GJ-MANIFEST"}


def test_parity_standees_plain_figure_twice(tmp_path):
    findings = broken(tmp_path, ("riders.yaml", "{id: figurine-bleu,   rider: bleu}",
                                 "{id: figurine-bleu,   rider: rouge}"))
    figures = {f.component: f for f in of(findings, "GJ-PARITY-STANDEES")}
    assert set(figures) == {"rider rouge", "rider bleu"}
    assert figures["rider rouge"].message.startswith("2 plain figure(s) for this rider")
    assert figures["rider bleu"].message.startswith("0 plain figure(s) for this rider")
    # still six plain figures in the box
    assert problems(findings) == {"GJ-PARITY-STANDEES"}


def test_parity_first_player_card_twice(tmp_path):
    findings = broken(tmp_path, ("decks.yaml", insert_after("      - {id: first-player,",
                                                            "      - {id: first-player-2, kind: first-player}")))
    f = one(findings, "GJ-PARITY-FIRST-PLAYER")
    assert f.severity is ERROR
    assert f.component == "first-player card"
    assert f.message == "2 first-player cards, the rules list 1"
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "first_player_cards:"))
    assert problems(findings) == {"GJ-PARITY-FIRST-PLAYER"}


def test_parity_first_player_rules_list_two(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "first_player_cards: 1", "first_player_cards: 2"))
    f = one(findings, "GJ-PARITY-FIRST-PLAYER")
    assert f.message == "1 first-player cards, the rules list 2"
    assert problems(findings) == {"GJ-PARITY-FIRST-PLAYER"}


@pytest.mark.parametrize(
    ("old", "new", "component", "message"),
    [
        ("  riders: 6\n  green_riders", "  riders: 7\n  green_riders", "riders",
         "the data holds 6, the rules list 7"),
        ("green_riders: 6", "green_riders: 12", "green riders", "the data holds 6, the rules list 12"),
        ("rider_cards: 6", "rider_cards: 7", "rider cards", "the data holds 6, the rules list 7"),
        ("movement_cards: 45", "movement_cards: 44", "movement cards", "the data holds 45, the rules list 44"),
        ("point_tokens: 18", "point_tokens: 15", "point tokens", "the data holds 18, the rules list 15"),
        ("peloton_squares: 6", "peloton_squares: 5", "peloton squares",
         "5 peloton squares for 6 riders: every rider starts on one"),
    ],
    ids=["riders", "green-riders", "rider-cards", "movement-cards", "point-tokens", "peloton"],
)
def test_manifest_box_list_disagrees(tmp_path, old, new, component, message):
    findings = broken(tmp_path, ("rules.yaml", old, new))
    f = one(findings, "GJ-MANIFEST")
    assert f.severity is ERROR
    assert f.component == component
    assert f.message == message
    key = new.split("\n")[0].split(":")[0].strip()
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", f"  {key}: "))
    assert problems(findings) == {"GJ-MANIFEST"}


def test_manifest_counts_the_point_tokens_of_the_data(tmp_path):
    findings = broken(tmp_path, ("tokens.yaml", "rank: 3, count: 6", "rank: 3, count: 9"))
    f = one(findings, "GJ-MANIFEST")
    assert f.component == "point tokens"
    assert f.message == "the data holds 21, the rules list 18"
    # 9 tokens are still enough for 6 sprints
    assert problems(findings) == {"GJ-MANIFEST"}


# --------------------------------------------------------------------------- rule tables


def test_sprints_not_a_multiple(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "  4: [4]", "  4: [6]"))
    f = one(findings, "GJ-SPRINTS")
    assert f.severity is ERROR
    assert f.component == "4 players"
    assert f.message == "6 sprints is not a multiple of 4: players would not start equally often"
    assert_at(f, "rules.yaml")
    assert problems(findings) == {"GJ-SPRINTS"}


def test_sprints_one_bad_option_among_good_ones(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "  3: [3, 6]", "  3: [3, 5, 6]"))
    f = one(findings, "GJ-SPRINTS")
    assert f.component == "3 players"
    assert f.message.startswith("5 sprints is not a multiple of 3")


def test_sprints_finding_points_at_the_entry_line(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "  4: [4]", "  4: [6]"))
    assert one(findings, "GJ-SPRINTS").location.line == line_in(tmp_path, "rules.yaml", "  4: [6]")


@pytest.mark.parametrize("edit", [drop_line("  5: [5]"), lambda t: t.replace("  5: [5]", "  5: []")],
                         ids=["entry-removed", "entry-empty"])
def test_sprints_missing_player_count(tmp_path, edit):
    findings = broken(tmp_path, ("rules.yaml", edit))
    f = one(findings, "GJ-SPRINTS")
    assert f.severity is ERROR
    assert f.component == "5 players"
    assert f.message == "no number of sprints for this player count"
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "sprints:"))
    assert problems(findings) == {"GJ-SPRINTS"}


def test_sprints_entry_for_a_player_count_the_game_does_not_have(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "players: {min: 2, max: 6}", "players: {min: 2, max: 5}"))
    f = one(findings, "GJ-SPRINTS")
    assert f.severity is ERROR
    assert f.component == "6 players"
    assert f.message == "the game is for 2 to 5 players"
    assert_at(f, "rules.yaml")
    # the deal is only worked out for the player counts of the game
    components = {g.component for g in of(findings, "GJ-SUPPLY-DEAL")}
    assert components == {"4 players, the first sprint", "5 players, the first sprint",
                          "5 players, later sprints"}


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ("[3, 3, 1]", "points [3, 3, 1] must be positive and strictly decreasing from 1st place"),
        ("[1, 2, 3]", "points [1, 2, 3] must be positive and strictly decreasing from 1st place"),
        ("[2, 1, 0]", "points [2, 1, 0] must be positive and strictly decreasing from 1st place"),
    ],
    ids=["tie", "increasing", "zero"],
)
def test_points_scale_order(tmp_path, points, message):
    findings = broken(tmp_path, ("rules.yaml", "points: [3, 2, 1]", f"points: {points}"))
    f = one(findings, "GJ-POINTS-SCALE")
    assert f.severity is ERROR
    assert f.component == "scoring"
    assert f.message == message
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "points: ["))
    assert problems(findings) == {"GJ-POINTS-SCALE"}


def test_points_scale_more_values_than_token_piles(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "points: [3, 2, 1]", "points: [5, 3, 2, 1]"))
    f = one(findings, "GJ-POINTS-SCALE")
    assert f.message.startswith("4 point values, but tokens for the places [1, 2, 3]")
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "points: ["))


def test_points_scale_a_token_pile_missing(tmp_path):
    findings = broken(tmp_path, ("tokens.yaml", drop_line("  - {id: points-3,")))
    f = one(findings, "GJ-POINTS-SCALE")
    assert f.severity is ERROR
    assert f.message.startswith("3 point values, but tokens for the places [1, 2]")
    assert one(findings, "GJ-MANIFEST", "point tokens").message == "the data holds 12, the rules list 18"
    assert problems(findings) == {"GJ-POINTS-SCALE", "GJ-MANIFEST"}


# --------------------------------------------------------------------------- supply and deal


def test_supply_tokens_pile_too_small(tmp_path):
    findings = broken(tmp_path, ("tokens.yaml", "rank: 2, count: 6", "rank: 2, count: 5"))
    f = one(findings, "GJ-SUPPLY-TOKENS")
    assert f.severity is ERROR
    assert f.component == "token points-2"
    # declared in rules.yaml (kind supply): the finding points at the check
    assert f.message == ("each pile of point tokens holds a token for every sprint of the longest game: 5 tokens "
                         "against a demand of max(rules.sprints[players]) = 6 at 6 players: 1 short; also short "
                         "at 2, 3 players (each sprint takes one token from each pile)")
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "- id: GJ-SUPPLY-TOKENS"))
    assert one(findings, "GJ-MANIFEST").message == "the data holds 17, the rules list 18"
    assert problems(findings) == {"GJ-SUPPLY-TOKENS", "GJ-MANIFEST"}


def test_supply_tokens_longer_game(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "  2: [4, 6]", "  2: [4, 6, 8]"))
    tokens = {f.component: f for f in of(findings, "GJ-SUPPLY-TOKENS")}
    assert set(tokens) == {"token points-1", "token points-2", "token points-3"}
    for f in tokens.values():
        assert f.severity is ERROR
        assert "6 tokens against a demand of max(rules.sprints[players]) = 8 at 2 players: 2 short" in f.message
    assert problems(findings) == {"GJ-SUPPLY-TOKENS"}


def test_deal_rules_discard_more_than_the_hand(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "discard_max: 5", "discard_max: 6"))
    f = one(findings, "GJ-DEAL-RULES")
    assert f.severity is ERROR
    assert f.component == "discard"
    assert f.message == "up to 6 discards from a hand of 5 cards"
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "discard_max:"))
    assert problems(findings) == {"GJ-DEAL-RULES"}
    # the supply check works with the discards the rules allow: 6 per player now
    six = one(findings, "GJ-SUPPLY-DEAL", "6 players, the first sprint")
    assert "where the rules allow up to 36" in six.message


def test_deal_rules_refill_below_the_deal(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "refill_to: 6", "refill_to: 4"))
    f = one(findings, "GJ-DEAL-RULES")
    assert f.severity is ERROR
    assert f.component == "refill"
    assert f.message == "hands are refilled to 4, fewer than the 5 dealt"
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "refill_to:"))
    # fewer cards in hand also make the back of the peloton too far from the finish
    assert problems(findings) == {"GJ-DEAL-RULES", "GJ-BOARD-LENGTH"}


def test_deal_rules_keep_more_than_a_hand_is_a_warning(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "keep_max: 5", "keep_max: 6"))
    f = one(findings, "GJ-DEAL-RULES")
    assert f.severity is WARNING
    assert f.component == "kept cards"
    assert f.message == "a player may keep 6 cards, more than the first deal of 5"
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "keep_max:"))
    assert problems(findings) == {"GJ-DEAL-RULES"}


def test_supply_deal_pile_too_small_for_the_hands(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "refill_to: 6", "refill_to: 7"))
    deal = {f.component: f for f in of(findings, "GJ-SUPPLY-DEAL")}
    err = deal.pop("6 players, the first sprint")
    assert err.severity is ERROR  # an error is never turned into a question by a decision
    assert err.message == "the pile holds 36 cards but 6 hands of 7 need 42"
    assert_at(err, "rules.yaml", line_in(tmp_path, "rules.yaml", "refill_to:"))
    # the other tight tables are still answered by GJ-D-DECK-OUT
    assert set(deal) == {"4 players, the first sprint", "5 players, the first sprint",
                         "4 players, later sprints", "5 players, later sprints", "6 players, later sprints"}
    for f in deal.values():
        assert f.severity is QUESTION and f.message.endswith("[answered by GJ-D-DECK-OUT]")
    assert "the pile holds 36 cards; 5 hands of 7 take 35, leaving 1 for discards" in (
        deal["5 players, the first sprint"].message)
    assert "the pile holds 44 cards; 6 hands of 7 take 42, leaving 2 for discards" in (
        deal["6 players, later sprints"].message)
    assert problems(findings) == {"GJ-SUPPLY-DEAL"}
    assert findings[0] is err  # the only error is listed first


def test_supply_deal_without_the_decision_is_a_warning(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", drop_line("    resolves: [GJ-SUPPLY-DEAL]")))
    deal = of(findings, "GJ-SUPPLY-DEAL")
    assert {f.component for f in deal} == {f"{p} players, {label}" for p, label, *_ in SHIPPED_DEAL_QUESTIONS}
    for f in deal:
        assert f.severity is WARNING
        assert "answered by" not in f.message
        assert f.message.endswith("a discard may find the pile empty")
        assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "discard_max:"))
    six = one(deal, "GJ-SUPPLY-DEAL", "6 players, the first sprint")
    assert "the pile holds 36 cards; 6 hands of 6 take 36, leaving 0 for discards" in six.message
    # the decision itself is still listed, as a question
    assert one(findings, "GJ-D-DECK-OUT").severity is QUESTION
    assert problems(findings) == {"GJ-SUPPLY-DEAL"}
    # warnings come before questions
    ranks = [f.severity.rank for f in findings]
    assert ranks == sorted(ranks)


def test_supply_deal_fewer_discards_need_no_decision(tmp_path):
    # 1 discard each: 6 players later still have 8 spare cards for 6 discards, but not the first sprint
    findings = broken(tmp_path, ("rules.yaml", "discard_max: 5", "discard_max: 1"))
    deal = of(findings, "GJ-SUPPLY-DEAL")
    assert [f.component for f in deal] == ["6 players, the first sprint"]
    assert "leaving 0 for discards where the rules allow up to 6" in deal[0].message


# --------------------------------------------------------------------------- output formats


def test_render_with_a_line():
    f = error("GJ-DECK-TOTAL", "deck movement", "the deck holds 44 cards, the rules say 45",
              Location("data/green-jersey/decks.yaml", 3, 5))
    assert f.render() == ("data/green-jersey/decks.yaml:3: error GJ-DECK-TOTAL: [deck movement] "
                          "the deck holds 44 cards, the rules say 45")


def test_render_without_a_line():
    f = warning("GJ-DECK-BALANCE", "jersey rouge", "appears on 8 cards, the others on 9",
                Location("data/green-jersey"))
    assert f.render() == "data/green-jersey: warning GJ-DECK-BALANCE: [jersey rouge] appears on 8 cards, the others on 9"


def test_render_of_every_real_finding(tmp_path):
    findings = broken(tmp_path, ("movement.csv", drop_line("pair-rouge-bleu,")))
    pattern = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<sev>error|warning|question) "
                         r"(?P<rule>GJ-[A-Z0-9-]+): \[(?P<component>[^\]]+)\] (?P<message>.+)$")
    for f in findings:
        m = pattern.match(f.render())
        assert m, f.render()
        assert m["file"] == f.location.file and int(m["line"]) == f.location.line > 0
        assert (m["sev"], m["rule"], m["component"], m["message"]) == (
            f.severity.value, f.rule, f.component, f.message)


def test_as_json_round_trips(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "discard_max: 5", "discard_max: 6"))
    data = json.loads(as_json({"green-jersey": findings, "empty": []}))
    assert set(data) == {"green-jersey", "empty"}
    assert data["empty"] == []
    assert data["green-jersey"] == [f.as_dict() for f in findings]
    first = data["green-jersey"][0]
    assert set(first) == {"severity", "rule", "component", "message", "file", "line"}
    assert first["severity"] == "error" and first["rule"] == "GJ-DEAL-RULES"
    assert first["message"] == "up to 6 discards from a hand of 5 cards"
    assert Path(first["file"]).name == "rules.yaml"
    assert first["line"] == line_in(tmp_path, "rules.yaml", "discard_max:")
    assert isinstance(first["line"], int)


def test_as_json_keeps_accents_readable():
    f = question("GJ-D-X", "maillot à pois", "décidé : « oui »", Location("règles.yaml", 2))
    text = as_json({"jeu": [f]})
    assert "maillot à pois" in text  # not escaped to \u00e0
    back = json.loads(text)["jeu"][0]
    assert back == {"severity": "question", "rule": "GJ-D-X", "component": "maillot à pois",
                    "message": "décidé : « oui »", "file": "règles.yaml", "line": 2}


def test_as_text_and_summary(shipped):
    text = as_text("green-jersey", shipped)
    lines = text.splitlines()
    assert lines[:-1] == [f.render() for f in shipped]
    n = len(shipped)
    assert lines[-1] == f"green-jersey: 0 errors, 0 warnings, {n} questions"
    one_each = [error("R", "c", "m", Location("f", 1)), warning("R", "c", "m", Location("f", 1))]
    assert summary(one_each) == "1 error, 1 warning, 0 questions"


# --- checks added after review ------------------------------------------------------------


def test_sprints_zero_is_fewer_than_the_players(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "  4: [4]", "  4: [0]"))
    f = one(findings, "GJ-SPRINTS")
    assert f.message == "0 sprints is fewer than the 4 players: not everyone would start a sprint"
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "  4: [0]"))


def test_jersey_roles_award_names_no_jersey(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "  award: vert", "  award: verte"))
    f = one(findings, "GJ-JERSEY-ROLES")
    assert f.severity is ERROR
    assert "'verte', which jerseys.yaml does not define" in f.message
    assert_at(f, "rules.yaml", line_in(tmp_path, "rules.yaml", "  award: verte"))


def test_jersey_roles_wildcard_not_marked(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "  wildcard: multicolore", "  wildcard: rouge"))
    f = one(findings, "GJ-JERSEY-ROLES")
    assert f.message == "the wildcard jersey 'rouge' is not marked 'wildcard: true' in jerseys.yaml"
    assert_at(f, "jerseys.yaml")


def test_players_of_game_and_rules_disagree(tmp_path):
    findings = broken(tmp_path, ("game.yaml", "players: {min: 2, max: 6}", "players: {min: 2, max: 5}"))
    f = one(findings, "GJ-PLAYERS")
    assert f.message == "game.yaml says 2-5 players, rules.yaml 2-6"


def test_token_value_disagrees_with_points(tmp_path):
    findings = broken(tmp_path, ("tokens.yaml", "rank: 1, count: 6", "rank: 1, value: 9, count: 6"))
    f = one(findings, "GJ-POINTS-SCALE", "token points-1")
    assert f.message == "the token says 9 points, the rules give 3 for place 1"
    assert_at(f, "tokens.yaml")


def test_duplicate_token_rank(tmp_path):
    findings = broken(tmp_path, ("tokens.yaml", "rank: 3, count: 6", "rank: 2, count: 6"))
    assert of(findings, "GJ-POINTS-SCALE")
    assert "[1, 2, 2]" in one(findings, "GJ-POINTS-SCALE", "scoring").message


def test_sprint_end_needs_more_finishers_than_riders(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "finishers_to_end: 3", "finishers_to_end: 7"))
    f = one(findings, "GJ-SPRINT-END")
    assert f.message == "the sprint ends when 7 riders have crossed, but only 6 race"


def test_duplicate_decision_id(tmp_path):
    findings = broken(tmp_path, ("rules.yaml", "  - id: GJ-D-KEEP", "  - id: GJ-D-DISCARD"))
    f = one(findings, "DECISION-ID")
    assert f.severity is ERROR
    assert "'GJ-D-DISCARD' is used twice" in f.message
